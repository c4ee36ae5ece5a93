//! Accounts in redb, with a unique index on the lower-cased email.

use redb::{ReadTransaction, ReadableTable};

use super::tables::{META, META_NEXT_USER_ID, USER_EMAIL_TO_USER_ID, USER_ID_TO_USER};
use super::{Store, StoreError, record};
use crate::domain::user::{Role, User};

pub struct NewUser {
    /// Already normalized with `normalize_email`.
    pub email: String,
    pub name: String,
    pub role: Role,
    pub password_hash: String,
    pub created_at: i64,
    /// Digits only.
    pub phone: String,
}

#[derive(Debug, thiserror::Error)]
pub enum UserError {
    #[error("an account with this email already exists")]
    EmailTaken,
}

impl Store {
    pub async fn create_user(&self, new: NewUser) -> Result<Result<User, UserError>, StoreError> {
        self.write(move |txn| {
            let mut emails = txn.open_table(USER_EMAIL_TO_USER_ID)?;
            if emails.get(new.email.as_str())?.is_some() {
                return Ok(Err(UserError::EmailTaken));
            }
            let mut meta = txn.open_table(META)?;
            let id = meta.get(META_NEXT_USER_ID)?.map(|v| v.value()).unwrap_or(0) + 1;
            meta.insert(META_NEXT_USER_ID, id)?;
            let user = User {
                id,
                email: new.email,
                name: new.name,
                role: new.role,
                password_hash: new.password_hash,
                token_version: 0,
                created_at: new.created_at,
                phone: new.phone,
            };
            emails.insert(user.email.as_str(), id)?;
            txn.open_table(USER_ID_TO_USER)?
                .insert(id, record::encode(&user)?.as_slice())?;
            Ok(Ok(user))
        })
        .await
    }

    pub async fn user(&self, id: u64) -> Result<Option<User>, StoreError> {
        self.read(move |txn| read_user(txn, id)).await
    }

    pub async fn user_by_email(&self, email: String) -> Result<Option<User>, StoreError> {
        self.read(move |txn| {
            let id = txn
                .open_table(USER_EMAIL_TO_USER_ID)?
                .get(email.as_str())?
                .map(|id| id.value());
            match id {
                Some(id) => read_user(txn, id),
                None => Ok(None),
            }
        })
        .await
    }

    /// How many accounts have `role`.
    pub async fn count_users(&self, role: Role) -> Result<usize, StoreError> {
        self.read(move |txn| {
            let mut count = 0;
            for entry in txn.open_table(USER_ID_TO_USER)?.iter()? {
                let (_, bytes) = entry?;
                if record::decode::<User>(bytes.value())?.role == role {
                    count += 1;
                }
            }
            Ok(count)
        })
        .await
    }
}

fn read_user(txn: &ReadTransaction, id: u64) -> Result<Option<User>, StoreError> {
    txn.open_table(USER_ID_TO_USER)?
        .get(id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}
