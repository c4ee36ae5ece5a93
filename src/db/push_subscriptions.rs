//! Web Push subscriptions (`domain::push`): the browsers following an order, kept with
//! the order's id until it ends, and the staff's browsers for the board, by endpoint.

use redb::{ReadableTable, WriteTransaction};

use super::catalog::OpenTables;
use super::tables::{ORDER_ID_TO_PUSH, PUSH_ENDPOINT_TO_STAFF};
use super::{Db, DbError, record};
use crate::domain::push::{PUSH_PER_ORDER, PUSH_PER_STAFF, PushSubscription, StaffPush};

/// The browsers following an order, in a read or a write transaction.
fn order_subscriptions(
    txn: &impl OpenTables,
    order_id: u64,
) -> Result<Vec<PushSubscription>, DbError> {
    Ok(txn
        .record::<Vec<PushSubscription>>(ORDER_ID_TO_PUSH, order_id)?
        .unwrap_or_default())
}

fn put_order_subscriptions(
    txn: &WriteTransaction,
    order_id: u64,
    subscriptions: &[PushSubscription],
) -> Result<(), DbError> {
    let mut table = txn.open_table(ORDER_ID_TO_PUSH)?;
    if subscriptions.is_empty() {
        table.remove(order_id)?;
    } else {
        table.insert(order_id, record::encode(&subscriptions)?.as_slice())?;
    }
    Ok(())
}

impl Db {
    /// Adds a browser to an order's followers (the same endpoint again replaces its
    /// keys); with [`PUSH_PER_ORDER`] already there, the oldest makes room.
    pub async fn follow_order_by_push(
        &self,
        order_id: u64,
        subscription: PushSubscription,
    ) -> Result<(), DbError> {
        self.write(move |txn| {
            let mut subscriptions = order_subscriptions(txn, order_id)?;
            subscriptions.retain(|known| known.endpoint != subscription.endpoint);
            while subscriptions.len() >= PUSH_PER_ORDER {
                subscriptions.remove(0);
            }
            subscriptions.push(subscription);
            put_order_subscriptions(txn, order_id, &subscriptions)?;
            Ok(Ok::<(), DbError>(()))
        })
        .await?
    }

    /// Removes one browser from an order's followers (`None`: all of them, when the
    /// order ended). Answers whether one was there.
    pub async fn unfollow_order_by_push(
        &self,
        order_id: u64,
        endpoint: Option<String>,
    ) -> Result<bool, DbError> {
        self.write(move |txn| {
            let mut subscriptions = order_subscriptions(txn, order_id)?;
            let before = subscriptions.len();
            match &endpoint {
                Some(endpoint) => subscriptions.retain(|known| &known.endpoint != endpoint),
                None => subscriptions.clear(),
            }
            put_order_subscriptions(txn, order_id, &subscriptions)?;
            Ok(Ok::<bool, DbError>(subscriptions.len() != before))
        })
        .await?
    }

    /// The browsers following an order.
    pub async fn order_push_subscriptions(
        &self,
        order_id: u64,
    ) -> Result<Vec<PushSubscription>, DbError> {
        self.read(move |txn| order_subscriptions(txn, order_id))
            .await
    }

    /// Adds a staff member's browser for the board (an endpoint belongs to one
    /// account: the last to subscribe it); with [`PUSH_PER_STAFF`] of theirs already
    /// there, their oldest makes room.
    pub async fn add_staff_push(&self, staff: StaffPush) -> Result<(), DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(PUSH_ENDPOINT_TO_STAFF)?;
            let mut theirs = Vec::new();
            for entry in table.iter()? {
                let (endpoint, value) = entry?;
                let known: StaffPush = record::decode(value.value())?;
                if known.user_id == staff.user_id && endpoint.value() != staff.subscription.endpoint
                {
                    theirs.push((known.subscription.created_at, endpoint.value().to_string()));
                }
            }
            theirs.sort();
            let excess = (theirs.len() + 1).saturating_sub(PUSH_PER_STAFF);
            for (_, endpoint) in theirs.into_iter().take(excess) {
                table.remove(endpoint.as_str())?;
            }
            table.insert(
                staff.subscription.endpoint.as_str(),
                record::encode(&staff)?.as_slice(),
            )?;
            Ok(Ok::<(), DbError>(()))
        })
        .await?
    }

    /// Removes a browser from the board's push (`user_id` `Some`: only if it is that
    /// member's). Answers whether it was there.
    pub async fn remove_staff_push(
        &self,
        endpoint: String,
        user_id: Option<u64>,
    ) -> Result<bool, DbError> {
        self.write(move |txn| {
            let mut table = txn.open_table(PUSH_ENDPOINT_TO_STAFF)?;
            let owner = table
                .get(endpoint.as_str())?
                .map(|bytes| record::decode::<StaffPush>(bytes.value()))
                .transpose()?
                .map(|known| known.user_id);
            let removed = match (owner, user_id) {
                (Some(owner), Some(user_id)) if owner != user_id => false,
                (Some(_), _) => table.remove(endpoint.as_str())?.is_some(),
                (None, _) => false,
            };
            Ok(Ok::<bool, DbError>(removed))
        })
        .await?
    }

    /// Every staff browser subscribed for the board.
    pub async fn staff_pushes(&self) -> Result<Vec<StaffPush>, DbError> {
        self.read(|txn| {
            let table = txn.open_table(PUSH_ENDPOINT_TO_STAFF)?;
            let mut all = Vec::new();
            for entry in table.iter()? {
                let (_, value) = entry?;
                all.push(record::decode::<StaffPush>(value.value())?);
            }
            Ok(all)
        })
        .await
    }
}
