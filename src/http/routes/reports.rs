//! The restaurant's revenue over a period (admin only): the figures of each business
//! day with orders and their sum, read from the per-day totals the orders keep (see
//! `domain::day_totals`), so a month or a year costs one small record per day.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::day_totals::{DayTotals, ItemFigures};
use crate::domain::money::cents_to_euros;
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::{ApiError, required};
use crate::http::routes::orders::views::VatView;

/// The longest period one report covers (a leap year).
const MAX_DAYS: i64 = 366;

pub struct ReportsApi {
    pub state: AppState,
}

/// The figures of a day or a period. Amounts in euros.
#[derive(Debug, Object)]
pub struct FiguresView {
    /// Orders not rejected.
    pub orders: u32,
    pub rejected: u32,
    /// The sum of the totals of the orders not rejected, without the tips.
    pub revenue: f64,
    /// Of the revenue, paid in cash and online (PayPal).
    pub cash: f64,
    pub online: f64,
    /// The customers' tips for the team, paid online on top of the revenue (not part
    /// of it, outside the VAT base).
    pub tips: f64,
    /// What coupon codes took off (the revenue is after it).
    pub coupons: f64,
    /// Of the revenue, the deposits (Pfand) charged with the goods.
    pub deposit: f64,
    /// The VAT in the revenue, one line per rate.
    pub vat: Vec<VatView>,
    /// The revenue per order not rejected, rounded to the cent; 0 without orders.
    pub average_basket: f64,
    pub delivery: ShareView,
    pub pickup: ShareView,
    /// Of the orders, how many were paid in cash and online.
    pub cash_orders: u32,
    pub online_orders: u32,
    /// The articles sold most (by quantity, then revenue), at most ten.
    pub top_products: Vec<ItemView>,
    /// The toppings sold most, at most ten.
    pub top_toppings: Vec<ItemView>,
}

/// The orders of one kind and their revenue.
#[derive(Debug, Object)]
pub struct ShareView {
    pub orders: u32,
    pub revenue: f64,
}

/// How much of an article (a product or one of its sizes) or a topping was sold.
#[derive(Debug, Object)]
pub struct ItemView {
    /// `<product id>` or `<product id>-<variant id>`; a topping's id.
    pub key: String,
    pub name: String,
    pub quantity: i64,
    /// At the lines' prices, before the order's discount.
    pub revenue: f64,
}

/// The most sold of `items`, at most ten.
fn top<K: ToString>(items: &BTreeMap<K, ItemFigures>) -> Vec<ItemView> {
    let mut sorted: Vec<(&K, &ItemFigures)> = items.iter().collect();
    sorted.sort_by(|a, b| {
        (b.1.quantity, b.1.cents)
            .cmp(&(a.1.quantity, a.1.cents))
            .then_with(|| a.1.name.cmp(&b.1.name))
    });
    sorted
        .into_iter()
        .take(10)
        .map(|(key, item)| ItemView {
            key: key.to_string(),
            name: item.name.clone(),
            quantity: item.quantity,
            revenue: cents_to_euros(item.cents),
        })
        .collect()
}

impl From<&DayTotals> for FiguresView {
    fn from(totals: &DayTotals) -> FiguresView {
        FiguresView {
            orders: totals.orders,
            rejected: totals.rejected,
            revenue: cents_to_euros(totals.revenue_cents),
            cash: cents_to_euros(totals.cash_cents),
            online: cents_to_euros(totals.online_cents),
            tips: cents_to_euros(totals.tip_cents),
            coupons: cents_to_euros(totals.coupon_cents),
            deposit: cents_to_euros(totals.deposit_cents),
            vat: totals.vat.iter().map(VatView::from).collect(),
            average_basket: cents_to_euros(match i64::from(totals.orders) {
                0 => 0,
                orders => (totals.revenue_cents * 2 + orders) / (2 * orders),
            }),
            delivery: ShareView {
                orders: totals.delivery_orders,
                revenue: cents_to_euros(totals.delivery_cents),
            },
            pickup: ShareView {
                orders: totals.pickup_orders,
                revenue: cents_to_euros(totals.pickup_cents),
            },
            cash_orders: totals.cash_orders,
            online_orders: totals.online_orders,
            top_products: top(&totals.products),
            top_toppings: top(&totals.toppings),
        }
    }
}

#[derive(Debug, Object)]
pub struct DayFiguresView {
    /// The business day (store time zone).
    pub date: NaiveDate,
    pub figures: FiguresView,
}

#[derive(Debug, Object)]
pub struct RevenueView {
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// The whole period.
    pub totals: FiguresView,
    /// Each day of the period that had orders, in date order.
    pub days: Vec<DayFiguresView>,
}

#[OpenApi]
impl ReportsApi {
    /// The revenue from `from` to `to` (business days in the store's time zone, both
    /// included, at most 366 days), day by day and in total, with the VAT per rate.
    #[oai(path = "/admin/reports/revenue", method = "get")]
    async fn revenue(
        &self,
        _admin: OwnerAuth,
        /// `YYYY-MM-DD`, the first day.
        from: Query<Option<NaiveDate>>,
        /// `YYYY-MM-DD`, the last day.
        to: Query<Option<NaiveDate>>,
    ) -> Result<Json<RevenueView>, ApiError> {
        let from = required("from", from.0)?;
        let to = required("to", to.0)?;
        if to < from {
            return Err(ApiError::invalid("to", "must not be before from"));
        }
        if (to - from).num_days() >= MAX_DAYS {
            return Err(ApiError::invalid(
                "to",
                "must be at most 366 days after from; ask for a longer period in parts",
            ));
        }
        let days = self.state.shop.db().day_totals(from, to).await?;
        let mut totals = DayTotals::default();
        for (_, day) in &days {
            totals.add(day);
        }
        Ok(Json(RevenueView {
            from,
            to,
            totals: FiguresView::from(&totals),
            days: days
                .iter()
                .map(|(date, figures)| DayFiguresView {
                    date: *date,
                    figures: FiguresView::from(figures),
                })
                .collect(),
        }))
    }
}
