//! At most `limit` events per key (an e-mail address) within a sliding window: the
//! reset mails per address, and every mail the shop sends to one recipient.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Bounds memory under a flood of made-up keys.
const MAX_KEYS: usize = 50_000;

pub struct RecentEvents {
    limit: usize,
    window: Duration,
    events: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl RecentEvents {
    pub fn new(limit: usize, window: Duration) -> RecentEvents {
        RecentEvents {
            limit,
            window,
            events: Mutex::default(),
        }
    }

    /// Whether one more event for `key` fits into the window now (and counts it if so).
    pub fn allow(&self, key: &str, now: Instant) -> bool {
        let mut events = self
            .events
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if events.len() >= MAX_KEYS {
            events.retain(|_, seen| {
                seen.back()
                    .is_some_and(|last| now.saturating_duration_since(*last) < self.window)
            });
        }
        let seen = events.entry(key.to_string()).or_default();
        while seen
            .front()
            .is_some_and(|first| now.saturating_duration_since(*first) >= self.window)
        {
            seen.pop_front();
        }
        if seen.len() >= self.limit {
            return false;
        }
        seen.push_back(now);
        true
    }
}
