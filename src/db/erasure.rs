//! Erasing personal data while keeping the tax records. Guest orders wait in
//! `GUEST_ORDER_CREATED_AND_ID` until they are old enough and finished; each is then
//! anonymised once (with its Idempotency-Key entry, whose hash was made from the
//! customer's data) and leaves the queue. Contact messages and kept mails are deleted
//! whole once old enough. A customer who deletes the account takes the account, its
//! addresses, reset links, kept mails and contact messages along, and their orders are
//! anonymised like a guest's.

use std::ops::Bound;

use chrono::{DateTime, Utc};
use redb::{ReadableTable, TableDefinition, WriteTransaction};

use super::customers::{Mail, Reset, SupportMessage};
use super::orders::{IdempotencyRecord, idempotency_scope_range, read_order, write_order};
use super::tables::*;
use super::{Db, DbError, record};
use crate::domain::address::Address;
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use crate::domain::order::Order;
use crate::domain::order::placing::IdempotencyKey;
use crate::domain::user::{Role, User};

/// A place in the queue of guest orders: (created at in Unix seconds, order id).
pub type QueueKey = (i64, u64);

/// What one batch of the guest-order erasure did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GuestBatch {
    pub anonymised: usize,
    /// Where the next batch goes on; `None` once every due order was looked at.
    pub next: Option<QueueKey>,
}

/// Why an account was not deleted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountDeletionRefusal {
    #[error("Please log in: this needs a valid access token.")]
    NoSuchAccount,
    /// The restaurant's accounts are removed by its owner.
    #[error(
        "The restaurant's accounts are removed by its owner (Admin → Accounts, or heimservice admin delete)."
    )]
    Restaurant,
    /// The kitchen is still working on this order; its data is needed until it is done.
    #[error(
        "You have an open order (no. {number}). You can delete your account once it is completed."
    )]
    OpenOrder { number: u32 },
}

impl PublicError for AccountDeletionRefusal {
    fn code(&self) -> ErrorCode {
        match self {
            AccountDeletionRefusal::NoSuchAccount => ErrorCode::Unauthorized,
            AccountDeletionRefusal::Restaurant => ErrorCode::Forbidden,
            AccountDeletionRefusal::OpenOrder { .. } => ErrorCode::OpenOrder,
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            AccountDeletionRefusal::NoSuchAccount => ErrorStatus::Unauthorized,
            AccountDeletionRefusal::Restaurant => ErrorStatus::Forbidden,
            AccountDeletionRefusal::OpenOrder { .. } => ErrorStatus::Conflict,
        }
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            AccountDeletionRefusal::OpenOrder { number } => vec![("number", number.to_string())],
            _ => Vec::new(),
        }
    }
}

/// Adds a new guest order to the queue.
pub(super) fn queue_guest_order(
    txn: &WriteTransaction,
    order: &Order,
    idempotency_key: Option<&str>,
) -> Result<(), DbError> {
    txn.open_table(GUEST_ORDER_CREATED_AND_ID)?.insert(
        (order.created_at.timestamp(), order.id),
        idempotency_key.unwrap_or(""),
    )?;
    Ok(())
}

/// The schema step that starts the queue: every guest order placed so far.
pub(super) fn queue_existing_guest_orders(txn: &WriteTransaction) -> Result<(), DbError> {
    let mut keys = std::collections::HashMap::new();
    for entry in txn.open_table(IDEMPOTENCY_KEY_TO_ORDER)?.iter()? {
        let (key, bytes) = entry?;
        let earlier: IdempotencyRecord = record::decode(bytes.value())?;
        keys.insert(earlier.order_id, key.value().to_string());
    }
    let mut guests = Vec::new();
    for entry in txn.open_table(ORDER_ID_TO_ORDER)?.iter()? {
        let order: Order = record::decode(entry?.1.value())?;
        if order.user_id.is_none() && order.anonymised_at.is_none() {
            guests.push(order);
        }
    }
    for order in guests {
        queue_guest_order(txn, &order, keys.get(&order.id).map(String::as_str))?;
    }
    Ok(())
}

/// Anonymises a stored order and drops its Idempotency-Key entry.
fn anonymise_stored(
    txn: &WriteTransaction,
    before: &Order,
    idempotency_key: &str,
    now: DateTime<Utc>,
) -> Result<(), DbError> {
    let mut order = before.clone();
    if order.anonymise(now) {
        write_order(txn, Some(before), &order, now)?;
    }
    if !idempotency_key.is_empty() {
        txn.open_table(IDEMPOTENCY_KEY_TO_ORDER)?
            .remove(idempotency_key)?;
    }
    Ok(())
}

fn anonymise_guest_batch(
    txn: &WriteTransaction,
    before: DateTime<Utc>,
    after: Option<QueueKey>,
    limit: usize,
    now: DateTime<Utc>,
) -> Result<GuestBatch, DbError> {
    let start = after.map_or(Bound::Unbounded, Bound::Excluded);
    let end = Bound::Excluded((before.timestamp(), 0));
    let mut due = Vec::new();
    {
        let queue = txn.open_table(GUEST_ORDER_CREATED_AND_ID)?;
        for entry in queue.range::<QueueKey>((start, end))?.take(limit) {
            let (key, idempotency_key) = entry?;
            due.push((key.value(), idempotency_key.value().to_string()));
        }
    }
    let mut batch = GuestBatch {
        anonymised: 0,
        next: (due.len() == limit)
            .then(|| due.last().map(|(key, _)| *key))
            .flatten(),
    };
    for (key, idempotency_key) in due {
        let order = read_order(txn, key.1)?;
        // An order the kitchen has not finished keeps its data (and its place).
        if order.as_ref().is_some_and(|order| order.status.is_open()) {
            continue;
        }
        if let Some(order) = &order {
            anonymise_stored(txn, order, &idempotency_key, now)?;
            batch.anonymised += 1;
        }
        txn.open_table(GUEST_ORDER_CREATED_AND_ID)?.remove(key)?;
    }
    Ok(batch)
}

/// Deletes up to `limit` of the oldest records of `table` stamped before `before`
/// (Unix seconds); ids grow with time, so the scan stops at the first newer one.
fn delete_oldest(
    txn: &WriteTransaction,
    table: TableDefinition<'static, u64, &'static [u8]>,
    stamp: fn(&[u8]) -> Result<i64, DbError>,
    before: i64,
    limit: usize,
) -> Result<usize, DbError> {
    let mut old = Vec::new();
    {
        let records = txn.open_table(table)?;
        for entry in records.iter()?.take(limit) {
            let (id, bytes) = entry?;
            if stamp(bytes.value())? >= before {
                break;
            }
            old.push(id.value());
        }
    }
    let mut records = txn.open_table(table)?;
    for id in &old {
        records.remove(id)?;
    }
    Ok(old.len())
}

fn mail_stamp(bytes: &[u8]) -> Result<i64, DbError> {
    Ok(record::decode::<Mail>(bytes)?.created_at)
}

fn support_stamp(bytes: &[u8]) -> Result<i64, DbError> {
    Ok(record::decode::<SupportMessage>(bytes)?.received_at)
}

fn delete_customer_in(
    txn: &WriteTransaction,
    user_id: u64,
    now: DateTime<Utc>,
) -> Result<Result<usize, AccountDeletionRefusal>, DbError> {
    let user: Option<User> = txn
        .open_table(USER_ID_TO_USER)?
        .get(user_id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()?;
    let Some(user) = user else {
        return Ok(Err(AccountDeletionRefusal::NoSuchAccount));
    };
    if user.role != Role::Customer {
        return Ok(Err(AccountDeletionRefusal::Restaurant));
    }
    let mut order_ids = Vec::new();
    for entry in txn
        .open_table(ORDER_USER_AND_ID)?
        .range((user_id, 0)..=(user_id, u64::MAX))?
    {
        order_ids.push(entry?.0.value().1);
    }
    let mut orders = Vec::new();
    for &id in &order_ids {
        if let Some(order) = read_order(txn, id)? {
            if order.status.is_open() {
                return Ok(Err(AccountDeletionRefusal::OpenOrder {
                    number: order.number,
                }));
            }
            orders.push(order);
        }
    }
    for order in &orders {
        anonymise_stored(txn, order, "", now)?;
    }
    {
        let mut by_user = txn.open_table(ORDER_USER_AND_ID)?;
        for id in order_ids {
            by_user.remove((user_id, id))?;
        }
    }
    // The keys of this customer's checkouts.
    let keys = idempotency_scope_range(&IdempotencyKey::user_scope(user_id));
    txn.open_table(IDEMPOTENCY_KEY_TO_ORDER)?
        .retain_in::<&str, _>(keys.start.as_str()..keys.end.as_str(), |_, _| false)?;
    txn.open_table(ADDRESS_ID_TO_ADDRESS)?.retain(|_, bytes| {
        record::decode::<Address>(bytes).map_or(true, |address| address.user_id != user_id)
    })?;
    txn.open_table(RESET_TOKEN_HASH_TO_RESET)?
        .retain(|_, bytes| record::decode::<Reset>(bytes).map_or(true, |r| r.user_id != user_id))?;
    let email = user.email.as_str();
    txn.open_table(OUTBOX_ID_TO_MAIL)?.retain(|_, bytes| {
        record::decode::<Mail>(bytes).map_or(true, |mail| !mail.to.eq_ignore_ascii_case(email))
    })?;
    txn.open_table(SUPPORT_ID_TO_MESSAGE)?.retain(|_, bytes| {
        record::decode::<SupportMessage>(bytes)
            .map_or(true, |message| !message.email.eq_ignore_ascii_case(email))
    })?;
    txn.open_table(USER_EMAIL_TO_USER_ID)?.remove(email)?;
    txn.open_table(USER_ID_TO_USER)?.remove(user_id)?;
    Ok(Ok(orders.len()))
}

impl Db {
    /// Anonymises up to `limit` finished guest orders created before `before`, going on
    /// after `after` in the queue; one write transaction.
    pub async fn anonymise_guest_orders(
        &self,
        before: DateTime<Utc>,
        after: Option<QueueKey>,
        limit: usize,
        now: DateTime<Utc>,
    ) -> Result<GuestBatch, DbError> {
        self.commit(move |txn| anonymise_guest_batch(txn, before, after, limit, now))
            .await
    }

    /// Deletes up to `limit` of the oldest contact messages received before `before`
    /// (Unix seconds); answers how many.
    pub async fn delete_support_messages_before(
        &self,
        before: i64,
        limit: usize,
    ) -> Result<usize, DbError> {
        self.commit(move |txn| {
            delete_oldest(txn, SUPPORT_ID_TO_MESSAGE, support_stamp, before, limit)
        })
        .await
    }

    /// Deletes up to `limit` of the oldest kept mails written before `before` (Unix
    /// seconds); answers how many.
    pub async fn delete_outbox_before(&self, before: i64, limit: usize) -> Result<usize, DbError> {
        self.commit(move |txn| delete_oldest(txn, OUTBOX_ID_TO_MAIL, mail_stamp, before, limit))
            .await
    }

    /// Deletes a customer's account with everything that names them, and anonymises
    /// their orders (amounts and VAT stay); answers how many orders. Refused while one
    /// of their orders is open. One transaction: all of it or nothing.
    pub async fn delete_customer(
        &self,
        user_id: u64,
        now: DateTime<Utc>,
    ) -> Result<Result<usize, AccountDeletionRefusal>, DbError> {
        self.write(move |txn| delete_customer_in(txn, user_id, now))
            .await
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use redb::{Database, ReadableDatabase};

    use super::*;
    use crate::db::migrations::{STEPS, migrate_with};
    use crate::domain::erasure::{ANONYMISED, sample_order};
    use crate::domain::order::OrderStatus;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 11, minute, 0).unwrap()
    }

    fn guest_order(id: u64, status: OrderStatus) -> Order {
        let mut order = sample_order(id, at(id as u32));
        order.user_id = None;
        order.status = status;
        order
    }

    fn database(steps: &[super::super::migrations::Step]) -> (tempfile::TempDir, Database) {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate_with(&db, steps).unwrap();
        (dir, db)
    }

    fn queued(db: &Database) -> Vec<(QueueKey, String)> {
        let txn = db.begin_read().unwrap();
        let queue = txn.open_table(GUEST_ORDER_CREATED_AND_ID).unwrap();
        queue
            .iter()
            .unwrap()
            .map(|entry| {
                let (key, value) = entry.unwrap();
                (key.value(), value.value().to_string())
            })
            .collect()
    }

    fn stored(db: &Database, id: u64) -> Order {
        let txn = db.begin_read().unwrap();
        let order: Option<Order> = txn
            .open_table(ORDER_ID_TO_ORDER)
            .unwrap()
            .get(id)
            .unwrap()
            .map(|bytes| record::decode(bytes.value()).unwrap());
        order.unwrap()
    }

    #[test]
    fn batches_are_bounded_go_on_where_they_stopped_and_leave_open_orders() {
        let (_dir, db) = database(STEPS);
        let txn = db.begin_write().unwrap();
        for id in 1..=5 {
            let status = if id == 2 {
                OrderStatus::Preparing
            } else {
                OrderStatus::Completed
            };
            let order = guest_order(id, status);
            write_order(&txn, None, &order, at(1)).unwrap();
            queue_guest_order(&txn, &order, None).unwrap();
        }
        txn.commit().unwrap();
        let due_before = at(59);
        let now = at(59) + chrono::Duration::days(91);

        let mut batches = Vec::new();
        let mut after = None;
        loop {
            let txn = db.begin_write().unwrap();
            let batch = anonymise_guest_batch(&txn, due_before, after, 2, now).unwrap();
            txn.commit().unwrap();
            batches.push(batch.anonymised);
            match batch.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(batches, [1, 2, 1], "two looked at per batch; 2 is open");
        assert_eq!(
            queued(&db).iter().map(|(key, _)| key.1).collect::<Vec<_>>(),
            [2],
            "the open order waits in the queue"
        );
        assert_eq!(stored(&db, 2).anonymised_at, None);
        assert_eq!(stored(&db, 4).customer.customer_name, ANONYMISED);

        // Orders placed at or after the cutoff are not due yet.
        let txn = db.begin_write().unwrap();
        let mut late = guest_order(6, OrderStatus::Completed);
        late.created_at = at(59);
        write_order(&txn, None, &late, at(59)).unwrap();
        queue_guest_order(&txn, &late, None).unwrap();
        let batch = anonymise_guest_batch(&txn, at(59), None, 10, now).unwrap();
        txn.commit().unwrap();
        assert_eq!(batch, GuestBatch::default());
        assert_eq!(stored(&db, 6).anonymised_at, None);
    }

    #[test]
    fn the_schema_step_queues_the_guest_orders_placed_before_it() {
        let (_dir, db) = database(&STEPS[..7]);
        let txn = db.begin_write().unwrap();
        let guest = guest_order(1, OrderStatus::Completed);
        let customer = sample_order(2, at(2));
        let earlier_guest = guest_order(3, OrderStatus::Rejected);
        for order in [&guest, &customer, &earlier_guest] {
            write_order(&txn, None, order, at(2)).unwrap();
        }
        let entry = serde_json::json!({"order_id": 1, "request_hash": "ab"});
        txn.open_table(IDEMPOTENCY_KEY_TO_ORDER)
            .unwrap()
            .insert("guest:k-1", record::encode(&entry).unwrap().as_slice())
            .unwrap();
        txn.commit().unwrap();

        migrate_with(&db, STEPS).unwrap();
        assert_eq!(
            queued(&db),
            [
                ((at(1).timestamp(), 1), "guest:k-1".to_string()),
                ((at(3).timestamp(), 3), String::new()),
            ]
        );
    }
}
