//! The `[limits]` table: how much one client, and all clients together, may hold of the
//! server (connections, live sockets) and how long they may take to send a request.

use std::time::Duration;

use super::ConfigError;
use super::keys::{
    Key, LIMITS_BODY_TIMEOUT_SECONDS, LIMITS_CONNECTIONS, LIMITS_CONNECTIONS_PER_IP,
    LIMITS_HEADER_TIMEOUT_SECONDS, LIMITS_MAILS_PER_ADDRESS, LIMITS_ORDERS_PER_CONTACT,
    LIMITS_ORDERS_PER_IP, LIMITS_WEBSOCKET_PING_SECONDS, LIMITS_WEBSOCKET_TIMEOUT_SECONDS,
    LIMITS_WEBSOCKETS, LIMITS_WEBSOCKETS_PER_IP, Parse,
};
use super::sources::Values;

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
    /// Online orders (and PayPal payments begun) one client address may place at once;
    /// then one more every 30 seconds.
    pub orders_per_ip: u32,
    /// Online orders per phone number, per e-mail address and per account at once; then
    /// one more every 10 minutes.
    pub orders_per_contact: u32,
    /// Mails the shop sends to one address in an hour, of every kind; more are not sent.
    pub mails_per_address: u32,
}

/// A whole number from `min` to `max`: the parser of every key in the table.
#[derive(Debug, Clone, Copy)]
pub(super) struct Within {
    min: u64,
    max: u64,
}

impl Within {
    pub(super) const fn new(min: u64, max: u64) -> Within {
        Within { min, max }
    }
}

impl Parse for Within {
    type Value = u64;
    fn parse(&self, text: &str) -> Result<u64, String> {
        let Within { min, max } = *self;
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|number| (min..=max).contains(number))
            .ok_or_else(|| format!("must be a whole number from {min} to {max}, not `{text}`"))
    }
}

/// The allowed range of each key (their defaults and parsers are in `keys`).
pub const LIMIT_RANGES: &[(&str, u64, u64)] = &[
    range(&LIMITS_CONNECTIONS),
    range(&LIMITS_CONNECTIONS_PER_IP),
    range(&LIMITS_HEADER_TIMEOUT_SECONDS),
    range(&LIMITS_BODY_TIMEOUT_SECONDS),
    range(&LIMITS_WEBSOCKETS),
    range(&LIMITS_WEBSOCKETS_PER_IP),
    range(&LIMITS_WEBSOCKET_PING_SECONDS),
    range(&LIMITS_WEBSOCKET_TIMEOUT_SECONDS),
    range(&LIMITS_ORDERS_PER_IP),
    range(&LIMITS_ORDERS_PER_CONTACT),
    range(&LIMITS_MAILS_PER_ADDRESS),
];

const fn range(key: &Key<Within>) -> (&'static str, u64, u64) {
    (key.spec.key, key.parser.min, key.parser.max)
}

impl Limits {
    pub(super) fn read(values: &mut Values) -> Result<Limits, ConfigError> {
        let seconds = Duration::from_secs;
        // The ranges keep every count far below `u32::MAX`, so `as usize` keeps it whole.
        let limits = Limits {
            connections: values.get(&LIMITS_CONNECTIONS)? as usize,
            connections_per_ip: values.get(&LIMITS_CONNECTIONS_PER_IP)? as usize,
            header_timeout: seconds(values.get(&LIMITS_HEADER_TIMEOUT_SECONDS)?),
            body_timeout: seconds(values.get(&LIMITS_BODY_TIMEOUT_SECONDS)?),
            websockets: values.get(&LIMITS_WEBSOCKETS)? as usize,
            websockets_per_ip: values.get(&LIMITS_WEBSOCKETS_PER_IP)? as usize,
            websocket_ping: seconds(values.get(&LIMITS_WEBSOCKET_PING_SECONDS)?),
            websocket_timeout: seconds(values.get(&LIMITS_WEBSOCKET_TIMEOUT_SECONDS)?),
            orders_per_ip: values.get(&LIMITS_ORDERS_PER_IP)? as u32,
            orders_per_contact: values.get(&LIMITS_ORDERS_PER_CONTACT)? as u32,
            mails_per_address: values.get(&LIMITS_MAILS_PER_ADDRESS)? as u32,
        };
        if limits.websocket_timeout <= limits.websocket_ping {
            return Err(values.invalid_with(
                &LIMITS_WEBSOCKET_TIMEOUT_SECONDS.spec,
                &LIMITS_WEBSOCKET_PING_SECONDS.spec,
                "limits.websocket_timeout_seconds must be longer than limits.websocket_ping_seconds, \
                 or every client would be dropped before it could answer a ping"
                    .into(),
            ));
        }
        Ok(limits)
    }
}
