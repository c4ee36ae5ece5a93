//! The customer's side of ordering (spec §7 `POST /orders/`, `POST /orders/guest`), the
//! PayPal order the buyer approves, and the order status behind the customer's link.

pub mod admin;
pub mod checkout;
mod correction_view;
pub mod corrections;
pub mod phone;
pub mod search;
mod tse_view;
pub mod views;
#[cfg(test)]
mod views_json_tests;

use std::net::IpAddr;
use std::time::Instant;

use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use crate::domain::error::ErrorCode;
use crate::domain::money::cents_to_euros;
use crate::domain::order::Order;
use crate::domain::order::placing::{IdempotencyKey, OrderAddress};
use crate::domain::user::User;
use crate::http::AppState;
use crate::http::auth::UserAuth;
use crate::http::direct_json::DirectJson;
use crate::http::error::{self, ApiError, ErrorBody};
use crate::http::middleware::order_throttle::Contact;
use crate::http::routes::orders::checkout::{check_order_body, idempotency, paypal_replay_key};
use crate::http::routes::orders::views::{OrderBody, OrderView, PaypalOrderView, QuoteView};
use crate::shop::checkout::{Checkout, CheckoutRequest};
use crate::shop::order_not_found;

/// A customer's orders per page.
const MY_ORDERS_PAGE: usize = 20;

pub struct OrdersApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum Placed {
    /// The order was placed and waits for the restaurant's confirmation.
    #[oai(status = 201)]
    Created(Json<OrderView>),
    /// The same request (Idempotency-Key or PayPal payment) placed this order before.
    #[oai(status = 200)]
    AlreadyPlaced(Json<OrderView>),
    /// Too many orders from this address, phone number, e-mail address or account in a
    /// short time (`too_many_orders`); try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
}

#[derive(ApiResponse)]
pub enum PaypalCreated {
    /// The PayPal order for the buyer to approve, for the shop's own total.
    #[oai(status = 201)]
    Created(Json<PaypalOrderView>),
    /// Too many orders from this address, phone number, e-mail address or account in a
    /// short time (`too_many_orders`); try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
}

/// Counts an order against its client's and its contacts' allowances
/// (`limits.orders_per_ip`, `limits.orders_per_contact`); the answer for one too many.
fn throttle_order(
    state: &AppState,
    request: &CheckoutRequest,
    client: IpAddr,
) -> Option<(Json<ErrorBody>, u64)> {
    let contacts = match (&request.address, request.user_id) {
        (_, Some(user_id)) => vec![Contact::Account(user_id)],
        (OrderAddress::Given(customer), None) => vec![
            Contact::Phone(&customer.phone),
            Contact::Email(&customer.email),
        ],
        (OrderAddress::Saved(_), None) => Vec::new(),
    };
    let wait = state
        .order_throttle
        .take(client, &contacts, Instant::now())?;
    let seconds = crate::http::middleware::throttle::retry_after_seconds(wait);
    tracing::warn!(%client, "order throttled");
    let minutes = seconds.div_ceil(60);
    Some((
        error::body(
            ErrorCode::TooManyOrders,
            format!(
                "Too many orders in a short time from here or in this name. Please wait {minutes} minute(s) or call the restaurant."
            ),
        ),
        seconds,
    ))
}

impl OrdersApi {
    /// `scope` keeps one caller's Idempotency-Keys apart from everyone else's: the
    /// account, or a guest's client address.
    async fn place(
        &self,
        body: OrderBody,
        user: Option<&User>,
        key: Option<String>,
        (scope, client): (String, IpAddr),
    ) -> Result<Placed, ApiError> {
        let request = check_order_body(&body, user, &self.state.config.country)?;
        // A PayPal payment was counted when it was begun (`POST …/paypal`).
        if request.paypal_order_id.is_none()
            && let Some((body, seconds)) = throttle_order(&self.state, &request, client)
        {
            return Ok(Placed::TooMany(body, seconds));
        }
        let key = key.or_else(|| paypal_replay_key(body.paypal_order_id.as_deref()));
        let idempotency = idempotency(key.as_deref(), scope, &body)?;
        let origin = self.state.link_origin();
        Ok(
            match self
                .state
                .shop
                .checkout(request, idempotency, &origin)
                .await?
            {
                Checkout::Created(order) => Placed::Created(Json(OrderView::from(&order))),
                Checkout::Replayed(order) => Placed::AlreadyPlaced(Json(OrderView::from(&order))),
            },
        )
    }

    async fn quote(
        &self,
        body: OrderBody,
        user: Option<&User>,
    ) -> Result<Json<QuoteView>, ApiError> {
        let request = check_order_body(&body, user, &self.state.config.country)?;
        let quoted = self.state.shop.quote(&request).await?;
        Ok(Json(QuoteView::of(
            &quoted,
            request.order_type,
            request.preorder_at,
        )))
    }

    async fn paypal_order(
        &self,
        body: OrderBody,
        user: Option<&User>,
        client: IpAddr,
    ) -> Result<PaypalCreated, ApiError> {
        self.state.shop.online_payment_available()?;
        let request = check_order_body(&body, user, &self.state.config.country)?;
        if let Some((body, seconds)) = throttle_order(&self.state, &request, client) {
            return Ok(PaypalCreated::TooMany(body, seconds));
        }
        let (id, total) = self.state.shop.create_paypal_order(&request).await?;
        Ok(PaypalCreated::Created(Json(PaypalOrderView {
            paypal_order_id: id,
            amount: cents_to_euros(total),
            currency: self.state.shop.currency().to_string(),
        })))
    }
}

#[OpenApi]
impl OrdersApi {
    /// Place an order as a signed-in customer. Everything is repriced on the server;
    /// online orders need an approved PayPal order.
    #[oai(path = "/orders", method = "post")]
    async fn place_order(
        &self,
        auth: UserAuth,
        body: Json<OrderBody>,
        /// Retrying with the same key returns the first order instead of a second one.
        #[oai(name = "Idempotency-Key")]
        idempotency_key: Header<Option<String>>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<Placed, ApiError> {
        let scope = IdempotencyKey::user_scope(auth.0.id);
        let client = self.state.client_ip(remote, headers);
        self.place(body.0, Some(&auth.0), idempotency_key.0, (scope, client))
            .await
    }

    /// Place an order as a guest, with the shipping address in the body.
    #[oai(path = "/orders/guest", method = "post")]
    async fn place_guest_order(
        &self,
        body: Json<OrderBody>,
        #[oai(name = "Idempotency-Key")] idempotency_key: Header<Option<String>>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<Placed, ApiError> {
        let client = self.state.client_ip(remote, headers);
        let scope = IdempotencyKey::guest_scope(client);
        self.place(body.0, None, idempotency_key.0, (scope, client))
            .await
    }

    /// What the signed-in customer's order would cost if placed now: the server's price
    /// for exactly this body (same body as the order). Refused for the reasons the order
    /// would be. Send its `quote_id` with the order to have it placed at this price only.
    #[oai(path = "/orders/quote", method = "post")]
    async fn quote_order(
        &self,
        auth: UserAuth,
        body: Json<OrderBody>,
    ) -> Result<Json<QuoteView>, ApiError> {
        self.quote(body.0, Some(&auth.0)).await
    }

    /// What a guest's order would cost if placed now (like `POST /orders/quote`).
    #[oai(path = "/orders/guest/quote", method = "post")]
    async fn quote_guest_order(&self, body: Json<OrderBody>) -> Result<Json<QuoteView>, ApiError> {
        self.quote(body.0, None).await
    }

    /// Create the PayPal order for a signed-in customer's cart (same body as the order,
    /// `payment_method` `online`, no `paypal_order_id`).
    #[oai(path = "/orders/paypal", method = "post")]
    async fn create_paypal_order(
        &self,
        auth: UserAuth,
        body: Json<OrderBody>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<PaypalCreated, ApiError> {
        let client = self.state.client_ip(remote, headers);
        self.paypal_order(body.0, Some(&auth.0), client).await
    }

    /// Create the PayPal order for a guest's cart.
    #[oai(path = "/orders/guest/paypal", method = "post")]
    async fn create_guest_paypal_order(
        &self,
        body: Json<OrderBody>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<PaypalCreated, ApiError> {
        let client = self.state.client_ip(remote, headers);
        self.paypal_order(body.0, None, client).await
    }

    /// The signed-in customer's orders, newest first, a page at a time: a page shorter
    /// than `limit` is the last; the next starts `before` the page's last order.
    #[oai(path = "/orders", method = "get")]
    async fn my_orders(
        &self,
        auth: UserAuth,
        /// Orders per page, 1–100 (default 20).
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<u32>>,
        /// The id of the last order of the page before: the orders placed before it.
        before: Query<Option<u64>>,
    ) -> Result<DirectJson<Vec<OrderView>>, ApiError> {
        let limit = limit.0.map_or(MY_ORDERS_PAGE, |limit| limit as usize);
        let orders = self
            .state
            .shop
            .db()
            .orders_of_user(auth.0.id, before.0, limit)
            .await?;
        Ok(DirectJson(orders.iter().map(OrderView::from).collect()))
    }

    /// One of the signed-in customer's own orders; anyone else's is not found.
    #[oai(path = "/orders/:id", method = "get")]
    async fn my_order(
        &self,
        auth: UserAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Json<OrderView>, ApiError> {
        let order = self
            .state
            .shop
            .db()
            .order(id.0)
            .await?
            .filter(|order| order.user_id == Some(auth.0.id))
            .ok_or_else(order_not_found)?;
        Ok(Json(OrderView::from(&order)))
    }

    /// One order by the secret token of its status link.
    #[oai(path = "/orders/track/:token", method = "get")]
    async fn track(
        &self,
        #[oai(name = "token")] token: Path<String>,
    ) -> Result<Json<OrderView>, ApiError> {
        let order = self.by_token(token.0).await?;
        Ok(Json(OrderView::from(&order)))
    }
}

impl OrdersApi {
    async fn by_token(&self, token: String) -> Result<Order, ApiError> {
        order_by_token(&self.state, token).await
    }
}

/// The order behind a status link; malformed tokens are simply not found.
pub async fn order_by_token(state: &AppState, token: String) -> Result<Order, ApiError> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(order_not_found().into());
    }
    Ok(state
        .shop
        .db()
        .order_by_token(token)
        .await?
        .ok_or_else(order_not_found)?)
}
