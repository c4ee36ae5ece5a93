//! The payments ledger for the restaurant (admin only): every PayPal payment the shop
//! asked for, newest first, with what became of it — an order, a refund (and why), a
//! pending capture, a refund that failed.

use chrono::{DateTime, Utc};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::error::Refusal;
use crate::domain::money::cents_to_euros;
use crate::domain::payment_record::{PaymentEvent, PaymentRecord};
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::ApiError;

/// Payments on one page unless `limit` says otherwise, and at most.
const DEFAULT_LIMIT: u32 = 50;
const MAX_LIMIT: u32 = 200;

pub struct PaymentsApi {
    pub state: AppState,
}

#[derive(Debug, Object)]
pub struct PaymentEventView {
    pub at: DateTime<Utc>,
    /// The fate the payment came to then.
    pub fate: String,
}

#[derive(Debug, Object)]
pub struct PaymentView {
    /// Newer payments have higher ids.
    pub id: u64,
    pub paypal_order_id: String,
    #[oai(nullable)]
    pub capture_id: Option<String>,
    /// What the shop asked PayPal for (the order total), in `currency`.
    pub amount: f64,
    /// The shop's currency.
    pub currency: String,
    /// What PayPal captured, as PayPal stated it.
    #[oai(nullable)]
    pub captured_amount: Option<f64>,
    #[oai(nullable)]
    pub captured_currency: Option<String>,
    /// The capture's status as PayPal last reported it (`COMPLETED`, `PENDING`, …).
    #[oai(nullable)]
    pub paypal_status: Option<String>,
    /// `capturing`, `pending`, `completed`, `order`, `refund_due`, `refunded`,
    /// `refund_failed` or `failed`.
    pub fate: String,
    /// Why it made no order or lost it: `order_refused`, `amount_mismatch`,
    /// `completed_after_checkout`, `no_order`, `order_rejected`, `declined` or
    /// `not_captured`.
    #[oai(nullable)]
    pub reason: Option<String>,
    /// Not at an end yet (pending, to be refunded, refund failed, …).
    pub needs_attention: bool,
    pub first_seen: DateTime<Utc>,
    pub last_checked: DateTime<Utc>,
    #[oai(nullable)]
    pub order_id: Option<u64>,
    #[oai(nullable)]
    pub order_number: Option<u32>,
    #[oai(nullable)]
    pub refund_id: Option<String>,
    /// The error code of the last refund that failed.
    #[oai(nullable)]
    pub refund_error: Option<String>,
    /// Each change of fate, oldest first.
    pub history: Vec<PaymentEventView>,
}

#[derive(Debug, Object)]
pub struct PaymentsPage {
    /// Newest first.
    pub payments: Vec<PaymentView>,
    /// `before` for the next page; null on the last one.
    #[oai(nullable)]
    pub next_before: Option<u64>,
}

fn view(payment: PaymentRecord, currency: &str) -> PaymentView {
    PaymentView {
        id: payment.id,
        capture_id: payment.capture_id,
        amount: cents_to_euros(payment.asked_cents),
        currency: currency.to_string(),
        captured_amount: payment
            .captured
            .as_ref()
            .map(|money| cents_to_euros(money.cents)),
        captured_currency: payment.captured.map(|money| money.currency),
        paypal_status: payment.paypal_status,
        fate: payment.fate.as_str().to_string(),
        reason: payment.reason.map(|reason| reason.as_str().to_string()),
        needs_attention: payment.fate.is_open(),
        first_seen: payment.first_seen,
        last_checked: payment.last_checked,
        order_id: payment.order_id,
        order_number: payment.order_number,
        refund_id: payment.refund_id,
        refund_error: payment.refund_error,
        history: payment
            .history
            .into_iter()
            .map(|PaymentEvent { at, fate }| PaymentEventView {
                at,
                fate: fate.as_str().to_string(),
            })
            .collect(),
        paypal_order_id: payment.paypal_order_id,
    }
}

#[OpenApi]
impl PaymentsApi {
    /// The PayPal payments, newest first, a page at a time.
    #[oai(path = "/admin/payments", method = "get")]
    async fn payments(
        &self,
        _admin: OwnerAuth,
        /// Only payments with a lower id (the previous page's `next_before`).
        before: Query<Option<u64>>,
        /// Payments on the page, 1–200 (default 50).
        limit: Query<Option<u32>>,
        /// Only those that need attention (not at an end yet).
        attention: Query<Option<bool>>,
    ) -> Result<Json<PaymentsPage>, ApiError> {
        let limit = limit.0.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(Refusal::invalid("limit", "must be between 1 and 200").into());
        }
        let limit = limit as usize;
        // One more than asked tells whether another page follows.
        let mut payments = self
            .state
            .shop
            .db()
            .payments(before.0, limit + 1, attention.0.unwrap_or(false))
            .await?;
        let more = payments.len() > limit;
        payments.truncate(limit);
        let next_before = more
            .then(|| payments.last().map(|payment| payment.id))
            .flatten();
        let currency = self.state.shop.currency();
        Ok(Json(PaymentsPage {
            payments: payments
                .into_iter()
                .map(|payment| view(payment, currency))
                .collect(),
            next_before,
        }))
    }
}
