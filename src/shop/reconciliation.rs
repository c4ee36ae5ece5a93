//! No capture without an order or a refund. At every start and then every hour (by the
//! shop's clock), the payments not at an end yet are driven on: a capture whose answer
//! never came is looked up at PayPal, a pending one is checked again (and refunded if
//! it completed: the customer left without an order), a capture that made no order
//! and a refund that failed are refunded, and a rejected order whose refund never
//! happened (a stop between the rejection and the refund) gets it. A run looks at
//! [`PER_RUN`] payments at most, the next run goes on after them, and it stops between
//! two payments once the server is finishing.

use std::time::Duration;

use super::{Shop, ShopError};
use crate::db::DbError;
use crate::domain::payment_record::{Observer, PaymentFate, PaymentReason, PaymentRecord};

/// How often the clock is looked at.
const CHECK_EVERY: Duration = Duration::from_secs(1);
/// How long one run waits for the next.
const RUN_EVERY: chrono::Duration = chrono::Duration::hours(1);
/// Payments looked at in one run.
const PER_RUN: usize = 100;
/// A capture PayPal still has no trace of this long after it was asked for never came.
const NO_CAPTURE_AFTER: chrono::Duration = chrono::Duration::minutes(15);

/// What one run did: how many payments it looked at and where they stand now.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reconciled {
    checked: usize,
    refunded: usize,
    refund_failed: usize,
    pending: usize,
    failed: usize,
    /// Left open for the next run (PayPal not reachable, a capture not settled yet).
    open: usize,
    /// Under way in a checkout right now.
    skipped: usize,
    errors: usize,
}

impl Reconciled {
    fn count(&mut self, fate: PaymentFate) {
        self.checked += 1;
        match fate {
            PaymentFate::Refunded => self.refunded += 1,
            PaymentFate::RefundFailed => self.refund_failed += 1,
            PaymentFate::Pending => self.pending += 1,
            PaymentFate::Failed => self.failed += 1,
            PaymentFate::Order => {}
            PaymentFate::Capturing | PaymentFate::Completed | PaymentFate::RefundDue => {
                self.open += 1;
            }
        }
    }
}

impl Shop {
    /// One run over at most [`PER_RUN`] open payments with an id above `after`;
    /// `stop` is asked between two payments. Answers what it did and where the next
    /// run goes on (`None`: from the start).
    pub(super) async fn reconcile_payments(
        &self,
        after: Option<u64>,
        stop: impl Fn() -> bool,
    ) -> Result<(Reconciled, Option<u64>), DbError> {
        let open = self.db.open_payments(after, PER_RUN).await?;
        let mut next = if open.len() == PER_RUN {
            open.last().map(|record| record.id)
        } else {
            None
        };
        let mut done = Reconciled::default();
        for record in open {
            if stop() {
                tracing::info!("stopping: the other open payments wait for the next start");
                next = None;
                break;
            }
            if self.payments_in_flight.contains(&record.paypal_order_id) {
                done.skipped += 1;
                continue;
            }
            let id = record.paypal_order_id.clone();
            match self.reconcile(record).await {
                Ok(record) => done.count(record.fate),
                Err(error) => {
                    tracing::error!(%error, paypal_order_id = %id, "cannot reconcile a payment");
                    done.errors += 1;
                }
            }
        }
        Ok((done, next))
    }

    /// Drives one payment on as far as PayPal lets it now.
    async fn reconcile(&self, record: PaymentRecord) -> Result<PaymentRecord, ShopError> {
        let paypal = self.paypal()?;
        let now = self.clock.now();
        let looked_up = match record.fate {
            PaymentFate::Capturing => paypal.order_capture(&record.paypal_order_id).await,
            PaymentFate::Pending => match &record.capture_id {
                Some(capture_id) => paypal.capture_state(capture_id).await.map(Some),
                None => paypal.order_capture(&record.paypal_order_id).await,
            },
            _ => Ok(None),
        };
        let record = match (record.fate, looked_up) {
            (PaymentFate::Capturing | PaymentFate::Pending, Err(problem)) => {
                tracing::warn!(paypal_order_id = %record.paypal_order_id, %problem, "PayPal not reachable; the payment stays open");
                return Ok(record);
            }
            (PaymentFate::Capturing | PaymentFate::Pending, Ok(Some(seen))) => {
                let verdict = seen.verdict(&paypal.money(record.asked_cents));
                self.update_payment(&record, move |record| {
                    record.capture_seen(&seen, &verdict, Observer::Reconciliation, now);
                })
                .await?
            }
            (PaymentFate::Capturing, Ok(None)) => {
                let settled = now - record.fate_since() >= NO_CAPTURE_AFTER;
                self.update_payment(&record, move |record| record.no_capture(settled, now))
                    .await?
            }
            // Captured, and the order never came (the server stopped in between).
            (PaymentFate::Completed, _) => {
                self.update_payment(&record, move |record| {
                    record.refund_due(PaymentReason::NoOrder, now);
                })
                .await?
            }
            _ => record,
        };
        if record.refund_without_order() {
            return Ok(self.give_back(record).await?);
        }
        // A rejected order whose refund did not happen: refunded through its order,
        // whose transaction the ledger follows.
        if let (PaymentFate::RefundDue | PaymentFate::RefundFailed, Some(order_id)) =
            (record.fate, record.order_id)
        {
            if let Some(order) = self.db.order(order_id).await? {
                self.refund_if_paid(order).await?;
            }
            let stored = self.db.payment(record.paypal_order_id.clone()).await?;
            return Ok(stored.unwrap_or(record));
        }
        Ok(record)
    }
}

/// Runs at once and then every [`RUN_EVERY`] by the shop's clock (a backlog larger than
/// a run goes on at the next second), until `finishing` turns true (a payment under way
/// is finished first). Without PayPal configured
/// nothing can be looked up: a start with open payments says so.
pub(super) fn spawn(
    shop: Shop,
    mut finishing: tokio::sync::watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        if shop.paypal.is_none() {
            if let Ok(open) = shop.db.open_payments(None, 1).await
                && !open.is_empty()
            {
                tracing::warn!(
                    "payments wait for their refund or check, but PayPal is not configured"
                );
            }
            return;
        }
        let mut ticks = tokio::time::interval(CHECK_EVERY);
        let mut due = shop.clock.now();
        let mut after = None;
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                _ = finishing.changed() => break,
            }
            let now = shop.clock.now();
            if now < due {
                continue;
            }
            due = now + RUN_EVERY;
            let stopping = finishing.clone();
            match shop.reconcile_payments(after, || *stopping.borrow()).await {
                Ok((done, next)) => {
                    // More than one run's worth is open: the next run follows at once.
                    if next.is_some() {
                        due = now;
                    }
                    after = next;
                    tracing::info!(
                        checked = done.checked,
                        refunded = done.refunded,
                        refund_failed = done.refund_failed,
                        pending = done.pending,
                        failed = done.failed,
                        open = done.open,
                        skipped = done.skipped,
                        errors = done.errors,
                        "payments reconciled"
                    );
                }
                Err(error) => tracing::error!(%error, "reconciling the payments failed"),
            }
        }
    })
}
