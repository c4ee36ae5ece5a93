//! Bearer tokens that must not pass: forged, unsigned, another algorithm, expired,
//! another issuer or audience, a role the account does not have, and tokens revoked
//! by a password change. Each is built with the server's real secret where that
//! matters, next to a control token built the same way that does pass, so every 401
//! is down to the one flaw.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use jsonwebtoken::Algorithm;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::live_status::connect;
use crate::support::TestServer;

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// `header.payload.signature` with the given parts, the signature as given.
fn by_hand(header: &Value, claims: &Value, signature: &str) -> String {
    format!(
        "{}.{}.{signature}",
        base64url(header.to_string().as_bytes()),
        base64url(claims.to_string().as_bytes())
    )
}

/// A JWT signed by hand with HMAC-SHA-256/384/512: the server's token code only knows
/// HS256, so the other algorithms are built here, independent of it.
fn signed(algorithm: Algorithm, claims: &Value, secret: &[u8]) -> String {
    use hmac::{Hmac, Mac};
    let name = match algorithm {
        Algorithm::HS256 => "HS256",
        Algorithm::HS384 => "HS384",
        Algorithm::HS512 => "HS512",
        other => panic!("no HMAC algorithm: {other:?}"),
    };
    let unsigned = by_hand(&json!({ "alg": name, "typ": "JWT" }), claims, "");
    let input = unsigned.trim_end_matches('.').as_bytes();
    let signature = match algorithm {
        Algorithm::HS256 => {
            let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret).unwrap();
            mac.update(input);
            mac.finalize().into_bytes().to_vec()
        }
        Algorithm::HS384 => {
            let mut mac = Hmac::<sha2::Sha384>::new_from_slice(secret).unwrap();
            mac.update(input);
            mac.finalize().into_bytes().to_vec()
        }
        _ => {
            let mut mac = Hmac::<sha2::Sha512>::new_from_slice(secret).unwrap();
            mac.update(input);
            mac.finalize().into_bytes().to_vec()
        }
    };
    format!("{unsigned}{}", base64url(&signature))
}

/// The claims the server issues for account `id` (role, token version 0).
fn claims(id: u64, role: &str) -> Value {
    json!({
        "sub": id.to_string(), "role": role, "ver": 0, "iat": now(),
        "exp": now() + 3600, "iss": "heimservice", "aud": "heimservice"
    })
}

fn with(mut claims: Value, key: &str, value: Value) -> Value {
    claims[key] = value;
    claims
}

fn without(mut claims: Value, key: &str) -> Value {
    claims.as_object_mut().unwrap().remove(key);
    claims
}

/// What the restaurant's board socket says to `token`: `snapshot` or `error`.
async fn board_answer(server: &TestServer, token: &str) -> String {
    let mut board = connect(server, "/ws/admin/orders", None).await.unwrap();
    board
        .send(Message::Text(json!({ "token": token }).to_string().into()))
        .await
        .unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    loop {
        let message = tokio::time::timeout_at(deadline, board.next())
            .await
            .expect("an answer in time")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).unwrap();
            return value["type"].as_str().unwrap().to_string();
        }
    }
}

async fn user_id(server: &TestServer, token: &str) -> u64 {
    let (status, me) = server.send("GET", "/users/me", Some(token), None).await;
    assert_eq!(status, 200);
    me["id"].as_u64().unwrap()
}

#[tokio::test]
async fn forged_unsigned_expired_and_foreign_tokens_are_refused_everywhere() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    let customer = server.customer_token().await;
    let admin_id = user_id(&server, &admin).await;
    let customer_id = user_id(&server, &customer).await;
    let secret = std::fs::read(server.data_dir.path().join("jwt-secret")).unwrap();
    let good = claims(admin_id, "admin");

    let control = signed(Algorithm::HS256, &good, &secret);
    assert_eq!(
        server
            .send("GET", "/admin/catalog", Some(&control), None)
            .await
            .0,
        200,
        "a token built like the server's passes, so each refusal below is down to its flaw"
    );
    assert_eq!(board_answer(&server, &control).await, "snapshot");

    let payload_of = |token: &str| token.split('.').nth(1).unwrap().to_string();
    let signature_of = |token: &str| token.split('.').nth(2).unwrap().to_string();
    let escalated = with(claims(customer_id, "customer"), "role", json!("admin"));
    let bad: Vec<(&str, String)> = vec![
        (
            "signed with another secret",
            signed(Algorithm::HS256, &good, &[9u8; 32]),
        ),
        (
            "payload changed after signing",
            format!(
                "{}.{}.{}",
                control.split('.').next().unwrap(),
                base64url(escalated.to_string().as_bytes()),
                signature_of(&control)
            ),
        ),
        (
            "alg none",
            by_hand(&json!({"alg": "none", "typ": "JWT"}), &good, ""),
        ),
        (
            "alg none keeping a real signature",
            format!(
                "{}.{}.{}",
                base64url(br#"{"alg":"none","typ":"JWT"}"#),
                payload_of(&control),
                signature_of(&control)
            ),
        ),
        ("alg None", by_hand(&json!({"alg": "None"}), &good, "")),
        (
            "HS384 with the real secret",
            signed(Algorithm::HS384, &good, &secret),
        ),
        (
            "HS512 with the real secret",
            signed(Algorithm::HS512, &good, &secret),
        ),
        (
            "RS256 header over an HMAC signature",
            format!(
                "{}.{}.{}",
                base64url(br#"{"alg":"RS256","typ":"JWT"}"#),
                payload_of(&control),
                signature_of(&control)
            ),
        ),
        (
            "expired an hour ago",
            signed(
                Algorithm::HS256,
                &with(
                    with(good.clone(), "exp", json!(now() - 3600)),
                    "iat",
                    json!(now() - 7200),
                ),
                &secret,
            ),
        ),
        (
            "expired two minutes ago (beyond the 30 s leeway)",
            signed(
                Algorithm::HS256,
                &with(good.clone(), "exp", json!(now() - 120)),
                &secret,
            ),
        ),
        (
            "no expiry",
            signed(Algorithm::HS256, &without(good.clone(), "exp"), &secret),
        ),
        (
            "another issuer",
            signed(
                Algorithm::HS256,
                &with(good.clone(), "iss", json!("someone-else")),
                &secret,
            ),
        ),
        (
            "no issuer",
            signed(Algorithm::HS256, &without(good.clone(), "iss"), &secret),
        ),
        (
            "another audience",
            signed(
                Algorithm::HS256,
                &with(good.clone(), "aud", json!("other-app")),
                &secret,
            ),
        ),
        (
            "no audience",
            signed(Algorithm::HS256, &without(good.clone(), "aud"), &secret),
        ),
        (
            "an account that does not exist",
            signed(
                Algorithm::HS256,
                &with(good.clone(), "sub", json!("999999")),
                &secret,
            ),
        ),
        (
            "a token version the account does not have",
            signed(
                Algorithm::HS256,
                &with(good.clone(), "ver", json!(1)),
                &secret,
            ),
        ),
        (
            "a customer claiming the admin role",
            signed(Algorithm::HS256, &escalated, &secret),
        ),
        ("not a token", "not-a-token".into()),
        ("empty segments", "..".into()),
    ];
    for (flaw, token) in &bad {
        for path in ["/users/me", "/admin/catalog", "/orders/", "/addresses/"] {
            let (status, body) = server.send("GET", path, Some(token), None).await;
            assert_eq!(status, 401, "{flaw}: GET {path}: {body}");
            assert_eq!(body["code"], "unauthorized", "{flaw}");
        }
        assert_eq!(board_answer(&server, token).await, "error", "{flaw}: board");
    }
    // Other ways of presenting credentials are not bearer tokens at all.
    for authorization in [
        format!("Basic {}", base64url(b"admin@example.com:admin-password-1")),
        format!("Token {control}"),
        "Bearer".to_string(),
    ] {
        let response = server
            .client
            .get(server.url("/admin/catalog"))
            .header("authorization", authorization.as_str())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 401, "{authorization}");
    }
    let in_query = server
        .get(&format!("/admin/catalog?access_token={control}"))
        .await;
    assert_eq!(in_query.status(), 401, "a token in the URL is not read");
    println!("bad tokens: {} kinds × 5 places refused", bad.len());
    server.stop().await;
}

/// The reset link's token from the newest mail to `to` in the outbox.
async fn reset_token(server: &TestServer, admin: &str, to: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let (_, outbox) = server.send("GET", "/admin/outbox", Some(admin), None).await;
        let body = outbox
            .as_array()
            .into_iter()
            .flatten()
            .filter(|mail| mail["to"] == to)
            .filter_map(|mail| mail["body"].as_str())
            .next_back()
            .map(str::to_string);
        if let Some(body) = body {
            let start = body.find("token=").unwrap() + "token=".len();
            return body[start..]
                .chars()
                .take_while(char::is_ascii_hexdigit)
                .collect();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no reset mail to {to}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_password_change_revokes_every_earlier_token() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    let customer = server.customer_token().await;
    let second_admin_login = server.login("admin@example.com", "admin-password-1").await;
    assert_eq!(board_answer(&server, &second_admin_login).await, "snapshot");

    for (email, password) in [
        ("kunde@example.com", "kunde-new-pass-2"),
        ("admin@example.com", "admin-new-pass-2"),
    ] {
        let (status, _) = server
            .send(
                "POST",
                "/forgot-password",
                None,
                Some(json!({ "email": email })),
            )
            .await;
        assert_eq!(status, 200);
        let token = reset_token(&server, &admin, email).await;
        let (status, answer) = server
            .send(
                "POST",
                "/reset-password",
                None,
                Some(json!({ "token": token, "password": password })),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
    }
    for (who, token, path) in [
        ("customer", &customer, "/users/me"),
        ("customer", &customer, "/orders/"),
        ("customer", &customer, "/addresses/"),
        ("admin", &admin, "/admin/catalog"),
        (
            "admin's second login",
            &second_admin_login,
            "/admin/orders/open",
        ),
    ] {
        let (status, _) = server.send("GET", path, Some(token), None).await;
        assert_eq!(status, 401, "{who}'s old token on {path}");
    }
    assert_eq!(board_answer(&server, &second_admin_login).await, "error");
    let fresh = server.login("admin@example.com", "admin-new-pass-2").await;
    assert_eq!(board_answer(&server, &fresh).await, "snapshot");
    server.stop().await;
}
