//! Daily stocks in redb: per product with a daily stock, what the orders of its latest
//! business day took. Written only inside the transaction that places an order (taking
//! its quantities), rejects or cancels one (giving them back) or changes its lines (the
//! difference), so the count is always exactly that of the day's orders, however many
//! are placed at once.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use redb::{ReadableTable, WriteTransaction};

use super::catalog::{OpenTables, load_catalog};
use super::closings::business_date_after_closings;
use super::tables::{META_CATALOG_VERSION, PRODUCT_ID_TO_DAY_SOLD};
use super::{Db, DbError, record};
use crate::domain::catalog::stock::DaySold;
use crate::domain::catalog::{Catalog, StockLevels};
use crate::domain::order::lines::PricedLine;
use crate::domain::order::{Order, OrderStatus};

/// What the orders of `business_date` took so far.
pub(super) fn levels(
    txn: &impl OpenTables,
    business_date: NaiveDate,
) -> Result<StockLevels, DbError> {
    let records = txn.keyed_records::<DaySold>(PRODUCT_ID_TO_DAY_SOLD)?;
    Ok(StockLevels::of_day(business_date, records))
}

/// The quantity of each product the lines take from its daily stock.
fn quantities<'a>(lines: impl Iterator<Item = &'a PricedLine>) -> BTreeMap<u64, u32> {
    let mut quantities = BTreeMap::new();
    for line in lines.filter(|line| line.from_daily_stock) {
        *quantities.entry(line.product_id).or_default() += line.quantity;
    }
    quantities
}

/// Takes what an order of `business_date` sells from the daily stocks (in the order's
/// transaction, after its pricing checked that enough is left).
pub(super) fn take(
    txn: &WriteTransaction,
    business_date: NaiveDate,
    lines: &[PricedLine],
) -> Result<(), DbError> {
    let taken = quantities(lines.iter());
    if taken.is_empty() {
        return Ok(());
    }
    let mut table = txn.open_table(PRODUCT_ID_TO_DAY_SOLD)?;
    for (product_id, quantity) in taken {
        let before = table
            .get(product_id)?
            .map(|bytes| record::decode::<DaySold>(bytes.value()))
            .transpose()?;
        let after = DaySold::taking(before, business_date, quantity);
        table.insert(product_id, record::encode(&after)?.as_slice())?;
    }
    Ok(())
}

/// Follows a change of an order that took from the daily stocks: rejected or cancelled,
/// it gives back what it took; its lines changed (a correction), the difference is taken
/// or given back. A completed order's food has left the kitchen: correcting it (a
/// complaint) gives nothing back. Only a stock still counting the order's business day
/// changes (a later day started from the owner's number again).
pub(super) fn follow_order(
    txn: &WriteTransaction,
    before: &Order,
    after: &Order,
) -> Result<(), DbError> {
    if before.status == OrderStatus::Completed {
        return Ok(());
    }
    let taken = |order: &Order| {
        if order.is_sale() {
            quantities(order.lines.iter())
        } else {
            BTreeMap::new()
        }
    };
    let (was, now) = (taken(before), taken(after));
    if was == now {
        return Ok(());
    }
    let products: BTreeSet<u64> = was.keys().chain(now.keys()).copied().collect();
    let mut table = txn.open_table(PRODUCT_ID_TO_DAY_SOLD)?;
    for product_id in products {
        let (was, now) = (
            was.get(&product_id).copied().unwrap_or(0),
            now.get(&product_id).copied().unwrap_or(0),
        );
        if was == now {
            continue;
        }
        let record = table
            .get(product_id)?
            .map(|bytes| record::decode::<DaySold>(bytes.value()))
            .transpose()?;
        let sold = match record {
            Some(record) if record.business_date == after.business_date => record.sold,
            Some(_) => continue,
            None => 0,
        };
        let changed = DaySold {
            business_date: after.business_date,
            sold: sold.saturating_add(now).saturating_sub(was),
        };
        table.insert(product_id, record::encode(&changed)?.as_slice())?;
    }
    Ok(())
}

/// The business day of an order placed on `calendar_date` and what its orders took.
pub(super) fn levels_on(
    txn: &impl OpenTables,
    calendar_date: NaiveDate,
) -> Result<StockLevels, DbError> {
    levels(txn, business_date_after_closings(txn, calendar_date)?)
}

impl Db {
    /// What the orders of the business day of `calendar_date` (the store's date now)
    /// took of the daily stocks.
    pub async fn stock_levels(&self, calendar_date: NaiveDate) -> Result<StockLevels, DbError> {
        self.read(move |txn| levels_on(txn, calendar_date)).await
    }

    /// The menu as customers see it, read in one transaction: the catalog, its
    /// version, and what the business day of `calendar_date` took of the daily stocks.
    pub async fn menu_state(
        &self,
        calendar_date: NaiveDate,
    ) -> Result<(Catalog, u64, StockLevels), DbError> {
        self.read(move |txn| {
            Ok((
                load_catalog(txn)?,
                txn.meta(META_CATALOG_VERSION)?,
                levels_on(txn, calendar_date)?,
            ))
        })
        .await
    }
}
