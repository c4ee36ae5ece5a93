//! The ordering vocabulary. This module: a placed order — the snapshot of what was
//! sold, who gets it, how it is paid, and the restaurant's answer. Beside it: the cart
//! (`cart`), the lines priced from the catalog (`lines`), the totals (`totals`), the
//! quote for a whole order (`quote`), placing one (`placing`) and the time the
//! restaurant has to answer it (`answering`), and who made each change (`actor`).
//!
//! A placed order's state machine: waiting for confirmation → accepted (with an
//! estimated time) or rejected; accepted → preparing → out for delivery (delivery) or
//! ready for pickup (pickup) → completed. Steps may be skipped forward, never back. An
//! accepted order, also a completed one after a complaint, may be cancelled or its
//! lines changed by the restaurant while its business day is open (`correction`).

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

pub mod actor;
pub mod answering;
pub mod cart;
pub mod correction;
pub mod line_change;
pub mod lines;
pub mod placing;
pub mod quote;
pub mod summary;
pub mod totals;

use super::error::{ErrorStatus, PublicError};
use super::fiscal::mode::FiscalMode;
use super::fiscal::signing::OrderTse;
use super::vat::VatLine;
use crate::domain::error::ErrorCode;
pub use actor::Actor;
use lines::PricedLine;
use totals::Totals;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OrderType {
    Delivery,
    Pickup,
    /// Eaten at one of the restaurant's tables (the order's `table`): no address, no
    /// delivery fee, as soon as possible.
    #[serde(rename = "dine_in")]
    DineIn,
}

impl OrderType {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderType::Delivery => "delivery",
            OrderType::Pickup => "pickup",
            OrderType::DineIn => "dine_in",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    WaitingForConfirmation,
    Accepted,
    Rejected,
    Preparing,
    OutForDelivery,
    ReadyForPickup,
    Completed,
    /// Cancelled by the restaurant after it was accepted (see `correction`).
    Cancelled,
}

impl OrderStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::WaitingForConfirmation => "waiting_for_confirmation",
            OrderStatus::Accepted => "accepted",
            OrderStatus::Rejected => "rejected",
            OrderStatus::Preparing => "preparing",
            OrderStatus::OutForDelivery => "out_for_delivery",
            OrderStatus::ReadyForPickup => "ready_for_pickup",
            OrderStatus::Completed => "completed",
            OrderStatus::Cancelled => "cancelled",
        }
    }

    /// Still something for the kitchen to do.
    pub fn is_open(self) -> bool {
        !matches!(
            self,
            OrderStatus::Rejected | OrderStatus::Completed | OrderStatus::Cancelled
        )
    }

    /// Position on the way from accepted to completed.
    fn step(self) -> Option<u8> {
        match self {
            OrderStatus::Accepted => Some(1),
            OrderStatus::Preparing => Some(2),
            OrderStatus::OutForDelivery | OrderStatus::ReadyForPickup => Some(3),
            OrderStatus::Completed => Some(4),
            OrderStatus::WaitingForConfirmation
            | OrderStatus::Rejected
            | OrderStatus::Cancelled => None,
        }
    }

    fn english(self) -> &'static str {
        match self {
            OrderStatus::WaitingForConfirmation => "waiting for confirmation",
            OrderStatus::Accepted => "accepted",
            OrderStatus::Rejected => "rejected",
            OrderStatus::Preparing => "being prepared",
            OrderStatus::OutForDelivery => "out for delivery",
            OrderStatus::ReadyForPickup => "ready for pickup",
            OrderStatus::Completed => "completed",
            OrderStatus::Cancelled => "cancelled",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Cash,
    Online,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentStatus {
    /// Paid in cash on delivery or at pickup.
    CashDue,
    /// Captured by PayPal.
    Paid,
    Refunded,
    /// The refund of a rejected order failed; the restaurant must refund by hand.
    RefundFailed,
    /// A cash order the restaurant cancelled: nothing is due.
    Cancelled,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payment {
    pub method: PaymentMethod,
    pub status: PaymentStatus,
    pub paypal_order_id: Option<String>,
    pub capture_id: Option<String>,
    pub refund_id: Option<String>,
    /// Why the refund failed, for the restaurant.
    pub refund_error: Option<String>,
}

/// Where an order came from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderSource {
    /// The storefront (a guest or a signed-in customer).
    #[default]
    Online,
    /// Taken by the staff on the phone and entered on the board.
    Phone,
}

impl OrderSource {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderSource::Online => "online",
            OrderSource::Phone => "phone",
        }
    }
}

impl Payment {
    /// Paid in cash on delivery or at pickup; nothing paid yet.
    pub fn cash() -> Payment {
        Payment {
            method: PaymentMethod::Cash,
            status: PaymentStatus::CashDue,
            paypal_order_id: None,
            capture_id: None,
            refund_id: None,
            refund_error: None,
        }
    }
}

/// Who receives the order: the delivery address, or the contact for pickup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    pub customer_name: String,
    pub line1: String,
    pub city: String,
    pub zip: String,
    pub country: String,
    pub phone: String,
    pub email: String,
    /// For the driver ("Hinterhaus, 3. OG"): from the saved address, or the guest's.
    #[serde(default)]
    pub notes: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusChange {
    pub status: OrderStatus,
    pub at: DateTime<Utc>,
    #[serde(default)]
    pub note: String,
    /// Who made the change; `None` in orders from before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Actor>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    pub id: u64,
    /// Counts from 1 each business day (store time zone).
    pub number: u32,
    /// The customer's unguessable link to the order (256 random bits, base64url).
    pub token: String,
    pub created_at: DateTime<Utc>,
    pub business_date: NaiveDate,
    pub status: OrderStatus,
    pub order_type: OrderType,
    pub user_id: Option<u64>,
    pub customer: Customer,
    pub payment: Payment,
    pub preorder_at: Option<DateTime<Utc>>,
    pub note: String,
    pub lines: Vec<PricedLine>,
    pub totals: Totals,
    pub discount_basis_points: u32,
    pub vat: Vec<VatLine>,
    pub estimated_minutes: Option<u16>,
    pub estimated_ready_at: Option<DateTime<Utc>>,
    pub rejection_reason: Option<String>,
    /// When an unanswered order is rejected automatically.
    pub auto_reject_at: Option<DateTime<Utc>>,
    pub history: Vec<StatusChange>,
    #[serde(default)]
    pub source: OrderSource,
    /// When the customer's personal data was removed (see `erasure`); the amounts, VAT
    /// and status stay for the tax records.
    #[serde(default)]
    pub anonymised_at: Option<DateTime<Utc>>,
    /// The fiscal mode the order was placed under: in `pos`, its cash is booked in the
    /// restaurant's own POS (the ticket says so). `None`: none was chosen, or the order
    /// is older than the choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fiscal_mode: Option<FiscalMode>,
    /// What the cloud TSE did with the order (fiscal mode `tse`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tse: Option<OrderTse>,
    /// A cash order: the note the customer pays with ("Ich zahle mit 50 €"), at least
    /// the total, so the driver brings the change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cash_given_cents: Option<i64>,
    /// What the restaurant corrected after accepting it, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<correction::Correction>,
    /// The coupon it was placed with (what it took off is `totals.coupon_cents`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coupon: Option<crate::domain::coupon::OrderCoupon>,
    /// The hour of the store's clock (0–23) it was placed in, for the report's hours of
    /// the week. `None` in orders from before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed_hour: Option<u8>,
    /// A dine-in order: the label of the table it was ordered at ("12", "Terrasse 3"),
    /// as it was then (a table renamed or deleted later leaves it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
}

pub const MIN_ESTIMATE_MINUTES: u16 = 5;
pub const MAX_ESTIMATE_MINUTES: u16 = 240;
pub const MAX_REASON_CHARS: usize = 300;
pub const MAX_NOTE_CHARS: usize = 500;
pub const AUTO_REJECT_REASON: &str = "The restaurant did not respond in time.";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransitionError {
    #[error("Order {number} is already {status}.")]
    AlreadyDecided { number: u32, status: &'static str },
    #[error("Order {number} must be accepted first.")]
    NotAccepted { number: u32 },
    #[error("A pickup order cannot be out for delivery.")]
    PickupNotDelivered,
    #[error("A delivery order is not picked up.")]
    DeliveryNotPickedUp,
    #[error("Order {number} is already {status}; it cannot go back.")]
    Backwards { number: u32, status: &'static str },
    #[error("Use accept or reject for this step.")]
    UseDecision,
    #[error("The estimated time must be {MIN_ESTIMATE_MINUTES} to {MAX_ESTIMATE_MINUTES} minutes.")]
    BadEstimate,
    #[error("Please give a reason (at most {MAX_REASON_CHARS} characters).")]
    BadReason,
}

impl Order {
    /// Whether the order counts as a sale (revenue, a closing's sums, the tax adviser's
    /// bookings): every order that was neither rejected nor cancelled.
    pub fn is_sale(&self) -> bool {
        !matches!(self.status, OrderStatus::Rejected | OrderStatus::Cancelled)
    }

    /// The change the driver brings: what the customer pays with less the total.
    pub fn change_due_cents(&self) -> Option<i64> {
        self.cash_given_cents
            .map(|given| given - self.totals.total_cents)
    }

    /// The highest minimum age among the order's products: the driver checks it.
    pub fn age_restriction(&self) -> Option<u8> {
        lines::age_restriction(&self.lines)
    }

    fn record(&mut self, status: OrderStatus, at: DateTime<Utc>, note: String, by: &Actor) {
        self.status = status;
        self.history.push(StatusChange {
            status,
            at,
            note,
            by: Some(by.clone()),
        });
    }

    fn must_be_waiting(&self) -> Result<(), TransitionError> {
        if self.status == OrderStatus::WaitingForConfirmation {
            Ok(())
        } else {
            Err(TransitionError::AlreadyDecided {
                number: self.number,
                status: self.status.english(),
            })
        }
    }

    /// A pre-order still waiting for an answer: the estimate that has it ready at its
    /// time (the whole time until then, within the allowed estimates). None for any
    /// other order.
    pub fn estimate_for_its_time(&self, now: DateTime<Utc>) -> Option<u16> {
        let slot = self.preorder_at?;
        if self.status != OrderStatus::WaitingForConfirmation {
            return None;
        }
        let minutes = (slot - now).num_minutes().clamp(
            i64::from(MIN_ESTIMATE_MINUTES),
            i64::from(MAX_ESTIMATE_MINUTES),
        );
        u16::try_from(minutes).ok()
    }

    /// The restaurant takes the order and says when it will be ready (or at the door).
    pub fn accept(
        &mut self,
        minutes: u16,
        now: DateTime<Utc>,
        by: &Actor,
    ) -> Result<(), TransitionError> {
        if !(MIN_ESTIMATE_MINUTES..=MAX_ESTIMATE_MINUTES).contains(&minutes) {
            return Err(TransitionError::BadEstimate);
        }
        self.must_be_waiting()?;
        let soonest = now + Duration::minutes(i64::from(minutes));
        // A pre-order is ready at the chosen time, unless the kitchen needs longer.
        let ready_at = self.preorder_at.map_or(soonest, |at| at.max(soonest));
        self.estimated_minutes = Some(minutes);
        self.estimated_ready_at = Some(ready_at);
        self.auto_reject_at = None;
        self.record(OrderStatus::Accepted, now, format!("{minutes} min"), by);
        Ok(())
    }

    /// The restaurant cannot take the order (or nobody answered in time).
    pub fn reject(
        &mut self,
        reason: &str,
        now: DateTime<Utc>,
        by: &Actor,
    ) -> Result<(), TransitionError> {
        let reason = reason.trim();
        if reason.is_empty()
            || reason.chars().count() > MAX_REASON_CHARS
            || reason.chars().any(char::is_control)
        {
            return Err(TransitionError::BadReason);
        }
        self.must_be_waiting()?;
        self.rejection_reason = Some(reason.to_string());
        self.auto_reject_at = None;
        self.record(OrderStatus::Rejected, now, reason.to_string(), by);
        Ok(())
    }

    /// A later step of an accepted order.
    pub fn advance(
        &mut self,
        to: OrderStatus,
        now: DateTime<Utc>,
        by: &Actor,
    ) -> Result<(), TransitionError> {
        let Some(target) = to.step() else {
            return Err(TransitionError::UseDecision);
        };
        if to == OrderStatus::Accepted {
            return Err(TransitionError::UseDecision);
        }
        match (self.order_type, to) {
            (OrderType::Pickup | OrderType::DineIn, OrderStatus::OutForDelivery) => {
                return Err(TransitionError::PickupNotDelivered);
            }
            (OrderType::Delivery, OrderStatus::ReadyForPickup) => {
                return Err(TransitionError::DeliveryNotPickedUp);
            }
            _ => {}
        }
        match self.status {
            OrderStatus::WaitingForConfirmation => {
                return Err(TransitionError::NotAccepted {
                    number: self.number,
                });
            }
            OrderStatus::Rejected | OrderStatus::Completed | OrderStatus::Cancelled => {
                return Err(TransitionError::AlreadyDecided {
                    number: self.number,
                    status: self.status.english(),
                });
            }
            _ => {}
        }
        let current = self.status.step().unwrap_or(0);
        if target <= current {
            return Err(TransitionError::Backwards {
                number: self.number,
                status: self.status.english(),
            });
        }
        self.record(to, now, String::new(), by);
        Ok(())
    }
}

impl PublicError for TransitionError {
    fn code(&self) -> ErrorCode {
        match self {
            TransitionError::BadEstimate | TransitionError::BadReason => ErrorCode::Invalid,
            _ => ErrorCode::InvalidTransition,
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            TransitionError::BadEstimate | TransitionError::BadReason => ErrorStatus::BadRequest,
            _ => ErrorStatus::Conflict,
        }
    }

    fn field(&self) -> Option<&str> {
        match self {
            TransitionError::BadEstimate => Some("minutes"),
            TransitionError::BadReason => Some("reason"),
            _ => None,
        }
    }

    fn detail(&self) -> String {
        match self.field() {
            Some(field) => format!("{field}: {self}"),
            None => self.to_string(),
        }
    }
}

#[cfg(test)]
mod tests;
