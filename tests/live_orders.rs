//! The live order sockets: the restaurant's board (signed in by its first message) and
//! the customer's status page (by the order's secret token).

use std::time::Duration;

use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::live_status::{Socket, connect, next_message};
use crate::support::TestServer;
use crate::support::ordering::*;

const WAIT: Duration = Duration::from_secs(3);

/// The orders board signed in with `token`, and its first message (the snapshot).
pub(crate) async fn open_board(server: &TestServer, token: &str) -> (Socket, Value) {
    let mut board = connect(server, "/ws/admin/orders", Some(&server.base))
        .await
        .unwrap();
    board
        .send(Message::Text(json!({ "token": token }).to_string().into()))
        .await
        .unwrap();
    let first = next_message(&mut board, WAIT).await;
    (board, first)
}

#[tokio::test]
async fn the_board_and_the_customer_see_each_change_live() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let origin = server.base.clone();

    let (mut board, snapshot) = open_board(&server, &admin).await;
    assert_eq!(snapshot["type"], "snapshot");
    assert_eq!(snapshot["orders"], json!([]));
    let server_time: chrono::DateTime<chrono::Utc> =
        snapshot["server_time"].as_str().unwrap().parse().unwrap();
    assert_eq!(
        server_time.date_naive().to_string(),
        "2026-11-23",
        "the shop's clock, not the test machine's"
    );

    let (_, order) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    let new = next_message(&mut board, WAIT).await;
    assert_eq!(new["type"], "order");
    assert_eq!(new["order"]["id"], order["id"]);
    assert_eq!(new["order"]["status"], "waiting_for_confirmation");
    assert!(new["order"]["auto_reject_at"].is_string(), "admin view");

    let token = order["token"].as_str().unwrap();
    let mut customer = connect(&server, &format!("/ws/orders/{token}"), Some(&origin))
        .await
        .unwrap();
    let first = next_message(&mut customer, WAIT).await;
    assert_eq!(first["order"]["status"], "waiting_for_confirmation");
    assert!(
        first["order"].get("auto_reject_at").is_none(),
        "customer view"
    );

    let (status, _) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/accept", order["id"]),
            Some(&admin),
            Some(json!({"minutes": 20})),
        )
        .await;
    assert_eq!(status, 200);
    let accepted = next_message(&mut customer, WAIT).await;
    assert_eq!(accepted["order"]["status"], "accepted");
    assert_eq!(accepted["order"]["estimated_minutes"], 20);
    let on_board = next_message(&mut board, WAIT).await;
    assert_eq!(on_board["order"]["status"], "accepted");
}

#[tokio::test]
async fn only_admins_and_the_right_token_get_order_sockets() {
    let server = lunch_server().await;
    let customer = server.customer_token().await;
    let origin = server.base.clone();
    let mut board = connect(&server, "/ws/admin/orders", Some(&origin))
        .await
        .unwrap();
    board
        .send(Message::Text(
            json!({ "token": customer }).to_string().into(),
        ))
        .await
        .unwrap();
    let refused = next_message(&mut board, WAIT).await;
    assert_eq!(refused["type"], "error");

    let mut anonymous = connect(&server, "/ws/admin/orders", Some(&origin))
        .await
        .unwrap();
    anonymous
        .send(Message::Text("not json".into()))
        .await
        .unwrap();
    assert_eq!(next_message(&mut anonymous, WAIT).await["type"], "error");

    let unknown = format!("/ws/orders/{}", "ab".repeat(32));
    assert!(
        connect(&server, &unknown, Some(&origin)).await.is_err(),
        "404 before upgrading"
    );
    assert!(
        connect(&server, "/ws/admin/orders", Some("https://evil.example"))
            .await
            .is_err(),
        "foreign pages are refused"
    );
}
