//! Accounts in redb, with a unique index on the lower-cased email.

use redb::{ReadTransaction, ReadableTable, WriteTransaction};

use super::tables::{META_NEXT_USER_ID, USER_EMAIL_TO_USER_ID, USER_ID_TO_USER};
use super::{Db, DbError, next_id, record};
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
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

impl PublicError for UserError {
    fn code(&self) -> ErrorCode {
        ErrorCode::EmailTaken
    }

    fn status(&self) -> ErrorStatus {
        ErrorStatus::Conflict
    }

    fn detail(&self) -> String {
        "An account with this email already exists.".into()
    }
}

/// Why an admin account could not be changed.
#[derive(Debug, thiserror::Error)]
pub enum AdminChangeError {
    #[error("there is no admin account with this email")]
    NoSuchAdmin,
    #[error("this is the only admin account; create another admin first")]
    LastAdmin,
}

impl Db {
    pub async fn create_user(&self, new: NewUser) -> Result<Result<User, UserError>, DbError> {
        self.write(move |txn| {
            let mut emails = txn.open_table(USER_EMAIL_TO_USER_ID)?;
            if emails.get(new.email.as_str())?.is_some() {
                return Ok(Err(UserError::EmailTaken));
            }
            let id = next_id(txn, META_NEXT_USER_ID)?;
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

    pub async fn user(&self, id: u64) -> Result<Option<User>, DbError> {
        self.read(move |txn| read_user(txn, id)).await
    }

    pub async fn user_by_email(&self, email: String) -> Result<Option<User>, DbError> {
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

    /// The accounts with `role`, oldest first.
    pub async fn users_with_role(&self, role: Role) -> Result<Vec<User>, DbError> {
        self.read(move |txn| {
            let mut users = Vec::new();
            for entry in txn.open_table(USER_ID_TO_USER)?.iter()? {
                let user: User = record::decode(entry?.1.value())?;
                if user.role == role {
                    users.push(user);
                }
            }
            Ok(users)
        })
        .await
    }

    /// Sets an admin's password and ends all of their sessions.
    pub async fn set_admin_password(
        &self,
        email: String,
        password_hash: String,
    ) -> Result<Result<User, AdminChangeError>, DbError> {
        self.write(move |txn| {
            let Some(mut user) = admin_by_email(txn, &email)? else {
                return Ok(Err(AdminChangeError::NoSuchAdmin));
            };
            user.password_hash = password_hash;
            user.token_version += 1;
            txn.open_table(USER_ID_TO_USER)?
                .insert(user.id, record::encode(&user)?.as_slice())?;
            Ok(Ok(user))
        })
        .await
    }

    /// Changes an account's name and phone; `None` when there is no such account.
    pub async fn update_profile(
        &self,
        user_id: u64,
        name: String,
        phone: String,
    ) -> Result<Option<User>, DbError> {
        self.change_user(user_id, move |user| {
            user.name = name;
            user.phone = phone;
        })
        .await
    }

    /// Sets an account's password and ends every session of it (the caller hands the
    /// current one a new token); `None` when there is no such account.
    pub async fn change_password(
        &self,
        user_id: u64,
        password_hash: String,
    ) -> Result<Option<User>, DbError> {
        self.change_user(user_id, move |user| {
            user.password_hash = password_hash;
            user.token_version += 1;
        })
        .await
    }

    async fn change_user(
        &self,
        user_id: u64,
        change: impl FnOnce(&mut User) + Send + 'static,
    ) -> Result<Option<User>, DbError> {
        self.commit(move |txn| {
            let mut users = txn.open_table(USER_ID_TO_USER)?;
            let Some(mut user) = users
                .get(user_id)?
                .map(|bytes| record::decode::<User>(bytes.value()))
                .transpose()?
            else {
                return Ok(None);
            };
            change(&mut user);
            users.insert(user.id, record::encode(&user)?.as_slice())?;
            Ok(Some(user))
        })
        .await
    }

    /// Deletes an admin account, never the last one (the shop would be unmanageable).
    pub async fn delete_admin(
        &self,
        email: String,
    ) -> Result<Result<User, AdminChangeError>, DbError> {
        self.write(move |txn| {
            let Some(user) = admin_by_email(txn, &email)? else {
                return Ok(Err(AdminChangeError::NoSuchAdmin));
            };
            let mut admins = 0;
            for entry in txn.open_table(USER_ID_TO_USER)?.iter()? {
                if record::decode::<User>(entry?.1.value())?.role == Role::Admin {
                    admins += 1;
                }
            }
            if admins <= 1 {
                return Ok(Err(AdminChangeError::LastAdmin));
            }
            txn.open_table(USER_ID_TO_USER)?.remove(user.id)?;
            txn.open_table(USER_EMAIL_TO_USER_ID)?
                .remove(user.email.as_str())?;
            Ok(Ok(user))
        })
        .await
    }

    /// How many accounts have `role`.
    pub async fn count_users(&self, role: Role) -> Result<usize, DbError> {
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

fn admin_by_email(txn: &WriteTransaction, email: &str) -> Result<Option<User>, DbError> {
    let id = txn
        .open_table(USER_EMAIL_TO_USER_ID)?
        .get(email)?
        .map(|id| id.value());
    let Some(id) = id else {
        return Ok(None);
    };
    let user: Option<User> = txn
        .open_table(USER_ID_TO_USER)?
        .get(id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()?;
    Ok(user.filter(|user| user.role == Role::Admin))
}

fn read_user(txn: &ReadTransaction, id: u64) -> Result<Option<User>, DbError> {
    txn.open_table(USER_ID_TO_USER)?
        .get(id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}
