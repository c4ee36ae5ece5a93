//! Optimistic concurrency for the records the admin area edits (products, categories and
//! the other catalog records, the store settings, delivery zones, discounts, printers).
//!
//! A record's version is a hash of its stored form, the JSON its database record holds:
//! it changes with every change of the record and with nothing else. A write may name
//! the version it was made on (a [`Precondition`]); the database compares it with the
//! current version inside the write's own transaction, so no other write can come in
//! between, and refuses with [`EditConflict`] (nothing written) when they differ.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};

/// A record's version: 16 hex digits (the first 64 bits of the SHA-256 of its JSON).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EditVersion(String);

/// Feeds what serde writes straight into the hash.
struct HashWriter(Sha256);

impl std::io::Write for HashWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl EditVersion {
    /// The version of `record`, hashed from the same JSON the database stores for it.
    pub fn of<T: Serialize>(record: &T) -> EditVersion {
        let mut hash = HashWriter(Sha256::new());
        if let Err(error) = serde_json::to_writer(&mut hash, record) {
            // Unreachable for the records versioned here (plain structs, no maps with
            // non-string keys), whose storing would fail the same way; the error's text
            // keeps such a version apart from every real record's.
            hash.0.update(error.to_string().as_bytes());
        }
        let digest = hash.0.finalize();
        EditVersion(
            digest[..8]
                .iter()
                .map(|byte| format!("{byte:02x}"))
                .collect(),
        )
    }

    /// A version as a client sent it back (compared as it is; a made-up one matches
    /// nothing).
    pub fn from_client(text: &str) -> EditVersion {
        EditVersion(text.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for EditVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a write expects of the record it changes. A write without one changes the
/// record whatever its version (the menu import, older clients).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Precondition {
    /// The record is at one of these versions (HTTP `If-Match: "…"`).
    OneOf(Vec<EditVersion>),
    /// The record exists, at any version (`If-Match: *`).
    Exists,
    /// The record does not exist yet (`If-None-Match: *`): it is set only once.
    Absent,
}

impl Precondition {
    /// Whether the record, at `current` (`None`: there is none), is as expected.
    pub fn check(&self, current: Option<&EditVersion>) -> Result<(), EditConflict> {
        let holds = match (self, current) {
            (Precondition::OneOf(versions), Some(current)) => versions.contains(current),
            (Precondition::Exists, Some(_)) | (Precondition::Absent, None) => true,
            (Precondition::OneOf(_) | Precondition::Exists, None)
            | (Precondition::Absent, Some(_)) => false,
        };
        if holds {
            Ok(())
        } else {
            Err(EditConflict {
                current: current.cloned(),
            })
        }
    }
}

/// Checks `precondition`, if any, against `record` as it is stored now (`None`: there
/// is none).
pub fn check<T: Serialize>(
    precondition: Option<&Precondition>,
    record: Option<&T>,
) -> Result<(), EditConflict> {
    match precondition {
        Some(precondition) => precondition.check(record.map(EditVersion::of).as_ref()),
        None => Ok(()),
    }
}

/// Someone else changed the record after the caller loaded it: nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.sentence())]
pub struct EditConflict {
    /// The record's version now; `None` when it has been removed meanwhile.
    pub current: Option<EditVersion>,
}

impl EditConflict {
    fn sentence(&self) -> String {
        match &self.current {
            Some(current) => format!(
                "Someone else changed it after you loaded it, so nothing was saved. Load the current version ({current}) to see their change, then make yours again."
            ),
            None => "Someone else changed it after you loaded it: it has been removed meanwhile, so nothing was saved.".into(),
        }
    }
}

impl PublicError for EditConflict {
    fn code(&self) -> ErrorCode {
        ErrorCode::EditConflict
    }

    fn status(&self) -> ErrorStatus {
        ErrorStatus::Conflict
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        self.current
            .iter()
            .map(|current| ("current_version", current.to_string()))
            .collect()
    }
}

/// A refused change of an admin's record: its own rules, or a stale version.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditRefusal<E> {
    #[error(transparent)]
    Invalid(E),
    #[error(transparent)]
    Conflict(#[from] EditConflict),
}

impl<E: PublicError> PublicError for EditRefusal<E> {
    fn code(&self) -> ErrorCode {
        match self {
            EditRefusal::Invalid(error) => error.code(),
            EditRefusal::Conflict(conflict) => conflict.code(),
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            EditRefusal::Invalid(error) => error.status(),
            EditRefusal::Conflict(conflict) => conflict.status(),
        }
    }

    fn field(&self) -> Option<&str> {
        match self {
            EditRefusal::Invalid(error) => error.field(),
            EditRefusal::Conflict(conflict) => conflict.field(),
        }
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            EditRefusal::Invalid(error) => error.params(),
            EditRefusal::Conflict(conflict) => conflict.params(),
        }
    }

    fn detail(&self) -> String {
        match self {
            EditRefusal::Invalid(error) => error.detail(),
            EditRefusal::Conflict(conflict) => conflict.detail(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Zone {
        postcode: &'static str,
        fee_cents: i64,
    }

    #[test]
    fn a_version_follows_the_content_and_only_the_content() {
        let zone = |fee_cents| Zone {
            postcode: "10115",
            fee_cents,
        };
        let version = EditVersion::of(&zone(150));
        assert_eq!(version.as_str().len(), 16);
        assert!(version.as_str().chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(version, EditVersion::of(&zone(150)));
        assert_ne!(version, EditVersion::of(&zone(200)));
        let stored = Sha256::digest(br#"{"postcode":"10115","fee_cents":150}"#);
        let hex: String = stored[..8].iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(version.as_str(), hex, "the hash of the stored JSON");
    }

    #[test]
    fn each_precondition_holds_only_for_what_it_names() {
        let (a, b) = (EditVersion::from_client("a"), EditVersion::from_client("b"));
        let one_of = Precondition::OneOf(vec![a.clone(), b.clone()]);
        assert_eq!(one_of.check(Some(&b)), Ok(()));
        let other = EditVersion::from_client("c");
        assert_eq!(
            one_of.check(Some(&other)),
            Err(EditConflict {
                current: Some(other.clone())
            })
        );
        assert_eq!(one_of.check(None), Err(EditConflict { current: None }));
        assert_eq!(Precondition::Exists.check(Some(&a)), Ok(()));
        assert!(Precondition::Exists.check(None).is_err());
        assert_eq!(Precondition::Absent.check(None), Ok(()));
        assert_eq!(
            Precondition::Absent.check(Some(&a)),
            Err(EditConflict {
                current: Some(a.clone())
            })
        );
        assert_eq!(check::<Zone>(None, None), Ok(()), "no precondition");
    }

    #[test]
    fn a_conflict_names_the_current_version() {
        let conflict = EditConflict {
            current: Some(EditVersion::from_client("0123456789abcdef")),
        };
        assert_eq!(conflict.code(), ErrorCode::EditConflict);
        assert_eq!(conflict.status(), ErrorStatus::Conflict);
        assert_eq!(
            conflict.params(),
            vec![("current_version", "0123456789abcdef".to_string())]
        );
        assert!(conflict.detail().contains("changed it"));
        assert!(EditConflict { current: None }.params().is_empty());
    }
}
