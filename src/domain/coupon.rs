//! Coupon codes: what a code gives (a percentage or an amount off the goods, or free
//! delivery), when and to whom it applies, and how often it may be used. The server
//! alone decides whether a code applies and what it takes off, in the pricing of the
//! order (`order::quote`), never the client.
//!
//! The rule with the standing discounts (pickup or delivery percent, spec §9), which
//! the owner sees on the coupon form: a coupon comes on top of them. Its percentage or
//! amount is taken from the goods after the standing discount, an amount never more
//! than those goods; free delivery takes the delivery fee. Deposits and tips are never
//! reduced. The minimum order compares the goods before any discount.
//!
//! A use is an order placed with the code that is a sale (`Order::is_sale`): a rejected
//! or cancelled order gives its use back. Uses are counted per code and, for the limit
//! per customer, per account, phone number and e-mail address of the order, so a guest
//! cannot use a code again by signing in or by leaving out the phone number.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::customers::phone_key;
use super::error::{ErrorCode, ErrorStatus, PublicError};
use super::money::format_euros;
use super::order::{Order, OrderType};

/// The shortest and the longest code.
pub const CODE_CHARS: std::ops::RangeInclusive<usize> = 3..=24;
/// The most a fixed amount may take off.
pub const MAX_AMOUNT_CENTS: i64 = 100_000;

/// What a coupon gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CouponBenefit {
    /// Basis points off the goods (after the standing discount): 10 % is 1000.
    Percent { basis_points: u32 },
    /// A fixed amount off the goods (after the standing discount), at most them.
    Amount { cents: i64 },
    /// No delivery fee.
    FreeDelivery,
}

/// Which orders a coupon is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CouponOrderTypes {
    Both,
    Delivery,
    Pickup,
}

impl CouponOrderTypes {
    pub fn allow(self, order_type: OrderType) -> bool {
        match self {
            CouponOrderTypes::Both => true,
            CouponOrderTypes::Delivery => order_type == OrderType::Delivery,
            CouponOrderTypes::Pickup => order_type == OrderType::Pickup,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CouponOrderTypes::Both => "both",
            CouponOrderTypes::Delivery => "delivery",
            CouponOrderTypes::Pickup => "pickup",
        }
    }
}

/// What the owner sets for a code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CouponTerms {
    /// Upper case letters, digits and `-` ([`normalize_code`]).
    pub code: String,
    pub benefit: CouponBenefit,
    /// The goods (before any discount) must come to at least this much; 0: any.
    pub minimum_order_cents: i64,
    /// The first and last day it applies (store time zone); `None`: open.
    pub valid_from: Option<NaiveDate>,
    pub valid_to: Option<NaiveDate>,
    pub order_types: CouponOrderTypes,
    /// Only for a customer's first order (none before under their account, phone
    /// number or e-mail address).
    pub first_order_only: bool,
    /// Uses per customer (account, phone number, e-mail address); `None`: unlimited.
    pub per_customer_limit: Option<u32>,
    /// Uses in all; `None`: unlimited.
    pub total_limit: Option<u32>,
    /// Paused by the owner: refused like an unknown code until resumed.
    pub paused: bool,
}

/// A coupon as stored: the owner's terms and what it did so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coupon {
    pub id: u64,
    pub terms: CouponTerms,
    pub created_at: DateTime<Utc>,
    /// Orders placed with it that are sales.
    pub uses: u32,
    /// Those orders' revenue (their totals without tips).
    pub revenue_cents: i64,
    /// What it took off those orders.
    pub given_cents: i64,
}

/// The coupon an order was placed with, kept in the order: enough to price a change
/// of its lines by the same terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderCoupon {
    pub coupon_id: u64,
    pub code: String,
    pub benefit: CouponBenefit,
}

/// Why a code does not apply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CouponRefusal {
    #[error("coupon_code: there is no coupon {0}.")]
    Unknown(String),
    #[error("The coupon {code} applies from {from}.")]
    NotYetValid { code: String, from: NaiveDate },
    #[error("The coupon {code} expired on {to}.")]
    Expired { code: String, to: NaiveDate },
    #[error("The coupon {code} has been used as often as it may be.")]
    Exhausted { code: String },
    #[error("You have used the coupon {code} already.")]
    UsedAlready { code: String },
    #[error("The coupon {code} needs goods of at least {minimum}.")]
    BelowMinimum { code: String, minimum: String },
    #[error("The coupon {code} is for {allowed} orders only.")]
    WrongOrderType { code: String, allowed: &'static str },
    #[error("The coupon {code} is for a first order only.")]
    FirstOrderOnly { code: String },
}

impl PublicError for CouponRefusal {
    fn code(&self) -> ErrorCode {
        match self {
            CouponRefusal::Unknown(_) => ErrorCode::CouponUnknown,
            CouponRefusal::NotYetValid { .. } => ErrorCode::CouponNotYetValid,
            CouponRefusal::Expired { .. } => ErrorCode::CouponExpired,
            CouponRefusal::Exhausted { .. } => ErrorCode::CouponExhausted,
            CouponRefusal::UsedAlready { .. } => ErrorCode::CouponUsedAlready,
            CouponRefusal::BelowMinimum { .. } => ErrorCode::CouponBelowMinimum,
            CouponRefusal::WrongOrderType { .. } => ErrorCode::CouponWrongOrderType,
            CouponRefusal::FirstOrderOnly { .. } => ErrorCode::CouponFirstOrderOnly,
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            CouponRefusal::Unknown(_) => ErrorStatus::BadRequest,
            _ => ErrorStatus::Conflict,
        }
    }

    fn field(&self) -> Option<&str> {
        Some("coupon_code")
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            CouponRefusal::Unknown(code)
            | CouponRefusal::Exhausted { code }
            | CouponRefusal::UsedAlready { code }
            | CouponRefusal::FirstOrderOnly { code } => vec![("code", code.clone())],
            CouponRefusal::NotYetValid { code, from } => {
                vec![("code", code.clone()), ("date", from.to_string())]
            }
            CouponRefusal::Expired { code, to } => {
                vec![("code", code.clone()), ("date", to.to_string())]
            }
            CouponRefusal::BelowMinimum { code, minimum } => {
                vec![("code", code.clone()), ("minimum", minimum.clone())]
            }
            CouponRefusal::WrongOrderType { code, allowed } => {
                vec![
                    ("code", code.clone()),
                    ("order_type", (*allowed).to_string()),
                ]
            }
        }
    }
}

/// A code as it is kept and compared: trimmed, upper case; letters A–Z, digits and
/// `-`, 3 to 24 characters.
pub fn normalize_code(text: &str) -> Result<String, String> {
    let code = text.trim().to_ascii_uppercase();
    if !CODE_CHARS.contains(&code.chars().count())
        || !code
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(format!(
            "must be {} to {} letters A–Z, digits or -",
            CODE_CHARS.start(),
            CODE_CHARS.end()
        ));
    }
    Ok(code)
}

/// The keys an order's customer is counted under for the limit per customer:
/// `user:<id>`, `phone:<number>`, `email:<address>`, each the order has.
pub fn customer_keys(user_id: Option<u64>, phone: &str, email: &str) -> Vec<String> {
    let mut keys = Vec::new();
    if let Some(id) = user_id {
        keys.push(format!("user:{id}"));
    }
    let phone = phone_key(phone);
    if !phone.is_empty() {
        keys.push(format!("phone:{phone}"));
    }
    let email = email.trim().to_lowercase();
    if !email.is_empty() {
        keys.push(format!("email:{email}"));
    }
    keys
}

/// The keys of `order`'s customer (none for an anonymised order).
pub fn order_customer_keys(order: &Order) -> Vec<String> {
    if order.anonymised_at.is_some() {
        return Vec::new();
    }
    customer_keys(order.user_id, &order.customer.phone, &order.customer.email)
}

/// What is known of a code's use when an order asks for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponOffer {
    pub coupon: Coupon,
    /// The most uses under any of the customer's keys.
    pub customer_uses: u32,
    /// Whether the customer ordered before (a sale under any of their keys).
    pub ordered_before: bool,
}

/// Whether the offer applies to an order of `order_type` with goods of
/// `subtotal_cents` on `today`.
pub fn check(
    offer: &CouponOffer,
    order_type: OrderType,
    subtotal_cents: i64,
    today: NaiveDate,
) -> Result<(), CouponRefusal> {
    let terms = &offer.coupon.terms;
    let code = terms.code.clone();
    if terms.paused {
        return Err(CouponRefusal::Unknown(code));
    }
    if let Some(from) = terms.valid_from
        && today < from
    {
        return Err(CouponRefusal::NotYetValid { code, from });
    }
    if let Some(to) = terms.valid_to
        && today > to
    {
        return Err(CouponRefusal::Expired { code, to });
    }
    if !terms.order_types.allow(order_type) {
        return Err(CouponRefusal::WrongOrderType {
            code,
            allowed: terms.order_types.as_str(),
        });
    }
    if terms
        .total_limit
        .is_some_and(|limit| offer.coupon.uses >= limit)
    {
        return Err(CouponRefusal::Exhausted { code });
    }
    if terms
        .per_customer_limit
        .is_some_and(|limit| offer.customer_uses >= limit)
    {
        return Err(CouponRefusal::UsedAlready { code });
    }
    if terms.first_order_only && offer.ordered_before {
        return Err(CouponRefusal::FirstOrderOnly { code });
    }
    if subtotal_cents < terms.minimum_order_cents {
        return Err(CouponRefusal::BelowMinimum {
            code,
            minimum: format_euros(terms.minimum_order_cents),
        });
    }
    Ok(())
}

/// What `benefit` takes off goods of `goods_cents` (after the standing discount) and a
/// delivery fee of `fee_cents`: rounded half up to the cent, never more than the goods
/// (or the fee).
pub fn reduction_cents(benefit: CouponBenefit, goods_cents: i64, fee_cents: i64) -> i64 {
    let goods = goods_cents.max(0);
    match benefit {
        CouponBenefit::Percent { basis_points } => {
            ((goods * i64::from(basis_points) + 5_000) / 10_000).min(goods)
        }
        CouponBenefit::Amount { cents } => cents.clamp(0, goods),
        CouponBenefit::FreeDelivery => fee_cents.max(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(terms: CouponTerms) -> CouponOffer {
        CouponOffer {
            coupon: Coupon {
                id: 1,
                terms,
                created_at: "2026-11-01T10:00:00Z".parse().unwrap(),
                uses: 0,
                revenue_cents: 0,
                given_cents: 0,
            },
            customer_uses: 0,
            ordered_before: false,
        }
    }

    fn terms() -> CouponTerms {
        CouponTerms {
            code: "HALLO10".into(),
            benefit: CouponBenefit::Percent { basis_points: 1000 },
            minimum_order_cents: 1500,
            valid_from: Some("2026-11-20".parse().unwrap()),
            valid_to: Some("2026-11-30".parse().unwrap()),
            order_types: CouponOrderTypes::Delivery,
            first_order_only: true,
            per_customer_limit: Some(1),
            total_limit: Some(5),
            paused: false,
        }
    }

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn every_term_refuses_on_its_own() {
        let ok = offer(terms());
        let today = day("2026-11-23");
        assert_eq!(check(&ok, OrderType::Delivery, 1500, today), Ok(()));
        let refused = |offer: &CouponOffer, order_type, subtotal, today| {
            check(offer, order_type, subtotal, today)
                .unwrap_err()
                .code()
        };
        assert_eq!(
            refused(&ok, OrderType::Delivery, 1500, day("2026-11-19")),
            ErrorCode::CouponNotYetValid
        );
        assert_eq!(
            refused(&ok, OrderType::Delivery, 1500, day("2026-12-01")),
            ErrorCode::CouponExpired
        );
        assert_eq!(
            refused(&ok, OrderType::Pickup, 1500, today),
            ErrorCode::CouponWrongOrderType
        );
        assert_eq!(
            refused(&ok, OrderType::Delivery, 1499, today),
            ErrorCode::CouponBelowMinimum
        );
        let mut exhausted = ok.clone();
        exhausted.coupon.uses = 5;
        assert_eq!(
            refused(&exhausted, OrderType::Delivery, 1500, today),
            ErrorCode::CouponExhausted
        );
        let mut used = ok.clone();
        used.customer_uses = 1;
        assert_eq!(
            refused(&used, OrderType::Delivery, 1500, today),
            ErrorCode::CouponUsedAlready
        );
        let mut regular = ok.clone();
        regular.ordered_before = true;
        assert_eq!(
            refused(&regular, OrderType::Delivery, 1500, today),
            ErrorCode::CouponFirstOrderOnly
        );
        let mut paused = ok.clone();
        paused.coupon.terms.paused = true;
        assert_eq!(
            refused(&paused, OrderType::Delivery, 1500, today),
            ErrorCode::CouponUnknown
        );
    }

    #[test]
    fn a_reduction_never_exceeds_the_goods_and_rounds_half_up() {
        let percent = CouponBenefit::Percent { basis_points: 1000 };
        assert_eq!(reduction_cents(percent, 1995, 250), 200);
        assert_eq!(reduction_cents(percent, 1994, 250), 199);
        let amount = CouponBenefit::Amount { cents: 500 };
        assert_eq!(reduction_cents(amount, 1200, 250), 500);
        assert_eq!(reduction_cents(amount, 300, 250), 300);
        assert_eq!(reduction_cents(CouponBenefit::FreeDelivery, 1200, 250), 250);
        assert_eq!(reduction_cents(CouponBenefit::FreeDelivery, 1200, 0), 0);
    }

    #[test]
    fn codes_are_upper_case_letters_digits_and_dashes() {
        assert_eq!(normalize_code(" hallo-10 "), Ok("HALLO-10".into()));
        assert!(normalize_code("AB").is_err());
        assert!(normalize_code("ÄPFEL10").is_err());
        assert!(normalize_code("A B C").is_err());
        assert!(normalize_code(&"A".repeat(25)).is_err());
    }

    #[test]
    fn a_customer_is_counted_under_each_of_their_keys() {
        assert_eq!(
            customer_keys(Some(7), "+49 30 1234", " Gina@Example.com "),
            ["user:7", "phone:0301234", "email:gina@example.com"]
        );
        assert!(customer_keys(None, "", "").is_empty());
    }
}
