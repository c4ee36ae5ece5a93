//! Web Push subscriptions: the shop's public VAPID key; a customer's browser following
//! an order by its status link; a staff member's browser hearing of new orders. The
//! notifications themselves go out from `shop::push`.

use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::domain::push::PushLanguage;
use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::error::{ApiError, required};
use crate::http::routes::orders::order_by_token;
use crate::shop::push::SubscriptionRequest;

pub struct PushApi {
    pub state: AppState,
}

/// The shop's public key for `pushManager.subscribe` (`applicationServerKey`).
#[derive(Debug, Object)]
pub struct PushKeyView {
    /// P-256 public key, 65 bytes uncompressed, base64url without padding.
    pub public_key: String,
}

/// The browser's keys from `PushSubscription.toJSON()`.
#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct SubscriptionKeys {
    pub p256dh: Option<String>,
    pub auth: Option<String>,
}

/// A browser's push subscription (`PushSubscription.toJSON()`) and the language its
/// notifications are written in.
#[derive(Debug, Object)]
pub struct SubscriptionBody {
    pub endpoint: Option<String>,
    pub keys: Option<SubscriptionKeys>,
    /// `de` (default) or `en`.
    pub language: Option<String>,
}

impl SubscriptionBody {
    fn request(self) -> Result<SubscriptionRequest, ApiError> {
        let endpoint = required("endpoint", self.endpoint)?;
        let keys = required("keys", self.keys)?;
        let language = match self.language.as_deref() {
            None | Some("de") => PushLanguage::De,
            Some("en") => PushLanguage::En,
            Some(_) => {
                return Err(ApiError::invalid("language", "must be `de` or `en`"));
            }
        };
        Ok(SubscriptionRequest {
            endpoint,
            p256dh: required("keys.p256dh", keys.p256dh)?,
            auth: required("keys.auth", keys.auth)?,
            language,
        })
    }
}

#[derive(ApiResponse)]
pub enum Saved {
    /// Saved: notifications come to this browser.
    #[oai(status = 204)]
    NoContent,
}

#[derive(ApiResponse)]
pub enum Removed {
    /// Removed: no more notifications to this browser.
    #[oai(status = 204)]
    NoContent,
}

#[OpenApi]
impl PushApi {
    /// The public half of the shop's VAPID key; 404 `push_off` when the shop sends no
    /// push notifications.
    #[oai(path = "/push/key", method = "get")]
    async fn key(&self) -> Result<Json<PushKeyView>, ApiError> {
        Ok(Json(PushKeyView {
            public_key: self.state.shop.push_public_key()?,
        }))
    }

    /// This browser follows the order behind the status link: a notification when the
    /// restaurant answers, when the order is ready or on its way, and when it is
    /// cancelled (at most three browsers per order; the oldest makes room). 400
    /// `push_service_unknown` for an endpoint at a push service the shop does not send
    /// to; 409 `push_order_ended` once the order has ended.
    #[oai(path = "/orders/track/:token/push", method = "put")]
    async fn follow(
        &self,
        #[oai(name = "token")] token: Path<String>,
        body: Json<SubscriptionBody>,
    ) -> Result<Saved, ApiError> {
        let order = order_by_token(&self.state, token.0).await?;
        let request = body.0.request()?;
        self.state
            .shop
            .follow_order_by_push(&order, request)
            .await?;
        Ok(Saved::NoContent)
    }

    /// This browser stops following the order; 404 `push_subscription_not_found` when
    /// it did not.
    #[oai(path = "/orders/track/:token/push", method = "delete")]
    async fn unfollow(
        &self,
        #[oai(name = "token")] token: Path<String>,
        /// The subscription's endpoint.
        endpoint: Query<Option<String>>,
    ) -> Result<Removed, ApiError> {
        let order = order_by_token(&self.state, token.0).await?;
        let endpoint = required("endpoint", endpoint.0)?;
        self.state
            .shop
            .unfollow_order_by_push(&order, endpoint)
            .await?;
        Ok(Removed::NoContent)
    }

    /// This browser hears of every new online order while the board is in the
    /// background or closed (staff and owner; at most ten browsers per account).
    #[oai(path = "/admin/push", method = "put")]
    async fn add_board(
        &self,
        auth: StaffAuth,
        body: Json<SubscriptionBody>,
    ) -> Result<Saved, ApiError> {
        let request = body.0.request()?;
        self.state.shop.add_board_push(&auth.0, request).await?;
        Ok(Saved::NoContent)
    }

    /// This browser hears of new orders no more; 404 `push_subscription_not_found`
    /// when it is not one of the account's.
    #[oai(path = "/admin/push", method = "delete")]
    async fn remove_board(
        &self,
        auth: StaffAuth,
        /// The subscription's endpoint.
        endpoint: Query<Option<String>>,
    ) -> Result<Removed, ApiError> {
        let endpoint = required("endpoint", endpoint.0)?;
        self.state.shop.remove_board_push(&auth.0, endpoint).await?;
        Ok(Removed::NoContent)
    }
}
