//! Links in mails (password reset, order status) point where the configuration says,
//! never to the host a request names: a forged `Host` header must not send the admin a
//! reset link to someone else's server.

use serde_json::{Value, json};

use crate::support::ordering::{Menu, guest_order, lunch_lines, lunch_server, outbox};
use crate::support::{TestServer, run_binary};

const FORGED_HOSTS: [&str; 3] = [
    "evil.example",
    "127.0.0.1:18190@evil.example",
    "evil.example:80",
];

async fn post_with_host(server: &TestServer, path: &str, host: &str, body: Value) -> u16 {
    reqwest::Client::new()
        .post(server.url(path))
        .header("host", host)
        .json(&body)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

fn links(mail: &Value) -> Vec<String> {
    let body = mail["body"].as_str().unwrap_or_default();
    body.split_whitespace()
        .filter(|word| word.starts_with("http://") || word.starts_with("https://"))
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn a_forged_host_header_never_reaches_a_link_in_a_mail() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    for host in FORGED_HOSTS {
        let status = post_with_host(
            &server,
            "/forgot-password",
            host,
            json!({"email": "admin@example.com"}),
        )
        .await;
        assert_eq!(status, 200, "{host}");
    }
    let menu = Menu::load(&server).await;
    let mut order = guest_order(lunch_lines(&menu), "10115");
    order["shipping_address"]["email"] = json!("gast@example.com");
    let status = post_with_host(&server, "/orders/guest", FORGED_HOSTS[1], order).await;
    assert_eq!(status, 201);

    let mails = outbox(&server, &admin, 4).await;
    let resets: Vec<&Value> = mails
        .iter()
        .filter(|mail| mail["to"] == "admin@example.com")
        .collect();
    assert!(!resets.is_empty(), "a reset mail was sent: {mails:?}");
    let confirmation = mails
        .iter()
        .find(|mail| mail["to"] == "gast@example.com")
        .expect("the guest's confirmation");
    for mail in resets.iter().copied().chain([confirmation]) {
        let found = links(mail);
        assert!(!found.is_empty(), "the mail has a link: {mail}");
        for link in found {
            assert!(
                link.starts_with(&format!("{}/order-online/", server.base)),
                "{link} must start with the server's own address {}",
                server.base
            );
            assert!(!link.contains("evil"), "{link}");
        }
    }
}

#[tokio::test]
async fn the_configured_public_origin_starts_every_link() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_PUBLIC_ORIGIN", "https://pizza.example.com")
        .start()
        .await;
    let admin = server.admin_token().await;
    let status = post_with_host(
        &server,
        "/forgot-password",
        "evil.example",
        json!({"email": "admin@example.com"}),
    )
    .await;
    assert_eq!(status, 200);
    let mails = outbox(&server, &admin, 1).await;
    let link = links(&mails[0]).remove(0);
    assert!(
        link.starts_with("https://pizza.example.com/order-online/reset-password?token="),
        "{link}"
    );
}

#[test]
fn a_listener_others_can_reach_needs_a_public_origin() {
    let dir = tempfile::tempdir().unwrap();
    let output = run_binary(
        &[
            "serve",
            "--listen",
            "0.0.0.0:0",
            "--data-dir",
            dir.path().to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.starts_with("heimservice: error: "), "{text}");
    for words in [
        "public_origin is not set",
        "0.0.0.0",
        "HEIMSERVICE_PUBLIC_ORIGIN",
    ] {
        assert!(text.contains(words), "{words:?} in {text}");
    }
    assert_eq!(text.trim_end().lines().count(), 1, "one sentence: {text}");
}
