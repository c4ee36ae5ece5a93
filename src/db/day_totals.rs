//! The figures of each business day (`domain::day_totals`): changed in the transaction
//! that changes one of the day's orders, read for a day's history and for the revenue
//! of any period without reading its orders.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use redb::{ReadableTable, WriteTransaction};

use super::tables::*;
use super::{Db, DbError, record};
use crate::domain::day_totals::DayTotals;
use crate::domain::order::Order;

/// Follows the change of one order (`before` is `None` for a new one) in its day's
/// figures.
pub(super) fn follow_order(
    txn: &WriteTransaction,
    before: Option<&Order>,
    order: &Order,
) -> Result<(), DbError> {
    if before.is_some_and(|before| !DayTotals::differ(before, order)) {
        return Ok(());
    }
    let day = order.business_date.to_string();
    let mut table = txn.open_table(DAY_TO_TOTALS)?;
    let mut totals: DayTotals = match table.get(day.as_str())? {
        Some(bytes) => record::decode(bytes.value())?,
        None => DayTotals::default(),
    };
    totals.follow(before, order);
    table.insert(day.as_str(), record::encode(&totals)?.as_slice())?;
    Ok(())
}

/// A day's figures (all zero for a day without orders).
pub(super) fn of_day(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    day: &str,
) -> Result<DayTotals, DbError> {
    match table.get(day)? {
        Some(bytes) => record::decode(bytes.value()),
        None => Ok(DayTotals::default()),
    }
}

/// The schema step that starts the figures: every order placed so far, once.
pub(super) fn count_existing_orders(txn: &WriteTransaction) -> Result<(), DbError> {
    let mut days: BTreeMap<String, DayTotals> = BTreeMap::new();
    for entry in txn.open_table(ORDER_ID_TO_ORDER)?.iter()? {
        let order: Order = record::decode(entry?.1.value())?;
        days.entry(order.business_date.to_string())
            .or_default()
            .add(&DayTotals::of(&order));
    }
    let mut table = txn.open_table(DAY_TO_TOTALS)?;
    for (day, totals) in days {
        table.insert(day.as_str(), record::encode(&totals)?.as_slice())?;
    }
    Ok(())
}

impl Db {
    /// The figures of each day from `from` to `to` (both included) that had orders, in
    /// date order.
    pub async fn day_totals(
        &self,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<(NaiveDate, DayTotals)>, DbError> {
        self.read(move |txn| {
            let (from, to) = (from.to_string(), to.to_string());
            let mut days = Vec::new();
            for entry in txn
                .open_table(DAY_TO_TOTALS)?
                .range(from.as_str()..=to.as_str())?
            {
                let (day, bytes) = entry?;
                let date = day
                    .value()
                    .parse::<NaiveDate>()
                    .map_err(|error| DbError::Decode(format!("day {}: {error}", day.value())))?;
                days.push((date, record::decode(bytes.value())?));
            }
            Ok(days)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use redb::{Database, ReadableDatabase};

    use super::*;
    use crate::db::migrations::{STEPS, migrate, migrate_with};
    use crate::domain::erasure::sample_order;
    use crate::domain::order::OrderStatus;

    #[test]
    fn the_upgrade_counts_the_orders_stored_before_it_once() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate_with(&db, &STEPS[..9]).unwrap();
        let monday = "2026-11-23T11:00:00Z".parse().unwrap();
        let tuesday = "2026-11-24T11:00:00Z".parse().unwrap();
        let mut rejected = sample_order(3, monday);
        rejected.status = OrderStatus::Rejected;
        let orders = [
            sample_order(1, monday),
            sample_order(2, monday),
            rejected,
            sample_order(4, tuesday),
        ];
        let txn = db.begin_write().unwrap();
        {
            let mut table = txn.open_table(ORDER_ID_TO_ORDER).unwrap();
            for order in &orders {
                table
                    .insert(order.id, record::encode(order).unwrap().as_slice())
                    .unwrap();
            }
        }
        txn.commit().unwrap();

        assert_eq!(migrate(&db).unwrap(), Some(9));
        let read = db.begin_read().unwrap();
        let table = read.open_table(DAY_TO_TOTALS).unwrap();
        let day = of_day(&table, "2026-11-23").unwrap();
        let mut expected = DayTotals::of(&orders[0]);
        expected.add(&DayTotals::of(&orders[1]));
        expected.add(&DayTotals::of(&orders[2]));
        assert_eq!(day, expected);
        assert_eq!((day.orders, day.rejected), (2, 1));
        assert_eq!(day.revenue_cents, 2 * orders[0].totals.total_cents);
        assert_eq!(
            of_day(&table, "2026-11-24").unwrap(),
            DayTotals::of(&orders[3])
        );
        assert_eq!(of_day(&table, "2026-11-25").unwrap(), DayTotals::default());
    }

    #[test]
    fn the_upgrade_to_v21_counts_the_days_orders_by_their_hour() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate_with(&db, &STEPS[..19]).unwrap();
        let monday = "2026-11-23T11:00:00Z".parse().unwrap();
        let mut evening = sample_order(1, monday);
        evening.placed_hour = Some(19);
        // Kept before the hour was: read on the German clock, 12:00.
        let noon = sample_order(2, monday);
        let mut rejected = sample_order(3, monday);
        rejected.placed_hour = Some(20);
        rejected.status = OrderStatus::Rejected;
        let txn = db.begin_write().unwrap();
        {
            let mut orders = txn.open_table(ORDER_ID_TO_ORDER).unwrap();
            let mut day = DayTotals::default();
            for order in [&evening, &noon, &rejected] {
                orders
                    .insert(order.id, record::encode(order).unwrap().as_slice())
                    .unwrap();
                day.add(&DayTotals::of(order));
            }
            // The day as version 19 kept it: without the hours.
            day.hours = [0; 24];
            txn.open_table(DAY_TO_TOTALS)
                .unwrap()
                .insert("2026-11-23", record::encode(&day).unwrap().as_slice())
                .unwrap();
        }
        txn.commit().unwrap();

        assert_eq!(migrate(&db).unwrap(), Some(19));
        let read = db.begin_read().unwrap();
        let day = of_day(&read.open_table(DAY_TO_TOTALS).unwrap(), "2026-11-23").unwrap();
        let mut hours = [0; 24];
        hours[12] = 1;
        hours[19] = 1;
        assert_eq!(day.hours, hours);
        assert_eq!((day.orders, day.rejected), (2, 1), "counted once");
    }
}
