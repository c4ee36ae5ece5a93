//! Sold out, finer and self-healing: staff mark a size or a topping sold out (the menu
//! shows it, the server refuses it by name), or something sold out until tomorrow,
//! which is back on sale by itself at the store's first opening of a later day — also
//! when the shop was restarted or down meanwhile; the owner gives a product a daily
//! stock, which orders take from in their own transaction (exactly that many, however
//! many order at once), a rejection gives back and the next business day fills again.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;

/// Tuesday 24 November 2026, 11:30 in Berlin: the demo's first opening after Monday.
const TUESDAY_OPENING: &str = "2026-11-24T10:30:00Z";

fn instant(value: &Value) -> chrono::DateTime<chrono::Utc> {
    value
        .as_str()
        .unwrap_or_else(|| panic!("no instant: {value}"))
        .parse()
        .unwrap()
}

fn server_at(clock_start: &str) -> crate::support::TestServerBuilder {
    TestServer::builder().env("HEIMSERVICE_TESTING_CLOCK_START", clock_start)
}

fn advance_to(server: &TestServer, at: &str) {
    let clock = &server.running.as_ref().unwrap().clock;
    let target: chrono::DateTime<chrono::Utc> = at.parse().unwrap();
    assert!(clock.advance(target - clock.now()));
}

/// Lets the sold-out check (every second) run at least once.
async fn one_check() {
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
}

/// A guest's cash pickup of `lines` (no minimum order amount).
fn pickup(lines: Value) -> Value {
    json!({
        "order_type": "pickup", "lines": lines, "shipping_address": guest_address("10115"),
        "payment_method": "cash", "preorder_at": null, "note": ""
    })
}

fn variant_line(menu: &Menu, product: &str, variant: &str, extras: &[(u64, i64)]) -> Value {
    let extras: Vec<Value> = extras
        .iter()
        .map(|(id, _)| json!({"topping_id": id, "quantity": 1}))
        .collect();
    json!({ "product_id": menu.id(product), "variant_id": menu.variant(product, variant),
            "extras": extras, "quantity": 1 })
}

async fn order(server: &TestServer, body: &Value) -> (u16, Value) {
    post_with(server, "/orders/guest", None, &[], body).await
}

async fn quote(server: &TestServer, body: &Value) -> (u16, Value) {
    post_with(server, "/orders/guest/quote", None, &[], body).await
}

async fn put(server: &TestServer, token: &str, path: &str, body: Value) -> (u16, Value) {
    server.send("PUT", path, Some(token), Some(body)).await
}

/// The product's record as the admin area loads it.
async fn record(server: &TestServer, token: &str, name: &str) -> Value {
    let (status, catalog) = server
        .send("GET", "/admin/catalog", Some(token), None)
        .await;
    assert_eq!(status, 200, "{catalog}");
    catalog["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|product| product["name"] == name)
        .unwrap_or_else(|| panic!("no product {name}"))
        .clone()
}

/// The product form's body for `product` (a record of `GET /admin/catalog`) with
/// `daily_stock`.
fn product_body(product: &Value, daily_stock: Value) -> Value {
    let variants: Vec<Value> = product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            json!({"id": v["id"], "name": v["name"], "name_en": v["name_en"], "price": v["price"],
                   "deposit": v["deposit"], "net_content": v["net_content"]})
        })
        .collect();
    json!({
        "category_id": product["category_id"], "name": product["name"],
        "name_en": product["name_en"], "description": product["description"],
        "description_en": product["description_en"], "price": product["price"],
        "tax_id": product["tax_id"], "type": product["type"], "variants": variants,
        "sort_order": product["sort_order"], "available": product["available"],
        "no_allergens": product["no_allergens"], "age_restriction": product["age_restriction"],
        "deposit": product["deposit"], "net_content": product["net_content"],
        "daily_stock": daily_stock,
    })
}

/// The owner sets `name`'s daily stock in the product form; the saved record.
async fn set_daily_stock(server: &TestServer, owner: &str, name: &str, stock: Value) -> Value {
    let product = record(server, owner, name).await;
    let path = format!("/products/{}", product["id"]);
    let (status, saved) = put(server, owner, &path, product_body(&product, stock)).await;
    assert_eq!(status, 200, "{saved}");
    saved
}

/// `(sold, left)` of `product_id` in `GET /admin/daily-stocks`, and its business date.
async fn stock_of(server: &TestServer, token: &str, product_id: u64) -> ((u64, u64), String) {
    let (status, stocks) = server
        .send("GET", "/admin/daily-stocks", Some(token), None)
        .await;
    assert_eq!(status, 200, "{stocks}");
    let entry = stocks["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["product_id"] == product_id)
        .unwrap_or_else(|| panic!("no daily stock of {product_id}: {stocks}"))
        .clone();
    let date = stocks["business_date"].as_str().unwrap().to_string();
    (
        (
            entry["sold"].as_u64().unwrap(),
            entry["left"].as_u64().unwrap(),
        ),
        date,
    )
}

fn topping_on<'a>(menu: &'a Menu, product: &str, topping: &str) -> &'a Value {
    menu.product(product)["enriched_topping_groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|group| group["toppings"].as_array().unwrap())
        .find(|candidate| candidate["name"] == topping)
        .unwrap()
}

fn variant_on<'a>(menu: &'a Menu, product: &str, variant: &str) -> &'a Value {
    menu.product(product)["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|candidate| candidate["name"] == variant)
        .unwrap()
}

#[tokio::test]
async fn staff_mark_a_size_or_a_topping_sold_out_and_the_server_refuses_it_by_name() {
    let server = lunch_server().await;
    let staff = server.staff_token().await;
    let menu = Menu::load(&server).await;
    let margherita = menu.id("Pizza Margherita");
    let large = menu.variant("Pizza Margherita", "Ø 32 cm");
    let (salami, _) = menu.topping("Pizza Margherita", "Salami");
    let (ham, ham_cents) = menu.topping("Pizza Margherita", "Schinken");
    let before = record(&server, &staff, "Pizza Margherita").await;

    let variant_path = format!("/products/{margherita}/variants/{large}/availability");
    let (status, product) = put(&server, &staff, &variant_path, json!({"available": false})).await;
    assert_eq!(status, 200, "{product}");
    assert_ne!(product["version"], before["version"]);
    let sizes: Vec<(Value, Value)> = product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["name"].clone(), v["available"].clone()))
        .collect();
    assert_eq!(
        sizes,
        [
            (json!("Ø 26 cm"), json!(true)),
            (json!("Ø 32 cm"), json!(false)),
            (json!("Familie 40 × 60 cm"), json!(true))
        ]
    );
    assert_eq!(product["variants"][1]["sold_out_until"], Value::Null);
    assert_eq!(product["available"], true, "the product stays on sale");
    let topping_path = format!("/toppings/{salami}/availability");
    let (status, topping) = put(&server, &staff, &topping_path, json!({"available": false})).await;
    assert_eq!(status, 200, "{topping}");
    assert_eq!(
        (&topping["name"], &topping["available"]),
        (&json!("Salami"), &json!(false))
    );

    // The menu shows both, the topping on every product that offers it.
    let shown = Menu::load(&server).await;
    assert_eq!(
        variant_on(&shown, "Pizza Margherita", "Ø 32 cm")["available"],
        false
    );
    assert_eq!(
        variant_on(&shown, "Pizza Margherita", "Ø 26 cm")["available"],
        true
    );
    assert_eq!(
        variant_on(&shown, "Pizza Salami", "Ø 32 cm")["available"],
        true
    );
    for pizza in ["Pizza Margherita", "Pizza Funghi"] {
        assert_eq!(
            topping_on(&shown, pizza, "Salami")["available"],
            false,
            "{pizza}"
        );
        assert_eq!(
            topping_on(&shown, pizza, "Schinken")["available"],
            true,
            "{pizza}"
        );
    }
    assert_eq!(shown.product("Pizza Margherita")["available"], true);

    // The order and its quote are refused with their own codes, naming the item.
    let large_pizza = pickup(json!([variant_line(
        &menu,
        "Pizza Margherita",
        "Ø 32 cm",
        &[]
    )]));
    for (what, (status, refused)) in [
        ("order", order(&server, &large_pizza).await),
        ("quote", quote(&server, &large_pizza).await),
    ] {
        assert_eq!(status, 409, "{what}: {refused}");
        assert_eq!(refused["code"], "variant_sold_out", "{what}");
        assert_eq!(refused["field"], "lines");
        assert_eq!(
            refused["params"],
            json!({"product": "Pizza Margherita", "variant": "Ø 32 cm"})
        );
    }
    let with_salami = pickup(json!([variant_line(
        &menu,
        "Pizza Margherita",
        "Ø 26 cm",
        &[(salami, 0)]
    )]));
    let (status, refused) = order(&server, &with_salami).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "extra_sold_out");
    assert_eq!(
        refused["params"],
        json!({"product": "Pizza Margherita", "extra": "Salami"})
    );
    let (status, refused) = post_with(
        &server,
        "/admin/phone-orders",
        Some(&staff),
        &[],
        &phone_body(&with_salami, 20),
    )
    .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("extra_sold_out")),
        "staff on the phone cannot sell it either: {refused}"
    );
    // The small size with ham sells.
    let with_ham = pickup(json!([variant_line(
        &menu,
        "Pizza Margherita",
        "Ø 26 cm",
        &[(ham, ham_cents)]
    )]));
    let (status, placed) = order(&server, &with_ham).await;
    assert_eq!(status, 201, "{placed}");

    // What the switch does not take.
    let no_such = format!("/products/{margherita}/variants/999999/availability");
    let (status, refused) = put(&server, &staff, &no_such, json!({"available": false})).await;
    assert_eq!((status, refused["code"].as_str()), (404, Some("not_found")));
    let (status, refused) = put(
        &server,
        &staff,
        &topping_path,
        json!({"available": true, "until": "tomorrow"}),
    )
    .await;
    assert_eq!(
        (status, refused["field"].as_str()),
        (400, Some("until")),
        "{refused}"
    );
    let (status, refused) = put(&server, &staff, &topping_path, json!({"until": "tomorrow"})).await;
    assert_eq!(
        (status, refused["field"].as_str()),
        (400, Some("available")),
        "{refused}"
    );
    let customer = server.customer_token().await;
    let (status, _) = put(
        &server,
        &customer,
        &topping_path,
        json!({"available": true}),
    )
    .await;
    assert_eq!(status, 403);

    // Back on sale, both sell again.
    for path in [&variant_path, &topping_path] {
        let (status, _) = put(&server, &staff, path, json!({"available": true})).await;
        assert_eq!(status, 200);
    }
    let both = pickup(json!([variant_line(
        &menu,
        "Pizza Margherita",
        "Ø 32 cm",
        &[(salami, 0)]
    )]));
    let (status, placed) = order(&server, &both).await;
    assert_eq!(status, 201, "{placed}");
}

#[tokio::test]
async fn sold_out_until_tomorrow_is_back_at_the_next_days_opening_also_across_restarts() {
    // Monday 12:00: lunch, with the evening still to come.
    let server = lunch_server().await;
    let staff = server.staff_token().await;
    let menu = Menu::load(&server).await;
    let tiramisu = menu.id("Tiramisu");
    let (salami, _) = menu.topping("Pizza Margherita", "Salami");
    let until_tomorrow = json!({"available": false, "until": "tomorrow"});
    let (status, product) = put(
        &server,
        &staff,
        &format!("/products/{tiramisu}/availability"),
        until_tomorrow.clone(),
    )
    .await;
    assert_eq!(status, 200, "{product}");
    // Not this evening: Tuesday's lunch.
    let tuesday = instant(&json!(TUESDAY_OPENING));
    assert_eq!(instant(&product["sold_out_until"]), tuesday);
    let (status, topping) = put(
        &server,
        &staff,
        &format!("/toppings/{salami}/availability"),
        until_tomorrow.clone(),
    )
    .await;
    assert_eq!(status, 200, "{topping}");
    assert_eq!(instant(&topping["sold_out_until"]), tuesday);

    // Monday evening, open again: still sold out.
    advance_to(&server, "2026-11-23T16:30:00Z");
    one_check().await;
    let evening = Menu::load(&server).await;
    assert_eq!(evening.product("Tiramisu")["available"], false);
    assert_eq!(
        topping_on(&evening, "Pizza Margherita", "Salami")["available"],
        false
    );
    let dessert = pickup(json!([line(tiramisu, 1)]));
    let (status, refused) = order(&server, &dessert).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("sold_out")),
        "{refused}"
    );

    // Restarted on Tuesday just before the opening: the mark is kept.
    let dir = server.stop().await;
    let server = server_at("2026-11-24T10:29:00Z")
        .data_dir(dir)
        .start()
        .await;
    let owner = server.admin_token().await;
    one_check().await;
    let kept = record(&server, &owner, "Tiramisu").await;
    assert_eq!(kept["available"], false);
    assert_eq!(instant(&kept["sold_out_until"]), tuesday);
    assert_eq!(
        Menu::load(&server).await.product("Tiramisu")["available"],
        false
    );

    // The opening comes: back on sale by itself, the mark cleared from the record.
    advance_to(&server, "2026-11-24T10:31:00Z");
    one_check().await;
    let opened = Menu::load(&server).await;
    assert_eq!(opened.product("Tiramisu")["available"], true);
    assert_eq!(
        topping_on(&opened, "Pizza Margherita", "Salami")["available"],
        true
    );
    let cleared = record(&server, &owner, "Tiramisu").await;
    assert_eq!(
        (&cleared["available"], &cleared["sold_out_until"]),
        (&json!(true), &Value::Null)
    );
    let (status, placed) = order(&server, &dessert).await;
    assert_eq!(status, 201, "{placed}");

    // Sold out until tomorrow again, and the shop is down across Wednesday's opening:
    // at the next start it is back on sale.
    let (status, product) = put(
        &server,
        &owner,
        &format!("/products/{tiramisu}/availability"),
        until_tomorrow,
    )
    .await;
    assert_eq!(status, 200, "{product}");
    assert_eq!(
        instant(&product["sold_out_until"]),
        instant(&json!("2026-11-25T10:30:00Z"))
    );
    let dir = server.stop().await;
    let server = server_at("2026-11-25T11:00:00Z")
        .data_dir(dir)
        .start()
        .await;
    let owner = server.login("admin@example.com", "admin-password-1").await;
    one_check().await;
    assert_eq!(
        Menu::load(&server).await.product("Tiramisu")["available"],
        true
    );
    let cleared = record(&server, &owner, "Tiramisu").await;
    assert_eq!(cleared["sold_out_until"], Value::Null);
    let (status, placed) = order(&server, &dessert).await;
    assert_eq!(status, 201, "{placed}");
}

#[tokio::test]
async fn a_daily_stock_sells_exactly_what_is_left_gives_back_rejections_and_fills_each_day() {
    let server = lunch_server().await;
    let owner = server.admin_token().await;
    let staff = server.staff_token().await;
    let menu = Menu::load(&server).await;
    let tiramisu = menu.id("Tiramisu");

    // The owner's number, checked.
    for wrong in [json!(0), json!(10_000), json!(-1)] {
        let product = record(&server, &owner, "Tiramisu").await;
        let (status, refused) = put(
            &server,
            &owner,
            &format!("/products/{tiramisu}"),
            product_body(&product, wrong.clone()),
        )
        .await;
        assert_eq!(status, 400, "{wrong}: {refused}");
        if wrong != json!(-1) {
            assert_eq!(refused["field"], "daily_stock", "{refused}");
        }
    }
    let saved = set_daily_stock(&server, &owner, "Tiramisu", json!(5)).await;
    assert_eq!(saved["daily_stock"], 5);
    assert_eq!(
        stock_of(&server, &staff, tiramisu).await,
        ((0, 5), "2026-11-23".to_string())
    );

    // Twenty at once, one each: exactly five are placed.
    let dessert = pickup(json!([line(tiramisu, 1)]));
    let attempts = (0..20).map(|_| order(&server, &dessert));
    let answers = futures_util::future::join_all(attempts).await;
    let placed: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, order)| order)
        .collect();
    assert_eq!(placed.len(), 5, "{answers:?}");
    for (status, refused) in answers.iter().filter(|(status, _)| *status != 201) {
        assert_eq!(
            (*status, refused["code"].as_str()),
            (409, Some("sold_out")),
            "{refused}"
        );
        assert_eq!(refused["params"]["product"], "Tiramisu");
    }
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (5, 0));
    assert_eq!(
        Menu::load(&server).await.product("Tiramisu")["available"],
        false
    );

    // The restaurant rejects one: its portion is back, and so is the dessert.
    answer(
        &server,
        &staff,
        placed[0],
        "reject",
        json!({"reason": "Wir haben gerade zu viel zu tun."}),
    )
    .await;
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (4, 1));
    assert_eq!(
        Menu::load(&server).await.product("Tiramisu")["available"],
        true
    );

    // Two of one left: refused, naming what is left; the quote says so first.
    let two = pickup(json!([line(tiramisu, 2)]));
    for (what, (status, refused)) in [
        ("quote", quote(&server, &two).await),
        ("order", order(&server, &two).await),
    ] {
        assert_eq!(status, 409, "{what}: {refused}");
        assert_eq!(refused["code"], "not_enough_stock", "{what}");
        assert_eq!(
            refused["params"],
            json!({"product": "Tiramisu", "left": "1"})
        );
    }
    // Staff on the phone take the last one.
    let (status, phoned) = post_with(
        &server,
        "/admin/phone-orders",
        Some(&staff),
        &[],
        &phone_body(&dessert, 15),
    )
    .await;
    assert_eq!(status, 201, "{phoned}");
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (5, 0));

    // The owner makes three more today: what was sold counts against the new number.
    set_daily_stock(&server, &owner, "Tiramisu", json!(8)).await;
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (5, 3));
    assert_eq!(
        Menu::load(&server).await.product("Tiramisu")["available"],
        true
    );
    let three = pickup(json!([line(tiramisu, 3)]));
    let (status, last) = order(&server, &three).await;
    assert_eq!(status, 201, "{last}");
    assert_eq!(
        Menu::load(&server).await.product("Tiramisu")["available"],
        false
    );
    // The kitchen accepts what waits (nobody answering a whole day would pause ordering).
    for waiting in placed[1..].iter().copied().chain([&last]) {
        answer(&server, &staff, waiting, "accept", json!({"minutes": 30})).await;
    }
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (8, 0));

    // Tuesday's lunch: a new business day, the owner's number again.
    advance_to(&server, "2026-11-24T10:31:00Z");
    one_check().await;
    assert_eq!(
        Menu::load(&server).await.product("Tiramisu")["available"],
        true
    );
    assert_eq!(
        stock_of(&server, &staff, tiramisu).await,
        ((0, 8), "2026-11-24".to_string())
    );
    let (status, placed) = order(&server, &dessert).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (1, 7));

    // Without a daily stock, nothing is counted any more.
    set_daily_stock(&server, &owner, "Tiramisu", Value::Null).await;
    let (_, stocks) = server
        .send("GET", "/admin/daily-stocks", Some(&staff), None)
        .await;
    assert_eq!(stocks["products"], json!([]));
}

/// A shop with five Tiramisu for the day and an accepted pickup order of `quantity` of
/// them: the server, a member of staff's token, the Tiramisu's id and the order.
async fn tiramisu_taken(quantity: i64) -> (TestServer, String, u64, Value) {
    let server = lunch_server().await;
    let owner = server.admin_token().await;
    let staff = server.staff_token().await;
    let tiramisu = Menu::load(&server).await.id("Tiramisu");
    set_daily_stock(&server, &owner, "Tiramisu", json!(5)).await;
    let (status, placed) = order(&server, &pickup(json!([line(tiramisu, quantity)]))).await;
    assert_eq!(status, 201, "{placed}");
    answer(&server, &staff, &placed, "accept", json!({"minutes": 20})).await;
    (server, staff, tiramisu, placed)
}

#[tokio::test]
async fn correcting_an_accepted_order_takes_from_or_gives_back_to_the_daily_stock() {
    let (server, staff, tiramisu, placed) = tiramisu_taken(2).await;
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (2, 3));

    let change =
        |quantity: i64| json!({"lines": [line(tiramisu, quantity)], "reason": "Gast ruft an"});
    let path = format!("/admin/orders/{}/lines", placed["id"]);
    let (status, changed) = put(&server, &staff, &path, change(4)).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (4, 1));
    // Two more than it has: only one is left.
    let (status, refused) = put(&server, &staff, &path, change(6)).await;
    assert_eq!(
        (
            status,
            refused["code"].as_str(),
            refused["params"]["left"].as_str()
        ),
        (409, Some("not_enough_stock"), Some("1")),
        "{refused}"
    );
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (4, 1));
    let (status, _) = put(&server, &staff, &path, change(1)).await;
    assert_eq!(status, 200);
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (1, 4));

    let (status, cancelled) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/cancel", placed["id"]),
            Some(&staff),
            Some(json!({"reason": "doch nicht"})),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (0, 5));
    // The public menu follows: all five are on sale again.
    let menu = Menu::load(&server).await;
    assert_eq!(menu.product("Tiramisu")["available"], true);
}

#[tokio::test]
async fn a_complaint_after_completion_gives_nothing_back_to_the_daily_stock() {
    let (server, staff, tiramisu, placed) = tiramisu_taken(3).await;
    answer(
        &server,
        &staff,
        &placed,
        "status",
        json!({"status": "completed"}),
    )
    .await;
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (3, 2));

    // The desserts were eaten: one is paid back, none is on sale again.
    let path = format!("/admin/orders/{}/lines", placed["id"]);
    let body = json!({"lines": [line(tiramisu, 2)], "reason": "eins war zerdrückt"});
    let (status, changed) = put(&server, &staff, &path, body).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (3, 2));
    let (status, cancelled) = server
        .send(
            "POST",
            &format!("/admin/orders/{}/cancel", placed["id"]),
            Some(&staff),
            Some(json!({"reason": "alle zerdrückt"})),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(stock_of(&server, &staff, tiramisu).await.0, (3, 2));
}
