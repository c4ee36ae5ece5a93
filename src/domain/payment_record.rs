//! The payments ledger's record: one per PayPal order the shop asked PayPal to capture,
//! written before the money moves and followed until the money has an end — an order,
//! a refund, or nothing taken. What PayPal reports about a capture, and what that
//! means for the order it was to pay, are decided here; the database stores each step
//! in one transaction (with the order, when there is one).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::order::{Order, OrderStatus, PaymentStatus};

/// Events a record keeps: the first and the latest ones.
pub const HISTORY_LIMIT: usize = 20;

/// Where a payment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentFate {
    /// PayPal was asked to capture; its answer is not known (yet).
    Capturing,
    /// PayPal holds the capture as pending: no order; refunded should it complete.
    Pending,
    /// Captured in full for the order being placed.
    Completed,
    /// Paid for its order.
    Order,
    /// Taken, but no order keeps it (or its order was rejected): to be refunded.
    RefundDue,
    Refunded,
    /// The refund failed; the reconciliation tries again.
    RefundFailed,
    /// PayPal took no money: declined, failed or never captured.
    Failed,
}

impl PaymentFate {
    pub const ALL: [PaymentFate; 8] = [
        PaymentFate::Capturing,
        PaymentFate::Pending,
        PaymentFate::Completed,
        PaymentFate::Order,
        PaymentFate::RefundDue,
        PaymentFate::Refunded,
        PaymentFate::RefundFailed,
        PaymentFate::Failed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentFate::Capturing => "capturing",
            PaymentFate::Pending => "pending",
            PaymentFate::Completed => "completed",
            PaymentFate::Order => "order",
            PaymentFate::RefundDue => "refund_due",
            PaymentFate::Refunded => "refunded",
            PaymentFate::RefundFailed => "refund_failed",
            PaymentFate::Failed => "failed",
        }
    }

    /// Not at an end yet: the reconciliation drives it on, and the restaurant sees it
    /// among the payments that need attention.
    pub fn is_open(self) -> bool {
        !matches!(
            self,
            PaymentFate::Order | PaymentFate::Refunded | PaymentFate::Failed
        )
    }
}

/// Why a payment made no order, or lost it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentReason {
    /// The order could not be placed once paid (the shop closed, the menu changed).
    OrderRefused,
    /// PayPal captured another amount or currency than the order's total.
    AmountMismatch,
    /// PayPal completed a pending capture after the customer was told there was no
    /// order.
    CompletedAfterCheckout,
    /// Captured, but no order came of it (the server stopped in between).
    NoOrder,
    /// The paid order was rejected.
    OrderRejected,
    /// PayPal declined the capture.
    Declined,
    /// PayPal made no capture.
    NotCaptured,
}

impl PaymentReason {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentReason::OrderRefused => "order_refused",
            PaymentReason::AmountMismatch => "amount_mismatch",
            PaymentReason::CompletedAfterCheckout => "completed_after_checkout",
            PaymentReason::NoOrder => "no_order",
            PaymentReason::OrderRejected => "order_rejected",
            PaymentReason::Declined => "declined",
            PaymentReason::NotCaptured => "not_captured",
        }
    }
}

/// An amount as PayPal states it: cents in a currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Money {
    pub currency: String,
    pub cents: i64,
}

/// What PayPal reports about a capture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureSeen {
    pub capture_id: String,
    /// `COMPLETED`, `PENDING`, `DECLINED`, `FAILED`, `REFUNDED`, …
    pub status: String,
    pub amount: Option<Money>,
    /// PayPal's reason for a capture that is not completed.
    pub reason: Option<String>,
}

/// What a capture means for the order it was to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaptureVerdict {
    /// Completed for exactly the expected amount and currency.
    Completed,
    /// Completed, but for another amount or currency.
    Mismatch,
    Pending,
    /// Declined or failed, no money taken; PayPal's reason.
    Declined(Option<String>),
    /// Refunded at PayPal already.
    Refunded,
    /// A status the shop does not know: nothing is decided on it.
    Unknown,
}

impl CaptureSeen {
    pub fn verdict(&self, expected: &Money) -> CaptureVerdict {
        match self.status.as_str() {
            "COMPLETED"
                if self.amount.as_ref() == Some(expected) && !self.capture_id.is_empty() =>
            {
                CaptureVerdict::Completed
            }
            "COMPLETED" => CaptureVerdict::Mismatch,
            "PENDING" => CaptureVerdict::Pending,
            "DECLINED" | "FAILED" => CaptureVerdict::Declined(self.reason.clone()),
            "REFUNDED" => CaptureVerdict::Refunded,
            _ => CaptureVerdict::Unknown,
        }
    }
}

/// Who looks at a capture: the customer's checkout, which places the order once the
/// money is there, or the reconciliation, for which no customer waits any more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Observer {
    Checkout,
    Reconciliation,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentEvent {
    pub at: DateTime<Utc>,
    pub fate: PaymentFate,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentRecord {
    /// Counts up: newer payments have higher ids.
    pub id: u64,
    pub paypal_order_id: String,
    /// What the shop asked PayPal for, in cents of the shop's currency.
    pub asked_cents: i64,
    pub capture_id: Option<String>,
    /// What PayPal captured, as PayPal stated it.
    pub captured: Option<Money>,
    /// The capture's status as PayPal last reported it.
    pub paypal_status: Option<String>,
    pub fate: PaymentFate,
    pub reason: Option<PaymentReason>,
    pub first_seen: DateTime<Utc>,
    pub last_checked: DateTime<Utc>,
    pub order_id: Option<u64>,
    pub order_number: Option<u32>,
    pub refund_id: Option<String>,
    /// The error code of the last refund that failed.
    pub refund_error: Option<String>,
    /// Each change of fate, the first and the latest [`HISTORY_LIMIT`].
    pub history: Vec<PaymentEvent>,
}

impl PaymentRecord {
    fn new(paypal_order_id: &str, asked_cents: i64, fate: PaymentFate, at: DateTime<Utc>) -> Self {
        PaymentRecord {
            id: 0,
            paypal_order_id: paypal_order_id.to_string(),
            asked_cents,
            capture_id: None,
            captured: None,
            paypal_status: None,
            fate,
            reason: None,
            first_seen: at,
            last_checked: at,
            order_id: None,
            order_number: None,
            refund_id: None,
            refund_error: None,
            history: vec![PaymentEvent { at, fate }],
        }
    }

    /// The stored record of `paypal_order_id`, or a new one: PayPal was asked (or is
    /// about to be asked) to capture it for `asked_cents`.
    pub fn or_new(
        existing: Option<PaymentRecord>,
        paypal_order_id: &str,
        asked_cents: i64,
        now: DateTime<Utc>,
    ) -> PaymentRecord {
        existing.unwrap_or_else(|| {
            PaymentRecord::new(paypal_order_id, asked_cents, PaymentFate::Capturing, now)
        })
    }

    /// The record of a payment made before the ledger existed, from its order; `None`
    /// for an order not paid through PayPal.
    pub fn of_order(order: &Order) -> Option<PaymentRecord> {
        let paypal_order_id = order.payment.paypal_order_id.as_deref()?;
        let mut record = PaymentRecord::new(
            paypal_order_id,
            order.totals.total_cents,
            PaymentFate::Completed,
            order.created_at,
        );
        record.history.clear();
        record.follow_order(order, order.created_at);
        if record.history.is_empty() {
            return None;
        }
        Some(record)
    }

    /// When the payment came to its current fate.
    pub fn fate_since(&self) -> DateTime<Utc> {
        self.history
            .last()
            .map_or(self.first_seen, |event| event.at)
    }

    /// The shop asks PayPal to capture again (after a refusal, or an answer that
    /// never came).
    pub fn capture_asked(&mut self, asked_cents: i64, now: DateTime<Utc>) {
        if self.fate == PaymentFate::Failed {
            self.asked_cents = asked_cents;
            self.reason = None;
            self.move_to(PaymentFate::Capturing, None, now);
        }
        self.last_checked = now;
    }

    /// PayPal refused the capture: no money was taken.
    pub fn capture_refused(&mut self, now: DateTime<Utc>) {
        if self.fate == PaymentFate::Capturing {
            self.move_to(PaymentFate::Failed, Some(PaymentReason::Declined), now);
        }
        self.last_checked = now;
    }

    /// PayPal reported no capture for the order. Only once the attempt is `settled`
    /// (long enough ago that no capture is still under way) does that mean none came.
    pub fn no_capture(&mut self, settled: bool, now: DateTime<Utc>) {
        if self.fate == PaymentFate::Capturing && settled {
            self.move_to(PaymentFate::Failed, Some(PaymentReason::NotCaptured), now);
        }
        self.last_checked = now;
    }

    /// PayPal reported `seen`, which means `verdict` for the order; `by` says whether
    /// a customer waits for that order.
    pub fn capture_seen(
        &mut self,
        seen: &CaptureSeen,
        verdict: &CaptureVerdict,
        by: Observer,
        now: DateTime<Utc>,
    ) {
        self.last_checked = now;
        if !seen.capture_id.is_empty() {
            self.capture_id = Some(seen.capture_id.clone());
        }
        if seen.amount.is_some() {
            self.captured = seen.amount.clone();
        }
        self.paypal_status = Some(seen.status.clone());
        // Money that made an order or is on its way back stays there.
        if !matches!(
            self.fate,
            PaymentFate::Capturing
                | PaymentFate::Pending
                | PaymentFate::Completed
                | PaymentFate::Failed
        ) {
            return;
        }
        let (fate, reason) = match (verdict, by) {
            (CaptureVerdict::Completed, Observer::Checkout) => (PaymentFate::Completed, None),
            (CaptureVerdict::Completed, Observer::Reconciliation) => {
                let reason = if self.fate == PaymentFate::Pending {
                    PaymentReason::CompletedAfterCheckout
                } else {
                    PaymentReason::NoOrder
                };
                (PaymentFate::RefundDue, Some(reason))
            }
            (CaptureVerdict::Mismatch, _) => {
                (PaymentFate::RefundDue, Some(PaymentReason::AmountMismatch))
            }
            (CaptureVerdict::Pending, _) => (PaymentFate::Pending, None),
            (CaptureVerdict::Declined(_), _) => {
                (PaymentFate::Failed, Some(PaymentReason::Declined))
            }
            (CaptureVerdict::Refunded, _) => (PaymentFate::Refunded, None),
            (CaptureVerdict::Unknown, _) => return,
        };
        self.move_to(fate, reason, now);
    }

    /// The captured money will make no order (it was refused, or never came): it is
    /// to be given back.
    pub fn refund_due(&mut self, reason: PaymentReason, now: DateTime<Utc>) {
        if self.fate == PaymentFate::Completed && self.order_id.is_none() {
            self.move_to(PaymentFate::RefundDue, Some(reason), now);
        }
        self.last_checked = now;
    }

    /// Whether the money is to be given back without an order.
    pub fn refund_without_order(&self) -> bool {
        matches!(
            self.fate,
            PaymentFate::RefundDue | PaymentFate::RefundFailed
        ) && self.order_id.is_none()
    }

    /// The outcome of a refund without an order: PayPal's refund id (`None` when
    /// PayPal had refunded it before), or the error code.
    pub fn refund_outcome(&mut self, outcome: Result<Option<String>, String>, now: DateTime<Utc>) {
        self.last_checked = now;
        if !self.refund_without_order() {
            return;
        }
        match outcome {
            Ok(refund_id) => {
                self.refund_id = refund_id.or(self.refund_id.take());
                self.refund_error = None;
                self.move_to(PaymentFate::Refunded, None, now);
            }
            Err(code) => {
                self.refund_error = Some(code);
                self.move_to(PaymentFate::RefundFailed, None, now);
            }
        }
    }

    /// The order this payment paid was written (placed, rejected, refunded): the
    /// record follows it.
    pub fn follow_order(&mut self, order: &Order, now: DateTime<Utc>) {
        let (fate, reason) = match order.payment.status {
            PaymentStatus::CashDue | PaymentStatus::Cancelled => return,
            PaymentStatus::Paid if order.status == OrderStatus::Rejected => {
                (PaymentFate::RefundDue, Some(PaymentReason::OrderRejected))
            }
            PaymentStatus::Paid => (PaymentFate::Order, None),
            PaymentStatus::Refunded => (PaymentFate::Refunded, None),
            PaymentStatus::RefundFailed => (PaymentFate::RefundFailed, None),
        };
        self.order_id = Some(order.id);
        self.order_number = Some(order.number);
        if let Some(capture_id) = &order.payment.capture_id {
            self.capture_id = Some(capture_id.clone());
        }
        if order.payment.refund_id.is_some() {
            self.refund_id = order.payment.refund_id.clone();
        }
        self.refund_error = order.payment.refund_error.clone();
        self.move_to(fate, reason, now);
    }

    fn move_to(&mut self, fate: PaymentFate, reason: Option<PaymentReason>, now: DateTime<Utc>) {
        self.last_checked = now;
        if reason.is_some() {
            self.reason = reason;
        }
        if self.fate == fate && !self.history.is_empty() {
            return;
        }
        self.fate = fate;
        self.history.push(PaymentEvent { at: now, fate });
        if self.history.len() > HISTORY_LIMIT {
            self.history.remove(1);
        }
    }
}

#[cfg(test)]
mod tests;
