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
use sha2::{Digest, Sha256};

use crate::auth::passwords;
use crate::auth::tokens::unix_now;
use crate::domain::user::{check_password, normalize_email};
use crate::http::AppState;
use crate::http::error::{self, ApiError, ErrorBody, required};
use crate::http::routes::accounts::Notice;

pub struct PasswordResetApi {
    pub state: AppState,
}

/// How long a reset link works.
const RESET_LIFETIME_SECONDS: i64 = 60 * 60;

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
    #[oai(deserialize_with = "crate::http::text_fields::text")]
    pub token: String,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
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

fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

impl PasswordResetApi {
    /// `Some(answer)` when this client has asked too often.
    fn throttled(&self, remote: &RemoteAddr, headers: &HeaderMap) -> Option<ResetAnswer> {
        let client = self.state.client_ip(remote, headers);
        let wait = self.state.reset_throttle.take(client, Instant::now())?;
        let seconds = wait.as_secs().max(1);
        tracing::warn!(%client, "password reset throttled");
        Some(ResetAnswer::TooMany(
            error::body(
                "too_many_attempts",
                format!("Too many password-reset requests. Please wait {seconds} seconds."),
            ),
            seconds,
        ))
    }
}

/// Sends `email` a reset link if an account has it and it has not had too many.
async fn send_reset_link(state: AppState, email: String, origin: String) {
    if !state.reset_throttle.allow_mail(&email, Instant::now()) {
        tracing::warn!("reset mail not sent: too many for this address within the hour");
        return;
    }
    let user = match state.db.user_by_email(email).await {
        Ok(Some(user)) => user,
        Ok(None) => return,
        Err(error) => {
            tracing::error!(%error, "reset: cannot read the account");
            return;
        }
    };
    let mut random = [0u8; 32];
    if let Err(error) = getrandom::fill(&mut random) {
        tracing::error!(%error, "reset: no random token");
        return;
    }
    let token: String = random.iter().map(|byte| format!("{byte:02x}")).collect();
    let expires_at = unix_now() as i64 + RESET_LIFETIME_SECONDS;
    if let Err(error) = state
        .db
        .add_reset_token(token_hash(&token), user.id, expires_at)
        .await
    {
        tracing::error!(%error, "reset: cannot store the token");
        return;
    }
    let link = format!(
        "{origin}{}/reset-password?token={token}",
        state.config.base_path
    );
    let brand = &state.config.brand;
    let text = format!(
        "Hallo {name},\n\nüber diesen Link können Sie ein neues Passwort für Ihr Konto bei {brand} setzen. \
         Er gilt eine Stunde lang und nur einmal:\n\n{link}\n\nWenn Sie kein neues Passwort angefordert haben, \
         ignorieren Sie diese E-Mail einfach.\n\n---\n\nHello {name},\n\nuse this link to set a new password for \
         your {brand} account. It works once, for one hour:\n\n{link}\n\nIf you did not ask for this, ignore this email.\n",
        name = user.name
    );
    let subject = format!("{brand}: Passwort zurücksetzen / reset your password");
    state.mailer.send(&user.email, &subject, text).await;
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
            let origin = self.state.link_origin(headers);
            tokio::spawn(send_reset_link(self.state.clone(), email, origin));
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
        check_password(&password).map_err(|message| ApiError::invalid("password", &message))?;
        let password_hash = passwords::hash(password).await.map_err(|error| {
            tracing::error!(%error, "reset: hashing failed");
            ApiError::internal()
        })?;
        let user = self
            .state
            .db
            .reset_password(
                token_hash(body.token.trim()),
                unix_now() as i64,
                password_hash,
            )
            .await?
            .ok_or_else(|| {
                ApiError::bad_request(
                    "invalid_token",
                    "This reset link is invalid or has expired. Please request a new one.",
                )
            })?;
        tracing::info!(user = user.id, "password reset");
        Ok(ResetAnswer::Ok(Json(Notice {
            detail: "Your password has been changed. Please log in.".into(),
        })))
    }
}
