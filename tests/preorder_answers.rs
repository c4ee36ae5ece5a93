//! Pre-orders placed while the restaurant is closed wait for the opening: their answer
//! time counts from then, they do not pause ordering before anyone can be there, and
//! staff accept all of them at once at the opening, each ready at its time. An order
//! whose answer time ends after closing does not count towards the automatic pause.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::{Menu, guest_order, lunch_lines, post_with};

/// Monday 06:00 in Berlin: closed until lunch at 11:30 (10:30Z).
const NIGHT: &str = "2026-11-23T05:00:00Z";

fn instant(value: &Value) -> chrono::DateTime<chrono::Utc> {
    value.as_str().unwrap().parse().unwrap()
}

fn advance_to(server: &TestServer, at: &str) {
    let clock = &server.running.as_ref().unwrap().clock;
    let target: chrono::DateTime<chrono::Utc> = at.parse().unwrap();
    assert!(clock.advance(target - clock.now()));
}

async fn admin_order(server: &TestServer, admin: &str, id: &Value) -> Value {
    let (status, order) = server
        .send("GET", &format!("/admin/orders/{id}"), Some(admin), None)
        .await;
    assert_eq!(status, 200, "{order}");
    order
}

/// Lets the auto-reject check (every second) run at least once.
async fn one_check() {
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
}

#[tokio::test]
async fn preorders_placed_at_night_wait_for_the_opening_and_are_accepted_together() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", NIGHT)
        .env("HEIMSERVICE_ORDERS_PAUSE_AFTER_UNANSWERED", "2")
        .start()
        .await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (_, slots) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    assert_eq!(slots["immediately"], false, "{slots}");
    assert_eq!(slots["slots"][0]["time"], "11:30", "{slots}");
    let mut placed = Vec::new();
    for slot in [&slots["slots"][2], &slots["slots"][4], &slots["slots"][6]] {
        let mut order = guest_order(lunch_lines(&menu), "10115");
        order["preorder_at"] = slot["starts_at"].clone();
        let (status, body) = post_with(&server, "/orders/guest", None, &[], &order).await;
        assert_eq!(status, 201, "{body}");
        placed.push(body);
    }
    // Ten minutes (orders.auto_reject_seconds) from the opening at 10:30Z.
    for order in &placed {
        let seen = admin_order(&server, &admin, &order["id"]).await;
        assert_eq!(
            instant(&seen["auto_reject_at"]),
            instant(&json!("2026-11-23T10:40:00Z")),
            "{seen}"
        );
    }

    // Half an hour later, still the night: nothing rejected, nothing paused.
    advance_to(&server, "2026-11-23T05:30:00Z");
    one_check().await;
    for order in &placed {
        let seen = admin_order(&server, &admin, &order["id"]).await;
        assert_eq!(seen["status"], "waiting_for_confirmation", "{seen}");
    }
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["paused"], false, "{store}");
    assert_eq!(store["closed_reason"], "outside_hours", "{store}");

    // At the opening staff accept all three at once, each ready at its time.
    advance_to(&server, "2026-11-23T10:31:00Z");
    let (status, accepted) = server
        .send("POST", "/admin/orders/accept-preorders", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{accepted}");
    let accepted = accepted.as_array().unwrap();
    assert_eq!(accepted.len(), 3, "{accepted:?}");
    for (order, answer) in placed.iter().zip(accepted) {
        assert_eq!(answer["id"], order["id"]);
        assert_eq!(answer["status"], "accepted", "{answer}");
        assert_eq!(
            instant(&answer["estimated_ready_at"]),
            instant(&order["preorder_at"]),
            "{answer}"
        );
    }
    // Nothing left to accept: an empty answer, and the accepted ones stay as they are.
    let (status, again) = server
        .send("POST", "/admin/orders/accept-preorders", Some(&admin), None)
        .await;
    assert_eq!((status, again), (200, json!([])));
    server.stop().await;
}

#[tokio::test]
async fn preorders_nobody_answers_after_the_opening_are_rejected_then() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", NIGHT)
        .env("HEIMSERVICE_ORDERS_PAUSE_AFTER_UNANSWERED", "0")
        .start()
        .await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (_, slots) = server.get_json("/stores/14/slots?order_type=pickup").await;
    let mut order = guest_order(lunch_lines(&menu), "10115");
    order["order_type"] = json!("pickup");
    order["preorder_at"] = slots["slots"][0]["starts_at"].clone();
    let (status, placed) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 201, "{placed}");

    advance_to(&server, "2026-11-23T10:39:00Z");
    one_check().await;
    let seen = admin_order(&server, &admin, &placed["id"]).await;
    assert_eq!(seen["status"], "waiting_for_confirmation", "{seen}");
    advance_to(&server, "2026-11-23T10:41:00Z");
    one_check().await;
    let seen = admin_order(&server, &admin, &placed["id"]).await;
    assert_eq!(seen["status"], "rejected", "{seen}");
    server.stop().await;
}

#[tokio::test]
async fn an_order_whose_answer_time_ends_after_closing_does_not_pause_ordering() {
    // 14:25 in Berlin, five minutes before lunch closes; one unanswered would pause.
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T13:25:00Z")
        .env("HEIMSERVICE_ORDERS_PAUSE_AFTER_UNANSWERED", "1")
        .start()
        .await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let order = guest_order(lunch_lines(&menu), "10115");
    let (status, placed) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 201, "{placed}");
    advance_to(&server, "2026-11-23T13:36:00Z");
    one_check().await;
    let seen = admin_order(&server, &admin, &placed["id"]).await;
    assert_eq!(seen["status"], "rejected", "{seen}");
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["paused"], false, "{store}");
    assert_eq!(store["auto_pause"], Value::Null, "{store}");
    server.stop().await;
}
