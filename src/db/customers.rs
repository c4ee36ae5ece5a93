//! Customer-side records: addresses, password resets, the mail outbox and support
//! messages.

use redb::{ReadableTable, TableDefinition, WriteTransaction};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::tables::*;
use super::{Db, DbError, next_id, record};
use crate::domain::address::{Address, AddressInput, check_address};
use crate::domain::store_profile::SettingError;
use crate::domain::user::User;

/// A pending password reset.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct Reset {
    pub(super) user_id: u64,
    /// Unix seconds.
    pub(super) expires_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mail {
    pub id: u64,
    pub to: String,
    pub subject: String,
    pub body: String,
    /// Unix seconds.
    pub created_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupportMessage {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub message: String,
    /// Unix seconds.
    pub received_at: i64,
}

fn all<T: DeserializeOwned>(
    table: &impl ReadableTable<u64, &'static [u8]>,
) -> Result<Vec<T>, DbError> {
    let mut records = Vec::new();
    for entry in table.iter()? {
        let (_, bytes) = entry?;
        records.push(record::decode::<T>(bytes.value())?);
    }
    Ok(records)
}

/// The newest `limit` records with an id below `before` (any id when `None`), newest
/// first: a page of a list that grows for as long as the shop runs.
fn newest_before<T: DeserializeOwned>(
    table: &impl ReadableTable<u64, &'static [u8]>,
    before: Option<u64>,
    limit: usize,
) -> Result<Vec<T>, DbError> {
    let mut records = Vec::with_capacity(limit.min(256));
    for entry in table.range(..before.unwrap_or(u64::MAX))?.rev().take(limit) {
        let (_, bytes) = entry?;
        records.push(record::decode::<T>(bytes.value())?);
    }
    Ok(records)
}

const ADDRESSES: TableDefinition<'static, u64, &'static [u8]> = ADDRESS_ID_TO_ADDRESS;

impl Db {
    /// A customer's addresses, oldest first.
    pub async fn addresses_of(&self, user_id: u64) -> Result<Vec<Address>, DbError> {
        self.read(move |txn| {
            let addresses: Vec<Address> = all(&txn.open_table(ADDRESSES)?)?;
            Ok(addresses
                .into_iter()
                .filter(|a| a.user_id == user_id)
                .collect())
        })
        .await
    }

    /// Creates (`id` = `None`) or replaces one of the customer's addresses.
    /// `Ok(Ok(None))`: no such address of this customer.
    pub async fn save_address(
        &self,
        user_id: u64,
        id: Option<u64>,
        input: AddressInput,
    ) -> Result<Result<Option<Address>, SettingError>, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(ADDRESSES)?;
            let id = match id {
                Some(id) => {
                    let owned = table
                        .get(id)?
                        .map(|bytes| record::decode::<Address>(bytes.value()))
                        .transpose()?
                        .is_some_and(|address| address.user_id == user_id);
                    if !owned {
                        return Ok(Ok(None));
                    }
                    id
                }
                None => next_id(txn, META_NEXT_ADDRESS_ID)?,
            };
            match check_address(id, user_id, input) {
                Ok(address) => {
                    table.insert(id, record::encode(&address)?.as_slice())?;
                    Ok(Ok(Some(address)))
                }
                Err(refused) => Ok(Err(refused)),
            }
        })
        .await
    }

    /// Whether the customer had that address.
    pub async fn delete_address(&self, user_id: u64, id: u64) -> Result<bool, DbError> {
        self.commit(move |txn| {
            let mut table = txn.open_table(ADDRESSES)?;
            let owned = table
                .get(id)?
                .map(|bytes| record::decode::<Address>(bytes.value()))
                .transpose()?
                .is_some_and(|address| address.user_id == user_id);
            if !owned {
                return Ok(false);
            }
            table.remove(id)?;
            Ok(true)
        })
        .await
    }

    /// Remembers a reset token (by its hash) for `user_id` until `expires_at`.
    pub async fn add_reset_token(
        &self,
        token_hash: String,
        user_id: u64,
        expires_at: i64,
    ) -> Result<(), DbError> {
        self.commit(move |txn| {
            let reset = Reset {
                user_id,
                expires_at,
            };
            txn.open_table(RESET_TOKEN_HASH_TO_RESET)?
                .insert(token_hash.as_str(), record::encode(&reset)?.as_slice())?;
            Ok(())
        })
        .await
    }

    /// Uses a reset token: in one transaction the token is consumed, the password
    /// replaced and the token version raised (revoking every earlier login). `None`
    /// for an unknown, used or expired token.
    pub async fn reset_password(
        &self,
        token_hash: String,
        now: i64,
        password_hash: String,
    ) -> Result<Option<User>, DbError> {
        self.commit(move |txn| {
            let mut resets = txn.open_table(RESET_TOKEN_HASH_TO_RESET)?;
            let reset = resets
                .remove(token_hash.as_str())?
                .map(|bytes| record::decode::<Reset>(bytes.value()))
                .transpose()?;
            // Drop expired tokens of anyone while we are here.
            resets.retain(|_, bytes| {
                record::decode::<Reset>(bytes).is_ok_and(|other| other.expires_at > now)
            })?;
            let Some(reset) = reset.filter(|reset| reset.expires_at > now) else {
                // Commit the clean-up: a used or expired token stays gone.
                return Ok(None);
            };
            let mut users = txn.open_table(USER_ID_TO_USER)?;
            let user = users
                .get(reset.user_id)?
                .map(|bytes| record::decode::<User>(bytes.value()))
                .transpose()?;
            let Some(mut user) = user else {
                return Ok(None);
            };
            user.password_hash = password_hash;
            user.token_version += 1;
            users.insert(user.id, record::encode(&user)?.as_slice())?;
            Ok(Some(user))
        })
        .await
    }

    pub async fn add_to_outbox(
        &self,
        to: String,
        subject: String,
        body: String,
        created_at: i64,
    ) -> Result<(), DbError> {
        let mail = NewMail {
            to,
            subject,
            body,
            created_at,
        };
        // One mail per order when no SMTP server is configured: committed with the
        // orders of the moment instead of an fsync of its own.
        self.group_commit.keep_mail(&self.db, mail).await
    }

    /// A page of the outbox, newest first: the `limit` mails kept before mail `before`
    /// (the newest when `None`).
    pub async fn outbox(&self, before: Option<u64>, limit: usize) -> Result<Vec<Mail>, DbError> {
        self.read(move |txn| newest_before(&txn.open_table(OUTBOX_ID_TO_MAIL)?, before, limit))
            .await
    }

    pub async fn add_support_message(
        &self,
        message: SupportMessage,
    ) -> Result<SupportMessage, DbError> {
        self.commit(move |txn| {
            let id = next_id(txn, META_NEXT_SUPPORT_ID)?;
            let message = SupportMessage { id, ..message };
            txn.open_table(SUPPORT_ID_TO_MESSAGE)?
                .insert(id, record::encode(&message)?.as_slice())?;
            Ok(message)
        })
        .await
    }

    /// Support messages, newest first.
    /// A page of the contact messages, newest first: the `limit` received before
    /// message `before` (the newest when `None`).
    pub async fn support_messages(
        &self,
        before: Option<u64>,
        limit: usize,
    ) -> Result<Vec<SupportMessage>, DbError> {
        self.read(move |txn| newest_before(&txn.open_table(SUPPORT_ID_TO_MESSAGE)?, before, limit))
            .await
    }
}

/// A mail for the outbox, before it has an id.
pub(super) struct NewMail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
}

pub(super) fn insert_mail(txn: &WriteTransaction, mail: NewMail) -> Result<(), DbError> {
    let NewMail {
        to,
        subject,
        body,
        created_at,
    } = mail;
    let id = next_id(txn, META_NEXT_MAIL_ID)?;
    let mail = Mail {
        id,
        to,
        subject,
        body,
        created_at,
    };
    txn.open_table(OUTBOX_ID_TO_MAIL)?
        .insert(id, record::encode(&mail)?.as_slice())?;
    Ok(())
}
