//! The revenue report by week and by month (`group=week|month`) adds up to its days,
//! and the orders by hour of the week count each order placed (and not rejected) in the
//! cell of its business day's weekday and the hour of the store's clock it was placed
//! in. A bad grouping or a too long period is a 400 naming the field.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;

async fn report(server: &TestServer, admin: &str, query: &str) -> Value {
    let path = format!("/admin/reports/revenue?{query}");
    let (status, report) = server.send("GET", &path, Some(admin), None).await;
    assert_eq!(status, 200, "{path}: {report}");
    report
}

/// Places a guest's lunch order and accepts it (so no answer deadline passes while
/// the clock moves on).
async fn placed(server: &TestServer, admin: &str, menu: &Menu) -> Value {
    let body = guest_order(lunch_lines(menu), "10115");
    let (status, order) = post_with(server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    answer(server, admin, &order, "accept", json!({"minutes": 30})).await;
    order
}

/// `(key, from, to, orders, revenue in cents)` of each group.
fn shape(report: &Value) -> Vec<(String, String, String, u64, i64)> {
    report["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|group| {
            (
                group["key"].as_str().unwrap().to_string(),
                group["from"].as_str().unwrap().to_string(),
                group["to"].as_str().unwrap().to_string(),
                group["figures"]["orders"].as_u64().unwrap(),
                cents(&group["figures"]["revenue"]),
            )
        })
        .collect()
}

#[tokio::test]
async fn weeks_and_months_add_up_to_their_days_and_each_order_counts_in_its_hour_of_the_week() {
    // Monday 23 November 2026, 12:00 in Berlin.
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let monday_noon = placed(&server, &admin, &menu).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let (_, rejected) = post_with(&server, "/orders/guest", None, &[], &body).await;
    answer(
        &server,
        &admin,
        &rejected,
        "reject",
        json!({"reason": "Zu viel los"}),
    )
    .await;
    // Monday 19:00, Sunday 29 November 13:00 (still week 48), Tuesday 1 December 12:00.
    advance_clock(&server, chrono::Duration::hours(7));
    let monday_evening = placed(&server, &admin, &menu).await;
    advance_clock(&server, chrono::Duration::hours(5 * 24 + 18));
    let sunday = placed(&server, &admin, &menu).await;
    advance_clock(&server, chrono::Duration::hours(47));
    let december = placed(&server, &admin, &menu).await;
    let total = |orders: &[&Value]| -> i64 { orders.iter().map(|o| cents(&o["total"])).sum() };
    let november = total(&[&monday_noon, &monday_evening, &sunday]);
    let all = november + total(&[&december]);

    let by_day = report(&server, &admin, "from=2026-11-23&to=2026-12-01").await;
    assert_eq!(by_day["group"], "day");
    let days = by_day["groups"].as_array().unwrap();
    assert_eq!(
        days.len(),
        9,
        "every day of the period, those without orders too"
    );
    assert_eq!(
        by_day["days"].as_array().unwrap().len(),
        3,
        "only days with orders"
    );
    let day_sum: i64 = days.iter().map(|d| cents(&d["figures"]["revenue"])).sum();
    assert_eq!(day_sum, all);
    assert_eq!(cents(&by_day["totals"]["revenue"]), all);

    let weeks = report(&server, &admin, "from=2026-11-23&to=2026-12-01&group=week").await;
    assert_eq!(weeks["group"], "week");
    let week = |key: &str, from: &str, to: &str, orders: u64, revenue: i64| {
        (key.into(), from.into(), to.into(), orders, revenue)
    };
    assert_eq!(
        shape(&weeks),
        [
            week("2026-W48", "2026-11-23", "2026-11-29", 3, november),
            // Cut to the period: Monday 30 November and Tuesday 1 December.
            week("2026-W49", "2026-11-30", "2026-12-01", 1, all - november),
        ]
    );
    assert_eq!(weeks["groups"][0]["figures"]["rejected"], 1);
    assert_eq!(weeks["totals"], by_day["totals"]);

    let months = report(&server, &admin, "from=2026-11-01&to=2026-12-31&group=month").await;
    assert_eq!(
        shape(&months),
        [
            week("2026-11", "2026-11-01", "2026-11-30", 3, november),
            week("2026-12", "2026-12-01", "2026-12-31", 1, all - november),
        ]
    );
    let december_figures = &months["groups"][1]["figures"];
    assert_eq!(december_figures["delivery"]["orders"], 1);
    assert_eq!(cents(&december_figures["cash"]), all - november);

    // Orders by hour of the week: rows Monday to Sunday, the hours of the Berlin clock.
    let hours = &weeks["hours_of_week"];
    assert_eq!(hours.as_array().unwrap().len(), 7);
    let mut expected = vec![vec![0u64; 24]; 7];
    expected[0][12] = 1; // Monday noon; the rejected one does not count
    expected[0][19] = 1;
    expected[6][13] = 1;
    expected[1][12] = 1; // Tuesday 1 December
    assert_eq!(
        serde_json::from_value::<Vec<Vec<u64>>>(hours.clone()).unwrap(),
        expected
    );
    assert_eq!(months["hours_of_week"], *hours);
    let november_only = report(&server, &admin, "from=2026-11-01&to=2026-11-30").await;
    assert_eq!(november_only["hours_of_week"][1][12], 0);
    assert_eq!(november_only["hours_of_week"][0][12], 1);
}

#[tokio::test]
async fn a_bad_grouping_or_a_too_long_period_is_refused_naming_the_field() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    for (query, field) in [
        ("from=2026-11-01&to=2026-11-30&group=year", "group"),
        ("from=2026-11-01&to=2026-11-30&group=", "group"),
        ("from=2026-11-01&to=2026-11-30&group=Week", "group"),
        ("from=2025-01-01&to=2026-01-02&group=week", "to"),
        // By month up to 1830 days (five years).
        ("from=2022-01-01&to=2027-01-05&group=month", "to"),
    ] {
        let path = format!("/admin/reports/revenue?{query}");
        let (status, answer) = server.send("GET", &path, Some(&admin), None).await;
        assert_eq!(status, 400, "{path}: {answer}");
        assert_eq!(answer["code"], "invalid", "{path}: {answer}");
        assert_eq!(answer["field"], field, "{path}: {answer}");
    }
    let five_years = report(&server, &admin, "from=2022-01-01&to=2026-12-31&group=month").await;
    assert_eq!(five_years["groups"].as_array().unwrap().len(), 60);
    assert_eq!(five_years["groups"][0]["key"], "2022-01");
    assert_eq!(five_years["groups"][59]["key"], "2026-12");
    assert_eq!(five_years["totals"]["orders"], 0);
}
