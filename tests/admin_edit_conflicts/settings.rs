//! The store settings, delivery zones, discounts and printers: each loaded twice, saved
//! on the first load, then on the second, stale one.

use serde_json::{Value, json};

use super::{Admin, assert_conflict, quoted, saved_version, version_of};
use crate::support::{TestServer, store_settings};

#[tokio::test]
async fn stale_store_settings_are_refused_and_the_pause_switch_counts_as_a_change() {
    let server = TestServer::start().await;
    let admin = Admin::of(&server).await;
    let loaded = admin.call("GET", "/stores/14", &[], None).await;
    let first_version = version_of(&loaded.body);
    assert_eq!(
        loaded.etag.as_deref(),
        Some(quoted(&first_version).as_str()),
        "GET /stores/14 names its version in a strong ETag"
    );

    let first = admin
        .call_if(
            "PUT",
            "/stores/14",
            &first_version,
            Some(store_settings(json!({"company_name": "Erste GmbH"}))),
        )
        .await;
    let current = saved_version(&first, "the first settings");
    let second = admin
        .call_if(
            "PUT",
            "/stores/14",
            &first_version,
            Some(store_settings(json!({"company_name": "Zweite GmbH"}))),
        )
        .await;
    assert_conflict(&second, Some(&current), "the second, stale settings");
    let pause = admin
        .call_if(
            "PUT",
            "/stores/14/pause",
            &first_version,
            Some(json!({"paused": true})),
        )
        .await;
    assert_conflict(&pause, Some(&current), "a pause on the stale version");
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["company_name"], "Erste GmbH");
    assert_eq!(store["paused"], false);

    // The kitchen pauses meanwhile: settings loaded before would resume ordering.
    let paused = admin
        .call(
            "PUT",
            "/stores/14/pause",
            &[],
            Some(json!({"paused": true})),
        )
        .await;
    let after_pause = saved_version(&paused, "the pause switch");
    let resuming = admin
        .call_if(
            "PUT",
            "/stores/14",
            &current,
            Some(store_settings(json!({"company_name": "Erste GmbH"}))),
        )
        .await;
    assert_conflict(
        &resuming,
        Some(&after_pause),
        "settings from before the pause",
    );
    assert_eq!(server.get_json("/stores/14").await.1["paused"], true);

    let again = admin
        .call_if(
            "PUT",
            "/stores/14",
            &after_pause,
            Some(store_settings(json!({"paused": true}))),
        )
        .await;
    saved_version(&again, "settings on the current version");
    let unconditional = admin
        .call("PUT", "/stores/14", &[], Some(store_settings(json!({}))))
        .await;
    saved_version(&unconditional, "settings without If-Match");
    server.stop().await;
}

fn zone_body(zone: &Value, minimum: f64) -> Value {
    json!({
        "postcode": zone["postcode"], "minimum_order_amount": minimum,
        "delivery_fee": zone["delivery_fee"], "delivery_time": zone["delivery_time"],
    })
}

#[tokio::test]
async fn a_stale_delivery_zone_is_not_saved_or_removed() {
    let server = TestServer::start().await;
    let admin = Admin::of(&server).await;
    let zones = admin.call("GET", "/postcodes/store/14", &[], None).await;
    let zone = zones.body[0].clone();
    let loaded = version_of(&zone);
    let path = format!("/postcodes/{}", zone["id"]);

    let first = admin
        .call_if("PUT", &path, &loaded, Some(zone_body(&zone, 15.0)))
        .await;
    let current = saved_version(&first, "the first zone");
    let second = admin
        .call_if("PUT", &path, &loaded, Some(zone_body(&zone, 20.0)))
        .await;
    assert_conflict(&second, Some(&current), "the stale zone");
    let removed = admin.call_if("DELETE", &path, &loaded, None).await;
    assert_conflict(&removed, Some(&current), "removing the stale zone");
    let zones = admin.call("GET", "/postcodes/store/14", &[], None).await;
    assert_eq!(zones.body[0], first.body, "the first save is intact");

    let again = admin
        .call_if("PUT", &path, &current, Some(zone_body(&zone, 16.0)))
        .await;
    let current = saved_version(&again, "a zone on the current version");
    let unconditional = admin
        .call("PUT", &path, &[], Some(zone_body(&zone, 17.0)))
        .await;
    assert_ne!(
        saved_version(&unconditional, "a zone without If-Match"),
        current
    );
    let current = version_of(&unconditional.body);
    let removed = admin.call_if("DELETE", &path, &current, None).await;
    assert_eq!(removed.status, 204, "{}", removed.body);
    server.stop().await;
}

#[tokio::test]
async fn a_stale_discount_is_not_saved_and_a_new_one_is_set_only_once() {
    let server = TestServer::start().await;
    let admin = Admin::of(&server).await;
    let listed = admin.call("GET", "/admin/discounts", &[], None).await;
    let pickup = listed.body[0].clone();
    assert_eq!(pickup["code"], "PICKUP_DISCOUNT");
    let loaded = version_of(&pickup);
    let path = "/discounts/14/PICKUP_DISCOUNT";

    let first = admin
        .call_if("PUT", path, &loaded, Some(json!({"value": 12})))
        .await;
    let current = saved_version(&first, "the first discount");
    let second = admin
        .call_if("PUT", path, &loaded, Some(json!({"value": 15})))
        .await;
    assert_conflict(&second, Some(&current), "the stale discount");
    let removed = admin.call_if("DELETE", path, &loaded, None).await;
    assert_conflict(&removed, Some(&current), "removing the stale discount");
    let listed = admin.call("GET", "/admin/discounts", &[], None).await;
    assert_eq!(listed.body[0], first.body, "the first save is intact");

    // DELIVERY_DISCOUNT is not set: two admins set it at once, only one of them wins.
    let delivery = "/discounts/14/DELIVERY_DISCOUNT";
    let absent = [("If-None-Match", "*")];
    let set = admin
        .call("PUT", delivery, &absent, Some(json!({"value": 5})))
        .await;
    let set_version = saved_version(&set, "a new discount");
    let set_again = admin
        .call("PUT", delivery, &absent, Some(json!({"value": 8})))
        .await;
    assert_conflict(&set_again, Some(&set_version), "a second new discount");
    // Removed meanwhile: a save on the version loaded before is a conflict, not a new one.
    let removed = admin.call_if("DELETE", delivery, &set_version, None).await;
    assert_eq!(removed.status, 204, "{}", removed.body);
    let gone = admin
        .call_if("PUT", delivery, &set_version, Some(json!({"value": 9})))
        .await;
    assert_conflict(&gone, None, "a save of a discount removed meanwhile");
    let listed = admin.call("GET", "/admin/discounts", &[], None).await;
    assert_eq!(listed.body.as_array().unwrap().len(), 1, "{}", listed.body);

    let unconditional = admin
        .call("PUT", path, &[], Some(json!({"value": 11})))
        .await;
    saved_version(&unconditional, "a discount without a precondition");
    server.stop().await;
}

#[tokio::test]
async fn a_stale_printer_is_not_saved_or_removed() {
    let server = TestServer::start().await;
    let admin = Admin::of(&server).await;
    let printer = |name: &str| json!({"name": name, "host": "192.168.1.50", "enabled": false});
    let created = admin
        .call("POST", "/admin/printers", &[], Some(printer("Küche")))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let listed = admin.call("GET", "/admin/printers", &[], None).await;
    let loaded = version_of(&listed.body[0]);
    assert_eq!(loaded, version_of(&created.body));
    let path = format!("/admin/printers/{}", created.body["id"]);

    let first = admin
        .call_if("PUT", &path, &loaded, Some(printer("Küche links")))
        .await;
    let current = saved_version(&first, "the first printer");
    let second = admin
        .call_if("PUT", &path, &loaded, Some(printer("Küche rechts")))
        .await;
    assert_conflict(&second, Some(&current), "the stale printer");
    let removed = admin.call_if("DELETE", &path, &loaded, None).await;
    assert_conflict(&removed, Some(&current), "removing the stale printer");
    let listed = admin.call("GET", "/admin/printers", &[], None).await;
    assert_eq!(listed.body[0], first.body, "the first save is intact");

    let unconditional = admin
        .call("PUT", &path, &[], Some(printer("Küche hinten")))
        .await;
    let current = saved_version(&unconditional, "a printer without If-Match");
    let removed = admin.call_if("DELETE", &path, &current, None).await;
    assert_eq!(removed.status, 204, "{}", removed.body);
    server.stop().await;
}
