//! Field checks shared by the catalog entities.

use super::CatalogError;
use crate::domain::money::{MAX_PRICE_CENTS, format_euros};

pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_DESCRIPTION_CHARS: usize = 500;
pub const SORT_ORDER_RANGE: std::ops::RangeInclusive<i32> = -10_000..=10_000;
pub const MAX_VARIANTS: usize = 20;
pub const MAX_SELECTIONS: u8 = 20;

pub fn name(field: &'static str, value: &str) -> Result<String, CatalogError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(CatalogError::invalid(field, "must not be empty"));
    }
    bounded(field, value, MAX_NAME_CHARS)
}

pub fn optional_text(
    field: &'static str,
    value: Option<&str>,
    max_chars: usize,
) -> Result<Option<String>, CatalogError> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => bounded(field, text, max_chars).map(Some),
    }
}

fn bounded(field: &'static str, value: &str, max_chars: usize) -> Result<String, CatalogError> {
    if value.chars().count() > max_chars {
        return Err(CatalogError::invalid(
            field,
            format!("must be at most {max_chars} characters"),
        ));
    }
    if value.chars().any(|c| c.is_control() && c != '\n') {
        return Err(CatalogError::invalid(
            field,
            "must not contain control characters",
        ));
    }
    Ok(value.to_string())
}

pub fn price(field: &'static str, cents: i64) -> Result<i64, CatalogError> {
    if !(0..=MAX_PRICE_CENTS).contains(&cents) {
        return Err(CatalogError::invalid(
            field,
            format!(
                "must be between 0,00 € and {}",
                format_euros(MAX_PRICE_CENTS)
            ),
        ));
    }
    Ok(cents)
}

/// The ages German youth protection law knows for selling drinks: 16 (beer, wine) and
/// 18 (spirits).
pub fn age_restriction(age: Option<u8>) -> Result<Option<u8>, CatalogError> {
    match age {
        None | Some(16 | 18) => Ok(age),
        Some(_) => Err(CatalogError::invalid(
            "age_restriction",
            "must be 16 or 18 (years), or left out for a product anyone may buy",
        )),
    }
}

pub fn sort_order(value: i32) -> Result<i32, CatalogError> {
    if !SORT_ORDER_RANGE.contains(&value) {
        return Err(CatalogError::invalid(
            "sort_order",
            format!(
                "must be between {} and {}",
                SORT_ORDER_RANGE.start(),
                SORT_ORDER_RANGE.end()
            ),
        ));
    }
    Ok(value)
}

/// A list of names for "used by" messages: the first few, then a count.
pub fn name_list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    let shown: Vec<&str> = names.iter().take(3).copied().collect();
    match names.len() {
        0..=3 => shown.join(", "),
        n => format!("{} and {} more", shown.join(", "), n - 3),
    }
}
