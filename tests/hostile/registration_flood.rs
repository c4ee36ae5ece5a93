//! Registration floods: every registration costs an argon2 hash, so one address may
//! register ten accounts at once and one more a minute (429 with `Retry-After`, before
//! anything is hashed), while other addresses are served as usual.

use serde_json::json;

use crate::support::TestServer;
use crate::support::raw_http::client_from;

async fn register_from(server: &TestServer, source: u8, n: usize) -> reqwest::Response {
    client_from(source)
        .post(server.url("/register/customer"))
        .json(&json!({
            "name": format!("Flut {n}"),
            "email": format!("flut{source}-{n}@example.com"),
            "password": "correct-horse-9",
            "phone": "030123456",
        }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn one_address_registers_ten_accounts_then_waits() {
    let server = TestServer::start().await;
    for n in 0..10 {
        let response = register_from(&server, 41, n).await;
        assert_eq!(response.status(), 201, "registration {n}");
    }
    let refused = register_from(&server, 41, 10).await;
    assert_eq!(refused.status(), 429);
    let retry_after: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "too_many_attempts", "{body}");
    let other = register_from(&server, 42, 0).await;
    assert_eq!(other.status(), 201, "another address is served");
}
