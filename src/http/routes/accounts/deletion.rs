//! A customer deletes their own account (`DELETE /users/me`) with the current
//! password. The account, its addresses, reset links, kept mails and contact messages
//! go; the orders stay for the tax records with the personal data removed. Every
//! token of the account stops working at once (the account no longer exists). Refused
//! while an order of theirs is still open: the kitchen needs the address until then.

use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::domain::error::ErrorCode;
use crate::domain::user::{Role, User};
use crate::http::AppState;
use crate::http::error::{self, ApiError, ErrorBody, required};
use crate::http::routes::accounts::password_check::{TooManyAttempts, confirm_password};

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct DeleteAccountBody {
    /// The account's current password, to confirm.
    #[oai(deserialize_with = "crate::http::text_fields::optional_secret")]
    pub password: Option<String>,
}

#[derive(ApiResponse)]
pub enum AccountDeleted {
    /// The account is deleted; its orders are kept without personal data.
    #[oai(status = 204)]
    NoContent,
    /// Too many wrong passwords; try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
}

fn admin_refused() -> ApiError {
    ApiError::Forbidden(error::body(
        ErrorCode::Forbidden,
        "The restaurant's accounts are removed by its owner (Admin → Accounts, or heimservice admin delete).",
    ))
}

/// `DELETE /users/me` (served by `LoginApi` beside `GET /users/me`: one path belongs
/// to one API in the OpenAPI document).
pub async fn delete_account(
    state: &AppState,
    user: User,
    body: DeleteAccountBody,
    remote: &RemoteAddr,
    headers: &HeaderMap,
) -> Result<AccountDeleted, ApiError> {
    if user.role != Role::Customer {
        return Err(admin_refused());
    }
    let password = required("password", body.password)?;
    if password.is_empty() {
        return Err(ApiError::invalid("password", "is required"));
    }
    if let Err(TooManyAttempts(body, seconds)) =
        confirm_password(state, &user, password, "password", (remote, headers)).await?
    {
        return Ok(AccountDeleted::TooMany(body, seconds));
    }
    match state.shop.delete_account(user.id).await? {
        Ok(orders) => {
            tracing::info!(user = user.id, orders, "customer deleted their account");
            Ok(AccountDeleted::NoContent)
        }
        Err(refused) => Err(refused.into()),
    }
}
