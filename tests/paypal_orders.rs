//! Online payment against the fake PayPal on 127.0.0.1: the shop creates the PayPal
//! order with its own total, captures it, accepts only a completed capture of exactly
//! that amount, never uses one twice, and refunds what it rejects.

use serde_json::{Value, json};

use crate::support::fake_paypal::FakePaypal;
use crate::support::ordering::*;
use crate::support::paypal_checkout::{approved, online, paypal_server, place};

#[tokio::test]
async fn a_paypal_order_is_captured_for_the_server_total_exactly_once() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[]).await;
    let menu = Menu::load(&server).await;
    let body = online(&menu);

    let (status, refused) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 402);
    assert_eq!(refused["code"], "payment_required");
    assert_eq!(
        refused["detail"],
        "Please complete the PayPal payment first."
    );

    let (status, created) = post_with(&server, "/orders/guest/paypal", None, &[], &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["currency"], "EUR");
    let id = created["paypal_order_id"].as_str().unwrap().to_string();
    let state = fake.state().await;
    let paypal_amount = state["orders"][&id]["purchase_units"][0]["amount"].clone();
    assert_eq!(paypal_amount["currency_code"], "EUR");

    // Not approved yet: nothing is captured.
    let (status, early) = place(&server, &body, &id).await;
    assert_eq!(
        (status, early["code"].as_str()),
        (402, Some("payment_not_completed"))
    );

    fake.approve(&id).await;
    let (status, order) = place(&server, &body, &id).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["payment_method"], "online");
    assert_eq!(order["payment_status"], "paid");
    assert_eq!(
        format!("{:.2}", order["total"].as_f64().unwrap()),
        paypal_amount["value"].as_str().unwrap(),
        "PayPal was asked for the server's total"
    );

    // The same PayPal payment again (a retry) is the same order, captured once.
    let (status, again) = place(&server, &body, &id).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], order["id"]);
    let state = fake.state().await;
    assert_eq!(state["captures"].as_object().unwrap().len(), 1);
    assert_eq!(state["token_requests"], 1, "the OAuth token is cached");
}

#[tokio::test]
async fn a_paypal_order_for_another_cart_pays_nothing() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[]).await;
    let menu = Menu::load(&server).await;
    let cheap = online(&menu);
    let id = approved(&server, &fake, &cheap).await;
    let mut dearer = cheap.clone();
    dearer["lines"][0]["quantity"] = json!(5);
    let (status, refused) = place(&server, &dearer, &id).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("payment_mismatch"))
    );
    assert!(
        fake.state().await["captures"]
            .as_object()
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_quote_that_no_longer_holds_takes_no_money() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[]).await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut body = online(&menu);
    let (status, quoted) = post_with(&server, "/orders/guest/quote", None, &[], &body).await;
    assert_eq!(status, 200, "{quoted}");
    body["quote_id"] = quoted["quote_id"].clone();
    let id = approved(&server, &fake, &body).await;
    let state = fake.state().await;
    assert_eq!(
        state["orders"][&id]["purchase_units"][0]["amount"]["value"],
        format!("{:.2}", quoted["total"].as_f64().unwrap()),
        "PayPal was asked for the quoted total"
    );

    // The delivery fee of the postcode goes up before the customer pays.
    let (status, zones) = server.get_json("/postcodes/store/14").await;
    assert_eq!(status, 200);
    let zone = zones
        .as_array()
        .unwrap()
        .iter()
        .find(|zone| zone["postcode"] == "10115")
        .unwrap()
        .clone();
    let mut changed = zone.clone();
    changed["delivery_fee"] = json!(zone["delivery_fee"].as_f64().unwrap() + 1.0);
    let path = format!("/postcodes/{}", zone["id"]);
    let (status, saved) = server
        .send(
            "PUT",
            &path,
            Some(&admin),
            Some(json!({
                "postcode": changed["postcode"],
                "minimum_order_amount": changed["minimum_order_amount"],
                "delivery_fee": changed["delivery_fee"],
                "delivery_time": changed["delivery_time"],
            })),
        )
        .await;
    assert_eq!(status, 200, "{saved}");

    let (status, refused) = place(&server, &body, &id).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("quote_changed")),
        "{refused}"
    );
    assert!(
        fake.state().await["captures"]
            .as_object()
            .unwrap()
            .is_empty(),
        "nothing was captured"
    );
    let (status, refused) = post_with(&server, "/orders/guest/paypal", None, &[], &body).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("quote_changed"))
    );
}

#[tokio::test]
async fn each_paypal_failure_has_its_message() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[]).await;
    let menu = Menu::load(&server).await;
    let body = online(&menu);
    let cases = [
        (
            json!({"status": 422, "issue": "INSTRUMENT_DECLINED"}),
            402,
            "instrument_declined",
        ),
        (
            json!({"status": 422, "issue": "TRANSACTION_REFUSED"}),
            402,
            "payment_declined",
        ),
        (
            json!({"status": 422, "issue": "PAYER_CANNOT_PAY"}),
            402,
            "payment_declined",
        ),
        (
            json!({"status": 422, "issue": "INSUFFICIENT_FUNDS"}),
            402,
            "insufficient_funds",
        ),
        (
            json!({"status": 422, "issue": "CARD_EXPIRED"}),
            402,
            "card_expired",
        ),
        (
            json!({"status": 422, "issue": "PAYER_ACTION_REQUIRED"}),
            402,
            "payment_not_completed",
        ),
        (
            json!({"status": 422, "issue": "SOMETHING_ELSE"}),
            402,
            "payment_failed",
        ),
        (json!({"capture_status": "PENDING"}), 402, "payment_pending"),
        (
            json!({"capture_status": "DECLINED"}),
            402,
            "payment_declined",
        ),
        (json!({"amount": "1.00"}), 409, "payment_mismatch"),
        (json!({"currency": "USD"}), 409, "payment_mismatch"),
    ];
    for (failure, status, code) in cases {
        let id = approved(&server, &fake, &body).await;
        let mut spec = failure.clone();
        spec["endpoint"] = json!("capture");
        fake.fail(spec).await;
        let (got, answer) = place(&server, &body, &id).await;
        assert_eq!(
            (got, answer["code"].as_str()),
            (status, Some(code)),
            "{failure}: {answer}"
        );
        assert!(!answer["detail"].as_str().unwrap().is_empty());
    }
    let admin = server.admin_token().await;
    let (_, day) = server
        .send("GET", "/admin/orders", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 0, "no failed payment made an order");

    // PayPal unreachable while creating the order.
    fake.fail(json!({"endpoint": "create", "status": 503}))
        .await;
    let (status, answer) = post_with(&server, "/orders/guest/paypal", None, &[], &body).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (503, Some("payment_unavailable"))
    );
}

#[tokio::test]
async fn a_capture_whose_answer_is_lost_is_looked_up_again() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[("HEIMSERVICE_PAYPAL_TIMEOUT_SECONDS", "1")]).await;
    let menu = Menu::load(&server).await;
    let body = online(&menu);

    // PayPal captures, but only after our client gave up waiting.
    let id = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "delay_ms": 2500}))
        .await;
    let (status, order) = place(&server, &body, &id).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["payment_status"], "paid");

    // The capture was made by an earlier attempt: ORDER_ALREADY_CAPTURED is checked.
    let id = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "status": 500}))
        .await;
    let (status, failed) = place(&server, &body, &id).await;
    assert_eq!(
        (status, failed["code"].as_str()),
        (402, Some("payment_failed")),
        "{failed}"
    );
    let (status, order) = place(&server, &body, &id).await;
    assert_eq!(status, 201, "{order}");

    // An expired OAuth token is renewed once.
    fake.expire_tokens().await;
    let id = approved(&server, &fake, &body).await;
    let (status, _) = place(&server, &body, &id).await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn rejecting_a_paid_order_refunds_it() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[]).await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = online(&menu);
    let id = approved(&server, &fake, &body).await;
    let (_, order) = place(&server, &body, &id).await;
    let (status, rejected) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/reject", order["id"]),
            Some(&admin),
            Some(json!({"reason": "Fahrer krank"})),
        )
        .await;
    assert_eq!(status, 200, "{rejected}");
    assert_eq!(rejected["payment_status"], "refunded");
    assert!(rejected["refund_id"].is_string());
    let refunds = fake.state().await["refunds"].clone();
    assert_eq!(refunds.as_array().unwrap().len(), 1);
    assert_eq!(refunds[0]["capture_id"], rejected["capture_id"]);
    let (_, tracked) = server
        .get_json(&format!(
            "/orders/track/{}",
            order["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(tracked["payment_status"], "refunded");

    // A refund PayPal refuses is shown to the restaurant; the order stays rejected.
    let id = approved(&server, &fake, &body).await;
    let (_, order) = place(&server, &body, &id).await;
    fake.fail(json!({"endpoint": "refund", "status": 500}))
        .await;
    let (status, rejected) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/reject", order["id"]),
            Some(&admin),
            Some(json!({"reason": "Zu viel los"})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(rejected["payment_status"], "refund_failed");
    assert!(rejected["refund_error"].is_string());
}

#[tokio::test]
async fn an_unanswered_paid_order_is_rejected_and_refunded() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[("HEIMSERVICE_ORDERS_AUTO_REJECT_SECONDS", "1")]).await;
    let menu = Menu::load(&server).await;
    let body = online(&menu);
    let id = approved(&server, &fake, &body).await;
    let (_, order) = place(&server, &body, &id).await;
    let tracked = track_until(&server, &order, |tracked| {
        tracked["payment_status"] == "refunded"
    })
    .await;
    assert_eq!(tracked["status"], "rejected", "{tracked}");
    assert_eq!(tracked["payment_status"], "refunded");
}

#[tokio::test]
async fn someone_elses_paypal_payment_makes_no_order_and_reveals_none() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[]).await;
    let menu = Menu::load(&server).await;
    let body = online(&menu);
    let id = approved(&server, &fake, &body).await;
    let (status, placed) = place(&server, &body, &id).await;
    assert_eq!(status, 201, "{placed}");

    // Another guest, from another address, with another cart of the same total.
    let mut other = body.clone();
    other["shipping_address"]["customer_name"] = json!("Mallory");
    other["shipping_address"]["phone"] = json!("0301111111");
    other["paypal_order_id"] = json!(id);
    let response = crate::support::raw_http::client_from(71)
        .post(server.url("/orders/guest"))
        .json(&other)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 409);
    let refused: Value = response.json().await.unwrap();
    assert_eq!(refused["code"], "payment_used", "{refused}");
    let text = refused.to_string();
    for secret in [
        placed["token"].as_str().unwrap(),
        placed["customer"]["customer_name"].as_str().unwrap(),
        placed["customer"]["phone"].as_str().unwrap(),
    ] {
        assert!(!text.contains(secret), "{secret} leaked: {text}");
    }
    // A signed-in customer gets the same answer.
    let customer = server.customer_token().await;
    let address = save_address(&server, &customer, "").await;
    let mut theirs = saved_address_order(&menu, &address);
    theirs["payment_method"] = json!("online");
    theirs["paypal_order_id"] = json!(id);
    let (status, refused) = post_with(&server, "/orders/", Some(&customer), &[], &theirs).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("payment_used")),
        "{refused}"
    );
    assert_eq!(
        fake.state().await["refunds"].as_array().unwrap().len(),
        0,
        "the payment stays with its order"
    );

    // The payer's own retry still gets their order.
    let (status, again) = place(&server, &body, &id).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], placed["id"]);
}
