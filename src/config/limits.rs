//! The `[limits]` table: how much one client, and all clients together, may hold of the
//! server (connections, live sockets) and how long they may take to send a request.

use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Open TCP connections in all (HTTP and live sockets). At the cap the server stops
    /// accepting until one closes; new connections wait in the kernel's queue.
    pub connections: usize,
    /// Open connections from one address; beyond it a connection is answered 503.
    /// Addresses in `trusted_proxies` are exempt (the proxy carries many clients).
    pub connections_per_ip: usize,
    /// A request's header (and the next one on a kept-alive connection) must arrive
    /// within this time, or the connection is closed.
    pub header_timeout: Duration,
    /// A request's body must arrive within this time, or it is answered 408.
    pub body_timeout: Duration,
    /// Open live sockets (WebSockets) in all; beyond it 503.
    pub websockets: usize,
    /// Open live sockets from one client address; beyond it 429.
    pub websockets_per_ip: usize,
    /// The server pings every live socket this often.
    pub websocket_ping: Duration,
    /// A live socket that answered nothing (not even a pong) for this long is closed.
    pub websocket_timeout: Duration,
}

/// The allowed range of each key (their defaults are in `KEYS`).
pub const LIMIT_RANGES: &[(&str, u64, u64)] = &[
    ("limits.connections", 16, 1_000_000),
    ("limits.connections_per_ip", 2, 1_000_000),
    ("limits.header_timeout_seconds", 1, 60),
    ("limits.body_timeout_seconds", 1, 600),
    ("limits.websockets", 1, 1_000_000),
    ("limits.websockets_per_ip", 1, 1_000_000),
    ("limits.websocket_ping_seconds", 1, 300),
    ("limits.websocket_timeout_seconds", 2, 900),
];

/// A whole number within the key's range.
pub fn parse_limit(key: &str, value: &str) -> Result<u64, String> {
    let (_, min, max) = LIMIT_RANGES
        .iter()
        .find(|(name, ..)| *name == key)
        .ok_or_else(|| format!("is not a limit key: {key}"))?;
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|number| (*min..=*max).contains(number))
        .ok_or_else(|| format!("must be a whole number from {min} to {max}, not `{value}`"))
}

impl Limits {
    /// Builds the limits from already validated values, read by key.
    pub fn from_values(value: impl Fn(&'static str) -> u64) -> Result<Limits, String> {
        let limits = Limits {
            connections: value("limits.connections") as usize,
            connections_per_ip: value("limits.connections_per_ip") as usize,
            header_timeout: Duration::from_secs(value("limits.header_timeout_seconds")),
            body_timeout: Duration::from_secs(value("limits.body_timeout_seconds")),
            websockets: value("limits.websockets") as usize,
            websockets_per_ip: value("limits.websockets_per_ip") as usize,
            websocket_ping: Duration::from_secs(value("limits.websocket_ping_seconds")),
            websocket_timeout: Duration::from_secs(value("limits.websocket_timeout_seconds")),
        };
        if limits.websocket_timeout <= limits.websocket_ping {
            return Err(
                "limits.websocket_timeout_seconds must be longer than limits.websocket_ping_seconds, \
                 or every client would be dropped before it could answer a ping"
                    .into(),
            );
        }
        Ok(limits)
    }
}
