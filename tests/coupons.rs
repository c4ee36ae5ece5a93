//! Coupon codes: the owner makes them; the checkout's pricing applies them on top of
//! the standing discount, refuses each term that does not hold with its own code, and
//! counts each use in the order's own transaction, so a code limited to five is used
//! five times however many customers try at once; a rejected order gives its use back.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;

async fn coupon_server() -> TestServer {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_ORDERS_MAX_WAITING", "1000")
        .start()
        .await
}

async fn make(server: &TestServer, admin: &str, body: Value) -> Value {
    let (status, coupon) = server
        .send("POST", "/admin/coupons", Some(admin), Some(body))
        .await;
    assert_eq!(status, 201, "{coupon}");
    coupon
}

/// A guest's delivery order of the lunch lines, from caller `n`, with `code`.
fn with_code(menu: &Menu, code: &str, n: usize) -> Value {
    let mut order = guest_order(lunch_lines(menu), "10115");
    order["shipping_address"]["phone"] = json!(format!("030 777 {n:04}"));
    order["shipping_address"]["email"] = json!(format!("kunde{n}@example.com"));
    order["coupon_code"] = json!(code);
    order
}

/// The coupon as the owner sees it now.
async fn coupon_now(server: &TestServer, admin: &str, coupon: &Value) -> Value {
    let path = format!("/admin/coupons/{}", coupon["id"]);
    let (status, seen) = server.send("GET", &path, Some(admin), None).await;
    assert_eq!(status, 200, "{seen}");
    seen
}

async fn quote(server: &TestServer, body: &Value) -> (u16, Value) {
    post_with(server, "/orders/guest/quote", None, &[], body).await
}

fn vat_gross(answer: &Value) -> i64 {
    answer["vat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| cents(&line["gross"]))
        .sum()
}

#[tokio::test]
async fn a_coupon_is_applied_by_the_server_and_every_term_refuses_with_its_own_code() {
    let server = coupon_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;

    // The owner's form: bad terms are named.
    for (body, field) in [
        (
            json!({"code": "ab", "kind": "percent", "percent": 10}),
            "code",
        ),
        (
            json!({"code": "HALLO", "kind": "percent", "percent": 0}),
            "percent",
        ),
        (
            json!({"code": "HALLO", "kind": "percent", "percent": 101}),
            "percent",
        ),
        (
            json!({"code": "HALLO", "kind": "amount", "amount": -1}),
            "amount",
        ),
        (json!({"code": "HALLO", "kind": "gift"}), "kind"),
        (
            json!({"code": "HALLO", "kind": "free_delivery", "valid_from": "2026-11-24", "valid_to": "2026-11-23"}),
            "valid_to",
        ),
        (
            json!({"code": "HALLO", "kind": "free_delivery", "total_limit": 0}),
            "total_limit",
        ),
    ] {
        let (status, refused) = server
            .send("POST", "/admin/coupons", Some(&admin), Some(body.clone()))
            .await;
        assert_eq!(
            (status, refused["field"].as_str()),
            (400, Some(field)),
            "{body}: {refused}"
        );
    }

    let hallo = make(
        &server,
        &admin,
        json!({"code": "hallo10", "kind": "percent", "percent": 10, "minimum_order": 12,
               "order_types": "delivery", "per_customer_limit": 1}),
    )
    .await;
    assert_eq!(hallo["code"], "HALLO10");
    let (status, taken) = server
        .send(
            "POST",
            "/admin/coupons",
            Some(&admin),
            Some(json!({"code": "Hallo10", "kind": "free_delivery"})),
        )
        .await;
    assert_eq!(
        (status, taken["code"].as_str()),
        (409, Some("coupon_code_taken"))
    );

    // Applied: 10 % of the goods after the standing discount; the VAT follows.
    let plain = guest_order(lunch_lines(&menu), "10115");
    let (_, before) = quote(&server, &plain).await;
    let body = with_code(&menu, "hallo10", 1);
    let (status, quoted) = quote(&server, &body).await;
    assert_eq!(status, 200, "{quoted}");
    assert_eq!(quoted["coupon_code"], "HALLO10");
    let goods = cents(&quoted["subtotal"]) - cents(&quoted["discount"]);
    let off = (goods * 1000 + 5_000) / 10_000;
    assert_eq!(cents(&quoted["coupon"]), off);
    assert_eq!(cents(&quoted["total"]), cents(&before["total"]) - off);
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(cents(&order["coupon"]), off);
    assert_eq!(vat_gross(&order), cents(&order["total"]));
    let mails = outbox(&server, &admin, 1).await;
    let text = mails[0]["body"].as_str().unwrap();
    assert!(text.contains("Gutschein / coupon HALLO10: -"), "{text}");

    // Each term refuses on its own.
    let refused = |code: &'static str| {
        move |(status, body): (u16, Value)| {
            assert_eq!(
                (status, body["code"].as_str(), body["field"].as_str()),
                (
                    if code == "coupon_unknown" { 400 } else { 409 },
                    Some(code),
                    Some("coupon_code")
                ),
                "{body}"
            );
            body
        }
    };
    // The same customer again (same phone), and the same e-mail with another phone.
    refused("coupon_used_already")(quote(&server, &with_code(&menu, "HALLO10", 1)).await);
    let mut same_mail = with_code(&menu, "HALLO10", 2);
    same_mail["shipping_address"]["email"] = json!("kunde1@example.com");
    refused("coupon_used_already")(
        post_with(&server, "/orders/guest", None, &[], &same_mail).await,
    );
    refused("coupon_unknown")(quote(&server, &with_code(&menu, "NIX", 3)).await);
    let mut pickup = with_code(&menu, "HALLO10", 4);
    pickup["order_type"] = json!("pickup");
    let body = refused("coupon_wrong_order_type")(quote(&server, &pickup).await);
    assert_eq!(body["params"]["order_type"], "delivery");

    let big = make(
        &server,
        &admin,
        json!({"code": "GROSS", "kind": "amount", "amount": 5, "minimum_order": 30}),
    )
    .await;
    let body = refused("coupon_below_minimum")(quote(&server, &with_code(&menu, "GROSS", 6)).await);
    assert_eq!(body["params"]["minimum"], "30,00 €");
    let expired = make(
        &server,
        &admin,
        json!({"code": "SOMMER", "kind": "free_delivery", "valid_to": "2026-11-22"}),
    )
    .await;
    let body = refused("coupon_expired")(quote(&server, &with_code(&menu, "sommer", 7)).await);
    assert_eq!(body["params"]["date"], "2026-11-22");
    make(
        &server,
        &admin,
        json!({"code": "WINTER", "kind": "free_delivery", "valid_from": "2026-12-01"}),
    )
    .await;
    refused("coupon_not_yet_valid")(quote(&server, &with_code(&menu, "WINTER", 8)).await);
    make(
        &server,
        &admin,
        json!({"code": "NEU", "kind": "amount", "amount": 3, "first_order_only": true}),
    )
    .await;
    refused("coupon_first_order_only")(quote(&server, &with_code(&menu, "NEU", 1)).await);
    let (status, first) = quote(&server, &with_code(&menu, "NEU", 9)).await;
    assert_eq!((status, cents(&first["coupon"])), (200, 300), "{first}");
    make(
        &server,
        &admin,
        json!({"code": "EINMAL", "kind": "free_delivery", "total_limit": 1}),
    )
    .await;
    let (status, free) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &with_code(&menu, "EINMAL", 10),
    )
    .await;
    assert_eq!(status, 201, "{free}");
    assert_eq!(
        cents(&free["coupon"]),
        cents(&free["delivery_fee"]),
        "free delivery"
    );
    assert_eq!(vat_gross(&free), cents(&free["total"]));
    refused("coupon_exhausted")(quote(&server, &with_code(&menu, "EINMAL", 11)).await);
    // Rejecting the order gives its use back.
    answer(
        &server,
        &admin,
        &free,
        "reject",
        json!({"reason": "Zu voll"}),
    )
    .await;
    assert_eq!(quote(&server, &with_code(&menu, "EINMAL", 11)).await.0, 200);

    // A paused code is unknown to customers until resumed.
    let path = format!("/admin/coupons/{}", big["id"]);
    let paused =
        json!({"code": "GROSS", "kind": "amount", "amount": 5, "minimum_order": 1, "paused": true});
    let (status, changed) = server.send("PUT", &path, Some(&admin), Some(paused)).await;
    assert_eq!(
        (status, changed["paused"].as_bool()),
        (200, Some(true)),
        "{changed}"
    );
    refused("coupon_unknown")(quote(&server, &with_code(&menu, "GROSS", 12)).await);
    let resumed = json!({"code": "GROSS", "kind": "amount", "amount": 5, "minimum_order": 1});
    server.send("PUT", &path, Some(&admin), Some(resumed)).await;
    assert_eq!(quote(&server, &with_code(&menu, "GROSS", 12)).await.0, 200);
    // A malformed code is an invalid field.
    let (status, bad) = quote(&server, &with_code(&menu, "no way!", 13)).await;
    assert_eq!(
        (status, bad["field"].as_str()),
        (400, Some("coupon_code")),
        "{bad}"
    );

    // The owner sees uses, revenue and what each code took off.
    let (_, list) = server
        .send("GET", "/admin/coupons", Some(&admin), None)
        .await;
    let hallo = list
        .as_array()
        .unwrap()
        .iter()
        .find(|coupon| coupon["code"] == "HALLO10")
        .unwrap();
    assert_eq!(hallo["uses"], 1);
    assert_eq!(cents(&hallo["revenue"]), cents(&order["total"]));
    assert_eq!(cents(&hallo["given"]), off);
    let expired = coupon_now(&server, &admin, &expired).await;
    assert_eq!(expired["uses"], 0);
    let (status, _) = server
        .send("GET", "/admin/coupons/999", Some(&admin), None)
        .await;
    assert_eq!(status, 404);
    server.stop().await;
}

#[tokio::test]
async fn twenty_customers_at_once_use_a_code_limited_to_five_exactly_five_times() {
    let server = coupon_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let coupon = make(
        &server,
        &admin,
        json!({"code": "FUENF", "kind": "amount", "amount": 2, "total_limit": 5}),
    )
    .await;
    let attempts = (0..20).map(|n| {
        let body = with_code(&menu, "FUENF", 100 + n);
        let server = &server;
        async move { post_with(server, "/orders/guest", None, &[], &body).await }
    });
    let answers = futures_util::future::join_all(attempts).await;
    let placed: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, body)| body)
        .collect();
    assert_eq!(placed.len(), 5, "{answers:?}");
    for (status, body) in answers.iter().filter(|(status, _)| *status != 201) {
        assert_eq!(
            (*status, body["code"].as_str()),
            (409, Some("coupon_exhausted")),
            "{body}"
        );
    }
    for order in &placed {
        assert_eq!(cents(&order["coupon"]), 200, "{order}");
    }
    let seen = coupon_now(&server, &admin, &coupon).await;
    assert_eq!(seen["uses"], 5);
    assert_eq!(cents(&seen["given"]), 5 * 200);
    let revenue: i64 = placed.iter().map(|order| cents(&order["total"])).sum();
    assert_eq!(cents(&seen["revenue"]), revenue);
    // The day's report says what the codes took off.
    let path = "/admin/reports/revenue?from=2026-11-23&to=2026-11-23";
    let (_, report) = server.send("GET", path, Some(&admin), None).await;
    let figures = &report["days"][0]["figures"];
    assert_eq!(cents(&figures["coupons"]), 5 * 200, "{report}");
    assert_eq!(cents(&figures["revenue"]), revenue);
    server.stop().await;
}

#[tokio::test]
async fn a_change_of_the_items_takes_the_coupons_part_by_its_terms_and_a_cancellation_gives_the_use_back()
 {
    let server = coupon_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let coupon = make(
        &server,
        &admin,
        json!({"code": "ZEHN", "kind": "percent", "percent": 10, "total_limit": 1}),
    )
    .await;
    let (status, order) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &with_code(&menu, "ZEHN", 1),
    )
    .await;
    assert_eq!(status, 201, "{order}");
    answer(&server, &admin, &order, "accept", json!({"minutes": 30})).await;

    let path = format!("/admin/orders/{}/lines", order["id"]);
    let fewer = json!({"lines": [line(menu.id("Bruschetta"), 3)], "reason": "Cola aus"});
    let (status, changed) = server.send("PUT", &path, Some(&admin), Some(fewer)).await;
    assert_eq!(status, 200, "{changed}");
    let goods = cents(&changed["subtotal"]) - cents(&changed["discount"]);
    assert_eq!(changed["coupon_code"], "ZEHN");
    assert_eq!(cents(&changed["coupon"]), (goods * 1000 + 5_000) / 10_000);
    assert_eq!(vat_gross(&changed), cents(&changed["total"]));
    let seen = coupon_now(&server, &admin, &coupon).await;
    assert_eq!(cents(&seen["revenue"]), cents(&changed["total"]), "{seen}");
    assert_eq!(cents(&seen["given"]), cents(&changed["coupon"]));

    // Cancelled: the code's only use is free again.
    refused_exhausted(&server, &menu).await;
    let path = format!("/admin/orders/{}/cancel", order["id"]);
    let (status, _) = server
        .send(
            "POST",
            &path,
            Some(&admin),
            Some(json!({"reason": "Ofen kaputt"})),
        )
        .await;
    assert_eq!(status, 200);
    let seen = coupon_now(&server, &admin, &coupon).await;
    assert_eq!(
        (seen["uses"].as_u64(), cents(&seen["given"])),
        (Some(0), 0),
        "{seen}"
    );
    assert_eq!(quote(&server, &with_code(&menu, "ZEHN", 2)).await.0, 200);
    server.stop().await;
}

async fn refused_exhausted(server: &TestServer, menu: &Menu) {
    let (status, refused) = quote(server, &with_code(menu, "ZEHN", 2)).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("coupon_exhausted")),
        "{refused}"
    );
}
