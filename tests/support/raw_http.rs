//! Raw TCP clients for what a well-behaved HTTP library will not do: stop in the middle
//! of a header, dribble a body, hold connections open, come from 127.0.0.x.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use super::TestServer;

impl TestServer {
    pub fn addr(&self) -> SocketAddr {
        self.running.as_ref().unwrap().addr
    }
}

/// A TCP connection to `server` from the loopback address `source` (127.0.0.x), so a
/// test can act as several clients.
pub async fn connect_from(server: SocketAddr, source: Ipv4Addr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(source.into(), 0)).unwrap();
    tokio::time::timeout(Duration::from_secs(10), socket.connect(server))
        .await
        .expect("connected in time")
        .unwrap()
}

/// 127.0.0.`n`.
pub fn loopback(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, n)
}

/// Reads (and throws away) until the server closes the connection; the time it took,
/// or `None` if it was still open after `limit`.
pub async fn closed_within(stream: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + limit;
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(started.elapsed()),
            Ok(Ok(_)) => continue,
        }
    }
}

/// An HTTP/1.1 response read off a raw connection.
#[derive(Debug)]
pub struct RawResponse {
    pub status: u16,
    /// Lower-case names.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl RawResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("not JSON: {:?}", self.body))
    }
}

/// Reads one response (head, then a `Content-Length` body) within `limit`.
pub async fn read_response(stream: &mut TcpStream, limit: Duration) -> Option<RawResponse> {
    let deadline = tokio::time::Instant::now() + limit;
    let mut data = Vec::new();
    let mut buffer = [0u8; 4096];
    let head_end = loop {
        if let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Ok(Ok(n)) if n > 0 => data.extend_from_slice(&buffer[..n]),
            _ => return None,
        }
    };
    let head = String::from_utf8_lossy(&data[..head_end]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    while data.len() < head_end + length {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Ok(Ok(n)) if n > 0 => data.extend_from_slice(&buffer[..n]),
            _ => break,
        }
    }
    let end = data.len().min(head_end + length);
    Some(RawResponse {
        status,
        headers,
        body: String::from_utf8_lossy(&data[head_end..end]).to_string(),
    })
}

/// Sends `request` on a fresh connection from `source` and reads the answer.
pub async fn exchange_from(
    server: SocketAddr,
    source: Ipv4Addr,
    request: &str,
    limit: Duration,
) -> Option<RawResponse> {
    let mut stream = connect_from(server, source).await;
    stream.write_all(request.as_bytes()).await.ok()?;
    read_response(&mut stream, limit).await
}

/// A complete `GET path` that closes the connection after the answer.
pub fn get_request(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
}

/// An HTTP client whose connections come from 127.0.0.`n`.
pub fn client_from(n: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(Some(loopback(n).into()))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The median of some durations.
pub fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}
