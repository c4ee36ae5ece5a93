//! No payment without an order or a refund: every capture PayPal reports is stored in
//! the payments ledger before anything is decided on it, becomes an order or is
//! refunded, and a reconciliation (at every start and every hour) drives what is left
//! open — pending captures, failed refunds, captures cut off by a crash, rejected paid
//! orders whose refund did not happen — to an end. The admin sees every payment's fate
//! at `GET /admin/payments`.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::fake_paypal::FakePaypal;
use crate::support::logged_server::LoggedServer;
use crate::support::ordering::*;
use crate::support::paypal_checkout::*;
use crate::support::run_binary;

/// Past the next hourly reconciliation.
fn an_hour_later(server: &crate::support::TestServer) {
    advance_clock(server, chrono::Duration::minutes(61));
}

async fn day_count(server: &crate::support::TestServer, admin: &str) -> u64 {
    let (status, day) = server
        .send("GET", "/admin/orders?date=2026-11-23", Some(admin), None)
        .await;
    assert_eq!(status, 200, "{day}");
    day["count"].as_u64().unwrap()
}

#[tokio::test]
async fn a_pending_capture_makes_no_order_and_is_refunded_once_it_completes() {
    let PaypalShop {
        fake,
        server,
        admin,
        body,
    } = PaypalShop::start().await;
    let id = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "capture_status": "PENDING"}))
        .await;

    let (status, answer) = place(&server, &body, &id).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (402, Some("payment_pending")),
        "{answer}"
    );
    let detail = answer["detail"].as_str().unwrap().to_lowercase();
    assert!(
        detail.contains("no order was placed") && detail.contains("refunded"),
        "the customer learns there is no order and what happens to the money: {detail}"
    );
    let entry = payment(&server, &admin, &id).await;
    assert_eq!(entry["fate"], "pending", "{entry}");
    assert_eq!(entry["paypal_status"], "PENDING");
    assert_eq!(entry["order_id"], Value::Null);
    assert_eq!(entry["needs_attention"], true);
    let capture_id = entry["capture_id"].as_str().unwrap().to_string();
    assert_eq!(day_count(&server, &admin).await, 0, "no order");

    // PayPal completes it after its review; the customer left the checkout long ago.
    fake.settle(&capture_id, "COMPLETED").await;
    assert!(refunds(&fake).await.is_empty());
    an_hour_later(&server);
    let entry = payment_once(&server, &admin, &id, "refunded").await;
    assert_eq!(entry["fate"], "refunded", "{entry}");
    assert_eq!(entry["reason"], "completed_after_checkout");
    assert!(entry["refund_id"].is_string());
    assert_eq!(entry["needs_attention"], false);
    assert_eq!(
        entry["order_id"],
        Value::Null,
        "no order behind the buyer's back"
    );
    let refunds = refunds(&fake).await;
    assert_eq!(refunds.len(), 1, "{refunds:?}");
    assert_eq!(refunds[0]["capture_id"], capture_id.as_str());
    assert_eq!(refunds[0]["id"], entry["refund_id"]);
    assert_eq!(day_count(&server, &admin).await, 0);
}

#[tokio::test]
async fn a_capture_paypal_declines_after_pending_is_closed_without_a_refund() {
    let PaypalShop {
        fake,
        server,
        admin,
        body,
    } = PaypalShop::start().await;
    let id = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "capture_status": "PENDING"}))
        .await;
    let (status, _) = place(&server, &body, &id).await;
    assert_eq!(status, 402);
    let capture_id = payment(&server, &admin, &id).await["capture_id"]
        .as_str()
        .unwrap()
        .to_string();
    fake.settle(&capture_id, "DECLINED").await;
    an_hour_later(&server);
    let entry = payment_once(&server, &admin, &id, "failed").await;
    assert_eq!(entry["fate"], "failed", "{entry}");
    assert_eq!(entry["paypal_status"], "DECLINED");
    assert!(refunds(&fake).await.is_empty(), "no money was taken");
}

#[tokio::test]
async fn a_capture_of_another_amount_or_currency_is_refunded_at_once() {
    let PaypalShop {
        fake,
        server,
        admin,
        body,
    } = PaypalShop::start().await;
    // What PayPal captured instead: 1,00 € or the right figure in dollars.
    let cases = [
        (json!({"amount": "1.00"}), Some(1.0), "EUR"),
        (json!({"currency": "USD"}), None, "USD"),
    ];
    let mut captures = Vec::new();
    for (altered, captured_amount, captured_currency) in cases {
        let id = approved(&server, &fake, &body).await;
        let mut spec = altered.clone();
        spec["endpoint"] = json!("capture");
        fake.fail(spec).await;
        let (status, answer) = place(&server, &body, &id).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (409, Some("payment_mismatch")),
            "{altered}: {answer}"
        );
        let entry = payment(&server, &admin, &id).await;
        assert_eq!(entry["fate"], "refunded", "{altered}: {entry}");
        assert_eq!(entry["reason"], "amount_mismatch");
        assert_eq!(entry["captured_currency"], captured_currency);
        match captured_amount {
            Some(amount) => assert_eq!(entry["captured_amount"], amount),
            None => assert_eq!(entry["captured_amount"], entry["amount"]),
        }
        assert!(entry["refund_id"].is_string());
        captures.push(entry["capture_id"].clone());
    }
    let refunded: Vec<Value> = refunds(&fake)
        .await
        .iter()
        .map(|refund| refund["capture_id"].clone())
        .collect();
    assert_eq!(refunded, captures, "each altered capture refunded once");
    assert_eq!(day_count(&server, &admin).await, 0);
}

#[tokio::test]
async fn a_refund_paypal_fails_is_retried_by_the_reconciliation() {
    let PaypalShop {
        fake,
        server,
        admin,
        body,
    } = PaypalShop::start().await;
    let id = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "amount": "1.00"}))
        .await;
    fake.fail(json!({"endpoint": "refund", "status": 500}))
        .await;
    let (status, answer) = place(&server, &body, &id).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (409, Some("payment_mismatch"))
    );
    let entry = payment(&server, &admin, &id).await;
    assert_eq!(entry["fate"], "refund_failed", "{entry}");
    assert_eq!(entry["refund_error"], "payment_unavailable");
    assert_eq!(entry["needs_attention"], true);
    assert!(refunds(&fake).await.is_empty());

    // PayPal works again; the next run refunds it.
    an_hour_later(&server);
    let entry = payment_once(&server, &admin, &id, "refunded").await;
    assert_eq!(entry["fate"], "refunded", "{entry}");
    assert_eq!(entry["refund_error"], Value::Null);
    assert_eq!(refunds(&fake).await.len(), 1);
    let fates: Vec<&str> = entry["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|event| event["fate"].as_str().unwrap())
        .collect();
    assert_eq!(
        fates,
        ["capturing", "refund_due", "refund_failed", "refunded"],
        "{entry}"
    );
}

#[tokio::test]
async fn a_rejected_paid_order_whose_refund_failed_is_refunded_later() {
    let PaypalShop {
        fake,
        server,
        admin,
        body,
    } = PaypalShop::start().await;
    let id = approved(&server, &fake, &body).await;
    let (status, order) = place(&server, &body, &id).await;
    assert_eq!(status, 201, "{order}");
    let entry = payment(&server, &admin, &id).await;
    assert_eq!(entry["fate"], "order", "{entry}");
    assert_eq!(entry["order_id"], order["id"]);
    assert_eq!(entry["order_number"], order["number"]);

    fake.fail(json!({"endpoint": "refund", "status": 500}))
        .await;
    let path = format!("/admin/orders/{}", order["id"]);
    let (status, rejected) = server
        .send(
            "POST",
            &format!("{path}/reject"),
            Some(&admin),
            Some(json!({"reason": "Ofen kaputt"})),
        )
        .await;
    assert_eq!(status, 200, "{rejected}");
    assert_eq!(rejected["payment_status"], "refund_failed");
    assert_eq!(payment(&server, &admin, &id).await["fate"], "refund_failed");

    an_hour_later(&server);
    let entry = payment_once(&server, &admin, &id, "refunded").await;
    assert_eq!(entry["fate"], "refunded", "{entry}");
    assert_eq!(entry["order_id"], order["id"]);
    let (_, stored) = server.send("GET", &path, Some(&admin), None).await;
    assert_eq!(stored["status"], "rejected");
    assert_eq!(stored["payment_status"], "refunded", "{stored}");
    assert_eq!(stored["refund_id"], entry["refund_id"]);
    assert_eq!(refunds(&fake).await.len(), 1);
}

#[tokio::test]
async fn the_admin_sees_every_payment_and_its_fate() {
    let PaypalShop {
        fake,
        server,
        admin,
        body,
    } = PaypalShop::start().await;
    // An order, a declined capture, a pending one and a refunded one, in this order.
    let paid = approved(&server, &fake, &body).await;
    assert_eq!(place(&server, &body, &paid).await.0, 201);
    let declined = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "capture_status": "DECLINED"}))
        .await;
    assert_eq!(place(&server, &body, &declined).await.0, 402);
    let pending = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "capture_status": "PENDING"}))
        .await;
    assert_eq!(place(&server, &body, &pending).await.0, 402);
    let mismatched = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "currency": "USD"}))
        .await;
    assert_eq!(place(&server, &body, &mismatched).await.0, 409);
    // Not approved: PayPal was never asked for money, so there is nothing to list.
    let (_, created) = post_with(&server, "/orders/guest/paypal", None, &[], &body).await;
    let unapproved = created["paypal_order_id"].as_str().unwrap().to_string();
    assert_eq!(place(&server, &body, &unapproved).await.0, 402);

    let page = payments(&server, &admin, "").await;
    let listed: Vec<(&str, &str)> = page["payments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["paypal_order_id"].as_str().unwrap(),
                entry["fate"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            (mismatched.as_str(), "refunded"),
            (pending.as_str(), "pending"),
            (declined.as_str(), "failed"),
            (paid.as_str(), "order"),
        ],
        "newest first"
    );
    assert_eq!(page["next_before"], Value::Null);
    let order_entry = &page["payments"][3];
    assert_eq!(order_entry["amount"], order_entry["captured_amount"]);
    assert_eq!(order_entry["currency"], "EUR");
    assert!(order_entry["order_number"].is_u64());
    assert!(order_entry["first_seen"].is_string());

    // Paged: two at a time, then the rest.
    let first = payments(&server, &admin, "?limit=2").await;
    assert_eq!(first["payments"].as_array().unwrap().len(), 2);
    let before = first["next_before"].as_u64().unwrap();
    let rest = payments(&server, &admin, &format!("?limit=2&before={before}")).await;
    assert_eq!(rest["payments"][0]["paypal_order_id"], declined.as_str());
    assert_eq!(rest["payments"][1]["paypal_order_id"], paid.as_str());
    assert_eq!(rest["next_before"], Value::Null);
    // What needs attention: the pending one.
    let open = payments(&server, &admin, "?attention=true").await;
    let open: Vec<&Value> = open["payments"].as_array().unwrap().iter().collect();
    assert_eq!(open.len(), 1, "{open:?}");
    assert_eq!(open[0]["paypal_order_id"], pending.as_str());
    let (status, refused) = server
        .send("GET", "/admin/payments?limit=0", Some(&admin), None)
        .await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid")));

    // Nobody else sees them.
    let (status, _) = server.send("GET", "/admin/payments", None, None).await;
    assert_eq!(status, 401);
    let customer = server.customer_token().await;
    let (status, _) = server
        .send("GET", "/admin/payments", Some(&customer), None)
        .await;
    assert_eq!(status, 403);
}

const ADMIN_EMAIL: &str = "admin@example.com";
const ADMIN_PASSWORD: &str = "admin-password-1";

async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// `kill -9` while PayPal is capturing: PayPal takes the money, the server never hears
/// of it. The next start finds the capture without an order and refunds it.
#[tokio::test]
async fn a_capture_cut_off_by_a_kill_is_refunded_at_the_next_start() {
    let fake = FakePaypal::start().await;
    let data = tempfile::tempdir().unwrap();
    let created = run_binary(
        &[
            "admin",
            "create",
            "--email",
            ADMIN_EMAIL,
            "--data-dir",
            data.path().to_str().unwrap(),
        ],
        &[("HEIMSERVICE_ADMIN_PASSWORD", ADMIN_PASSWORD)],
    );
    assert!(created.status.success(), "{created:?}");
    let settings = fake.server_env();
    let mut env: Vec<(&str, &str)> = settings
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    env.push(("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME));
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap();

    let server = LoggedServer::start(data.path(), &env);
    let base = server.base.clone();
    let products: Value = http
        .get(format!("{base}/products/?store_id=14"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut body = online(&Menu(products.as_array().unwrap().clone()));
    let (status, created) = json_of(
        http.post(format!("{base}/orders/guest/paypal"))
            .json(&body)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["paypal_order_id"].as_str().unwrap().to_string();
    fake.approve(&id).await;
    body["paypal_order_id"] = json!(id);

    // PayPal answers the capture only after 3 s; the server is killed meanwhile.
    fake.fail(json!({"endpoint": "capture", "delay_ms": 3000}))
        .await;
    let checkout = tokio::spawn({
        let (http, url) = (http.clone(), format!("{base}/orders/guest"));
        async move { http.post(url).json(&body).send().await.is_ok() }
    });
    let capture_path = format!("/v2/checkout/orders/{id}/capture");
    let mut asked = false;
    for _ in 0..100 {
        let state = fake.state().await;
        asked = state["requests"]
            .as_array()
            .unwrap()
            .iter()
            .any(|request| request["path"] == capture_path.as_str());
        if asked {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(asked, "the server asked PayPal to capture");
    server.kill();
    assert!(!checkout.await.unwrap(), "the checkout was cut off");
    let mut captured = Value::Null;
    for _ in 0..100 {
        captured = fake.state().await["captures"].clone();
        if !captured.as_object().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let capture_id = captured.as_object().unwrap().keys().next().unwrap().clone();

    let restarted = std::time::Instant::now();
    let server = LoggedServer::start(data.path(), &env);
    let base = server.base.clone();
    let (status, login) = json_of(
        http.post(format!("{base}/login"))
            .form(&[("username", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{login}");
    let admin = login["access_token"].as_str().unwrap().to_string();
    let mut entry = Value::Null;
    for _ in 0..100 {
        let (status, page) = json_of(
            http.get(format!("{base}/admin/payments"))
                .bearer_auth(&admin)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{page}");
        entry = page["payments"][0].clone();
        if entry["fate"] == "refunded" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(entry["paypal_order_id"], id.as_str(), "{entry}");
    assert_eq!(entry["fate"], "refunded", "{entry}");
    println!(
        "capture cut off by a kill: refunded {} ms after the restart began",
        restarted.elapsed().as_millis()
    );
    assert_eq!(entry["reason"], "no_order");
    assert_eq!(entry["capture_id"], capture_id.as_str());
    let refunds = refunds(&fake).await;
    assert_eq!(refunds.len(), 1, "{refunds:?}");
    assert_eq!(refunds[0]["capture_id"], capture_id.as_str());
    let (_, day) = json_of(
        http.get(format!("{base}/admin/orders?date=2026-11-23"))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(day["count"], 0, "{day}");
}
