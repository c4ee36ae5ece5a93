//! The small rules of the UI's `lib` that every part of the first screen reads the
//! same way: prices (`format-price.ts`), the English-or-German choice (`localized.ts`),
//! and JavaScript's view of JSON values (what JSX writes of a number, what counts as
//! true).

use serde_json::Value;

use crate::config::Language;
use crate::domain::money::format_euros;

/// `formatPrice` (`ui/src/lib/format-price.ts`): euros as the API sends them, e.g.
/// 8.5 → `8,50 €`; rounded in cents (1.005 → `1,01 €`), no thousands separator, a
/// non-finite amount as `0,00 €`.
pub(super) fn format_price(euros: f64) -> String {
    let value = if euros.is_finite() { euros } else { 0.0 };
    let cents = (value.abs() * 100.0 + f64::EPSILON * 100.0).round() as i64;
    format_euros(if value < 0.0 { -cents } else { cents })
}

/// `formatPrice` of a JSON value: a number as euros, anything else as `0,00 €` (what
/// `Number.isFinite` makes of it).
pub(super) fn format_price_of(euros: &Value) -> String {
    format_price(euros.as_f64().unwrap_or(f64::NAN))
}

/// `localized` (`ui/src/lib/localized.ts`): the English text when the UI is English and
/// one is set (not blank), else the German one.
pub(super) fn localized<'a>(
    german: Option<&'a str>,
    english: Option<&'a str>,
    language: Language,
) -> Option<&'a str> {
    match english {
        Some(english) if language == Language::En && !js_trim(english).is_empty() => Some(english),
        _ => german,
    }
}

/// `String.prototype.trim`: JavaScript's white space (with U+FEFF, without U+0085).
pub(super) fn js_trim(text: &str) -> &str {
    text.trim_matches(|c: char| (c.is_whitespace() && c != '\u{85}') || c == '\u{feff}')
}

/// Whether JavaScript counts the value as true (`!value` is false).
pub(super) fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(value) => *value,
        Value::Number(number) => number.as_f64().is_some_and(|n| n != 0.0 && !n.is_nan()),
        Value::String(text) => !text.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

/// A number as JavaScript writes it into text or an attribute: `640`, `0.5`.
pub(super) fn js_number(value: f64) -> String {
    if value.is_nan() {
        "NaN".to_string()
    } else if value.is_infinite() {
        if value > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
    } else if value == value.trunc() && value.abs() < 1e21 {
        format!("{value:.0}")
    } else {
        value.to_string()
    }
}

/// A JSON value as JSX writes it as a child or an attribute: strings as they are,
/// numbers as JavaScript writes them; `None` for what React leaves out.
pub(super) fn js_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => number.as_f64().map(js_number),
        Value::Bool(value) => Some(value.to_string()),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn prices_are_written_like_format_price() {
        assert_eq!(format_price(8.5), "8,50 €");
        assert_eq!(format_price(1.005), "1,01 €");
        assert_eq!(format_price(0.15), "0,15 €");
        assert_eq!(format_price(1234.5), "1234,50 €");
        assert_eq!(format_price(-2.0), "-2,00 €");
        assert_eq!(format_price(-0.001), "0,00 €");
        assert_eq!(format_price(f64::NAN), "0,00 €");
        assert_eq!(format_price_of(&json!("7")), "0,00 €");
    }

    #[test]
    fn english_is_chosen_only_when_set_and_not_blank() {
        assert_eq!(
            localized(Some("Salate"), Some("Salads"), Language::En),
            Some("Salads")
        );
        assert_eq!(
            localized(Some("Salate"), Some("Salads"), Language::De),
            Some("Salate")
        );
        assert_eq!(
            localized(Some("Salate"), Some(" \u{feff}"), Language::En),
            Some("Salate")
        );
        assert_eq!(localized(None, None, Language::En), None);
        assert_eq!(js_trim("\u{85}x\u{a0}"), "\u{85}x");
    }

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        assert_eq!(js_number(640.0), "640");
        assert_eq!(js_number(0.5), "0.5");
        assert_eq!(js_number(-3.0), "-3");
        assert_eq!(js_text(&json!(99)).as_deref(), Some("99"));
        assert_eq!(js_text(&json!(null)), None);
        assert!(!truthy(&json!(0)) && !truthy(&json!("")) && truthy(&json!({})));
    }
}
