//! Finding orders for the restaurant: by the day's number (a place in that day's list),
//! between two business days (the lists of each day), or of the customers a search
//! finds (their lists in the customer index, `customer_index.rs`). Each reads a page of
//! ids from an index and only the summaries of that page, newest first.

use std::ops::Bound;

use chrono::NaiveDate;
use redb::ReadTransaction;

use super::customer_index::search_in;
use super::order_lists::{orders_of, page_of};
use super::tables::*;
use super::{Db, DbError, record};
use crate::domain::customers::{CustomerRecord, CustomerSearch};
use crate::domain::order::summary::OrderSummary;

/// A page of orders found.
#[derive(Debug, Clone, Default)]
pub struct FoundOrders {
    /// Newest first.
    pub orders: Vec<OrderSummary>,
    /// The id to read on before (the page's last), when more orders were found.
    pub next_before: Option<u64>,
}

/// The orders of the customers a search found.
#[derive(Debug, Clone, Default)]
pub struct CustomersOrders {
    pub found: FoundOrders,
    /// The customers whose orders these are.
    pub customers: Vec<CustomerRecord>,
    /// More customers match than [`MAX_CUSTOMERS_SEARCHED`]: their orders are not in
    /// the list, the search should say more.
    pub more_customers: bool,
}

/// The customers whose orders one search lists at most.
pub const MAX_CUSTOMERS_SEARCHED: usize = 20;

fn summary(txn: &ReadTransaction, id: u64) -> Result<Option<OrderSummary>, DbError> {
    txn.open_table(ORDER_ID_TO_ORDER)?
        .get(id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}

/// The first order id of `from` or a later day, and the last of `to` or an earlier
/// one: the orders of a period lie between them (ids and business days grow together).
fn id_bounds(
    txn: &ReadTransaction,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Option<(u64, u64)>, DbError> {
    let (from, to) = (from.to_string(), to.to_string());
    let days = txn.open_table(ORDER_DAY_AND_ID)?;
    let first = days
        .range::<(&str, u64)>((from.as_str(), 0)..)?
        .next()
        .transpose()?
        .map(|(key, _)| key.value().1);
    let last = days
        .range::<(&str, u64)>(..=(to.as_str(), u64::MAX))?
        .next_back()
        .transpose()?
        .map(|(key, _)| key.value().1);
    Ok(match (first, last) {
        (Some(first), Some(last)) if first <= last => Some((first, last)),
        _ => None,
    })
}

impl Db {
    /// The order numbered `number` on the business day `date`.
    pub async fn order_by_number(
        &self,
        date: NaiveDate,
        number: u32,
    ) -> Result<Option<OrderSummary>, DbError> {
        self.read(move |txn| {
            let day = date.to_string();
            let index = txn.open_table(ORDER_DAY_AND_ID)?;
            let mut ids = index.range((day.as_str(), 0)..=(day.as_str(), u64::MAX))?;
            // A day's numbers are given in the order of its ids, from 1: the order is
            // the number's place in the day's list. Checked, and looked for in the whole
            // day should a number ever be out of place.
            if let Some(entry) = ids.nth(number.saturating_sub(1) as usize) {
                let id = entry?.0.value().1;
                if let Some(found) = summary(txn, id)?.filter(|order| order.number == number) {
                    return Ok(Some(found));
                }
            }
            for entry in index.range((day.as_str(), 0)..=(day.as_str(), u64::MAX))? {
                let id = entry?.0.value().1;
                if let Some(found) = summary(txn, id)?.filter(|order| order.number == number) {
                    return Ok(Some(found));
                }
            }
            Ok(None)
        })
        .await
    }

    /// Up to `limit` orders of the business days `from` to `to` (both included) placed
    /// before order `before`, newest first.
    pub async fn orders_between(
        &self,
        from: NaiveDate,
        to: NaiveDate,
        before: Option<u64>,
        limit: usize,
    ) -> Result<FoundOrders, DbError> {
        self.read(move |txn| {
            let (first, last) = (from.to_string(), to.to_string());
            // Where the page before ended: that order's day and id.
            let after_day = match before {
                Some(id) => summary(txn, id)?.map(|order| order.business_date.to_string()),
                None => None,
            };
            let until = match (&after_day, before) {
                (Some(day), Some(id)) if day.as_str() <= last.as_str() => {
                    Bound::Excluded((day.as_str(), id))
                }
                _ => Bound::Included((last.as_str(), u64::MAX)),
            };
            let index = txn.open_table(ORDER_DAY_AND_ID)?;
            let ids = index
                .range::<(&str, u64)>((Bound::Included((first.as_str(), 0)), until))?
                .rev()
                .map(|entry| Ok(entry?.0.value().1));
            let (ids, next_before) = page_of(ids, limit)?;
            Ok(FoundOrders {
                orders: orders_of(txn, &ids)?,
                next_before,
            })
        })
        .await
    }

    /// Up to `limit` of customer `id`'s orders placed before order `before`, newest
    /// first.
    pub async fn customer_orders(
        &self,
        id: u64,
        before: Option<u64>,
        limit: usize,
    ) -> Result<FoundOrders, DbError> {
        self.read(move |txn| {
            let index = txn.open_table(CUSTOMER_ID_AND_ORDER_ID)?;
            let ids = index
                .range((id, 0)..(id, before.unwrap_or(u64::MAX)))?
                .rev()
                .map(|entry| Ok(entry?.0.value().1));
            let (ids, next_before) = page_of(ids, limit)?;
            Ok(FoundOrders {
                orders: orders_of(txn, &ids)?,
                next_before,
            })
        })
        .await
    }

    /// Up to `limit` orders, newest first and placed before order `before`, of the
    /// first [`MAX_CUSTOMERS_SEARCHED`] customers `search` finds; with `period`, only
    /// those of its business days.
    pub async fn orders_of_customers(
        &self,
        search: CustomerSearch,
        period: Option<(NaiveDate, NaiveDate)>,
        before: Option<u64>,
        limit: usize,
    ) -> Result<CustomersOrders, DbError> {
        self.read(move |txn| {
            let matched = search_in(txn, &search, None, MAX_CUSTOMERS_SEARCHED)?;
            let mut result = CustomersOrders {
                more_customers: matched.next.is_some(),
                ..CustomersOrders::default()
            };
            let (lowest, mut highest) = match period {
                Some((from, to)) => match id_bounds(txn, from, to)? {
                    Some(bounds) => bounds,
                    None => {
                        result.customers = matched.customers;
                        return Ok(result);
                    }
                },
                None => (0, u64::MAX),
            };
            if let Some(before) = before {
                highest = highest.min(before.saturating_sub(1));
            }
            // Each customer's newest `limit + 1`; of all of them the newest `limit + 1`
            // show whether a page follows.
            let mut ids = Vec::new();
            if lowest <= highest {
                let index = txn.open_table(CUSTOMER_ID_AND_ORDER_ID)?;
                for customer in &matched.customers {
                    for entry in index
                        .range((customer.id, lowest)..=(customer.id, highest))?
                        .rev()
                        .take(limit + 1)
                    {
                        ids.push(entry?.0.value().1);
                    }
                }
            }
            ids.sort_unstable_by(|a, b| b.cmp(a));
            ids.dedup();
            let (ids, next_before) = page_of(ids.into_iter().map(Ok), limit)?;
            let mut orders: Vec<OrderSummary> = orders_of(txn, &ids)?;
            if let Some((from, to)) = period {
                orders.retain(|order| (from..=to).contains(&order.business_date));
            }
            result.found = FoundOrders {
                orders,
                next_before,
            };
            result.customers = matched.customers;
            Ok(result)
        })
        .await
    }
}
