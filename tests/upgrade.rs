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

fn upgrade_backups(data_dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(data_dir.join("backups")) else {
        return Vec::new();
    };
    let mut found: Vec<_> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("before-upgrade-schema-v") && name.ends_with(".redb")
        })
        .collect();
    found.sort();
    found
}

/// The upgrade keeps the database as the previous binary left it; restoring that copy is
/// the rollback: the previous schema and data, without what was written since.
#[tokio::test]
async fn an_upgrade_backs_up_the_old_database_first_and_rolls_back_with_that_backup() {
    use std::os::unix::fs::PermissionsExt;

    let data = tempfile::tempdir().unwrap();
    let live = data.path().join(heimservice::db::DATABASE_FILE_NAME);
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/schema-v4.redb"),
        &live,
    )
    .unwrap();
    let start = |data| {
        TestServer::builder()
            .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
            .data_dir(data)
            .start()
    };

    // The new binary: migrates after the backup, and takes an order on the new schema.
    let server = start(data).await;
    let customer = server.login("vera@example.com", "schema-vier-44").await;
    let (_, addresses) = server
        .send("GET", "/addresses/", Some(&customer), None)
        .await;
    let menu = Menu::load(&server).await;
    let body = json!({
        "order_type": "delivery", "lines": lunch_lines(&menu), "address_id": addresses[0]["id"],
        "payment_method": "cash", "preorder_at": null, "note": ""
    });
    let (status, order) = post_with(&server, "/orders/", Some(&customer), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    let data = server.stop().await;

    let backups = upgrade_backups(data.path());
    assert_eq!(backups.len(), 1, "{backups:?}");
    let backup = &backups[0];
    assert!(
        backup
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("before-upgrade-schema-v4-"),
        "{backup:?}"
    );
    let info = heimservice::db::backup::verify_backup(backup).unwrap();
    assert_eq!(
        info.schema_version, 4,
        "the database as the old binary left it"
    );
    assert_eq!(info.orders, 0);
    let mode = std::fs::metadata(backup).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "readable by the shop's user only");

    // A start at the latest schema migrates nothing and copies nothing.
    let server = start(data).await;
    let data = server.stop().await;
    assert_eq!(upgrade_backups(data.path()), backups);

    // The rollback: the backup restored in place of the upgraded database.
    let restore = crate::support::run_binary(
        &[
            "restore",
            backup.to_str().unwrap(),
            "--data-dir",
            data.path().to_str().unwrap(),
        ],
        &[],
    );
    assert!(
        restore.status.success(),
        "{}",
        String::from_utf8_lossy(&restore.stderr)
    );
    let restored = heimservice::db::backup::verify_backup(&live).unwrap();
    assert_eq!(
        restored.schema_version, 4,
        "the previous binary's schema again"
    );
    assert_eq!(
        restored.orders, 0,
        "the order placed after the upgrade is gone"
    );

    // Upgrading again from the restored database works the same way.
    let server = start(data).await;
    let (_, health) = server.get_json("/healthz").await;
    assert_eq!(
        health["schema_version"],
        heimservice::db::LATEST_SCHEMA_VERSION
    );
    let admin = server.login("admin@example.com", "fixture-admin-1").await;
    let (_, day) = server
        .send("GET", "/admin/orders?date=2026-11-23", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 0);
    let data = server.stop().await;
    assert_eq!(upgrade_backups(data.path()).len(), 2);
}
