//! Password-reset abuse: the request's answer does not tell whether an account exists
//! (status, body, headers, time), an address asking too often gets 429 with
//! `Retry-After`, and one email address gets at most three mails an hour.

use std::time::{Duration, Instant};

use heimservice::domain::user::Role;
use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::raw_http::{client_from, median};

async fn forgot_from(server: &TestServer, source: u8, email: &str) -> (u16, Vec<String>, String) {
    let response = client_from(source)
        .post(server.url("/forgot-password"))
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let mut headers: Vec<String> = response
        .headers()
        .iter()
        .filter(|(name, _)| *name != "date")
        .map(|(name, value)| format!("{name}: {}", value.to_str().unwrap()))
        .collect();
    headers.sort();
    (status, headers, response.text().await.unwrap())
}

#[tokio::test]
async fn the_answer_is_the_same_for_an_account_and_for_nobody() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    server
        .create_account("anna@example.com", "correct-horse-9", Role::Customer)
        .await;
    let (mut known, mut unknown) = (Vec::new(), Vec::new());
    let mut answers = Vec::new();
    for round in 0..5u8 {
        for email in ["anna@example.com", "nobody@example.com"] {
            let started = Instant::now();
            let answer = forgot_from(&server, 30 + round, email).await;
            let took = started.elapsed();
            if email == "nobody@example.com" {
                unknown.push(took);
            } else {
                known.push(took);
            }
            answers.push((email, answer));
        }
    }
    for (email, answer) in &answers {
        assert_eq!(answer.0, 200, "{email}");
        assert_eq!(answer, &answers[0].1, "{email}: status, headers and body");
    }
    let body: Value = serde_json::from_str(&answers[0].1.2).unwrap();
    assert_eq!(
        body["detail"],
        "If an account exists for this email, we have sent a link to reset the password."
    );
    let (known, unknown) = (median(known), median(unknown));
    assert!(
        known.abs_diff(unknown) <= Duration::from_millis(20).max(known.max(unknown) / 2),
        "an account's request took {known:?}, nobody's {unknown:?}"
    );
    println!("reset timing: account {known:?}, unknown {unknown:?} (medians of 5)");

    // Five requests for Anna sent three mails; the others sent nothing.
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut mails_to_anna = 0;
    while Instant::now() < deadline {
        let (_, outbox) = server
            .send("GET", "/admin/outbox", Some(&admin), None)
            .await;
        let mails = outbox.as_array().unwrap();
        assert!(
            mails.iter().all(|mail| mail["to"] == "anna@example.com"),
            "{outbox}"
        );
        mails_to_anna = mails.len();
        if mails_to_anna >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Give a fourth mail (which must not come) the time the first three took.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, outbox) = server
        .send("GET", "/admin/outbox", Some(&admin), None)
        .await;
    assert_eq!(
        outbox.as_array().unwrap().len(),
        3,
        "at most three mails an hour: {outbox}"
    );
    assert_eq!(mails_to_anna, 3);
    server.stop().await;
}

#[tokio::test]
async fn an_address_asking_too_often_waits() {
    let server = TestServer::start().await;
    for attempt in 0..10 {
        let (status, _, _) = forgot_from(&server, 40, &format!("user{attempt}@example.com")).await;
        assert_eq!(status, 200, "request {attempt}");
    }
    let refused = client_from(40)
        .post(server.url("/forgot-password"))
        .json(&json!({ "email": "anna@example.com" }))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 429);
    let retry_after: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "too_many_attempts");
    // Guessing reset tokens from there waits too.
    let guess = client_from(40)
        .post(server.url("/reset-password"))
        .json(&json!({ "token": "00".repeat(32), "password": "new-pizza-pass-7" }))
        .send()
        .await
        .unwrap();
    assert_eq!(guess.status(), 429);
    // Another address is not affected.
    let (status, _, _) = forgot_from(&server, 41, "anna@example.com").await;
    assert_eq!(status, 200);
    server.stop().await;
}
