//! Password reset by mail: `POST /forgot-password` sends a single-use link valid for an
//! hour, `POST /reset-password` sets the new password and revokes every earlier login.
//! The request's answer is the same, and comes as fast, whether or not the account
//! exists: everything that depends on the account happens after the answer. Both are
//! throttled per client address, and mails per email address (`reset_throttle`).

use std::time::Instant;

use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::domain::error::ErrorCode;
use crate::domain::user::normalize_email;
use crate::http::AppState;
use crate::http::error::{self, ApiError, ErrorBody, required};
use crate::http::routes::accounts::Notice;

pub struct PasswordResetApi {
    pub state: AppState,
}

const LINK_SENT: &str =
    "If an account exists for this email, we have sent a link to reset the password.";

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ForgotBody {
    #[oai(deserialize_with = "crate::http::text_fields::text")]
    pub email: String,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ResetBody {
    #[oai(deserialize_with = "crate::http::text_fields::secret")]
    pub token: String,
    #[oai(deserialize_with = "crate::http::text_fields::optional_secret")]
    pub password: Option<String>,
}

#[derive(ApiResponse)]
pub enum ResetAnswer {
    /// Done; for a reset request: the same answer whether or not the account exists.
    #[oai(status = 200)]
    Ok(Json<Notice>),
    /// Too many reset requests from this client; try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
}

impl PasswordResetApi {
    /// `Some(answer)` when this client has asked too often.
    fn throttled(&self, remote: &RemoteAddr, headers: &HeaderMap) -> Option<ResetAnswer> {
        let client = self.state.client_ip(remote, headers);
        let wait = self.state.reset_throttle.take(client, Instant::now())?;
        let seconds = crate::http::middleware::throttle::retry_after_seconds(wait);
        tracing::warn!(%client, "password reset throttled");
        Some(ResetAnswer::TooMany(
            error::body(
                ErrorCode::TooManyAttempts,
                format!("Too many password-reset requests. Please wait {seconds} seconds."),
            ),
            seconds,
        ))
    }
}

#[OpenApi]
impl PasswordResetApi {
    /// Ask for a password-reset link. The answer is the same whether or not the
    /// account exists.
    #[oai(path = "/forgot-password", method = "post")]
    async fn forgot_password(
        &self,
        body: Json<ForgotBody>,
        headers: &HeaderMap,
        remote: &RemoteAddr,
    ) -> Result<ResetAnswer, ApiError> {
        if let Some(refusal) = self.throttled(remote, headers) {
            return Ok(refusal);
        }
        if let Ok(email) = normalize_email(&body.0.email) {
            if self.state.reset_throttle.allow_mail(&email, Instant::now()) {
                let origin = self.state.link_origin();
                let shop = self.state.shop.clone();
                tokio::spawn(async move { shop.send_password_reset(&email, &origin).await });
            } else {
                tracing::warn!("reset mail not sent: too many for this address within the hour");
            }
        }
        Ok(ResetAnswer::Ok(Json(Notice {
            detail: LINK_SENT.into(),
        })))
    }

    /// Set a new password with the token from the reset link. Every earlier login of
    /// the account stops working.
    #[oai(path = "/reset-password", method = "post")]
    async fn reset_password(
        &self,
        body: Json<ResetBody>,
        headers: &HeaderMap,
        remote: &RemoteAddr,
    ) -> Result<ResetAnswer, ApiError> {
        if let Some(refusal) = self.throttled(remote, headers) {
            return Ok(refusal);
        }
        let body = body.0;
        let password = required("password", body.password)?;
        self.state
            .shop
            .reset_password(&body.token, password)
            .await?;
        Ok(ResetAnswer::Ok(Json(Notice {
            detail: "Your password has been changed. Please log in.".into(),
        })))
    }
}
