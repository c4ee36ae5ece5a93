//! The client of fiskaly SIGN DE (API v2), the cloud TSE that signs cash orders under
//! the KassenSichV. It authenticates with the API key (renewing the token before it
//! runs out, and once more when a call answers 401), sets up a TSE and its client once
//! (`setup.rs`), and starts, finishes or cancels one transaction per order. Every
//! transaction call names the order's own transaction id and revision, so a retry
//! after a lost answer signs nothing twice: fiskaly answers the revision it applied, or
//! says it applied it, and then the transaction is read back.
//!
//! A failure is an outage (no answer, a timeout, a 5xx: the order flows on and is
//! signed later), a refusal (a 4xx with fiskaly's error code), or a request that was
//! not sent because it could not be right.

use std::fmt;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use reqwest::{Method, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::domain::fiscal::tse::{self, ReceiptAmounts, TseSignature, TxBody, VatRate, is_uuid};

mod setup;

/// A token with less than this left is renewed before a call.
const RENEW_BEFORE: Duration = Duration::from_secs(60);

/// Where and how the shop reaches fiskaly; its `Debug` never shows the secret.
#[derive(Clone, PartialEq, Eq)]
pub struct FiskalyAccess {
    /// `https://kassensichv-middleware.fiskaly.com`, or a fake's address in tests.
    pub api_base: String,
    pub api_key: String,
    pub api_secret: String,
    /// How long one call may take (the TSE's deployment takes at least 30 s).
    pub timeout: Duration,
}

impl fmt::Debug for FiskalyAccess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FiskalyAccess")
            .field("api_base", &self.api_base)
            .field("api_key", &self.api_key)
            .field("api_secret", &"********")
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// Why a call to fiskaly did not give its answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TseFailure {
    /// No answer, a timeout, a 5xx or 429, or an answer that cannot be read: fiskaly
    /// is out of order; the order must still flow.
    #[error("fiskaly cannot be reached: {0}")]
    Outage(String),
    /// fiskaly answered the request with an error: its HTTP status, code and message.
    #[error("fiskaly refused ({status} {code}): {message}")]
    Refused {
        status: u16,
        code: String,
        message: String,
    },
    /// The request was not sent, or cannot go on: an id that is not a UUID, a TSE in a
    /// state that cannot be set up, a client with another serial number.
    #[error("{0}")]
    Unusable(String),
}

impl TseFailure {
    /// Whether fiskaly was out of reach (rather than saying no).
    pub fn is_outage(&self) -> bool {
        matches!(self, TseFailure::Outage(_))
    }

    /// fiskaly's error code of a refusal, e.g. `E_CLIENT_NOT_FOUND`.
    pub fn code(&self) -> Option<&str> {
        match self {
            TseFailure::Refused { code, .. } => Some(code),
            _ => None,
        }
    }

    /// fiskaly's answers when a revision cannot be applied again, or conflicts with
    /// the one that was: then the transaction is read back.
    fn may_be_applied_already(&self) -> bool {
        matches!(self, TseFailure::Refused { status: 409, .. })
            || self.code() == Some("E_TX_UPSERT")
    }
}

struct Token {
    access: String,
    valid_until: Instant,
    refresh: Option<(String, Instant)>,
}

/// The answer of `POST /api/v2/auth`.
#[derive(Deserialize)]
struct AuthAnswer {
    access_token: String,
    access_token_expires_in: Option<u64>,
    access_token_expires_at: Option<u64>,
    refresh_token: Option<String>,
    refresh_token_expires_in: Option<u64>,
}

/// The client of one fiskaly organisation; cheap to share behind an `Arc`.
pub struct FiskalyClient {
    http: reqwest::Client,
    base: String,
    api_key: String,
    api_secret: String,
    timeout: Duration,
    token: Mutex<Option<Token>>,
}

impl FiskalyClient {
    /// A client for `access`; fails only when no HTTP client can be built.
    pub fn new(access: FiskalyAccess) -> Result<FiskalyClient, TseFailure> {
        let http = reqwest::Client::builder()
            .connect_timeout(access.timeout)
            .build()
            .map_err(|error| TseFailure::Unusable(format!("no HTTP client: {error}")))?;
        Ok(FiskalyClient {
            http,
            base: access.api_base.trim_end_matches('/').to_string(),
            api_key: access.api_key,
            api_secret: access.api_secret,
            timeout: access.timeout,
            token: Mutex::new(None),
        })
    }

    /// Revision 1 of the order's transaction `tx_id`: it starts, and fiskaly gives it
    /// its number and the start's signature.
    pub async fn start(
        &self,
        tss_id: &str,
        client_id: &str,
        tx_id: &str,
    ) -> Result<TseSignature, TseFailure> {
        self.upsert(tss_id, tx_id, 1, &tse::start_body(client_id))
            .await
    }

    /// Revision 2: the transaction finishes with the receipt's amounts; the answer
    /// carries the signature and the receipt's QR code data.
    pub async fn finish(
        &self,
        tss_id: &str,
        client_id: &str,
        tx_id: &str,
        amounts: &ReceiptAmounts,
    ) -> Result<TseSignature, TseFailure> {
        self.upsert(tss_id, tx_id, 2, &tse::finish_body(client_id, amounts))
            .await
    }

    /// Revision 2 of an order that is not paid (rejected, or never confirmed): the
    /// transaction ends `CANCELLED` with the amounts it had.
    pub async fn cancel(
        &self,
        tss_id: &str,
        client_id: &str,
        tx_id: &str,
        per_vat_rate: &[(VatRate, i64)],
    ) -> Result<TseSignature, TseFailure> {
        self.upsert(tss_id, tx_id, 2, &tse::cancel_body(client_id, per_vat_rate))
            .await
    }

    /// The latest revision of transaction `tx_id`.
    pub async fn read_tx(&self, tss_id: &str, tx_id: &str) -> Result<TseSignature, TseFailure> {
        uuids(&[tss_id, tx_id])?;
        let path = format!("/api/v2/tss/{tss_id}/tx/{tx_id}");
        signature_of(self.call(Method::GET, &path, None::<&Value>, true).await?)
    }

    async fn upsert(
        &self,
        tss_id: &str,
        tx_id: &str,
        revision: u64,
        body: &TxBody,
    ) -> Result<TseSignature, TseFailure> {
        uuids(&[tss_id, &body.client_id, tx_id])?;
        let path = format!("/api/v2/tss/{tss_id}/tx/{tx_id}?tx_revision={revision}");
        match self.call(Method::PUT, &path, Some(body), true).await {
            Ok(answer) => signature_of(answer),
            Err(failure) if failure.may_be_applied_already() => {
                match self.read_tx(tss_id, tx_id).await {
                    Ok(current)
                        if current.state == body.state && current.latest_revision >= revision =>
                    {
                        Ok(current)
                    }
                    Err(outage) if outage.is_outage() => Err(outage),
                    // Not applied (or another state): fiskaly's refusal stands.
                    _ => Err(failure),
                }
            }
            Err(failure) => Err(failure),
        }
    }

    /// One authenticated call with the usual timeout; see [`FiskalyClient::call_within`].
    async fn call<B: Serialize + ?Sized>(
        &self,
        method: Method,
        path: &str,
        body: Option<&B>,
        renew_on_401: bool,
    ) -> Result<Value, TseFailure> {
        self.call_within(method, path, body, renew_on_401, self.timeout)
            .await
    }

    /// One authenticated call. A 401 renews the token and repeats the call once, unless
    /// `renew_on_401` is false (the admin's PIN calls: a 401 there is a wrong PIN, and a
    /// repeat would count as a second failed attempt).
    async fn call_within<B: Serialize + ?Sized>(
        &self,
        method: Method,
        path: &str,
        body: Option<&B>,
        renew_on_401: bool,
        timeout: Duration,
    ) -> Result<Value, TseFailure> {
        let mut response = self.send(&method, path, body, timeout).await?;
        if renew_on_401 && response.status() == StatusCode::UNAUTHORIZED {
            self.expire_token().await;
            response = self.send(&method, path, body, timeout).await?;
        }
        answer_of(path, response).await
    }

    async fn send<B: Serialize + ?Sized>(
        &self,
        method: &Method,
        path: &str,
        body: Option<&B>,
        timeout: Duration,
    ) -> Result<reqwest::Response, TseFailure> {
        let token = self.access_token().await?;
        let mut request = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .bearer_auth(token)
            .timeout(timeout);
        if let Some(body) = body {
            request = request.json(body);
        }
        request
            .send()
            .await
            .map_err(|error| out_of_reach(path, &error))
    }

    /// A token with more than a minute left: the cached one, or a new one (from the
    /// refresh token while it holds, else from the API key).
    async fn access_token(&self) -> Result<String, TseFailure> {
        let mut cached = self.token.lock().await;
        let now = Instant::now();
        if let Some(token) = cached.as_ref()
            && token.valid_until > now + RENEW_BEFORE
        {
            return Ok(token.access.clone());
        }
        let refresh = cached
            .as_ref()
            .and_then(|token| token.refresh.clone())
            .filter(|(_, until)| *until > now + RENEW_BEFORE);
        let credentials = json!({ "api_key": self.api_key, "api_secret": self.api_secret });
        let fresh = match refresh {
            Some((refresh_token, _)) => {
                match self
                    .authenticate(&json!({ "refresh_token": refresh_token }))
                    .await
                {
                    Err(TseFailure::Refused { .. }) => self.authenticate(&credentials).await?,
                    other => other?,
                }
            }
            None => self.authenticate(&credentials).await?,
        };
        let access = fresh.access.clone();
        *cached = Some(fresh);
        Ok(access)
    }

    /// Marks the access token as run out (a call answered 401); the refresh token stays.
    async fn expire_token(&self) {
        if let Some(token) = self.token.lock().await.as_mut() {
            token.valid_until = Instant::now();
        }
    }

    async fn authenticate(&self, body: &Value) -> Result<Token, TseFailure> {
        let path = "/api/v2/auth";
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .timeout(self.timeout)
            .json(body)
            .send()
            .await
            .map_err(|error| out_of_reach(path, &error))?;
        let answer: AuthAnswer = serde_json::from_value(answer_of(path, response).await?)
            .map_err(|error| TseFailure::Outage(format!("unreadable token answer: {error}")))?;
        let now = Instant::now();
        let lifetime = answer
            .access_token_expires_in
            .or_else(|| answer.access_token_expires_at.map(seconds_until))
            .unwrap_or(0);
        let refresh = answer.refresh_token.map(|token| {
            let lifetime = answer.refresh_token_expires_in.unwrap_or(0);
            (token, now + Duration::from_secs(lifetime))
        });
        Ok(Token {
            access: answer.access_token,
            valid_until: now + Duration::from_secs(lifetime),
            refresh,
        })
    }
}

/// Seconds from now until the Unix time `at` (0 when it has passed).
fn seconds_until(at: u64) -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    at.saturating_sub(now)
}

/// Only UUIDs go into a path.
fn uuids(ids: &[&str]) -> Result<(), TseFailure> {
    match ids.iter().find(|id| !is_uuid(id)) {
        Some(id) => Err(TseFailure::Unusable(format!(
            "`{id}` is not a lowercase UUID, so it was not sent to fiskaly"
        ))),
        None => Ok(()),
    }
}

fn out_of_reach(path: &str, error: &reqwest::Error) -> TseFailure {
    tracing::warn!(%error, path, "fiskaly request failed");
    TseFailure::Outage(if error.is_timeout() {
        "no answer in time".to_string()
    } else {
        "no connection".to_string()
    })
}

/// The JSON of a 2xx; an outage for a 5xx, 429 or 499 (fiskaly: retry later); a
/// refusal with fiskaly's `code` and `message` for any other status.
async fn answer_of(path: &str, response: reqwest::Response) -> Result<Value, TseFailure> {
    let status = response.status();
    let text = response
        .text()
        .await
        .map_err(|error| out_of_reach(path, &error))?;
    if status.is_success() {
        return serde_json::from_str(&text)
            .map_err(|error| TseFailure::Outage(format!("unreadable answer: {error}")));
    }
    if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS || status.as_u16() == 499
    {
        tracing::warn!(%status, path, "fiskaly is unavailable");
        return Err(TseFailure::Outage(format!("HTTP {}", status.as_u16())));
    }
    let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let text_of = |key: &str| body[key].as_str().filter(|text| !text.is_empty());
    let code = text_of("code").map_or_else(|| format!("HTTP_{}", status.as_u16()), str::to_string);
    let message = text_of("message")
        .or_else(|| text_of("error"))
        .unwrap_or_default()
        .to_string();
    tracing::info!(%status, path, code, message, "fiskaly refused");
    Err(TseFailure::Refused {
        status: status.as_u16(),
        code,
        message,
    })
}

fn signature_of(answer: Value) -> Result<TseSignature, TseFailure> {
    serde_json::from_value(answer)
        .map_err(|error| TseFailure::Outage(format!("unreadable transaction: {error}")))
}
