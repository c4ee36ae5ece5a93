//! Delivery zones (postcodes with fee, minimum order and delivery time) and the two
//! order-type discounts.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::money::MAX_PRICE_CENTS;
use super::order::OrderType;
use super::store_profile::SettingError;
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Postcode {
    pub id: u64,
    pub postcode: String,
    pub minimum_order_cents: i64,
    pub delivery_fee_cents: i64,
    /// Minutes from order to the door.
    pub delivery_minutes: u16,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostcodeInput {
    pub postcode: String,
    pub minimum_order_cents: i64,
    pub delivery_fee_cents: i64,
    pub delivery_minutes: u16,
}

pub const MAX_DELIVERY_MINUTES: u16 = 240;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PostcodeError {
    #[error(transparent)]
    Invalid(SettingError),
    #[error("{0}")]
    Duplicate(String),
}

impl PublicError for PostcodeError {
    fn code(&self) -> ErrorCode {
        match self {
            PostcodeError::Invalid(error) => error.code(),
            PostcodeError::Duplicate(_) => ErrorCode::Duplicate,
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            PostcodeError::Invalid(error) => error.status(),
            PostcodeError::Duplicate(_) => ErrorStatus::Conflict,
        }
    }

    fn field(&self) -> Option<&str> {
        match self {
            PostcodeError::Invalid(error) => error.field(),
            PostcodeError::Duplicate(_) => None,
        }
    }
}

fn invalid(field: &'static str, message: &str) -> PostcodeError {
    PostcodeError::Invalid(SettingError {
        field,
        message: message.into(),
    })
}

/// Checks a zone against the others (`id` is the record being written).
pub fn check_postcode(
    id: u64,
    input: PostcodeInput,
    others: &[Postcode],
) -> Result<Postcode, PostcodeError> {
    let postcode = input.postcode.trim().to_uppercase();
    let well_formed = (3..=10).contains(&postcode.chars().count())
        && postcode
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-');
    if !well_formed {
        return Err(invalid(
            "postcode",
            "must be 3 to 10 letters, digits, spaces or dashes",
        ));
    }
    if others
        .iter()
        .any(|other| other.id != id && other.postcode == postcode)
    {
        return Err(PostcodeError::Duplicate(format!(
            "The postcode {postcode} exists already."
        )));
    }
    for (field, cents) in [
        ("minimum_order_amount", input.minimum_order_cents),
        ("delivery_fee", input.delivery_fee_cents),
    ] {
        if !(0..=MAX_PRICE_CENTS).contains(&cents) {
            return Err(invalid(field, "must be between 0,00 € and 999,99 €"));
        }
    }
    if input.delivery_minutes > MAX_DELIVERY_MINUTES {
        return Err(invalid("delivery_time", "must be 0 to 240 minutes"));
    }
    Ok(Postcode {
        id,
        postcode,
        minimum_order_cents: input.minimum_order_cents,
        delivery_fee_cents: input.delivery_fee_cents,
        delivery_minutes: input.delivery_minutes,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DiscountCode {
    #[serde(rename = "DELIVERY_DISCOUNT")]
    Delivery,
    #[serde(rename = "PICKUP_DISCOUNT")]
    Pickup,
}

impl DiscountCode {
    pub const ALL: [DiscountCode; 2] = [DiscountCode::Delivery, DiscountCode::Pickup];

    pub fn as_str(self) -> &'static str {
        match self {
            DiscountCode::Delivery => "DELIVERY_DISCOUNT",
            DiscountCode::Pickup => "PICKUP_DISCOUNT",
        }
    }

    pub fn parse(code: &str) -> Option<DiscountCode> {
        DiscountCode::ALL.into_iter().find(|c| c.as_str() == code)
    }

    /// The standing discount of `order_type`: none at a table (the delivery and pickup
    /// discounts are for orders taken away).
    pub fn for_order_type(order_type: OrderType) -> Option<DiscountCode> {
        match order_type {
            OrderType::Delivery => Some(DiscountCode::Delivery),
            OrderType::Pickup => Some(DiscountCode::Pickup),
            OrderType::DineIn => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discount {
    pub code: DiscountCode,
    /// The percentage in basis points: 10 % is 1000.
    pub basis_points: u32,
    /// The last day it applies, in the store's time zone; `None` = no end.
    pub expires_on: Option<NaiveDate>,
}

impl Discount {
    /// Applies on `today` (store time zone) and actually reduces the price.
    pub fn is_active_on(&self, today: NaiveDate) -> bool {
        self.basis_points > 0 && self.expires_on.is_none_or(|last| today <= last)
    }
}

/// The basis points of the discount that applies to `order_type` on `today`, if any.
pub fn active_discount(
    discounts: &[Discount],
    order_type: OrderType,
    today: NaiveDate,
) -> Option<u32> {
    let code = DiscountCode::for_order_type(order_type)?;
    discounts
        .iter()
        .find(|discount| discount.code == code && discount.is_active_on(today))
        .map(|discount| discount.basis_points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(postcode: &str) -> PostcodeInput {
        PostcodeInput {
            postcode: postcode.into(),
            minimum_order_cents: 1500,
            delivery_fee_cents: 250,
            delivery_minutes: 40,
        }
    }

    #[test]
    fn postcodes_are_checked_and_unique() {
        let first = check_postcode(1, input(" 10115 "), &[]).unwrap();
        assert_eq!(first.postcode, "10115");
        assert!(matches!(
            check_postcode(2, input("10115"), std::slice::from_ref(&first)),
            Err(PostcodeError::Duplicate(_))
        ));
        assert!(
            check_postcode(1, input("10115"), &[first]).is_ok(),
            "the record itself is no duplicate"
        );
        assert!(
            matches!(check_postcode(3, input("1"), &[]), Err(PostcodeError::Invalid(e)) if e.field == "postcode")
        );
        assert!(matches!(
            check_postcode(3, input("10<15"), &[]),
            Err(PostcodeError::Invalid(_))
        ));
        let mut dear = input("10117");
        dear.delivery_fee_cents = 100_000;
        assert!(
            matches!(check_postcode(3, dear, &[]), Err(PostcodeError::Invalid(e)) if e.field == "delivery_fee")
        );
    }

    #[test]
    fn an_expired_discount_does_not_apply() {
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
        let discounts = vec![
            Discount {
                code: DiscountCode::Delivery,
                basis_points: 1000,
                expires_on: Some(day(22)),
            },
            Discount {
                code: DiscountCode::Pickup,
                basis_points: 1500,
                expires_on: None,
            },
        ];
        assert_eq!(
            active_discount(&discounts, OrderType::Delivery, day(22)),
            Some(1000),
            "the last day counts"
        );
        assert_eq!(
            active_discount(&discounts, OrderType::Delivery, day(23)),
            None
        );
        assert_eq!(
            active_discount(&discounts, OrderType::Pickup, day(30)),
            Some(1500)
        );
        assert_eq!(
            active_discount(&discounts, OrderType::DineIn, day(22)),
            None,
            "the standing discounts are for orders taken away"
        );
    }
}
