//! Password-reset throttling. Each client address has a bucket of 10 requests to
//! `/forgot-password` and `/reset-password` together that refills one a minute; beyond
//! it the answer is 429 with `Retry-After`, whatever the email. Each email address gets
//! at most 3 reset mails an hour; further requests get the usual answer and send
//! nothing, so the form cannot flood someone's inbox. Both count what was typed,
//! account or not, so neither reveals which accounts exist.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::http::middleware::throttle::ClientBuckets;
use crate::shop::recent_events::RecentEvents;

const BUCKET_SIZE: u32 = 10;
const REFILL_EVERY: Duration = Duration::from_secs(60);
const MAILS_PER_ADDRESS: usize = 3;
const MAIL_WINDOW: Duration = Duration::from_secs(60 * 60);
pub struct ResetThrottle {
    clients: ClientBuckets,
    mails: RecentEvents,
}

impl Default for ResetThrottle {
    fn default() -> Self {
        ResetThrottle {
            clients: ClientBuckets::new(BUCKET_SIZE, REFILL_EVERY),
            mails: RecentEvents::new(MAILS_PER_ADDRESS, MAIL_WINDOW),
        }
    }
}

impl ResetThrottle {
    /// Takes one request from the client's bucket; `Some(wait)` when it is empty.
    pub fn take(&self, client: IpAddr, now: Instant) -> Option<Duration> {
        self.clients.take(client, now)
    }

    /// Whether another reset mail may go to `email` now (and counts it if so).
    pub fn allow_mail(&self, email: &str, now: Instant) -> bool {
        self.mails.allow(email, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eleventh_rapid_request_from_one_client_waits_a_minute_at_most() {
        let throttle = ResetThrottle::default();
        let client: IpAddr = "192.0.2.1".parse().unwrap();
        let now = Instant::now();
        for _ in 0..10 {
            assert_eq!(throttle.take(client, now), None);
        }
        let wait = throttle.take(client, now).expect("the 11th waits");
        assert!(wait > Duration::from_secs(50) && wait <= REFILL_EVERY);
        assert_eq!(throttle.take(client, now + REFILL_EVERY), None, "refilled");
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        assert_eq!(throttle.take(other, now), None);
    }

    #[test]
    fn three_mails_an_hour_per_email() {
        let throttle = ResetThrottle::default();
        let now = Instant::now();
        for _ in 0..3 {
            assert!(throttle.allow_mail("anna@example.com", now));
        }
        assert!(!throttle.allow_mail("anna@example.com", now));
        assert!(throttle.allow_mail("bernd@example.com", now));
        assert!(throttle.allow_mail("anna@example.com", now + MAIL_WINDOW));
    }
}
