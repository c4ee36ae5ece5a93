//! The readiness check ("Before you open"): findings follow the data, the shop takes no
//! orders while one is unconfirmed, and the owner's confirmation covers exactly the
//! findings it names.

use std::time::Duration;

use serde_json::{Value, json};

use crate::live_status::{connect, next_message};
use crate::support::ordering::{Menu, guest_order, lunch_lines, lunch_server, post_with};
use crate::support::{TestServer, store_settings};

fn keys(readiness: &Value) -> Vec<String> {
    readiness["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| finding["key"].as_str().unwrap().to_string())
        .collect()
}

async fn readiness(server: &TestServer, admin: &str) -> Value {
    let (status, body) = server
        .send("GET", "/admin/readiness", Some(admin), None)
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

/// A product in the demo's first category with the first tax and no allergen codes.
async fn unlabelled_product(server: &TestServer, admin: &str, name: &str) -> u64 {
    let (_, catalog) = server
        .send("GET", "/admin/catalog", Some(admin), None)
        .await;
    let (status, product) = server
        .send(
            "POST",
            "/products/",
            Some(admin),
            Some(json!({
                "category_id": catalog["categories"][0]["id"], "name": name, "price": 4.5,
                "tax_id": catalog["taxes"][0]["id"], "type": "simple"
            })),
        )
        .await;
    assert_eq!(status, 201, "{product}");
    assert_eq!(product["no_allergens"], false);
    product["id"].as_u64().unwrap()
}

async fn store_status(server: &TestServer) -> Value {
    let (status, store) = server.get_json("/stores/14").await;
    assert_eq!(status, 200);
    store
}

#[tokio::test]
async fn the_demo_shop_lacks_nothing_and_takes_orders() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let body = readiness(&server, &admin).await;
    assert_eq!(body["ready"], true, "{body}");
    assert_eq!(body["findings"], json!([]), "{body}");
    assert_eq!(body["confirmation"], Value::Null);
    let store = store_status(&server).await;
    assert_eq!(store["is_open"], true, "{store}");
    assert_eq!(store["closed_reason"], Value::Null);
    assert!(
        store["privacy_text"]
            .as_str()
            .unwrap()
            .starts_with("Datenschutzerklärung"),
        "{store}"
    );
}

#[tokio::test]
async fn findings_appear_and_disappear_as_the_data_changes() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let order = guest_order(lunch_lines(&menu), "10115");
    let mut socket = connect(&server, "/ws/store/14/status", None).await.unwrap();
    let first = next_message(&mut socket, Duration::from_secs(5)).await;
    assert_eq!(first["is_open"], true, "{first}");
    assert_eq!(first["closed_reason"], Value::Null, "{first}");

    // A product without allergen codes and without "contains none": listed, not sold,
    // and the shop stays open.
    let id = unlabelled_product(&server, &admin, "Focaccia").await;
    let body = readiness(&server, &admin).await;
    assert_eq!(body["ready"], true, "{body}");
    let finding = &body["findings"][0];
    assert_eq!(finding["code"], "allergens_missing", "{body}");
    assert_eq!(finding["key"], format!("allergens_missing:product:{id}"));
    assert_eq!(finding["severity"], "hidden");
    assert_eq!(finding["subject"]["kind"], "product");
    assert_eq!(finding["subject"]["name"], "Focaccia");
    assert_eq!(finding["link"], format!("/admin/products?id={id}"));
    assert_eq!(finding["confirmed"], false);
    assert_eq!(body["findings"].as_array().unwrap().len(), 1, "{body}");

    let store = store_status(&server).await;
    assert_eq!(
        (&store["is_open"], &store["closed_reason"]),
        (&json!(true), &Value::Null),
        "{store}"
    );
    let on_menu = |menu: &Menu| menu.0.iter().any(|p| p["id"] == id);
    assert!(!on_menu(&Menu::load(&server).await), "not sold unlabelled");
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 201, "the rest of the menu sells: {answer}");
    let mut with_focaccia = order.clone();
    with_focaccia["lines"] =
        json!([{"product_id": id, "variant_id": null, "extras": [], "quantity": 3}]);
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &with_focaccia).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "product_unavailable", "{answer}");

    // Declared "contains none": the finding is gone and the product is sold.
    let (_, record) = server
        .send("GET", "/admin/catalog", Some(&admin), None)
        .await;
    let product = record["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap()
        .clone();
    let (status, saved) = server
        .send(
            "PUT",
            &format!("/products/{id}"),
            Some(&admin),
            Some(json!({
                "category_id": product["category_id"], "name": "Focaccia", "price": 4.5,
                "tax_id": product["tax_id"], "type": "simple", "no_allergens": true
            })),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["no_allergens"], true);
    assert_eq!(readiness(&server, &admin).await["findings"], json!([]));
    assert!(on_menu(&Menu::load(&server).await));
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &with_focaccia).await;
    assert_eq!(status, 201, "{answer}");

    // An allergen code also labels it, and ends the "contains none".
    let (_, catalog) = server
        .send("GET", "/admin/catalog", Some(&admin), None)
        .await;
    let gluten = catalog["allergies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["code"] == "A")
        .unwrap()["id"]
        .clone();
    let (status, _) = server
        .send(
            "POST",
            "/item-allergies/",
            Some(&admin),
            Some(json!({"item_type": "product", "item_id": id, "allergy_id": gluten})),
        )
        .await;
    assert_eq!(status, 201);
    let (_, catalog) = server
        .send("GET", "/admin/catalog", Some(&admin), None)
        .await;
    let product = catalog["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap();
    assert_eq!(product["no_allergens"], false, "{product}");
    assert_eq!(readiness(&server, &admin).await["findings"], json!([]));

    // Empty legal texts and a hidden Impressum link are found, each linking to the
    // settings; a topping without labels too.
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14",
            Some(&admin),
            Some(store_settings(json!({
                "impressum_text": "", "privacy_text": "  ", "show_impressum": false,
                "store_hours": [{"day_of_week": 1, "open_time": "11:30", "close_time": "14:30", "label": ""}]
            }))),
        )
        .await;
    assert_eq!(status, 200);
    let (status, topping) = server
        .send(
            "POST",
            "/toppings/",
            Some(&admin),
            Some(json!({"name": "Rucola", "price": 1.0})),
        )
        .await;
    assert_eq!(status, 201, "{topping}");
    let body = readiness(&server, &admin).await;
    assert_eq!(
        keys(&body),
        [
            "impressum_missing:setting:impressum_text".to_string(),
            "impressum_hidden:setting:show_impressum".to_string(),
            "privacy_missing:setting:privacy_text".to_string(),
            format!("allergens_missing:topping:{}", topping["id"]),
        ]
    );
    assert_eq!(body["findings"][1]["severity"], "warning");
    assert_eq!(body["findings"][0]["link"], "/admin/store-setting");
    assert_eq!(
        body["findings"][3]["link"],
        format!("/admin/toppings?id={}", topping["id"])
    );
    assert_eq!(body["findings"][3]["severity"], "hidden");
    // Missing legal texts close the shop, everywhere with the reason (after the
    // push for the changed hours).
    let mut pushed = next_message(&mut socket, Duration::from_secs(5)).await;
    for _ in 0..3 {
        if pushed["is_open"] == false {
            break;
        }
        pushed = next_message(&mut socket, Duration::from_secs(5)).await;
    }
    assert_eq!(pushed["is_open"], false, "{pushed}");
    assert_eq!(pushed["closed_reason"], "not_ready", "{pushed}");
    assert_eq!(pushed["paused"], false, "{pushed}");
    let (_, slots) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    assert_eq!(
        slots,
        json!({"immediately": false, "slots": [], "days": [], "closed_reason": "not_ready"})
    );
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!((status, &answer["code"]), (409, &json!("store_not_ready")));
    assert!(
        answer["detail"]
            .as_str()
            .unwrap()
            .contains("not taking orders yet"),
        "{answer}"
    );

    // A PUT without privacy_text keeps it; one with the texts fixes them.
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14",
            Some(&admin),
            Some(store_settings(
                json!({"impressum_text": "Da Gino GmbH", "privacy_text": "Datenschutz …"}),
            )),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14",
            Some(&admin),
            Some(store_settings(json!({}))),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(store_status(&server).await["privacy_text"], "Datenschutz …");
    let (status, _) = server
        .send(
            "PUT",
            &format!("/toppings/{}", topping["id"]),
            Some(&admin),
            Some(json!({"name": "Rucola", "price": 1.0, "no_allergens": true})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(readiness(&server, &admin).await["ready"], true);
}

#[tokio::test]
async fn the_owner_confirms_the_findings_and_a_new_one_needs_a_new_confirmation() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let order = guest_order(lunch_lines(&menu), "10115");
    let change_settings = |overrides: Value| {
        let server = &server;
        let admin = admin.clone();
        async move {
            let (status, answer) = server
                .send(
                    "PUT",
                    "/stores/14",
                    Some(&admin),
                    Some(store_settings(overrides)),
                )
                .await;
            assert_eq!(status, 200, "{answer}");
        }
    };
    change_settings(json!({"show_impressum": false})).await;
    let shown = keys(&readiness(&server, &admin).await);
    assert_eq!(shown, ["impressum_hidden:setting:show_impressum"]);

    // A list that is not the current one is refused and changes nothing.
    for wrong in [json!([]), json!(["allergens_missing:product:1"])] {
        let (status, answer) = server
            .send(
                "POST",
                "/admin/readiness/confirm",
                Some(&admin),
                Some(json!({ "finding_keys": wrong })),
            )
            .await;
        assert_eq!(status, 409, "{answer}");
        assert_eq!(answer["code"], "readiness_changed");
        assert_eq!(answer["field"], "finding_keys");
    }
    let (status, answer) = server
        .send(
            "POST",
            "/admin/readiness/confirm",
            Some(&admin),
            Some(json!({})),
        )
        .await;
    assert_eq!((status, &answer["field"]), (400, &json!("finding_keys")));
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!((status, &answer["code"]), (409, &json!("store_not_ready")));

    // The list as shown: the shop opens with it.
    let (status, confirmed) = server
        .send(
            "POST",
            "/admin/readiness/confirm",
            Some(&admin),
            Some(json!({ "finding_keys": shown })),
        )
        .await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(confirmed["ready"], true);
    assert_eq!(confirmed["findings"][0]["confirmed"], true);
    assert_eq!(confirmed["confirmation"]["by_upgrade"], false);
    assert_eq!(confirmed["confirmation"]["finding_keys"], json!(shown));
    assert_eq!(store_status(&server).await["is_open"], true);
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 201, "{answer}");

    // A new finding is not covered: closed again until confirmed anew.
    change_settings(json!({"show_impressum": false, "impressum_text": ""})).await;
    let body = readiness(&server, &admin).await;
    assert_eq!(body["ready"], false);
    let states: Vec<(String, bool)> = body["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["key"].as_str().unwrap().to_string(),
                f["confirmed"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        states,
        [
            (
                "impressum_missing:setting:impressum_text".to_string(),
                false
            ),
            ("impressum_hidden:setting:show_impressum".to_string(), true),
        ]
    );
    let store = store_status(&server).await;
    assert_eq!(store["closed_reason"], "not_ready", "{store}");
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!((status, &answer["code"]), (409, &json!("store_not_ready")));
    let (status, _) = server
        .send(
            "POST",
            "/admin/readiness/confirm",
            Some(&admin),
            Some(json!({ "finding_keys": keys(&body) })),
        )
        .await;
    assert_eq!(status, 200);

    // The confirmation survives a restart.
    let dir = server.stop().await;
    let server = TestServer::builder()
        .env(
            "HEIMSERVICE_TESTING_CLOCK_START",
            crate::support::ordering::LUNCHTIME,
        )
        .data_dir(dir)
        .start()
        .await;
    let admin = server.login("admin@example.com", "admin-password-1").await;
    assert_eq!(readiness(&server, &admin).await["ready"], true);
    assert_eq!(store_status(&server).await["is_open"], true);
}

#[tokio::test]
async fn online_payment_without_its_secret_is_a_finding() {
    let server = TestServer::builder()
        .env(
            "HEIMSERVICE_TESTING_CLOCK_START",
            crate::support::ordering::LUNCHTIME,
        )
        .env("HEIMSERVICE_PAYPAL_CLIENT_ID", "client-id-without-secret")
        .start()
        .await;
    let admin = server.admin_token().await;
    let body = readiness(&server, &admin).await;
    assert_eq!(
        keys(&body),
        ["paypal_secret_missing:config:paypal.client_secret"]
    );
    let finding = &body["findings"][0];
    assert_eq!(finding["link"], Value::Null, "fixed in the configuration");
    assert_eq!(finding["subject"]["key"], "paypal.client_secret");
    assert!(
        finding["detail"]
            .as_str()
            .unwrap()
            .contains("paypal.client_secret"),
        "{finding}"
    );
    assert_eq!(store_status(&server).await["closed_reason"], "not_ready");
}

#[tokio::test]
async fn an_upgraded_shop_keeps_taking_orders_with_what_the_upgrade_found_confirmed() {
    let data = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/schema-v4.redb"),
        data.path().join(heimservice::db::DATABASE_FILE_NAME),
    )
    .unwrap();
    let server = TestServer::builder()
        .env(
            "HEIMSERVICE_TESTING_CLOCK_START",
            crate::support::ordering::LUNCHTIME,
        )
        .data_dir(data)
        .start()
        .await;
    let admin = server.login("admin@example.com", "fixture-admin-1").await;
    let body = readiness(&server, &admin).await;
    assert_eq!(body["ready"], true, "{body}");
    let found = keys(&body);
    // The old demo menu has no "contains none" marks (its toppings without allergens
    // are not labelled) and no privacy policy.
    assert!(
        found.contains(&"privacy_missing:setting:privacy_text".to_string()),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|key| key.starts_with("allergens_missing:topping:")),
        "{found:?}"
    );
    assert!(
        body["findings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|finding| finding["confirmed"] == true)
    );
    assert_eq!(body["confirmation"]["by_upgrade"], true);
    assert_eq!(body["confirmation"]["admin_id"], Value::Null);
    assert_eq!(store_status(&server).await["is_open"], true);

    // Fixing one removes it; a new one closes the shop until confirmed.
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14",
            Some(&admin),
            Some(store_settings(json!({"privacy_text": "Datenschutz"}))),
        )
        .await;
    assert_eq!(status, 200);
    let after = keys(&readiness(&server, &admin).await);
    assert!(!after.contains(&"privacy_missing:setting:privacy_text".to_string()));
    // An unlabelled product is not sold, and the shop stays open.
    let id = unlabelled_product(&server, &admin, "Focaccia").await;
    assert_eq!(readiness(&server, &admin).await["ready"], true);
    assert!(!Menu::load(&server).await.0.iter().any(|p| p["id"] == id));
    assert_eq!(store_status(&server).await["is_open"], true);
    // A new finding that blocks closes the shop until confirmed.
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14",
            Some(&admin),
            Some(store_settings(
                json!({"privacy_text": "Datenschutz", "show_impressum": false}),
            )),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(readiness(&server, &admin).await["ready"], false);
    assert_eq!(store_status(&server).await["closed_reason"], "not_ready");
}
