//! PayPal Orders v2, verified on the server. The shop creates the PayPal order with its
//! own total, the buyer approves it in PayPal's window, and the shop captures it; what
//! PayPal reports about the capture is handed back as it is (`CaptureSeen`), and the
//! shop believes only a capture `COMPLETED` for exactly its amount and currency
//! (`domain::payment_record`). A capture that timed out or was already made is looked
//! up again with `GET /v2/checkout/orders/{id}` before anything is decided; a pending
//! one later with `GET /v2/payments/captures/{id}`.

use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::config::PaypalConfig;
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use crate::domain::money::format_amount;
use crate::domain::payment_record::{CaptureSeen, CaptureVerdict, Money};

/// How often a capture with an unknown outcome is looked up again, and how far apart.
const RECHECKS: u32 = 5;
const RECHECK_EVERY: Duration = Duration::from_secs(1);

/// Why a payment did not go through, each with the customer's message (spec §8).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentProblem {
    #[error("There are insufficient funds in your payment account.")]
    InsufficientFunds,
    #[error("Your payment method was declined. Please try another one.")]
    InstrumentDeclined,
    #[error("Your payment method was declined. Please try another one.")]
    Declined,
    #[error("Your card has expired. Please use a different payment method.")]
    CardExpired,
    #[error(
        "PayPal is still checking your payment, so no order was placed. Should PayPal take the money later, it is refunded to you automatically. Please order again, with another payment method if need be."
    )]
    Pending,
    #[error("The payment was not completed successfully.")]
    NotCompleted,
    #[error(
        "The payment does not match the order total, so no order was placed; anything PayPal took is refunded. Please try again."
    )]
    Mismatch,
    #[error("This PayPal payment was refunded, so it cannot pay for an order. Please pay again.")]
    Refunded,
    #[error("The payment failed. Please try again.")]
    Failed,
    #[error("PayPal could not be reached. Please try again.")]
    Unavailable,
}

impl PublicError for PaymentProblem {
    fn status(&self) -> ErrorStatus {
        match self {
            PaymentProblem::Mismatch | PaymentProblem::Refunded => ErrorStatus::Conflict,
            PaymentProblem::Unavailable => ErrorStatus::Unavailable,
            _ => ErrorStatus::PaymentRequired,
        }
    }

    fn code(&self) -> ErrorCode {
        match self {
            PaymentProblem::InsufficientFunds => ErrorCode::InsufficientFunds,
            PaymentProblem::InstrumentDeclined => ErrorCode::InstrumentDeclined,
            PaymentProblem::Declined => ErrorCode::PaymentDeclined,
            PaymentProblem::CardExpired => ErrorCode::CardExpired,
            PaymentProblem::Pending => ErrorCode::PaymentPending,
            PaymentProblem::NotCompleted => ErrorCode::PaymentNotCompleted,
            PaymentProblem::Mismatch => ErrorCode::PaymentMismatch,
            PaymentProblem::Refunded => ErrorCode::PaymentRefunded,
            PaymentProblem::Failed => ErrorCode::PaymentFailed,
            PaymentProblem::Unavailable => ErrorCode::PaymentUnavailable,
        }
    }
}

impl PaymentProblem {
    /// PayPal's `details[].issue` (or a capture's processor code) → our problem.
    fn from_issue(issue: &str) -> PaymentProblem {
        match issue {
            "INSTRUMENT_DECLINED" => PaymentProblem::InstrumentDeclined,
            "TRANSACTION_REFUSED"
            | "PAYER_CANNOT_PAY"
            | "MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED"
            | "DECLINED" => PaymentProblem::Declined,
            "INSUFFICIENT_FUNDS" => PaymentProblem::InsufficientFunds,
            "CARD_EXPIRED" => PaymentProblem::CardExpired,
            "ORDER_NOT_APPROVED" | "PAYER_ACTION_REQUIRED" => PaymentProblem::NotCompleted,
            _ => PaymentProblem::Failed,
        }
    }

    /// What the customer is told about a capture with this verdict; `None` when it
    /// pays for the order.
    pub fn of_verdict(verdict: &CaptureVerdict) -> Option<PaymentProblem> {
        match verdict {
            CaptureVerdict::Completed => None,
            CaptureVerdict::Mismatch => Some(PaymentProblem::Mismatch),
            CaptureVerdict::Pending => Some(PaymentProblem::Pending),
            CaptureVerdict::Declined(reason) => Some(PaymentProblem::from_issue(
                reason.as_deref().unwrap_or("DECLINED"),
            )),
            CaptureVerdict::Refunded => Some(PaymentProblem::Refunded),
            CaptureVerdict::Unknown => Some(PaymentProblem::NotCompleted),
        }
    }

    /// PayPal may have captured regardless: the answer did not come, or said nothing.
    pub fn outcome_unknown(&self) -> bool {
        matches!(self, PaymentProblem::Failed | PaymentProblem::Unavailable)
    }
}

/// What to do with a PayPal order the buyer approved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Approval {
    /// Approved for exactly the expected amount: it is to be captured.
    Capture,
    /// Captured before (a retry after a lost answer): what PayPal reports about it.
    Captured(CaptureSeen),
}

/// What PayPal says about one of its orders.
#[derive(Debug, Clone, PartialEq, Eq)]
struct OrderState {
    status: String,
    amount: Option<Money>,
    capture: Option<CaptureSeen>,
}

enum Failure {
    /// PayPal answered with an error body.
    Issue { status: u16, issue: Option<String> },
    /// No answer (timeout, connection refused) or a 5xx: the outcome is unknown.
    Unknown,
}

struct CachedToken {
    token: String,
    valid_until: Instant,
}

pub struct PaypalClient {
    http: reqwest::Client,
    base: String,
    client_id: String,
    client_secret: String,
    currency: String,
    token: Mutex<Option<CachedToken>>,
}

/// "23.50" → 2350; `None` for anything that is not a plain amount with ≤ 2 decimals.
fn parse_cents(value: &str) -> Option<i64> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    if whole.is_empty()
        || !whole.chars().all(|c| c.is_ascii_digit())
        || fraction.len() > 2
        || !fraction.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(fraction)
}

fn amount_of(value: &Value) -> Option<Money> {
    let currency = value.get("currency_code")?.as_str()?.to_string();
    let cents = parse_cents(value.get("value")?.as_str()?)?;
    Some(Money { currency, cents })
}

/// A capture as PayPal renders it (in an order, or on its own).
fn capture_seen(capture: &Value) -> CaptureSeen {
    CaptureSeen {
        capture_id: capture["id"].as_str().unwrap_or_default().to_string(),
        status: capture["status"].as_str().unwrap_or_default().to_string(),
        amount: amount_of(&capture["amount"]),
        reason: capture["status_details"]["reason"]
            .as_str()
            .map(str::to_string),
    }
}

fn order_state(body: &Value) -> OrderState {
    let unit = &body["purchase_units"][0];
    let capture = unit["payments"]["captures"]
        .as_array()
        .and_then(|captures| captures.first())
        .map(capture_seen);
    OrderState {
        status: body["status"].as_str().unwrap_or_default().to_string(),
        amount: amount_of(&unit["amount"]),
        capture,
    }
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    expires_in: u64,
}

impl PaypalClient {
    /// `None` when no client id/secret is configured: the shop then takes cash only.
    pub fn new(config: &PaypalConfig) -> Option<PaypalClient> {
        if config.client_id.is_empty() || config.client_secret.expose().is_empty() {
            return None;
        }
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout)
            .build()
            .ok()?;
        Some(PaypalClient {
            http,
            base: config.api_base.clone(),
            client_id: config.client_id.clone(),
            client_secret: config.client_secret.expose().to_string(),
            currency: config.currency.clone(),
            token: Mutex::new(None),
        })
    }

    pub fn currency(&self) -> &str {
        &self.currency
    }

    /// An OAuth token, reused until shortly before it expires.
    async fn access_token(&self) -> Result<String, Failure> {
        let mut cached = self.token.lock().await;
        if let Some(token) = cached.as_ref()
            && token.valid_until > Instant::now()
        {
            return Ok(token.token.clone());
        }
        let answer = self
            .http
            .post(format!("{}/v1/oauth2/token", self.base))
            .basic_auth(&self.client_id, Some(&self.client_secret))
            .form(&[("grant_type", "client_credentials")])
            .send()
            .await
            .map_err(|error| {
                tracing::warn!(%error, "PayPal token request failed");
                Failure::Unknown
            })?;
        if !answer.status().is_success() {
            tracing::error!(status = %answer.status(), "PayPal refused the client credentials");
            return Err(Failure::Unknown);
        }
        let token: TokenAnswer = answer.json().await.map_err(|_| Failure::Unknown)?;
        // A minute of margin so a token never expires in flight.
        let lifetime = Duration::from_secs(token.expires_in.saturating_sub(60).max(1));
        *cached = Some(CachedToken {
            token: token.access_token.clone(),
            valid_until: Instant::now() + lifetime,
        });
        Ok(token.access_token)
    }

    async fn forget_token(&self) {
        *self.token.lock().await = None;
    }

    /// One authenticated call; a rejected token is renewed once.
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        request_id: Option<&str>,
    ) -> Result<Value, Failure> {
        for attempt in 0..2 {
            let token = self.access_token().await?;
            let mut request = self
                .http
                .request(method.clone(), format!("{}{path}", self.base))
                .bearer_auth(token)
                .header("Prefer", "return=representation");
            if let Some(id) = request_id {
                request = request.header("PayPal-Request-Id", id);
            }
            if let Some(body) = &body {
                request = request.json(body);
            }
            let answer = request.send().await.map_err(|error| {
                tracing::warn!(%error, path, "PayPal request failed");
                Failure::Unknown
            })?;
            let status = answer.status();
            if status == reqwest::StatusCode::UNAUTHORIZED && attempt == 0 {
                self.forget_token().await;
                continue;
            }
            let body: Value = answer.json().await.unwrap_or(Value::Null);
            if status.is_success() {
                return Ok(body);
            }
            if status.is_server_error() {
                tracing::warn!(%status, path, "PayPal answered with a server error");
                return Err(Failure::Unknown);
            }
            let issue = body["details"][0]["issue"]
                .as_str()
                .or_else(|| body["name"].as_str())
                .map(str::to_string);
            tracing::info!(%status, path, issue = issue.as_deref().unwrap_or(""), "PayPal refused");
            return Err(Failure::Issue {
                status: status.as_u16(),
                issue,
            });
        }
        Err(Failure::Unknown)
    }

    /// Creates the PayPal order for `total_cents`; `reference` is our note on it.
    pub async fn create_order(
        &self,
        total_cents: i64,
        reference: &str,
    ) -> Result<String, PaymentProblem> {
        let body = json!({
            "intent": "CAPTURE",
            "purchase_units": [{
                "custom_id": reference,
                "amount": { "currency_code": self.currency, "value": format_amount(total_cents) },
            }],
        });
        let request_id = format!("create-{reference}");
        let answer = self
            .call(
                reqwest::Method::POST,
                "/v2/checkout/orders",
                Some(body),
                Some(&request_id),
            )
            .await
            .map_err(|failure| match failure {
                Failure::Unknown => PaymentProblem::Unavailable,
                Failure::Issue { issue, .. } => {
                    PaymentProblem::from_issue(issue.as_deref().unwrap_or(""))
                }
            })?;
        answer["id"]
            .as_str()
            .filter(|id| !id.is_empty())
            .map(str::to_string)
            .ok_or(PaymentProblem::Failed)
    }

    async fn order_state(&self, paypal_order_id: &str) -> Result<OrderState, PaymentProblem> {
        let path = format!("/v2/checkout/orders/{}", path_segment(paypal_order_id)?);
        self.call(reqwest::Method::GET, &path, None, None)
            .await
            .map(|body| order_state(&body))
            .map_err(|failure| match failure {
                Failure::Unknown => PaymentProblem::Unavailable,
                Failure::Issue { status: 404, .. } => PaymentProblem::NotCompleted,
                Failure::Issue { issue, .. } => {
                    PaymentProblem::from_issue(issue.as_deref().unwrap_or(""))
                }
            })
    }

    /// Whether the approved PayPal order `paypal_order_id` is to be captured for
    /// `expected_cents`, or was captured before. Refused when it is not approved, or
    /// was made for another amount: then PayPal is never asked for the money.
    pub async fn approval(
        &self,
        paypal_order_id: &str,
        expected_cents: i64,
    ) -> Result<Approval, PaymentProblem> {
        let before = self.order_state(paypal_order_id).await?;
        match before.status.as_str() {
            // Captured already (a retry after a lost answer): what was captured decides.
            "COMPLETED" => before
                .capture
                .map(Approval::Captured)
                .ok_or(PaymentProblem::NotCompleted),
            "APPROVED" if before.amount == Some(self.money(expected_cents)) => {
                Ok(Approval::Capture)
            }
            // Never capture a PayPal order made for another amount.
            "APPROVED" => Err(PaymentProblem::Mismatch),
            _ => Err(PaymentProblem::NotCompleted),
        }
    }

    /// `cents` in the shop's currency.
    pub fn money(&self, cents: i64) -> Money {
        Money {
            currency: self.currency.clone(),
            cents,
        }
    }

    /// Captures an approved PayPal order; answers what PayPal reports about the
    /// capture, whatever its status or amount. A refusal means nothing was captured,
    /// unless [`PaymentProblem::outcome_unknown`].
    pub async fn capture_approved(
        &self,
        paypal_order_id: &str,
    ) -> Result<CaptureSeen, PaymentProblem> {
        let path = format!(
            "/v2/checkout/orders/{}/capture",
            path_segment(paypal_order_id)?
        );
        let request_id = format!("capture-{paypal_order_id}");
        match self
            .call(
                reqwest::Method::POST,
                &path,
                Some(json!({})),
                Some(&request_id),
            )
            .await
        {
            Ok(body) => match order_state(&body).capture {
                Some(capture) => Ok(capture),
                None => self.recheck(paypal_order_id).await,
            },
            Err(Failure::Issue { issue, .. })
                if issue.as_deref() != Some("ORDER_ALREADY_CAPTURED") =>
            {
                Err(PaymentProblem::from_issue(issue.as_deref().unwrap_or("")))
            }
            // Timed out, failed on PayPal's side, or captured by an earlier attempt:
            // ask PayPal what really happened, giving a slow capture a few seconds.
            Err(_) => self.recheck(paypal_order_id).await,
        }
    }

    async fn recheck(&self, paypal_order_id: &str) -> Result<CaptureSeen, PaymentProblem> {
        for attempt in 0..RECHECKS {
            if attempt > 0 {
                tokio::time::sleep(RECHECK_EVERY).await;
            }
            if let Some(capture) = self.order_state(paypal_order_id).await?.capture {
                return Ok(capture);
            }
        }
        tracing::warn!(paypal_order_id, "capture outcome unknown; not taken");
        Err(PaymentProblem::Failed)
    }

    /// The capture of the PayPal order `paypal_order_id`, if PayPal made one.
    pub async fn order_capture(
        &self,
        paypal_order_id: &str,
    ) -> Result<Option<CaptureSeen>, PaymentProblem> {
        Ok(self.order_state(paypal_order_id).await?.capture)
    }

    /// What PayPal now says about the capture `capture_id` (a pending one settles
    /// later).
    pub async fn capture_state(&self, capture_id: &str) -> Result<CaptureSeen, PaymentProblem> {
        let path = format!("/v2/payments/captures/{}", path_segment(capture_id)?);
        self.call(reqwest::Method::GET, &path, None, None)
            .await
            .map(|body| capture_seen(&body))
            .map_err(|failure| match failure {
                Failure::Unknown => PaymentProblem::Unavailable,
                Failure::Issue { .. } => PaymentProblem::Failed,
            })
    }

    /// Refunds a capture in full; answers PayPal's refund id, or `None` when PayPal
    /// says it was refunded in full before (by an earlier attempt whose answer was
    /// lost, or by hand at PayPal). A retry of the same refund is never made twice:
    /// the request carries the same `PayPal-Request-Id`.
    pub async fn refund(&self, capture_id: &str) -> Result<Option<String>, PaymentProblem> {
        let request_id = format!("refund-{capture_id}");
        self.refund_with(capture_id, json!({}), &request_id).await
    }

    /// Gives `cents` of a capture back (a correction of the order it paid); `request_id`
    /// names this refund, so that asking again after a lost answer refunds once.
    /// Answers PayPal's refund id, or `None` when the capture was refunded in full
    /// before.
    pub async fn refund_part(
        &self,
        capture_id: &str,
        cents: i64,
        request_id: &str,
    ) -> Result<Option<String>, PaymentProblem> {
        let body = json!({
            "amount": { "currency_code": self.currency, "value": format_amount(cents) },
        });
        self.refund_with(capture_id, body, request_id).await
    }

    async fn refund_with(
        &self,
        capture_id: &str,
        body: serde_json::Value,
        request_id: &str,
    ) -> Result<Option<String>, PaymentProblem> {
        let path = format!("/v2/payments/captures/{}/refund", path_segment(capture_id)?);
        let body = self
            .call(reqwest::Method::POST, &path, Some(body), Some(request_id))
            .await;
        let body = match body {
            Ok(body) => body,
            Err(Failure::Issue { issue, .. })
                if issue.as_deref() == Some("CAPTURE_FULLY_REFUNDED") =>
            {
                return Ok(None);
            }
            Err(Failure::Unknown) => return Err(PaymentProblem::Unavailable),
            Err(Failure::Issue { .. }) => return Err(PaymentProblem::Failed),
        };
        body["id"]
            .as_str()
            .filter(|id| !id.is_empty())
            .map(|id| Some(id.to_string()))
            .ok_or(PaymentProblem::Failed)
    }
}

/// PayPal ids are short upper-case alphanumerics; anything else never reaches a URL.
fn path_segment(id: &str) -> Result<&str, PaymentProblem> {
    if !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        Ok(id)
    } else {
        Err(PaymentProblem::NotCompleted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_parse_to_cents_strictly() {
        assert_eq!(parse_cents("23.50"), Some(2350));
        assert_eq!(parse_cents("23.5"), Some(2350));
        assert_eq!(parse_cents("7"), Some(700));
        assert_eq!(parse_cents("0.01"), Some(1));
        assert_eq!(parse_cents("1.001"), None);
        assert_eq!(parse_cents("-1.00"), None);
        assert_eq!(parse_cents(".50"), None);
        assert_eq!(parse_cents("1e3"), None);
    }

    #[test]
    fn issues_map_to_the_customer_messages() {
        assert_eq!(
            PaymentProblem::from_issue("INSTRUMENT_DECLINED"),
            PaymentProblem::InstrumentDeclined
        );
        assert_eq!(
            PaymentProblem::from_issue("PAYER_CANNOT_PAY"),
            PaymentProblem::Declined
        );
        assert_eq!(
            PaymentProblem::from_issue("ORDER_NOT_APPROVED"),
            PaymentProblem::NotCompleted
        );
        assert_eq!(
            PaymentProblem::from_issue("SOMETHING_NEW"),
            PaymentProblem::Failed
        );
    }

    #[test]
    fn a_capture_that_pays_nothing_has_its_message() {
        assert_eq!(PaymentProblem::of_verdict(&CaptureVerdict::Completed), None);
        assert_eq!(
            PaymentProblem::of_verdict(&CaptureVerdict::Pending),
            Some(PaymentProblem::Pending)
        );
        assert_eq!(
            PaymentProblem::of_verdict(&CaptureVerdict::Declined(Some(
                "INSUFFICIENT_FUNDS".into()
            ))),
            Some(PaymentProblem::InsufficientFunds)
        );
        assert_eq!(
            PaymentProblem::of_verdict(&CaptureVerdict::Declined(None)),
            Some(PaymentProblem::Declined)
        );
        assert_eq!(
            PaymentProblem::of_verdict(&CaptureVerdict::Refunded),
            Some(PaymentProblem::Refunded)
        );
        // Only an answer that never came may hide a capture.
        assert!(PaymentProblem::Unavailable.outcome_unknown());
        assert!(!PaymentProblem::InstrumentDeclined.outcome_unknown());
    }

    #[test]
    fn ids_outside_paypals_alphabet_are_refused() {
        assert!(path_segment("5O190127TN364715T").is_ok());
        assert!(path_segment("../x").is_err());
        assert!(path_segment("").is_err());
    }
}
