//! The payments ledger in redb: a record per PayPal order the shop asked PayPal to
//! capture, found by its PayPal order id, and the index of the records not at an end
//! yet. A record changes in one transaction, the steps decided by
//! `domain::payment_record`; when an order is placed with a payment or written later,
//! its record follows it in the order's own transaction (`orders::write_order`).

use chrono::{DateTime, Utc};
use redb::{ReadableTable, WriteTransaction};

use super::tables::*;
use super::{Db, DbError, next_id, record};
use crate::domain::order::Order;
use crate::domain::payment_record::{PaymentFate, PaymentRecord};

fn payment_id_of(txn: &WriteTransaction, paypal_order_id: &str) -> Result<Option<u64>, DbError> {
    Ok(txn
        .open_table(PAYPAL_ORDER_ID_TO_PAYMENT_ID)?
        .get(paypal_order_id)?
        .map(|id| id.value()))
}

fn read_payment(
    table: &impl ReadableTable<u64, &'static [u8]>,
    id: u64,
) -> Result<Option<PaymentRecord>, DbError> {
    table
        .get(id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}

/// The record of `paypal_order_id`, if the shop ever asked PayPal to capture it.
pub(super) fn payment_of(
    txn: &WriteTransaction,
    paypal_order_id: &str,
) -> Result<Option<PaymentRecord>, DbError> {
    match payment_id_of(txn, paypal_order_id)? {
        Some(id) => read_payment(&txn.open_table(PAYMENT_ID_TO_PAYMENT)?, id),
        None => Ok(None),
    }
}

/// Stores `payment` (a new one gets the next id) and keeps the indexes in step.
pub(super) fn write_payment(
    txn: &WriteTransaction,
    payment: &mut PaymentRecord,
) -> Result<(), DbError> {
    if payment.id == 0 {
        payment.id = next_id(txn, META_NEXT_PAYMENT_ID)?;
        txn.open_table(PAYPAL_ORDER_ID_TO_PAYMENT_ID)?
            .insert(payment.paypal_order_id.as_str(), payment.id)?;
    }
    txn.open_table(PAYMENT_ID_TO_PAYMENT)?
        .insert(payment.id, record::encode(payment)?.as_slice())?;
    let mut open = txn.open_table(OPEN_PAYMENT_IDS)?;
    if payment.fate.is_open() {
        open.insert(payment.id, ())?;
    } else {
        open.remove(payment.id)?;
    }
    Ok(())
}

/// The record of the payment `order` was paid with follows the order (placed,
/// rejected, refunded). An order paid before the ledger existed gets its record now.
pub(super) fn follow_order(
    txn: &WriteTransaction,
    order: &Order,
    now: DateTime<Utc>,
) -> Result<(), DbError> {
    let Some(paypal_order_id) = order.payment.paypal_order_id.as_deref() else {
        return Ok(());
    };
    let payment = match payment_of(txn, paypal_order_id)? {
        Some(mut payment) => {
            let before = payment.clone();
            payment.follow_order(order, now);
            (payment.fate != before.fate
                || payment.order_id != before.order_id
                || payment.refund_id != before.refund_id
                || payment.refund_error != before.refund_error)
                .then_some(payment)
        }
        None => PaymentRecord::of_order(order),
    };
    match payment {
        Some(mut payment) => write_payment(txn, &mut payment),
        None => Ok(()),
    }
}

/// Whether the ledger gave the payment of `paypal_order_id` back (or is about to)
/// without an order: such a payment pays for nothing any more.
pub(super) fn given_back(txn: &WriteTransaction, paypal_order_id: &str) -> Result<bool, DbError> {
    Ok(payment_of(txn, paypal_order_id)?.is_some_and(|payment| {
        payment.order_id.is_none()
            && matches!(
                payment.fate,
                PaymentFate::RefundDue | PaymentFate::Refunded | PaymentFate::RefundFailed
            )
    }))
}

/// A record for every order paid through PayPal before the ledger existed (schema v9).
pub(super) fn record_existing_payments(txn: &WriteTransaction) -> Result<(), DbError> {
    let mut orders = Vec::new();
    for entry in txn.open_table(ORDER_ID_TO_ORDER)?.iter()? {
        let order: Order = record::decode(entry?.1.value())?;
        if order.payment.paypal_order_id.is_some() {
            orders.push(order);
        }
    }
    for order in orders {
        let known = order
            .payment
            .paypal_order_id
            .as_deref()
            .map(|id| payment_id_of(txn, id))
            .transpose()?
            .flatten()
            .is_some();
        if !known && let Some(mut payment) = PaymentRecord::of_order(&order) {
            write_payment(txn, &mut payment)?;
        }
    }
    Ok(())
}

impl Db {
    /// Applies `change` to the record of `paypal_order_id` (`None` when there is none
    /// yet) and stores what it answers, in one transaction; answers the stored record.
    pub async fn change_payment<F>(
        &self,
        paypal_order_id: String,
        change: F,
    ) -> Result<PaymentRecord, DbError>
    where
        F: FnOnce(Option<PaymentRecord>) -> PaymentRecord + Send + 'static,
    {
        self.commit(move |txn| {
            let mut payment = change(payment_of(txn, &paypal_order_id)?);
            write_payment(txn, &mut payment)?;
            Ok(payment)
        })
        .await
    }

    /// The record of the PayPal order `paypal_order_id`, if there is one.
    pub async fn payment(&self, paypal_order_id: String) -> Result<Option<PaymentRecord>, DbError> {
        self.read(move |txn| {
            let id = txn
                .open_table(PAYPAL_ORDER_ID_TO_PAYMENT_ID)?
                .get(paypal_order_id.as_str())?
                .map(|id| id.value());
            match id {
                Some(id) => read_payment(&txn.open_table(PAYMENT_ID_TO_PAYMENT)?, id),
                None => Ok(None),
            }
        })
        .await
    }

    /// The payments older than `before` (all without it), newest first, at most
    /// `limit`; with `open_only` only those not at an end yet.
    pub async fn payments(
        &self,
        before: Option<u64>,
        limit: usize,
        open_only: bool,
    ) -> Result<Vec<PaymentRecord>, DbError> {
        self.read(move |txn| {
            let below = before.unwrap_or(u64::MAX);
            let payments = txn.open_table(PAYMENT_ID_TO_PAYMENT)?;
            let mut found = Vec::new();
            if open_only {
                for entry in txn.open_table(OPEN_PAYMENT_IDS)?.range(..below)?.rev() {
                    if found.len() == limit {
                        break;
                    }
                    if let Some(payment) = read_payment(&payments, entry?.0.value())? {
                        found.push(payment);
                    }
                }
            } else {
                for entry in payments.range(..below)?.rev().take(limit) {
                    found.push(record::decode(entry?.1.value())?);
                }
            }
            Ok(found)
        })
        .await
    }

    /// The payments not at an end yet with an id above `after`, oldest first, at most
    /// `limit`.
    pub async fn open_payments(
        &self,
        after: Option<u64>,
        limit: usize,
    ) -> Result<Vec<PaymentRecord>, DbError> {
        self.read(move |txn| {
            let payments = txn.open_table(PAYMENT_ID_TO_PAYMENT)?;
            let start = after.map_or(0, |id| id.saturating_add(1));
            let mut found = Vec::new();
            for entry in txn.open_table(OPEN_PAYMENT_IDS)?.range(start..)? {
                if found.len() == limit {
                    break;
                }
                if let Some(payment) = read_payment(&payments, entry?.0.value())? {
                    found.push(payment);
                }
            }
            Ok(found)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use redb::{Database, ReadableDatabase};

    use super::*;
    use crate::db::migrations::{STEPS, migrate_with};
    use crate::db::orders::write_order;
    use crate::domain::erasure::sample_order;
    use crate::domain::order::{OrderStatus, Payment, PaymentStatus};
    use crate::domain::payment_record::{CaptureSeen, Money, Observer, PaymentReason};

    fn at(minute: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 11, 0, 0).unwrap() + chrono::Duration::minutes(minute)
    }

    fn paid_order(id: u64, status: OrderStatus) -> Order {
        let mut order = sample_order(id, at(id as i64));
        order.status = status;
        order.payment.paypal_order_id = Some(format!("PP-{id}"));
        order.payment.capture_id = Some(format!("CAP-{id}"));
        order
    }

    fn payments_in(db: &Database) -> (Vec<PaymentRecord>, Vec<u64>) {
        let txn = db.begin_read().unwrap();
        let records = txn
            .open_table(PAYMENT_ID_TO_PAYMENT)
            .unwrap()
            .iter()
            .unwrap()
            .map(|entry| record::decode(entry.unwrap().1.value()).unwrap())
            .collect();
        let open = txn
            .open_table(OPEN_PAYMENT_IDS)
            .unwrap()
            .iter()
            .unwrap()
            .map(|entry| entry.unwrap().0.value())
            .collect();
        (records, open)
    }

    #[test]
    fn the_schema_step_records_the_payments_of_earlier_orders() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate_with(&db, &STEPS[..8]).unwrap();
        let delivered = paid_order(1, OrderStatus::Completed);
        // Rejected, and stopped before its refund.
        let rejected = paid_order(2, OrderStatus::Rejected);
        let mut cash = sample_order(3, at(3));
        cash.payment = Payment::cash();
        let txn = db.begin_write().unwrap();
        for order in [&delivered, &rejected, &cash] {
            txn.open_table(ORDER_ID_TO_ORDER)
                .unwrap()
                .insert(order.id, record::encode(order).unwrap().as_slice())
                .unwrap();
        }
        txn.commit().unwrap();

        migrate_with(&db, STEPS).unwrap();
        let (records, open) = payments_in(&db);
        let fates: Vec<_> = records
            .iter()
            .map(|record| {
                (
                    record.paypal_order_id.as_str(),
                    record.fate,
                    record.order_id,
                )
            })
            .collect();
        assert_eq!(
            fates,
            [
                ("PP-1", PaymentFate::Order, Some(1)),
                ("PP-2", PaymentFate::RefundDue, Some(2))
            ]
        );
        assert_eq!(records[1].reason, Some(PaymentReason::OrderRejected));
        assert_eq!(records[1].capture_id.as_deref(), Some("CAP-2"));
        assert_eq!(open, [records[1].id], "the refund is due");

        // The refund, written with the order, settles the record in the same commit.
        let mut refunded = rejected.clone();
        refunded.payment.status = PaymentStatus::Refunded;
        refunded.payment.refund_id = Some("REF-2".into());
        let txn = db.begin_write().unwrap();
        write_order(&txn, Some(&rejected), &refunded, at(90)).unwrap();
        assert!(!given_back(&txn, "PP-1").unwrap());
        txn.commit().unwrap();
        let (records, open) = payments_in(&db);
        assert_eq!(records[1].fate, PaymentFate::Refunded);
        assert_eq!(records[1].refund_id.as_deref(), Some("REF-2"));
        assert_eq!(records[1].history.last().unwrap().at, at(90));
        assert!(open.is_empty());
    }

    #[test]
    fn a_payment_given_back_pays_for_no_order() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate_with(&db, STEPS).unwrap();
        let txn = db.begin_write().unwrap();
        let mut record = PaymentRecord::or_new(None, "PP-9", 1460, at(0));
        write_payment(&txn, &mut record).unwrap();
        assert!(!given_back(&txn, "PP-9").unwrap(), "still capturing");
        let seen = CaptureSeen {
            capture_id: "CAP-9".into(),
            status: "COMPLETED".into(),
            amount: Some(Money {
                currency: "EUR".into(),
                cents: 100,
            }),
            reason: None,
        };
        let verdict = seen.verdict(&Money {
            currency: "EUR".into(),
            cents: 1460,
        });
        record.capture_seen(&seen, &verdict, Observer::Checkout, at(1));
        write_payment(&txn, &mut record).unwrap();
        assert!(given_back(&txn, "PP-9").unwrap(), "due for a refund");
        assert!(!given_back(&txn, "PP-1").unwrap(), "no such payment");
        txn.commit().unwrap();
        let (records, open) = payments_in(&db);
        assert_eq!(records.len(), 1, "one record per PayPal order");
        assert_eq!(open, [record.id]);
    }
}
