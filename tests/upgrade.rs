//! The upgrade path: a database written by the previous release (schema version 4,
//! `tests/fixtures/schema-v4.redb`: the demo shop, an admin, a customer with an address)
//! opens with this build, is migrated, and keeps working.

use serde_json::json;

use crate::support::TestServer;
use crate::support::ordering::*;

#[tokio::test]
async fn a_database_of_the_previous_schema_is_migrated_on_start() {
    let data = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/schema-v4.redb"),
        data.path().join(heimservice::db::DATABASE_FILE_NAME),
    )
    .unwrap();
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .data_dir(data)
        .start()
        .await;
    let (status, health) = server.get_json("/healthz").await;
    assert_eq!(status, 200);
    assert_eq!(
        health["schema_version"],
        heimservice::db::LATEST_SCHEMA_VERSION
    );

    // What the old version stored is still there and usable.
    let admin = server.login("admin@example.com", "fixture-admin-1").await;
    let customer = server.login("vera@example.com", "schema-vier-44").await;
    let (_, addresses) = server
        .send("GET", "/addresses/", Some(&customer), None)
        .await;
    assert_eq!(addresses[0]["line1"], "Torstraße 4");
    let menu = Menu::load(&server).await;
    assert!(menu.0.len() >= 30, "the demo menu survived");

    // And the new schema's features work on it: an order to the old address.
    let body = json!({
        "order_type": "delivery", "lines": lunch_lines(&menu), "address_id": addresses[0]["id"],
        "payment_method": "cash", "preorder_at": null, "note": ""
    });
    let (status, order) = post_with(&server, "/orders/", Some(&customer), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    let (_, day) = server
        .send("GET", "/admin/orders?date=2026-11-23", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 1);
}
