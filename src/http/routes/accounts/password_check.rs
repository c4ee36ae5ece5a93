//! The current password, asked again before a change only its owner may make (a new
//! password, deleting the account). Guessing it is guessing a login: the login
//! throttle counts the wrong ones and refuses after too many.

use std::time::Instant;

use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::payload::Json;

use crate::auth::passwords;
use crate::domain::error::ErrorCode;
use crate::domain::user::User;
use crate::http::AppState;
use crate::http::error::{self, ApiError, ErrorBody, field_body};
use crate::http::middleware::throttle::{Admission, Caller};

/// Too many wrong passwords: the answer and how many seconds to wait.
pub struct TooManyAttempts(pub Json<ErrorBody>, pub u64);

/// `Ok(Ok(()))` when `password` is the account's; `Ok(Err(…))` while the throttle
/// refuses; 403 `wrong_password` naming `field` when it is not.
pub async fn confirm_password(
    state: &AppState,
    user: &User,
    password: String,
    field: &str,
    (remote, headers): (&RemoteAddr, &HeaderMap),
) -> Result<Result<(), TooManyAttempts>, ApiError> {
    let client = state.client_ip(remote, headers);
    if let Admission::Refuse(wait) =
        state
            .login_throttle
            .admit(client, &user.email, Caller::Session, Instant::now())
    {
        let seconds = crate::http::middleware::throttle::retry_after_seconds(wait);
        return Ok(Err(TooManyAttempts(
            error::body(
                ErrorCode::TooManyAttempts,
                format!("Too many attempts. Please wait {seconds} seconds."),
            ),
            seconds,
        )));
    }
    let matches = passwords::verify(password, Some(user.password_hash.clone()))
        .await
        .map_err(|error| {
            tracing::error!(%error, "password check failed");
            ApiError::internal()
        })?;
    if !matches {
        state
            .login_throttle
            .record_failure(client, &user.email, Caller::Session, Instant::now());
        return Err(ApiError::Forbidden(field_body(
            ErrorCode::WrongPassword,
            "The password is not correct.",
            field,
        )));
    }
    Ok(Ok(()))
}
