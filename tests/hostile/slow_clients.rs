//! Clients that stall: in the header, sending nothing, dribbling a body, or sending an
//! endless chunked body. None of them may keep a connection (or memory) for long.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::TestServer;
use crate::support::raw_http::{closed_within, connect_from, loopback, read_response};

/// The default `limits.header_timeout_seconds`.
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Scheduling slack on a busy machine.
const SLACK: Duration = Duration::from_secs(3);

#[tokio::test]
async fn a_client_stopping_in_the_header_is_cut_off_at_the_header_timeout() {
    let server = TestServer::start().await;
    let mut partial = connect_from(server.addr(), loopback(1)).await;
    partial
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Wait: ")
        .await
        .unwrap();
    let mut silent = connect_from(server.addr(), loopback(1)).await;
    // A slowloris: one more header byte every second keeps the line busy.
    let mut dribbling = connect_from(server.addr(), loopback(1)).await;
    dribbling
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    let dribble = tokio::spawn(async move {
        let started = std::time::Instant::now();
        for _ in 0..30 {
            if dribbling.write_all(b"X").await.is_err() {
                return Some(started.elapsed());
            }
            let mut byte = [0u8; 1];
            match tokio::time::timeout(Duration::from_secs(1), dribbling.read(&mut byte)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return Some(started.elapsed()),
                _ => {}
            }
        }
        None
    });
    let limit = HEADER_TIMEOUT + SLACK;
    let (partial_cut, silent_cut) = tokio::join!(
        closed_within(&mut partial, limit),
        closed_within(&mut silent, limit)
    );
    let dribble_cut = dribble.await.unwrap();
    for (who, cut) in [
        ("partial header", partial_cut),
        ("silent", silent_cut),
        ("dribbling header", dribble_cut),
    ] {
        let cut = cut.unwrap_or_else(|| panic!("{who}: still open after {limit:?}"));
        assert!(cut <= limit, "{who}: closed after {cut:?}");
        println!("header timeout: {who} connection closed after {cut:.1?}");
    }
    // Meanwhile the server answers everyone else at once.
    let started = std::time::Instant::now();
    assert_eq!(server.get("/healthz").await.status(), 200);
    assert!(started.elapsed() < Duration::from_secs(2));
    server.stop().await;
}

#[tokio::test]
async fn a_kept_alive_connection_serves_requests_sent_in_time() {
    let server = TestServer::start().await;
    let mut stream = connect_from(server.addr(), loopback(1)).await;
    for _ in 0..2 {
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            .await
            .unwrap();
        let answer = read_response(&mut stream, Duration::from_secs(5))
            .await
            .expect("an answer");
        assert_eq!(answer.status, 200);
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn a_body_that_does_not_arrive_in_time_is_answered_408() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_LIMITS_BODY_TIMEOUT_SECONDS", "2")
        .start()
        .await;
    let mut stream = connect_from(server.addr(), loopback(1)).await;
    stream
        .write_all(
            b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nusername=",
        )
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let answer = read_response(&mut stream, Duration::from_secs(2) + SLACK)
        .await
        .expect("an answer in time");
    assert_eq!(answer.status, 408, "{answer:?}");
    assert!(started.elapsed() >= Duration::from_millis(1500));
    let body = answer.json();
    assert_eq!(body["code"], "request_timeout");
    assert!(body["detail"].as_str().unwrap().contains("2 seconds"));
    assert!(answer.header("content-security-policy").is_some());
    assert!(
        closed_within(&mut stream, SLACK).await.is_some(),
        "the connection is closed after it"
    );
    server.stop().await;
}

#[tokio::test]
async fn an_endless_chunked_body_is_refused_with_413() {
    let server = TestServer::start().await;
    let stream = connect_from(server.addr(), loopback(1)).await;
    let (mut reader, mut writer) = stream.into_split();
    writer
        .write_all(
            b"POST /support HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        )
        .await
        .unwrap();
    // 64 KiB chunks up to four times the cap; the server may stop reading at any point.
    let sender = tokio::spawn(async move {
        let chunk = format!("10000\r\n{}\r\n", "x".repeat(0x10000));
        let mut sent = 0usize;
        while sent < 4 * heimservice::http::MAX_BODY_BYTES {
            if writer.write_all(chunk.as_bytes()).await.is_err() {
                break;
            }
            sent += 0x10000;
        }
        sent
    });
    let mut head = Vec::new();
    let mut buffer = [0u8; 1024];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        match tokio::time::timeout_at(deadline, reader.read(&mut buffer)).await {
            Ok(Ok(n)) if n > 0 => head.extend_from_slice(&buffer[..n]),
            other => panic!("no answer: {other:?}"),
        }
    }
    let head = String::from_utf8_lossy(&head).to_string();
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-security-policy")
    );
    // The server closes the connection rather than read the rest.
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match reader.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the connection was closed after the 413");
    let sent = tokio::time::timeout(Duration::from_secs(10), sender)
        .await
        .expect("the sender stopped")
        .unwrap();
    assert!(
        sent < 4 * heimservice::http::MAX_BODY_BYTES,
        "the server read all {sent} bytes"
    );
    server.stop().await;
}

#[tokio::test]
async fn an_oversized_header_is_refused_with_431() {
    let server = TestServer::start().await;
    let mut stream = connect_from(server.addr(), loopback(1)).await;
    let request = format!(
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {}\r\n\r\n",
        "y".repeat(70 * 1024)
    );
    let _ = stream.write_all(request.as_bytes()).await;
    let answer = read_response(&mut stream, SLACK).await.expect("an answer");
    assert_eq!(answer.status, 431);
    assert!(closed_within(&mut stream, SLACK).await.is_some());
    assert_eq!(server.get("/healthz").await.status(), 200);
    server.stop().await;
}
