//! Login guessing: refused per address (whichever account it tries) with 429 and
//! `Retry-After`; slowed down per account for callers without the account's device
//! cookie, which never locks the owner out; and the answer to a wrong password is the
//! answer to an unknown account, in content and in time.

use std::time::{Duration, Instant};

use heimservice::domain::user::Role;
use reqwest::Response;
use serde_json::Value;

use crate::support::TestServer;
use crate::support::raw_http::{client_from, median};

const PASSWORD: &str = "correct-horse-9";

async fn login_from(server: &TestServer, source: u8, user: &str, password: &str) -> Response {
    client_from(source)
        .post(server.url("/login"))
        .form(&[("username", user), ("password", password)])
        .send()
        .await
        .unwrap()
}

/// Checks a 429 and returns its `Retry-After` and body.
async fn throttled(response: Response) -> (u64, Value) {
    assert_eq!(response.status(), 429);
    let retry_after = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    (retry_after, response.json().await.unwrap())
}

async fn login_with_cookie(
    server: &TestServer,
    source: u8,
    user: &str,
    password: &str,
    cookie: &str,
) -> Response {
    client_from(source)
        .post(server.url("/login"))
        .header("cookie", cookie)
        .form(&[("username", user), ("password", password)])
        .send()
        .await
        .unwrap()
}

/// The `name=value` of the device cookie an answer sets.
fn device_cookie(response: &Response) -> String {
    let set_cookie = response.headers()["set-cookie"].to_str().unwrap();
    for attribute in [
        "Path=/login",
        "HttpOnly",
        "SameSite=Strict",
        "Max-Age=31536000",
    ] {
        assert!(set_cookie.contains(attribute), "{set_cookie}");
    }
    set_cookie.split(';').next().unwrap().to_string()
}

/// Nineteen wrong guesses from nineteen addresses, all at once.
async fn guess_from_many_addresses(server: &TestServer, account: &str, first_source: u8) {
    let guesses = (first_source..first_source + 19)
        .map(|source| async move { login_from(server, source, account, "guess").await.status() });
    for status in futures_util::future::join_all(guesses).await {
        assert_eq!(status, 401, "{account}");
    }
}

#[tokio::test]
async fn guessing_one_account_from_many_addresses_slows_the_guessers_and_locks_no_one_out() {
    let server = TestServer::start().await;
    server
        .create_account("anna@example.com", PASSWORD, Role::Customer)
        .await;
    // Anna logs in on her own browser once and keeps the device cookie.
    let first = login_from(&server, 2, "anna@example.com", PASSWORD).await;
    assert_eq!(first.status(), 200);
    let cookie = device_cookie(&first);

    guess_from_many_addresses(&server, "anna@example.com", 10).await;
    // Her browser gets in at once, from any address.
    let started = Instant::now();
    let known = login_with_cookie(&server, 40, "anna@example.com", PASSWORD, &cookie).await;
    assert_eq!(known.status(), 200, "the known browser is not locked out");
    assert!(
        known.headers().get("set-cookie").is_none(),
        "a valid cookie is kept"
    );
    let known_took = started.elapsed();
    assert!(known_took < Duration::from_secs(1), "{known_took:?}");

    // A guesser is slowed down, and so is a cookie stolen for another account.
    guess_from_many_addresses(&server, "anna@example.com", 50).await;
    let started = Instant::now();
    let guess = login_from(&server, 80, "anna@example.com", "guess").await;
    assert_eq!(guess.status(), 401);
    let guess_took = started.elapsed();
    assert!(guess_took >= Duration::from_secs(3), "{guess_took:?}");
    let started = Instant::now();
    let foreign = login_with_cookie(
        &server,
        81,
        "anna@example.com",
        "guess",
        "heimservice_device=00.00",
    )
    .await;
    assert_eq!(foreign.status(), 401);
    assert!(started.elapsed() >= Duration::from_secs(3));

    // The right password from an address never seen before is slowed down, not refused.
    let started = Instant::now();
    let fresh = login_from(&server, 90, "anna@example.com", PASSWORD).await;
    assert_eq!(fresh.status(), 200, "the right password from a new address");
    let fresh_took = started.elapsed();
    assert!(fresh_took < Duration::from_secs(5), "{fresh_took:?}");
    let _ = device_cookie(&fresh);
    println!(
        "after 38 guesses from 38 addresses: known browser {known_took:?}, \
         a guess {guess_took:?}, the right password from a new address {fresh_took:?}"
    );

    // An account that does not exist answers alike.
    guess_from_many_addresses(&server, "nobody@example.com", 100).await;
    let started = Instant::now();
    let nobody = login_from(&server, 130, "nobody@example.com", PASSWORD).await;
    assert_eq!(nobody.status(), 401);
    assert!(started.elapsed() >= Duration::from_secs(3));
    server.stop().await;
}

#[tokio::test]
async fn guessing_many_accounts_from_one_address_is_throttled() {
    let server = TestServer::start().await;
    server
        .create_account("anna@example.com", PASSWORD, Role::Customer)
        .await;
    for attempt in 0..10 {
        let response = login_from(&server, 3, &format!("user{attempt}@example.com"), "guess").await;
        assert_eq!(response.status(), 401, "attempt {attempt}");
    }
    let (retry_after, body) =
        throttled(login_from(&server, 3, "anna@example.com", PASSWORD).await).await;
    assert!((1..=30).contains(&retry_after), "{retry_after}");
    assert_eq!(body["code"], "too_many_attempts");
    // Only that address waits.
    let elsewhere = login_from(&server, 4, "anna@example.com", PASSWORD).await;
    assert_eq!(elsewhere.status(), 200);
    server.stop().await;
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_account_are_alike_in_answer_and_time() {
    let server = TestServer::start().await;
    let accounts = ["anna@example.com", "bernd@example.com", "clara@example.com"];
    for account in accounts {
        server
            .create_account(account, PASSWORD, Role::Customer)
            .await;
    }
    let (mut wrong, mut unknown) = (Vec::new(), Vec::new());
    let mut answers = Vec::new();
    // Fifteen of each, alternating, each from its own address; five per account, as a
    // sixth wrong password would start that account's backoff.
    for round in 0..15 {
        for (kind, user, password) in [
            (
                "wrong password",
                accounts[round % 3].to_string(),
                "wrong-horse-9",
            ),
            (
                "unknown account",
                format!("nobody{round}@example.com"),
                PASSWORD,
            ),
        ] {
            let source = 20 + answers.len() as u8;
            let started = Instant::now();
            let response = login_from(&server, source, &user, password).await;
            let took = started.elapsed();
            let status = response.status().as_u16();
            let mut headers: Vec<String> = response
                .headers()
                .iter()
                .filter(|(name, _)| *name != "date")
                .map(|(name, value)| format!("{name}: {}", value.to_str().unwrap()))
                .collect();
            headers.sort();
            answers.push((kind, status, headers, response.text().await.unwrap()));
            if kind == "wrong password" {
                wrong.push(took);
            } else {
                unknown.push(took);
            }
        }
    }
    for (kind, status, headers, body) in &answers {
        assert_eq!(*status, 401, "{kind}");
        assert_eq!(headers, &answers[0].2, "{kind}: headers");
        assert_eq!(body, &answers[0].3, "{kind}: body");
    }
    // Checking a password takes tens of milliseconds; skipping the check for an
    // unknown account would make it several times faster.
    let (wrong, unknown) = (median(wrong), median(unknown));
    assert!(
        wrong.abs_diff(unknown) <= Duration::from_millis(20).max(wrong.max(unknown) / 2),
        "a wrong password took {wrong:?}, an unknown account {unknown:?}"
    );
    println!("login timing: wrong password {wrong:?}, unknown account {unknown:?} (medians of 15)");
    server.stop().await;
}
