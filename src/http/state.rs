//! The HTTP layer's composition root: the shop and what only HTTP needs (tokens, the
//! encoded public menu, throttles, socket caps), handed to every handler.

use std::net::IpAddr;
use std::sync::Arc;

use poem::http::HeaderMap;

use super::live::caps::SocketCaps;
use super::menu_snapshot::MenuCache;
use super::middleware::order_throttle::OrderThrottle;
use super::middleware::reset_throttle::ResetThrottle;
use super::middleware::throttle::{ClientBuckets, LoginThrottle, client_address};
use super::request_metrics::RequestMetrics;
use crate::auth::tokens::TokenKeys;
use crate::config::Config;
use crate::shop::Shop;

/// Registrations one client address may make at once, and how often one more.
const REGISTRATIONS_PER_CLIENT: u32 = 10;
const REGISTRATION_REFILL: std::time::Duration = std::time::Duration::from_secs(60);
/// Contact-form messages one client address may send at once, and how often one more:
/// each is stored (until the erasure), up to 5,000 characters.
const CONTACT_MESSAGES_PER_CLIENT: u32 = 5;
const CONTACT_MESSAGE_REFILL: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// What every handler may use.
#[derive(Clone)]
pub struct AppState {
    pub shop: Shop,
    pub config: Arc<Config>,
    pub tokens: Arc<TokenKeys>,
    /// The public menu, encoded once per catalog change.
    pub menu: Arc<MenuCache>,
    pub login_throttle: Arc<LoginThrottle>,
    pub reset_throttle: Arc<ResetThrottle>,
    /// Registrations per client address: each costs an argon2 hash.
    pub register_throttle: Arc<ClientBuckets>,
    /// Contact-form messages per client address.
    pub contact_throttle: Arc<ClientBuckets>,
    /// Wrong table lookups (a QR code's secret guessed) per client address.
    pub table_lookup_throttle: Arc<ClientBuckets>,
    /// Online orders per client address and per phone, e-mail and account.
    pub order_throttle: Arc<OrderThrottle>,
    /// Open live sockets, in all and per client address.
    pub sockets: Arc<SocketCaps>,
    /// Requests by route and status class, and their latency (`/metrics`).
    pub requests: Arc<RequestMetrics>,
    /// Where links in mails point ([`Config::links_origin`]).
    links_origin: Arc<str>,
}

impl AppState {
    /// Today's business date in the store's time zone.
    pub fn store_today(&self) -> chrono::NaiveDate {
        self.shop
            .clock()
            .now()
            .with_timezone(&self.config.timezone)
            .date_naive()
    }

    /// `menu` must be one of `shop`'s catalog listeners, so that it follows every
    /// change.
    pub fn new(
        shop: Shop,
        config: Arc<Config>,
        tokens: TokenKeys,
        menu: Arc<MenuCache>,
        links_origin: String,
    ) -> Self {
        AppState {
            links_origin: links_origin.into(),
            sockets: SocketCaps::new(config.limits.websockets, config.limits.websockets_per_ip),
            order_throttle: Arc::new(OrderThrottle::new(&config.limits)),
            shop,
            config,
            tokens: Arc::new(tokens),
            menu,
            login_throttle: Arc::default(),
            reset_throttle: Arc::default(),
            register_throttle: Arc::new(ClientBuckets::new(
                REGISTRATIONS_PER_CLIENT,
                REGISTRATION_REFILL,
            )),
            contact_throttle: Arc::new(ClientBuckets::new(
                CONTACT_MESSAGES_PER_CLIENT,
                CONTACT_MESSAGE_REFILL,
            )),
            table_lookup_throttle: Arc::new(super::routes::tables::lookup_throttle()),
            requests: Arc::default(),
        }
    }

    /// Where links in mails point: from the configuration, never from the request.
    pub fn link_origin(&self) -> String {
        self.links_origin.to_string()
    }

    /// The client's address: the peer, or behind a trusted proxy the address it
    /// forwarded (see [`client_address`]).
    pub fn client_ip(&self, remote: &poem::web::RemoteAddr, headers: &HeaderMap) -> IpAddr {
        let peer = remote
            .as_socket_addr()
            .map(|addr| addr.ip())
            .unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED));
        client_address(peer, headers, &self.config.trusted_proxies)
    }
}
