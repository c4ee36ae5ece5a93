//! The restaurant's revenue over a period (admin only): the figures of each business
//! day with orders and their sum, read from the per-day totals the orders keep (see
//! `domain::day_totals`), so a month or a year costs one small record per day. The days
//! can be grouped into ISO weeks or calendar months, and the orders are counted by the
//! hour of the week they were placed in.

use std::collections::BTreeMap;

use chrono::{Datelike, Days, NaiveDate};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::day_totals::{DayTotals, ItemFigures};
use crate::domain::money::cents_to_euros;
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::{ApiError, required};
use crate::http::routes::orders::views::VatView;

/// The longest period one report covers (a leap year), by day or by week.
const MAX_DAYS: i64 = 366;
/// The longest period a report by month covers (five years; still one small record per
/// day).
const MAX_DAYS_BY_MONTH: i64 = 1830;

/// How the days of a report are grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grouping {
    Day,
    /// ISO weeks, Monday to Sunday, `2026-W48`.
    Week,
    /// Calendar months, `2026-11`.
    Month,
}

impl Grouping {
    fn parse(text: Option<&str>) -> Result<Grouping, ApiError> {
        match text.unwrap_or("day") {
            "day" => Ok(Grouping::Day),
            "week" => Ok(Grouping::Week),
            "month" => Ok(Grouping::Month),
            _ => Err(ApiError::invalid("group", "must be day, week or month")),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Grouping::Day => "day",
            Grouping::Week => "week",
            Grouping::Month => "month",
        }
    }

    fn max_days(self) -> i64 {
        match self {
            Grouping::Month => MAX_DAYS_BY_MONTH,
            Grouping::Day | Grouping::Week => MAX_DAYS,
        }
    }

    /// The group `date` falls in: its key and its first and last day.
    fn of(self, date: NaiveDate) -> (String, NaiveDate, NaiveDate) {
        match self {
            Grouping::Day => (date.to_string(), date, date),
            Grouping::Week => {
                let week = date.iso_week();
                let monday = date - Days::new(u64::from(date.weekday().num_days_from_monday()));
                (
                    format!("{:04}-W{:02}", week.year(), week.week()),
                    monday,
                    monday + Days::new(6),
                )
            }
            Grouping::Month => {
                let first = date.with_day(1).unwrap_or(date);
                let next = first.checked_add_months(chrono::Months::new(1));
                let last = next.and_then(|next| next.pred_opt()).unwrap_or(date);
                (
                    format!("{:04}-{:02}", date.year(), date.month()),
                    first,
                    last,
                )
            }
        }
    }
}

/// Every group of the period from `from` to `to` (each cut to the period, those without
/// orders too), with the sum of its days' figures.
fn groups(
    grouping: Grouping,
    from: NaiveDate,
    to: NaiveDate,
    days: &[(NaiveDate, DayTotals)],
) -> Vec<GroupFiguresView> {
    let mut groups = Vec::new();
    let mut days = days.iter().peekable();
    let mut start = from;
    loop {
        let (key, _, last) = grouping.of(start);
        let end = last.min(to);
        let mut totals = DayTotals::default();
        while let Some((_, day)) = days.next_if(|(date, _)| *date <= end) {
            totals.add(day);
        }
        groups.push(GroupFiguresView {
            key,
            from: start,
            to: end,
            figures: FiguresView::from(&totals),
        });
        match end.succ_opt() {
            Some(next) if next <= to => start = next,
            _ => return groups,
        }
    }
}

/// The orders of `days` by the weekday of their business day (Monday first) and the
/// hour of the store's clock they were placed in.
fn hours_of_week(days: &[(NaiveDate, DayTotals)]) -> Vec<Vec<u32>> {
    let mut matrix = vec![vec![0u32; 24]; 7];
    for (date, day) in days {
        let row = &mut matrix[date.weekday().num_days_from_monday() as usize];
        for (cell, count) in row.iter_mut().zip(day.hours) {
            *cell = cell.saturating_add(count);
        }
    }
    matrix
}

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
    /// Orders eaten at a table (dine-in).
    pub dine_in: ShareView,
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
            dine_in: ShareView {
                orders: totals.dine_in_orders,
                revenue: cents_to_euros(totals.dine_in_cents),
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

/// The figures of one group of days: a day, an ISO week or a month.
#[derive(Debug, Object)]
pub struct GroupFiguresView {
    /// `2026-11-23`, `2026-W48` (ISO week, Monday to Sunday) or `2026-11`.
    pub key: String,
    /// The group's first and last day within the period.
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub figures: FiguresView,
}

#[derive(Debug, Object)]
pub struct RevenueView {
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// `day`, `week` or `month`: how `groups` are made.
    pub group: String,
    /// The whole period.
    pub totals: FiguresView,
    /// Each day of the period that had orders, in date order.
    pub days: Vec<DayFiguresView>,
    /// Every day, ISO week or month of the period (those without orders too), in date
    /// order, each cut to the period.
    pub groups: Vec<GroupFiguresView>,
    /// The orders not rejected by the weekday of their business day (seven rows, Monday
    /// first) and the hour of the store's clock they were placed in (24 columns, 0–23).
    pub hours_of_week: Vec<Vec<u32>>,
}

#[OpenApi]
impl ReportsApi {
    /// The revenue from `from` to `to` (business days in the store's time zone, both
    /// included, at most 366 days; by month at most 1830 days), day by day, by `group`
    /// and in total, with the VAT per rate and the orders by hour of the week.
    #[oai(path = "/admin/reports/revenue", method = "get")]
    async fn revenue(
        &self,
        _admin: OwnerAuth,
        /// `YYYY-MM-DD`, the first day.
        from: Query<Option<NaiveDate>>,
        /// `YYYY-MM-DD`, the last day.
        to: Query<Option<NaiveDate>>,
        /// `day` (the default), `week` (ISO weeks, Monday to Sunday) or `month`.
        group: Query<Option<String>>,
    ) -> Result<Json<RevenueView>, ApiError> {
        let grouping = Grouping::parse(group.0.as_deref())?;
        let from = required("from", from.0)?;
        let to = required("to", to.0)?;
        if to < from {
            return Err(ApiError::invalid("to", "must not be before from"));
        }
        if (to - from).num_days() >= grouping.max_days() {
            return Err(ApiError::invalid(
                "to",
                match grouping {
                    Grouping::Month => {
                        "must be at most 1830 days after from; ask for a longer period in parts"
                    }
                    Grouping::Day | Grouping::Week => {
                        "must be at most 366 days after from (1830 by month); ask for a longer period in parts"
                    }
                },
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
            group: grouping.name().to_string(),
            totals: FiguresView::from(&totals),
            groups: groups(grouping, from, to, &days),
            hours_of_week: hours_of_week(&days),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn weeks_are_iso_weeks_from_monday_and_months_calendar_months() {
        assert_eq!(
            Grouping::Week.of(date("2026-11-29")),
            ("2026-W48".into(), date("2026-11-23"), date("2026-11-29"))
        );
        assert_eq!(
            Grouping::Week.of(date("2027-01-01")),
            ("2026-W53".into(), date("2026-12-28"), date("2027-01-03"))
        );
        assert_eq!(
            Grouping::Month.of(date("2028-02-10")),
            ("2028-02".into(), date("2028-02-01"), date("2028-02-29"))
        );
        assert_eq!(
            Grouping::Month.of(date("2026-12-31")),
            ("2026-12".into(), date("2026-12-01"), date("2026-12-31"))
        );
    }

    #[test]
    fn the_groups_cover_the_period_cut_to_it_and_sum_their_days() {
        let day = |orders: u32| DayTotals {
            orders,
            ..DayTotals::default()
        };
        let days = [
            (date("2026-11-20"), day(1)),
            (date("2026-11-23"), day(2)),
            (date("2026-12-01"), day(4)),
        ];
        let weeks = groups(
            Grouping::Week,
            date("2026-11-20"),
            date("2026-12-01"),
            &days,
        );
        let shape: Vec<(&str, NaiveDate, NaiveDate, u32)> = weeks
            .iter()
            .map(|group| {
                (
                    group.key.as_str(),
                    group.from,
                    group.to,
                    group.figures.orders,
                )
            })
            .collect();
        assert_eq!(
            shape,
            [
                ("2026-W47", date("2026-11-20"), date("2026-11-22"), 1),
                ("2026-W48", date("2026-11-23"), date("2026-11-29"), 2),
                ("2026-W49", date("2026-11-30"), date("2026-12-01"), 4),
            ]
        );
        let months = groups(
            Grouping::Month,
            date("2026-11-20"),
            date("2026-12-01"),
            &days,
        );
        assert_eq!(
            months
                .iter()
                .map(|group| (group.key.as_str(), group.figures.orders))
                .collect::<Vec<_>>(),
            [("2026-11", 3), ("2026-12", 4)]
        );
        assert_eq!(
            groups(Grouping::Day, date("2026-11-20"), date("2026-11-22"), &days).len(),
            3
        );
    }
}
