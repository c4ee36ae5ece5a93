//! Live sockets: pages from other sites are refused, client messages are capped, a
//! client that stops answering pings is dropped, and sockets are capped per address
//! (429) and in all (503).

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{Error, Message};

use crate::support::TestServer;
use crate::support::ordering::{LUNCHTIME, Menu, guest_order, lunch_lines, post_with};
use crate::support::raw_http::{connect_from, loopback};

type Socket = WebSocketStream<tokio::net::TcpStream>;

const STATUS: &str = "/ws/store/14/status";

/// A WebSocket to `path` from 127.0.0.`source`, with an optional `Origin`.
async fn socket_from(
    server: &TestServer,
    source: u8,
    path: &str,
    origin: Option<&str>,
) -> Result<Socket, Error> {
    let tcp = connect_from(server.addr(), loopback(source)).await;
    let mut request = server
        .url(path)
        .replace("http://", "ws://")
        .into_client_request()
        .unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
    }
    tokio_tungstenite::client_async(request, tcp)
        .await
        .map(|(socket, _)| socket)
}

/// The HTTP status of a refused upgrade, with its headers and JSON body.
fn refusal(result: Result<Socket, Error>) -> (u16, poem::http::HeaderMap, serde_json::Value) {
    match result {
        Err(Error::Http(response)) => {
            let body = response
                .body()
                .as_ref()
                .map(|bytes| serde_json::from_slice(bytes).unwrap())
                .unwrap_or_default();
            let mut headers = poem::http::HeaderMap::new();
            for (name, value) in response.headers() {
                headers.insert(
                    poem::http::HeaderName::from_bytes(name.as_str().as_bytes()).unwrap(),
                    value.to_str().unwrap().parse().unwrap(),
                );
            }
            (response.status().as_u16(), headers, body)
        }
        Err(other) => panic!("expected an HTTP refusal, got {other:?}"),
        Ok(_) => panic!("expected a refusal, the socket opened"),
    }
}

/// Whether the server ends the socket within `limit` (answering pings meanwhile).
async fn ends_within(socket: &mut Socket, limit: Duration) -> bool {
    tokio::time::timeout(limit, async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .is_ok()
}

/// A server at lunchtime with one guest order; its status token.
async fn server_with_order(env: &[(&str, &str)]) -> (TestServer, String) {
    let mut builder = TestServer::builder().env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME);
    for (name, value) in env {
        builder = builder.env(name, value);
    }
    let server = builder.start().await;
    let menu = Menu::load(&server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    let token = order["token"].as_str().unwrap().to_string();
    (server, token)
}

#[tokio::test]
async fn pages_from_other_sites_are_refused_on_every_socket() {
    let (server, token) = server_with_order(&[]).await;
    let own = server.base.clone();
    let order = format!("/ws/orders/{token}");
    let lookalike = format!("{own}.evil.example");
    for path in [STATUS, order.as_str(), "/ws/admin/orders"] {
        for foreign in [
            "https://evil.example",
            "http://127.0.0.1:1",
            "null",
            lookalike.as_str(),
        ] {
            let (status, headers, body) =
                refusal(socket_from(&server, 1, path, Some(foreign)).await);
            assert_eq!(status, 403, "{path} from {foreign}");
            assert_eq!(body["code"], "forbidden_origin", "{path}");
            assert!(headers.contains_key("content-security-policy"), "{path}");
        }
        let accepted = socket_from(&server, 1, path, Some(&own)).await;
        assert!(accepted.is_ok(), "{path} from the shop's own page");
    }
    server.stop().await;
}

#[tokio::test]
async fn an_oversized_client_message_ends_every_kind_of_socket() {
    let (server, token) = server_with_order(&[]).await;
    let order = format!("/ws/orders/{token}");
    for path in [STATUS, order.as_str(), "/ws/admin/orders"] {
        let mut socket = socket_from(&server, 1, path, None).await.unwrap();
        let _ = socket
            .send(Message::Text("x".repeat(2 * 1024).into()))
            .await;
        assert!(
            ends_within(&mut socket, Duration::from_secs(3)).await,
            "{path}: a 2 KiB message closes the socket"
        );
    }
    server.stop().await;
}

/// The opening handshake by hand, so that nothing answers the server's pings.
async fn silent_socket(server: &TestServer) -> tokio::net::TcpStream {
    let mut tcp = connect_from(server.addr(), loopback(1)).await;
    let request = format!(
        "GET {STATUS} HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        server.addr()
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    tcp
}

#[tokio::test]
async fn a_client_that_stops_answering_pings_is_dropped() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_LIMITS_WEBSOCKET_PING_SECONDS", "1")
        .env("HEIMSERVICE_LIMITS_WEBSOCKET_TIMEOUT_SECONDS", "2")
        .start()
        .await;
    // A well-behaved client (tungstenite answers pings while it reads) stays.
    let mut answering = socket_from(&server, 2, STATUS, None).await.unwrap();
    let stays = tokio::spawn(async move {
        let mut pings = 0;
        let outcome = tokio::time::timeout(Duration::from_secs(6), async {
            loop {
                match answering.next().await {
                    Some(Ok(Message::Ping(_))) => pings += 1,
                    Some(Ok(Message::Text(_))) => {}
                    other => return other,
                }
            }
        })
        .await;
        (outcome.is_err(), pings)
    });

    let mut silent = silent_socket(&server).await;
    let started = Instant::now();
    let mut received = Vec::new();
    let mut buffer = [0u8; 1024];
    let closed = tokio::time::timeout(Duration::from_secs(8), async {
        loop {
            match silent.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the silent client is still connected");
    let took = started.elapsed();
    println!("live socket: a client not answering pings was dropped after {took:.1?}");
    assert!(
        took >= Duration::from_millis(1500) && took <= Duration::from_secs(6),
        "dropped after {took:?} (ping every 1 s, timeout 2 s)"
    );
    let head_end = received
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an upgrade answer")
        + 4;
    assert!(received.starts_with(b"HTTP/1.1 101"));
    let frames = &received[head_end..];
    assert!(
        frames.windows(2).any(|w| w == [0x89, 0x00]),
        "the server pinged before giving up"
    );

    let (stayed, pings) = stays.await.unwrap();
    assert!(stayed, "a client answering pings is kept");
    assert!(pings >= 3, "pinged every second: {pings}");
    server.stop().await;
}

#[tokio::test]
async fn one_address_may_hold_only_its_share_of_sockets() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_LIMITS_WEBSOCKETS_PER_IP", "3")
        .start()
        .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(socket_from(&server, 2, STATUS, None).await.unwrap());
    }
    let (status, headers, body) = refusal(socket_from(&server, 2, STATUS, None).await);
    assert_eq!(status, 429);
    assert_eq!(body["code"], "too_many_connections");
    assert!(body["detail"].as_str().unwrap().contains("your address"));
    assert!(headers.contains_key("content-security-policy"));
    let other = socket_from(&server, 3, STATUS, None).await;
    assert!(other.is_ok(), "another address still gets a socket");

    // A closed socket gives its place back.
    let mut leaving = held.pop().unwrap();
    leaving.close(None).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match socket_from(&server, 2, STATUS, None).await {
            Ok(socket) => {
                held.push(socket);
                break;
            }
            Err(error) => assert!(Instant::now() < deadline, "still refused: {error:?}"),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn the_server_holds_at_most_its_total_of_sockets() {
    let (server, token) = server_with_order(&[
        ("HEIMSERVICE_LIMITS_WEBSOCKETS", "4"),
        ("HEIMSERVICE_LIMITS_WEBSOCKETS_PER_IP", "3"),
    ])
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(socket_from(&server, 2, STATUS, None).await.unwrap());
    }
    held.push(
        socket_from(&server, 3, &format!("/ws/orders/{token}"), None)
            .await
            .unwrap(),
    );
    for path in [STATUS, "/ws/admin/orders"] {
        let (status, _, body) = refusal(socket_from(&server, 4, path, None).await);
        assert_eq!(status, 503, "{path}");
        assert_eq!(body["code"], "too_many_connections");
    }
    // Every kind of socket shares the total; a closed one frees a place for any kind.
    drop(held.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut board = loop {
        if let Ok(board) = socket_from(&server, 4, "/ws/admin/orders", None).await {
            break board;
        }
        assert!(Instant::now() < deadline, "no place came free");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    board
        .send(Message::Text(json!({ "token": "x" }).to_string().into()))
        .await
        .unwrap();
    assert!(ends_within(&mut board, Duration::from_secs(3)).await);
    server.stop().await;
}
