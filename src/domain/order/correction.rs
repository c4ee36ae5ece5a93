//! Corrections after an order was accepted: cancelled with a reason, or its lines
//! changed, also once it is completed (a complaint after delivery or pickup). A receipt
//! that was issued is never overwritten silently: each correction keeps the receipt it
//! reverses (lines, totals and VAT as they were), what was given back, and the TSE
//! transactions of its Storno (the reversed receipt with every amount negated, DSFinV-K
//! 4.2.2) and, for a change, of the new receipt. Corrections are the restaurant's own:
//! they belong to a business day that is not closed yet.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::lines::{LineError, PricedLine};
use super::totals::Totals;
use super::{Actor, Order, OrderStatus, OrderType, PaymentMethod, PaymentStatus, VatLine};
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use crate::domain::fiscal::signing::OrderTse;
use crate::domain::money::format_euros;

/// The longest reason for a correction, as for a rejection.
pub const MAX_CORRECTION_REASON_CHARS: usize = 300;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorrectionKind {
    /// The whole order was cancelled.
    Cancelled,
    /// Lines were removed, replaced or their quantities changed.
    Changed,
}

impl CorrectionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CorrectionKind::Cancelled => "cancelled",
            CorrectionKind::Changed => "changed",
        }
    }
}

/// What a receipt said: the lines sold, the totals and the VAT per rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReceiptState {
    pub lines: Vec<PricedLine>,
    pub totals: Totals,
    pub vat: Vec<VatLine>,
}

/// One correction of an accepted order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    pub kind: CorrectionKind,
    pub at: DateTime<Utc>,
    pub by: Actor,
    pub reason: String,
    /// The receipt the correction reverses: the order as it was before.
    pub reversed: ReceiptState,
    /// Given back to the customer: through PayPal for an online payment, in cash from
    /// the till for a completed cash order (0 when nothing was paid yet).
    #[serde(default)]
    pub refunded_cents: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund_id: Option<String>,
    /// The TSE transaction of the Storno of `reversed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storno_tse: Option<OrderTse>,
    /// A change: the TSE transaction of the new receipt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt_tse: Option<OrderTse>,
}

/// Why an order cannot be corrected (now).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CorrectionRefusal {
    #[error("Order {number} is {status}: only an accepted or completed order can be corrected.")]
    NotCorrectable { number: u32, status: &'static str },
    #[error("Please give a reason (at most {MAX_CORRECTION_REASON_CHARS} characters).")]
    BadReason,
    #[error(
        "The business day of order {number} is closed (its daily closing exists): it cannot be corrected any more."
    )]
    DayClosed { number: u32 },
    #[error(
        "PayPal did not refund the payment, so the order was left as it was. Please try again; if it keeps failing, refund it at PayPal."
    )]
    RefundFailed,
    #[error("lines: the order already has these lines; nothing changed.")]
    Unchanged,
    #[error(
        "lines: the order is paid ({paid}); a change may make it cheaper, never dearer (it would be {total}).",
        paid = format_euros(*paid_cents),
        total = format_euros(*total_cents)
    )]
    PaidTotalRaised { paid_cents: i64, total_cents: i64 },
    #[error(
        "lines: order {number} is completed: a change may only take items off or lower their quantity (anything else is a new order)."
    )]
    CompletedOrderGrows { number: u32 },
    #[error("lines: {0}")]
    Lines(LineError),
}

impl PublicError for CorrectionRefusal {
    fn code(&self) -> ErrorCode {
        match self {
            CorrectionRefusal::NotCorrectable { .. } => ErrorCode::InvalidTransition,
            CorrectionRefusal::BadReason => ErrorCode::Invalid,
            CorrectionRefusal::DayClosed { .. } => ErrorCode::DayClosed,
            CorrectionRefusal::RefundFailed => ErrorCode::RefundFailed,
            CorrectionRefusal::Unchanged => ErrorCode::Invalid,
            CorrectionRefusal::PaidTotalRaised { .. } => ErrorCode::PaidTotalRaised,
            CorrectionRefusal::CompletedOrderGrows { .. } => ErrorCode::CompletedOrderGrows,
            CorrectionRefusal::Lines(error) => error.code(),
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            CorrectionRefusal::NotCorrectable { .. } | CorrectionRefusal::DayClosed { .. } => {
                ErrorStatus::Conflict
            }
            CorrectionRefusal::BadReason
            | CorrectionRefusal::Unchanged
            | CorrectionRefusal::Lines(
                LineError::EmptyCart
                | LineError::TooManyLines
                | LineError::BadQuantity
                | LineError::BadExtraQuantity,
            ) => ErrorStatus::BadRequest,
            CorrectionRefusal::PaidTotalRaised { .. }
            | CorrectionRefusal::CompletedOrderGrows { .. }
            | CorrectionRefusal::Lines(_) => ErrorStatus::Conflict,
            CorrectionRefusal::RefundFailed => ErrorStatus::Unavailable,
        }
    }

    fn field(&self) -> Option<&str> {
        match self {
            CorrectionRefusal::BadReason => Some("reason"),
            CorrectionRefusal::Unchanged
            | CorrectionRefusal::PaidTotalRaised { .. }
            | CorrectionRefusal::CompletedOrderGrows { .. }
            | CorrectionRefusal::Lines(_) => Some("lines"),
            _ => None,
        }
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            CorrectionRefusal::PaidTotalRaised { paid_cents, .. } => {
                vec![("paid", format_euros(*paid_cents))]
            }
            CorrectionRefusal::Lines(error) => error.params(),
            _ => Vec::new(),
        }
    }

    fn detail(&self) -> String {
        match self {
            CorrectionRefusal::BadReason => format!("reason: {self}"),
            _ => self.to_string(),
        }
    }
}

/// A reason as given, trimmed; refused when empty, too long or with control characters.
pub fn correction_reason(reason: &str) -> Result<String, CorrectionRefusal> {
    let reason = reason.trim();
    if reason.is_empty()
        || reason.chars().count() > MAX_CORRECTION_REASON_CHARS
        || reason.chars().any(char::is_control)
    {
        return Err(CorrectionRefusal::BadReason);
    }
    Ok(reason.to_string())
}

/// What the customer paid and has not been given back, the amount a correction may
/// return: an online payment PayPal captured, or the cash of a completed delivery or
/// pickup (paid at the door or the counter). A table's guest pays when the food comes
/// or when leaving, as the restaurant runs it: a completed table order may be unpaid
/// still, so nothing is recorded as given back for it.
pub fn refundable_cents(order: &Order) -> i64 {
    match (order.payment.method, order.payment.status) {
        (PaymentMethod::Online, PaymentStatus::Paid) => order.totals.total_cents,
        (PaymentMethod::Cash, PaymentStatus::CashDue)
            if order.status == OrderStatus::Completed && order.order_type != OrderType::DineIn =>
        {
            order.totals.total_cents
        }
        _ => 0,
    }
}

impl Order {
    /// What the order's receipt says now.
    pub fn receipt_state(&self) -> ReceiptState {
        ReceiptState {
            lines: self.lines.clone(),
            totals: self.totals,
            vat: self.vat.clone(),
        }
    }

    /// Whether the restaurant may still correct the order: accepted (on its way or
    /// completed), not cancelled, rejected or waiting.
    pub fn check_correctable(&self) -> Result<(), CorrectionRefusal> {
        match self.status {
            OrderStatus::Accepted
            | OrderStatus::Preparing
            | OrderStatus::OutForDelivery
            | OrderStatus::ReadyForPickup
            | OrderStatus::Completed => Ok(()),
            OrderStatus::WaitingForConfirmation
            | OrderStatus::Rejected
            | OrderStatus::Cancelled => Err(CorrectionRefusal::NotCorrectable {
                number: self.number,
                status: self.status.english(),
            }),
        }
    }

    /// The restaurant cancels the accepted order: the receipt is reversed in full and
    /// nothing is due any more; `refund` is what PayPal gave back (with its id), for an
    /// order paid online. A completed cash order's cash goes back from the till.
    pub fn cancel(
        &mut self,
        reason: &str,
        now: DateTime<Utc>,
        by: &Actor,
        refund: Option<(i64, Option<String>)>,
    ) -> Result<(), CorrectionRefusal> {
        self.check_correctable()?;
        let reason = correction_reason(reason)?;
        let (refunded_cents, refund_id) = match self.payment.method {
            PaymentMethod::Cash => (refundable_cents(self), None),
            PaymentMethod::Online => refund.unwrap_or((0, None)),
        };
        self.corrections.push(Correction {
            kind: CorrectionKind::Cancelled,
            at: now,
            by: by.clone(),
            reason: reason.clone(),
            reversed: self.receipt_state(),
            refunded_cents,
            refund_id: refund_id.clone(),
            storno_tse: None,
            receipt_tse: None,
        });
        self.payment.status = match self.payment.method {
            PaymentMethod::Cash if refunded_cents == 0 => PaymentStatus::Cancelled,
            PaymentMethod::Cash | PaymentMethod::Online => PaymentStatus::Refunded,
        };
        if refund_id.is_some() {
            self.payment.refund_id = refund_id;
        }
        self.payment.refund_error = None;
        self.cash_given_cents = None;
        self.record(OrderStatus::Cancelled, now, reason, by);
        Ok(())
    }

    /// The latest correction, when the order has one.
    pub fn last_correction(&self) -> Option<&Correction> {
        self.corrections.last()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::order::tests::sample_order;

    fn staff() -> Actor {
        Actor::Staff {
            user_id: 3,
            name: "Luca".into(),
        }
    }

    #[test]
    fn a_cancelled_order_keeps_the_receipt_it_reverses_and_is_no_sale() {
        let mut order = sample_order();
        order.status = OrderStatus::Preparing;
        let before = order.receipt_state();
        let now = order.created_at + chrono::Duration::minutes(20);
        order
            .cancel("  Fahrer krank ", now, &staff(), None)
            .unwrap();
        assert_eq!(order.status, OrderStatus::Cancelled);
        assert!(!order.is_sale());
        assert!(!order.status.is_open());
        assert_eq!(order.payment.status, PaymentStatus::Cancelled);
        let correction = order.last_correction().unwrap();
        assert_eq!(correction.kind, CorrectionKind::Cancelled);
        assert_eq!(correction.reason, "Fahrer krank");
        assert_eq!(correction.reversed, before);
        assert_eq!(correction.by, staff());
        let last = order.history.last().unwrap();
        assert_eq!(last.status, OrderStatus::Cancelled);
        assert_eq!(last.note, "Fahrer krank");
    }

    #[test]
    fn only_an_accepted_order_can_be_cancelled() {
        for status in [
            OrderStatus::WaitingForConfirmation,
            OrderStatus::Rejected,
            OrderStatus::Cancelled,
        ] {
            let mut order = sample_order();
            order.status = status;
            let refused = order
                .cancel("x", order.created_at, &staff(), None)
                .unwrap_err();
            assert!(
                matches!(refused, CorrectionRefusal::NotCorrectable { .. }),
                "{status:?}"
            );
            assert!(order.corrections.is_empty());
        }
    }

    #[test]
    fn a_completed_cash_order_gives_its_cash_back() {
        let mut order = sample_order();
        order.status = OrderStatus::Completed;
        order.totals.subtotal_cents = 1890;
        order.totals.total_cents = 1890;
        let paid = order.totals.total_cents;
        assert_eq!(refundable_cents(&order), paid);
        order
            .cancel("Pizza kalt", order.created_at, &staff(), None)
            .unwrap();
        assert_eq!(order.status, OrderStatus::Cancelled);
        assert_eq!(order.payment.status, PaymentStatus::Refunded);
        assert_eq!(order.corrections[0].refunded_cents, paid);
        assert_eq!(order.corrections[0].refund_id, None);
        assert_eq!(refundable_cents(&order), 0);
    }

    #[test]
    fn a_reason_is_required() {
        let mut order = sample_order();
        order.status = OrderStatus::Accepted;
        for reason in ["", "   ", "a\u{7}b", &"x".repeat(301)] {
            assert_eq!(
                order.cancel(reason, order.created_at, &staff(), None),
                Err(CorrectionRefusal::BadReason)
            );
        }
        assert_eq!(order.status, OrderStatus::Accepted);
    }

    #[test]
    fn an_online_order_is_refunded_in_full() {
        let mut order = sample_order();
        order.status = OrderStatus::Accepted;
        order.payment.method = PaymentMethod::Online;
        order.payment.status = PaymentStatus::Paid;
        let total = order.totals.total_cents;
        assert_eq!(refundable_cents(&order), total);
        order
            .cancel(
                "Ausverkauft",
                order.created_at,
                &staff(),
                Some((total, Some("R1".into()))),
            )
            .unwrap();
        assert_eq!(order.payment.status, PaymentStatus::Refunded);
        assert_eq!(order.payment.refund_id.as_deref(), Some("R1"));
        assert_eq!(order.corrections[0].refunded_cents, total);
        assert_eq!(refundable_cents(&order), 0);
    }
}
