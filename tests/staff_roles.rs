//! The restaurant's two roles: the owner manages the staff's accounts; a member of
//! staff runs the day (the board, phone orders, pause, a test print, sold out) but
//! changes no price, setting or account; every change of an order names who made it.

use serde_json::{Value, json};

use crate::live_orders::open_board;
use crate::support::TestServer;
use crate::support::ordering::*;

const STAFF_PASSWORD: &str = "kitchen-shift-42";

/// The owner creates a member of staff in the admin area; their token.
async fn staff_member(server: &TestServer, owner: &str, name: &str, email: &str) -> String {
    let (status, account) = server
        .send(
            "POST",
            "/admin/accounts",
            Some(owner),
            Some(
                json!({"email": email, "name": name, "role": "staff", "password": STAFF_PASSWORD}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{account}");
    assert_eq!(account["role"], "staff");
    server.login(email, STAFF_PASSWORD).await
}

fn who(order: &Value) -> Vec<(String, Value)> {
    order["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|change| {
            (
                change["status"].as_str().unwrap().to_string(),
                change["by"].clone(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_member_of_staff_runs_the_day_but_not_the_shop() {
    let server = lunch_server().await;
    let owner = server.admin_token().await;
    let luca = staff_member(&server, &owner, "Luca", "luca@example.com").await;
    let (status, me) = server.send("GET", "/users/me", Some(&luca), None).await;
    assert_eq!((status, me["role"].as_str()), (200, Some("staff")));

    // The board: live orders, and the answers.
    let (_board, snapshot) = open_board(&server, &luca).await;
    assert_eq!(snapshot["type"], "snapshot", "{snapshot}");
    let menu = Menu::load(&server).await;
    let guest = guest_order(lunch_lines(&menu), "10115");
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &guest).await;
    assert_eq!(status, 201, "{order}");
    let accepted = answer(&server, &luca, &order, "accept", json!({"minutes": 25})).await;
    assert_eq!(accepted["status"], "accepted");

    // A phone order.
    let (status, phoned) = post_with(
        &server,
        "/admin/phone-orders",
        Some(&luca),
        &[],
        &phone_body(&guest, 30),
    )
    .await;
    assert_eq!(
        (status, phoned["status"].as_str()),
        (201, Some("accepted")),
        "{phoned}"
    );

    // Sold out and back, and nothing else of the product changes.
    let bruschetta = menu.id("Bruschetta");
    let path = format!("/products/{bruschetta}/availability");
    let (status, product) = server
        .send("PUT", &path, Some(&luca), Some(json!({"available": false})))
        .await;
    assert_eq!(
        (status, product["available"].as_bool()),
        (200, Some(false)),
        "{product}"
    );
    let sold_out = Menu::load(&server).await;
    assert_eq!(sold_out.product("Bruschetta")["available"], false);
    assert_eq!(
        sold_out.product("Bruschetta")["price"],
        menu.product("Bruschetta")["price"]
    );
    let (status, refused) = post_with(&server, "/orders/guest", None, &[], &guest).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("sold_out")),
        "{refused}"
    );
    let (status, _) = server
        .send("PUT", &path, Some(&luca), Some(json!({"available": true})))
        .await;
    assert_eq!(status, 200);
    let (status, missing) = server
        .send("PUT", &path, Some(&luca), Some(json!({})))
        .await;
    assert_eq!(
        (status, missing["field"].as_str()),
        (400, Some("available"))
    );

    // Pause and resume.
    for paused in [true, false] {
        let (status, store) = server
            .send(
                "PUT",
                "/stores/14/pause",
                Some(&luca),
                Some(json!({"paused": paused})),
            )
            .await;
        assert_eq!(status, 200, "{store}");
    }

    // No prices, settings, accounts, exports or reports.
    let product = menu.product("Bruschetta").clone();
    for (method, path, body) in [
        ("PUT", format!("/products/{bruschetta}"), Some(product)),
        ("PUT", "/stores/14".to_string(), Some(json!({}))),
        ("GET", "/admin/accounts".to_string(), None),
        (
            "GET",
            "/admin/exports/tax?month=2026-11&format=csv".to_string(),
            None,
        ),
        (
            "GET",
            "/admin/reports/revenue?from=2026-11-01&to=2026-11-30".to_string(),
            None,
        ),
        ("GET", "/admin/readiness".to_string(), None),
    ] {
        let (status, refused) = server.send(method, &path, Some(&luca), body).await;
        assert_eq!(
            (status, refused["code"].as_str()),
            (403, Some("forbidden")),
            "{method} {path}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn every_change_of_an_order_names_who_made_it() {
    let server = lunch_server().await;
    let owner = server.admin_token().await;
    let luca = staff_member(&server, &owner, "Luca Bianchi", "luca@example.com").await;
    let menu = Menu::load(&server).await;
    let guest = guest_order(lunch_lines(&menu), "10115");
    let (_, order) = post_with(&server, "/orders/guest", None, &[], &guest).await;
    answer(&server, &luca, &order, "accept", json!({"minutes": 25})).await;
    let done = answer(
        &server,
        &owner,
        &order,
        "status",
        json!({"status": "completed"}),
    )
    .await;

    let luca_id = server.send("GET", "/users/me", Some(&luca), None).await.1["id"].clone();
    let owner_me = server.send("GET", "/users/me", Some(&owner), None).await.1;
    assert_eq!(
        who(&done),
        [
            (
                "waiting_for_confirmation".into(),
                json!({"kind": "customer", "user_id": null, "name": null})
            ),
            (
                "accepted".into(),
                json!({"kind": "staff", "user_id": luca_id, "name": "Luca Bianchi"})
            ),
            (
                "completed".into(),
                json!({"kind": "staff", "user_id": owner_me["id"], "name": owner_me["customer_name"]})
            ),
        ]
    );
    let (_, detail) = server
        .send(
            "GET",
            &format!("/admin/orders/{}", order["id"]),
            Some(&owner),
            None,
        )
        .await;
    assert_eq!(who(&detail), who(&done), "the order detail shows it");

    // A phone order is placed and accepted by whoever took the call.
    let (_, phoned) = post_with(
        &server,
        "/admin/phone-orders",
        Some(&luca),
        &[],
        &phone_body(&guest, 30),
    )
    .await;
    let takers: Vec<Value> = who(&phoned)
        .into_iter()
        .map(|(_, by)| by["name"].clone())
        .collect();
    assert_eq!(takers, [json!("Luca Bianchi"), json!("Luca Bianchi")]);

    // The customer does not see the restaurant's names.
    let tracked = track_until(&server, &order, |o| o["status"] == "completed").await;
    assert!(
        tracked["history"]
            .as_array()
            .unwrap()
            .iter()
            .all(|change| change["by"].is_null()),
        "{tracked}"
    );

    // The history keeps the name after the account is gone.
    let (status, _) = server
        .send(
            "DELETE",
            &format!("/admin/accounts/{luca_id}"),
            Some(&owner),
            None,
        )
        .await;
    assert_eq!(status, 204);
    let (_, kept) = server
        .send(
            "GET",
            &format!("/admin/orders/{}", order["id"]),
            Some(&owner),
            None,
        )
        .await;
    assert_eq!(kept["history"][1]["by"]["name"], "Luca Bianchi");
    server.stop().await;
}

#[tokio::test]
async fn the_owner_manages_the_staff_accounts_and_cannot_lock_the_shop_out() {
    let server = TestServer::start().await;
    let owner = server.admin_token().await;
    let luca = staff_member(&server, &owner, "Luca", "luca@example.com").await;

    for (body, status, code, field) in [
        (
            json!({"email": "Luca@Example.com", "role": "staff", "password": STAFF_PASSWORD}),
            409,
            "email_taken",
            "email",
        ),
        (
            json!({"email": "mia@example.com", "role": "customer", "password": STAFF_PASSWORD}),
            400,
            "invalid",
            "role",
        ),
        (
            json!({"email": "mia@example.com", "role": "staff", "password": "passwort"}),
            400,
            "invalid",
            "password",
        ),
        (
            json!({"email": "mia", "role": "staff", "password": STAFF_PASSWORD}),
            400,
            "invalid",
            "email",
        ),
        (
            json!({"email": "mia@example.com", "role": "staff"}),
            400,
            "invalid",
            "password",
        ),
    ] {
        let (got, refused) = server
            .send("POST", "/admin/accounts", Some(&owner), Some(body.clone()))
            .await;
        assert_eq!(
            (got, refused["code"].as_str(), refused["field"].as_str()),
            (status, Some(code), Some(field)),
            "{body}: {refused}"
        );
    }
    let (_, accounts) = server
        .send("GET", "/admin/accounts", Some(&owner), None)
        .await;
    let listed: Vec<(&str, &str, &str)> = accounts
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["email"].as_str().unwrap(),
                a["name"].as_str().unwrap(),
                a["role"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("admin@example.com", "Test Person", "owner"),
            ("luca@example.com", "Luca", "staff")
        ],
        "the customers are not listed"
    );
    let luca_id = accounts[1]["id"].as_u64().unwrap();
    let owner_id = accounts[0]["id"].as_u64().unwrap();

    // A new password ends the staff's sessions.
    let (status, _) = server
        .send(
            "PUT",
            &format!("/admin/accounts/{luca_id}/password"),
            Some(&owner),
            Some(json!({"password": "new-shift-4711"})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        server.send("GET", "/users/me", Some(&luca), None).await.0,
        401
    );
    let luca = server.login("luca@example.com", "new-shift-4711").await;

    // Staff cannot make themselves owners.
    let (status, _) = server
        .send(
            "POST",
            "/admin/accounts",
            Some(&luca),
            Some(json!({"email": "boss@example.com", "role": "owner", "password": STAFF_PASSWORD})),
        )
        .await;
    assert_eq!(status, 403);

    // The owner cannot delete their own account; a second owner can.
    let (status, refused) = server
        .send(
            "DELETE",
            &format!("/admin/accounts/{owner_id}"),
            Some(&owner),
            None,
        )
        .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("own_account"))
    );
    let (status, _) = server
        .send(
            "POST",
            "/admin/accounts",
            Some(&owner),
            Some(json!({"email": "maria@example.com", "name": "Maria", "role": "owner", "password": STAFF_PASSWORD})),
        )
        .await;
    assert_eq!(status, 201);
    let maria = server.login("maria@example.com", STAFF_PASSWORD).await;
    let (status, _) = server
        .send(
            "DELETE",
            &format!("/admin/accounts/{owner_id}"),
            Some(&maria),
            None,
        )
        .await;
    assert_eq!(status, 204);
    assert_eq!(
        server.send("GET", "/users/me", Some(&owner), None).await.0,
        401
    );

    // Deleting the staff account ends its session; a customer is no restaurant account.
    let (status, _) = server
        .send(
            "DELETE",
            &format!("/admin/accounts/{luca_id}"),
            Some(&maria),
            None,
        )
        .await;
    assert_eq!(status, 204);
    assert_eq!(
        server.send("GET", "/users/me", Some(&luca), None).await.0,
        401
    );
    let customer = server.customer_token().await;
    let customer_id = server
        .send("GET", "/users/me", Some(&customer), None)
        .await
        .1["id"]
        .clone();
    let (status, _) = server
        .send(
            "DELETE",
            &format!("/admin/accounts/{customer_id}"),
            Some(&maria),
            None,
        )
        .await;
    assert_eq!(status, 404);
    server.stop().await;
}
