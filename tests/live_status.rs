//! The live status WebSocket: a message on connect and within a second of any change.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::support::{TestServer, store_settings};

pub(crate) type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub(crate) async fn connect(
    server: &TestServer,
    path: &str,
    origin: Option<&str>,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let url = server.url(path).replace("http://", "ws://");
    let mut request = url.into_client_request().unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
    }
    tokio_tungstenite::connect_async(request)
        .await
        .map(|(socket, _)| socket)
}

/// The next text message, within `limit`.
pub(crate) async fn next_message(socket: &mut Socket, limit: Duration) -> Value {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

#[tokio::test]
async fn a_new_socket_gets_the_status_in_the_stores_time() {
    // Monday 2026-11-23, 06:00 in Berlin: closed, lunch opens at 11:30.
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T05:00:00Z")
        .start()
        .await;
    let origin = server.base.clone();
    let mut socket = connect(&server, "/ws/store/14/status", Some(&origin))
        .await
        .unwrap();
    let message = next_message(&mut socket, Duration::from_secs(2)).await;
    assert_eq!(message["is_open"], false);
    assert_eq!(message["paused"], false);
    assert_eq!(message["timezone"], "Europe/Berlin");
    assert_eq!(message["error"], Value::Null);
    let local_time = message["local_time"].as_str().unwrap();
    assert!(local_time.starts_with("2026-11-23 06:00:0"), "{local_time}");
    assert_eq!(
        message["today_hours"][0],
        json!({"open_time": "11:30", "close_time": "14:30", "label": "Mittagstisch"})
    );
    server.stop().await;
}

#[tokio::test]
async fn an_hours_edit_and_a_pause_reach_connected_sockets_within_a_second() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T11:00:00Z")
        .start()
        .await;
    let token = server.admin_token().await;
    let mut socket = connect(&server, "/ws/store/14/status", None).await.unwrap();
    let first = next_message(&mut socket, Duration::from_secs(2)).await;
    assert_eq!(first["is_open"], true, "Monday 12:00 is lunch time");

    let hours =
        json!([{"day_of_week": 1, "open_time": "18:00", "close_time": "23:00", "label": "Abends"}]);
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14",
            Some(&token),
            Some(store_settings(json!({"store_hours": hours}))),
        )
        .await;
    assert_eq!(status, 200);
    let edited = next_message(&mut socket, Duration::from_secs(1)).await;
    assert_eq!(edited["is_open"], false);
    assert_eq!(
        edited["today_hours"],
        json!([{"open_time": "18:00", "close_time": "23:00", "label": "Abends"}])
    );

    let hours =
        json!([{"day_of_week": 1, "open_time": "11:00", "close_time": "23:00", "label": ""}]);
    server
        .send(
            "PUT",
            "/stores/14",
            Some(&token),
            Some(store_settings(json!({"store_hours": hours}))),
        )
        .await;
    let reopened = next_message(&mut socket, Duration::from_secs(1)).await;
    assert_eq!(reopened["is_open"], true);

    let (status, _) = server
        .send(
            "PUT",
            "/stores/14/pause",
            Some(&token),
            Some(json!({"paused": true})),
        )
        .await;
    assert_eq!(status, 200);
    let paused = next_message(&mut socket, Duration::from_secs(1)).await;
    assert_eq!(paused["paused"], true);
    assert_eq!(paused["is_open"], false);
    socket.close(None).await.unwrap();
    server.stop().await;
}

#[tokio::test]
async fn a_slot_boundary_is_pushed_when_it_passes() {
    // Two seconds before the Monday lunch slot opens (11:30 Berlin = 10:30Z).
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T10:29:58Z")
        .start()
        .await;
    let mut socket = connect(&server, "/ws/store/14/status", None).await.unwrap();
    let before = next_message(&mut socket, Duration::from_secs(1)).await;
    assert_eq!(before["is_open"], false);
    let after = next_message(&mut socket, Duration::from_secs(5)).await;
    assert_eq!(after["is_open"], true);
    assert!(
        after["local_time"]
            .as_str()
            .unwrap()
            .starts_with("2026-11-23 11:30:0")
    );
    server.stop().await;
}

#[tokio::test]
async fn a_foreign_origin_is_refused() {
    let server = TestServer::start().await;
    let error = connect(&server, "/ws/store/14/status", Some("https://evil.example"))
        .await
        .unwrap_err();
    match error {
        tokio_tungstenite::tungstenite::Error::Http(response) => assert_eq!(response.status(), 403),
        other => panic!("expected an HTTP refusal, got {other:?}"),
    }
    server.stop().await;
}

#[tokio::test]
async fn an_unknown_store_gets_an_error_and_the_socket_closes() {
    let server = TestServer::start().await;
    let mut socket = connect(&server, "/ws/store/15/status", None).await.unwrap();
    let message = next_message(&mut socket, Duration::from_secs(2)).await;
    assert_eq!(message["error"], "There is no store with id 15.");
    assert_eq!(message["is_open"], false);
    let end = tokio::time::timeout(Duration::from_secs(2), socket.next())
        .await
        .unwrap();
    assert!(
        matches!(end, None | Some(Ok(Message::Close(_))) | Some(Err(_))),
        "{end:?}"
    );
    server.stop().await;
}

#[tokio::test]
async fn oversized_client_messages_end_the_connection() {
    let server = TestServer::start().await;
    let mut socket = connect(&server, "/ws/store/14/status", None).await.unwrap();
    next_message(&mut socket, Duration::from_secs(2)).await;
    let _ = socket
        .send(Message::Text("x".repeat(64 * 1024).into()))
        .await;
    let outcome = tokio::time::timeout(Duration::from_secs(2), async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await;
    assert!(outcome.is_ok(), "the server closed the socket");
    server.stop().await;
}

#[tokio::test]
async fn a_shop_closed_by_its_hours_announces_when_it_opens_next() {
    // Monday 2026-11-23, 06:00 in Berlin: the demo's lunch opens at 11:30 (10:30Z).
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T05:00:00Z")
        .start()
        .await;
    let token = server.admin_token().await;
    let mut socket = connect(&server, "/ws/store/14/status", None).await.unwrap();
    let first = next_message(&mut socket, Duration::from_secs(2)).await;
    assert_eq!(first["closed_reason"], "outside_hours", "{first}");
    assert_eq!(first["next_opening"], "2026-11-23T10:30:00Z", "{first}");
    let (_, store) = server.send("GET", "/stores/14", None, None).await;
    assert_eq!(store["next_opening"], "2026-11-23T10:30:00Z", "{store}");

    // Closed today, open only on Mondays: the Monday after.
    let today = json!([{"date": "2026-11-23", "note": "Betriebsausflug"}]);
    let (status, body) = server
        .send(
            "PUT",
            "/stores/14",
            Some(&token),
            Some(store_settings(json!({"closures": today}))),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let closure = next_message(&mut socket, Duration::from_secs(1)).await;
    assert_eq!(closure["closed_reason"], "closure", "{closure}");
    assert_eq!(closure["next_opening"], "2026-11-30T10:30:00Z", "{closure}");

    // Paused by hand: nobody knows when it resumes.
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14/pause",
            Some(&token),
            Some(json!({"paused": true})),
        )
        .await;
    assert_eq!(status, 200);
    let paused = next_message(&mut socket, Duration::from_secs(1)).await;
    assert_eq!(paused["closed_reason"], "paused", "{paused}");
    assert_eq!(paused["next_opening"], Value::Null, "{paused}");
    let (_, store) = server.send("GET", "/stores/14", None, None).await;
    assert_eq!(store["next_opening"], Value::Null, "{store}");
    server.stop().await;
}
