//! The daily closing (Kassenabschluss, "Z-Bon"): a business day's figures, taken once
//! the day is over, numbered without gaps and never changed afterwards. It counts the
//! orders that were not rejected (gross, net and VAT per rate, cash and online) and the
//! rejected ones (cancellations) separately.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::mode::ChosenBy;
use crate::domain::day_totals::DayTotals;
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use crate::domain::store_hours::{parse_time, slots_on};
use crate::domain::store_profile::StoreProfile;

/// Who closed the day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClosedBy {
    /// The shop itself, after the day's closing time.
    Automatic,
    /// An admin, on demand.
    Admin { by: ChosenBy },
}

/// One business day's closing, as stored: never changed once written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyClosing {
    /// 1, 2, 3, … without gaps, in the order the days were closed.
    pub number: u64,
    pub business_date: NaiveDate,
    pub closed_at: DateTime<Utc>,
    pub closed_by: ClosedBy,
    /// The day's figures when it was closed.
    pub totals: DayTotals,
    /// Of the day's orders, those the TSE could not sign (fiscal mode `tse`).
    #[serde(default)]
    pub unsigned_orders: Vec<u64>,
}

/// Why a day cannot be closed (yet).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClosingRefusal {
    #[error("The business day {0} is closed already.")]
    Closed(NaiveDate),
    #[error("{count} orders of {date} still wait for an answer; answer them first.")]
    Waiting { date: NaiveDate, count: u64 },
}

impl PublicError for ClosingRefusal {
    fn code(&self) -> ErrorCode {
        match self {
            ClosingRefusal::Closed(_) => ErrorCode::DayClosed,
            ClosingRefusal::Waiting { .. } => ErrorCode::OrdersWaiting,
        }
    }

    fn status(&self) -> ErrorStatus {
        ErrorStatus::Conflict
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            ClosingRefusal::Waiting { count, .. } => vec![("count", count.to_string())],
            ClosingRefusal::Closed(_) => Vec::new(),
        }
    }
}

/// The time after which `date`'s last opening hour is over (store time), `None` when
/// the shop has no hours that day (then the day is over at midnight).
pub fn closing_time(profile: &StoreProfile, date: NaiveDate) -> Option<NaiveTime> {
    let closures: Vec<NaiveDate> = profile
        .closures
        .iter()
        .map(|closure| closure.date)
        .collect();
    slots_on(&profile.store_hours, &closures, date)
        .iter()
        .filter_map(|slot| {
            let open = parse_time(&slot.open_time)?;
            let close = parse_time(&slot.close_time)?;
            // A slot open past midnight ends tomorrow: today it never closes.
            (close > open).then_some(close)
        })
        .max()
        .and_then(|minutes| {
            NaiveTime::from_hms_opt(u32::from(minutes / 60), u32::from(minutes % 60), 0)
        })
}

/// Whether the shop closes `date` by itself at `now`: any earlier day, and the day
/// itself once its last opening hour is over.
pub fn due_automatically(
    profile: Option<&StoreProfile>,
    date: NaiveDate,
    now: DateTime<Utc>,
    timezone: Tz,
) -> bool {
    let local = now.with_timezone(&timezone);
    let today = local.date_naive();
    if date < today {
        return true;
    }
    date == today
        && profile
            .and_then(|profile| closing_time(profile, date))
            .is_some_and(|close| local.time() >= close)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::store_profile::StoreHoursEntry;

    fn profile() -> StoreProfile {
        let mut profile: StoreProfile = serde_json::from_value(serde_json::json!({
            "company_name": "Da Gino", "address_line": "Hauptstraße 1", "phone": "",
            "show_impressum": true, "impressum_text": "Da Gino GmbH",
            "privacy_text": "Datenschutz", "store_hours": [],
        }))
        .unwrap();
        // Monday: lunch and evening.
        for (open, close) in [("11:00", "14:30"), ("17:00", "22:00")] {
            profile.store_hours.push(StoreHoursEntry {
                day_of_week: 1,
                open_time: open.into(),
                close_time: close.into(),
                label: String::new(),
                label_en: String::new(),
            });
        }
        profile
    }

    fn berlin(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn a_day_is_closed_automatically_after_its_last_opening_hour_or_the_next_day() {
        let monday = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        let tz = chrono_tz::Europe::Berlin;
        let p = profile();
        assert_eq!(closing_time(&p, monday), NaiveTime::from_hms_opt(22, 0, 0));
        // 21:59 and 22:00 in Berlin (UTC+1).
        assert!(!due_automatically(
            Some(&p),
            monday,
            berlin("2026-11-23T20:59:00Z"),
            tz
        ));
        assert!(due_automatically(
            Some(&p),
            monday,
            berlin("2026-11-23T21:00:00Z"),
            tz
        ));
        // A day without hours waits for the next day.
        let tuesday = monday.succ_opt().unwrap();
        assert!(!due_automatically(
            Some(&p),
            tuesday,
            berlin("2026-11-24T22:30:00Z"),
            tz
        ));
        assert!(due_automatically(
            Some(&p),
            tuesday,
            berlin("2026-11-24T23:00:00Z"),
            tz
        ));
    }
}
