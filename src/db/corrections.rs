//! Corrections of accepted orders (cancelled, lines changed): written like any change of
//! an order, but only while the order's business day is not closed, since its daily
//! closing's figures may not change any more.

use chrono::{DateTime, NaiveDate, Utc};
use redb::ReadableTable;

use super::orders::{read_order, write_order};
use super::tables::CLOSING_DAY_TO_NUMBER;
use super::{Db, DbError};
use crate::domain::order::Order;
use crate::domain::order::correction::CorrectionRefusal;

impl Db {
    /// Whether business day `date` has its daily closing.
    pub async fn day_is_closed(&self, date: NaiveDate) -> Result<bool, DbError> {
        self.read(move |txn| {
            Ok(txn
                .open_table(CLOSING_DAY_TO_NUMBER)?
                .get(date.to_string().as_str())?
                .is_some())
        })
        .await
    }

    /// Applies the correction `change` to order `id` and stores it at `now`, unless its
    /// business day is closed. `Ok(Ok(None))`: no such order.
    pub async fn correct_order<F>(
        &self,
        id: u64,
        now: DateTime<Utc>,
        change: F,
    ) -> Result<Result<Option<Order>, CorrectionRefusal>, DbError>
    where
        F: FnOnce(&mut Order) -> Result<(), CorrectionRefusal> + Send + 'static,
    {
        self.write(move |txn| {
            let Some(before) = read_order(txn, id)? else {
                return Ok(Ok(None));
            };
            let closed = txn
                .open_table(CLOSING_DAY_TO_NUMBER)?
                .get(before.business_date.to_string().as_str())?
                .is_some();
            if closed {
                return Ok(Err(CorrectionRefusal::DayClosed {
                    number: before.number,
                }));
            }
            let mut order = before.clone();
            if let Err(refused) = change(&mut order) {
                return Ok(Err(refused));
            }
            write_order(txn, Some(&before), &order, now)?;
            Ok(Ok(Some(order)))
        })
        .await
    }
}
