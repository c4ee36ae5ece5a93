//! The store's status as the app's first render has it: `useStoreStatus`
//! (`ui/src/features/store-status/components/use-store-status.ts`) before the live
//! connection has spoken, from the page's store record and the clock in the store's
//! zone (`todayHoursFromWeek`, `statusAfter`). The header's badge and the closed banner
//! both read it.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Timelike, Utc};
use chrono_tz::Tz;
use serde_json::Value;

use crate::domain::store_hours::{self, StoreStatus};
use crate::domain::store_profile::StoreHoursEntry;

/// `GUARD_REASONS` in `ui/src/lib/status-socket.ts`: reasons that keep the store closed
/// whatever the hours say.
const GUARD_REASONS: [&str; 2] = ["clock_untrusted", "not_ready"];

pub(super) struct FirstStatus {
    /// The hours at the store's local time, and the pause switch.
    pub hours: StoreStatus,
    pub timezone: Tz,
    /// The store's wall-clock time now, whole seconds (`localTimeIn`).
    pub local_time: NaiveDateTime,
    /// A guard keeping the store closed: `clock_untrusted` or `not_ready`.
    pub guard: Option<&'static str>,
    /// While paused automatically: how many orders in a row were not answered.
    pub auto_paused_after: Option<i64>,
    /// Why it is closed; `None` while open.
    pub closed_reason: Option<String>,
    /// RFC 3339: when the hours next say open, as the store record names it; `None`
    /// while open.
    pub next_opening: Option<String>,
}

impl FirstStatus {
    pub fn is_open(&self) -> bool {
        self.hours.is_open && self.guard.is_none()
    }
}

/// The zone the app counts in: the store record's (`store.timezone`), else `fallback`
/// (the configured one).
pub(super) fn store_timezone(store: &Value, fallback: Tz) -> Tz {
    store
        .get("timezone")
        .and_then(Value::as_str)
        .and_then(|name| name.parse::<Tz>().ok())
        .unwrap_or(fallback)
}

/// `localTimeIn` (`store-time.ts`): the wall-clock time in `timezone`, whole seconds.
pub(super) fn local_time(at: DateTime<Utc>, timezone: Tz) -> NaiveDateTime {
    let local = at.with_timezone(&timezone).naive_local();
    local.with_nanosecond(0).unwrap_or(local)
}

/// The status at `now` in `timezone`; `None` without a store record (the app then shows
/// its placeholder).
pub(super) fn first_status(store: &Value, now: DateTime<Utc>, timezone: Tz) -> Option<FirstStatus> {
    let store = store.as_object()?;
    let hours: Vec<StoreHoursEntry> = store
        .get("store_hours")
        .and_then(Value::as_array)
        .map(|entries| {
            entries
                .iter()
                .filter_map(|entry| serde_json::from_value(entry.clone()).ok())
                .collect()
        })
        .unwrap_or_default();
    let closures: Vec<NaiveDate> = store
        .get("closures")
        .and_then(Value::as_array)
        .map(|closures| {
            closures
                .iter()
                .filter_map(|closure| closure.get("date")?.as_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    let paused = store.get("paused") == Some(&Value::Bool(true));
    let hours = store_hours::status_at(&hours, &closures, paused, now, timezone);
    let reason = store.get("closed_reason").and_then(Value::as_str);
    let guard = reason.and_then(|reason| GUARD_REASONS.into_iter().find(|guard| *guard == reason));
    let auto_paused_after = store
        .get("auto_pause")
        .and_then(|auto_pause| auto_pause.get("unanswered"))
        .and_then(Value::as_i64)
        .filter(|_| paused);
    let is_open = hours.is_open && guard.is_none();
    Some(FirstStatus {
        hours,
        timezone,
        local_time: local_time(now, timezone),
        guard,
        auto_paused_after,
        closed_reason: (!is_open).then(|| reason.unwrap_or("outside_hours").to_string()),
        next_opening: store
            .get("next_opening")
            .and_then(Value::as_str)
            .filter(|_| !is_open)
            .map(str::to_string),
    })
}
