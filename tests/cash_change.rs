//! "Ich zahle mit …": a cash customer (or a caller) says what they pay with, and the
//! driver brings the change. The server checks it covers the total it computes itself.

use serde_json::{Value, json};

use crate::support::ordering::*;

#[tokio::test]
async fn a_cash_customer_says_what_they_pay_with_and_the_change_is_on_the_order() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut body = guest_order(lunch_lines(&menu), "10115");

    let (status, quote) = post_with(&server, "/orders/guest/quote", None, &[], &body).await;
    assert_eq!(status, 200, "{quote}");
    let total = cents(&quote["total"]);

    for (given, code, field) in [
        (
            json!((total - 1) as f64 / 100.0),
            "cash_given_below_total",
            "cash_given",
        ),
        (json!(0.001), "invalid", "cash_given"),
        (json!(-5), "invalid", "cash_given"),
        (json!(1000.01), "invalid", "cash_given"),
    ] {
        body["cash_given"] = given.clone();
        let (status, refused) = post_with(&server, "/orders/guest", None, &[], &body).await;
        assert_eq!(
            (status, refused["code"].as_str(), refused["field"].as_str()),
            (400, Some(code), Some(field)),
            "{given}: {refused}"
        );
        if code == "cash_given_below_total" {
            assert_eq!(
                refused["params"]["total"],
                json!(euro_text(total)),
                "{refused}"
            );
        }
    }
    let mut online = body.clone();
    online["payment_method"] = json!("online");
    online["cash_given"] = json!(50);
    let (status, refused) = post_with(&server, "/orders/guest", None, &[], &online).await;
    assert_eq!(
        (status, refused["field"].as_str()),
        (400, Some("cash_given")),
        "{refused}"
    );

    body["cash_given"] = json!(50);
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(cents(&order["cash_given"]), 50_00);
    assert_eq!(cents(&order["change_due"]), 50_00 - total);
    let (_, detail) = server
        .send(
            "GET",
            &format!("/admin/orders/{}", order["id"]),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(cents(&detail["change_due"]), 50_00 - total, "{detail}");
    let tracked = server
        .get_json(&format!(
            "/orders/track/{}",
            order["token"].as_str().unwrap()
        ))
        .await
        .1;
    assert_eq!(
        cents(&tracked["cash_given"]),
        50_00,
        "the customer sees it too"
    );

    let mails = outbox(&server, &admin, 1).await;
    let text = mails[0]["body"].as_str().unwrap();
    assert!(
        text.contains(&format!(
            "Sie zahlen mit / you pay with: 50,00 € (Wechselgeld / change: {})",
            euro_text(50_00 - total)
        )),
        "{text}"
    );

    // Exactly the total is fine; nothing said is fine.
    body["cash_given"] = json!(total as f64 / 100.0);
    let (status, exact) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!((status, cents(&exact["change_due"])), (201, 0), "{exact}");
    body["cash_given"] = Value::Null;
    let (status, unsaid) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201);
    assert!(unsaid["cash_given"].is_null() && unsaid["change_due"].is_null());
    server.stop().await;
}

#[tokio::test]
async fn a_caller_says_what_they_pay_with_on_the_phone() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut body = phone_body(&guest_order(lunch_lines(&menu), "10115"), 30);
    body["cash_given"] = json!(5);
    let (status, refused) =
        post_with(&server, "/admin/phone-orders", Some(&admin), &[], &body).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("cash_given_below_total")),
        "{refused}"
    );
    body["cash_given"] = json!(100);
    let (status, order) = post_with(&server, "/admin/phone-orders", Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(cents(&order["change_due"]), 10_000 - cents(&order["total"]));
    server.stop().await;
}

/// Cents as the server writes euros in sentences: "12,40 €".
pub fn euro_text(cents: i64) -> String {
    format!("{},{:02} €", cents / 100, cents % 100)
}
