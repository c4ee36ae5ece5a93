//! `POST /admin/phone-orders`: the order the staff take on the phone ("Phone order" on
//! the board), checked field by field and placed by the shop (`shop/phone_orders.rs`:
//! repriced like a guest's order, paid in cash, accepted at once); and the pre-order
//! times the staff may offer, also while online ordering is paused.

use chrono::{DateTime, Utc};
use poem_openapi::param::{Header, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::domain::order::{Actor, OrderType, PaymentMethod};
use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::error::{ApiError, required};
use crate::http::routes::orders::checkout::{
    accept_minutes, cash_given, given_customer, idempotency, line_requests, order_note,
};
use crate::http::routes::orders::views::{
    AdminOrderView, LineBody, OrderTypeBody, PaymentMethodBody, ShippingAddressBody,
};
use crate::http::routes::stores::{PreOrderSlots, full_slots, slot_offer};
use crate::shop::checkout::Checkout;
use crate::shop::phone_orders::PhoneOrder;

pub struct PhoneOrdersApi {
    pub state: AppState,
}

/// What the caller chose, entered by the staff.
#[derive(Debug, Clone, Object)]
#[oai(deny_unknown_fields)]
pub struct PhoneOrderBody {
    pub order_type: Option<OrderTypeBody>,
    pub lines: Option<Vec<LineBody>>,
    /// The caller: name and phone; street and postcode for delivery (the postcode must
    /// be served); e-mail optional — with one, the caller gets the acceptance mail.
    pub customer: Option<ShippingAddressBody>,
    /// Phone orders are paid in cash; may be left out.
    pub payment_method: Option<PaymentMethodBody>,
    /// A time from `GET /admin/phone-orders/slots`; null = as soon as possible.
    #[oai(nullable)]
    pub preorder_at: Option<DateTime<Utc>>,
    /// For the kitchen or the driver, at most 500 characters.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub note: Option<String>,
    /// Minutes until the order is ready (pickup) or at the door (delivery), 5–240.
    pub minutes: Option<i64>,
    /// What the caller pays with, in euros, so the driver brings the change; at least
    /// the total. Null: not said.
    #[oai(nullable)]
    pub cash_given: Option<f64>,
}

#[derive(ApiResponse)]
pub enum PhonePlaced {
    /// The order was placed, already accepted with the estimate.
    #[oai(status = 201)]
    Created(Json<AdminOrderView>),
    /// The same request (Idempotency-Key) placed this order before.
    #[oai(status = 200)]
    AlreadyPlaced(Json<AdminOrderView>),
}

#[OpenApi]
impl PhoneOrdersApi {
    /// Place an order taken on the phone: repriced and checked like a guest's order,
    /// paid in cash, accepted at once with `minutes`.
    #[oai(path = "/admin/phone-orders", method = "post")]
    async fn place(
        &self,
        staff: StaffAuth,
        body: Json<PhoneOrderBody>,
        /// Retrying with the same key returns the first order instead of a second one.
        #[oai(name = "Idempotency-Key")]
        idempotency_key: Header<Option<String>>,
    ) -> Result<PhonePlaced, ApiError> {
        let request = body.0;
        let state = &self.state;
        let order_type: OrderType = required("order_type", request.order_type)?.into();
        if order_type == OrderType::DineIn {
            return Err(ApiError::invalid(
                "order_type",
                "phone orders are for delivery or pickup",
            ));
        }
        let lines = line_requests(request.lines.as_deref())?;
        let given = required("customer", request.customer.as_ref())?;
        let customer = given_customer(
            (given, "customer"),
            &state.config.country,
            order_type == OrderType::Delivery,
        )?;
        if request.payment_method == Some(PaymentMethodBody::Online) {
            return Err(ApiError::invalid(
                "payment_method",
                "phone orders are paid in cash",
            ));
        }
        let note = order_note(request.note.as_deref())?;
        let minutes = accept_minutes(request.minutes)?;
        let idempotency = idempotency(idempotency_key.0.as_deref(), "phone".into(), &request)?;
        let order = PhoneOrder {
            order_type,
            lines,
            customer,
            preorder_at: request.preorder_at,
            note,
            minutes,
            cash_given_cents: cash_given(request.cash_given, PaymentMethod::Cash)?,
        };
        Ok(
            match state
                .shop
                .place_phone_order(order, idempotency, &Actor::staff(&staff.0))
                .await?
            {
                Checkout::Created(order) => {
                    tracing::info!(
                        staff = staff.0.id,
                        order = order.id,
                        number = order.number,
                        minutes,
                        "phone order placed and accepted"
                    );
                    PhonePlaced::Created(Json(AdminOrderView::from(&order)))
                }
                Checkout::Replayed(order) => {
                    PhonePlaced::AlreadyPlaced(Json(AdminOrderView::from(&order)))
                }
            },
        )
    }

    /// Whether the staff can take an order for now, and the pre-order times; like
    /// `GET /stores/{id}/slots`, but also while online ordering is paused.
    #[oai(path = "/admin/phone-orders/slots", method = "get")]
    async fn slots(
        &self,
        _staff: StaffAuth,
        /// `delivery` or `pickup`: they have different lead times.
        order_type: Query<OrderTypeBody>,
    ) -> Result<Json<PreOrderSlots>, ApiError> {
        let state = &self.state;
        let mut profile = state.shop.store_profile(state.config.store_id).await?;
        profile.paused = false;
        let blocked = state.shop.status().ordering_blocked();
        let order_type = order_type.0.into();
        let now = state.shop.clock().now();
        let full = full_slots(&state.shop, order_type, now).await?;
        Ok(Json(PreOrderSlots {
            closed_reason: blocked.map(|reason| reason.as_str().to_string()),
            ..slot_offer(
                &profile,
                order_type,
                (now, state.config.timezone),
                blocked.is_some(),
                (&full, state.config.orders.preorder_days),
            )
        }))
    }
}
