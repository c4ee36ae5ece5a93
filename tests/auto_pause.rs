//! Auto-pause: after `orders.pause_after_unanswered` orders in a row were rejected
//! because nobody answered, ordering pauses itself with the reason; a staff answer
//! starts the count again, staff resume it, and a restart keeps pause and reason.

use std::time::Duration;

use serde_json::{Value, json};

use crate::live_status::{connect, next_message};
use crate::support::TestServer;
use crate::support::ordering::{LUNCHTIME, Menu, guest_order, lunch_lines, post_with, track_until};

fn builder() -> crate::support::TestServerBuilder {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_ORDERS_AUTO_REJECT_SECONDS", "2")
        .env("HEIMSERVICE_ORDERS_PAUSE_AFTER_UNANSWERED", "2")
}

async fn place(server: &TestServer, order: &Value) -> Value {
    let (status, placed) = post_with(server, "/orders/guest", None, &[], order).await;
    assert_eq!(status, 201, "{placed}");
    placed
}

/// Waits (at most 5 s) until the order is rejected because nobody answered (2 s).
async fn auto_rejected(server: &TestServer, placed: &Value) {
    let order = track_until(server, placed, |o| o["status"] == "rejected").await;
    assert_eq!(order["status"], "rejected", "{order}");
    assert_eq!(
        order["rejection_reason"],
        "The restaurant did not respond in time."
    );
}

async fn store(server: &TestServer) -> Value {
    server.get_json("/stores/14").await.1
}

#[tokio::test]
async fn unanswered_orders_in_a_row_pause_ordering_until_staff_resume_it() {
    let server = builder().start().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let order = guest_order(lunch_lines(&menu), "10115");

    // One unanswered, then staff answer one: the count starts again.
    let first = place(&server, &order).await;
    auto_rejected(&server, &first).await;
    let answered = place(&server, &order).await;
    let (status, _) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/accept", answered["id"]),
            Some(&admin),
            Some(json!({"minutes": 20})),
        )
        .await;
    assert_eq!(status, 200);
    let next = place(&server, &order).await;
    auto_rejected(&server, &next).await;
    let now = store(&server).await;
    assert_eq!(now["paused"], false, "1 in a row after the answer: {now}");
    assert_eq!(now["is_open"], true);

    // The second in a row pauses ordering, with the reason everywhere.
    let mut socket = connect(&server, "/ws/store/14/status", None).await.unwrap();
    let open = next_message(&mut socket, Duration::from_secs(5)).await;
    assert_eq!(open["is_open"], true, "{open}");
    let last = place(&server, &order).await;
    auto_rejected(&server, &last).await;
    let pushed = next_message(&mut socket, Duration::from_secs(5)).await;
    assert_eq!(pushed["is_open"], false, "{pushed}");
    assert_eq!(pushed["paused"], true, "{pushed}");
    assert_eq!(pushed["closed_reason"], "auto_paused", "{pushed}");
    assert_eq!(pushed["auto_pause"]["unanswered"], 2, "{pushed}");
    let paused = store(&server).await;
    assert_eq!(paused["paused"], true, "{paused}");
    assert_eq!(paused["closed_reason"], "auto_paused");
    assert_eq!(paused["auto_pause"]["unanswered"], 2);
    let since = paused["auto_pause"]["since"].as_str().unwrap().to_string();
    assert!(
        since.starts_with("2026-11-23T11:"),
        "the shop's clock: {since}"
    );
    let (_, slots) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    assert_eq!(
        slots,
        json!({"immediately": false, "slots": [], "days": [], "closed_reason": "auto_paused"})
    );
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!((status, &answer["code"]), (409, &json!("store_closed")));

    // A restart keeps the pause and its reason.
    let dir = server.stop().await;
    let server = builder().data_dir(dir).start().await;
    let admin = server.login("admin@example.com", "admin-password-1").await;
    let restarted = store(&server).await;
    assert_eq!(restarted["paused"], true, "{restarted}");
    assert_eq!(restarted["closed_reason"], "auto_paused");
    assert_eq!(restarted["auto_pause"]["since"], since.as_str());

    // Staff resume: the reason and the count are gone.
    let (status, resumed) = server
        .send(
            "PUT",
            "/stores/14/pause",
            Some(&admin),
            Some(json!({"paused": false})),
        )
        .await;
    assert_eq!(status, 200, "{resumed}");
    assert_eq!(resumed["paused"], false);
    assert_eq!(resumed["closed_reason"], Value::Null, "{resumed}");
    assert_eq!(resumed["auto_pause"], Value::Null);
    // One more unanswered does not pause again: the count started over.
    let again = place(&server, &order).await;
    auto_rejected(&server, &again).await;
    assert_eq!(store(&server).await["paused"], false);

    // Paused by hand: the kitchen's own reason, not an automatic one.
    let (status, manual) = server
        .send(
            "PUT",
            "/stores/14/pause",
            Some(&admin),
            Some(json!({"paused": true})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(manual["closed_reason"], "paused", "{manual}");
    assert_eq!(manual["auto_pause"], Value::Null);
}

#[tokio::test]
async fn zero_turns_the_auto_pause_off() {
    let server = builder()
        .env("HEIMSERVICE_ORDERS_PAUSE_AFTER_UNANSWERED", "0")
        .start()
        .await;
    let menu = Menu::load(&server).await;
    let order = guest_order(lunch_lines(&menu), "10115");
    for _ in 0..3 {
        let placed = place(&server, &order).await;
        auto_rejected(&server, &placed).await;
    }
    let now = store(&server).await;
    assert_eq!(now["paused"], false, "{now}");
    assert_eq!(now["is_open"], true);
}
