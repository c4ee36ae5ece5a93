//! Optimistic concurrency over HTTP (see `domain::edit_version`). A record the admin
//! area edits answers with its version: the strong `ETag` of a single record's answer
//! (`"3f0c…"`) and the `version` of each record in a list. A write sends it back in
//! `If-Match`; when the record has changed meanwhile the write answers 409
//! `edit_conflict` (with `params.current_version`) and changes nothing. A write without
//! `If-Match` changes the record whatever its version, as before (the command line's
//! menu import, older clients). `If-None-Match: *` sets a record only while it does not
//! exist yet (a discount set for the first time).

use poem_openapi::payload::Json;
use poem_openapi::types::{ParseFromJSON, ToJSON};
use poem_openapi::{ApiResponse, Object};
use serde::Serialize;

use crate::domain::edit_version::{EditVersion, Precondition};
use crate::http::error::ApiError;

/// The header value naming `version`: a strong entity tag.
pub fn etag(version: &impl std::fmt::Display) -> String {
    format!("\"{version}\"")
}

fn malformed(header: &str, problem: &str) -> ApiError {
    ApiError::invalid(header, problem)
}

/// One entity tag of `If-Match`, quoted as the `ETag` header has it or bare as the
/// `version` field has it.
fn opaque_tag(tag: &str) -> Result<&str, ApiError> {
    let bare = match tag.strip_prefix('"') {
        Some(quoted) => quoted
            .strip_suffix('"')
            .ok_or_else(|| malformed("If-Match", "an entity tag lacks its closing quote"))?,
        None => tag,
    };
    let allowed = |c: char| c.is_ascii_graphic() && c != '"' && c != ',';
    if bare.is_empty() || !bare.chars().all(allowed) {
        return Err(malformed(
            "If-Match",
            "must be *, or the record's ETag (or version), or several of them separated by commas",
        ));
    }
    Ok(bare)
}

/// What the `If-Match` and `If-None-Match` headers of a write ask for: `None` without
/// either (changed whatever the version). `*` in `If-Match` accepts any version of an
/// existing record; a weak tag (`W/"…"`) never matches, as `If-Match` compares strongly.
pub fn precondition(
    if_match: Option<&str>,
    if_none_match: Option<&str>,
) -> Result<Option<Precondition>, ApiError> {
    match (if_match, if_none_match) {
        (Some(_), Some(_)) => Err(malformed(
            "If-None-Match",
            "send either If-Match or If-None-Match, not both",
        )),
        (None, Some(value)) if value.trim() == "*" => Ok(Some(Precondition::Absent)),
        (None, Some(_)) => Err(malformed(
            "If-None-Match",
            "only * (set it only while it does not exist yet) is understood on a write",
        )),
        (Some(value), None) if value.trim() == "*" => Ok(Some(Precondition::Exists)),
        (Some(value), None) => {
            let mut versions = Vec::new();
            for tag in value.split(',').map(str::trim) {
                match tag.strip_prefix("W/") {
                    Some(weak) => {
                        opaque_tag(weak)?;
                    }
                    None => versions.push(EditVersion::from_client(opaque_tag(tag)?)),
                }
            }
            Ok(Some(Precondition::OneOf(versions)))
        }
        (None, None) => Ok(None),
    }
}

/// The precondition of a write that takes `If-Match` only.
pub fn if_match(value: Option<&str>) -> Result<Option<Precondition>, ApiError> {
    precondition(value, None)
}

/// A record as the admin area lists and edits it: its fields and its `version`, which a
/// change sends back in `If-Match`.
#[derive(Debug, Clone, Object, Serialize)]
pub struct Versioned<T: ParseFromJSON + ToJSON> {
    #[oai(flatten)]
    #[serde(flatten)]
    pub record: T,
    /// The record's version (also the `ETag` of a write's answer); send it back in
    /// `If-Match` to change the record only while nobody else has.
    pub version: String,
}

impl<T: ParseFromJSON + ToJSON> Versioned<T> {
    /// `record`'s view with the version of `stored`, the record as the database holds it.
    pub fn of<S: Serialize>(stored: &S, record: T) -> Versioned<T> {
        Versioned {
            record,
            version: EditVersion::of(stored).to_string(),
        }
    }

    /// The `ETag` header naming this version.
    pub fn etag(&self) -> String {
        etag(&self.version)
    }
}

/// The answer of a write that keeps the record: the record with its new version, which
/// the `ETag` header names too.
#[derive(ApiResponse)]
pub enum Saved<T: ToJSON + Send> {
    /// Saved.
    #[oai(status = 200)]
    Ok(
        Json<T>,
        /// The record's new version.
        #[oai(header = "ETag")]
        String,
    ),
}

impl<T: ParseFromJSON + ToJSON + Send> Saved<Versioned<T>> {
    pub fn record(record: Versioned<T>) -> Saved<Versioned<T>> {
        let etag = record.etag();
        Saved::Ok(Json(record), etag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(if_match: &str) -> Option<Precondition> {
        if_match_ok(precondition(Some(if_match), None))
    }

    fn if_match_ok(result: Result<Option<Precondition>, ApiError>) -> Option<Precondition> {
        match result {
            Ok(precondition) => precondition,
            Err(error) => panic!("refused: {error:?}"),
        }
    }

    fn version(text: &str) -> EditVersion {
        EditVersion::from_client(text)
    }

    #[test]
    fn if_match_names_quoted_or_bare_versions_or_any() {
        assert_eq!(
            parsed("\"0a1b\""),
            Some(Precondition::OneOf(vec![version("0a1b")]))
        );
        assert_eq!(
            parsed(" \"0a1b\" , 2c3d ,W/\"9e\""),
            Some(Precondition::OneOf(vec![version("0a1b"), version("2c3d")])),
            "a list; the weak tag never matches"
        );
        assert_eq!(parsed("*"), Some(Precondition::Exists));
        assert_eq!(if_match_ok(precondition(None, None)), None);
        assert_eq!(
            if_match_ok(precondition(None, Some("*"))),
            Some(Precondition::Absent)
        );
    }

    #[test]
    fn malformed_preconditions_are_refused() {
        for (if_match, if_none_match) in [
            (Some("\"open"), None),
            (Some(""), None),
            (Some("\"a b\""), None),
            (Some("a,,b"), None),
            (None, Some("\"0a1b\"")),
            (Some("*"), Some("*")),
        ] {
            assert!(
                precondition(if_match, if_none_match).is_err(),
                "{if_match:?} {if_none_match:?}"
            );
        }
    }

    #[test]
    fn the_etag_is_the_version_quoted() {
        assert_eq!(etag(&version("0a1b")), "\"0a1b\"");
    }
}
