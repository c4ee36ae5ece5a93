//! What an order costs and whether it may be placed now, decided from the current menu,
//! the delivery zone, the discount and the clock — never from the client's numbers.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::OrderType;
use super::cart::subtotal_cents;
use super::lines::{LineError, LineRequest, PricedLine, SaleCheck, deposit_cents, reprice};
use super::totals::{DeliveryTerms, Totals, order_totals};
use crate::domain::address::normalize_zip;
use crate::domain::catalog::{Catalog, StockLevels};
use crate::domain::coupon::{self, CouponOffer, CouponRefusal, OrderCoupon};
use crate::domain::delivery::{Discount, Postcode, active_discount};
use crate::domain::money::format_euros;
use crate::domain::preorder::available_slots_ahead;
use crate::domain::store_hours::status_at;
use crate::domain::store_profile::StoreProfile;
use crate::domain::vat::{VatLine, vat_breakdown};

/// Everything an order is checked against, read in one transaction.
pub struct QuoteContext<'a> {
    pub catalog: &'a Catalog,
    /// What the business day's orders took of the daily stocks.
    pub stock: &'a StockLevels,
    pub profile: &'a StoreProfile,
    pub postcodes: &'a [Postcode],
    pub discounts: &'a [Discount],
    pub now: DateTime<Utc>,
    pub timezone: Tz,
    /// Pre-orders may be for today and this many days after it.
    pub preorder_days: u16,
    /// The coupon the customer entered, with what is known of its use; `Err` when the
    /// code names none.
    pub coupon: Option<Result<&'a CouponOffer, CouponRefusal>>,
}

/// The customer's choices that decide the price and the time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderChoice {
    pub order_type: OrderType,
    pub lines: Vec<LineRequest>,
    /// The delivery address's postcode (delivery only).
    pub zip: Option<String>,
    /// `None`: as soon as possible.
    pub preorder_at: Option<DateTime<Utc>>,
    /// The tip on top (online payments only, checked by the caller); 0 for none.
    pub tip_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub lines: Vec<PricedLine>,
    pub totals: Totals,
    pub discount_basis_points: u32,
    pub vat: Vec<VatLine>,
    /// The coupon that applies (what it took off is `totals.coupon_cents`).
    pub coupon: Option<OrderCoupon>,
}

impl Quote {
    /// See [`age_restriction`](super::lines::age_restriction).
    pub fn age_restriction(&self) -> Option<u8> {
        super::lines::age_restriction(&self.lines)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuoteError {
    #[error(transparent)]
    Lines(#[from] LineError),
    #[error("The restaurant is closed right now. Please choose a pre-order time.")]
    StoreClosed,
    #[error("Please select a valid time.")]
    SlotUnavailable,
    #[error("Please enter the postcode of the delivery address.")]
    ZipRequired,
    #[error("We do not deliver to {0}.")]
    PostcodeNotServed(String),
    #[error("The minimum order amount for {postcode} is {minimum}.")]
    BelowMinimum { postcode: String, minimum: String },
    #[error(transparent)]
    Coupon(#[from] CouponRefusal),
}

pub fn quote(context: &QuoteContext<'_>, choice: &OrderChoice) -> Result<Quote, QuoteError> {
    let sale = SaleCheck {
        now: context.now,
        stock: context.stock,
    };
    let lines = reprice(context.catalog, sale, &choice.lines)?;
    let zone = match choice.order_type {
        OrderType::Pickup | OrderType::DineIn => None,
        OrderType::Delivery => {
            let zip = choice
                .zip
                .as_deref()
                .filter(|zip| !zip.trim().is_empty())
                .ok_or(QuoteError::ZipRequired)?;
            let zip = normalize_zip(zip).map_err(|_| QuoteError::PostcodeNotServed(zip.into()))?;
            let zone = context
                .postcodes
                .iter()
                .find(|zone| zone.postcode == zip)
                .ok_or(QuoteError::PostcodeNotServed(zip))?;
            Some(zone)
        }
    };
    check_time(context, choice)?;
    let today = context.now.with_timezone(&context.timezone).date_naive();
    let discount = active_discount(context.discounts, choice.order_type, today);
    let cart_lines: Vec<_> = lines.iter().map(PricedLine::cart_line).collect();
    let terms = zone.map_or(DeliveryTerms::default(), |zone| DeliveryTerms {
        fee_cents: zone.delivery_fee_cents,
        minimum_order_cents: zone.minimum_order_cents,
    });
    let totals = order_totals(
        subtotal_cents(&cart_lines),
        choice.order_type,
        discount,
        terms,
        deposit_cents(&lines),
    );
    if let Some(zone) = zone
        && totals.minimum_missing_cents > 0
    {
        return Err(QuoteError::BelowMinimum {
            postcode: zone.postcode.clone(),
            minimum: format_euros(zone.minimum_order_cents),
        });
    }
    let goods: Vec<(u32, i64)> = lines
        .iter()
        .map(|line| (line.tax_basis_points, line.total_cents))
        .collect();
    let deposits: Vec<(u32, i64)> = lines
        .iter()
        .filter(|line| line.deposit_cents > 0)
        .map(|line| (line.tax_basis_points, line.deposit_total_cents()))
        .collect();
    // The coupon comes on top of the standing discount (see `domain::coupon`).
    let coupon = match &context.coupon {
        None => None,
        Some(Err(refusal)) => return Err(refusal.clone().into()),
        Some(Ok(offer)) => {
            coupon::check(offer, choice.order_type, totals.subtotal_cents, today)?;
            Some(OrderCoupon {
                coupon_id: offer.coupon.id,
                code: offer.coupon.terms.code.clone(),
                benefit: offer.coupon.terms.benefit,
            })
        }
    };
    let coupon_cents = coupon.as_ref().map_or(0, |coupon| {
        coupon::reduction_cents(
            coupon.benefit,
            totals.subtotal_cents - totals.discount_cents,
            totals.delivery_fee_cents,
        )
    });
    let vat = vat_breakdown(
        &goods,
        &[totals.discount_cents, coupon_cents],
        totals.delivery_fee_cents,
        &deposits,
    );
    Ok(Quote {
        lines,
        totals: totals.with_coupon(coupon_cents).with_tip(choice.tip_cents),
        discount_basis_points: discount.unwrap_or(0),
        vat,
        coupon,
    })
}

/// "As soon as possible" needs the store open now; a pre-order needs one of the times
/// the storefront offers (`GET /stores/{id}/slots`).
fn check_time(context: &QuoteContext<'_>, choice: &OrderChoice) -> Result<(), QuoteError> {
    let profile = context.profile;
    match choice.preorder_at {
        None => {
            let status = status_at(
                &profile.store_hours,
                &profile.closure_dates(),
                profile.paused,
                context.now,
                context.timezone,
            );
            if status.is_open {
                Ok(())
            } else {
                Err(QuoteError::StoreClosed)
            }
        }
        Some(at) => {
            let lead = match choice.order_type {
                OrderType::Delivery => profile.delivery_lead_minutes,
                OrderType::Pickup | OrderType::DineIn => profile.pickup_lead_minutes,
            };
            if available_slots_ahead(
                profile,
                lead,
                context.now,
                context.timezone,
                context.preorder_days,
            )
            .contains(&at)
            {
                Ok(())
            } else {
                Err(QuoteError::SlotUnavailable)
            }
        }
    }
}

#[cfg(test)]
mod tests;
