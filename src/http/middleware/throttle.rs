//! Login throttling ([`LoginThrottle`]): the 11th rapid bad attempt from one address is
//! refused with 429 and `Retry-After`; an account that failed often lately slows down
//! the callers it does not know instead of locking anyone out. `X-Forwarded-For` is
//! believed only from configured proxies.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use poem::http::HeaderMap;

use crate::auth::device_cookie::DeviceId;

const BUCKET_SIZE: u32 = 10;
const REFILL_EVERY: Duration = Duration::from_secs(30);
const FREE_ACCOUNT_FAILURES: u32 = 5;
const FREE_DEVICE_FAILURES: u32 = 5;
const MAX_SLOW_DOWN: Duration = Duration::from_secs(3);
/// How long failures are remembered after the last one.
const FAILURE_MEMORY: Duration = Duration::from_secs(15 * 60);
/// Bounds memory under a flood of addresses or made-up accounts.
pub const MAX_ENTRIES: usize = 50_000;

/// A bucket of `size` tokens per client address (or per other key, such as a phone
/// number) that refills one every `refill_every`; the login, password-reset,
/// registration and order throttles each keep one.
pub struct ClientBuckets<K = IpAddr> {
    size: f64,
    refill_every: Duration,
    buckets: Mutex<HashMap<K, Bucket>>,
}

struct Bucket {
    tokens: f64,
    updated: Instant,
}

impl<K: Eq + Hash> ClientBuckets<K> {
    pub fn new(size: u32, refill_every: Duration) -> ClientBuckets<K> {
        ClientBuckets {
            size: f64::from(size),
            refill_every,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// How long `client` must wait for a token; `None` when one is there.
    pub fn wait(&self, client: K, now: Instant) -> Option<Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let bucket = buckets.get_mut(&client)?;
        self.refill(bucket, now);
        self.wait_for(bucket)
    }

    /// Spends a token of `client` (none left: stays empty).
    pub fn spend(&self, client: K, now: Instant) {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let bucket = self.bucket(&mut buckets, client, now);
        bucket.tokens = (bucket.tokens - 1.0).max(0.0);
    }

    /// Spends a token if there is one; else how long to wait for it.
    pub fn take(&self, client: K, now: Instant) -> Option<Duration> {
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
        buckets: &'a mut HashMap<K, Bucket>,
        client: K,
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

struct Failures {
    count: u32,
    last: Instant,
}

/// Who is trying to log in, as far as the throttle is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caller {
    /// No valid device cookie for the account: slowed down while the account is under
    /// attack.
    Unknown,
    /// A browser with a valid device cookie for the account ([`crate::auth::device_cookie`]).
    Device(DeviceId),
    /// The account's own signed-in session, asked for its current password again.
    Session,
}

/// What a login attempt does before its password is checked.
#[derive(Debug, PartialEq, Eq)]
pub enum Admission {
    /// Check the password after waiting this long (zero unless an unknown caller tries an
    /// account that failed often lately).
    Check { slow_down: Duration },
    /// This client address failed too often: refuse, and it may retry after this long.
    Refuse(Duration),
}

/// Failed logins, counted three ways (OWASP's advice against both guessing and lockout):
/// per client address (a bucket of 10 that refills one every 30 s; empty means 429), per
/// account for callers without a device cookie (after five failures each answer to them
/// is slowed down, 1 s, 2 s, up to 3 s, never refused), and per device cookie (five
/// failures with one and it counts as unknown). So guessers from many addresses are
/// slowed down, and the owner on a known browser, or with the right password from a new
/// one, still gets in.
pub struct LoginThrottle {
    clients: ClientBuckets,
    accounts: Mutex<HashMap<String, Failures>>,
    devices: Mutex<HashMap<DeviceId, Failures>>,
}

impl Default for LoginThrottle {
    fn default() -> Self {
        LoginThrottle {
            clients: ClientBuckets::new(BUCKET_SIZE, REFILL_EVERY),
            accounts: Mutex::default(),
            devices: Mutex::default(),
        }
    }
}

impl LoginThrottle {
    pub fn admit(&self, client: IpAddr, account: &str, caller: Caller, now: Instant) -> Admission {
        if let Some(wait) = self.clients.wait(client, now) {
            return Admission::Refuse(wait);
        }
        let trusted = match caller {
            Caller::Session => true,
            Caller::Device(id) => recent(&self.devices, &id, now) < FREE_DEVICE_FAILURES,
            Caller::Unknown => false,
        };
        let slow_down = if trusted {
            Duration::ZERO
        } else {
            slow_down(recent(&self.accounts, account, now))
        };
        Admission::Check { slow_down }
    }

    /// Counts a wrong password: against the address always; against the device when a
    /// trusted one brought it, else against the account.
    pub fn record_failure(&self, client: IpAddr, account: &str, caller: Caller, now: Instant) {
        self.clients.spend(client, now);
        match caller {
            Caller::Device(id) if recent(&self.devices, &id, now) < FREE_DEVICE_FAILURES => {
                count(&self.devices, id, now)
            }
            _ => count(&self.accounts, account.to_string(), now),
        }
    }

    pub fn record_success(&self, account: &str, caller: Caller) {
        if let Ok(mut accounts) = self.accounts.lock() {
            accounts.remove(account);
        }
        if let (Caller::Device(id), Ok(mut devices)) = (caller, self.devices.lock()) {
            devices.remove(&id);
        }
    }
}

/// The failures under `key` in the last [`FAILURE_MEMORY`].
fn recent<K: Eq + Hash + Borrow<Q>, Q: Eq + Hash + ?Sized>(
    map: &Mutex<HashMap<K, Failures>>,
    key: &Q,
    now: Instant,
) -> u32 {
    let map = map.lock().unwrap_or_else(|p| p.into_inner());
    map.get(key)
        .filter(|failures| now.saturating_duration_since(failures.last) < FAILURE_MEMORY)
        .map_or(0, |failures| failures.count)
}

fn count<K: Eq + Hash>(map: &Mutex<HashMap<K, Failures>>, key: K, now: Instant) {
    let mut map = map.lock().unwrap_or_else(|p| p.into_inner());
    if map.len() >= MAX_ENTRIES {
        map.retain(|_, failures| now.saturating_duration_since(failures.last) < FAILURE_MEMORY);
    }
    let failures = map.entry(key).or_insert(Failures {
        count: 0,
        last: now,
    });
    if now.saturating_duration_since(failures.last) >= FAILURE_MEMORY {
        failures.count = 0;
    }
    failures.count += 1;
    failures.last = now;
}

/// 0 for the first five failures, then 1 s, 2 s, and 3 s from then on.
fn slow_down(failures: u32) -> Duration {
    if failures <= FREE_ACCOUNT_FAILURES {
        return Duration::ZERO;
    }
    let exponent = (failures - FREE_ACCOUNT_FAILURES - 1).min(8);
    Duration::from_secs(1u64 << exponent).min(MAX_SLOW_DOWN)
}

/// The client's address: the peer, or — when the peer is a trusted proxy — the last
/// address in `X-Forwarded-For` that is not a trusted proxy itself.
/// The whole seconds a refused client is told to wait (`Retry-After`), rounded up: a
/// client that waits exactly that long is let in.
pub fn retry_after_seconds(wait: Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

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

    fn check() -> Admission {
        Admission::Check {
            slow_down: Duration::ZERO,
        }
    }

    #[test]
    fn the_eleventh_rapid_failure_from_one_client_waits() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        for attempt in 0..10 {
            let account = format!("user{attempt}");
            assert_eq!(
                throttle.admit(CLIENT, &account, Caller::Unknown, now),
                check(),
                "attempt {attempt}"
            );
            throttle.record_failure(CLIENT, &account, Caller::Unknown, now);
        }
        let Admission::Refuse(wait) = throttle.admit(CLIENT, "user10", Caller::Unknown, now) else {
            panic!("the 11th waits");
        };
        assert!(wait > Duration::from_secs(20) && wait <= REFILL_EVERY);
        assert_eq!(
            throttle.admit(CLIENT, "user10", Caller::Unknown, now + REFILL_EVERY),
            check(),
            "a token came back"
        );
    }

    #[test]
    fn an_attacked_account_slows_down_unknown_callers_only() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        let device = [3; 16];
        for i in 0..8u8 {
            let client = IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, i));
            throttle.record_failure(client, "anna@example.com", Caller::Unknown, now);
        }
        let other = IpAddr::V4(std::net::Ipv4Addr::new(203, 0, 113, 9));
        let slowed = |caller| match throttle.admit(other, "anna@example.com", caller, now) {
            Admission::Check { slow_down } => slow_down,
            Admission::Refuse(wait) => panic!("refused for {wait:?}"),
        };
        assert_eq!(slowed(Caller::Unknown), Duration::from_secs(3));
        assert_eq!(slowed(Caller::Device(device)), Duration::ZERO);
        assert_eq!(slowed(Caller::Session), Duration::ZERO);
        assert_eq!(
            throttle.admit(other, "bob@example.com", Caller::Unknown, now),
            check()
        );
        // Failures are forgotten after a quarter of an hour, and at a success.
        assert_eq!(
            throttle.admit(
                other,
                "anna@example.com",
                Caller::Unknown,
                now + FAILURE_MEMORY
            ),
            check()
        );
        throttle.record_success("anna@example.com", Caller::Unknown);
        assert_eq!(slowed(Caller::Unknown), Duration::ZERO);
        assert_eq!(slow_down(6), Duration::from_secs(1));
        assert_eq!(slow_down(7), Duration::from_secs(2));
        assert_eq!(slow_down(40), MAX_SLOW_DOWN);
    }

    #[test]
    fn a_device_that_guesses_loses_its_trust_not_the_account() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        let device = Caller::Device([9; 16]);
        for i in 0..5u8 {
            let client = IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, i));
            throttle.record_failure(client, "anna@example.com", device, now);
        }
        let other = IpAddr::V4(std::net::Ipv4Addr::new(203, 0, 113, 9));
        assert_eq!(
            throttle.admit(other, "anna@example.com", Caller::Unknown, now),
            check(),
            "the account is not slowed by a device's failures"
        );
        for i in 5..11u8 {
            let client = IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, i));
            throttle.record_failure(client, "anna@example.com", device, now);
        }
        assert_eq!(
            throttle.admit(other, "anna@example.com", device, now),
            Admission::Check {
                slow_down: Duration::from_secs(1)
            },
            "an untrusted device counts as unknown"
        );
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
