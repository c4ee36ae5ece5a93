//! The live open/closed status. One task computes the status when something changes —
//! a slot opens or closes (scheduled at the next boundary, never polled per socket), the
//! date changes, or an admin saves new hours, closures or the pause switch — and
//! publishes it on a watch channel that every socket follows. The hub is handed the
//! store profile (it holds no database handle), and its task ends when the hub is
//! dropped.
//!
//! Besides the hours and the pause switch, three guards can keep the shop closed: an
//! untrusted system clock, a readiness check the owner has not passed or confirmed, and
//! an automatic pause after unanswered orders. The status names the reason
//! (`closed_reason`).

use std::sync::{Arc, Mutex};

use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use tokio::sync::{Notify, watch};

use crate::clock::Clock;
use crate::domain::order::answering::someone_could_answer;
use crate::domain::store_hours::{TodaySlot, next_change, next_opening, status_at};
pub use crate::domain::store_profile::AutoPause;
use crate::domain::store_profile::StoreProfile;

/// Why the shop is closed, most important first: the UI's translation key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClosedReason {
    /// The system clock is not confirmed yet (see `clock_guard`).
    ClockUntrusted,
    /// The readiness check found something the owner has neither fixed nor confirmed.
    NotReady,
    /// Ordering paused itself after orders nobody answered.
    AutoPaused,
    /// The kitchen's pause switch.
    Paused,
    /// Today is a closure date.
    Closure,
    /// Outside today's opening hours.
    OutsideHours,
}

impl ClosedReason {
    pub fn as_str(self) -> &'static str {
        match self {
            ClosedReason::ClockUntrusted => "clock_untrusted",
            ClosedReason::NotReady => "not_ready",
            ClosedReason::AutoPaused => "auto_paused",
            ClosedReason::Paused => "paused",
            ClosedReason::Closure => "closure",
            ClosedReason::OutsideHours => "outside_hours",
        }
    }
}

/// The guards besides hours and pause switch. Open until told otherwise: the server
/// sets them before it serves anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Guards {
    clock_trusted: bool,
    ready: bool,
    auto_pause: Option<AutoPause>,
}

impl Default for Guards {
    fn default() -> Self {
        Guards {
            clock_trusted: true,
            ready: true,
            auto_pause: None,
        }
    }
}

/// What changes only at boundaries; the local time is added per message.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PublishedStatus {
    pub today_hours: Vec<TodaySlot>,
    pub is_open: bool,
    pub paused: bool,
    /// `None` while open.
    pub closed_reason: Option<ClosedReason>,
    /// Set while ordering is paused automatically.
    pub auto_pause: Option<AutoPause>,
    /// When the hours next say open, while closed by the hours or a closure day; `None`
    /// while open, paused (by hand or automatically) or blocked by a guard.
    pub next_opening: Option<chrono::DateTime<chrono::Utc>>,
}

/// The message of spec §4/§7.
#[derive(Debug, Serialize)]
pub struct StatusMessage<'a> {
    pub today_hours: &'a [TodaySlot],
    /// `yyyy-MM-dd HH:mm:ss` in the store's time zone.
    pub local_time: String,
    pub timezone: &'a str,
    pub is_open: bool,
    pub paused: bool,
    pub error: Option<String>,
    /// Why the shop is closed (`clock_untrusted`, `not_ready`, `auto_paused`, `paused`,
    /// `closure`, `outside_hours`); null while open.
    pub closed_reason: Option<ClosedReason>,
    /// `{ "unanswered": 3, "since": "…" }` while ordering is paused automatically.
    pub auto_pause: Option<AutoPause>,
    /// RFC 3339 (UTC): when the hours next say open; null while open, paused or blocked.
    pub next_opening: Option<String>,
}

pub struct StatusHub {
    sender: watch::Sender<Arc<PublishedStatus>>,
    profile: Mutex<Option<StoreProfile>>,
    guards: Mutex<Guards>,
    wake: Arc<Notify>,
    clock: Clock,
    timezone: Tz,
    /// The last message built, reused while the status and the second stay the same: a
    /// change reaches thousands of sockets within the same second.
    last_message: Mutex<Option<LastMessage>>,
}

struct LastMessage {
    status: Arc<PublishedStatus>,
    second: i64,
    text: String,
}

impl StatusHub {
    /// Starts the hub and its task, publishing the status of `profile`.
    pub fn start(profile: Option<StoreProfile>, clock: Clock, timezone: Tz) -> Arc<StatusHub> {
        let (sender, _) = watch::channel(Arc::new(PublishedStatus::default()));
        let wake = Arc::new(Notify::new());
        let hub = Arc::new(StatusHub {
            sender,
            profile: Mutex::new(profile),
            guards: Mutex::new(Guards::default()),
            wake: Arc::clone(&wake),
            clock,
            timezone,
            last_message: Mutex::new(None),
        });
        hub.recompute();
        let weak = Arc::downgrade(&hub);
        tokio::spawn(async move {
            loop {
                let wait = match weak.upgrade() {
                    Some(hub) => hub.clock.until(hub.recompute()),
                    None => break,
                };
                tokio::select! {
                    _ = tokio::time::sleep(wait) => {},
                    _ = wake.notified() => {},
                }
            }
        });
        hub
    }

    /// Publishes the status for now; answers when it may change next.
    fn recompute(&self) -> chrono::DateTime<chrono::Utc> {
        let now = self.clock.now();
        let profile = match self.profile.lock() {
            Ok(profile) => profile.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        let Some(profile) = profile else {
            return now + chrono::Duration::hours(1);
        };
        let closures = profile.closure_dates();
        let status = status_at(
            &profile.store_hours,
            &closures,
            profile.paused,
            now,
            self.timezone,
        );
        let guards = self.guards();
        let auto_pause = guards.auto_pause.filter(|_| profile.paused);
        let is_open = status.is_open && guards.clock_trusted && guards.ready;
        let closed_reason = if is_open {
            None
        } else if !guards.clock_trusted {
            Some(ClosedReason::ClockUntrusted)
        } else if !guards.ready {
            Some(ClosedReason::NotReady)
        } else if auto_pause.is_some() {
            Some(ClosedReason::AutoPaused)
        } else if profile.paused {
            Some(ClosedReason::Paused)
        } else if closures.contains(&status.local_time.date()) {
            Some(ClosedReason::Closure)
        } else {
            Some(ClosedReason::OutsideHours)
        };
        let next_opening = match closed_reason {
            Some(ClosedReason::Closure | ClosedReason::OutsideHours) => {
                next_opening(&profile.store_hours, &closures, now, self.timezone)
            }
            _ => None,
        };
        let published = PublishedStatus {
            today_hours: status.today_hours,
            is_open,
            paused: status.paused,
            closed_reason,
            auto_pause,
            next_opening,
        };
        self.sender.send_if_modified(|current| {
            if **current == published {
                false
            } else {
                *current = Arc::new(published);
                true
            }
        });
        // One second after the boundary, so the wall clock is past it for sure.
        next_change(&profile.store_hours, &closures, now, self.timezone)
            + chrono::Duration::seconds(1)
    }

    /// Takes the saved profile and publishes its status at once.
    /// A profile that is not paused ends an automatic pause too (the store cleared
    /// its reason in the same write).
    pub fn update(&self, profile: StoreProfile) {
        let auto_pause = if profile.paused {
            self.guards().auto_pause
        } else {
            None
        };
        self.publish(profile, auto_pause);
    }

    /// Ordering paused itself (`profile` is the paused one) for `auto_pause`.
    pub fn auto_paused(&self, profile: StoreProfile, auto_pause: Option<AutoPause>) {
        self.publish(profile, auto_pause);
    }

    /// Takes the profile and the automatic pause together, so no message shows one
    /// without the other.
    fn publish(&self, profile: StoreProfile, auto_pause: Option<AutoPause>) {
        match self.profile.lock() {
            Ok(mut current) => *current = Some(profile),
            Err(poisoned) => *poisoned.into_inner() = Some(profile),
        }
        self.change_guards(|guards| guards.auto_pause = auto_pause);
    }

    /// Whether staff could have answered an order at `at`: the opening hours of the
    /// profile held here say open (a pause by hand aside).
    pub fn someone_could_answer(&self, at: chrono::DateTime<chrono::Utc>) -> bool {
        let profile = match self.profile.lock() {
            Ok(profile) => profile,
            Err(poisoned) => poisoned.into_inner(),
        };
        someone_could_answer(profile.as_ref(), self.timezone, at)
    }

    pub fn subscribe(&self) -> watch::Receiver<Arc<PublishedStatus>> {
        self.sender.subscribe()
    }

    /// The status as last published.
    pub fn current(&self) -> Arc<PublishedStatus> {
        Arc::clone(&self.sender.borrow())
    }

    fn guards(&self) -> Guards {
        match self.guards.lock() {
            Ok(guards) => *guards,
            Err(poisoned) => *poisoned.into_inner(),
        }
    }

    fn change_guards(&self, change: impl FnOnce(&mut Guards)) {
        match self.guards.lock() {
            Ok(mut guards) => change(&mut guards),
            Err(poisoned) => change(&mut poisoned.into_inner()),
        }
        self.recompute();
        self.wake.notify_one();
    }

    pub fn set_clock_trusted(&self, trusted: bool) {
        self.change_guards(|guards| guards.clock_trusted = trusted);
    }

    pub fn set_ready(&self, ready: bool) {
        self.change_guards(|guards| guards.ready = ready);
    }

    pub fn set_auto_pause(&self, auto_pause: Option<AutoPause>) {
        self.change_guards(|guards| guards.auto_pause = auto_pause);
    }

    /// A guard that refuses every order whatever the hours say: an untrusted clock or
    /// an unconfirmed readiness check.
    pub fn ordering_blocked(&self) -> Option<ClosedReason> {
        let guards = self.guards();
        if !guards.clock_trusted {
            Some(ClosedReason::ClockUntrusted)
        } else if !guards.ready {
            Some(ClosedReason::NotReady)
        } else {
            None
        }
    }

    /// The message for `status`, stamped with the current local time.
    pub fn message(&self, status: &Arc<PublishedStatus>) -> String {
        let now = self.clock.now();
        let second = now.timestamp();
        let mut last = match self.last_message.lock() {
            Ok(last) => last,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(last) = last.as_ref()
            && last.second == second
            && Arc::ptr_eq(&last.status, status)
        {
            return last.text.clone();
        }
        let text = self.build_message(status, now);
        *last = Some(LastMessage {
            status: Arc::clone(status),
            second,
            text: text.clone(),
        });
        text
    }

    fn build_message(
        &self,
        status: &PublishedStatus,
        now: chrono::DateTime<chrono::Utc>,
    ) -> String {
        let message = StatusMessage {
            today_hours: &status.today_hours,
            local_time: self.local_time(now),
            timezone: self.timezone.name(),
            is_open: status.is_open,
            paused: status.paused,
            error: None,
            closed_reason: status.closed_reason,
            auto_pause: status.auto_pause,
            next_opening: status.next_opening.map(rfc3339),
        };
        serde_json::to_string(&message).unwrap_or_default()
    }

    /// `yyyy-MM-dd HH:mm:ss` in the store's time zone.
    fn local_time(&self, now: chrono::DateTime<chrono::Utc>) -> String {
        now.with_timezone(&self.timezone)
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    }

    /// The message for a store id this shop does not have; the socket closes after it.
    pub fn error_message(&self, detail: String) -> String {
        let message = StatusMessage {
            today_hours: &[],
            local_time: self.local_time(self.clock.now()),
            timezone: self.timezone.name(),
            is_open: false,
            paused: false,
            error: Some(detail),
            closed_reason: None,
            auto_pause: None,
            next_opening: None,
        };
        serde_json::to_string(&message).unwrap_or_default()
    }
}

/// The status's instants as the API writes them: UTC, whole seconds.
pub fn rfc3339(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

impl Drop for StatusHub {
    fn drop(&mut self) {
        // Let the task see that the hub is gone and end.
        self.wake.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hub() -> Arc<StatusHub> {
        let start = chrono::DateTime::parse_from_rfc3339("2026-11-23T11:00:00Z")
            .unwrap()
            .to_utc();
        StatusHub::start(None, Clock::starting_at(start), chrono_tz::Europe::Berlin)
    }

    #[tokio::test]
    async fn a_message_is_built_once_per_status_and_second() {
        let hub = hub();
        let open = Arc::new(PublishedStatus {
            today_hours: Vec::new(),
            is_open: true,
            paused: false,
            closed_reason: None,
            auto_pause: None,
            next_opening: None,
        });
        let first = hub.message(&open);
        assert!(first.contains(r#""is_open":true"#), "{first}");
        assert!(
            first.contains(r#""local_time":"2026-11-23 12:00:"#),
            "{first}"
        );
        assert_eq!(hub.message(&Arc::clone(&open)), first);

        // A new status gets its own message.
        let paused = Arc::new(PublishedStatus {
            paused: true,
            ..PublishedStatus::clone(&open)
        });
        let message = hub.message(&paused);
        assert!(message.contains(r#""paused":true"#), "{message}");

        // A second later the local time moves on.
        let stamp = |text: &str| text[text.find("local_time").unwrap()..][13..32].to_string();
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let later = hub.message(&paused);
        assert_ne!(stamp(&later), stamp(&message), "{later}");
    }
}
