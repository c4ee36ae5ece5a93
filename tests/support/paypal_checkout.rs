//! Online orders against the fake PayPal: a server pointed at it, an online order body,
//! the buyer's approval, placing the order, and the admin's payments ledger
//! (`GET /admin/payments`).

use std::time::Duration;

use serde_json::{Value, json};

use super::TestServer;
use super::fake_paypal::FakePaypal;
use super::ordering::{LUNCHTIME, Menu, guest_order, lunch_lines, post_with};

/// A server at [`LUNCHTIME`] that pays through `fake`, with `extra` settings.
pub async fn paypal_server(fake: &FakePaypal, extra: &[(&str, &str)]) -> TestServer {
    let mut builder = TestServer::builder().env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME);
    for (name, value) in fake.server_env() {
        builder = builder.env(name, &value);
    }
    for (name, value) in extra {
        builder = builder.env(name, value);
    }
    builder.start().await
}

/// What a PayPal test starts with: the fake, a server paying through it, the admin's
/// token and a guest's online lunch order.
pub struct PaypalShop {
    pub fake: FakePaypal,
    pub server: TestServer,
    pub admin: String,
    pub body: Value,
}

impl PaypalShop {
    pub async fn start() -> PaypalShop {
        let fake = FakePaypal::start().await;
        let server = paypal_server(&fake, &[]).await;
        let admin = server.admin_token().await;
        let body = online(&Menu::load(&server).await);
        PaypalShop {
            fake,
            server,
            admin,
            body,
        }
    }
}

/// A guest's lunch order paid online.
pub fn online(menu: &Menu) -> Value {
    let mut body = guest_order(lunch_lines(menu), "10115");
    body["payment_method"] = json!("online");
    body
}

/// Creates and approves a PayPal order for `body`; answers its id.
pub async fn approved(server: &TestServer, fake: &FakePaypal, body: &Value) -> String {
    let (status, created) = post_with(server, "/orders/guest/paypal", None, &[], body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["paypal_order_id"].as_str().unwrap().to_string();
    fake.approve(&id).await;
    id
}

/// Places the guest order `body`, paid with `paypal_order_id`.
pub async fn place(server: &TestServer, body: &Value, paypal_order_id: &str) -> (u16, Value) {
    let mut body = body.clone();
    body["paypal_order_id"] = json!(paypal_order_id);
    post_with(server, "/orders/guest", None, &[], &body).await
}

/// `GET /admin/payments` with `query` (e.g. `"?limit=2"`), as the admin.
pub async fn payments(server: &TestServer, admin: &str, query: &str) -> Value {
    let (status, page) = server
        .send("GET", &format!("/admin/payments{query}"), Some(admin), None)
        .await;
    assert_eq!(status, 200, "{page}");
    page
}

/// The ledger's entry for the PayPal order `paypal_order_id` (Null when there is none).
pub async fn payment(server: &TestServer, admin: &str, paypal_order_id: &str) -> Value {
    let page = payments(server, admin, "?limit=200").await;
    page["payments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["paypal_order_id"] == paypal_order_id)
        .cloned()
        .unwrap_or(Value::Null)
}

/// The entry once its fate is `fate` (checked every 100 ms, at most 10 s); the last
/// answer otherwise, for the assertion to show.
pub async fn payment_once(
    server: &TestServer,
    admin: &str,
    paypal_order_id: &str,
    fate: &str,
) -> Value {
    let mut entry = Value::Null;
    for _ in 0..100 {
        entry = payment(server, admin, paypal_order_id).await;
        if entry["fate"] == fate {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    entry
}

/// The refunds the fake PayPal made.
pub async fn refunds(fake: &FakePaypal) -> Vec<Value> {
    fake.state().await["refunds"].as_array().unwrap().clone()
}
