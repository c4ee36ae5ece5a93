//! Guests' Idempotency-Keys are kept apart per client address: the key another guest
//! used never returns their order (token, name, phone, address), while a retry from the
//! same guest still gets the first order back.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::{Menu, guest_order, lunch_lines, lunch_server};
use crate::support::raw_http::client_from;

async fn place_from(server: &TestServer, source: u8, key: &str, body: &Value) -> (u16, Value) {
    let response = client_from(source)
        .post(server.url("/orders/guest"))
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn another_guest_with_the_same_key_gets_an_order_of_their_own() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let mut anna = guest_order(lunch_lines(&menu), "10115");
    anna["shipping_address"]["customer_name"] = json!("Anna Opfer");
    let key = "checkout-2026-11-23-0001";
    let (status, first) = place_from(&server, 61, key, &anna).await;
    assert_eq!(status, 201, "{first}");

    let (status, retry) = place_from(&server, 61, key, &anna).await;
    assert_eq!(status, 200, "the same guest's retry: {retry}");
    assert_eq!(retry["id"], first["id"]);

    // Another address, the same key and even the same body: not Anna's order.
    let (status, other) = place_from(&server, 62, key, &anna).await;
    assert_eq!(status, 201, "{other}");
    assert_ne!(other["id"], first["id"]);
    assert_ne!(other["token"], first["token"]);
    let mut mallory = anna.clone();
    mallory["shipping_address"]["customer_name"] = json!("Mallory");
    let (status, third) = place_from(&server, 63, key, &mallory).await;
    assert_eq!(status, 201, "{third}");
    assert_eq!(third["customer"]["customer_name"], "Mallory");
}
