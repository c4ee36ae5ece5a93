//! Money is integer cents inside; the API shows and accepts euros as JSON numbers.

/// The most a single price may be: 999,99 €.
pub const MAX_PRICE_CENTS: i64 = 99_999;

/// Euros for JSON, e.g. 750 → 7.5.
pub fn cents_to_euros(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// Parses a euro amount sent as a JSON number into cents. Refuses more than two
/// decimals, negatives, NaN and amounts above `max_cents`.
pub fn euros_to_cents(euros: f64, max_cents: i64) -> Result<i64, String> {
    to_hundredths(euros, max_cents).map_err(|problem| match problem {
        Hundredths::TooLarge => format!("must be at most {}", format_euros(max_cents)),
        other => other.message(),
    })
}

/// Parses a percentage such as 7, 19 or 8.1 into basis points (hundredths of a percent).
pub fn percent_to_basis_points(percent: f64) -> Result<u32, String> {
    to_hundredths(percent, 10_000)
        .map(|bp| bp as u32)
        .map_err(|problem| match problem {
            Hundredths::TooLarge => "must be at most 100".into(),
            other => other.message(),
        })
}

enum Hundredths {
    NotANumber,
    TooPrecise,
    Negative,
    TooLarge,
}

impl Hundredths {
    fn message(&self) -> String {
        match self {
            Hundredths::NotANumber => "must be a number",
            Hundredths::TooPrecise => "must have at most two decimals",
            Hundredths::Negative => "must not be negative",
            Hundredths::TooLarge => "is too large",
        }
        .into()
    }
}

fn to_hundredths(value: f64, max: i64) -> Result<i64, Hundredths> {
    if !value.is_finite() {
        return Err(Hundredths::NotANumber);
    }
    let scaled = value * 100.0;
    let rounded = scaled.round();
    if (scaled - rounded).abs() > 1e-6 {
        return Err(Hundredths::TooPrecise);
    }
    if rounded < 0.0 {
        return Err(Hundredths::Negative);
    }
    if rounded > max as f64 {
        return Err(Hundredths::TooLarge);
    }
    Ok(rounded as i64)
}

/// For `skip_serializing_if`: an amount of none.
pub fn is_zero(cents: &i64) -> bool {
    *cents == 0
}

/// German style: 7,50 €.
pub fn format_euros(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{},{:02} €", cents / 100, cents % 100)
}

/// `2350` → `"23.50"`: the decimal string payment APIs expect (never negative here).
pub fn format_amount(cents: i64) -> String {
    let cents = cents.max(0);
    format!("{}.{:02}", cents / 100, cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_for_payment_apis_have_two_decimals() {
        assert_eq!(format_amount(2350), "23.50");
        assert_eq!(format_amount(5), "0.05");
        assert_eq!(format_amount(100000), "1000.00");
    }

    #[test]
    fn euros_become_cents_exactly() {
        assert_eq!(euros_to_cents(7.5, MAX_PRICE_CENTS), Ok(750));
        assert_eq!(euros_to_cents(0.1 + 0.2, MAX_PRICE_CENTS), Ok(30));
        assert_eq!(euros_to_cents(19.99, MAX_PRICE_CENTS), Ok(1999));
        assert_eq!(euros_to_cents(0.0, MAX_PRICE_CENTS), Ok(0));
        assert_eq!(euros_to_cents(999.99, MAX_PRICE_CENTS), Ok(99_999));
    }

    #[test]
    fn bad_amounts_are_refused() {
        assert!(euros_to_cents(1.005, MAX_PRICE_CENTS).is_err());
        assert!(euros_to_cents(-1.0, MAX_PRICE_CENTS).is_err());
        assert!(euros_to_cents(f64::NAN, MAX_PRICE_CENTS).is_err());
        assert!(euros_to_cents(1000.0, MAX_PRICE_CENTS).is_err());
    }

    #[test]
    fn percentages_become_basis_points() {
        assert_eq!(percent_to_basis_points(19.0), Ok(1900));
        assert_eq!(percent_to_basis_points(8.1), Ok(810));
        assert_eq!(
            percent_to_basis_points(100.5),
            Err("must be at most 100".into())
        );
        assert!(percent_to_basis_points(7.123).is_err());
    }

    #[test]
    fn formats_german_style() {
        assert_eq!(format_euros(750), "7,50 €");
        assert_eq!(format_euros(5), "0,05 €");
        assert_eq!(format_euros(-120), "-1,20 €");
    }
}
