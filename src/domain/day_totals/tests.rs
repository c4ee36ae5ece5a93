use chrono::{DateTime, Utc};

use super::*;
use crate::domain::erasure::sample_order as paid_online;
use crate::domain::order::OrderStatus;
use crate::domain::printing::test_order::sample_order as waiting_cash;

fn at() -> DateTime<Utc> {
    "2026-11-23T11:00:00Z".parse().unwrap()
}

fn vat_sum(totals: &DayTotals) -> i64 {
    totals.vat.iter().map(|line| line.gross_cents).sum()
}

#[test]
fn an_order_counts_its_total_by_payment_method_and_vat_rate() {
    let cash = waiting_cash();
    let totals = DayTotals::of(&cash);
    assert_eq!(totals.orders, 1);
    assert_eq!(totals.rejected, 0);
    assert_eq!(totals.revenue_cents, cash.totals.total_cents);
    assert_eq!(totals.cash_cents, cash.totals.total_cents);
    assert_eq!(totals.online_cents, 0);
    assert_eq!(totals.vat, cash.vat, "two rates, lowest first");
    assert_eq!(vat_sum(&totals), totals.revenue_cents);
}

#[test]
fn a_rejected_order_counts_as_rejected_only() {
    let mut order = waiting_cash();
    order.status = OrderStatus::Rejected;
    assert_eq!(
        DayTotals::of(&order),
        DayTotals {
            rejected: 1,
            ..DayTotals::default()
        }
    );
}

#[test]
fn following_an_order_from_placed_to_rejected_leaves_only_the_rejection() {
    let placed = waiting_cash();
    let mut day = DayTotals::default();
    day.follow(None, &placed);
    let mut rejected = placed.clone();
    rejected.status = OrderStatus::Rejected;
    assert!(DayTotals::differ(&placed, &rejected));
    day.follow(Some(&placed), &rejected);
    assert_eq!(day.orders, 0);
    assert_eq!(day.rejected, 1);
    assert_eq!(day.revenue_cents, 0);
    assert!(
        day.vat.is_empty(),
        "no empty VAT lines are kept: {:?}",
        day.vat
    );
}

#[test]
fn accepting_or_completing_an_order_changes_no_figure() {
    let placed = waiting_cash();
    let mut accepted = placed.clone();
    accepted.status = OrderStatus::Accepted;
    accepted.note = "changed".into();
    assert!(!DayTotals::differ(&placed, &accepted));
}

#[test]
fn days_add_up_to_the_sum_of_their_orders() {
    let (cash, online) = (waiting_cash(), paid_online(7, at()));
    let mut month = DayTotals::default();
    month.add(&DayTotals::of(&cash));
    month.add(&DayTotals::of(&online));
    assert_eq!(month.orders, 2);
    assert_eq!(
        month.revenue_cents,
        cash.totals.total_cents + online.totals.total_cents
    );
    assert_eq!(month.online_cents, online.totals.total_cents);
    assert_eq!(month.cash_cents + month.online_cents, month.revenue_cents);
    assert_eq!(vat_sum(&month), month.revenue_cents);
    let seven = month
        .vat
        .iter()
        .find(|line| line.rate_basis_points == 700)
        .unwrap();
    let expected: i64 = [&cash, &online]
        .iter()
        .flat_map(|order| order.vat.iter())
        .filter(|line| line.rate_basis_points == 700)
        .map(|line| line.vat_cents)
        .sum();
    assert_eq!(seven.vat_cents, expected);
}

#[test]
fn the_figures_count_order_types_payments_and_what_was_sold_and_a_rejection_takes_it_out() {
    let order = waiting_cash();
    let mut day = DayTotals::of(&order);
    assert_eq!((day.cash_orders, day.online_orders), (1, 0));
    let sold: i64 = order
        .lines
        .iter()
        .map(|line| i64::from(line.quantity))
        .sum();
    assert_eq!(
        day.products.values().map(|item| item.quantity).sum::<i64>(),
        sold
    );
    assert_eq!(
        day.products.values().map(|item| item.cents).sum::<i64>(),
        order.totals.subtotal_cents
    );
    let typed = day.delivery_orders + day.pickup_orders;
    assert_eq!(typed, 1);
    assert_eq!(day.delivery_cents + day.pickup_cents, day.revenue_cents);
    let mut rejected = order.clone();
    rejected.status = OrderStatus::Rejected;
    day.follow(Some(&order), &rejected);
    assert!(
        day.products.is_empty() && day.toppings.is_empty(),
        "{day:?}"
    );
    assert_eq!(
        (day.cash_orders, day.delivery_orders, day.pickup_orders),
        (0, 0, 0)
    );
}

#[test]
fn an_order_counts_in_the_hour_of_the_store_clock_it_was_placed_in() {
    let mut order = paid_online(7, at());
    order.placed_hour = Some(19);
    let mut day = DayTotals::of(&order);
    let mut expected = [0; 24];
    expected[19] = 1;
    assert_eq!(day.hours, expected);
    let mut rejected = order.clone();
    rejected.status = OrderStatus::Rejected;
    day.follow(Some(&order), &rejected);
    assert_eq!(day.hours, [0; 24], "a rejected order leaves its hour");

    // Kept before the hour was: read on the German clock (11:00 UTC is 12:00 in November).
    order.placed_hour = None;
    let mut old = DayTotals::of(&order);
    assert_eq!(old.hours[12], 1);
    old.add(&DayTotals::of(&order));
    assert_eq!(old.hours[12], 2);
    assert_eq!(old.hours.iter().sum::<u32>(), old.orders);
}
