//! Bearer-token extractors for the typed handlers. A token must verify (HS256, not
//! expired, ours), name an existing account, and carry that account's current token
//! version; `StaffAuth` also needs a restaurant account (owner or staff), `OwnerAuth`
//! the owner's role (403 otherwise).

use poem::Request;
use poem_openapi::SecurityScheme;
use poem_openapi::auth::Bearer;

use crate::domain::user::{Role, User};
use crate::http::AppState;
use crate::http::error::ApiError;
use crate::http::middleware::frame::SharedState;

/// Any signed-in account.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "signed_in_user")]
pub struct UserAuth(pub User);

/// A signed-in owner of the restaurant: everything the admin area does.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "signed_in_owner")]
pub struct OwnerAuth(pub User);

/// A signed-in owner or member of staff: the day's orders (board, phone orders, pause,
/// a printer's test print, sold out).
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "signed_in_staff")]
pub struct StaffAuth(pub User);

async fn signed_in_user(req: &Request, bearer: Bearer) -> poem::Result<User> {
    let state = req.data::<SharedState>().ok_or_else(ApiError::internal)?;
    Ok(user_of_token(&state.0, &bearer.token).await?)
}

/// The account a bearer token stands for, if the token is still valid.
pub async fn user_of_token(state: &AppState, token: &str) -> Result<User, ApiError> {
    let claims = state
        .tokens
        .verify(token)
        .ok_or_else(ApiError::unauthorized)?;
    let id = claims.user_id().ok_or_else(ApiError::unauthorized)?;
    let user = state
        .shop
        .db()
        .user(id)
        .await
        .map_err(ApiError::from)?
        .ok_or_else(ApiError::unauthorized)?;
    if user.token_version != claims.ver || user.role != claims.role {
        return Err(ApiError::unauthorized());
    }
    Ok(user)
}

async fn signed_in_owner(req: &Request, bearer: Bearer) -> poem::Result<User> {
    let user = signed_in_user(req, bearer).await?;
    if user.role != Role::Owner {
        return Err(ApiError::forbidden().into());
    }
    Ok(user)
}

async fn signed_in_staff(req: &Request, bearer: Bearer) -> poem::Result<User> {
    let user = signed_in_user(req, bearer).await?;
    if !user.role.is_restaurant() {
        return Err(ApiError::forbidden().into());
    }
    Ok(user)
}
