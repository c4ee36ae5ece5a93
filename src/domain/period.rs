//! The period an export covers: from one business day to another (both included, at
//! most [`MAX_DAYS`]), or a calendar month, parsed from what the owner typed.

use chrono::{Datelike, NaiveDate};

use super::error::{ErrorCode, ErrorStatus, PublicError};

/// The longest period one export covers (a leap year).
pub const MAX_DAYS: i64 = 366;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

/// Why a period was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PeriodRefusal {
    #[error("{0}: must be a date like 2026-11-23")]
    BadDate(&'static str),
    #[error("month: must be a month like 2026-11")]
    BadMonth,
    #[error("to: must not be before from")]
    Reversed,
    #[error("to: the period may be at most {MAX_DAYS} days long; export a longer one in parts")]
    TooLong,
    #[error("to: a search covers at most {MAX_DAYS} days")]
    SearchTooLong,
}

impl PublicError for PeriodRefusal {
    fn code(&self) -> ErrorCode {
        match self {
            PeriodRefusal::BadDate(_) | PeriodRefusal::BadMonth => ErrorCode::Invalid,
            PeriodRefusal::Reversed => ErrorCode::PeriodReversed,
            PeriodRefusal::TooLong => ErrorCode::PeriodTooLong,
            PeriodRefusal::SearchTooLong => ErrorCode::DateRangeTooLong,
        }
    }

    fn status(&self) -> ErrorStatus {
        ErrorStatus::BadRequest
    }

    fn field(&self) -> Option<&str> {
        Some(match self {
            PeriodRefusal::BadDate(field) => field,
            PeriodRefusal::BadMonth => "month",
            PeriodRefusal::Reversed | PeriodRefusal::TooLong | PeriodRefusal::SearchTooLong => "to",
        })
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            PeriodRefusal::TooLong | PeriodRefusal::SearchTooLong => {
                vec![("max_days", MAX_DAYS.to_string())]
            }
            _ => Vec::new(),
        }
    }
}

fn day(field: &'static str, text: &str) -> Result<NaiveDate, PeriodRefusal> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| PeriodRefusal::BadDate(field))
}

impl Period {
    /// The days from `from` to `to` (`YYYY-MM-DD`, both included).
    pub fn between(from: &str, to: &str) -> Result<Period, PeriodRefusal> {
        let (from, to) = (day("from", from)?, day("to", to)?);
        if to < from {
            return Err(PeriodRefusal::Reversed);
        }
        if (to - from).num_days() >= MAX_DAYS {
            return Err(PeriodRefusal::TooLong);
        }
        Ok(Period { from, to })
    }

    /// The business days a search covers: like [`Period::between`], refused for more
    /// than [`MAX_DAYS`] with its own words (a search, not an export).
    pub fn searched(from: &str, to: &str) -> Result<Period, PeriodRefusal> {
        Period::between(from, to).map_err(|refused| match refused {
            PeriodRefusal::TooLong => PeriodRefusal::SearchTooLong,
            other => other,
        })
    }

    /// The calendar month `YYYY-MM`.
    pub fn month(text: &str) -> Result<Period, PeriodRefusal> {
        let text = text.trim();
        let (year, month) = text.split_once('-').ok_or(PeriodRefusal::BadMonth)?;
        if year.len() != 4 || month.len() != 2 {
            return Err(PeriodRefusal::BadMonth);
        }
        let year: i32 = year.parse().map_err(|_| PeriodRefusal::BadMonth)?;
        let month: u32 = month.parse().map_err(|_| PeriodRefusal::BadMonth)?;
        let from = NaiveDate::from_ymd_opt(year, month, 1).ok_or(PeriodRefusal::BadMonth)?;
        let next = if month == 12 {
            NaiveDate::from_ymd_opt(year + 1, 1, 1)
        } else {
            NaiveDate::from_ymd_opt(year, month + 1, 1)
        };
        let to = next
            .and_then(|next| next.pred_opt())
            .ok_or(PeriodRefusal::BadMonth)?;
        Ok(Period { from, to })
    }

    /// `2026-11` for a whole month, else `2026-11-01_2026-11-15`: for file names.
    pub fn label(&self) -> String {
        let whole_month = self.from.day() == 1
            && self.to.succ_opt().is_none_or(|next| next.day() == 1)
            && self.from.month() == self.to.month()
            && self.from.year() == self.to.year();
        if whole_month {
            self.from.format("%Y-%m").to_string()
        } else {
            format!("{}_{}", self.from, self.to)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_is_a_range_of_at_most_a_leap_year_or_a_month() {
        let period = Period::between("2026-01-01", "2026-12-31").unwrap();
        assert_eq!(period.label(), "2026-01-01_2026-12-31");
        assert!(Period::between("2024-01-01", "2024-12-31").is_ok());
        // 366 days, both included, is the longest.
        assert!(Period::between("2026-01-01", "2027-01-01").is_ok());
        assert_eq!(
            Period::between("2026-01-01", "2027-01-02"),
            Err(PeriodRefusal::TooLong)
        );
        assert_eq!(
            Period::between("2026-02-01", "2026-01-31"),
            Err(PeriodRefusal::Reversed)
        );
        assert_eq!(
            Period::between("2026-02-30", "2026-03-01"),
            Err(PeriodRefusal::BadDate("from"))
        );
        let february = Period::month("2028-02").unwrap();
        assert_eq!(february.to.to_string(), "2028-02-29");
        assert_eq!(february.label(), "2028-02");
        assert_eq!(
            Period::month("2026-12").unwrap().to.to_string(),
            "2026-12-31"
        );
        for bad in ["2026-13", "2026-1", "26-01", "2026/01", ""] {
            assert_eq!(Period::month(bad), Err(PeriodRefusal::BadMonth), "{bad}");
        }
    }
}
