//! Contact-form floods: every message is stored (up to 5,000 characters each), so one
//! address may send five at once and one more every ten minutes (429 with
//! `Retry-After`, nothing stored), while other addresses are served as usual.

use serde_json::json;

use crate::support::TestServer;
use crate::support::raw_http::client_from;

async fn contact_from(server: &TestServer, source: u8, n: usize) -> reqwest::Response {
    client_from(source)
        .post(server.url("/support"))
        .json(&json!({
            "name": format!("Flut {n}"),
            "email": "flut@example.com",
            "message": "x".repeat(5000),
        }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn one_address_sends_five_messages_then_waits() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    // Mistyped messages are refused for what is wrong and do not count.
    for _ in 0..10 {
        let mistyped = client_from(51)
            .post(server.url("/support"))
            .json(&json!({"name": "Flut", "email": "not-an-address", "message": "Hallo"}))
            .send()
            .await
            .unwrap();
        assert_eq!(mistyped.status(), 400);
    }
    for n in 0..5 {
        let response = contact_from(&server, 51, n).await;
        assert_eq!(response.status(), 201, "message {n}");
    }
    for n in 5..40 {
        let refused = contact_from(&server, 51, n).await;
        assert_eq!(refused.status(), 429, "message {n}");
        let retry_after: u64 = refused.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=600).contains(&retry_after), "{retry_after}");
        let body: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(body["code"], "too_many_attempts", "{body}");
    }
    let other = contact_from(&server, 52, 0).await;
    assert_eq!(other.status(), 201, "another address is served");
    let (status, stored) = server
        .send(
            "GET",
            "/admin/support-messages?limit=200",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        stored.as_array().unwrap().len(),
        6,
        "nothing refused was stored"
    );
}
