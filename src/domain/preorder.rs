//! Pre-order times: from now plus the preparation lead, at the configured interval, to
//! the end of today's open slots; none on a closure date or while ordering is paused.

use chrono::TimeZone;
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

/// The first instant after now plus the lead on the interval of the local wall clock.
fn first_candidate(
    profile: &StoreProfile,
    lead_minutes: u16,
    now: DateTime<Utc>,
    timezone: Tz,
) -> DateTime<Utc> {
    let interval = i64::from(profile.slot_interval_minutes.max(1));
    let earliest = now + Duration::minutes(i64::from(lead_minutes));
    let local = earliest.with_timezone(&timezone);
    let minute_of_day = i64::from(local.hour() * 60 + local.minute());
    let has_seconds = local.second() > 0 || local.nanosecond() > 0;
    let over = minute_of_day % interval;
    let step_up = if over == 0 && !has_seconds {
        0
    } else {
        interval - over
    };
    (earliest + Duration::minutes(step_up))
        .with_second(0)
        .and_then(|t| t.with_nanosecond(0))
        .unwrap_or(earliest)
}

/// The most days ahead `orders.preorder_days` may offer.
pub const MAX_PREORDER_DAYS: u16 = 60;

/// The instants a customer may choose today and on the `days` days after it
/// (`orders.preorder_days`), in order: today's as [`available_slots`], then each later
/// day's open times from that day's hours and closures. The interval divides an hour,
/// so the steps stay on the local wall clock's interval across a change of summer time.
pub fn available_slots_ahead(
    profile: &StoreProfile,
    lead_minutes: u16,
    now: DateTime<Utc>,
    timezone: Tz,
    days: u16,
) -> Vec<DateTime<Utc>> {
    let mut slots = available_slots(profile, lead_minutes, now, timezone);
    if profile.paused || days == 0 {
        return slots;
    }
    let days = days.min(MAX_PREORDER_DAYS);
    let closures = profile.closure_dates();
    let interval = Duration::minutes(i64::from(profile.slot_interval_minutes.max(1)));
    let today = now.with_timezone(&timezone).date_naive();
    let start_of = |date: chrono::NaiveDate| {
        timezone
            .from_local_datetime(&date.and_time(chrono::NaiveTime::MIN))
            .earliest()
            .map(|start| start.with_timezone(&Utc))
    };
    let (Some(tomorrow), Some(end)) = (
        today.succ_opt().and_then(start_of),
        today
            .checked_add_days(chrono::Days::new(u64::from(days) + 1))
            .and_then(start_of),
    ) else {
        return slots;
    };
    let mut candidate = first_candidate(profile, lead_minutes, now, timezone).max(tomorrow);
    // Today's overnight times are offered already.
    if let Some(last) = slots.last() {
        candidate = candidate.max(*last + interval);
    }
    while candidate < end {
        if status_at(&profile.store_hours, &closures, false, candidate, timezone).is_open {
            slots.push(candidate);
        }
        candidate += interval;
    }
    slots
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
    let first = first_candidate(profile, lead_minutes, now, timezone);
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

    fn local_days_and_times(slots: &[DateTime<Utc>]) -> Vec<String> {
        slots
            .iter()
            .map(|s| s.with_timezone(&BERLIN).format("%d %H:%M").to_string())
            .collect()
    }

    #[test]
    fn later_days_offer_each_days_hours_and_skip_closures() {
        // Monday 2026-11-23 13:53 local; lunch until 14:30 on Monday to Wednesday.
        let mut p = profile(&[
            (1, "11:30", "12:00"),
            (2, "11:30", "12:00"),
            (3, "11:30", "12:00"),
            (1, "14:00", "14:30"),
        ]);
        p.closures = vec![Closure {
            date: chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap(),
            note: String::new(),
        }];
        let now = utc("2026-11-23T12:53:00Z");
        assert_eq!(
            available_slots_ahead(&p, 20, now, BERLIN, 0),
            available_slots(&p, 20, now, BERLIN),
            "0 days: today only, as before"
        );
        assert_eq!(
            local_days_and_times(&available_slots_ahead(&p, 20, now, BERLIN, 2)),
            ["23 14:15", "25 11:30", "25 11:45"],
            "Tuesday is closed; Wednesday has its lunch"
        );
        assert_eq!(
            available_slots_ahead(&p, 20, now, BERLIN, 7).len(),
            3 + 2 + 2,
            "next Monday and Tuesday (2026-11-30, 2026-12-01) too"
        );
        p.paused = true;
        assert!(available_slots_ahead(&p, 20, now, BERLIN, 7).is_empty());
    }

    #[test]
    fn later_days_keep_the_wall_clock_across_a_change_of_summer_time() {
        // Saturday 2026-03-28 20:00 local (UTC+1); summer time from Sunday 02:00.
        let p = profile(&[(0, "11:30", "12:30"), (1, "11:30", "12:00")]);
        let slots = available_slots_ahead(&p, 20, utc("2026-03-28T19:00:00Z"), BERLIN, 2);
        assert_eq!(
            local_days_and_times(&slots),
            [
                "29 11:30", "29 11:45", "29 12:00", "29 12:15", "30 11:30", "30 11:45"
            ]
        );
        assert_eq!(slots[0], utc("2026-03-29T09:30:00Z"), "11:30 summer time");
        // And back: Sunday 2026-10-25 is an hour longer.
        let slots = available_slots_ahead(&p, 20, utc("2026-10-24T18:00:00Z"), BERLIN, 1);
        assert_eq!(slots[0], utc("2026-10-25T10:30:00Z"), "11:30 winter time");
        assert_eq!(slots.len(), 4);
    }

    #[test]
    fn an_overnight_time_of_today_is_not_offered_twice() {
        // Saturday 2026-11-21 23:00 local, open 18:00–01:00; Sunday 12:00–13:00.
        let p = profile(&[(6, "18:00", "01:00"), (0, "12:00", "13:00")]);
        let slots = available_slots_ahead(&p, 0, utc("2026-11-21T22:00:00Z"), BERLIN, 1);
        assert_eq!(
            local_days_and_times(&slots),
            [
                "21 23:00", "21 23:15", "21 23:30", "21 23:45", "22 00:00", "22 00:15", "22 00:30",
                "22 00:45", "22 12:00", "22 12:15", "22 12:30", "22 12:45"
            ]
        );
    }

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
