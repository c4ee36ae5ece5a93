//! Web Push (RFC 8030): a browser's subscription, which push services the shop sends to,
//! and what a notification says. A customer subscribes on the order's status page and
//! hears when the restaurant answers, when the order is ready or on its way, and when it
//! is cancelled; staff subscribe on the orders board and hear of every new order while
//! the tab sleeps. The payload is encrypted for the browser (RFC 8291) and signed for
//! the push service (VAPID, RFC 8292) by `shop::push`.

use serde::{Deserialize, Serialize};

use super::money::format_euros;
use super::order::{Order, OrderStatus, OrderType};

/// What the browser's `PushSubscription` holds: where to post, and the keys the payload
/// is encrypted with (both base64url without padding, as browsers give them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushSubscription {
    pub endpoint: String,
    /// The browser's P-256 public key, 65 bytes uncompressed.
    pub p256dh: String,
    /// The browser's 16-byte authentication secret.
    pub auth: String,
    /// The language the notifications are written in (`de` or `en`).
    pub language: PushLanguage,
    /// Unix seconds.
    pub created_at: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PushLanguage {
    De,
    En,
}

/// A staff member's subscription for the orders board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffPush {
    pub user_id: u64,
    pub subscription: PushSubscription,
}

/// How many browsers may follow one order, and one staff account.
pub const PUSH_PER_ORDER: usize = 3;
pub const PUSH_PER_STAFF: usize = 10;
/// The longest endpoint a browser gives (they are about 200 characters).
pub const MAX_ENDPOINT_LEN: usize = 1000;

/// Why a subscription is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubscriptionRefusal {
    /// The field and what is wrong with it.
    Invalid(&'static str, &'static str),
    /// The endpoint is not at one of the push services the shop sends to.
    UnknownService(String),
}

/// The push services the shop posts to (`push.services`): an origin each, the host
/// optionally starting with `*.` for any subdomain. The shop never posts to an address a
/// browser names unless it is one of these, so a subscription cannot point the shop at
/// a machine in its own network.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PushServices(Vec<String>);

impl PushServices {
    /// Parses `https://fcm.googleapis.com, https://*.notify.windows.com`; each entry is
    /// `http(s)://host[:port]` without a path.
    pub fn parse(text: &str) -> Result<PushServices, String> {
        let mut origins = Vec::new();
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let Some((_, rest)) = split_scheme(entry) else {
                return Err(format!(
                    "`{entry}` must start with https:// (or http:// for a test)"
                ));
            };
            if rest.is_empty() || rest.contains(['/', '?', '#', '@', ' ']) {
                return Err(format!("`{entry}` must be an origin without a path"));
            }
            origins.push(entry.to_ascii_lowercase());
        }
        Ok(PushServices(origins))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `endpoint` is at one of the services: the same scheme and port, and the
    /// same host or, for `*.example.com`, a host under it.
    pub fn allows(&self, endpoint: &str) -> bool {
        let Some(origin) = origin_of(endpoint) else {
            return false;
        };
        let origin = origin.to_ascii_lowercase();
        let Some((scheme, authority)) = split_scheme(&origin) else {
            return false;
        };
        self.0.iter().any(|allowed| {
            let Some((allowed_scheme, allowed_authority)) = split_scheme(allowed) else {
                return false;
            };
            if allowed_scheme != scheme {
                return false;
            }
            match allowed_authority.strip_prefix("*.") {
                Some(suffix) => authority
                    .strip_suffix(suffix)
                    .is_some_and(|head| head.len() > 1 && head.ends_with('.')),
                None => authority == allowed_authority,
            }
        })
    }
}

fn split_scheme(text: &str) -> Option<(&'static str, &str)> {
    if let Some(rest) = text.strip_prefix("https://") {
        Some(("https", rest))
    } else {
        text.strip_prefix("http://").map(|rest| ("http", rest))
    }
}

/// `scheme://host[:port]` of a URL: what the VAPID token's audience names.
pub fn origin_of(url: &str) -> Option<&str> {
    let (_, rest) = split_scheme(url)?;
    let scheme_len = url.len() - rest.len();
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    if authority.is_empty() || authority.contains(['@', ' ']) {
        return None;
    }
    Some(&url[..scheme_len + end])
}

fn base64url_len(text: &str) -> Option<usize> {
    if text
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        let text = text.trim_end_matches('=');
        // Every 4 characters hold 3 bytes; a rest of 2 or 3 holds 1 or 2.
        match text.len() % 4 {
            1 => None,
            rest => Some(text.len() / 4 * 3 + rest.saturating_sub(1)),
        }
    } else {
        None
    }
}

impl PushSubscription {
    /// Checks what a browser sent: an endpoint at one of `services`, a 65-byte key and
    /// a 16-byte secret in base64url. (Whether the key is a point on the curve is
    /// checked where the payload is encrypted.)
    pub fn new(
        endpoint: String,
        p256dh: String,
        auth: String,
        language: PushLanguage,
        services: &PushServices,
        now: i64,
    ) -> Result<PushSubscription, SubscriptionRefusal> {
        if endpoint.len() > MAX_ENDPOINT_LEN
            || endpoint
                .chars()
                .any(|c| c.is_whitespace() || c.is_control())
            || origin_of(&endpoint).is_none()
        {
            return Err(SubscriptionRefusal::Invalid(
                "endpoint",
                "must be the push service URL the browser gave",
            ));
        }
        if !services.allows(&endpoint) {
            return Err(SubscriptionRefusal::UnknownService(
                origin_of(&endpoint).unwrap_or_default().to_string(),
            ));
        }
        let p256dh = p256dh.trim_end_matches('=').to_string();
        if base64url_len(&p256dh) != Some(65) || !p256dh.starts_with('B') {
            return Err(SubscriptionRefusal::Invalid(
                "keys.p256dh",
                "must be the browser's P-256 public key (65 bytes, base64url)",
            ));
        }
        let auth = auth.trim_end_matches('=').to_string();
        if base64url_len(&auth) != Some(16) {
            return Err(SubscriptionRefusal::Invalid(
                "keys.auth",
                "must be the browser's 16-byte secret (base64url)",
            ));
        }
        Ok(PushSubscription {
            endpoint,
            p256dh,
            auth,
            language,
            created_at: now,
        })
    }
}

/// What a notification shows; the service worker reads it (`ui/public/sw.js`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushMessage {
    pub title: String,
    pub body: String,
    /// The page a tap opens (the status page, or the board).
    pub url: String,
    /// Notifications with one tag replace each other: one per order.
    pub tag: String,
}

/// What a customer hears of their order now, or `None` when the change is not news to
/// them (placed, preparing, completed). `time` is when it is expected, already written
/// for the customer ("19:30" or "25.11. 19:30"); `status_url` is the status page.
pub fn customer_message(
    order: &Order,
    brand: &str,
    language: PushLanguage,
    time: Option<&str>,
    status_url: &str,
) -> Option<PushMessage> {
    let number = order.number;
    let de = language == PushLanguage::De;
    let body = match order.status {
        OrderStatus::Accepted => match (de, time) {
            (true, Some(time)) => {
                format!("Bestellung Nr. {number} angenommen. Voraussichtlich {time} Uhr.")
            }
            (true, None) => format!("Bestellung Nr. {number} angenommen."),
            (false, Some(time)) => format!("Order no. {number} accepted. Expected {time}."),
            (false, None) => format!("Order no. {number} accepted."),
        },
        OrderStatus::Rejected => {
            let reason = order.rejection_reason.as_deref().unwrap_or_default();
            if de {
                format!("Bestellung Nr. {number} nicht angenommen: {reason}")
            } else {
                format!("Order no. {number} not accepted: {reason}")
            }
        }
        OrderStatus::ReadyForPickup if de => {
            format!("Bestellung Nr. {number} ist fertig und kann abgeholt werden.")
        }
        OrderStatus::ReadyForPickup => format!("Order no. {number} is ready for pickup."),
        OrderStatus::OutForDelivery if de => {
            format!("Bestellung Nr. {number} ist unterwegs zu Ihnen.")
        }
        OrderStatus::OutForDelivery => format!("Order no. {number} is on its way to you."),
        OrderStatus::Cancelled => {
            let reason = order
                .last_correction()
                .map(|correction| correction.reason.as_str())
                .unwrap_or_default();
            if de {
                format!("Bestellung Nr. {number} storniert: {reason}")
            } else {
                format!("Order no. {number} cancelled: {reason}")
            }
        }
        OrderStatus::WaitingForConfirmation | OrderStatus::Preparing | OrderStatus::Completed => {
            return None;
        }
    };
    Some(PushMessage {
        title: brand.to_string(),
        body: body.trim_end_matches([' ', ':']).to_string(),
        url: status_url.to_string(),
        tag: format!("order-{}", order.id),
    })
}

/// What staff hear of a new order: its number, kind and total, nothing personal (the
/// payload passes through the browser maker's push service).
pub fn new_order_message(order: &Order, language: PushLanguage, board_url: &str) -> PushMessage {
    let total = format_euros(order.totals.total_cents);
    let de = language == PushLanguage::De;
    let table = order.table.as_deref().unwrap_or_default();
    let kind = match (order.order_type, de) {
        (OrderType::Delivery, true) => "Lieferung".to_string(),
        (OrderType::Pickup, true) => "Abholung".to_string(),
        (OrderType::DineIn, true) => format!("Tisch {table}"),
        (OrderType::Delivery, false) => "Delivery".to_string(),
        (OrderType::Pickup, false) => "Pickup".to_string(),
        (OrderType::DineIn, false) => format!("Table {table}"),
    };
    PushMessage {
        title: if de {
            format!("Neue Bestellung Nr. {}", order.number)
        } else {
            format!("New order no. {}", order.number)
        },
        body: format!("{kind} · {total}"),
        url: board_url.to_string(),
        tag: format!("order-{}", order.id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn services() -> PushServices {
        PushServices::parse(
            "https://fcm.googleapis.com, https://*.notify.windows.com, http://127.0.0.1:9000",
        )
        .unwrap()
    }

    const KEY: &str =
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
    const AUTH: &str = "BTBZMqHH6r4Tts7J_aSIgg";

    fn subscribe(endpoint: &str) -> Result<PushSubscription, SubscriptionRefusal> {
        PushSubscription::new(
            endpoint.into(),
            KEY.into(),
            AUTH.into(),
            PushLanguage::De,
            &services(),
            0,
        )
    }

    #[test]
    fn only_the_configured_push_services_are_allowed() {
        assert!(subscribe("https://fcm.googleapis.com/fcm/send/abc:def").is_ok());
        assert!(subscribe("https://wns2-par02p.notify.windows.com/w/?token=x").is_ok());
        assert!(subscribe("http://127.0.0.1:9000/push/1").is_ok());
        for endpoint in [
            "https://fcm.googleapis.com.evil.example/x",
            "http://fcm.googleapis.com/x",
            "https://notify.windows.com/x",
            "https://evil.example/?https://fcm.googleapis.com",
            "http://127.0.0.1:9001/push/1",
            "http://127.0.0.1/push/1",
            "https://user@fcm.googleapis.com/x",
        ] {
            assert!(subscribe(endpoint).is_err(), "{endpoint}");
        }
        assert!(matches!(
            subscribe("https://192.168.1.1/x"),
            Err(SubscriptionRefusal::UnknownService(origin)) if origin == "https://192.168.1.1"
        ));
        assert!(PushServices::parse("fcm.googleapis.com").is_err());
        assert!(PushServices::parse("https://a.example/path").is_err());
        assert!(PushServices::parse("").unwrap().is_empty());
    }

    #[test]
    fn the_keys_must_have_their_lengths() {
        let with = |p256dh: &str, auth: &str| {
            PushSubscription::new(
                "https://fcm.googleapis.com/x".into(),
                p256dh.into(),
                auth.into(),
                PushLanguage::En,
                &services(),
                0,
            )
        };
        assert!(with(KEY, AUTH).is_ok());
        assert_eq!(
            with(&KEY[..40], AUTH).unwrap_err(),
            SubscriptionRefusal::Invalid(
                "keys.p256dh",
                "must be the browser's P-256 public key (65 bytes, base64url)"
            )
        );
        assert!(with(KEY, "short").is_err());
        assert!(with(KEY, "BTBZMqHH6r4Tts7J/aSIgg").is_err());
    }

    #[test]
    fn origins_are_scheme_host_and_port() {
        assert_eq!(
            origin_of("http://127.0.0.1:9000/push/1"),
            Some("http://127.0.0.1:9000")
        );
        assert_eq!(
            origin_of("https://fcm.googleapis.com"),
            Some("https://fcm.googleapis.com")
        );
        assert_eq!(origin_of("ftp://x"), None);
    }
}
