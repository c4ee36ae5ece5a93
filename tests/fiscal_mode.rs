//! The fiscal mode (`[fiscal] mode`, the admin's Fiscal page): a shop without one stays
//! closed until the owner chooses; `pos` needs the owner's confirmation, kept with who
//! and when; `cashless` takes no cash anywhere; the configuration chooses only while the
//! shop has no choice of its own.

use serde_json::{Value, json};

use crate::support::ordering::{LUNCHTIME, Menu, guest_order, lunch_lines, phone_body, post_with};
use crate::support::{TestServer, TestServerBuilder};

fn lunch_shop(fiscal_mode: &str, confirmed_by: &str) -> TestServerBuilder {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_FISCAL_MODE", fiscal_mode)
        .env("HEIMSERVICE_FISCAL_POS_CONFIRMED_BY", confirmed_by)
}

/// A cashless shop must offer online payment, or nobody could pay: PayPal is configured
/// (no call reaches it in these tests).
fn cashless_shop() -> TestServerBuilder {
    lunch_shop("cashless", "")
        .env("HEIMSERVICE_PAYPAL_CLIENT_ID", "public-client-id")
        .env("HEIMSERVICE_PAYPAL_CLIENT_SECRET", "secret")
}

async fn findings(server: &TestServer, admin: &str) -> Vec<(String, String, Value)> {
    let (status, body) = server
        .send("GET", "/admin/readiness", Some(admin), None)
        .await;
    assert_eq!(status, 200, "{body}");
    body["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| {
            (
                finding["key"].as_str().unwrap().to_string(),
                finding["severity"].as_str().unwrap().to_string(),
                finding["link"].clone(),
            )
        })
        .collect()
}

async fn finding_keys(server: &TestServer, admin: &str) -> Vec<String> {
    findings(server, admin)
        .await
        .into_iter()
        .map(|(key, _, _)| key)
        .collect()
}

async fn choose(server: &TestServer, admin: &str, body: Value) -> (u16, Value) {
    server
        .send("PUT", "/admin/fiscal", Some(admin), Some(body))
        .await
}

async fn place_cash_order(server: &TestServer) -> (u16, Value) {
    let menu = Menu::load(server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    post_with(server, "/orders/guest", None, &[], &body).await
}

#[tokio::test]
async fn a_shop_without_a_fiscal_mode_takes_no_orders_until_the_owner_chooses() {
    let server = lunch_shop("", "").start().await;
    let admin = server.admin_token().await;
    assert_eq!(
        findings(&server, &admin).await,
        [(
            "fiscal_mode_missing:fiscal:mode".to_string(),
            "error".to_string(),
            json!("/admin/fiscal")
        )]
    );
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["closed_reason"], "not_ready", "{store}");
    let (status, refused) = place_cash_order(&server).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "store_not_ready");
    let (status, fiscal) = server
        .send("GET", "/admin/fiscal", Some(&admin), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(fiscal["current"], Value::Null);
    assert_eq!(fiscal["history"], json!([]));

    let (status, refused) = choose(&server, &admin, json!({ "mode": "pos" })).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["code"], "pos_not_confirmed");
    assert_eq!(refused["field"], "pos_confirmed");
    let (status, refused) = choose(&server, &admin, json!({ "mode": "kasse" })).await;
    assert_eq!((status, refused["field"].clone()), (400, json!("mode")));

    let (status, chosen) = choose(
        &server,
        &admin,
        json!({ "mode": "pos", "pos_confirmed": true }),
    )
    .await;
    assert_eq!(status, 200, "{chosen}");
    let current = &chosen["current"];
    assert_eq!(current["mode"], "pos");
    assert_eq!(current["chosen_by"]["kind"], "admin");
    assert_eq!(current["chosen_by"]["email"], "admin@example.com");
    let confirmation = &current["pos_confirmation"];
    assert_eq!(confirmation["by"]["email"], "admin@example.com");
    assert!(
        confirmation["at"]
            .as_str()
            .unwrap()
            .starts_with("2026-11-23T11:0"),
        "{confirmation}"
    );
    assert_eq!(chosen["takes_cash"], true);
    assert_eq!(findings(&server, &admin).await, []);
    let (status, order) = place_cash_order(&server).await;
    assert_eq!(status, 201, "{order}");
    server.stop().await;
}

#[tokio::test]
async fn the_configuration_confirms_pos_with_the_name_it_gives() {
    let unconfirmed = lunch_shop("pos", "").start().await;
    let admin = unconfirmed.admin_token().await;
    let keys = finding_keys(&unconfirmed, &admin).await;
    assert_eq!(keys, ["fiscal_pos_unconfirmed:fiscal:mode"]);
    let data_dir = unconfirmed.stop().await;

    let confirmed = lunch_shop("pos", "Gino Rossi, Inhaber")
        .data_dir(data_dir)
        .start()
        .await;
    let admin = confirmed
        .login("admin@example.com", "admin-password-1")
        .await;
    assert_eq!(findings(&confirmed, &admin).await, []);
    let (_, fiscal) = confirmed
        .send("GET", "/admin/fiscal", Some(&admin), None)
        .await;
    let history = fiscal["history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "{fiscal}");
    assert_eq!(history[0]["pos_confirmation"], Value::Null);
    let confirmation = &fiscal["current"]["pos_confirmation"];
    assert_eq!(confirmation["by"]["kind"], "configuration");
    assert_eq!(confirmation["by"]["name"], "Gino Rossi, Inhaber");
    assert_eq!(fiscal["configured_mode"], "pos");
    confirmed.stop().await;
}

#[tokio::test]
async fn a_cashless_shop_refuses_cash_and_phone_orders_and_says_so() {
    let server = cashless_shop().start().await;
    let admin = server.admin_token().await;
    assert_eq!(findings(&server, &admin).await, []);
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["cash_payment"], false);
    assert_eq!(store["is_open"], true, "{store}");

    let menu = Menu::load(&server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    for path in ["/orders/guest/quote", "/orders/guest"] {
        let (status, refused) = post_with(&server, path, None, &[], &body).await;
        assert_eq!(status, 400, "{path}: {refused}");
        assert_eq!(refused["code"], "cash_not_accepted", "{path}");
        assert_eq!(refused["field"], "payment_method", "{path}");
    }
    let phone = phone_body(&body, 30);
    let (status, refused) =
        post_with(&server, "/admin/phone-orders", Some(&admin), &[], &phone).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "phone_orders_cashless");
    let (status, orders) = server
        .send("GET", "/admin/orders/open", Some(&admin), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(orders["orders"], json!([]), "{orders}");
    server.stop().await;
}

#[tokio::test]
async fn a_cashless_shop_without_online_payment_stays_closed() {
    let server = lunch_shop("cashless", "").start().await;
    let admin = server.admin_token().await;
    let keys = finding_keys(&server, &admin).await;
    assert_eq!(keys, ["fiscal_no_payment:fiscal:mode"]);
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["closed_reason"], "not_ready");
    server.stop().await;
}

#[tokio::test]
async fn the_owners_choice_holds_over_the_configuration_and_every_choice_is_kept() {
    let server = cashless_shop().start().await;
    let admin = server.admin_token().await;
    let (status, chosen) = choose(
        &server,
        &admin,
        json!({ "mode": "pos", "pos_confirmed": true }),
    )
    .await;
    assert_eq!(status, 200, "{chosen}");
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["cash_payment"], true);
    let (status, again) = choose(
        &server,
        &admin,
        json!({ "mode": "pos", "pos_confirmed": true }),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(again["history"].as_array().unwrap().len(), 2, "{again}");
    let data_dir = server.stop().await;

    // The configuration still says cashless: the owner's later choice holds.
    let restarted = cashless_shop().data_dir(data_dir).start().await;
    let admin = restarted
        .login("admin@example.com", "admin-password-1")
        .await;
    let (_, fiscal) = restarted
        .send("GET", "/admin/fiscal", Some(&admin), None)
        .await;
    let modes: Vec<&str> = fiscal["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|choice| choice["mode"].as_str().unwrap())
        .collect();
    assert_eq!(modes, ["cashless", "pos"]);
    assert_eq!(fiscal["history"][0]["chosen_by"]["kind"], "configuration");
    assert_eq!(fiscal["current"]["mode"], "pos");
    assert_eq!(fiscal["configured_mode"], "cashless");
    let (status, order) = place_cash_order(&restarted).await;
    assert_eq!(status, 201, "{order}");
    restarted.stop().await;
}
