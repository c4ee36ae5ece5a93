//! Pre-order times: from now plus the preparation lead, at the configured interval, to
//! the end of today's open slots; none on a closure date or while ordering is paused.

use chrono::{DateTime, Duration, Timelike, Utc};
use chrono_tz::Tz;

use super::store_hours::status_at;
use super::store_profile::StoreProfile;

/// At most a day of candidates, whatever the settings.
const HORIZON_MINUTES: i64 = 24 * 60;

/// Capacity (`orders.slot_capacity_*`) is counted per quarter hour of the chosen time.
pub const CAPACITY_SLOT_SECONDS: i64 = 15 * 60;

/// The start (Unix seconds) of the quarter hour that holds `at`. Every time zone's
/// offset is a whole number of quarter hours, so this is a local quarter hour too.
pub fn capacity_slot(at: DateTime<Utc>) -> i64 {
    at.timestamp().div_euclid(CAPACITY_SLOT_SECONDS) * CAPACITY_SLOT_SECONDS
}

/// The instants a customer may choose, in order.
pub fn available_slots(
    profile: &StoreProfile,
    lead_minutes: u16,
    now: DateTime<Utc>,
    timezone: Tz,
) -> Vec<DateTime<Utc>> {
    if profile.paused {
        return Vec::new();
    }
    let closures = profile.closure_dates();
    let interval = i64::from(profile.slot_interval_minutes.max(1));
    let earliest = now + Duration::minutes(i64::from(lead_minutes));
    // Round up to the next interval boundary of the local wall clock.
    let local = earliest.with_timezone(&timezone);
    let minute_of_day = i64::from(local.hour() * 60 + local.minute());
    let has_seconds = local.second() > 0 || local.nanosecond() > 0;
    let over = minute_of_day % interval;
    let step_up = if over == 0 && !has_seconds {
        0
    } else {
        interval - over
    };
    let first = (earliest + Duration::minutes(step_up))
        .with_second(0)
        .and_then(|t| t.with_nanosecond(0))
        .unwrap_or(earliest);
    let today = now.with_timezone(&timezone).date_naive();
    let mut slots = Vec::new();
    let mut candidate = first;
    let mut was_open_today = false;
    while candidate - now <= Duration::minutes(HORIZON_MINUTES) {
        let status = status_at(&profile.store_hours, &closures, false, candidate, timezone);
        let same_day = candidate.with_timezone(&timezone).date_naive() == today;
        if status.is_open && (same_day || was_open_today) {
            slots.push(candidate);
            was_open_today = true;
        } else if !same_day {
            // Past midnight only today's overnight slot continues; once it ends, stop.
            break;
        }
        candidate += Duration::minutes(interval);
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::store_profile::Closure;
    use crate::domain::store_profile::test_builders::profile;

    fn local_times(slots: &[DateTime<Utc>]) -> Vec<String> {
        slots
            .iter()
            .map(|s| {
                s.with_timezone(&chrono_tz::Europe::Berlin)
                    .format("%H:%M")
                    .to_string()
            })
            .collect()
    }

    fn utc(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    const BERLIN: Tz = chrono_tz::Europe::Berlin;

    #[test]
    fn capacity_slots_are_quarter_hours() {
        let start = capacity_slot(utc("2026-11-23T11:15:00Z"));
        assert_eq!(start, utc("2026-11-23T11:15:00Z").timestamp());
        assert_eq!(capacity_slot(utc("2026-11-23T11:29:59Z")), start);
        assert_eq!(capacity_slot(utc("2026-11-23T11:30:00Z")), start + 900);
        assert_eq!(capacity_slot(utc("2026-11-23T11:14:59Z")), start - 900);
    }

    #[test]
    fn slots_start_after_the_lead_on_the_interval_and_stop_with_the_slots() {
        // Monday 2026-11-23, 13:53 local; lunch until 14:30, dinner 17:00–18:00.
        let p = profile(&[(1, "11:30", "14:30"), (1, "17:00", "18:00")]);
        let slots = available_slots(&p, 20, utc("2026-11-23T12:53:00Z"), BERLIN);
        assert_eq!(
            local_times(&slots),
            ["14:15", "17:00", "17:15", "17:30", "17:45"]
        );
    }

    #[test]
    fn before_opening_the_first_slot_is_the_opening_time() {
        let p = profile(&[(1, "11:30", "12:30")]);
        let slots = available_slots(&p, 45, utc("2026-11-23T05:00:00Z"), BERLIN);
        assert_eq!(local_times(&slots), ["11:30", "11:45", "12:00", "12:15"]);
    }

    #[test]
    fn an_overnight_slot_continues_past_midnight_and_then_stops() {
        // Saturday 2026-11-21 23:00 local, open 18:00–01:00.
        let p = profile(&[(6, "18:00", "01:00"), (0, "12:00", "22:00")]);
        let slots = available_slots(&p, 0, utc("2026-11-21T22:00:00Z"), BERLIN);
        assert_eq!(
            local_times(&slots),
            [
                "23:00", "23:15", "23:30", "23:45", "00:00", "00:15", "00:30", "00:45"
            ]
        );
    }

    #[test]
    fn no_slots_when_paused_closed_or_after_hours() {
        let mut p = profile(&[(1, "11:30", "14:30")]);
        let monday_morning = utc("2026-11-23T05:00:00Z");
        p.paused = true;
        assert!(available_slots(&p, 20, monday_morning, BERLIN).is_empty());
        p.paused = false;
        p.closures = vec![Closure {
            date: chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(),
            note: String::new(),
        }];
        assert!(available_slots(&p, 20, monday_morning, BERLIN).is_empty());
        p.closures.clear();
        assert!(
            available_slots(&p, 20, utc("2026-11-23T20:00:00Z"), BERLIN).is_empty(),
            "evening: nothing left today"
        );
    }
}
