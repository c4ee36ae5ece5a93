//! Orders the staff take on the phone. They are repriced and checked exactly like a
//! guest's order and paid in cash; the staff decide while the caller is on the line,
//! so the order is placed already accepted with the kitchen's estimate and flows like
//! any other from there. While online ordering is paused the staff may still take
//! orders (the pause is the storefront's); opening hours, closures and the guards
//! (untrusted clock, unconfirmed readiness) apply.

use chrono::{DateTime, Utc};

use super::checkout::{Checkout, new_order_token};
use super::{OrderRefused, Shop, ShopError};
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::order::OrderType;
use crate::domain::order::lines::LineRequest;
use crate::domain::order::placing::{
    IdempotencyKey, NewOrder, OrderAddress, OrderDraft, Placement,
};
use crate::domain::order::{Actor, Customer, OrderSource, Payment};

/// What the caller chose, entered by the staff and checked field by field.
#[derive(Debug, Clone)]
pub struct PhoneOrder {
    pub order_type: OrderType,
    pub lines: Vec<LineRequest>,
    pub customer: Customer,
    pub preorder_at: Option<DateTime<Utc>>,
    pub note: String,
    /// Minutes until the order is ready (pickup) or at the door (delivery).
    pub minutes: u16,
    /// What the caller pays with, so the driver brings the change.
    pub cash_given_cents: Option<i64>,
}

impl Shop {
    /// Places an order taken on the phone by `by`, accepted at once with its estimate.
    pub async fn place_phone_order(
        &self,
        request: PhoneOrder,
        idempotency: Option<IdempotencyKey>,
        by: &Actor,
    ) -> Result<Checkout, ShopError> {
        // An untrusted clock or an unconfirmed readiness check shuts phone orders too.
        self.ordering_gate()?;
        // Phone orders are paid in cash, which a cashless shop does not take.
        if !self.takes_cash() {
            return Err(Refusal::new(
                ErrorStatus::Conflict,
                ErrorCode::PhoneOrdersCashless,
                "Phone orders are paid in cash, and this shop takes no cash (fiscal mode “no cash”).",
            )
            .into());
        }
        let placed = self
            .db
            .place_order(NewOrder {
                max_waiting: None,
                slot_capacity: self.slot_capacity(request.order_type),
                fiscal_mode: self.fiscal_mode(),
                draft: OrderDraft {
                    store_id: self.config.store_id,
                    user_id: None,
                    address: OrderAddress::Given(request.customer),
                    order_type: request.order_type,
                    lines: request.lines,
                    preorder_at: request.preorder_at,
                    now: self.clock.now(),
                    timezone: self.config.timezone,
                    preorder_days: self.config.orders.preorder_days,
                    taken_by_staff: true,
                    age_confirmed: true,
                    tip_cents: 0,
                    coupon_code: None,
                    table: None,
                },
                note: request.note,
                payment: Payment::cash(),
                token: new_order_token(self.clock.now())?,
                answer_window: self.answer_window(),
                idempotency,
                paid_cents: None,
                source: OrderSource::Phone,
                accept_minutes: Some(request.minutes),
                expected_quote: None,
                placed_by: by.clone(),
                cash_given_cents: request.cash_given_cents,
            })
            .await?
            .map_err(|refusal| OrderRefused {
                refusal,
                guest: true,
            })?;
        Ok(match placed {
            Placement::Created(order) => {
                // The staff are at the board: this answers like an accept.
                self.phone_order_taken(&order).await;
                Checkout::Created(order)
            }
            Placement::Replayed(order) => Checkout::Replayed(order),
        })
    }
}
