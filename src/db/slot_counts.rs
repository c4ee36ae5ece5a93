//! How many pre-orders each 15-minute slot holds, for delivery and for pickup
//! (`orders.slot_capacity_*`): a count per (slot start, order type), changed by
//! `orders.rs::write_order` in each order's own transaction, so placing an order reads
//! the count of exactly the orders committed before it, those of its own batch
//! included. Only pre-orders count; a rejected or cancelled one frees its place.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use redb::{ReadableTable, WriteTransaction};

use super::tables::SLOT_AND_TYPE_TO_COUNT;
use super::{Db, DbError, record};
use crate::domain::order::{Order, OrderStatus, OrderType};
use crate::domain::preorder::capacity_slot;

fn type_key(order_type: OrderType) -> u8 {
    match order_type {
        OrderType::Delivery => 0,
        OrderType::Pickup => 1,
        // Never pre-ordered: takes no place.
        OrderType::DineIn => 2,
    }
}

/// The slot `order` takes a place in, if it takes one.
fn place_of(order: &Order) -> Option<(i64, u8)> {
    let at = order.preorder_at?;
    if matches!(order.status, OrderStatus::Rejected | OrderStatus::Cancelled) {
        return None;
    }
    Some((capacity_slot(at), type_key(order.order_type)))
}

fn add(txn: &WriteTransaction, key: (i64, u8), by: i64) -> Result<(), DbError> {
    record::add_to_count(&mut txn.open_table(SLOT_AND_TYPE_TO_COUNT)?, &key, by)
}

/// Follows the change of one order (`before` is `None` for a new one).
pub(super) fn follow_order(
    txn: &WriteTransaction,
    before: Option<&Order>,
    order: &Order,
) -> Result<(), DbError> {
    let old = before.and_then(place_of);
    let new = place_of(order);
    if old == new {
        return Ok(());
    }
    if let Some(key) = old {
        add(txn, key, -1)?;
    }
    if let Some(key) = new {
        add(txn, key, 1)?;
    }
    Ok(())
}

/// How many pre-orders of `order_type` the slot of `at` holds.
pub(super) fn taken(
    txn: &WriteTransaction,
    at: DateTime<Utc>,
    order_type: OrderType,
) -> Result<u32, DbError> {
    Ok(txn
        .open_table(SLOT_AND_TYPE_TO_COUNT)?
        .get((capacity_slot(at), type_key(order_type)))?
        .map_or(0, |count| count.value()))
}

/// The counts of `order_type` in the slots from `from` to `to` (slot starts in seconds).
fn counts_in(
    table: &impl ReadableTable<(i64, u8), u32>,
    order_type: OrderType,
    from: i64,
    to: i64,
) -> Result<BTreeMap<i64, u32>, DbError> {
    let wanted = type_key(order_type);
    let mut counts = BTreeMap::new();
    for entry in table.range((from, 0)..=(to, u8::MAX))? {
        let (key, count) = entry?;
        let (slot, kind) = key.value();
        if kind == wanted {
            counts.insert(slot, count.value());
        }
    }
    Ok(counts)
}

/// Of `candidates`, the first `limit` whose slot has room for another order of
/// `order_type` (within `txn`, before anything of it is written).
pub(super) fn free_among(
    txn: &WriteTransaction,
    order_type: OrderType,
    capacity: u32,
    candidates: &[DateTime<Utc>],
    limit: usize,
) -> Result<Vec<DateTime<Utc>>, DbError> {
    let (Some(first), Some(last)) = (candidates.first(), candidates.last()) else {
        return Ok(Vec::new());
    };
    let table = txn.open_table(SLOT_AND_TYPE_TO_COUNT)?;
    let counts = counts_in(
        &table,
        order_type,
        capacity_slot(*first),
        capacity_slot(*last),
    )?;
    Ok(candidates
        .iter()
        .filter(|at| counts.get(&capacity_slot(**at)).copied().unwrap_or(0) < capacity)
        .take(limit)
        .copied()
        .collect())
}

/// The schema step that starts the counts: every pre-order so far, once.
pub(super) fn count_existing_orders(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.delete_table(SLOT_AND_TYPE_TO_COUNT)?;
    let mut counts: BTreeMap<(i64, u8), u32> = BTreeMap::new();
    {
        let orders = txn.open_table(super::tables::ORDER_ID_TO_ORDER)?;
        for entry in orders.iter()? {
            let order: Order = record::decode(entry?.1.value())?;
            if let Some(key) = place_of(&order) {
                *counts.entry(key).or_default() += 1;
            }
        }
    }
    let mut table = txn.open_table(SLOT_AND_TYPE_TO_COUNT)?;
    for (key, count) in counts {
        table.insert(key, count)?;
    }
    Ok(())
}

impl Db {
    /// The slot starts (seconds) from `from` to `to` that hold `capacity` pre-orders of
    /// `order_type` or more.
    pub async fn full_slots(
        &self,
        order_type: OrderType,
        capacity: u32,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<BTreeSet<i64>, DbError> {
        if capacity == 0 {
            return Ok(BTreeSet::new());
        }
        self.read(move |txn| {
            let table = match txn.open_table(SLOT_AND_TYPE_TO_COUNT) {
                Ok(table) => table,
                Err(redb::TableError::TableDoesNotExist(_)) => return Ok(BTreeSet::new()),
                Err(error) => return Err(error.into()),
            };
            let counts = counts_in(&table, order_type, capacity_slot(from), capacity_slot(to))?;
            Ok(counts
                .into_iter()
                .filter(|(_, count)| *count >= capacity)
                .map(|(slot, _)| slot)
                .collect())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, TimeZone, Utc};
    use redb::{Database, ReadableDatabase};

    use super::*;
    use crate::db::migrations::{STEPS, migrate, migrate_with};
    use crate::domain::erasure::sample_order;

    fn at(hour: u32, minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, hour, minute, 0).unwrap()
    }

    fn preorder(id: u64, order_type: OrderType, time: Option<DateTime<Utc>>) -> Order {
        let mut order = sample_order(id, at(6, 0));
        order.order_type = order_type;
        order.preorder_at = time;
        order
    }

    fn counts(db: &Database) -> Vec<((i64, u8), u32)> {
        let txn = db.begin_read().unwrap();
        let table = txn.open_table(SLOT_AND_TYPE_TO_COUNT).unwrap();
        table
            .iter()
            .unwrap()
            .map(|entry| {
                let (key, count) = entry.unwrap();
                (key.value(), count.value())
            })
            .collect()
    }

    fn slot(hour: u32, minute: u32) -> i64 {
        at(hour, minute).timestamp()
    }

    #[test]
    fn the_upgrade_counts_the_preorders_stored_before_it() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate_with(&db, &STEPS[..16]).unwrap();
        let mut rejected = preorder(4, OrderType::Delivery, Some(at(12, 0)));
        rejected.status = OrderStatus::Rejected;
        let orders = [
            preorder(1, OrderType::Delivery, Some(at(12, 0))),
            // 12:10 is in the quarter hour of 12:00.
            preorder(2, OrderType::Delivery, Some(at(12, 10))),
            preorder(3, OrderType::Pickup, Some(at(12, 0))),
            rejected,
            preorder(5, OrderType::Delivery, None),
            preorder(6, OrderType::Delivery, Some(at(12, 15))),
        ];
        let txn = db.begin_write().unwrap();
        {
            let mut table = txn
                .open_table(super::super::tables::ORDER_ID_TO_ORDER)
                .unwrap();
            for order in &orders {
                table
                    .insert(order.id, record::encode(order).unwrap().as_slice())
                    .unwrap();
            }
        }
        txn.commit().unwrap();

        assert_eq!(migrate(&db).unwrap(), Some(16));
        assert_eq!(
            counts(&db),
            [
                ((slot(12, 0), 0), 2),
                ((slot(12, 0), 1), 1),
                ((slot(12, 15), 0), 1)
            ]
        );
    }

    #[test]
    fn placing_rejecting_and_cancelling_keep_the_count() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate(&db).unwrap();
        let write = |before: Option<&Order>, order: &Order| {
            let txn = db.begin_write().unwrap();
            crate::db::orders::write_order(&txn, before, order, at(6, 0)).unwrap();
            txn.commit().unwrap();
        };
        let first = preorder(1, OrderType::Delivery, Some(at(12, 30)));
        let second = preorder(2, OrderType::Delivery, Some(at(12, 30)));
        write(None, &first);
        write(None, &second);
        assert_eq!(counts(&db), [((slot(12, 30), 0), 2)]);
        // Accepting moves nothing.
        let mut accepted = first.clone();
        accepted.status = OrderStatus::Accepted;
        write(Some(&first), &accepted);
        assert_eq!(counts(&db), [((slot(12, 30), 0), 2)]);
        let mut rejected = second.clone();
        rejected.status = OrderStatus::Rejected;
        write(Some(&second), &rejected);
        assert_eq!(counts(&db), [((slot(12, 30), 0), 1)]);
        let mut cancelled = accepted.clone();
        cancelled.status = OrderStatus::Cancelled;
        write(Some(&accepted), &cancelled);
        assert_eq!(counts(&db), []);
    }
}
