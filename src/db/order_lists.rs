//! The order lists the restaurant pages through: the open orders (the board), oldest
//! first, and one business day's orders (the history), newest first. A page reads the
//! ids from an index and only its own orders; the counts beside it come from a table's
//! length or, for a day's figures, from the day's totals (`day_totals.rs`).

use std::ops::Bound;

use chrono::NaiveDate;
use redb::{ReadTransaction, ReadableTableMetadata};
use serde::de::DeserializeOwned;

use super::tables::*;
use super::{Db, DbError, record};
use crate::domain::order::Order;
use crate::domain::order::summary::OrderSummary;

/// A page of the open orders.
#[derive(Debug, Clone)]
pub struct OpenOrdersPage {
    /// Oldest first.
    pub orders: Vec<Order>,
    /// The id to read on after (the page's last), when more orders are open.
    pub next_after: Option<u64>,
    /// Orders waiting for the restaurant's accept or reject, on every page.
    pub waiting: u64,
}

/// A page of one business day's orders (or of their summaries), with the figures of
/// the whole day.
#[derive(Debug, Clone)]
pub struct DayPage<T> {
    /// Newest first.
    pub orders: Vec<T>,
    /// The id to read on before (the page's last), when the day has older orders.
    pub next_before: Option<u64>,
    /// The day's orders not rejected.
    pub count: u32,
    /// The sum of their totals.
    pub revenue_cents: i64,
}

pub type DayOrdersPage = DayPage<Order>;
pub type DaySummariesPage = DayPage<OrderSummary>;

/// The first `limit` of `ids` and, when there were more, the last one taken.
pub(super) fn page_of(
    ids: impl Iterator<Item = Result<u64, DbError>>,
    limit: usize,
) -> Result<(Vec<u64>, Option<u64>), DbError> {
    let mut page = Vec::with_capacity(limit.min(256));
    let mut more = false;
    for id in ids {
        let id = id?;
        if page.len() == limit {
            more = true;
            break;
        }
        page.push(id);
    }
    let next = if more { page.last().copied() } else { None };
    Ok((page, next))
}

/// The order records `ids` read as `T` (an [`Order`] or an [`OrderSummary`]).
pub(super) fn orders_of<T: DeserializeOwned>(
    txn: &ReadTransaction,
    ids: &[u64],
) -> Result<Vec<T>, DbError> {
    let table = txn.open_table(ORDER_ID_TO_ORDER)?;
    let mut orders = Vec::with_capacity(ids.len());
    for &id in ids {
        if let Some(bytes) = table.get(id)? {
            orders.push(record::decode(bytes.value())?);
        }
    }
    Ok(orders)
}

/// The orders waiting for an answer: each of them, and only they, has an auto-reject
/// deadline (set when placed, cleared by accepting or rejecting).
fn waiting_in(txn: &ReadTransaction) -> Result<u64, DbError> {
    Ok(txn.open_table(ORDER_DEADLINE_AND_ID)?.len()?)
}

/// The count and revenue of the day's orders not rejected.
impl Db {
    /// Up to `limit` open orders (not yet rejected or completed) after order `after`,
    /// oldest first, and how many orders wait for an answer.
    pub async fn open_orders_page(
        &self,
        after: Option<u64>,
        limit: usize,
    ) -> Result<OpenOrdersPage, DbError> {
        self.read(move |txn| {
            let open = txn.open_table(OPEN_ORDER_IDS)?;
            let from = after.map_or(Bound::Unbounded, Bound::Excluded);
            let ids = open
                .range((from, Bound::Unbounded))?
                .map(|entry| Ok(entry?.0.value()));
            let (ids, next_after) = page_of(ids, limit)?;
            Ok(OpenOrdersPage {
                orders: orders_of(txn, &ids)?,
                next_after,
                waiting: waiting_in(txn)?,
            })
        })
        .await
    }

    /// How many orders wait for the restaurant's accept or reject.
    pub async fn waiting_orders(&self) -> Result<u64, DbError> {
        self.read(waiting_in).await
    }

    /// Up to `limit` orders of the business day `date` placed before order `before`,
    /// newest first, with the count and revenue of the whole day.
    pub async fn day_orders_page(
        &self,
        date: NaiveDate,
        before: Option<u64>,
        limit: usize,
    ) -> Result<DayOrdersPage, DbError> {
        self.day_page(date, before, limit).await
    }

    /// Like [`Db::day_orders_page`], the orders' summaries only.
    pub async fn day_summaries_page(
        &self,
        date: NaiveDate,
        before: Option<u64>,
        limit: usize,
    ) -> Result<DaySummariesPage, DbError> {
        self.day_page(date, before, limit).await
    }

    async fn day_page<T: DeserializeOwned + Send + 'static>(
        &self,
        date: NaiveDate,
        before: Option<u64>,
        limit: usize,
    ) -> Result<DayPage<T>, DbError> {
        self.read(move |txn| {
            let day = date.to_string();
            let index = txn.open_table(ORDER_DAY_AND_ID)?;
            let until = before.map_or(Bound::Included((day.as_str(), u64::MAX)), |id| {
                Bound::Excluded((day.as_str(), id))
            });
            let ids = index
                .range((Bound::Included((day.as_str(), 0)), until))?
                .rev()
                .map(|entry| Ok(entry?.0.value().1));
            let (ids, next_before) = page_of(ids, limit)?;
            let figures = super::day_totals::of_day(&txn.open_table(DAY_TO_TOTALS)?, &day)?;
            Ok(DayPage {
                orders: orders_of(txn, &ids)?,
                next_before,
                count: figures.orders,
                revenue_cents: figures.revenue_cents,
            })
        })
        .await
    }
}
