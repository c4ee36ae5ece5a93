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

/// Why a restaurant account (owner or staff) could not be changed.
#[derive(Debug, thiserror::Error)]
pub enum AccountChangeError {
    #[error("there is no owner or staff account with this id or email")]
    NoSuchAccount,
    #[error("this is the only owner account; create another owner first")]
    LastOwner,
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

    /// The restaurant's accounts (owners and staff), oldest first.
    pub async fn restaurant_accounts(&self) -> Result<Vec<User>, DbError> {
        self.read(move |txn| {
            let mut users = Vec::new();
            for entry in txn.open_table(USER_ID_TO_USER)?.iter()? {
                let user: User = record::decode(entry?.1.value())?;
                if user.role.is_restaurant() {
                    users.push(user);
                }
            }
            Ok(users)
        })
        .await
    }

    /// Sets a restaurant account's password and ends all of its sessions.
    pub async fn set_restaurant_password(
        &self,
        id: u64,
        password_hash: String,
    ) -> Result<Result<User, AccountChangeError>, DbError> {
        self.write(move |txn| {
            let Some(mut user) = restaurant_account(txn, id)? else {
                return Ok(Err(AccountChangeError::NoSuchAccount));
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

    /// Deletes a restaurant account, never the last owner (the shop would be
    /// unmanageable). The orders it answered keep its name in their history.
    pub async fn delete_restaurant_account(
        &self,
        id: u64,
    ) -> Result<Result<User, AccountChangeError>, DbError> {
        self.write(move |txn| {
            let Some(user) = restaurant_account(txn, id)? else {
                return Ok(Err(AccountChangeError::NoSuchAccount));
            };
            if user.role == Role::Owner {
                let mut owners = 0;
                for entry in txn.open_table(USER_ID_TO_USER)?.iter()? {
                    if record::decode::<User>(entry?.1.value())?.role == Role::Owner {
                        owners += 1;
                    }
                }
                if owners <= 1 {
                    return Ok(Err(AccountChangeError::LastOwner));
                }
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

fn restaurant_account(txn: &WriteTransaction, id: u64) -> Result<Option<User>, DbError> {
    let user: Option<User> = txn
        .open_table(USER_ID_TO_USER)?
        .get(id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()?;
    Ok(user.filter(|user| user.role.is_restaurant()))
}

fn read_user(txn: &ReadTransaction, id: u64) -> Result<Option<User>, DbError> {
    txn.open_table(USER_ID_TO_USER)?
        .get(id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}
