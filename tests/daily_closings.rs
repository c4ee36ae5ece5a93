//! The daily closing (Kassenabschluss, "Z-Bon"): the owner closes today on demand, the
//! shop closes a day that is over by itself; each closing holds the day's figures, is
//! numbered without gaps and is never changed; orders placed after today was closed
//! belong to the next business day.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::{
    LUNCHTIME, Menu, answer, guest_order, lunch_lines, lunch_server, post_with,
};

async fn place(server: &TestServer) -> Value {
    let menu = Menu::load(server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let (status, order) = post_with(server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    order
}

fn cents(euros: &Value) -> i64 {
    (euros.as_f64().unwrap() * 100.0).round() as i64
}

#[tokio::test]
async fn the_owner_closes_today_with_its_figures_once_and_later_orders_count_for_the_next_day() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let sold = place(&server).await;
    let sold = answer(&server, &admin, &sold, "accept", json!({ "minutes": 30 })).await;
    let cancelled = place(&server).await;
    answer(
        &server,
        &admin,
        &cancelled,
        "reject",
        json!({ "reason": "Zu voll" }),
    )
    .await;

    let (status, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");
    assert_eq!(closing["number"], 1);
    assert_eq!(closing["business_date"], "2026-11-23");
    assert_eq!(closing["closed_by"], "admin");
    assert_eq!(closing["closed_by_email"], "admin@example.com");
    assert_eq!(closing["orders"], 1);
    assert_eq!(closing["cancelled"], 1);
    let total = cents(&sold["total"]);
    assert_eq!(closing["gross_cents"], total);
    assert_eq!(closing["cash_cents"], total);
    assert_eq!(closing["online_cents"], 0);
    let vat = closing["vat"].as_array().unwrap();
    let gross: i64 = vat
        .iter()
        .map(|line| line["gross_cents"].as_i64().unwrap())
        .sum();
    assert_eq!(gross, total);
    let net = closing["net_cents"].as_i64().unwrap();
    let tax = closing["vat_cents"].as_i64().unwrap();
    assert_eq!(net + tax, total);

    let (status, again) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 409, "{again}");
    assert_eq!(again["code"], "day_closed");

    // An order placed after the closing belongs to the next business day.
    let later = place(&server).await;
    assert_eq!(later["business_date"], "2026-11-24", "{later}");
    assert_eq!(later["number"], 1);

    let (status, list) = server
        .send("GET", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0], closing);
    let (status, one) = server
        .send("GET", "/admin/closings/1", Some(&admin), None)
        .await;
    assert_eq!((status, &one), (200, &closing));
    let (status, _) = server
        .send("GET", "/admin/closings/2", Some(&admin), None)
        .await;
    assert_eq!(status, 404);
    server.stop().await;
}

#[tokio::test]
async fn a_day_with_orders_waiting_for_an_answer_cannot_be_closed() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    place(&server).await;
    let (status, refused) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "orders_waiting");
    assert_eq!(refused["params"]["count"], "1");
    let (_, list) = server
        .send("GET", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(list, json!([]));
    server.stop().await;
}

#[tokio::test]
async fn the_shop_closes_the_days_that_are_over_by_itself_in_date_order() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let order = place(&server).await;
    answer(&server, &admin, &order, "accept", json!({ "minutes": 30 })).await;
    let data_dir = server.stop().await;

    // Two days later at lunch: Monday is over (Tuesday had no orders).
    let restarted = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-25T11:00:00Z")
        .data_dir(data_dir)
        .start()
        .await;
    let admin = restarted
        .login("admin@example.com", "admin-password-1")
        .await;
    let mut list = Value::Null;
    for _ in 0..50 {
        list = restarted
            .send("GET", "/admin/closings", Some(&admin), None)
            .await
            .1;
        if list.as_array().is_some_and(|closings| !closings.is_empty()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let closings = list.as_array().unwrap();
    assert_eq!(closings.len(), 1, "{list}");
    assert_eq!(closings[0]["number"], 1);
    assert_eq!(closings[0]["business_date"], "2026-11-23");
    assert_eq!(closings[0]["closed_by"], "automatic");
    assert_eq!(closings[0]["orders"], 1);
    assert!(LUNCHTIME.starts_with("2026-11-23"));
    restarted.stop().await;
}
