//! How values are written into the export's CSV files, as its `index.xml` declares
//! them: UTF-8, `;` between columns, CRLF after each row, `"` around a text that holds
//! one of those (doubled inside), the decimal comma and no digit grouping; a header
//! row of column names first (data from row 2). Amounts come in as integer cents and
//! are written without ever being a float.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

pub const COLUMN_DELIMITER: char = ';';
pub const TEXT_ENCAPSULATOR: char = '"';
pub const RECORD_DELIMITER: &str = "\r\n";
pub const DECIMAL_SYMBOL: char = ',';
/// Declared as the standard does; the export writes no grouping.
pub const DIGIT_GROUPING_SYMBOL: char = '.';
/// The first row with data (row 1 names the columns).
pub const DATA_FROM_ROW: u32 = 2;

/// Appends one CSV row (with its CRLF) to `out`.
pub fn push_row(out: &mut String, fields: &[String]) {
    for (at, field) in fields.iter().enumerate() {
        if at > 0 {
            out.push(COLUMN_DELIMITER);
        }
        push_field(out, field);
    }
    out.push_str(RECORD_DELIMITER);
}

fn push_field(out: &mut String, field: &str) {
    let quoted = field.contains([COLUMN_DELIMITER, TEXT_ENCAPSULATOR, '\r', '\n'])
        || field.starts_with([' ', '\t'])
        || field.ends_with([' ', '\t']);
    if !quoted {
        out.push_str(field);
        return;
    }
    out.push(TEXT_ENCAPSULATOR);
    for c in field.chars() {
        if c == TEXT_ENCAPSULATOR {
            out.push(TEXT_ENCAPSULATOR);
        }
        out.push(c);
    }
    out.push(TEXT_ENCAPSULATOR);
}

/// `cents` as an amount with two decimals: `1234` → `12,34`, `-5` → `-0,05`.
pub fn amount(cents: i64) -> String {
    fixed(i128::from(cents), 2)
}

/// A whole number (a count, a number, an id).
pub fn whole(value: impl Into<i128>) -> String {
    value.into().to_string()
}

/// A quantity with three decimals: `2` → `2,000`.
pub fn quantity(count: u32) -> String {
    fixed(i128::from(count) * 1000, 3)
}

/// `cents / count` with two decimals when that is exact, else with five (rounded half
/// away from zero): the price of one piece of a line.
pub fn unit_amount(cents: i64, count: u32) -> String {
    let count = i128::from(count.max(1));
    let cents = i128::from(cents);
    if cents % count == 0 {
        return fixed(cents / count, 2);
    }
    // Hundred-thousandths of a euro = cents × 1000.
    let scaled = cents * 1000;
    let half = count / 2;
    let rounded = if scaled >= 0 {
        (scaled + half) / count
    } else {
        (scaled - half) / count
    };
    fixed(rounded, 5)
}

/// A rate in basis points as a percentage with two decimals: `1900` → `19,00`.
pub fn percent(basis_points: u32) -> String {
    fixed(i128::from(basis_points), 2)
}

/// `value / 10^decimals` with exactly `decimals` digits after the comma.
fn fixed(value: i128, decimals: u32) -> String {
    let scale = 10i128.pow(decimals);
    let sign = if value < 0 { "-" } else { "" };
    let value = value.unsigned_abs();
    let scale = scale.unsigned_abs();
    if decimals == 0 {
        return format!("{sign}{value}");
    }
    format!(
        "{sign}{}{DECIMAL_SYMBOL}{:0width$}",
        value / scale,
        value % scale,
        width = decimals as usize
    )
}

/// A time as the standard writes a closing's or a transaction's: RFC 3339 in the
/// store's time zone with its offset, to the second (`2026-11-23T21:00:00+01:00`).
pub fn local_time(at: DateTime<Utc>, timezone: Tz) -> String {
    at.with_timezone(&timezone)
        .format("%Y-%m-%dT%H:%M:%S%:z")
        .to_string()
}

/// A TSE's log time (Unix seconds) as the standard writes it: UTC with milliseconds
/// (`2026-11-23T11:00:00.000Z`).
pub fn tse_time(unix_seconds: i64) -> String {
    DateTime::<Utc>::from_timestamp(unix_seconds, 0)
        .map(|at| at.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
        .unwrap_or_default()
}

/// A day: `2026-11-23`.
pub fn date(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

/// A flag as the standard writes it: `1` or `0`.
pub fn flag(value: bool) -> String {
    if value { "1" } else { "0" }.to_string()
}

/// `text` cut to at most `max` characters (the column's `MaxLength`).
pub fn fit(text: &str, max: u16) -> String {
    text.chars().take(usize::from(max)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_have_a_decimal_comma_and_no_grouping() {
        assert_eq!(amount(123_456), "1234,56");
        assert_eq!(amount(5), "0,05");
        assert_eq!(amount(-150), "-1,50");
        assert_eq!(amount(0), "0,00");
        assert_eq!(quantity(2), "2,000");
        assert_eq!(percent(700), "7,00");
        assert_eq!(unit_amount(1780, 2), "8,90");
        assert_eq!(unit_amount(1000, 3), "3,33333");
        assert_eq!(unit_amount(2000, 3), "6,66667");
        assert_eq!(whole(42u64), "42");
    }

    #[test]
    fn a_text_is_quoted_only_when_it_must_be() {
        let mut row = String::new();
        push_row(
            &mut row,
            &[
                "Pizza".into(),
                "Salat; groß".into(),
                "\"Spezial\"".into(),
                String::new(),
            ],
        );
        assert_eq!(row, "Pizza;\"Salat; groß\";\"\"\"Spezial\"\"\";\r\n");
    }

    #[test]
    fn times_carry_their_offset_and_tse_times_are_utc() {
        let at: DateTime<Utc> = "2026-11-23T20:00:00Z".parse().unwrap();
        assert_eq!(
            local_time(at, chrono_tz::Europe::Berlin),
            "2026-11-23T21:00:00+01:00"
        );
        assert_eq!(tse_time(at.timestamp()), "2026-11-23T20:00:00.000Z");
    }
}
