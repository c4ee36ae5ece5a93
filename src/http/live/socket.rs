//! What every live socket shares: only the shop's own pages may connect, messages
//! from the client are capped small, the number of sockets is capped in all and per
//! client address (`[limits]`), and one loop sends what the socket follows until the
//! client leaves or stops answering pings.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem::web::websocket::{
    Message, WebSocket, WebSocketConfig, WebSocketStream, WebSocketUpgraded,
};

use crate::domain::error::ErrorCode;
use crate::http::AppState;
use crate::http::error::{ApiError, body};
use crate::http::live::caps::{SocketKind, SocketRefusal, SocketSlot};

/// The client has nothing to say; anything larger than this is refused.
const MAX_CLIENT_MESSAGE: usize = 1024;

pub type Session = Pin<Box<dyn Future<Output = ()> + Send>>;
pub type Upgrade = WebSocketUpgraded<Box<dyn FnOnce(WebSocketStream) -> Session + Send + Sync>>;

/// Whether a browser page from `origin` may connect: the configured public origin, or
/// else the host the request was sent to. Clients without an Origin header are not
/// browsers and cannot be used for cross-site requests.
pub fn origin_allowed(headers: &HeaderMap, public_origin: Option<&str>) -> bool {
    let Some(origin) = headers.get("origin").and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let origin = origin.trim_end_matches('/');
    if let Some(public) = public_origin {
        return origin.eq_ignore_ascii_case(public);
    }
    let host = headers
        .get("host")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let origin_host = origin
        .strip_prefix("https://")
        .or_else(|| origin.strip_prefix("http://"))
        .unwrap_or("");
    !host.is_empty() && origin_host.eq_ignore_ascii_case(host)
}

/// Small messages only: clients send nothing but pongs (and one sign-in message), so
/// the read buffer stays small too: thousands of idle sockets cost little memory.
pub fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(MAX_CLIENT_MESSAGE))
        .max_frame_size(Some(MAX_CLIENT_MESSAGE))
        .read_buffer_size(MAX_CLIENT_MESSAGE)
        .write_buffer_size(0)
}

pub fn foreign_origin() -> ApiError {
    ApiError::Forbidden(body(
        ErrorCode::ForbiddenOrigin,
        "Live connections are only accepted from the shop's own pages.",
    ))
}

fn too_many_connections() -> ApiError {
    ApiError::Unavailable(body(
        ErrorCode::TooManyConnections,
        "Too many live connections; please try again later.",
    ))
}

fn too_many_from_address() -> ApiError {
    ApiError::TooManyRequests(body(
        ErrorCode::TooManyConnections,
        "Too many live connections from your address; close another tab of the shop and try again.",
    ))
}

/// Checks the page's origin and takes the socket's place in the caps.
pub fn admit_socket(
    state: &AppState,
    headers: &HeaderMap,
    remote: &RemoteAddr,
    kind: SocketKind,
) -> Result<SocketSlot, ApiError> {
    if !origin_allowed(headers, state.config.public_origin.as_deref()) {
        return Err(foreign_origin());
    }
    let client = state.client_ip(remote, headers);
    state
        .sockets
        .admit(client, kind)
        .map_err(|refusal| match refusal {
            SocketRefusal::Full => too_many_connections(),
            SocketRefusal::TooManyFromAddress => too_many_from_address(),
        })
}

/// How often sockets are pinged, and how long a socket may stay silent.
#[derive(Clone, Copy)]
pub struct Liveness {
    pub ping: Duration,
    pub timeout: Duration,
}

impl Liveness {
    pub fn of(state: &AppState) -> Liveness {
        Liveness {
            ping: state.config.limits.websocket_ping,
            timeout: state.config.limits.websocket_timeout,
        }
    }
}

/// Upgrades the connection. `session` gets the socket and its place in the caps
/// (`slot`), which it holds for as long as it runs; it is the only future kept per
/// socket (no wrapper around it: thousands of idle sockets stay small).
pub fn upgrade<F, S>(websocket: WebSocket, slot: SocketSlot, session: F) -> Upgrade
where
    F: FnOnce(WebSocketStream, SocketSlot) -> S + Send + Sync + 'static,
    S: Future<Output = ()> + Send + 'static,
{
    let session: Box<dyn FnOnce(WebSocketStream) -> Session + Send + Sync> =
        Box::new(move |socket| Box::pin(session(socket, slot)));
    websocket.config(socket_config()).on_upgrade(session)
}

pub type Sink = SplitSink<WebSocketStream, Message>;

/// What a live socket follows.
pub trait Updates: Send {
    /// Waits for the next batch of messages to send (it may be empty); `None` ends the
    /// session. [`follow`] drops this future whenever the client speaks or a ping is
    /// due and calls again, so it must lose nothing when dropped (cancel-safe).
    fn next(&mut self) -> impl Future<Output = Option<Vec<String>>> + Send;
}

/// Sends each batch of messages `updates` gives, until it gives `None`, the client
/// leaves, or the client misses its pings; then closes the socket.
pub async fn follow(
    liveness: Liveness,
    mut sink: Sink,
    mut incoming: SplitStream<WebSocketStream>,
    mut updates: impl Updates,
) {
    let mut ping = tokio::time::interval(liveness.ping);
    ping.tick().await;
    let mut last_heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            batch = updates.next() => {
                let Some(messages) = batch else {
                    break;
                };
                for message in messages {
                    if sink.send(Message::Text(message)).await.is_err() {
                        return;
                    }
                }
            }
            message = incoming.next() => match message {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => last_heard = tokio::time::Instant::now(),
            },
            _ = ping.tick() => {
                if last_heard.elapsed() >= liveness.timeout
                    || sink.send(Message::Ping(Vec::new())).await.is_err()
                {
                    break;
                }
            }
        }
    }
    let _ = sink.close().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("host", host.parse().unwrap());
        if let Some(origin) = origin {
            headers.insert("origin", origin.parse().unwrap());
        }
        headers
    }

    #[test]
    fn the_origin_must_be_the_shop_itself() {
        assert!(origin_allowed(
            &headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
            None
        ));
        assert!(!origin_allowed(
            &headers(Some("https://evil.example"), "127.0.0.1:8080"),
            None
        ));
        assert!(!origin_allowed(
            &headers(Some("http://127.0.0.1:9999"), "127.0.0.1:8080"),
            None
        ));
        assert!(
            origin_allowed(&headers(None, "127.0.0.1:8080"), None),
            "not a browser"
        );
        let public = Some("https://pizza.example.com");
        assert!(origin_allowed(
            &headers(Some("https://pizza.example.com"), "10.0.0.2:8080"),
            public
        ));
        assert!(!origin_allowed(
            &headers(Some("http://10.0.0.2:8080"), "10.0.0.2:8080"),
            public
        ));
    }
}
