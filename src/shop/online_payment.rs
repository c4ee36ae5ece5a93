//! Taking a customer's PayPal payment with a trace in the payments ledger: its record is
//! written before PayPal is asked for the money, and what PayPal answers is stored
//! before anything is decided on it. A completed capture of exactly the order's total
//! pays for the order (whose transaction links the record); one that cannot pay for
//! an order is refunded at once. What stays open — a pending capture, a refund that
//! failed, a capture cut off by a crash — is the reconciliation's (`reconciliation.rs`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{Shop, ShopError};
use crate::db::DbError;
use crate::domain::error::PublicError;
use crate::domain::payment_record::{
    CaptureVerdict, Observer, PaymentFate, PaymentReason, PaymentRecord,
};
use crate::shop::metrics::PaymentStep;
use crate::shop::payments::paypal::{Approval, PaymentProblem};

/// A completed capture of exactly the order's total.
pub(super) struct Paid {
    pub capture_id: String,
    pub cents: i64,
}

/// The PayPal orders whose checkout is under way in this process: the reconciliation
/// leaves them to it.
#[derive(Default)]
pub(super) struct PaymentsInFlight(Mutex<HashMap<String, usize>>);

/// A checkout's hold on its PayPal order, released when dropped.
pub(super) struct InFlight {
    set: Arc<PaymentsInFlight>,
    paypal_order_id: String,
}

impl PaymentsInFlight {
    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<String, usize>> {
        match self.0.lock() {
            Ok(counts) => counts,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    pub(super) fn hold(self: &Arc<Self>, paypal_order_id: &str) -> InFlight {
        *self
            .counts()
            .entry(paypal_order_id.to_string())
            .or_default() += 1;
        InFlight {
            set: Arc::clone(self),
            paypal_order_id: paypal_order_id.to_string(),
        }
    }

    pub(super) fn contains(&self, paypal_order_id: &str) -> bool {
        self.counts().contains_key(paypal_order_id)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut counts = self.set.counts();
        if let Some(count) = counts.get_mut(&self.paypal_order_id) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.paypal_order_id);
            }
        }
    }
}

impl Shop {
    /// Holds `paypal_order_id` for a checkout under way (see [`PaymentsInFlight`]).
    pub(super) fn payment_in_flight(&self, paypal_order_id: &str) -> InFlight {
        self.payments_in_flight.hold(paypal_order_id)
    }

    /// Applies `step` to the stored version of `record` and stores the result.
    pub(super) async fn update_payment(
        &self,
        record: &PaymentRecord,
        step: impl FnOnce(&mut PaymentRecord) + Send + 'static,
    ) -> Result<PaymentRecord, DbError> {
        let known = record.clone();
        self.db
            .change_payment(record.paypal_order_id.clone(), move |stored| {
                let mut record = stored.unwrap_or(known);
                step(&mut record);
                record
            })
            .await
    }

    /// Takes the customer's payment of `total_cents` with the approved PayPal order
    /// `paypal_order_id`; the caller holds it in flight.
    pub(super) async fn take_payment(
        &self,
        paypal_order_id: &str,
        total_cents: i64,
    ) -> Result<Paid, ShopError> {
        let paypal = self.paypal()?;
        let id = paypal_order_id.to_string();
        let approval = paypal
            .approval(paypal_order_id, total_cents)
            .await
            .inspect_err(|_| self.counters.payment_failed(PaymentStep::Capture))?;
        let seen = match approval {
            Approval::Captured(seen) => seen,
            Approval::Capture => {
                let now = self.clock.now();
                let asked = self
                    .db
                    .change_payment(id.clone(), move |stored| {
                        let mut record = PaymentRecord::or_new(stored, &id, total_cents, now);
                        record.capture_asked(total_cents, now);
                        record
                    })
                    .await?;
                match paypal.capture_approved(paypal_order_id).await {
                    Ok(seen) => seen,
                    Err(problem) => {
                        self.counters.payment_failed(PaymentStep::Capture);
                        // An answer that never came may still be a capture: the
                        // record stays `capturing` for the reconciliation to look up.
                        if !problem.outcome_unknown() {
                            let now = self.clock.now();
                            self.update_payment(&asked, move |record| record.capture_refused(now))
                                .await?;
                        }
                        return Err(problem.into());
                    }
                }
            }
        };
        let verdict = seen.verdict(&paypal.money(total_cents));
        let now = self.clock.now();
        let capture_id = seen.capture_id.clone();
        let id = paypal_order_id.to_string();
        let record = {
            let verdict = verdict.clone();
            self.db
                .change_payment(id.clone(), move |stored| {
                    let mut record = PaymentRecord::or_new(stored, &id, total_cents, now);
                    record.capture_seen(&seen, &verdict, Observer::Checkout, now);
                    record
                })
                .await?
        };
        match PaymentProblem::of_verdict(&verdict) {
            None => match record.fate {
                PaymentFate::Completed | PaymentFate::Order => Ok(Paid {
                    capture_id,
                    cents: total_cents,
                }),
                // Given back already: the customer pays again.
                _ => Err(PaymentProblem::Refunded.into()),
            },
            Some(problem) => {
                self.counters.payment_failed(PaymentStep::Capture);
                match verdict {
                    CaptureVerdict::Pending => tracing::warn!(
                        paypal_order_id,
                        capture = %capture_id,
                        "PayPal holds the capture as pending: no order; it is refunded if it completes"
                    ),
                    CaptureVerdict::Mismatch => {
                        tracing::error!(
                            paypal_order_id,
                            capture = %capture_id,
                            captured = ?record.captured,
                            expected_cents = total_cents,
                            "PayPal captured another amount than the order total; refunding it"
                        );
                        self.give_back(record).await?;
                    }
                    _ => tracing::info!(paypal_order_id, %problem, "PayPal took no money"),
                }
                Err(problem.into())
            }
        }
    }

    /// The order paid with `paypal_order_id` could not be placed: the money goes back
    /// at once.
    pub(super) async fn refund_refused_order(&self, paypal_order_id: &str) {
        let stored = match self.db.payment(paypal_order_id.to_string()).await {
            Ok(Some(record)) => record,
            Ok(None) => return,
            Err(error) => {
                tracing::error!(%error, paypal_order_id, "cannot read the payment of a refused order; the reconciliation refunds it");
                return;
            }
        };
        let now = self.clock.now();
        let due = self
            .update_payment(&stored, move |record| {
                record.refund_due(PaymentReason::OrderRefused, now);
            })
            .await;
        let refunded = match due {
            Ok(record) => self.give_back(record).await.map(|record| record.fate),
            Err(error) => Err(error),
        };
        match refunded {
            Ok(fate) => tracing::warn!(paypal_order_id, fate = fate.as_str(), "paid order refused"),
            Err(error) => {
                tracing::error!(%error, paypal_order_id, "paid order refused; the reconciliation refunds it")
            }
        }
    }

    /// Gives a capture back through PayPal: in full (`part` is `None`), or `cents` of it
    /// as the refund `request_id` names. Every refund the shop makes goes through here,
    /// and a failed one (PayPal not set up included) is counted for `/metrics`.
    pub(super) async fn refund_capture(
        &self,
        capture_id: &str,
        part: Option<(i64, &str)>,
    ) -> Result<Option<String>, PaymentProblem> {
        let outcome = match (self.paypal.as_deref(), part) {
            (Some(paypal), None) => paypal.refund(capture_id).await,
            (Some(paypal), Some((cents, request_id))) => {
                paypal.refund_part(capture_id, cents, request_id).await
            }
            (None, _) => Err(PaymentProblem::Unavailable),
        };
        if outcome.is_err() {
            self.counters.payment_failed(PaymentStep::Refund);
        }
        outcome
    }

    /// Refunds a payment due to be given back without an order, and stores the
    /// outcome; answers the record as stored.
    pub(super) async fn give_back(&self, record: PaymentRecord) -> Result<PaymentRecord, DbError> {
        if !record.refund_without_order() {
            return Ok(record);
        }
        let Some(capture_id) = record.capture_id.clone() else {
            return Ok(record);
        };
        let outcome = self.refund_capture(&capture_id, None).await;
        match &outcome {
            Ok(refund) => tracing::warn!(
                paypal_order_id = %record.paypal_order_id,
                capture = %capture_id,
                refund = refund.as_deref().unwrap_or("made before"),
                "payment without an order refunded"
            ),
            Err(problem) => {
                tracing::error!(
                    paypal_order_id = %record.paypal_order_id,
                    capture = %capture_id,
                    %problem,
                    "refund of a payment without an order failed; the reconciliation tries again"
                );
            }
        }
        let outcome = outcome.map_err(|problem| problem.code().as_str().to_string());
        let now = self.clock.now();
        self.update_payment(&record, move |record| record.refund_outcome(outcome, now))
            .await
    }
}
