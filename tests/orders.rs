//! Placing orders: server-side pricing, refusals that leave nothing behind,
//! idempotency, privacy, and the restaurant's answers.

use serde_json::{Value, json};

use crate::support::ordering::*;
use crate::support::{TestServer, with_field};

#[tokio::test]
async fn a_guest_cash_order_is_priced_by_the_server_numbered_and_tracked() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let cola_small = menu.product("Coca-Cola")["variants"][0]["price"].clone();
    let cola_deposit = cents(&menu.product("Coca-Cola")["variants"][0]["deposit"]);
    assert_eq!(cola_deposit, 15, "the demo's small Coca-Cola has a deposit");
    let (status, order) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    assert_eq!(status, 201, "{order}");
    let goods = 2 * 590 + cents(&cola_small);
    assert_eq!(cents(&order["subtotal"]), goods);
    assert_eq!(cents(&order["delivery_fee"]), 150);
    assert_eq!(
        cents(&order["discount"]),
        0,
        "no delivery discount in the demo"
    );
    // The deposit is charged beside the goods (PAngV), not inside them.
    assert_eq!(cents(&order["deposit"]), cola_deposit);
    assert_eq!(cents(&order["lines"][1]["deposit"]), cola_deposit);
    assert_eq!(cents(&order["total"]), goods + 150 + cola_deposit);
    assert_eq!(order["status"], "waiting_for_confirmation");
    assert_eq!(order["payment_status"], "cash_due");
    assert_eq!(order["number"], 1);
    assert_eq!(order["business_date"], "2026-11-23");
    assert_eq!(order["note"], "Bitte klingeln");
    assert_eq!(order["customer"]["phone"], "0305551234");
    assert_eq!(order["lines"][1]["name"], "Coca-Cola (0,33 l)");
    assert_eq!(order["lines"][0]["tax_percentage"], 7.0);
    assert!(
        !order["lines"][0]["allergens"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    // VAT per rate: food 7 %, drinks 19 %, adding up to the total.
    let vat = order["vat"].as_array().unwrap();
    assert_eq!(vat.len(), 2);
    assert_eq!(vat[0]["percentage"], 7.0);
    assert_eq!(vat[1]["percentage"], 19.0);
    let gross: i64 = vat.iter().map(|v| cents(&v["gross"])).sum();
    assert_eq!(gross, goods + 150 + cola_deposit);
    for rate in vat {
        assert_eq!(
            cents(&rate["net"]) + cents(&rate["vat"]),
            cents(&rate["gross"])
        );
    }
    assert_eq!(order["history"][0]["status"], "waiting_for_confirmation");
    let token = order["token"].as_str().unwrap();
    assert_eq!(token.len(), 64, "256 bits");
    assert!(order.get("paypal_order_id").is_none(), "customer view");

    let (status, tracked) = server.get_json(&format!("/orders/track/{token}")).await;
    assert_eq!(status, 200);
    assert_eq!(tracked, order);
    let (status, _) = server
        .get_json(&format!("/orders/track/{}", "0".repeat(64)))
        .await;
    assert_eq!(status, 404);

    // The next order of the day gets the next number; pickup gets 10 % off, no fee.
    let mut pickup = guest_order(json!([line(menu.id("Bruschetta"), 1)]), "");
    pickup["order_type"] = json!("pickup");
    let (status, second) = post_with(&server, "/orders/guest", None, &[], &pickup).await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(second["number"], 2);
    assert_eq!(cents(&second["discount"]), 59);
    assert_eq!(second["discount_percentage"], 10.0);
    assert_eq!(cents(&second["total"]), 531);
    assert_eq!(cents(&second["delivery_fee"]), 0);
}

#[tokio::test]
async fn tampering_and_impossible_orders_are_refused_and_leave_nothing_behind() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let good = guest_order(lunch_lines(&menu), "10115");
    let with = |key: &str, value: Value| with_field(&good, key, value);
    let with_line = |field: &str, value: Value| {
        let mut body = good.clone();
        body["lines"][0][field] = value;
        body
    };
    let foreign_variant = json!([{
        "product_id": menu.id("Pizza Salami"),
        "variant_id": menu.variant("Pizza Margherita", "Ø 26 cm"),
        "extras": [], "quantity": 2
    }]);
    let salad_without_dressing = json!([line(menu.id("Insalata Mista"), 2)]);
    let cases: Vec<(&str, Value, u16, &str)> = vec![
        (
            "client total",
            with("total", json!(0.01)),
            400,
            "bad_request",
        ),
        (
            "client status",
            with("status", json!("accepted")),
            400,
            "bad_request",
        ),
        (
            "line price",
            with_line("price", json!(0.01)),
            400,
            "bad_request",
        ),
        (
            "zero quantity",
            with_line("quantity", json!(0)),
            400,
            "invalid",
        ),
        (
            "negative quantity",
            with_line("quantity", json!(-3)),
            400,
            "invalid",
        ),
        (
            "huge quantity",
            with_line("quantity", json!(100000)),
            400,
            "invalid",
        ),
        (
            "foreign variant",
            with("lines", foreign_variant),
            409,
            "variant_unavailable",
        ),
        (
            "sold out",
            with("lines", json!([line(menu.id("Cannoli Siciliani"), 3)])),
            409,
            "sold_out",
        ),
        (
            "unknown product",
            with("lines", json!([line(999_999, 1)])),
            409,
            "product_unavailable",
        ),
        (
            "group minimum",
            with("lines", salad_without_dressing.clone()),
            409,
            "too_few_extras",
        ),
        ("empty cart", with("lines", json!([])), 400, "empty_cart"),
        (
            "below minimum",
            with("lines", json!([line(menu.id("Bruschetta"), 1)])),
            409,
            "below_minimum",
        ),
        (
            "unknown postcode",
            with("shipping_address", guest_address("99999")),
            400,
            "postcode_not_served",
        ),
        (
            "slot not offered",
            with("preorder_at", json!("2026-11-23T11:07:00Z")),
            409,
            "slot_unavailable",
        ),
        (
            "missing phone",
            {
                let mut body = good.clone();
                body["shipping_address"]["phone"] = json!("");
                body
            },
            400,
            "invalid",
        ),
        (
            "online without PayPal configured",
            with("payment_method", json!("online")),
            400,
            "online_payment_unavailable",
        ),
        (
            "address id for a guest",
            with("address_id", json!(1)),
            400,
            "invalid",
        ),
        (
            "note too long",
            with("note", json!("x".repeat(501))),
            400,
            "invalid",
        ),
    ];
    // Each answer names exactly the parameters the API document lists for its code.
    let (_, document) = server.get_json("/openapi.json").await;
    let declared =
        &document["components"]["schemas"]["ErrorBody"]["properties"]["code"]["x-params"];
    for (name, body, status, code) in cases {
        let (got, answer) = post_with(&server, "/orders/guest", None, &[], &body).await;
        assert_eq!(got, status, "{name}: {answer}");
        assert_eq!(answer["code"], code, "{name}: {answer}");
        assert!(!answer["detail"].as_str().unwrap().is_empty(), "{name}");
        if code != "bad_request" {
            let mut given: Vec<&str> = answer["params"]
                .as_object()
                .unwrap_or_else(|| panic!("{name}: no params in {answer}"))
                .keys()
                .map(String::as_str)
                .collect();
            given.sort_unstable();
            let mut wanted: Vec<&str> = declared[code]
                .as_array()
                .unwrap_or_else(|| panic!("{code} is not in the API document"))
                .iter()
                .map(|param| param.as_str().unwrap())
                .collect();
            wanted.sort_unstable();
            assert_eq!(given, wanted, "{name}: {answer}");
        }
    }
    let (_, below) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &with("lines", json!([line(menu.id("Bruschetta"), 1)])),
    )
    .await;
    assert_eq!(
        below["detail"],
        "The minimum order amount for 10115 is 12,00 €."
    );
    assert_eq!(
        below["params"],
        json!({"postcode": "10115", "minimum": "12,00 €"})
    );
    let (_, sold_out) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &with("lines", json!([line(menu.id("Cannoli Siciliani"), 3)])),
    )
    .await;
    assert_eq!(sold_out["params"], json!({"product": "Cannoli Siciliani"}));
    let (_, no_dressing) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &with("lines", salad_without_dressing.clone()),
    )
    .await;
    assert_eq!(
        no_dressing["params"]["product"], "Insalata Mista",
        "{no_dressing}"
    );
    assert_eq!(no_dressing["params"]["min"], "1", "{no_dressing}");

    let (status, day) = server
        .send("GET", "/admin/orders", Some(&admin), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(day["count"], 0, "nothing half-written: {day}");
    assert!(day["orders"].as_array().unwrap().is_empty());

    // Paused: only pre-orders for later are possible, and none while paused.
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14/pause",
            Some(&admin),
            Some(json!({"paused": true})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &good).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "store_closed");
}

#[tokio::test]
async fn variants_and_extras_are_priced_like_the_cart() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let variant = menu.variant("Pizza Salami", "Ø 32 cm");
    let variant_cents = menu.product("Pizza Salami")["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == variant)
        .map(|v| cents(&v["price"]))
        .unwrap();
    let (mozzarella, mozzarella_cents) = menu.topping("Pizza Salami", "Extra Mozzarella");
    let (onions, onions_cents) = menu.topping("Pizza Salami", "Zwiebeln");
    let mut body = guest_order(
        json!([{
            "product_id": menu.id("Pizza Salami"), "variant_id": variant, "quantity": 2,
            "extras": [{"topping_id": mozzarella, "quantity": 1}, {"topping_id": onions, "quantity": 2}]
        }]),
        "",
    );
    body["order_type"] = json!("pickup");
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    // Spec §9: (price + each extra × its quantity) × the line's quantity.
    let subtotal = (variant_cents + mozzarella_cents + 2 * onions_cents) * 2;
    assert_eq!(cents(&order["subtotal"]), subtotal);
    assert_eq!(order["lines"][0]["name"], "Pizza Salami (Ø 32 cm)");
    let extras = order["lines"][0]["extras"].as_array().unwrap();
    let onion_line = extras.iter().find(|e| e["topping_id"] == onions).unwrap();
    assert_eq!(onion_line["quantity"], 2);
    // 10 % pickup discount, rounded half up to the cent.
    let discount = (subtotal * 1000 + 5000) / 10000;
    assert_eq!(cents(&order["discount"]), discount);
    assert_eq!(cents(&order["total"]), subtotal - discount);
}

#[tokio::test]
async fn a_preorder_for_an_offered_slot_is_taken() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let (_, slots) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    let slot = slots["slots"][0]["starts_at"].clone();
    let mut body = guest_order(lunch_lines(&menu), "10115");
    body["preorder_at"] = slot.clone();
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    let parse = |v: &Value| {
        v.as_str()
            .unwrap()
            .parse::<chrono::DateTime<chrono::Utc>>()
            .unwrap()
    };
    assert_eq!(parse(&order["preorder_at"]), parse(&slot));
}

#[tokio::test]
async fn the_same_idempotency_key_never_makes_two_orders() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let key = [("Idempotency-Key", "4f1c2a9e-attempt-1")];
    let (first_status, first) = post_with(&server, "/orders/guest", None, &key, &body).await;
    let (again_status, again) = post_with(&server, "/orders/guest", None, &key, &body).await;
    assert_eq!((first_status, again_status), (201, 200));
    assert_eq!(first["id"], again["id"]);
    let mut other = body.clone();
    other["note"] = json!("anders");
    let (status, conflict) = post_with(&server, "/orders/guest", None, &key, &other).await;
    assert_eq!(status, 409);
    assert_eq!(conflict["code"], "idempotency_conflict");
    let (status, bad) = post_with(
        &server,
        "/orders/guest",
        None,
        &[("Idempotency-Key", "")],
        &body,
    )
    .await;
    assert_eq!(status, 400, "{bad}");
    let (_, day) = server
        .send("GET", "/admin/orders", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 1);
}

#[tokio::test]
async fn concurrent_orders_share_commits_but_each_gets_its_own_answer() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let good = guest_order(lunch_lines(&menu), "10115");
    let too_small = guest_order(json!([line(menu.id("Bruschetta"), 1)]), "10115");
    let key = [("Idempotency-Key", "same-click-twice")];
    let mut requests = Vec::new();
    for index in 0..26 {
        let (body, headers): (&Value, &[(&str, &str)]) = match index % 3 {
            _ if index >= 24 => (&good, &key),
            2 => (&too_small, &[]),
            _ => (&good, &[]),
        };
        requests.push(post_with(&server, "/orders/guest", None, headers, body));
    }
    let answers = futures_util::future::join_all(requests).await;

    let refused: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == 409)
        .map(|(_, b)| b)
        .collect();
    assert_eq!(refused.len(), 8);
    assert!(refused.iter().all(|body| body["code"] == "below_minimum"));
    let replayed: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == 200)
        .map(|(_, b)| b)
        .collect();
    assert_eq!(
        replayed.len(),
        1,
        "one of the two clicks is answered with the first order"
    );
    let created: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == 201)
        .map(|(_, b)| b)
        .collect();
    assert_eq!(created.len(), 17);
    assert!(created.iter().any(|order| order["id"] == replayed[0]["id"]));
    let mut numbers: Vec<u64> = created
        .iter()
        .map(|o| o["number"].as_u64().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        (1..=17).collect::<Vec<u64>>(),
        "no gaps, no duplicates"
    );

    let (_, day) = server
        .send("GET", "/admin/orders", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 17);
    for order in &created {
        let (status, stored) = server
            .send(
                "GET",
                &format!("/admin/orders/{}", order["id"]),
                Some(&admin),
                None,
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(stored["total"], order["total"]);
        assert_eq!(stored["number"], order["number"]);
    }
    // No SMTP server here: each created order's confirmation is kept in the outbox,
    // the mails sharing commits like the orders, one mail per order.
    let mails = outbox(&server, &admin, created.len() + 1).await;
    assert_eq!(mails.len(), created.len());
    let mut mailed: Vec<u64> = mails
        .iter()
        .map(|mail| {
            let subject = mail["subject"].as_str().unwrap();
            subject.rsplit(' ').next().unwrap().parse().unwrap()
        })
        .collect();
    mailed.sort_unstable();
    assert_eq!(mailed, numbers);
}

#[tokio::test]
async fn customers_order_to_their_saved_addresses_and_see_only_their_orders() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let customer = server.customer_token().await;
    let address = save_address(&server, &customer, "").await;
    let body = saved_address_order(&menu, &address);
    let (status, order) = post_with(&server, "/orders/", Some(&customer), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["customer"]["customer_name"], "Karl Kunde");
    assert_eq!(
        order["customer"]["email"], "kunde@example.com",
        "the account's email"
    );
    let (status, mine) = server.send("GET", "/orders/", Some(&customer), None).await;
    assert_eq!(status, 200);
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!(mine[0]["id"], order["id"]);

    // Someone else can neither use the address nor see the order.
    server
        .create_account(
            "other@example.com",
            "other-password-1",
            heimservice::domain::user::Role::Customer,
        )
        .await;
    let other = server.login("other@example.com", "other-password-1").await;
    let (status, refused) = post_with(&server, "/orders/", Some(&other), &[], &body).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["field"], "address_id");
    let (_, theirs) = server.send("GET", "/orders/", Some(&other), None).await;
    assert_eq!(theirs, json!([]));
    let own = format!("/orders/{}", order["id"]);
    let (status, fetched) = server.send("GET", &own, Some(&customer), None).await;
    assert_eq!((status, &fetched["id"]), (200, &order["id"]));
    let (status, hidden) = server.send("GET", &own, Some(&other), None).await;
    assert_eq!(
        (status, hidden["code"].as_str()),
        (404, Some("order_not_found")),
        "another user's order"
    );
    let (status, _) = server
        .send(
            "GET",
            &format!("/admin/orders/{}", order["id"]),
            Some(&other),
            None,
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = post_with(&server, "/orders/", None, &[], &body).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn the_restaurant_accepts_rejects_and_moves_orders_on() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let (_, first) = post_with(&server, "/orders/guest", None, &[], &body).await;
    let (_, second) = post_with(&server, "/orders/guest", None, &[], &body).await;
    let id = first["id"].as_u64().unwrap();
    let (_, open) = server
        .send("GET", "/admin/orders/open", Some(&admin), None)
        .await;
    assert_eq!(open["orders"].as_array().unwrap().len(), 2, "{open}");
    assert_eq!(open["next_after"], Value::Null, "{open}");
    assert!(open["orders"][0]["auto_reject_at"].is_string());

    let path = |action: &str| format!("/admin/orders/{id}/{action}");
    let (status, bad) = server
        .send(
            "POST",
            &path("accept"),
            Some(&admin),
            Some(json!({"minutes": 2})),
        )
        .await;
    assert_eq!((status, bad["field"].as_str()), (400, Some("minutes")));
    let (status, too_early) = server
        .send(
            "POST",
            &path("status"),
            Some(&admin),
            Some(json!({"status": "preparing"})),
        )
        .await;
    assert_eq!(status, 409, "{too_early}");
    let (status, accepted) = server
        .send(
            "POST",
            &path("accept"),
            Some(&admin),
            Some(json!({"minutes": 20})),
        )
        .await;
    assert_eq!(status, 200, "{accepted}");
    assert_eq!(accepted["status"], "accepted");
    assert_eq!(accepted["estimated_minutes"], 20);
    let ready: chrono::DateTime<chrono::Utc> = accepted["estimated_ready_at"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let placed: chrono::DateTime<chrono::Utc> =
        accepted["created_at"].as_str().unwrap().parse().unwrap();
    let minutes = (ready - placed).num_minutes();
    assert!((20..=21).contains(&minutes), "{minutes}");
    assert!(accepted["auto_reject_at"].is_null());
    let (status, again) = server
        .send(
            "POST",
            &path("reject"),
            Some(&admin),
            Some(json!({"reason": "zu spät"})),
        )
        .await;
    assert_eq!(
        (status, again["code"].as_str()),
        (409, Some("invalid_transition"))
    );

    for (step, expected) in [
        ("preparing", 200),
        ("ready_for_pickup", 409),
        ("out_for_delivery", 200),
        ("preparing", 409),
        ("completed", 200),
    ] {
        let (status, answer) = server
            .send(
                "POST",
                &path("status"),
                Some(&admin),
                Some(json!({"status": step})),
            )
            .await;
        assert_eq!(status, expected, "{step}: {answer}");
    }
    let (_, done) = server
        .get_json(&format!(
            "/orders/track/{}",
            first["token"].as_str().unwrap()
        ))
        .await;
    let steps: Vec<&str> = done["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        steps,
        [
            "waiting_for_confirmation",
            "accepted",
            "preparing",
            "out_for_delivery",
            "completed"
        ]
    );

    let second_id = second["id"].as_u64().unwrap();
    let (status, missing) = server
        .send(
            "POST",
            &format!("/admin/orders/{second_id}/reject"),
            Some(&admin),
            Some(json!({"reason": "  "})),
        )
        .await;
    assert_eq!((status, missing["field"].as_str()), (400, Some("reason")));
    let (status, rejected) = server
        .send(
            "POST",
            &format!("/admin/orders/{second_id}/reject"),
            Some(&admin),
            Some(json!({"reason": "Küche geschlossen"})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(rejected["rejection_reason"], "Küche geschlossen");
    assert_eq!(rejected["payment_status"], "cash_due");

    let (_, open) = server
        .send("GET", "/admin/orders/open", Some(&admin), None)
        .await;
    assert_eq!(open["orders"], json!([]), "{open}");
    assert_eq!(open["next_after"], Value::Null, "{open}");
    let (_, day) = server
        .send("GET", "/admin/orders?date=2026-11-23", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 1, "the rejected order does not count");
    assert_eq!(cents(&day["revenue"]), cents(&first["total"]));
    assert_eq!(day["orders"][0]["id"], second["id"], "newest first");
    let (_, other_day) = server
        .send("GET", "/admin/orders?date=2026-11-22", Some(&admin), None)
        .await;
    assert_eq!(other_day["count"], 0);
    let (status, _) = server
        .send("GET", "/admin/orders/999", Some(&admin), None)
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_unanswered_order_is_rejected_automatically() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_ORDERS_AUTO_REJECT_SECONDS", "1")
        .start()
        .await;
    let menu = Menu::load(&server).await;
    let (_, order) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    let tracked = track_until(&server, &order, |tracked| tracked["status"] == "rejected").await;
    assert_eq!(tracked["status"], "rejected", "{tracked}");
    assert_eq!(
        tracked["rejection_reason"],
        "The restaurant did not respond in time."
    );
}

#[tokio::test]
async fn the_customer_gets_a_confirmation_with_the_status_link_and_the_answer() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (_, order) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    let link = format!("/order-online/orders/{}", order["token"].as_str().unwrap());
    server
        .send(
            "POST",
            &format!("/admin/orders/{}/accept", order["id"]),
            Some(&admin),
            Some(json!({"minutes": 30})),
        )
        .await;
    let mails = &outbox(&server, &admin, 2).await;
    let confirmation = mails
        .iter()
        .find(|m| {
            m["subject"]
                .as_str()
                .unwrap()
                .contains("Bestellung Nr. 1 /")
        })
        .expect("a confirmation mail");
    assert_eq!(confirmation["to"], "gina@example.com");
    assert!(
        confirmation["body"].as_str().unwrap().contains(&link),
        "{confirmation}"
    );
    let total = cents(&order["total"]);
    let total_text = format!("{},{:02} €", total / 100, total % 100);
    assert!(confirmation["body"].as_str().unwrap().contains(&total_text));
    let answer = mails
        .iter()
        .find(|m| m["subject"].as_str().unwrap().contains("angenommen"))
        .expect("an acceptance mail");
    assert!(
        answer["body"].as_str().unwrap().contains("12:30"),
        "ready at 12:30 Berlin time"
    );

    // On its way: the customer hears it by mail too.
    let (status, moved) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/status", order["id"]),
            Some(&admin),
            Some(json!({"status": "out_for_delivery"})),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    let mails = outbox(&server, &admin, 3).await;
    let on_its_way = mails
        .iter()
        .find(|m| {
            m["subject"]
                .as_str()
                .unwrap()
                .contains("unterwegs / on its way")
        })
        .expect("a mail when the driver sets off");
    assert_eq!(on_its_way["to"], "gina@example.com");
    assert!(
        on_its_way["body"]
            .as_str()
            .unwrap()
            .contains("Ihre Bestellung Nr. 1 bei"),
        "{on_its_way}"
    );
}

#[tokio::test]
async fn an_international_phone_number_keeps_its_plus() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let mut order = guest_order(lunch_lines(&menu), "10115");
    order["shipping_address"]["phone"] = json!("+49 176 1234-567");
    let (status, placed) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["customer"]["phone"], "+491761234567");
    order["shipping_address"]["phone"] = json!("+49 176 1234 5678 9012");
    let (status, refused) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["field"], "shipping_address.phone");
    server.stop().await;
}

#[tokio::test]
async fn a_guest_picking_up_gives_no_street_but_a_delivery_needs_one() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let mut order = guest_order(lunch_lines(&menu), "10115");
    order["shipping_address"]["line1"] = json!("");
    let (status, refused) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["field"], "shipping_address.line1");
    order["order_type"] = json!("pickup");
    order["shipping_address"]["zip"] = json!("");
    let (status, placed) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["customer"]["line1"], "");
    server.stop().await;
}

#[tokio::test]
async fn a_pickup_customer_is_told_by_mail_when_the_order_is_ready() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut body = guest_order(lunch_lines(&menu), "10115");
    body["order_type"] = json!("pickup");
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    answer(&server, &admin, &order, "accept", json!({"minutes": 20})).await;
    let mails = outbox(&server, &admin, 2).await;
    assert!(
        !mails
            .iter()
            .any(|m| m["subject"].as_str().unwrap().contains("abholbereit")),
        "not ready yet"
    );
    answer(
        &server,
        &admin,
        &order,
        "status",
        json!({"status": "ready_for_pickup"}),
    )
    .await;
    let mails = outbox(&server, &admin, 3).await;
    let ready = mails
        .iter()
        .find(|m| {
            m["subject"]
                .as_str()
                .unwrap()
                .contains("Bestellung Nr. 1 abholbereit / ready for pickup")
        })
        .expect("a mail when it is ready at the counter");
    assert_eq!(ready["to"], "gina@example.com");
    assert!(
        ready["body"]
            .as_str()
            .unwrap()
            .contains("is ready for pickup"),
        "{ready}"
    );
    server.stop().await;
}
