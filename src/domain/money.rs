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
    if !euros.is_finite() {
        return Err("must be a number".into());
    }
    let scaled = euros * 100.0;
    let cents = scaled.round();
    if (scaled - cents).abs() > 1e-6 {
        return Err("must have at most two decimals".into());
    }
    if cents < 0.0 {
        return Err("must not be negative".into());
    }
    if cents > max_cents as f64 {
        return Err(format!("must be at most {}", format_euros(max_cents)));
    }
    Ok(cents as i64)
}

/// German style: 7,50 €.
pub fn format_euros(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{},{:02} €", cents / 100, cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn formats_german_style() {
        assert_eq!(format_euros(750), "7,50 €");
        assert_eq!(format_euros(5), "0,05 €");
        assert_eq!(format_euros(-120), "-1,20 €");
    }
}
