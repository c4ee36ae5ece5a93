//! A full disk: a commit that fails answers 503 `storage_unavailable` and leaves no
//! trace, reads keep working, and once the disk takes writes again the server reopens
//! its database and takes orders again — without a restart.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::failing_disk::DiskSwitch;
use crate::support::ordering::*;

/// How long the server may take to notice that the disk takes writes again.
const RECOVERY_LIMIT: Duration = Duration::from_secs(15);

async fn day_orders(server: &TestServer, admin: &str) -> Vec<Value> {
    day_history(server, admin, Some("2026-11-23")).await.1
}

fn ids(orders: &[Value]) -> Vec<u64> {
    orders.iter().map(|o| o["id"].as_u64().unwrap()).collect()
}

#[tokio::test]
async fn a_full_disk_refuses_orders_with_503_keeps_reads_and_recovers() {
    let disk = DiskSwitch::default();
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .storage(disk.storage())
        .start()
        .await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let order_body = guest_order(lunch_lines(&menu), "10115");
    let (status, before) = post_with(&server, "/orders/guest", None, &[], &order_body).await;
    assert_eq!(status, 201, "{before}");
    let track = format!("/orders/track/{}", before["token"].as_str().unwrap());

    disk.set_full(true);
    let key = [("Idempotency-Key", "disk-full-retry-1")];
    let (status, refused) = post_with(&server, "/orders/guest", None, &key, &order_body).await;
    assert_eq!(status, 503, "{refused}");
    assert_eq!(refused["code"], "storage_unavailable");
    assert!(
        refused["detail"]
            .as_str()
            .unwrap()
            .contains("Nothing was saved"),
        "{refused}"
    );
    assert!(disk.refused() > 0, "the commit reached the failing disk");
    // Further writes are refused too, an order change as well as a new order.
    let (status, accept) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/accept", before["id"]),
            Some(&admin),
            Some(json!({ "minutes": 20 })),
        )
        .await;
    assert_eq!(status, 503, "{accept}");
    assert_eq!(accept["code"], "storage_unavailable");

    // Monitoring sees it.
    let (status, health) = server.get_json("/healthz").await;
    assert_eq!(status, 503, "{health}");
    assert_eq!(health["code"], "storage_unavailable");

    // Reads keep working, and show nothing of the refused writes.
    let (status, products) = server.get_json("/products/?store_id=14").await;
    assert_eq!(status, 200);
    assert_eq!(products.as_array().unwrap().len(), menu.0.len());
    let (status, tracked) = server.get_json(&track).await;
    assert_eq!(status, 200);
    assert_eq!(tracked, before, "the earlier order, unchanged");
    assert_eq!(
        ids(&day_orders(&server, &admin).await),
        [before["id"].as_u64().unwrap()]
    );
    let (status, open) = server
        .send("GET", "/admin/orders/open", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{open}");
    assert_eq!(open["orders"].as_array().unwrap().len(), 1, "{open}");
    assert_eq!(open["next_after"], Value::Null, "{open}");

    // The disk has room again: the same checkout attempt goes through.
    disk.set_full(false);
    let started = Instant::now();
    let after = loop {
        let (status, answer) = post_with(&server, "/orders/guest", None, &key, &order_body).await;
        if status == 201 {
            break answer;
        }
        assert_eq!(status, 503, "{answer}");
        assert!(
            started.elapsed() < RECOVERY_LIMIT,
            "no recovery within {RECOVERY_LIMIT:?}: {answer}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        after["id"],
        before["id"].as_u64().unwrap() + 1,
        "no id lost"
    );
    assert_eq!(after["number"], before["number"].as_u64().unwrap() + 1);
    let (status, accepted) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/accept", before["id"]),
            Some(&admin),
            Some(json!({ "minutes": 20 })),
        )
        .await;
    assert_eq!(status, 200, "{accepted}");
    let expected = [
        after["id"].as_u64().unwrap(),
        before["id"].as_u64().unwrap(),
    ];
    assert_eq!(ids(&day_orders(&server, &admin).await), expected);

    // What is on disk is exactly that: two orders, the first accepted.
    let data_dir = server.stop().await;
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .data_dir(data_dir)
        .start()
        .await;
    let admin = server.login("admin@example.com", "admin-password-1").await;
    let orders = day_orders(&server, &admin).await;
    assert_eq!(ids(&orders), expected);
    assert_eq!(orders[1]["status"], "accepted");
    let (_, tracked) = server
        .get_json(&format!(
            "/orders/track/{}",
            after["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(tracked, after);
}
