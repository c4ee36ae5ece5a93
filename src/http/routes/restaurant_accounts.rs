//! The restaurant's accounts, managed by its owner: `GET`/`POST /admin/accounts`,
//! `PUT /admin/accounts/{id}/password` and `DELETE /admin/accounts/{id}`. The same use
//! cases serve `heimservice admin`.

use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::user::{Role, User};
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::{ApiError, required};
use crate::http::routes::catalog::{Created, Deleted};
use crate::shop::admin_accounts::NewRestaurantAccount;

pub struct RestaurantAccountsApi {
    pub state: AppState,
}

/// An owner or staff account.
#[derive(Debug, Object)]
pub struct RestaurantAccountView {
    pub id: u64,
    pub email: String,
    pub name: String,
    /// `owner` (everything) or `staff` (the orders board, phone orders, pause, a
    /// printer's test print, sold out).
    pub role: String,
    /// UTC, RFC 3339.
    pub created_at: String,
}

impl From<&User> for RestaurantAccountView {
    fn from(user: &User) -> Self {
        RestaurantAccountView {
            id: user.id,
            email: user.email.clone(),
            name: user.name.clone(),
            role: user.role.as_str().into(),
            created_at: chrono::DateTime::from_timestamp(user.created_at, 0)
                .unwrap_or_default()
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        }
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct NewAccountBody {
    pub email: Option<String>,
    /// Shown in the admin area and in the orders' history; empty: the part of the
    /// email before `@`.
    pub name: Option<String>,
    /// `owner` or `staff`.
    pub role: Option<String>,
    /// At least 8 characters, not a common one.
    pub password: Option<String>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct PasswordBody {
    pub password: Option<String>,
}

#[OpenApi]
impl RestaurantAccountsApi {
    /// The owner and staff accounts, oldest first (owner).
    #[oai(path = "/admin/accounts", method = "get")]
    async fn list(&self, _owner: OwnerAuth) -> Result<Json<Vec<RestaurantAccountView>>, ApiError> {
        let accounts = self.state.shop.restaurant_accounts().await?;
        Ok(Json(
            accounts.iter().map(RestaurantAccountView::from).collect(),
        ))
    }

    /// Create an owner or staff account (owner); 409 `email_taken` when any account
    /// has the email.
    #[oai(path = "/admin/accounts", method = "post")]
    async fn create(
        &self,
        owner: OwnerAuth,
        body: Json<NewAccountBody>,
    ) -> Result<Created<RestaurantAccountView>, ApiError> {
        let body = body.0;
        let email = required("email", body.email)?;
        let role_name = required("role", body.role)?;
        let role = Role::of_restaurant(&role_name)
            .ok_or_else(|| ApiError::invalid("role", "must be owner or staff"))?;
        let password = required("password", body.password)?;
        let user = self
            .state
            .shop
            .create_restaurant_account(NewRestaurantAccount {
                email,
                name: body.name.unwrap_or_default(),
                role,
                password,
            })
            .await?;
        tracing::info!(owner = owner.0.id, account = user.id, role = %role_name, "account created");
        Ok(Created::Created(Json(RestaurantAccountView::from(&user))))
    }

    /// Set a new password for an owner or staff account (owner); its open sessions end.
    /// 409 `own_account` for the caller's own (another owner or `heimservice admin
    /// reset-password` sets it).
    #[oai(path = "/admin/accounts/:id/password", method = "put")]
    async fn set_password(
        &self,
        owner: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<PasswordBody>,
    ) -> Result<Json<RestaurantAccountView>, ApiError> {
        let password = required("password", body.0.password)?;
        let user = self
            .state
            .shop
            .set_restaurant_password(id.0, password, Some(owner.0.id))
            .await?;
        tracing::info!(
            owner = owner.0.id,
            account = user.id,
            "account password set"
        );
        Ok(Json(RestaurantAccountView::from(&user)))
    }

    /// Delete an owner or staff account (owner): 409 `last_owner` for the only owner,
    /// 409 `own_account` for the caller's own. Orders it answered keep its name in
    /// their history.
    #[oai(path = "/admin/accounts/:id", method = "delete")]
    async fn delete(
        &self,
        owner: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Deleted, ApiError> {
        let user = self
            .state
            .shop
            .delete_restaurant_account(id.0, Some(owner.0.id))
            .await?;
        tracing::info!(owner = owner.0.id, account = user.id, "account deleted");
        Ok(Deleted::NoContent)
    }
}
