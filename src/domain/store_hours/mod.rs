//! Whether the store is open, and the hours text the header shows (spec §4), as pure
//! functions of the opening hours, closures, the pause switch, an instant and the
//! store's time zone. Wall-clock times are compared in the store's zone, so DST changes
//! need no special case; a slot whose close is before its open runs past midnight.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Timelike, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::store_profile::StoreHoursEntry;

/// Minutes since local midnight, parsed from `HH:mm`.
pub fn parse_time(text: &str) -> Option<u16> {
    let (hours, minutes) = text.split_once(':')?;
    if hours.len() != 2 || minutes.len() != 2 {
        return None;
    }
    let hours: u16 = hours.parse().ok()?;
    let minutes: u16 = minutes.parse().ok()?;
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

pub fn format_time(minutes: u16) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The label as customers see it: 'morning time' is hidden and `**` is stripped.
pub fn clean_label(label: &str) -> String {
    let stripped = label.replace("**", "");
    let trimmed = stripped.trim();
    if trimmed.eq_ignore_ascii_case("morning time") {
        String::new()
    } else {
        trimmed.to_string()
    }
}

/// A slot as it matters for one day, in that day's wall-clock minutes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TodaySlot {
    pub open_time: String,
    pub close_time: String,
    pub label: String,
    /// The label for English visitors; left out when empty (the German one then).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label_en: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HoursText {
    /// Open now: the current slot's range.
    Current {
        open: String,
        close: String,
    },
    /// Closed now, a later slot today opens at `time`.
    OpensAt {
        time: String,
    },
    ClosedForToday,
}

impl HoursText {
    /// English wording of the header (the UI translates it).
    pub fn english(&self) -> String {
        match self {
            HoursText::Current { open, close } => format!("{open} - {close}"),
            HoursText::OpensAt { time } => format!("Opens at {time}"),
            HoursText::ClosedForToday => "Closed for today".into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreStatus {
    pub is_open: bool,
    pub paused: bool,
    pub local_time: NaiveDateTime,
    pub today_hours: Vec<TodaySlot>,
    pub hours_text: HoursText,
}

/// The slots that matter on `date`: its own, plus the after-midnight part of the
/// previous day's overnight slots (as `00:00`–close). None on a closure date.
pub fn slots_on(
    hours: &[StoreHoursEntry],
    closures: &[NaiveDate],
    date: NaiveDate,
) -> Vec<TodaySlot> {
    if closures.contains(&date) {
        return Vec::new();
    }
    let weekday = date.weekday().num_days_from_sunday() as u8;
    let yesterday = date.pred_opt();
    let yesterday_weekday = (weekday + 6) % 7;
    let yesterday_closed = yesterday.is_some_and(|d| closures.contains(&d));
    let mut slots: Vec<(u16, TodaySlot)> = Vec::new();
    for entry in hours {
        let (Some(open), Some(close)) =
            (parse_time(&entry.open_time), parse_time(&entry.close_time))
        else {
            continue;
        };
        if entry.day_of_week == weekday && open != close {
            slots.push((
                open,
                TodaySlot {
                    open_time: format_time(open),
                    close_time: format_time(close),
                    label: clean_label(&entry.label),
                    label_en: clean_label(&entry.label_en),
                },
            ));
        }
        if entry.day_of_week == yesterday_weekday && close < open && close > 0 && !yesterday_closed
        {
            slots.push((
                0,
                TodaySlot {
                    open_time: "00:00".into(),
                    close_time: format_time(close),
                    label: clean_label(&entry.label),
                    label_en: clean_label(&entry.label_en),
                },
            ));
        }
    }
    slots.sort_by_key(|(open, slot)| (*open, slot.close_time.clone()));
    slots.into_iter().map(|(_, slot)| slot).collect()
}

/// Open or closed, and the hours text, from the day's slots and the wall-clock minute.
/// The storefront runs the same rules (shared test vectors).
pub fn evaluate(today_hours: &[TodaySlot], minute_of_day: u16, paused: bool) -> (bool, HoursText) {
    let parsed: Vec<(u16, u16, &TodaySlot)> = today_hours
        .iter()
        .filter_map(|slot| {
            Some((
                parse_time(&slot.open_time)?,
                parse_time(&slot.close_time)?,
                slot,
            ))
        })
        .collect();
    let current = parsed.iter().find(|(open, close, _)| {
        if close > open {
            *open <= minute_of_day && minute_of_day < *close
        } else {
            *open <= minute_of_day
        }
    });
    if let Some((_, _, slot)) = current {
        let text = HoursText::Current {
            open: slot.open_time.clone(),
            close: slot.close_time.clone(),
        };
        return (!paused, text);
    }
    let next = parsed
        .iter()
        .filter(|(open, _, _)| *open > minute_of_day)
        .min_by_key(|(open, _, _)| *open);
    let text = match next {
        Some((_, _, slot)) => HoursText::OpensAt {
            time: slot.open_time.clone(),
        },
        None => HoursText::ClosedForToday,
    };
    (false, text)
}

pub fn status_at(
    hours: &[StoreHoursEntry],
    closures: &[NaiveDate],
    paused: bool,
    now: DateTime<Utc>,
    timezone: Tz,
) -> StoreStatus {
    let local = now.with_timezone(&timezone).naive_local();
    let today_hours = slots_on(hours, closures, local.date());
    let minute = (local.hour() * 60 + local.minute()) as u16;
    let (is_open, hours_text) = evaluate(&today_hours, minute, paused);
    StoreStatus {
        is_open,
        paused,
        local_time: local.with_nanosecond(0).unwrap_or(local),
        today_hours,
        hours_text,
    }
}

/// The next instant after `now` at which the status may change: a slot opening or
/// closing today, or the next local midnight. Used to schedule updates instead of
/// polling.
pub fn next_change(
    hours: &[StoreHoursEntry],
    closures: &[NaiveDate],
    now: DateTime<Utc>,
    timezone: Tz,
) -> DateTime<Utc> {
    let local = now.with_timezone(&timezone);
    let minute = (local.hour() * 60 + local.minute()) as u16;
    let today = local.date_naive();
    let mut candidates: Vec<u16> = Vec::new();
    for slot in slots_on(hours, closures, today) {
        for time in [&slot.open_time, &slot.close_time] {
            if let Some(t) = parse_time(time)
                && t > minute
            {
                candidates.push(t);
            }
        }
    }
    let at_local_minute = |date: NaiveDate, minute: u16| {
        date.and_hms_opt(u32::from(minute / 60), u32::from(minute % 60), 0)
            .and_then(|naive| naive.and_local_timezone(timezone).earliest())
            .map(|local| local.with_timezone(&Utc))
    };
    let tomorrow = today.succ_opt().and_then(|d| at_local_minute(d, 0));
    candidates
        .into_iter()
        .filter_map(|minute| at_local_minute(today, minute))
        .filter(|instant| *instant > now)
        .chain(tomorrow)
        .min()
        .unwrap_or(now + chrono::Duration::hours(1))
}

/// The first instant at or after `from` at which the hours say open (the pause switch
/// aside): `from` itself while open. None when the next 60 days have no opening (a
/// long holiday is a row of closure days).
pub fn next_opening(
    hours: &[StoreHoursEntry],
    closures: &[NaiveDate],
    from: DateTime<Utc>,
    timezone: Tz,
) -> Option<DateTime<Utc>> {
    let horizon = from + chrono::Duration::days(60);
    let mut at = from;
    // Every step is a slot's opening or closing or a midnight, always later.
    while at <= horizon {
        if status_at(hours, closures, false, at, timezone).is_open {
            return Some(at);
        }
        at = next_change(hours, closures, at, timezone);
    }
    None
}

/// The day whose opening hours the local minute `minute` of `date` falls in: `date`,
/// or the day before while a stretch of that day's runs on past midnight.
fn service_date(
    hours: &[StoreHoursEntry],
    closures: &[NaiveDate],
    date: NaiveDate,
    minute: u16,
) -> NaiveDate {
    let Some(yesterday) = date.pred_opt() else {
        return date;
    };
    let yesterday_weekday = yesterday.weekday().num_days_from_sunday() as u8;
    let past_midnight = !closures.contains(&yesterday)
        && hours.iter().any(|entry| {
            let (Some(open), Some(close)) =
                (parse_time(&entry.open_time), parse_time(&entry.close_time))
            else {
                return false;
            };
            entry.day_of_week == yesterday_weekday && close < open && minute < close
        });
    if past_midnight { yesterday } else { date }
}

/// The day whose service `now` belongs to: the day the stretch open now began on, or,
/// while closed, the day of the stretch that ended earlier today (at 02:00 after a
/// night open until 01:00: the evening before); else today.
fn reference_day(
    hours: &[StoreHoursEntry],
    closures: &[NaiveDate],
    now: DateTime<Utc>,
    timezone: Tz,
) -> NaiveDate {
    let local = now.with_timezone(&timezone).naive_local();
    let today = local.date();
    let minute = (local.hour() * 60 + local.minute()) as u16;
    let slots = slots_on(hours, closures, today);
    let (is_open, _) = evaluate(&slots, minute, false);
    if is_open {
        return service_date(hours, closures, today, minute);
    }
    let ended_today = slots
        .iter()
        .filter_map(|slot| Some((parse_time(&slot.open_time)?, parse_time(&slot.close_time)?)))
        .filter(|(open, close)| open < close && *close <= minute)
        .map(|(_, close)| close)
        .max();
    match ended_today {
        Some(close) => service_date(hours, closures, today, close - 1),
        None => today,
    }
}

/// When something sold out "until tomorrow" at `now` is back on sale: the first time
/// the store opens on a later day than the one whose service `now` belongs to (see
/// [`reference_day`]: a stretch open past midnight belongs to the day it began). With
/// a lunch and an evening stretch, marked at lunch: the next day's lunch, not this
/// evening. Closure days are skipped. None when the next 60 days have no opening.
pub fn opening_of_a_later_day(
    hours: &[StoreHoursEntry],
    closures: &[NaiveDate],
    now: DateTime<Utc>,
    timezone: Tz,
) -> Option<DateTime<Utc>> {
    let day = reference_day(hours, closures, now, timezone);
    let horizon = now + chrono::Duration::days(60);
    let open_at = |at| status_at(hours, closures, false, at, timezone).is_open;
    let mut at = now;
    let mut was_open = open_at(at);
    while at <= horizon {
        at = next_change(hours, closures, at, timezone);
        let open = open_at(at);
        if open && !was_open && at.with_timezone(&timezone).date_naive() > day {
            return Some(at);
        }
        was_open = open;
    }
    None
}

#[cfg(test)]
mod tests;
