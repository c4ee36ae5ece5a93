//! A signed-in customer edits their profile (`PUT /users/me`: name and phone) and
//! changes their password with the current one (`POST /users/me/password`). A new
//! password ends every other session; the one that changed it gets a new token.

use std::time::Instant;

use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::auth::passwords;
use crate::auth::tokens::{TOKEN_LIFETIME_SECONDS, unix_now};
use crate::domain::error::ErrorCode;
use crate::domain::user::{Role, User};
use crate::http::AppState;
use crate::http::error::{self, ApiError, ErrorBody, field_body, required};
use crate::http::routes::accounts::login::{LoginSuccess, UserView};

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ProfileBody {
    /// 1–100 characters.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub customer_name: Option<String>,
    /// Digits, a leading + kept; at most 15 digits.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub phone: Option<String>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct PasswordChangeBody {
    /// The password used now, to confirm.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub current_password: Option<String>,
    /// At least 10 characters, not a common password.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub new_password: Option<String>,
}

#[derive(ApiResponse)]
pub enum PasswordChanged {
    /// Changed: every other session has ended; this is the new token of this one.
    #[oai(status = 200)]
    Ok(Json<LoginSuccess>),
    /// Too many wrong passwords; try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
}

fn customers_only() -> ApiError {
    ApiError::Forbidden(error::body(
        ErrorCode::Forbidden,
        "Admin accounts are managed with the command line (heimservice admin).",
    ))
}

pub async fn update_profile(
    state: &AppState,
    user: User,
    body: ProfileBody,
) -> Result<Json<UserView>, ApiError> {
    if user.role == Role::Admin {
        return Err(customers_only());
    }
    let name = required("customer_name", body.customer_name)?;
    let phone = required("phone", body.phone)?;
    let user = state.shop.update_profile(user.id, &name, &phone).await?;
    Ok(Json(UserView::from(&user)))
}

pub async fn change_password(
    state: &AppState,
    user: User,
    body: PasswordChangeBody,
    remote: &RemoteAddr,
    headers: &HeaderMap,
) -> Result<PasswordChanged, ApiError> {
    if user.role == Role::Admin {
        return Err(customers_only());
    }
    let current = required("current_password", body.current_password)?;
    let new_password = required("new_password", body.new_password)?;
    let client = state.client_ip(remote, headers);
    // Guessing the current password here is guessing a login: the same throttle.
    if let Some(wait) = state
        .login_throttle
        .check(client, &user.email, Instant::now())
    {
        let seconds = wait.as_secs().max(1);
        return Ok(PasswordChanged::TooMany(
            error::body(
                ErrorCode::TooManyAttempts,
                format!("Too many attempts. Please wait {seconds} seconds."),
            ),
            seconds,
        ));
    }
    let matches = passwords::verify(current, Some(user.password_hash.clone()))
        .await
        .map_err(|error| {
            tracing::error!(%error, "password change: password check failed");
            ApiError::internal()
        })?;
    if !matches {
        state
            .login_throttle
            .record_failure(client, &user.email, Instant::now());
        return Err(ApiError::Forbidden(field_body(
            ErrorCode::WrongPassword,
            "The current password is not correct.",
            "current_password",
        )));
    }
    let user = state.shop.change_password(user.id, new_password).await?;
    let access_token = state.tokens.issue(&user, unix_now()).map_err(|error| {
        tracing::error!(%error, "password change: cannot issue a token");
        ApiError::internal()
    })?;
    Ok(PasswordChanged::Ok(Json(LoginSuccess {
        access_token,
        token_type: "bearer".into(),
        expires_in: TOKEN_LIFETIME_SECONDS,
        user: UserView::from(&user),
    })))
}
