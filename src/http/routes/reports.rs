//! The restaurant's revenue over a period (admin only): the figures of each business
//! day with orders and their sum, read from the per-day totals the orders keep (see
//! `domain::day_totals`), so a month or a year costs one small record per day.

use chrono::NaiveDate;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::day_totals::DayTotals;
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
