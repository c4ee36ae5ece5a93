//! How long the restaurant has to answer an order before it is rejected for nobody
//! answering (`orders.auto_reject_seconds`). The time counts from when someone can be
//! there: at once while the opening hours say open, otherwise from the next opening,
//! so a pre-order placed at night waits for the morning. With a lead before the slot
//! (`orders.preorder_answer_before_slot_minutes`) a pre-order may wait until that long
//! before its time, never past it.

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;

use crate::domain::store_hours::{next_opening, status_at};
use crate::domain::store_profile::StoreProfile;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerWindow {
    /// How long after someone can be there an order may wait.
    pub within: Duration,
    /// A pre-order may wait until this long before its time, if that is later.
    pub before_slot: Option<Duration>,
}

/// When an order placed at `now` (for `preorder_at`, if a pre-order) is rejected
/// unless someone answers it first.
pub fn answer_deadline(
    window: AnswerWindow,
    profile: Option<&StoreProfile>,
    timezone: Tz,
    now: DateTime<Utc>,
    preorder_at: Option<DateTime<Utc>>,
) -> DateTime<Utc> {
    let someone_there = profile
        .and_then(|profile| {
            next_opening(
                &profile.store_hours,
                &profile.closure_dates(),
                now,
                timezone,
            )
        })
        .unwrap_or(now);
    let deadline = someone_there + window.within;
    match (preorder_at, window.before_slot) {
        (Some(slot), Some(lead)) => deadline.max(slot - lead),
        _ => deadline,
    }
}

/// Whether staff could have answered at `at`: the opening hours say open (a pause by
/// hand aside). Only such orders count towards pausing ordering automatically.
pub fn someone_could_answer(
    profile: Option<&StoreProfile>,
    timezone: Tz,
    at: DateTime<Utc>,
) -> bool {
    profile.is_some_and(|profile| {
        status_at(
            &profile.store_hours,
            &profile.closure_dates(),
            false,
            at,
            timezone,
        )
        .is_open
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::store_profile::test_builders::profile;

    const BERLIN: Tz = chrono_tz::Europe::Berlin;

    fn utc(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn window(before_slot: Option<i64>) -> AnswerWindow {
        AnswerWindow {
            within: Duration::minutes(10),
            before_slot: before_slot.map(Duration::minutes),
        }
    }

    #[test]
    fn an_order_placed_while_open_waits_the_window_from_now() {
        // Monday lunch 11:30–14:30 Berlin (10:30–13:30Z).
        let lunch = profile(&[(1, "11:30", "14:30")]);
        let now = utc("2026-11-23T11:00:00Z");
        assert_eq!(
            answer_deadline(window(None), Some(&lunch), BERLIN, now, None),
            utc("2026-11-23T11:10:00Z")
        );
        let slot = Some(utc("2026-11-23T12:00:00Z"));
        assert_eq!(
            answer_deadline(window(None), Some(&lunch), BERLIN, now, slot),
            utc("2026-11-23T11:10:00Z")
        );
    }

    #[test]
    fn a_preorder_placed_at_night_waits_for_the_opening() {
        let lunch = profile(&[(1, "11:30", "14:30")]);
        let night = utc("2026-11-23T05:00:00Z");
        let slot = Some(utc("2026-11-23T11:00:00Z"));
        assert_eq!(
            answer_deadline(window(None), Some(&lunch), BERLIN, night, slot),
            utc("2026-11-23T10:40:00Z")
        );
        // With a lead of 15 minutes before the slot: until 10:45Z.
        assert_eq!(
            answer_deadline(window(Some(15)), Some(&lunch), BERLIN, night, slot),
            utc("2026-11-23T10:45:00Z")
        );
        // A lead longer than the time after the opening changes nothing.
        assert_eq!(
            answer_deadline(window(Some(60)), Some(&lunch), BERLIN, night, slot),
            utc("2026-11-23T10:40:00Z")
        );
        // No hours at all (a shop not set up): from now.
        assert_eq!(
            answer_deadline(window(None), None, BERLIN, night, slot),
            utc("2026-11-23T05:10:00Z")
        );
    }

    #[test]
    fn only_open_hours_count_as_someone_being_there() {
        let lunch = profile(&[(1, "11:30", "14:30")]);
        assert!(someone_could_answer(
            Some(&lunch),
            BERLIN,
            utc("2026-11-23T10:40:00Z")
        ));
        assert!(!someone_could_answer(
            Some(&lunch),
            BERLIN,
            utc("2026-11-23T05:10:00Z")
        ));
        let mut paused = lunch.clone();
        paused.paused = true;
        assert!(someone_could_answer(
            Some(&paused),
            BERLIN,
            utc("2026-11-23T10:40:00Z")
        ));
        assert!(!someone_could_answer(
            None,
            BERLIN,
            utc("2026-11-23T10:40:00Z")
        ));
    }
}
