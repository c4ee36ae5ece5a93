//! The erasure of old personal data (`privacy.guest_data_days`, 90 by default): old
//! finished guest orders keep what the tax office needs and lose who ordered them;
//! open, recent and customers' orders are left alone; contact messages and kept mails
//! go; a second pass changes nothing.

use std::time::Duration;

use chrono::{DateTime, Utc};
use heimservice::shop::erasure::{Erased, erase_due};
use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;

fn lunchtime() -> DateTime<Utc> {
    LUNCHTIME.parse().unwrap()
}

fn days_after_lunch(days: i64) -> DateTime<Utc> {
    lunchtime() + chrono::Duration::days(days)
}

/// Every order of the lunchtime day, by id.
async fn day_orders(server: &TestServer, admin: &str) -> Vec<Value> {
    let (_, mut orders) = day_history(server, admin, Some("2026-11-23")).await;
    orders.sort_by_key(|order| order["id"].as_u64());
    orders
}

#[tokio::test]
async fn old_finished_guest_orders_are_anonymised_and_keep_their_amounts() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let customer = server.customer_token().await;
    let menu = Menu::load(&server).await;
    let guest = guest_order(lunch_lines(&menu), "10115");
    let key = [("Idempotency-Key", "erasure-key-1")];

    // A guest's order delivered, one rejected, one still in the kitchen.
    let (_, delivered) = post_with(&server, "/orders/guest", None, &key, &guest).await;
    deliver(&server, &admin, &delivered).await;
    let (_, rejected) = post_with(&server, "/orders/guest", None, &[], &guest).await;
    answer(
        &server,
        &admin,
        &rejected,
        "reject",
        json!({"reason": "Zu viel los"}),
    )
    .await;
    let (_, cooking) = post_with(&server, "/orders/guest", None, &[], &guest).await;
    answer(&server, &admin, &cooking, "accept", json!({"minutes": 30})).await;
    // A phone order, picked up.
    let mut phone = guest.clone();
    let caller = phone
        .as_object_mut()
        .unwrap()
        .remove("shipping_address")
        .unwrap();
    phone.as_object_mut().unwrap().remove("payment_method");
    phone["customer"] = caller;
    phone["minutes"] = json!(20);
    let (status, by_phone) =
        post_with(&server, "/admin/phone-orders", Some(&admin), &[], &phone).await;
    assert_eq!(status, 201, "{by_phone}");
    answer(
        &server,
        &admin,
        &by_phone,
        "status",
        json!({"status": "completed"}),
    )
    .await;
    // A customer's order: their account keeps it until they delete the account.
    let (_, address) = server
        .send(
            "POST",
            "/addresses/",
            Some(&customer),
            Some(json!({"customer_name": "Karl Kunde", "line1": "Invalidenstraße 1", "city": "Berlin",
                        "zip": "10115", "country": "DE", "phone": "030111", "email": "", "notes": ""})),
        )
        .await;
    let body = json!({
        "order_type": "delivery", "lines": lunch_lines(&menu), "address_id": address["id"],
        "payment_method": "cash", "preorder_at": null, "note": "Klingel 3"
    });
    let (_, registered) = post_with(&server, "/orders/", Some(&customer), &[], &body).await;
    deliver(&server, &admin, &registered).await;
    let (status, _) = server
        .send(
            "POST",
            "/support",
            None,
            Some(json!({"name": "Gina Gast", "email": "gina@example.com", "message": "Lecker!"})),
        )
        .await;
    assert_eq!(status, 201);

    // A month later nothing is old enough.
    let month_later = erase_due(server.db(), days_after_lunch(30), 90, || false)
        .await
        .unwrap();
    assert_eq!(month_later, Erased::default());
    let before = day_orders(&server, &admin).await;
    assert_eq!(before.len(), 5);
    assert!(before.iter().all(|order| order["anonymised_at"].is_null()));
    let (_, mails) = server
        .send("GET", "/admin/outbox", Some(&admin), None)
        .await;
    assert!(!mails.as_array().unwrap().is_empty(), "the guest got mails");
    let data = server.stop().await;

    // 91 days later the server erases at its start.
    let server = TestServer::builder()
        .env(
            "HEIMSERVICE_TESTING_CLOCK_START",
            &days_after_lunch(91).to_rfc3339(),
        )
        .data_dir(data)
        .start()
        .await;
    let admin = server.login("admin@example.com", "admin-password-1").await;
    let path = format!("/admin/orders/{}", delivered["id"]);
    // The pass anonymises the orders first, then deletes old messages and mails in
    // writes of their own: wait for the last of them.
    let mut erased = Value::Null;
    for _ in 0..50 {
        erased = server.send("GET", &path, Some(&admin), None).await.1;
        let (_, mails) = server
            .send("GET", "/admin/outbox", Some(&admin), None)
            .await;
        if !erased["anonymised_at"].is_null() && mails == json!([]) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(erased["anonymised_at"].is_string(), "{erased}");
    let after = day_orders(&server, &admin).await;
    let kept = [
        "id",
        "number",
        "token",
        "created_at",
        "business_date",
        "status",
        "order_type",
        "payment_method",
        "payment_status",
        "preorder_at",
        "lines",
        "subtotal",
        "discount_percentage",
        "discount",
        "delivery_fee",
        "total",
        "vat",
        "estimated_minutes",
        "estimated_ready_at",
        "rejection_reason",
        "history",
        "source",
        "user_id",
    ];
    for (old, new) in before.iter().zip(&after) {
        for field in kept {
            assert_eq!(new[field], old[field], "order {}: {field}", old["id"]);
        }
        let due = [&delivered, &rejected, &by_phone]
            .iter()
            .any(|order| order["id"] == old["id"]);
        if due {
            let customer = &new["customer"];
            assert_eq!(customer["customer_name"], "anonymised", "{new}");
            assert_eq!(customer["line1"], "anonymised");
            assert_eq!(
                (customer["phone"].as_str(), customer["email"].as_str()),
                (Some(""), Some(""))
            );
            assert_eq!(
                customer["zip"], "10115",
                "the delivery zone explains the fee"
            );
            assert_eq!(new["note"], "anonymised");
            assert!(new["anonymised_at"].is_string());
        } else {
            assert_eq!(new, old, "open and customers' orders are left alone");
        }
    }
    let (_, messages) = server
        .send("GET", "/admin/support-messages", Some(&admin), None)
        .await;
    assert_eq!(messages, json!([]), "old contact messages are deleted");
    let (_, mails) = server
        .send("GET", "/admin/outbox", Some(&admin), None)
        .await;
    assert_eq!(mails, json!([]), "old kept mails are deleted");

    // A second pass finds nothing more to do, and changes nothing.
    let again = erase_due(server.db(), days_after_lunch(91), 90, || false)
        .await
        .unwrap();
    assert_eq!(again, Erased::default());
    let unchanged = day_orders(&server, &admin).await;
    assert_eq!(unchanged, after);

    // The idempotency key went with the order's data: the same checkout is new now.
    let (status, fresh) = post_with(&server, "/orders/guest", None, &key, &guest).await;
    assert_eq!(status, 201, "{fresh}");
    assert_ne!(fresh["id"], delivered["id"]);
    server.stop().await;
}
