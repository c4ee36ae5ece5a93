//! Orders the staff take on the phone ("Phone order" on the board). They are repriced
//! and checked exactly like a guest's order and paid in cash; the staff decide while
//! the caller is on the line, so the order is placed already accepted with the
//! kitchen's estimate — through the same acceptance as the board's — and flows like any
//! other from there. While online ordering is paused (by the switch or automatically)
//! the staff may still take orders: the pause is the storefront's. Opening hours,
//! closures and the guards (untrusted clock, unconfirmed readiness) apply.

use chrono::{DateTime, Utc};
use poem_openapi::param::{Header, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::db::{NewOrder, OrderAddress, OrderDraft, Placement};
use crate::domain::order::{OrderSource, Payment};
use crate::domain::pricing::OrderType;
use crate::http::AppState;
use crate::http::auth::AdminAuth;
use crate::http::error::{ApiError, required};
use crate::http::ordering::{
    given_customer, idempotency, line_requests, new_token, order_note, refusal_error,
};
use crate::http::routes::orders::views::{
    AdminOrderView, LineBody, OrderTypeBody, PaymentMethodBody, ShippingAddressBody,
};
use crate::http::routes::stores::{OrderTypeParam, PreOrderSlots, slot_offer};

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
        admin: AdminAuth,
        body: Json<PhoneOrderBody>,
        /// Retrying with the same key returns the first order instead of a second one.
        #[oai(name = "Idempotency-Key")]
        idempotency_key: Header<Option<String>>,
    ) -> Result<PhonePlaced, ApiError> {
        let request = body.0;
        let state = &self.state;
        let order_type: OrderType = required("order_type", request.order_type)?.into();
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
        let minutes = crate::http::ordering::accept_minutes(request.minutes)?;
        let idempotency = idempotency(idempotency_key.0.as_deref(), "phone".into(), &request)?;
        // An untrusted clock or an unconfirmed readiness check shuts phone orders too.
        state.ordering_gate()?;
        let placed = state
            .db
            .place_order(NewOrder {
                draft: OrderDraft {
                    store_id: state.config.store_id,
                    user_id: None,
                    address: OrderAddress::Given(customer),
                    order_type,
                    lines,
                    preorder_at: request.preorder_at,
                    now: state.clock.now(),
                    timezone: state.config.timezone,
                    taken_by_staff: true,
                },
                note,
                payment: Payment::cash(),
                token: new_token()?,
                auto_reject_after: state.auto_reject_after(),
                idempotency,
                paid_cents: None,
                source: OrderSource::Phone,
                accept_minutes: Some(minutes),
            })
            .await?
            .map_err(|refusal| refusal_error(refusal, true))?;
        Ok(match placed {
            Placement::Created(order) => {
                tracing::info!(
                    admin = admin.0.id,
                    order = order.id,
                    number = order.number,
                    minutes,
                    "phone order placed and accepted"
                );
                // The staff are at the board: this answers like an accept.
                state.note_answered().await;
                state.announce_accepted(&order);
                PhonePlaced::Created(Json(AdminOrderView::from(&order)))
            }
            Placement::Replayed(order) => {
                PhonePlaced::AlreadyPlaced(Json(AdminOrderView::from(&order)))
            }
        })
    }

    /// Whether the staff can take an order for now, and the pre-order times; like
    /// `GET /stores/{id}/slots`, but also while online ordering is paused.
    #[oai(path = "/admin/phone-orders/slots", method = "get")]
    async fn slots(
        &self,
        _admin: AdminAuth,
        /// `delivery` or `pickup`: they have different lead times.
        order_type: Query<OrderTypeParam>,
    ) -> Result<Json<PreOrderSlots>, ApiError> {
        let state = &self.state;
        let mut profile = state
            .db
            .store_profile(state.config.store_id)
            .await?
            .ok_or_else(|| ApiError::store_not_found(state.config.store_id))?;
        profile.paused = false;
        let blocked = state.status.ordering_blocked();
        Ok(Json(PreOrderSlots {
            closed_reason: blocked.map(|reason| reason.as_str().to_string()),
            ..slot_offer(
                &profile,
                order_type.0.into(),
                (state.clock.now(), state.config.timezone),
                blocked.is_some(),
            )
        }))
    }
}
