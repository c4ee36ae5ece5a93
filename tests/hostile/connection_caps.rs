//! Open connections are capped per address and in all. Behaviour at the caps: a
//! connection from an address already holding its share is answered 503 at once; at
//! the total cap a new connection waits until a stalled one is cut (at the header
//! timeout) and is then served.

use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use crate::support::TestServer;
use crate::support::raw_http::{connect_from, exchange_from, get_request, loopback};

/// Connections that sent half a header and then nothing.
async fn stalled(server: &TestServer, source: u8, count: usize) -> Vec<TcpStream> {
    let mut held = Vec::new();
    for _ in 0..count {
        let mut stream = connect_from(server.addr(), loopback(source)).await;
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            .await
            .unwrap();
        held.push(stream);
    }
    held
}

#[tokio::test]
async fn an_address_over_its_cap_is_answered_503_and_others_are_served() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_LIMITS_CONNECTIONS_PER_IP", "4")
        .env("HEIMSERVICE_LIMITS_HEADER_TIMEOUT_SECONDS", "30")
        .start()
        .await;
    let mut held = stalled(&server, 2, 4).await;
    // Let the server count them before the next one arrives.
    tokio::time::sleep(Duration::from_millis(200)).await;

    let started = Instant::now();
    let refused = exchange_from(
        server.addr(),
        loopback(2),
        &get_request("/healthz"),
        Duration::from_secs(3),
    )
    .await
    .expect("an answer");
    assert_eq!(refused.status, 503, "{refused:?}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "answered at once"
    );
    assert_eq!(refused.header("retry-after"), Some("5"));
    assert_eq!(refused.json()["code"], "too_many_connections");
    assert!(refused.header("content-security-policy").is_some());

    let other = exchange_from(
        server.addr(),
        loopback(3),
        &get_request("/healthz"),
        Duration::from_secs(3),
    )
    .await
    .expect("an answer");
    assert_eq!(other.status, 200, "another address is served");

    // A closed connection gives its place back.
    held.pop();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let again = exchange_from(
            server.addr(),
            loopback(2),
            &get_request("/healthz"),
            Duration::from_secs(3),
        )
        .await
        .map(|answer| answer.status);
        if again == Some(200) {
            break;
        }
        assert!(Instant::now() < deadline, "still refused: {again:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn at_the_total_cap_a_new_client_is_served_once_stalled_ones_are_cut() {
    let header_timeout = Duration::from_secs(2);
    let server = TestServer::builder()
        .env("HEIMSERVICE_LIMITS_CONNECTIONS", "16")
        .env("HEIMSERVICE_LIMITS_CONNECTIONS_PER_IP", "4")
        .env("HEIMSERVICE_LIMITS_HEADER_TIMEOUT_SECONDS", "2")
        .start()
        .await;
    let opened = Instant::now();
    let mut held = Vec::new();
    for source in 2..6 {
        held.extend(stalled(&server, source, 4).await);
    }
    assert_eq!(held.len(), 16);
    let started = Instant::now();
    let answer = exchange_from(
        server.addr(),
        loopback(9),
        &get_request("/healthz"),
        header_timeout + Duration::from_secs(4),
    )
    .await
    .expect("served within the deadline");
    assert_eq!(answer.status, 200);
    let waited = started.elapsed();
    println!("total connection cap: a new client was served after {waited:.1?}");
    assert!(
        opened.elapsed() >= header_timeout - Duration::from_millis(300),
        "served only after a stalled connection was cut (waited {waited:?})"
    );
    server.stop().await;
}
