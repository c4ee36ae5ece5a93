//! A signed-in customer edits their profile (`PUT /users/me`: name and phone) and
//! changes their password with the current one (`POST /users/me/password`, checked
//! like a login). A new
//! password ends every other session; the one that changed it gets a new token.

use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::auth::tokens::{TOKEN_LIFETIME_SECONDS, unix_now};
use crate::domain::error::ErrorCode;
use crate::domain::user::{Role, User};
use crate::http::AppState;
use crate::http::error::{self, ApiError, ErrorBody, required};
use crate::http::routes::accounts::login::{LoginSuccess, UserView};
use crate::http::routes::accounts::password_check::{TooManyAttempts, confirm_password};

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
    #[oai(deserialize_with = "crate::http::text_fields::optional_secret")]
    pub current_password: Option<String>,
    /// At least 10 characters, not a common password.
    #[oai(deserialize_with = "crate::http::text_fields::optional_secret")]
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
        "The restaurant's accounts are managed by its owner (Admin → Accounts, or heimservice admin).",
    ))
}

pub async fn update_profile(
    state: &AppState,
    user: User,
    body: ProfileBody,
) -> Result<Json<UserView>, ApiError> {
    if user.role != Role::Customer {
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
    if user.role != Role::Customer {
        return Err(customers_only());
    }
    let current = required("current_password", body.current_password)?;
    let new_password = required("new_password", body.new_password)?;
    if let Err(TooManyAttempts(body, seconds)) =
        confirm_password(state, &user, current, "current_password", (remote, headers)).await?
    {
        return Ok(PasswordChanged::TooMany(body, seconds));
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
