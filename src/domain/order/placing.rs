//! Placing an order: what the caller asks for (a draft with its address, lines and
//! time), what it is priced against, and the answer — created, replayed for a repeated
//! request, or refused. The database runs [`price_draft`] inside the transaction that
//! writes the order, so what is charged is exactly what was checked.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sha2::{Digest, Sha256};

use super::answering::AnswerWindow;
use super::lines::LineRequest;
use super::quote::{OrderChoice, Quote, QuoteContext, QuoteError, quote};
use super::{Actor, Customer, Order, OrderSource, OrderType, Payment, TransitionError};
use crate::domain::address::Address;
use crate::domain::catalog::{Catalog, StockLevels};
use crate::domain::coupon::{CouponOffer, CouponRefusal};
use crate::domain::delivery::{Discount, Postcode};
use crate::domain::fiscal::mode::FiscalMode;
use crate::domain::store_profile::StoreProfile;
use crate::domain::tables::TableKey;

/// Where the order goes.
#[derive(Debug, Clone)]
pub enum OrderAddress {
    /// One of the signed-in customer's saved addresses.
    Saved(u64),
    /// A guest's shipping address, already checked.
    Given(Customer),
}

/// What is needed to price an order.
#[derive(Debug, Clone)]
pub struct OrderDraft {
    pub store_id: u64,
    pub user_id: Option<u64>,
    pub address: OrderAddress,
    pub order_type: OrderType,
    pub lines: Vec<LineRequest>,
    pub preorder_at: Option<DateTime<Utc>>,
    pub now: DateTime<Utc>,
    pub timezone: Tz,
    /// Pre-orders may be for today and this many days after it (`orders.preorder_days`).
    pub preorder_days: u16,
    /// Staff on the phone take orders while online ordering is paused; opening hours,
    /// closures and everything else apply as to any order.
    pub taken_by_staff: bool,
    /// The customer confirmed being old enough for the age-restricted products in the
    /// order (staff on the phone ask the caller; the driver checks either way).
    pub age_confirmed: bool,
    /// The customer's tip on top of the total (online payments only); 0 for none.
    pub tip_cents: i64,
    /// The coupon code the customer entered ([`normalize_code`](crate::domain::coupon::normalize_code)d).
    pub coupon_code: Option<String>,
    /// A dine-in order: the table and the secret from its QR code, checked in the
    /// order's transaction.
    pub table: Option<TableKey>,
}

/// The most a customer may tip: generous, yet no typing slip costs them a fortune.
pub const MAX_TIP_CENTS: i64 = 10_000;

#[derive(Debug, Clone)]
pub struct IdempotencyKey {
    /// `user:<id>`, `guest:<client address>` or `phone`, so two customers' keys never
    /// meet.
    pub scope: String,
    pub key: String,
    /// SHA-256 of the request body: the same key with another body is a conflict.
    pub request_hash: String,
}

impl IdempotencyKey {
    /// The scope of a signed-in customer's checkouts.
    pub fn user_scope(user_id: u64) -> String {
        format!("user:{user_id}")
    }

    /// The scope of a guest's checkouts: their client address, so the same key from
    /// another guest never meets theirs.
    pub fn guest_scope(client: std::net::IpAddr) -> String {
        format!("guest:{client}")
    }
}

#[derive(Debug, Clone)]
pub struct NewOrder {
    pub draft: OrderDraft,
    pub note: String,
    pub payment: Payment,
    pub token: String,
    /// How long the restaurant has to answer it.
    pub answer_window: AnswerWindow,
    pub idempotency: Option<IdempotencyKey>,
    /// For online payments: what PayPal captured; the order total must equal it.
    pub paid_cents: Option<i64>,
    pub source: OrderSource,
    /// Accept the order as it is placed, with this estimate in minutes (phone orders:
    /// the staff decide while the caller is on the line).
    pub accept_minutes: Option<u16>,
    /// The [`quote_id`] the customer was shown: the order is placed only at that price.
    pub expected_quote: Option<String>,
    /// Refuse the order while this many orders wait for an answer already
    /// (`orders.max_waiting`); `None` for orders accepted as they are placed.
    pub max_waiting: Option<u32>,
    /// At most this many pre-orders of the order's type in one 15-minute slot
    /// (`orders.slot_capacity_*`); 0: unlimited.
    pub slot_capacity: u32,
    /// The fiscal mode the order is placed under (see [`Order::fiscal_mode`]).
    pub fiscal_mode: Option<FiscalMode>,
    /// Who places it: the customer online, the staff member on the phone.
    pub placed_by: Actor,
    /// A cash order: what the customer pays with (see [`Order::cash_given_cents`]).
    pub cash_given_cents: Option<i64>,
}

/// The most a customer may say they pay with: far more than any order, less than
/// anything absurd.
pub const MAX_CASH_GIVEN_CENTS: i64 = 100_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaceRefusal {
    Quote(QuoteError),
    UnknownAddress,
    UnknownStore,
    IdempotencyConflict,
    /// The estimate for an order accepted as it is placed is out of range.
    Acceptance(TransitionError),
    /// The menu changed between payment and placing; the captured amount no longer fits.
    PaidAmountDiffers {
        total_cents: i64,
    },
    /// The order no longer costs what its quote said (the menu, a fee or a discount
    /// changed since): it must be shown again.
    QuoteChanged,
    /// `max_waiting` orders wait for an answer already: the restaurant is busy.
    Busy,
    /// The chosen slot holds as many pre-orders as it may; `next_slots` are the next
    /// offered times with room (at most three, maybe none).
    SlotFull {
        next_slots: Vec<DateTime<Utc>>,
        timezone: Tz,
    },
    /// The PayPal payment already made another order (of another caller, or with
    /// another request): it stays that order's.
    PaymentUsed,
    /// The PayPal payment was given back (or is being given back) because no order
    /// came of it in time: it pays for nothing any more.
    PaymentRefunded,
    /// The order holds products sold only from `age` years on, and the customer did
    /// not confirm being that old.
    AgeNotConfirmed {
        age: u8,
    },
    /// The customer pays with less than the total.
    CashGivenBelowTotal {
        total_cents: i64,
    },
    /// The dine-in order's table is unknown or inactive, or the secret is not its
    /// current one (rotated since the QR code was printed).
    TableUnknown,
}

#[derive(Debug, Clone)]
pub enum Placement {
    Created(Order),
    /// The same request (idempotency key or PayPal payment) made this order before.
    Replayed(Order),
}

/// The priced order and who receives it.
pub struct Priced {
    pub quote: Quote,
    pub customer: Customer,
    /// A dine-in order: its table's label.
    pub table: Option<String>,
}

/// What pricing reads besides the customer's address.
pub struct PricingInputs<'a> {
    /// `None` when the store does not exist.
    pub profile: Option<&'a StoreProfile>,
    pub catalog: &'a Catalog,
    /// What the order's business day took of the daily stocks so far.
    pub stock: &'a StockLevels,
    pub postcodes: &'a [Postcode],
    pub discounts: &'a [Discount],
    /// The draft's coupon, looked up for its customer; `Err` for an unknown code.
    pub coupon: Option<Result<&'a CouponOffer, CouponRefusal>>,
}

/// The recipient of a signed-in customer's order: their own saved address (another
/// customer's is unknown to them), with their account's email when the address has
/// none.
pub fn saved_recipient(
    user_id: Option<u64>,
    address: Option<Address>,
    account_email: Option<String>,
) -> Result<Customer, PlaceRefusal> {
    let Some(address) = address.filter(|address| Some(address.user_id) == user_id) else {
        return Err(PlaceRefusal::UnknownAddress);
    };
    let email = if address.email.is_empty() {
        account_email.unwrap_or_default()
    } else {
        address.email
    };
    Ok(Customer {
        customer_name: address.customer_name,
        line1: address.line1,
        city: address.city,
        zip: address.zip,
        country: address.country,
        phone: address.phone,
        email,
        notes: address.notes,
    })
}

/// Prices the draft for `customer`. Staff on the phone take orders while online
/// ordering is paused; opening hours, closures and everything else apply to them too.
pub fn price_draft(
    draft: &OrderDraft,
    customer: Customer,
    inputs: &PricingInputs<'_>,
) -> Result<Priced, PlaceRefusal> {
    let Some(profile) = inputs.profile else {
        return Err(PlaceRefusal::UnknownStore);
    };
    // Eaten at the table: the order keeps who ordered, never an address.
    let customer = match draft.order_type {
        OrderType::DineIn => Customer {
            line1: String::new(),
            city: String::new(),
            zip: String::new(),
            notes: String::new(),
            ..customer
        },
        OrderType::Delivery | OrderType::Pickup => customer,
    };
    let unpaused;
    let profile = if draft.taken_by_staff && profile.paused {
        unpaused = StoreProfile {
            paused: false,
            ..profile.clone()
        };
        &unpaused
    } else {
        profile
    };
    let context = QuoteContext {
        catalog: inputs.catalog,
        stock: inputs.stock,
        profile,
        postcodes: inputs.postcodes,
        discounts: inputs.discounts,
        now: draft.now,
        timezone: draft.timezone,
        preorder_days: draft.preorder_days,
        coupon: inputs.coupon.clone(),
    };
    let choice = OrderChoice {
        order_type: draft.order_type,
        lines: draft.lines.clone(),
        zip: Some(customer.zip.clone()),
        preorder_at: draft.preorder_at,
        tip_cents: draft.tip_cents,
    };
    quote(&context, &choice)
        .map(|quote| Priced {
            quote,
            customer,
            table: None,
        })
        .map_err(PlaceRefusal::Quote)
}

/// Names a priced order: the same for the same lines, names, prices, fee, discount,
/// order type, postcode and time, different when any of them changes.
pub fn quote_id(draft: &OrderDraft, priced: &Priced) -> String {
    let quote = &priced.quote;
    let shown = (
        draft.order_type,
        &priced.customer.zip,
        draft.preorder_at,
        &quote.lines,
        quote.totals,
        quote.discount_basis_points,
        &quote.coupon,
    );
    let bytes = serde_json::to_vec(&shown).unwrap_or_default();
    super::super::hex::hex(&Sha256::digest(&bytes)[..16])
}

/// Refused when the order holds age-restricted products the customer did not confirm
/// being old enough for (a customer's own order; staff on the phone ask).
pub fn check_age(draft: &OrderDraft, priced: &Priced) -> Result<(), PlaceRefusal> {
    match priced.quote.age_restriction() {
        Some(age) if !draft.age_confirmed && !draft.taken_by_staff => {
            Err(PlaceRefusal::AgeNotConfirmed { age })
        }
        _ => Ok(()),
    }
}

/// Refused when what the customer pays with does not cover the total.
pub fn check_cash_given(given: Option<i64>, total_cents: i64) -> Result<(), PlaceRefusal> {
    match given {
        Some(given) if given < total_cents => {
            Err(PlaceRefusal::CashGivenBelowTotal { total_cents })
        }
        _ => Ok(()),
    }
}

/// Refused when the customer was shown another quote than what the order costs now.
pub fn check_quote(
    expected: Option<&str>,
    draft: &OrderDraft,
    priced: &Priced,
) -> Result<(), PlaceRefusal> {
    match expected {
        Some(expected) if expected != quote_id(draft, priced) => Err(PlaceRefusal::QuoteChanged),
        _ => Ok(()),
    }
}
