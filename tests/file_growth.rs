//! The database file stays bounded under order/reject churn while the live order
//! sockets are open: after a warm-up it grows by about what the stored orders take,
//! not by the pages each commit rewrites (which is what a long-lived read transaction,
//! e.g. one held by a socket, would cause: redb cannot reuse a page a reader may see).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::live_orders::open_board;
use crate::live_status::{connect, next_message};
use crate::support::TestServer;
use crate::support::ordering::*;

const ROUNDS: usize = 24;
const WARM_UP_ROUNDS: usize = 4;
const ORDERS_PER_ROUND: usize = 8;
/// What one more stored (rejected) order may add to the file after the warm-up. An
/// order's records and index entries take about 2 KiB; one commit's rewritten pages
/// (order, indexes, allocator state) are 30 KiB and more, and an order takes two.
const BYTES_PER_ORDER: u64 = 8 * 1024;

fn file_size(server: &TestServer) -> u64 {
    std::fs::metadata(server.db().path()).unwrap().len()
}

#[tokio::test]
async fn order_and_reject_churn_keeps_the_file_bounded() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let origin = server.base.clone();

    // The restaurant's board and one customer follow the orders all along.
    let (mut board, snapshot) = open_board(&server, &admin).await;
    assert_eq!(snapshot["type"], "snapshot");
    let board_messages = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&board_messages);
    let board_reader = tokio::spawn(async move {
        while let Some(Ok(message)) = board.next().await {
            if matches!(message, Message::Text(_)) {
                counted.fetch_add(1, Ordering::SeqCst);
            }
        }
    });
    let (status, first) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{first}");
    let token = first["token"].as_str().unwrap();
    let mut customer = connect(&server, &format!("/ws/orders/{token}"), Some(&origin))
        .await
        .unwrap();
    assert_eq!(
        next_message(&mut customer, Duration::from_secs(5)).await["type"],
        "order"
    );

    let mut placed = 1;
    let mut warm_size = 0;
    for round in 0..ROUNDS {
        let orders: Vec<(u16, Value)> = futures_util::future::join_all(
            (0..ORDERS_PER_ROUND).map(|_| post_with(&server, "/orders/guest", None, &[], &body)),
        )
        .await;
        for (status, order) in orders {
            assert_eq!(status, 201, "{order}");
            let reject = format!("/admin/orders/{}/reject", order["id"]);
            let reason = json!({ "reason": "Zu viel los" });
            let (status, rejected) = server
                .send("POST", &reject, Some(&admin), Some(reason))
                .await;
            assert_eq!(status, 200, "{rejected}");
            placed += 1;
        }
        if round + 1 == WARM_UP_ROUNDS {
            warm_size = file_size(&server);
        }
    }
    let end_size = file_size(&server);
    let churned = ((ROUNDS - WARM_UP_ROUNDS) * ORDERS_PER_ROUND) as u64;
    println!(
        "file growth: {placed} orders placed and rejected; {warm_size} bytes after the warm-up, \
         {end_size} at the end: {} bytes per order",
        (end_size - warm_size) / churned
    );
    assert!(
        end_size <= warm_size + churned * BYTES_PER_ORDER,
        "the file grew from {warm_size} to {end_size} bytes for {churned} orders"
    );

    // The sockets stayed connected and saw the churn.
    let (status, open) = server
        .send("GET", "/admin/orders/open", Some(&admin), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            open["orders"].as_array().unwrap().len(),
            &open["next_after"]
        ),
        (1, &Value::Null),
        "only the first order is open"
    );
    drop(customer);
    board_reader.abort();
    assert!(board_messages.load(Ordering::SeqCst) > 0);
}
