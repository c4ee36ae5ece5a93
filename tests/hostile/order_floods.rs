//! Guest order floods: one address, one phone number or one e-mail address gets its
//! allowance of online orders and then 429 `too_many_orders` with `Retry-After`; no more
//! than `orders.max_waiting` orders wait for an answer (503 `restaurant_busy`, staff's
//! phone orders still go in); and the mails the shop sends carry no text the customer
//! typed, and at most ten an hour reach one address. These tests run with the shipped
//! defaults, which the harness otherwise lifts.

use serde_json::{Value, json};

use crate::support::ordering::*;
use crate::support::raw_http::client_from;
use crate::support::{TestServer, TestServerBuilder};

/// The shop at lunchtime with the limits as shipped (the harness lifts them for other
/// tests).
fn shipped_limits() -> TestServerBuilder {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_LIMITS_ORDERS_PER_IP", "20")
        .env("HEIMSERVICE_LIMITS_ORDERS_PER_CONTACT", "5")
        .env("HEIMSERVICE_ORDERS_MAX_WAITING", "30")
}

/// A guest's cash order in the name, phone and e-mail given.
fn order_as(menu: &Menu, name: &str, phone: &str, email: &str) -> Value {
    let mut body = guest_order(lunch_lines(menu), "10115");
    body["shipping_address"]["customer_name"] = json!(name);
    body["shipping_address"]["phone"] = json!(phone);
    body["shipping_address"]["email"] = json!(email);
    body
}

/// Posts a guest order from 127.0.0.`source`: status, `Retry-After`, body.
async fn order_from(server: &TestServer, source: u8, body: &Value) -> (u16, Option<u64>, Value) {
    let response = client_from(source)
        .post(server.url("/orders/guest"))
        .json(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|value| value.to_str().unwrap().parse().unwrap());
    (status, retry_after, response.json().await.unwrap())
}

#[tokio::test]
async fn one_address_gets_twenty_orders_then_waits() {
    let server = shipped_limits().start().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    for n in 0..20 {
        let body = order_as(
            &menu,
            "Gast",
            &format!("030 100 {n:04}"),
            &format!("g{n}@example.com"),
        );
        let (status, _, order) = order_from(&server, 2, &body).await;
        assert_eq!(status, 201, "order {n}: {order}");
    }
    let body = order_as(&menu, "Gast", "030 100 9999", "g99@example.com");
    let (status, retry_after, refused) = order_from(&server, 2, &body).await;
    assert_eq!(status, 429, "{refused}");
    assert_eq!(refused["code"], "too_many_orders");
    assert!((1..=30).contains(&retry_after.unwrap()), "{retry_after:?}");
    // Another address is served, and the refused order left nothing behind.
    let (status, _, _) = order_from(&server, 3, &body).await;
    assert_eq!(status, 201);
    assert_eq!(open_orders(&server, &admin).await, 21);
    server.stop().await;
}

#[tokio::test]
async fn one_phone_number_or_e_mail_address_gets_five_orders_from_anywhere() {
    let server = shipped_limits().start().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    // Five orders with one phone number, each from another address and e-mail.
    for n in 0..5u8 {
        let body = order_as(&menu, "Gast", "0171 555 0000", &format!("p{n}@example.com"));
        assert_eq!(order_from(&server, 10 + n, &body).await.0, 201, "order {n}");
    }
    // The same number written otherwise.
    let same_digits = order_as(&menu, "Gast", "01715550000", "p9@example.com");
    let (status, retry_after, refused) = order_from(&server, 20, &same_digits).await;
    assert_eq!(status, 429, "{refused}");
    assert_eq!(refused["code"], "too_many_orders");
    assert!(retry_after.unwrap() > 60, "{retry_after:?}");
    // Five with one e-mail address, in any case.
    for n in 0..5u8 {
        let body = order_as(
            &menu,
            "Gast",
            &format!("030 200 {n:04}"),
            "Flood@Example.com",
        );
        assert_eq!(order_from(&server, 30 + n, &body).await.0, 201, "order {n}");
    }
    let body = order_as(&menu, "Gast", "030 200 9999", "flood@example.com");
    assert_eq!(order_from(&server, 40, &body).await.0, 429);
    assert_eq!(open_orders(&server, &admin).await, 10);
    server.stop().await;
}

#[tokio::test]
async fn no_more_than_thirty_orders_wait_for_an_answer() {
    let server = shipped_limits().start().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut placed = Vec::new();
    for n in 0..30u8 {
        let body = order_as(
            &menu,
            "Gast",
            &format!("030 300 {n:04}"),
            &format!("w{n}@example.com"),
        );
        let (status, _, order) = order_from(&server, 50 + n, &body).await;
        assert_eq!(status, 201, "order {n}: {order}");
        placed.push(order["id"].clone());
    }
    let body = order_as(&menu, "Gast", "030 300 9999", "w99@example.com");
    let (status, _, busy) = order_from(&server, 100, &body).await;
    assert_eq!(status, 503, "{busy}");
    assert_eq!(busy["code"], "restaurant_busy");
    assert!(
        busy["detail"]
            .as_str()
            .unwrap()
            .contains("Nothing was charged")
    );
    assert_eq!(open_orders(&server, &admin).await, 30);

    // Staff on the phone still take an order (it is accepted as it is entered).
    let (status, phone) = server
        .send(
            "POST",
            "/admin/phone-orders",
            Some(&admin),
            Some(json!({
                "order_type": "delivery", "lines": lunch_lines(&menu), "minutes": 40,
                "customer": guest_address("10115"), "preorder_at": null, "note": ""
            })),
        )
        .await;
    assert_eq!(status, 201, "{phone}");

    // Once staff answer one, the next online order goes in.
    let (status, _) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/accept", placed[0]),
            Some(&admin),
            Some(json!({"minutes": 30})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(order_from(&server, 100, &body).await.0, 201);
    assert_eq!(order_from(&server, 101, &body).await.0, 503);
    server.stop().await;
}

#[tokio::test]
async fn mails_carry_no_customer_text_and_at_most_ten_reach_one_address_an_hour() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_LIMITS_MAILS_PER_ADDRESS", "10")
        .start()
        .await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let spam = "Gewinn! <a href=\"https://evil.example/win\">https://evil.example/win</a>";
    for n in 0..12 {
        let body = order_as(
            &menu,
            spam,
            &format!("030 400 {n:04}"),
            "victim@example.com",
        );
        let (status, _, order) = order_from(&server, 2, &body).await;
        assert_eq!(status, 201, "{order}");
    }
    outbox(&server, &admin, 10).await;
    // Give the last two orders' mails time to arrive if they were (wrongly) sent.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let mails = outbox(&server, &admin, 10).await;
    let to_victim: Vec<&Value> = mails
        .iter()
        .filter(|mail| mail["to"] == "victim@example.com")
        .collect();
    assert_eq!(to_victim.len(), 10, "ten mails an hour to one address");
    for mail in to_victim {
        let text = mail.to_string();
        for forbidden in ["evil.example", "<a", "Gewinn"] {
            assert!(!text.contains(forbidden), "{forbidden} in {text}");
        }
        assert!(text.contains("Guten Tag"), "{text}");
    }
    server.stop().await;
}
