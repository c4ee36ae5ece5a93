//! Daily closings: written once per business day in one transaction that reads the
//! day's figures and numbers the closing after the last one, so the numbers have no
//! gaps; never changed or removed afterwards.

use chrono::{DateTime, NaiveDate, Utc};
use redb::{ReadableTable, WriteTransaction};

use super::catalog::OpenTables;
use super::orders::read_order;
use super::tables::{
    CLOSING_DAY_TO_NUMBER, CLOSING_NUMBER_TO_CLOSING, DAY_TO_TOTALS, META,
    META_CLOSINGS_SKIP_THROUGH, ORDER_DAY_AND_ID,
};
use super::{Db, DbError, record};
use crate::domain::day_totals::DayTotals;
use crate::domain::fiscal::closing::{ClosedBy, ClosingRefusal, DailyClosing};
use crate::domain::fiscal::signing::OrderTse;
use crate::domain::order::OrderStatus;

/// The orders of `date` that wait for an answer, and those the TSE did not sign.
fn day_orders(txn: &WriteTransaction, date: &str) -> Result<(u64, Vec<u64>), DbError> {
    let mut waiting = 0;
    let mut unsigned = Vec::new();
    let index = txn.open_table(ORDER_DAY_AND_ID)?;
    for entry in index.range((date, 0)..=(date, u64::MAX))? {
        let (key, _) = entry?;
        let (_, id) = key.value();
        let Some(order) = read_order(txn, id)? else {
            continue;
        };
        if order.status == OrderStatus::WaitingForConfirmation {
            waiting += 1;
        }
        if matches!(order.tse, Some(OrderTse::Failed { .. })) {
            unsigned.push(id);
        }
    }
    Ok((waiting, unsigned))
}

/// The business day an order placed on `calendar_date` belongs to: that date, unless
/// it is closed already (the owner closed today early), then the day after the last
/// closed one, as a till's sales after its Z-Bon belong to the next closing.
pub(super) fn business_date_after_closings(
    txn: &impl OpenTables,
    calendar_date: NaiveDate,
) -> Result<NaiveDate, DbError> {
    let Some(last) = txn.last_text_key(CLOSING_DAY_TO_NUMBER)? else {
        return Ok(calendar_date);
    };
    let last = last
        .parse::<NaiveDate>()
        .map_err(|error| DbError::Decode(format!("closed day {last}: {error}")))?;
    Ok(if last >= calendar_date {
        last.succ_opt().unwrap_or(calendar_date)
    } else {
        calendar_date
    })
}

impl Db {
    /// Closes business day `date`: its figures as they stand, numbered after the last
    /// closing. Refused when it is closed already or an order of it still waits.
    pub async fn close_day(
        &self,
        date: NaiveDate,
        now: DateTime<Utc>,
        closed_by: ClosedBy,
    ) -> Result<Result<DailyClosing, ClosingRefusal>, DbError> {
        self.write(move |txn| {
            let day = date.to_string();
            let mut by_day = txn.open_table(CLOSING_DAY_TO_NUMBER)?;
            if by_day.get(day.as_str())?.is_some() {
                return Ok(Err(ClosingRefusal::Closed(date)));
            }
            let (waiting, unsigned_orders) = day_orders(txn, &day)?;
            if waiting > 0 {
                return Ok(Err(ClosingRefusal::Waiting {
                    date,
                    count: waiting,
                }));
            }
            let totals: DayTotals = match txn.open_table(DAY_TO_TOTALS)?.get(day.as_str())? {
                Some(bytes) => record::decode(bytes.value())?,
                None => DayTotals::default(),
            };
            let mut closings = txn.open_table(CLOSING_NUMBER_TO_CLOSING)?;
            let number = match closings.last()? {
                Some((last, _)) => last.value() + 1,
                None => 1,
            };
            let closing = DailyClosing {
                number,
                business_date: date,
                closed_at: now,
                closed_by,
                totals,
                unsigned_orders,
            };
            closings.insert(number, record::encode(&closing)?.as_slice())?;
            by_day.insert(day.as_str(), number)?;
            Ok(Ok(closing))
        })
        .await
    }

    /// The closings before number `before` (all when `None`), newest first, at most
    /// `limit`.
    pub async fn closings(
        &self,
        before: Option<u64>,
        limit: usize,
    ) -> Result<Vec<DailyClosing>, DbError> {
        self.read(move |txn| {
            let table = txn.open_table(CLOSING_NUMBER_TO_CLOSING)?;
            let mut found = Vec::new();
            for entry in table.range(..before.unwrap_or(u64::MAX))?.rev().take(limit) {
                let (_, bytes) = entry?;
                found.push(record::decode(bytes.value())?);
            }
            Ok(found)
        })
        .await
    }

    /// The closings of the business days from `from` to `to` (both included), in
    /// date order.
    pub async fn closings_between(
        &self,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<DailyClosing>, DbError> {
        self.read(move |txn| {
            let (from, to) = (from.to_string(), to.to_string());
            let by_day = txn.open_table(CLOSING_DAY_TO_NUMBER)?;
            let closings = txn.open_table(CLOSING_NUMBER_TO_CLOSING)?;
            let mut found = Vec::new();
            for entry in by_day.range(from.as_str()..=to.as_str())? {
                let (_, number) = entry?;
                if let Some(bytes) = closings.get(number.value())? {
                    found.push(record::decode(bytes.value())?);
                }
            }
            Ok(found)
        })
        .await
    }

    /// The closing numbered `number`.
    pub async fn closing(&self, number: u64) -> Result<Option<DailyClosing>, DbError> {
        self.read(move |txn| {
            let table = txn.open_table(CLOSING_NUMBER_TO_CLOSING)?;
            let stored = table.get(number)?;
            stored
                .map(|bytes| record::decode(bytes.value()))
                .transpose()
        })
        .await
    }

    /// The business days up to `until` that had orders and are not closed, oldest
    /// first (the days after the last closed one).
    pub async fn unclosed_days(&self, until: NaiveDate) -> Result<Vec<NaiveDate>, DbError> {
        self.read(move |txn| {
            let skipped = txn
                .open_table(META)?
                .get(META_CLOSINGS_SKIP_THROUGH)?
                .and_then(|days| i32::try_from(days.value()).ok())
                .and_then(NaiveDate::from_num_days_from_ce_opt)
                .map(|day| day.to_string());
            let closed = txn
                .open_table(CLOSING_DAY_TO_NUMBER)?
                .last()?
                .map(|(day, _)| day.value().to_string());
            // Both are `YYYY-MM-DD`: the later of the two in text order.
            let last_closed = closed.max(skipped);
            let until = until.to_string();
            let totals = txn.open_table(DAY_TO_TOTALS)?;
            let days = match &last_closed {
                Some(last) => totals.range::<&str>((
                    std::ops::Bound::Excluded(last.as_str()),
                    std::ops::Bound::Included(until.as_str()),
                ))?,
                None => totals.range(..=until.as_str())?,
            };
            let mut found = Vec::new();
            for entry in days {
                let (day, _) = entry?;
                let date = day
                    .value()
                    .parse::<NaiveDate>()
                    .map_err(|error| DbError::Decode(format!("day {}: {error}", day.value())))?;
                found.push(date);
            }
            Ok(found)
        })
        .await
    }
}
