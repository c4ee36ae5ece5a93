//! The revenue of a period (`GET /admin/reports/revenue`) comes from the per-day
//! totals each order change keeps: it equals the sums over the orders themselves, a
//! rejection takes an order out, a day's history shows the same figures, and a bad
//! period is a 400 naming the field.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;

const MONDAY: &str = "2026-11-23";
const TUESDAY: &str = "2026-11-24";

/// Sum of `field` (euros) over `orders` not rejected, in cents.
fn sum_of(orders: &[Value], field: impl Fn(&Value) -> i64) -> i64 {
    orders
        .iter()
        .filter(|order| order["status"] != "rejected")
        .map(field)
        .sum()
}

async fn report(server: &TestServer, admin: &str, from: &str, to: &str) -> Value {
    let path = format!("/admin/reports/revenue?from={from}&to={to}");
    let (status, report) = server.send("GET", &path, Some(admin), None).await;
    assert_eq!(status, 200, "{path}: {report}");
    report
}

async fn place(server: &TestServer, body: &Value) -> Value {
    let (status, order) = post_with(server, "/orders/guest", None, &[], body).await;
    assert_eq!(status, 201, "{order}");
    order
}

#[tokio::test]
async fn the_revenue_of_a_period_is_the_sum_of_its_orders_day_by_day() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    // Monday: three orders (one with beer at 19 % VAT), one of them rejected.
    let mut with_beer = guest_order(
        json!([
            line(menu.id("Bruschetta"), 2),
            line(menu.id("Peroni 0,33 l"), 2)
        ]),
        "10115",
    );
    with_beer["age_confirmed"] = json!(true);
    let first = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    let second = place(&server, &with_beer).await;
    let rejected = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    deliver(&server, &admin, &first).await;
    answer(&server, &admin, &second, "accept", json!({"minutes": 30})).await;
    answer(
        &server,
        &admin,
        &rejected,
        "reject",
        json!({"reason": "Zu viel los"}),
    )
    .await;
    // Tuesday: one more, still waiting for its answer (it counts from when it is placed).
    advance_clock(&server, chrono::Duration::days(1));
    let tuesday = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;

    let (monday_page, monday_orders) = day_history(&server, &admin, Some(MONDAY)).await;
    let (_, tuesday_orders) = day_history(&server, &admin, Some(TUESDAY)).await;
    assert_eq!(monday_orders.len(), 3);
    assert_eq!(tuesday_orders.len(), 1);

    let week = report(&server, &admin, "2026-11-23", "2026-11-29").await;
    let days = week["days"].as_array().unwrap();
    assert_eq!(days.len(), 2, "only days with orders: {week}");
    assert_eq!(days[0]["date"], MONDAY);
    assert_eq!(days[1]["date"], TUESDAY);
    let monday = &days[0]["figures"];
    assert_eq!(monday["orders"], 2);
    assert_eq!(monday["rejected"], 1);
    let monday_revenue = sum_of(&monday_orders, |order| cents(&order["total"]));
    assert_eq!(cents(&monday["revenue"]), monday_revenue);
    assert_eq!(cents(&monday["cash"]), monday_revenue);
    assert_eq!(cents(&monday["online"]), 0);
    // By order type and payment, the average basket and what sold most.
    assert_eq!(monday["delivery"]["orders"], 2, "{monday}");
    assert_eq!(cents(&monday["delivery"]["revenue"]), monday_revenue);
    assert_eq!(monday["pickup"]["orders"], 0);
    assert_eq!(
        (
            monday["cash_orders"].as_u64(),
            monday["online_orders"].as_u64()
        ),
        (Some(2), Some(0))
    );
    assert_eq!(cents(&monday["average_basket"]), (monday_revenue + 1) / 2);
    let top = &monday["top_products"];
    assert_eq!(top[0]["name"], "Bruschetta", "{top}");
    assert_eq!(
        top[0]["quantity"], 4,
        "two orders of two, the rejected one not counted"
    );
    let sold: i64 = monday_orders
        .iter()
        .filter(|order| order["status"] != "rejected")
        .flat_map(|order| order["lines"].as_array().unwrap().clone())
        .filter(|line| line["name"] == "Bruschetta")
        .map(|line| cents(&line["total"]))
        .sum();
    assert_eq!(cents(&top[0]["revenue"]), sold);
    // The day's history shows the same figures.
    assert_eq!(monday_page["count"], 2);
    assert_eq!(cents(&monday_page["revenue"]), monday_revenue);
    // VAT per rate: 7 % for the food and cola, 19 % for the beer, as on the orders.
    for rate in [7.0, 19.0] {
        let expected = sum_of(&monday_orders, |order| {
            order["vat"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|line| line["percentage"].as_f64() == Some(rate))
                .map(|line| cents(&line["vat"]))
                .sum()
        });
        let line = monday["vat"]
            .as_array()
            .unwrap()
            .iter()
            .find(|line| line["percentage"].as_f64() == Some(rate))
            .unwrap_or_else(|| panic!("no {rate} % line: {monday}"));
        assert_eq!(cents(&line["vat"]), expected, "{rate} %");
        assert!(expected > 0);
    }
    let total = &week["totals"];
    assert_eq!(total["orders"], 3);
    assert_eq!(total["rejected"], 1);
    assert_eq!(
        cents(&total["revenue"]),
        monday_revenue + cents(&tuesday["total"])
    );

    // Rejecting Tuesday's order takes it out of Tuesday's figures at once.
    answer(
        &server,
        &admin,
        &tuesday,
        "reject",
        json!({"reason": "Geschlossen"}),
    )
    .await;
    let again = report(&server, &admin, TUESDAY, TUESDAY).await;
    assert_eq!(again["totals"]["orders"], 0);
    assert_eq!(again["totals"]["rejected"], 1);
    assert_eq!(cents(&again["totals"]["revenue"]), 0);
    assert_eq!(again["totals"]["vat"], json!([]));

    // A month without orders is all zeros.
    let empty = report(&server, &admin, "2026-10-01", "2026-10-31").await;
    assert_eq!(empty["days"], json!([]));
    assert_eq!(empty["totals"]["orders"], 0);
}

#[tokio::test]
async fn a_bad_period_is_refused_naming_the_field() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    for (path, field) in [
        ("/admin/reports/revenue?to=2026-11-30", "from"),
        ("/admin/reports/revenue?from=2026-11-01", "to"),
        ("/admin/reports/revenue?from=2026-11-30&to=2026-11-01", "to"),
        ("/admin/reports/revenue?from=2025-01-01&to=2026-01-02", "to"),
    ] {
        let (status, answer) = server.send("GET", path, Some(&admin), None).await;
        assert_eq!(status, 400, "{path}: {answer}");
        assert_eq!(answer["field"], field, "{path}: {answer}");
    }
    let (status, _) = server
        .send(
            "GET",
            "/admin/reports/revenue?from=2026-13-01&to=2026-11-30",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, 400);
    // A leap year is the longest period.
    let (status, answer) = server
        .send(
            "GET",
            "/admin/reports/revenue?from=2028-01-01&to=2028-12-31",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, 200, "{answer}");
}
