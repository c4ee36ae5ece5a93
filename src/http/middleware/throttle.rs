//! Login throttling. Each client address has a bucket of 10 failed attempts that refills
//! one every 30 s, so the 11th rapid bad attempt is refused with 429 and `Retry-After`;
//! each account additionally waits longer after every failure beyond five (up to 15
//! minutes), so a slow attack from many addresses gains little. A success clears the
//! account's count. `X-Forwarded-For` is believed only from configured proxies.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use poem::http::HeaderMap;

const BUCKET_SIZE: u32 = 10;
const REFILL_EVERY: Duration = Duration::from_secs(30);
const FREE_ACCOUNT_FAILURES: u32 = 5;
const MAX_ACCOUNT_WAIT: Duration = Duration::from_secs(15 * 60);
/// Bounds memory under a flood of addresses or made-up accounts.
pub const MAX_ENTRIES: usize = 50_000;

/// A bucket of `size` tokens per client address that refills one every
/// `refill_every`; the login and the password-reset throttles each keep one.
pub struct ClientBuckets {
    size: f64,
    refill_every: Duration,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

struct Bucket {
    tokens: f64,
    updated: Instant,
}

impl ClientBuckets {
    pub fn new(size: u32, refill_every: Duration) -> ClientBuckets {
        ClientBuckets {
            size: f64::from(size),
            refill_every,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// How long `client` must wait for a token; `None` when one is there.
    pub fn wait(&self, client: IpAddr, now: Instant) -> Option<Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let bucket = buckets.get_mut(&client)?;
        self.refill(bucket, now);
        self.wait_for(bucket)
    }

    /// Spends a token of `client` (none left: stays empty).
    pub fn spend(&self, client: IpAddr, now: Instant) {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let bucket = self.bucket(&mut buckets, client, now);
        bucket.tokens = (bucket.tokens - 1.0).max(0.0);
    }

    /// Spends a token if there is one; else how long to wait for it.
    pub fn take(&self, client: IpAddr, now: Instant) -> Option<Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let bucket = self.bucket(&mut buckets, client, now);
        let wait = self.wait_for(bucket);
        if wait.is_none() {
            bucket.tokens -= 1.0;
        }
        wait
    }

    /// The client's bucket, refilled to `now`; forgets long-full buckets when the map
    /// is at its bound.
    fn bucket<'a>(
        &self,
        buckets: &'a mut HashMap<IpAddr, Bucket>,
        client: IpAddr,
        now: Instant,
    ) -> &'a mut Bucket {
        if buckets.len() >= MAX_ENTRIES {
            buckets.retain(|_, bucket| {
                now.saturating_duration_since(bucket.updated) < self.refill_every * 10
            });
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: self.size,
            updated: now,
        });
        self.refill(bucket, now);
        bucket
    }

    fn refill(&self, bucket: &mut Bucket, now: Instant) {
        let elapsed = now.saturating_duration_since(bucket.updated);
        bucket.tokens = (bucket.tokens + elapsed.as_secs_f64() / self.refill_every.as_secs_f64())
            .min(self.size);
        bucket.updated = now;
    }

    fn wait_for(&self, bucket: &Bucket) -> Option<Duration> {
        (bucket.tokens < 1.0).then(|| self.refill_every.mul_f64(1.0 - bucket.tokens))
    }
}

struct AccountFailures {
    count: u32,
    last: Instant,
}

pub struct LoginThrottle {
    clients: ClientBuckets,
    accounts: Mutex<HashMap<String, AccountFailures>>,
}

impl Default for LoginThrottle {
    fn default() -> Self {
        LoginThrottle {
            clients: ClientBuckets::new(BUCKET_SIZE, REFILL_EVERY),
            accounts: Mutex::default(),
        }
    }
}

impl LoginThrottle {
    /// `Some(wait)` when this client or account must wait before trying again.
    pub fn check(&self, client: IpAddr, account: &str, now: Instant) -> Option<Duration> {
        let client_wait = self.clients.wait(client, now);
        let account_wait = match self.accounts.lock() {
            Ok(accounts) => accounts.get(account).and_then(|failures| {
                let wait = account_delay(failures.count);
                let waited = now.saturating_duration_since(failures.last);
                (waited < wait).then(|| wait - waited)
            }),
            Err(_) => None,
        };
        client_wait.max(account_wait)
    }

    pub fn record_failure(&self, client: IpAddr, account: &str, now: Instant) {
        self.clients.spend(client, now);
        if let Ok(mut accounts) = self.accounts.lock() {
            if accounts.len() >= MAX_ENTRIES {
                accounts.retain(|_, failures| {
                    now.saturating_duration_since(failures.last) < MAX_ACCOUNT_WAIT
                });
            }
            let failures = accounts
                .entry(account.to_string())
                .or_insert(AccountFailures {
                    count: 0,
                    last: now,
                });
            failures.count += 1;
            failures.last = now;
        }
    }

    pub fn record_success(&self, account: &str) {
        if let Ok(mut accounts) = self.accounts.lock() {
            accounts.remove(account);
        }
    }
}

/// 0 for the first five failures, then 1 s, 2 s, 4 s … up to 15 minutes.
fn account_delay(failures: u32) -> Duration {
    if failures <= FREE_ACCOUNT_FAILURES {
        return Duration::ZERO;
    }
    let exponent = (failures - FREE_ACCOUNT_FAILURES - 1).min(20);
    Duration::from_secs(1u64 << exponent).min(MAX_ACCOUNT_WAIT)
}

/// The client's address: the peer, or — when the peer is a trusted proxy — the last
/// address in `X-Forwarded-For` that is not a trusted proxy itself.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|item| item.trim().parse::<IpAddr>().ok())
        .collect::<Vec<_>>();
    forwarded
        .into_iter()
        .rev()
        .find(|address| !trusted.contains(address))
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLIENT: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));

    #[test]
    fn the_eleventh_rapid_failure_from_one_client_waits() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        for attempt in 0..10 {
            assert_eq!(
                throttle.check(CLIENT, &format!("user{attempt}"), now),
                None,
                "attempt {attempt}"
            );
            throttle.record_failure(CLIENT, &format!("user{attempt}"), now);
        }
        let wait = throttle
            .check(CLIENT, "user10", now)
            .expect("the 11th waits");
        assert!(wait > Duration::from_secs(20) && wait <= REFILL_EVERY);
        assert_eq!(
            throttle.check(CLIENT, "user10", now + REFILL_EVERY),
            None,
            "a token came back"
        );
    }

    #[test]
    fn one_account_backs_off_across_clients_and_a_success_clears_it() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        for i in 0..6u8 {
            let client = IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, i));
            throttle.record_failure(client, "anna@example.com", now);
        }
        let other = IpAddr::V4(std::net::Ipv4Addr::new(203, 0, 113, 9));
        assert_eq!(
            throttle.check(other, "anna@example.com", now),
            Some(Duration::from_secs(1))
        );
        assert_eq!(throttle.check(other, "bob@example.com", now), None);
        throttle.record_success("anna@example.com");
        assert_eq!(throttle.check(other, "anna@example.com", now), None);
        assert_eq!(account_delay(7), Duration::from_secs(2));
        assert_eq!(account_delay(40), MAX_ACCOUNT_WAIT);
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "198.51.100.7, 203.0.113.5".parse().unwrap(),
        );
        assert_eq!(
            client_address(CLIENT, &headers, &[proxy]),
            CLIENT,
            "not a proxy: its own address"
        );
        assert_eq!(
            client_address(proxy, &headers, &[proxy]),
            "203.0.113.5".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_address(proxy, &HeaderMap::new(), &[proxy]), proxy);
    }
}
