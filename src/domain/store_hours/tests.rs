use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;

use super::*;

#[derive(Deserialize)]
struct VectorFile {
    vectors: Vec<Vector>,
}

#[derive(Deserialize)]
struct Vector {
    name: String,
    now: DateTime<Utc>,
    timezone: String,
    store_hours: Vec<StoreHoursEntry>,
    closures: Vec<NaiveDate>,
    paused: bool,
    expect: Expect,
}

#[derive(Deserialize)]
struct Expect {
    local_time: String,
    today_hours: Vec<TodaySlot>,
    is_open: bool,
    hours_text: HoursText,
}

#[test]
fn the_shared_status_vectors_hold() {
    let file: VectorFile = serde_json::from_str(include_str!(
        "../../../assets/test-vectors/store-status.json"
    ))
    .unwrap();
    assert!(file.vectors.len() >= 10);
    for vector in file.vectors {
        let timezone: Tz = vector.timezone.parse().unwrap();
        let status = status_at(
            &vector.store_hours,
            &vector.closures,
            vector.paused,
            vector.now,
            timezone,
        );
        let name = &vector.name;
        assert_eq!(
            status.local_time.format("%Y-%m-%d %H:%M:%S").to_string(),
            vector.expect.local_time,
            "{name}"
        );
        assert_eq!(status.today_hours, vector.expect.today_hours, "{name}");
        assert_eq!(status.is_open, vector.expect.is_open, "{name}");
        assert_eq!(status.hours_text, vector.expect.hours_text, "{name}");
    }
}

#[test]
fn labels_are_cleaned() {
    assert_eq!(clean_label("morning time"), "");
    assert_eq!(clean_label(" Morning Time "), "");
    assert_eq!(clean_label("**Late night**"), "Late night");
    assert_eq!(clean_label("Mittagstisch"), "Mittagstisch");
}

#[test]
fn times_parse_strictly() {
    assert_eq!(parse_time("00:00"), Some(0));
    assert_eq!(parse_time("23:59"), Some(1439));
    for bad in ["24:00", "7:30", "07:60", "0730", "", "ab:cd"] {
        assert_eq!(parse_time(bad), None, "{bad}");
    }
}

#[test]
fn the_hours_text_reads_like_the_spec() {
    assert_eq!(
        HoursText::OpensAt {
            time: "17:00".into()
        }
        .english(),
        "Opens at 17:00"
    );
    assert_eq!(HoursText::ClosedForToday.english(), "Closed for today");
    let current = HoursText::Current {
        open: "11:30".into(),
        close: "14:30".into(),
    };
    assert_eq!(current.english(), "11:30 - 14:30");
}

fn monday_hours() -> Vec<StoreHoursEntry> {
    vec![
        StoreHoursEntry {
            day_of_week: 1,
            open_time: "11:30".into(),
            close_time: "14:30".into(),
            label: String::new(),
            label_en: String::new(),
        },
        StoreHoursEntry {
            day_of_week: 1,
            open_time: "17:00".into(),
            close_time: "22:30".into(),
            label: String::new(),
            label_en: String::new(),
        },
    ]
}

fn utc(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

#[test]
fn the_next_change_is_the_next_slot_boundary_or_midnight() {
    let berlin = chrono_tz::Europe::Berlin;
    let hours = monday_hours();
    // 06:00 local → opens 11:30 local = 10:30Z.
    assert_eq!(
        next_change(&hours, &[], utc("2026-11-23T05:00:00Z"), berlin),
        utc("2026-11-23T10:30:00Z")
    );
    // Inside the lunch slot → it closes at 14:30 local.
    assert_eq!(
        next_change(&hours, &[], utc("2026-11-23T11:00:00Z"), berlin),
        utc("2026-11-23T13:30:00Z")
    );
    // After the last slot → local midnight (23:00Z in winter).
    assert_eq!(
        next_change(&hours, &[], utc("2026-11-23T22:00:00Z"), berlin),
        utc("2026-11-23T23:00:00Z")
    );
    // Exactly at a boundary, the next one is later.
    assert_eq!(
        next_change(&hours, &[], utc("2026-11-23T10:30:00Z"), berlin),
        utc("2026-11-23T13:30:00Z")
    );
}

#[test]
fn the_next_opening_is_now_while_open_else_the_next_slot() {
    let berlin = chrono_tz::Europe::Berlin;
    let hours = monday_hours();
    let open = utc("2026-11-23T11:00:00Z");
    assert_eq!(next_opening(&hours, &[], open, berlin), Some(open));
    assert_eq!(
        next_opening(&hours, &[], utc("2026-11-23T05:00:00Z"), berlin),
        Some(utc("2026-11-23T10:30:00Z"))
    );
    // Between lunch and dinner.
    assert_eq!(
        next_opening(&hours, &[], utc("2026-11-23T14:00:00Z"), berlin),
        Some(utc("2026-11-23T16:00:00Z"))
    );
    // Monday night: the next Monday's lunch (only Mondays are open).
    assert_eq!(
        next_opening(&hours, &[], utc("2026-11-23T22:00:00Z"), berlin),
        Some(utc("2026-11-30T10:30:00Z"))
    );
    // A closure on the next Monday: the Monday after it.
    let closed = [NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()];
    assert_eq!(
        next_opening(&hours, &closed, utc("2026-11-23T22:00:00Z"), berlin),
        Some(utc("2026-12-07T10:30:00Z"))
    );
    // A holiday of nine weeks: nothing within the 60 days looked at.
    let holiday: Vec<NaiveDate> = (0..63)
        .map(|day| NaiveDate::from_ymd_opt(2026, 11, 24).unwrap() + chrono::Days::new(day))
        .collect();
    assert_eq!(
        next_opening(&hours, &holiday, utc("2026-11-23T22:00:00Z"), berlin),
        None
    );
    assert_eq!(next_opening(&[], &[], open, berlin), None);
}

fn entry(day_of_week: u8, open: &str, close: &str) -> StoreHoursEntry {
    StoreHoursEntry {
        day_of_week,
        open_time: open.into(),
        close_time: close.into(),
        label: String::new(),
        label_en: String::new(),
    }
}

#[test]
fn until_tomorrow_ends_at_the_first_opening_of_a_later_day() {
    let berlin = chrono_tz::Europe::Berlin;
    // Lunch and evening on Monday and Tuesday.
    let mut hours = monday_hours();
    hours.extend([entry(2, "11:30", "14:30"), entry(2, "17:00", "22:30")]);
    let tuesday_lunch = Some(utc("2026-11-24T10:30:00Z"));
    // At Monday's lunch, before it, between the two and in the evening: Tuesday's lunch,
    // never Monday's evening.
    for now in [
        "2026-11-23T11:00:00Z",
        "2026-11-23T05:00:00Z",
        "2026-11-23T14:00:00Z",
        "2026-11-23T20:00:00Z",
        "2026-11-23T22:45:00Z",
    ] {
        assert_eq!(
            opening_of_a_later_day(&hours, &[], utc(now), berlin),
            tuesday_lunch,
            "{now}"
        );
    }
    // A closure on Tuesday: the next Monday.
    let closed = [NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()];
    assert_eq!(
        opening_of_a_later_day(&hours, &closed, utc("2026-11-23T11:00:00Z"), berlin),
        Some(utc("2026-11-30T10:30:00Z"))
    );
    assert_eq!(
        opening_of_a_later_day(&[], &[], utc("2026-11-23T11:00:00Z"), berlin),
        None
    );
}

#[test]
fn a_late_night_belongs_to_the_day_it_began() {
    let berlin = chrono_tz::Europe::Berlin;
    // Saturday 18:00 to Sunday 01:00, Sunday 12:00 to 22:00.
    let hours = vec![entry(6, "18:00", "01:00"), entry(0, "12:00", "22:00")];
    let sunday_noon = Some(utc("2026-11-29T11:00:00Z"));
    // Saturday 23:00 and Sunday 00:30 (still Saturday's night): Sunday noon.
    for now in ["2026-11-28T22:00:00Z", "2026-11-28T23:30:00Z"] {
        assert_eq!(
            opening_of_a_later_day(&hours, &[], utc(now), berlin),
            sunday_noon,
            "{now}"
        );
    }
    // Sunday 02:00, closing up after the night: still Saturday's service.
    assert_eq!(
        opening_of_a_later_day(&hours, &[], utc("2026-11-29T01:00:00Z"), berlin),
        sunday_noon
    );
    // Sunday 23:00, after Sunday's own hours: next Saturday's evening.
    assert_eq!(
        opening_of_a_later_day(&hours, &[], utc("2026-11-29T22:00:00Z"), berlin),
        Some(utc("2026-12-05T17:00:00Z"))
    );
}
