//! Web Push: a customer's browser follows an order by its status link and hears when
//! the restaurant answers and when the order is on its way; staff hear of each new
//! order. Every notification goes over HTTP to a fake push service that checks the
//! VAPID token with the shop's public key and decrypts the payload per RFC 8291 with
//! Node's own crypto. A subscription its push service says is gone is forgotten; an
//! endpoint outside the configured push services is refused.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::fake_push::FakePush;
use crate::support::ordering::*;

async fn push_server(push: &FakePush) -> TestServer {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_PUSH_SERVICES", push.url())
        .env(
            "HEIMSERVICE_PUSH_CONTACT",
            "mailto:chef@bella-napoli.example",
        )
        .start()
        .await
}

/// What the browser sends: its subscription and language.
fn body(subscription: &Value, language: &str) -> Value {
    json!({
        "endpoint": subscription["endpoint"],
        "expirationTime": null,
        "keys": subscription["keys"],
        "language": language,
    })
}

async fn place(server: &TestServer, menu: &Menu) -> Value {
    let (status, order) = post_with(
        server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lunch_lines(menu), "10115"),
    )
    .await;
    assert_eq!(status, 201, "{order}");
    order
}

fn push_path(order: &Value) -> String {
    format!("/orders/track/{}/push", order["token"].as_str().unwrap())
}

fn euros(cents: i64) -> String {
    format!("{},{:02} €", cents / 100, cents % 100)
}

#[tokio::test]
async fn the_customer_hears_the_answer_and_the_way_and_staff_hear_each_new_order() {
    let push = FakePush::start().await;
    let server = push_server(&push).await;
    let staff = server.staff_token().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;

    let (status, key) = server.get_json("/push/key").await;
    assert_eq!(status, 200, "{key}");
    let public_key = key["public_key"].as_str().unwrap().to_string();
    assert_eq!(public_key.len(), 87, "65 bytes in base64url: {public_key}");

    // Staff subscribe on the board; a new order reaches them.
    let board = push.subscribe().await;
    let (status, answer) = server
        .send("PUT", "/admin/push", Some(&staff), Some(body(&board, "de")))
        .await;
    assert_eq!(status, 204, "{answer}");
    let order = place(&server, &menu).await;
    let messages = push.messages_until(1).await;
    assert_eq!(messages.len(), 1, "{messages:?} {:?}", push.refused().await);
    let first = &messages[0];
    assert_eq!(first["subscription"], board["id"]);
    assert_eq!(
        first["payload"],
        json!({
            "title": format!("Neue Bestellung Nr. {}", order["number"]),
            "body": format!("Lieferung · {}", euros(cents(&order["total"]))),
            "url": "admin/home",
            "tag": format!("order-{}", order["id"]),
        })
    );
    assert_eq!(first["vapid"]["aud"], push.url());
    assert_eq!(first["vapid"]["key"], public_key.as_str());
    assert_eq!(first["vapid"]["sub"], "mailto:chef@bella-napoli.example");
    assert_eq!(first["urgency"], "high");
    assert_eq!(first["ttl"], 600);
    assert_eq!(first["topic"], format!("order-{}", order["id"]));

    // The guest follows the order from the status page, in English.
    let phone = push.subscribe().await;
    let (status, answer) = server
        .send("PUT", &push_path(&order), None, Some(body(&phone, "en")))
        .await;
    assert_eq!(status, 204, "{answer}");
    // The same browser again replaces itself.
    let (status, _) = server
        .send("PUT", &push_path(&order), None, Some(body(&phone, "en")))
        .await;
    assert_eq!(status, 204);

    let accepted = answer_order(&server, &admin, &order, "accept", json!({"minutes": 30})).await;
    let expected_at =
        chrono::DateTime::parse_from_rfc3339(accepted["estimated_ready_at"].as_str().unwrap())
            .unwrap()
            .with_timezone(&chrono_tz::Europe::Berlin)
            .format("%H:%M")
            .to_string();
    let messages = push.messages_until(2).await;
    assert_eq!(
        messages.len(),
        2,
        "one message for one browser: {messages:?}"
    );
    assert_eq!(messages[1]["subscription"], phone["id"]);
    assert_eq!(
        messages[1]["payload"],
        json!({
            "title": "Bella Napoli",
            "body": format!("Order no. {} accepted. Expected {expected_at}.", order["number"]),
            "url": format!("orders/{}", order["token"].as_str().unwrap()),
            "tag": format!("order-{}", order["id"]),
        })
    );
    assert_eq!(messages[1]["ttl"], 3600);

    answer_order(
        &server,
        &admin,
        &order,
        "status",
        json!({"status": "preparing"}),
    )
    .await;
    answer_order(
        &server,
        &admin,
        &order,
        "status",
        json!({"status": "out_for_delivery"}),
    )
    .await;
    let messages = push.messages_until(3).await;
    assert_eq!(messages.len(), 3, "preparing is no news: {messages:?}");
    assert_eq!(
        messages[2]["payload"]["body"],
        format!("Order no. {} is on its way to you.", order["number"])
    );

    // Once the order has ended, nobody follows it.
    answer_order(
        &server,
        &admin,
        &order,
        "status",
        json!({"status": "completed"}),
    )
    .await;
    let mut ended = (0, Value::Null);
    for _ in 0..50 {
        ended = server
            .send("PUT", &push_path(&order), None, Some(body(&phone, "en")))
            .await;
        if ended.0 == 409 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(ended.0, 409, "{}", ended.1);
    assert_eq!(ended.1["code"], "push_order_ended");
    assert_eq!(push.refused().await, Vec::<Value>::new());
}

async fn answer_order(
    server: &TestServer,
    admin: &str,
    order: &Value,
    action: &str,
    body: Value,
) -> Value {
    answer(server, admin, order, action, body).await
}

#[tokio::test]
async fn a_gone_subscription_is_forgotten_and_foreign_endpoints_are_refused() {
    let push = FakePush::start().await;
    let server = push_server(&push).await;
    let staff = server.staff_token().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let order = place(&server, &menu).await;

    // What a browser could send that the shop must not post to, or cannot use.
    let real = push.subscribe().await;
    let mut foreign = body(&real, "de");
    foreign["endpoint"] = json!("https://192.168.1.10/push/1");
    let mut other_port = body(&real, "de");
    other_port["endpoint"] = json!("http://127.0.0.1:1/push/1");
    for (sent, code, field) in [
        (foreign, "push_service_unknown", "endpoint"),
        (other_port, "push_service_unknown", "endpoint"),
        (json!({"keys": real["keys"]}), "invalid", "endpoint"),
        (json!({"endpoint": real["endpoint"]}), "invalid", "keys"),
        (
            json!({"endpoint": real["endpoint"], "keys": {"p256dh": "BAAA", "auth": real["keys"]["auth"]}}),
            "invalid",
            "keys.p256dh",
        ),
        (
            json!({"endpoint": real["endpoint"], "keys": {"p256dh": real["keys"]["p256dh"], "auth": "x"}}),
            "invalid",
            "keys.auth",
        ),
        (
            json!({"endpoint": real["endpoint"], "keys": real["keys"], "language": "fr"}),
            "invalid",
            "language",
        ),
    ] {
        let (status, answer) = server
            .send("PUT", &push_path(&order), None, Some(sent.clone()))
            .await;
        assert_eq!(status, 400, "{sent} → {answer}");
        assert_eq!(answer["code"], code, "{sent} → {answer}");
        assert_eq!(answer["field"], field, "{sent} → {answer}");
        let (status, answer) = server
            .send("PUT", "/admin/push", Some(&staff), Some(sent.clone()))
            .await;
        assert_eq!(status, 400, "board: {sent} → {answer}");
    }
    let unknown = format!("/orders/track/{}/push", "0".repeat(64));
    let (status, answer) = server
        .send("PUT", &unknown, None, Some(body(&real, "de")))
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("order_not_found"))
    );
    let endpoint = real["endpoint"].as_str().unwrap();
    let (status, answer) = server
        .send(
            "DELETE",
            &format!("{}?endpoint={endpoint}", push_path(&order)),
            None,
            None,
        )
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("push_subscription_not_found"))
    );

    // Two browsers on the board; one of them unsubscribed at its push service.
    let gone = push.subscribe().await;
    let live = push.subscribe().await;
    for subscription in [&gone, &live] {
        let (status, _) = server
            .send(
                "PUT",
                "/admin/push",
                Some(&staff),
                Some(body(subscription, "de")),
            )
            .await;
        assert_eq!(status, 204);
    }
    push.make_gone(&gone).await;
    let second = place(&server, &menu).await;
    let messages = push.messages_until(1).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(messages[0]["subscription"], live["id"]);
    assert_eq!(
        messages[0]["payload"]["tag"],
        format!("order-{}", second["id"])
    );
    let mut refused = Vec::new();
    for _ in 0..100 {
        refused = push.refused().await;
        if !refused.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0]["status"], 410);

    // The gone browser is forgotten: the next order is posted to the live one only.
    // The owner cannot remove a staff member's browser; the member can.
    let third = place(&server, &menu).await;
    let messages = push.messages_until(2).await;
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert_eq!(
        messages[1]["payload"]["tag"],
        format!("order-{}", third["id"])
    );
    let live_endpoint = live["endpoint"].as_str().unwrap();
    let (status, _) = server
        .send(
            "DELETE",
            &format!("/admin/push?endpoint={live_endpoint}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = server
        .send(
            "DELETE",
            &format!("/admin/push?endpoint={live_endpoint}"),
            Some(&staff),
            None,
        )
        .await;
    assert_eq!(status, 204);

    // The customer follows the third order and then stops: the answer reaches nobody,
    // while a second browser that still follows hears it.
    let first_phone = push.subscribe().await;
    let second_phone = push.subscribe().await;
    for subscription in [&first_phone, &second_phone] {
        let (status, _) = server
            .send(
                "PUT",
                &push_path(&third),
                None,
                Some(body(subscription, "de")),
            )
            .await;
        assert_eq!(status, 204);
    }
    let first_endpoint = first_phone["endpoint"].as_str().unwrap();
    let (status, _) = server
        .send(
            "DELETE",
            &format!("{}?endpoint={first_endpoint}", push_path(&third)),
            None,
            None,
        )
        .await;
    assert_eq!(status, 204);
    let fourth = place(&server, &menu).await;
    answer_order(
        &server,
        &admin,
        &third,
        "reject",
        json!({"reason": "Kein Fahrer frei"}),
    )
    .await;
    let messages = push.messages_until(3).await;
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert_eq!(messages[2]["subscription"], second_phone["id"]);
    assert_eq!(
        messages[2]["payload"]["body"],
        format!(
            "Bestellung Nr. {} nicht angenommen: Kein Fahrer frei",
            third["number"]
        )
    );
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        push.messages().await.len(),
        3,
        "order {} went to nobody",
        fourth["number"]
    );
    assert_eq!(push.refused().await.len(), 1);
}

#[tokio::test]
async fn without_push_services_the_shop_says_it_sends_no_notifications() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_PUSH_SERVICES", "")
        .start()
        .await;
    let (status, answer) = server.get_json("/push/key").await;
    assert_eq!((status, answer["code"].as_str()), (404, Some("push_off")));
    assert!(!server.data_dir.path().join("vapid-key").exists());
}
