//! The order lists are written by serde ([`DirectJson`]) while their schema comes from
//! poem-openapi: both must write the same JSON, field for field, for every field filled
//! and for every field empty.

use chrono::{DateTime, Utc};
use poem::IntoResponse;
use poem_openapi::types::ToJSON;
use serde_json::Value;

use super::views::{
    AdminOrderView, OpenOrdersView, OrderDayView, OrderSummaryDayView, OrderSummaryView, OrderView,
};
use crate::domain::order::summary::OrderSummary;
use crate::domain::printing::test_order::{placed_at, sample_order};
use crate::http::direct_json::DirectJson;

fn later(minutes: i64) -> DateTime<Utc> {
    placed_at() + chrono::Duration::minutes(minutes)
}

/// The sample order with every optional field filled.
fn full() -> AdminOrderView {
    let mut view = AdminOrderView::from(&sample_order());
    view.user_id = Some(7);
    view.paypal_order_id = Some("5O190127TN364715T".into());
    view.capture_id = Some("3C679366HH908993F".into());
    view.refund_id = Some("1JU08902781691411".into());
    view.refund_error = Some("payment_unavailable".into());
    view.auto_reject_at = Some(later(5));
    let order = &mut view.order;
    order.preorder_at = Some(later(90));
    order.estimated_minutes = Some(30);
    order.estimated_ready_at = Some(later(30));
    order.rejection_reason = Some("Zu viel los \"heute\"\n".into());
    order.rejected_by = Some("staff".into());
    order.anonymised_at = Some(later(60 * 24 * 200));
    order.age_restriction = Some(18);
    view
}

/// The sample order with every optional field empty.
fn bare() -> AdminOrderView {
    let mut view = AdminOrderView::from(&sample_order());
    view.auto_reject_at = None;
    view
}

async fn written<T: serde::Serialize + Send>(view: T) -> Value {
    let body = DirectJson(view)
        .into_response()
        .into_body()
        .into_vec()
        .await;
    serde_json::from_slice(&body.expect("a body")).expect("JSON")
}

#[tokio::test]
async fn a_day_page_is_written_as_poem_openapi_would() {
    let view = OrderDayView {
        date: placed_at().date_naive(),
        orders: vec![full(), bare()],
        count: 2,
        revenue: 49.37,
        next_before: Some(40),
    };
    assert_eq!(written(view.clone()).await, view.to_json().expect("JSON"));
    let last = OrderDayView {
        next_before: None,
        orders: vec![],
        ..view
    };
    assert_eq!(written(last.clone()).await, last.to_json().expect("JSON"));
}

#[tokio::test]
async fn the_board_and_a_customers_orders_are_written_as_poem_openapi_would() {
    let board = OpenOrdersView {
        orders: vec![bare(), full()],
        next_after: Some(41),
        waiting: 2,
        waiting_limit: 30,
    };
    assert_eq!(written(board.clone()).await, board.to_json().expect("JSON"));
    let mine: Vec<OrderView> = vec![full().order, bare().order];
    assert_eq!(written(mine.clone()).await, mine.to_json().expect("JSON"));
}

#[tokio::test]
async fn a_page_of_summaries_is_written_as_poem_openapi_would() {
    let order = sample_order();
    let view = OrderSummaryDayView {
        date: placed_at().date_naive(),
        orders: vec![OrderSummaryView::from(&OrderSummary::from(&order))],
        count: 1,
        revenue: 26.07,
        next_before: None,
    };
    assert_eq!(written(view.clone()).await, view.to_json().expect("JSON"));
}

#[tokio::test]
async fn the_answer_is_json_with_its_content_type() {
    let response = DirectJson(bare()).into_response();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.content_type(),
        Some("application/json; charset=utf-8")
    );
}
