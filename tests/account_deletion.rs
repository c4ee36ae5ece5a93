//! A customer deletes their own account (`DELETE /users/me`): only with the current
//! password, never while an order is open; afterwards every token of the account is
//! refused, the orders are kept without personal data, and the email is free again.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;

const EMAIL: &str = "rita@example.com";
const PASSWORD: &str = "rita-password-1";

async fn register(server: &TestServer) -> (u16, Value) {
    server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(json!({"name": "Rita Reich", "email": EMAIL, "password": PASSWORD, "phone": "030999"})),
        )
        .await
}

async fn delete_me(server: &TestServer, token: &str, password: Value) -> (u16, Value) {
    server
        .send(
            "DELETE",
            "/users/me",
            Some(token),
            Some(json!({ "password": password })),
        )
        .await
}

#[tokio::test]
async fn a_customer_deletes_the_account_and_the_orders_stay_without_personal_data() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (status, _) = register(&server).await;
    assert_eq!(status, 201);
    let token = server.login(EMAIL, PASSWORD).await;
    let (_, me) = server.send("GET", "/users/me", Some(&token), None).await;
    let (_, address) = server
        .send(
            "POST",
            "/addresses/",
            Some(&token),
            Some(json!({"customer_name": "Rita Reich", "line1": "Chausseestraße 8", "city": "Berlin",
                        "zip": "10115", "country": "DE", "phone": "030999", "email": "", "notes": ""})),
        )
        .await;
    let body = json!({
        "order_type": "delivery", "lines": lunch_lines(&menu), "address_id": address["id"],
        "payment_method": "cash", "preorder_at": null, "note": "3. Stock"
    });
    let key = [("Idempotency-Key", "rita-checkout-1")];
    let (status, first) = post_with(&server, "/orders/", Some(&token), &key, &body).await;
    assert_eq!(status, 201, "{first}");
    deliver(&server, &admin, &first).await;
    let (_, second) = post_with(&server, "/orders/", Some(&token), &[], &body).await;
    answer(&server, &admin, &second, "accept", json!({"minutes": 30})).await;
    // Someone else's data stays whatever Rita does.
    let other = server.customer_token().await;
    let (status, _) = server
        .send(
            "POST",
            "/addresses/",
            Some(&other),
            Some(json!({"customer_name": "Karl Kunde", "line1": "Invalidenstraße 1", "city": "Berlin",
                        "zip": "10115", "country": "DE", "phone": "030111", "email": "", "notes": ""})),
        )
        .await;
    assert_eq!(status, 201);

    // The password is required and must be right.
    let (status, missing) = server
        .send("DELETE", "/users/me", Some(&token), Some(json!({})))
        .await;
    assert_eq!((status, missing["field"].as_str()), (400, Some("password")));
    let (status, wrong) = delete_me(&server, &token, json!("not-her-password")).await;
    assert_eq!(
        (status, wrong["code"].as_str(), wrong["field"].as_str()),
        (403, Some("wrong_password"), Some("password"))
    );
    let (status, _) = server
        .send(
            "DELETE",
            "/users/me",
            None,
            Some(json!({"password": PASSWORD})),
        )
        .await;
    assert_eq!(status, 401);

    // Not while the kitchen still works on an order.
    let (status, open) = delete_me(&server, &token, json!(PASSWORD)).await;
    assert_eq!(
        (status, open["code"].as_str()),
        (409, Some("open_order")),
        "{open}"
    );
    assert!(
        open["detail"]
            .as_str()
            .unwrap()
            .contains(&format!("no. {}", second["number"])),
        "{open}"
    );
    let (status, _) = server.send("GET", "/users/me", Some(&token), None).await;
    assert_eq!(status, 200, "nothing was deleted");
    answer(
        &server,
        &admin,
        &second,
        "status",
        json!({"status": "completed"}),
    )
    .await;
    let before: Vec<Value> = {
        let mut orders = Vec::new();
        for order in [&first, &second] {
            let path = format!("/admin/orders/{}", order["id"]);
            orders.push(server.send("GET", &path, Some(&admin), None).await.1);
        }
        orders
    };
    let second_session = server.login(EMAIL, PASSWORD).await;
    let kept = outbox(&server, &admin, 1).await;
    assert!(
        kept.iter().any(|mail| mail["to"] == EMAIL),
        "mails to her are kept before the deletion: {kept:?}"
    );

    let (status, gone) = delete_me(&server, &token, json!(PASSWORD)).await;
    assert_eq!(status, 204, "{gone}");

    // Every token of the account is refused, and the password no longer logs in.
    for old in [&token, &second_session] {
        for path in ["/users/me", "/orders/", "/addresses/"] {
            let (status, _) = server.send("GET", path, Some(old), None).await;
            assert_eq!(status, 401, "{path}");
        }
    }
    let (status, _) = delete_me(&server, &token, json!(PASSWORD)).await;
    assert_eq!(status, 401);
    let response = server
        .client
        .post(server.url("/login"))
        .form(&[("username", EMAIL), ("password", PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);

    // The orders are kept for the tax records, without Rita.
    for old in before {
        let path = format!("/admin/orders/{}", old["id"]);
        let (_, now) = server.send("GET", &path, Some(&admin), None).await;
        for field in [
            "number",
            "created_at",
            "status",
            "lines",
            "total",
            "vat",
            "payment_method",
            "history",
        ] {
            assert_eq!(now[field], old[field], "{field}");
        }
        assert_eq!(old["customer"]["customer_name"], "Rita Reich");
        assert_eq!(now["customer"]["customer_name"], "anonymised");
        assert_eq!(now["customer"]["line1"], "anonymised");
        assert_eq!(now["customer"]["email"], "");
        assert_eq!(now["customer"]["phone"], "");
        assert_eq!(now["note"], "anonymised");
        assert!(now["user_id"].is_null());
        assert!(now["anonymised_at"].is_string());
    }
    let (_, mails) = server
        .send("GET", "/admin/outbox", Some(&admin), None)
        .await;
    assert!(
        mails
            .as_array()
            .unwrap()
            .iter()
            .all(|mail| mail["to"] != EMAIL),
        "her kept mails are gone: {mails}"
    );
    let (_, theirs) = server.send("GET", "/addresses/", Some(&other), None).await;
    assert_eq!(
        theirs.as_array().unwrap().len(),
        1,
        "Karl keeps his address"
    );

    // The email can register again: a new account with nothing of the old one.
    let (status, again) = register(&server).await;
    assert_eq!(status, 201, "{again}");
    assert!(
        again["id"].as_u64().unwrap() > me["id"].as_u64().unwrap(),
        "ids are never reused"
    );
    let fresh = server.login(EMAIL, PASSWORD).await;
    let (_, orders) = server.send("GET", "/orders/", Some(&fresh), None).await;
    assert_eq!(orders, json!([]));
    let (_, addresses) = server.send("GET", "/addresses/", Some(&fresh), None).await;
    assert_eq!(addresses, json!([]));
    // Her old checkout key was deleted with the account: the same request is new.
    let mut new_address = body.clone();
    let (_, saved) = server
        .send(
            "POST",
            "/addresses/",
            Some(&fresh),
            Some(json!({"customer_name": "Rita Reich", "line1": "Chausseestraße 8", "city": "Berlin",
                        "zip": "10115", "country": "DE", "phone": "030999", "email": "", "notes": ""})),
        )
        .await;
    new_address["address_id"] = saved["id"].clone();
    let (status, _) = post_with(&server, "/orders/", Some(&fresh), &key, &new_address).await;
    assert_eq!(status, 201);
    server.stop().await;
}

#[tokio::test]
async fn admins_delete_accounts_with_the_command_line_not_here() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    let (status, refused) = delete_me(&server, &admin, json!("admin-password-1")).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("forbidden")));
    let (status, _) = server.send("GET", "/users/me", Some(&admin), None).await;
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test]
async fn guessing_the_password_is_throttled_like_a_login() {
    let server = TestServer::start().await;
    let token = server.customer_token().await;
    let mut statuses = Vec::new();
    for attempt in 0..12 {
        let (status, _) = delete_me(&server, &token, json!(format!("guess-{attempt}"))).await;
        statuses.push(status);
    }
    assert_eq!(statuses[0], 403);
    assert_eq!(*statuses.last().unwrap(), 429, "{statuses:?}");
    let response = server
        .client
        .delete(server.url("/users/me"))
        .bearer_auth(&token)
        .json(&json!({"password": "kunde-password-1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429, "even the right password waits");
    assert!(response.headers().contains_key("retry-after"));
    server.stop().await;
}
