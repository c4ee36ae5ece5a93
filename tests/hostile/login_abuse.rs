//! Login guessing: throttled per account (whichever address it comes from) and per
//! address (whichever account it tries), with 429 and `Retry-After`; and the answer to
//! a wrong password is the answer to an unknown account, in content and in time.

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

#[tokio::test]
async fn guessing_one_account_from_many_addresses_is_throttled() {
    let server = TestServer::start().await;
    server
        .create_account("anna@example.com", PASSWORD, Role::Customer)
        .await;
    for account in ["anna@example.com", "nobody@example.com"] {
        // Six wrong guesses, each from another address.
        for source in 2..8 {
            let response = login_from(&server, source, account, "guess").await;
            assert_eq!(response.status(), 401, "{account} from 127.0.0.{source}");
        }
        // Now even the right password waits, from yet another address.
        let (retry_after, body) = throttled(login_from(&server, 8, account, PASSWORD).await).await;
        assert!((1..=2).contains(&retry_after), "{account}: {retry_after}");
        assert_eq!(body["code"], "too_many_attempts", "{account}");
        assert!(body["message"].as_str().unwrap().contains("Please wait"));
    }
    // After the wait the account's owner gets in.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let response = login_from(&server, 9, "anna@example.com", PASSWORD).await;
        if response.status() == 200 {
            break;
        }
        assert_eq!(response.status(), 429);
        assert!(Instant::now() < deadline, "still throttled");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
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
