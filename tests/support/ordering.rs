//! Orders for tests: the demo menu looked up by name, and order bodies as the
//! storefront sends them.

use serde_json::{Value, json};

use super::TestServer;

/// Monday 23 November 2026, 12:00 in Berlin: the demo restaurant's lunch hours.
pub const LUNCHTIME: &str = "2026-11-23T11:00:00Z";

/// A server whose clock starts at [`LUNCHTIME`], when the demo restaurant is open.
pub async fn lunch_server() -> TestServer {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .start()
        .await
}

/// The public menu's products.
pub struct Menu(pub Vec<Value>);

impl Menu {
    pub async fn load(server: &TestServer) -> Menu {
        let (status, products) = server.get_json("/products/?store_id=14").await;
        assert_eq!(status, 200);
        Menu(products.as_array().unwrap().clone())
    }

    pub fn product(&self, name: &str) -> &Value {
        self.0
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("no product {name}"))
    }

    pub fn id(&self, name: &str) -> u64 {
        self.product(name)["id"].as_u64().unwrap()
    }

    pub fn variant(&self, product: &str, variant: &str) -> u64 {
        self.product(product)["variants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == variant)
            .unwrap_or_else(|| panic!("no variant {variant} of {product}"))["id"]
            .as_u64()
            .unwrap()
    }

    pub fn topping(&self, product: &str, topping: &str) -> (u64, i64) {
        let found = self.product(product)["enriched_topping_groups"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["toppings"].as_array().unwrap())
            .find(|t| t["name"] == topping)
            .unwrap_or_else(|| panic!("no topping {topping} on {product}"));
        let cents = (found["price"].as_f64().unwrap() * 100.0).round() as i64;
        (found["id"].as_u64().unwrap(), cents)
    }
}

/// Euros as the API writes them, in cents.
pub fn cents(euros: &Value) -> i64 {
    (euros.as_f64().unwrap() * 100.0).round() as i64
}

pub fn line(product_id: u64, quantity: i64) -> Value {
    json!({ "product_id": product_id, "variant_id": null, "extras": [], "quantity": quantity })
}

pub fn guest_address(zip: &str) -> Value {
    json!({
        "type": "shipping", "customer_name": "Gina Gast", "line1": "Torstraße 5",
        "city": "Berlin", "zip": zip, "country": "DE", "phone": "030 555 1234",
        "email": "gina@example.com"
    })
}

/// A guest's cash order for delivery to `zip`.
pub fn guest_order(lines: Value, zip: &str) -> Value {
    json!({
        "order_type": "delivery", "lines": lines, "shipping_address": guest_address(zip),
        "payment_method": "cash", "preorder_at": null, "note": "Bitte klingeln"
    })
}

/// The phone form's body for the same choices as a guest's `body`: the address becomes
/// the caller, cash is implied, and the kitchen's estimate comes along.
pub fn phone_body(guest: &Value, minutes: i64) -> Value {
    let mut body = guest.clone();
    let object = body.as_object_mut().unwrap();
    let customer = object.remove("shipping_address").unwrap_or(Value::Null);
    object.remove("payment_method");
    object.insert("customer".into(), customer);
    object.insert("minutes".into(), json!(minutes));
    body
}

/// Two Bruschetta and a small Coca-Cola: 14,60 € of goods, over the 12 € minimum.
pub fn lunch_lines(menu: &Menu) -> Value {
    json!([
        line(menu.id("Bruschetta"), 2),
        { "product_id": menu.id("Coca-Cola"), "variant_id": menu.variant("Coca-Cola", "0,33 l"),
          "extras": [], "quantity": 1 }
    ])
}

/// Sends `body` with optional headers; returns status and JSON.
pub async fn post_with(
    server: &TestServer,
    path: &str,
    token: Option<&str>,
    headers: &[(&str, &str)],
    body: &Value,
) -> (u16, Value) {
    let mut request = server.client.post(server.url(path)).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The order behind `order`'s status link once `done` holds for it (checked every
/// 100 ms, at most 5 s); the last answer otherwise, for the assertion to show.
pub async fn track_until(
    server: &TestServer,
    order: &Value,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let path = format!("/orders/track/{}", order["token"].as_str().unwrap());
    let mut tracked = Value::Null;
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        tracked = server.get_json(&path).await.1;
        if done(&tracked) {
            break;
        }
    }
    tracked
}

/// The restaurant's `action` on `order` (`accept`, `reject` or `status`), which must
/// succeed; the order as answered.
pub async fn answer(
    server: &TestServer,
    admin: &str,
    order: &Value,
    action: &str,
    body: Value,
) -> Value {
    let path = format!("/admin/orders/{}/{action}", order["id"]);
    let (status, answer) = server.send("POST", &path, Some(admin), Some(body)).await;
    assert_eq!(status, 200, "{action}: {answer}");
    answer
}

/// Accepts `order` with 30 minutes and completes it.
pub async fn deliver(server: &TestServer, admin: &str, order: &Value) {
    answer(server, admin, order, "accept", json!({"minutes": 30})).await;
    answer(
        server,
        admin,
        order,
        "status",
        json!({"status": "completed"}),
    )
    .await;
}

/// The newest 200 kept mails (`GET /admin/outbox`) once there are at least `count`
/// (mails are written after the answer that causes them), or as they are after two
/// seconds.
pub async fn outbox(server: &TestServer, admin: &str, count: usize) -> Vec<Value> {
    let mut mails = Vec::new();
    for _ in 0..40 {
        mails = server
            .send("GET", "/admin/outbox?limit=200", Some(admin), None)
            .await
            .1
            .as_array()
            .unwrap()
            .clone();
        if mails.len() >= count {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    mails
}

/// Saves Karl Kunde's address (Berlin 10115) for `customer`, with `notes` for the
/// driver; the saved address.
pub async fn save_address(server: &TestServer, customer: &str, notes: &str) -> Value {
    let (status, address) = server
        .send(
            "POST",
            "/addresses/",
            Some(customer),
            Some(json!({"customer_name": "Karl Kunde", "line1": "Invalidenstraße 1", "city": "Berlin",
                        "zip": "10115", "country": "DE", "phone": "030111", "email": "", "notes": notes})),
        )
        .await;
    assert_eq!(status, 201, "{address}");
    address
}

/// A signed-in customer's cash delivery of the lunch lines to a saved address.
pub fn saved_address_order(menu: &Menu, address: &Value) -> Value {
    json!({
        "order_type": "delivery", "lines": lunch_lines(menu), "address_id": address["id"],
        "payment_method": "cash", "preorder_at": null, "note": ""
    })
}

/// At most this many pages are followed before a test gives up on a list.
const MAX_PAGES: usize = 1_000;

/// Every open order on the board, oldest first, following the pages of
/// `GET /admin/orders/open`.
pub async fn all_open_orders(server: &TestServer, admin: &str) -> Vec<Value> {
    let mut orders = Vec::new();
    let mut path = "/admin/orders/open?limit=200".to_string();
    for _ in 0..MAX_PAGES {
        let (status, page) = server.send("GET", &path, Some(admin), None).await;
        assert_eq!(status, 200, "{page}");
        orders.extend(page["orders"].as_array().unwrap().iter().cloned());
        match page["next_after"].as_u64() {
            Some(after) => path = format!("/admin/orders/open?limit=200&after={after}"),
            None => return orders,
        }
    }
    panic!("more than {MAX_PAGES} pages of open orders");
}

/// How many orders wait for an answer (`waiting` of `GET /admin/orders/open`): one
/// short request, for loops that poll.
pub async fn waiting_orders(server: &TestServer, admin: &str) -> u64 {
    let path = "/admin/orders/open?limit=1";
    let (status, page) = server.send("GET", path, Some(admin), None).await;
    assert_eq!(status, 200, "{page}");
    page["waiting"].as_u64().unwrap()
}

/// How many orders are open on the board (all pages of `GET /admin/orders/open`).
pub async fn open_orders(server: &TestServer, admin: &str) -> usize {
    all_open_orders(server, admin).await.len()
}

/// The first page of `GET /admin/orders` for `date` (today: None), with the day's
/// figures, and every order of the day, newest first, following its pages.
pub async fn day_history(
    server: &TestServer,
    admin: &str,
    date: Option<&str>,
) -> (Value, Vec<Value>) {
    let first_path = match date {
        Some(date) => format!("/admin/orders?date={date}"),
        None => "/admin/orders".to_string(),
    };
    let separator = if date.is_some() { '&' } else { '?' };
    let mut path = first_path.clone();
    let mut first = Value::Null;
    let mut orders = Vec::new();
    for _ in 0..MAX_PAGES {
        let (status, page) = server.send("GET", &path, Some(admin), None).await;
        assert_eq!(status, 200, "{page}");
        orders.extend(page["orders"].as_array().unwrap().iter().cloned());
        let next = page["next_before"].as_u64();
        if first.is_null() {
            first = page;
        }
        match next {
            Some(before) => path = format!("{first_path}{separator}before={before}"),
            None => return (first, orders),
        }
    }
    panic!("more than {MAX_PAGES} pages of the day's orders");
}

/// Moves the server's testing clock on by `by`.
pub fn advance_clock(server: &TestServer, by: chrono::Duration) {
    assert!(server.running.as_ref().unwrap().clock.advance(by));
}

/// The offered slot at `time` (`HH:MM`) in a slots list (`{"slots": […]}`, a slots
/// answer or one of its days).
pub fn slot_at(offer: &Value, time: &str) -> Value {
    offer["slots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|slot| slot["time"] == time)
        .unwrap_or_else(|| panic!("a {time} slot in {offer}"))
        .clone()
}

/// The later day `date` (`YYYY-MM-DD`) of a slots answer.
pub fn offered_day(offer: &Value, date: &str) -> Value {
    offer["days"]
        .as_array()
        .unwrap()
        .iter()
        .find(|day| day["date"] == date)
        .unwrap_or_else(|| panic!("{date} in {offer}"))
        .clone()
}

/// A server at `clock_start` that takes pre-orders this many days ahead.
pub async fn preorder_days_server(clock_start: &str, days: &str) -> TestServer {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", clock_start)
        .env("HEIMSERVICE_ORDERS_PREORDER_DAYS", days)
        .start()
        .await
}
