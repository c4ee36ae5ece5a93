//! Why a use case did not happen. Each cause keeps its own [`PublicError`] (code,
//! status, field, sentence); the HTTP layer maps them in one place.

use crate::db::{ChangeError, DbError};
use crate::domain::catalog::CatalogError;
use crate::domain::edit_version::EditConflict;
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError, Refusal};
use crate::domain::fiscal::closing::ClosingRefusal;
use crate::domain::money::format_euros;
use crate::domain::order::TransitionError;
use crate::domain::order::correction::CorrectionRefusal;
use crate::domain::order::lines::LineError;
use crate::domain::order::placing::PlaceRefusal;
use crate::domain::order::quote::QuoteError;
use crate::shop::payments::paypal::PaymentProblem;

#[derive(Debug, thiserror::Error)]
pub enum ShopError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(transparent)]
    Payment(#[from] PaymentProblem),
    #[error(transparent)]
    Transition(#[from] TransitionError),
    #[error(transparent)]
    Order(#[from] OrderRefused),
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Conflict(#[from] EditConflict),
    #[error(transparent)]
    Closing(ClosingRefusal),
    #[error(transparent)]
    Correction(#[from] CorrectionRefusal),
    #[error(transparent)]
    Coupon(#[from] crate::shop::coupons::CouponSaveRefused),
    #[error(transparent)]
    Table(#[from] crate::shop::tables::TableRefused),
}

impl From<ChangeError> for ShopError {
    fn from(error: ChangeError) -> Self {
        match error {
            ChangeError::Refused(error) => ShopError::Catalog(error),
            ChangeError::Db(error) => ShopError::Db(error),
        }
    }
}

impl ShopError {
    fn public(&self) -> &dyn PublicError {
        match self {
            ShopError::Db(error) => error,
            ShopError::Catalog(error) => error,
            ShopError::Payment(error) => error,
            ShopError::Transition(error) => error,
            ShopError::Order(error) => error,
            ShopError::Refused(error) => error,
            ShopError::Conflict(error) => error,
            ShopError::Closing(error) => error,
            ShopError::Correction(error) => error,
            ShopError::Coupon(error) => error,
            ShopError::Table(error) => error,
        }
    }
}

impl PublicError for ShopError {
    fn code(&self) -> ErrorCode {
        self.public().code()
    }

    fn status(&self) -> ErrorStatus {
        self.public().status()
    }

    fn field(&self) -> Option<&str> {
        self.public().field()
    }

    fn detail(&self) -> String {
        self.public().detail()
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        self.public().params()
    }
}

/// An order that could not be placed, and whether a guest placed it: a guest's
/// address is the `zip` of the shipping address, a signed-in customer's the
/// `address_id` of a saved one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{refusal:?}")]
pub struct OrderRefused {
    pub refusal: PlaceRefusal,
    pub guest: bool,
}

impl OrderRefused {
    fn address_field(&self) -> &'static str {
        if self.guest { "zip" } else { "address_id" }
    }
}

/// The one answer for an unknown or inactive table and a wrong or rotated secret.
pub const TABLE_UNKNOWN: &str =
    "table: this table is unknown or its QR code is no longer valid. Please ask the staff.";

impl PublicError for OrderRefused {
    fn code(&self) -> ErrorCode {
        match &self.refusal {
            PlaceRefusal::Quote(QuoteError::Lines(error)) => error.code(),
            PlaceRefusal::Quote(QuoteError::StoreClosed) => ErrorCode::StoreClosed,
            PlaceRefusal::Quote(QuoteError::SlotUnavailable) => ErrorCode::SlotUnavailable,
            PlaceRefusal::Quote(QuoteError::ZipRequired) => ErrorCode::Invalid,
            PlaceRefusal::Quote(QuoteError::PostcodeNotServed(_)) => ErrorCode::PostcodeNotServed,
            PlaceRefusal::Quote(QuoteError::BelowMinimum { .. }) => ErrorCode::BelowMinimum,
            PlaceRefusal::Quote(QuoteError::Coupon(refusal)) => refusal.code(),
            PlaceRefusal::UnknownAddress => ErrorCode::Invalid,
            PlaceRefusal::UnknownStore => ErrorCode::StoreNotFound,
            PlaceRefusal::IdempotencyConflict => ErrorCode::IdempotencyConflict,
            PlaceRefusal::PaidAmountDiffers { .. } => PaymentProblem::Mismatch.code(),
            PlaceRefusal::QuoteChanged => ErrorCode::QuoteChanged,
            PlaceRefusal::PaymentUsed => ErrorCode::PaymentUsed,
            PlaceRefusal::Busy => ErrorCode::RestaurantBusy,
            PlaceRefusal::SlotFull { .. } => ErrorCode::SlotFull,
            PlaceRefusal::PaymentRefunded => PaymentProblem::Refunded.code(),
            PlaceRefusal::AgeNotConfirmed { .. } => ErrorCode::AgeConfirmationRequired,
            PlaceRefusal::CashGivenBelowTotal { .. } => ErrorCode::CashGivenBelowTotal,
            PlaceRefusal::TableUnknown => ErrorCode::TableUnknown,
            PlaceRefusal::Acceptance(error) => error.code(),
        }
    }

    fn status(&self) -> ErrorStatus {
        match &self.refusal {
            PlaceRefusal::Quote(QuoteError::Coupon(refusal)) => refusal.status(),
            PlaceRefusal::Quote(QuoteError::Lines(
                LineError::EmptyCart
                | LineError::TooManyLines
                | LineError::BadQuantity
                | LineError::BadExtraQuantity,
            )) => ErrorStatus::BadRequest,
            PlaceRefusal::Quote(
                QuoteError::Lines(_)
                | QuoteError::StoreClosed
                | QuoteError::SlotUnavailable
                | QuoteError::BelowMinimum { .. },
            ) => ErrorStatus::Conflict,
            PlaceRefusal::Quote(QuoteError::ZipRequired | QuoteError::PostcodeNotServed(_)) => {
                ErrorStatus::BadRequest
            }
            PlaceRefusal::UnknownAddress
            | PlaceRefusal::AgeNotConfirmed { .. }
            | PlaceRefusal::CashGivenBelowTotal { .. } => ErrorStatus::BadRequest,
            PlaceRefusal::UnknownStore | PlaceRefusal::TableUnknown => ErrorStatus::NotFound,
            PlaceRefusal::IdempotencyConflict => ErrorStatus::Conflict,
            PlaceRefusal::PaidAmountDiffers { .. } => PaymentProblem::Mismatch.status(),
            PlaceRefusal::QuoteChanged | PlaceRefusal::PaymentUsed => ErrorStatus::Conflict,
            PlaceRefusal::Busy => ErrorStatus::Unavailable,
            PlaceRefusal::SlotFull { .. } => ErrorStatus::Conflict,
            PlaceRefusal::PaymentRefunded => PaymentProblem::Refunded.status(),
            PlaceRefusal::Acceptance(error) => error.status(),
        }
    }

    fn field(&self) -> Option<&str> {
        match &self.refusal {
            PlaceRefusal::Quote(QuoteError::Coupon(_)) => Some("coupon_code"),
            PlaceRefusal::Quote(QuoteError::Lines(_) | QuoteError::BelowMinimum { .. }) => {
                Some("lines")
            }
            PlaceRefusal::Quote(QuoteError::StoreClosed | QuoteError::SlotUnavailable)
            | PlaceRefusal::SlotFull { .. } => Some("preorder_at"),
            PlaceRefusal::Quote(QuoteError::ZipRequired | QuoteError::PostcodeNotServed(_)) => {
                Some(self.address_field())
            }
            PlaceRefusal::UnknownAddress => Some("address_id"),
            PlaceRefusal::AgeNotConfirmed { .. } => Some("age_confirmed"),
            PlaceRefusal::CashGivenBelowTotal { .. } => Some("cash_given"),
            PlaceRefusal::TableUnknown => Some("table"),
            PlaceRefusal::PaymentUsed | PlaceRefusal::PaymentRefunded => Some("paypal_order_id"),
            PlaceRefusal::UnknownStore
            | PlaceRefusal::IdempotencyConflict
            | PlaceRefusal::PaidAmountDiffers { .. }
            | PlaceRefusal::QuoteChanged
            | PlaceRefusal::Busy => None,
            PlaceRefusal::Acceptance(error) => error.field(),
        }
    }

    fn detail(&self) -> String {
        match &self.refusal {
            PlaceRefusal::Quote(error) => error.to_string(),
            PlaceRefusal::UnknownAddress => "address_id: is not one of your saved addresses".into(),
            PlaceRefusal::UnknownStore => "There is no store.".into(),
            PlaceRefusal::IdempotencyConflict => {
                "This Idempotency-Key was already used for a different order.".into()
            }
            PlaceRefusal::PaidAmountDiffers { .. } => PaymentProblem::Mismatch.detail(),
            PlaceRefusal::QuoteChanged => {
                "The price of your order has changed. Please check the total again before ordering."
                    .into()
            }
            PlaceRefusal::PaymentUsed => {
                "This PayPal payment already belongs to another order.".into()
            }
            PlaceRefusal::SlotFull { next_slots, timezone } => {
                if next_slots.is_empty() {
                    "preorder_at: this time is fully booked, and no later time is free today.".into()
                } else {
                    format!(
                        "preorder_at: this time is fully booked; free are {}.",
                        local_times(next_slots, *timezone)
                    )
                }
            }
            PlaceRefusal::Busy => "The restaurant has too many orders waiting for its answer right now and takes no new ones for a few minutes. Nothing was charged. Please try again shortly or call the restaurant.".into(),
            PlaceRefusal::PaymentRefunded => PaymentProblem::Refunded.detail(),
            PlaceRefusal::AgeNotConfirmed { age } => format!(
                "Your order contains items sold only to persons aged {age} or over; please confirm your age (age_confirmed)."
            ),
            PlaceRefusal::CashGivenBelowTotal { total_cents } => format!(
                "cash_given: is less than the total of {}",
                format_euros(*total_cents)
            ),
            PlaceRefusal::TableUnknown => TABLE_UNKNOWN.into(),
            PlaceRefusal::Acceptance(error) => error.detail(),
        }
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match &self.refusal {
            PlaceRefusal::Quote(QuoteError::Lines(error)) => error.params(),
            PlaceRefusal::Quote(QuoteError::Coupon(refusal)) => refusal.params(),
            PlaceRefusal::Quote(QuoteError::PostcodeNotServed(postcode)) => {
                vec![("postcode", postcode.clone())]
            }
            PlaceRefusal::Quote(QuoteError::BelowMinimum { postcode, minimum }) => {
                vec![("postcode", postcode.clone()), ("minimum", minimum.clone())]
            }
            PlaceRefusal::Acceptance(error) => error.params(),
            PlaceRefusal::AgeNotConfirmed { age } => vec![("age", age.to_string())],
            PlaceRefusal::CashGivenBelowTotal { total_cents } => {
                vec![("total", format_euros(*total_cents))]
            }
            PlaceRefusal::SlotFull {
                next_slots,
                timezone,
            } => vec![
                ("next_slots", local_times(next_slots, *timezone)),
                (
                    "next_starts_at",
                    next_slots
                        .iter()
                        .map(|at| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
                        .collect::<Vec<_>>()
                        .join(","),
                ),
            ],
            _ => Vec::new(),
        }
    }
}

/// `HH:MM, HH:MM` in the store's time zone.
fn local_times(times: &[chrono::DateTime<chrono::Utc>], timezone: chrono_tz::Tz) -> String {
    times
        .iter()
        .map(|at| at.with_timezone(&timezone).format("%H:%M").to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
