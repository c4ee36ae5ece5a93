//! poem-openapi reads a JSON number or boolean sent for a string field as its text
//! (`"name": false` would make a category called "false"). The text fields of request
//! bodies take JSON strings only, so such a body is a 400 like any other wrong type.

use poem_openapi::types::{ParseError, ParseResult};
use serde_json::Value;

/// A required text field: a JSON string.
pub fn text(value: Option<Value>) -> ParseResult<String> {
    match value {
        Some(Value::String(text)) => Ok(text),
        other => Err(ParseError::expected_type(other.unwrap_or_default())),
    }
}

/// An optional text field: a JSON string, null, or left out.
pub fn optional_text(value: Option<Value>) -> ParseResult<Option<String>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(other) => Err(ParseError::<String>::expected_type(other).propagate()),
    }
}
