//! poem-openapi reads a JSON number or boolean sent for a string field as its text
//! (`"name": false` would make a category called "false"). The text fields of request
//! bodies take JSON strings only, so such a body is a 400 like any other wrong type.
//!
//! Text also loses the invisible characters that reorder or hide what it shows (bidi
//! overrides and isolates, direction marks, zero-width spaces): "Anna\u{202E}gnp.exe"
//! would read differently on the board and the kitchen ticket than what was stored.
//! Secrets (passwords, reset tokens) are taken exactly as sent.

use poem_openapi::types::{ParseError, ParseResult};
use serde_json::Value;

/// A required text field: a JSON string, without hidden marks.
pub fn text(value: Option<Value>) -> ParseResult<String> {
    secret(value).map(|text| without_hidden_marks(&text))
}

/// An optional text field: a JSON string, null, or left out; without hidden marks.
pub fn optional_text(value: Option<Value>) -> ParseResult<Option<String>> {
    optional_secret(value).map(|text| text.map(|text| without_hidden_marks(&text)))
}

/// A required secret: a JSON string, exactly as sent.
pub fn secret(value: Option<Value>) -> ParseResult<String> {
    match value {
        Some(Value::String(text)) => Ok(text),
        other => Err(ParseError::expected_type(other.unwrap_or_default())),
    }
}

/// An optional secret: a JSON string, null, or left out; exactly as sent.
pub fn optional_secret(value: Option<Value>) -> ParseResult<Option<String>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(other) => Err(ParseError::<String>::expected_type(other).propagate()),
    }
}

/// Characters that change the order or the visibility of what follows without showing
/// themselves. Joiners (U+200C, U+200D) stay: scripts and emoji need them.
fn is_hidden_mark(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

pub fn without_hidden_marks(text: &str) -> String {
    text.chars().filter(|c| !is_hidden_mark(*c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_overrides_and_zero_width_spaces_are_dropped_joiners_stay() {
        assert_eq!(
            without_hidden_marks("Anna\u{202E}gnp.exe\u{202C}"),
            "Annagnp.exe"
        );
        assert_eq!(
            without_hidden_marks("Pizza\u{200B} \u{2066}Salami\u{2069}\u{FEFF}"),
            "Pizza Salami"
        );
        assert_eq!(
            without_hidden_marks("👩\u{200D}🍳 Köchin"),
            "👩\u{200D}🍳 Köchin"
        );
        assert_eq!(
            text(Some(Value::String("\u{200F}Hinterhaus".into()))).unwrap(),
            "Hinterhaus"
        );
        assert_eq!(
            secret(Some(Value::String("pass\u{202E}word".into()))).unwrap(),
            "pass\u{202E}word"
        );
    }
}
