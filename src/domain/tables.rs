//! The restaurant's tables for ordering at the table (dine-in): each has a label the
//! guests and the kitchen read ("12", "Terrasse 3") and a secret its QR code carries,
//! so nobody orders to a table by guessing its number. Rotating the secret makes every
//! printed code of the table stop working at once.

use base64::Engine;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::secret::same_secret;

/// The most characters a table's label may have.
pub const MAX_LABEL_CHARS: usize = 20;
/// Random bytes of a table's secret: 128 bits.
pub const SECRET_BYTES: usize = 16;

/// A table as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiningTable {
    pub id: u64,
    /// 1–20 characters, unique among the tables (case does not matter).
    pub label: String,
    /// An inactive table takes no orders; its QR code answers like an unknown one.
    pub active: bool,
    /// [`SECRET_BYTES`] random bytes, base64url without padding.
    pub secret: String,
    pub created_at: DateTime<Utc>,
}

/// What a guest's order or lookup names: the table and the secret from its QR code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableKey {
    pub id: u64,
    pub key: String,
}

/// The label trimmed and checked: 1 to [`MAX_LABEL_CHARS`] characters of text.
pub fn check_label(text: &str) -> Result<String, String> {
    let label = text.trim();
    let chars = label.chars().count();
    if chars == 0 || chars > MAX_LABEL_CHARS || label.chars().any(char::is_control) {
        return Err(format!("must be 1 to {MAX_LABEL_CHARS} characters of text"));
    }
    Ok(label.to_string())
}

/// Whether two labels name the same table (case does not matter).
pub fn same_label(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// A secret from [`SECRET_BYTES`] random bytes.
pub fn secret_from(random: [u8; SECRET_BYTES]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random)
}

/// The table a guest may order at with `key`: active, and the key its current secret.
/// An unknown table, an inactive one and a wrong key are all `None` alike.
pub fn admit(table: Option<DiningTable>, key: &str) -> Option<DiningTable> {
    let table = table?;
    // Compared before `active` is looked at, so both answers take the same time.
    let matches = same_secret(key, &table.secret);
    (matches && table.active).then_some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(active: bool) -> DiningTable {
        DiningTable {
            id: 3,
            label: "12".into(),
            active,
            secret: secret_from([7; SECRET_BYTES]),
            created_at: "2026-11-29T10:00:00Z".parse().unwrap(),
        }
    }

    #[test]
    fn labels_are_trimmed_and_at_most_twenty_characters() {
        assert_eq!(check_label("  Terrasse 3 ").unwrap(), "Terrasse 3");
        assert_eq!(
            check_label("Ä".repeat(20).as_str()).unwrap(),
            "Ä".repeat(20)
        );
        assert!(check_label(&"x".repeat(21)).is_err());
        assert!(check_label("   ").is_err());
        assert!(check_label("a\tb").is_err());
        assert!(same_label("Terrasse 3", "TERRASSE 3"));
        assert!(!same_label("1", "12"));
    }

    #[test]
    fn a_secret_is_128_bits_in_base64url() {
        let secret = secret_from([0xfb; SECRET_BYTES]);
        assert_eq!(secret.len(), 22);
        assert!(
            secret
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
    }

    #[test]
    fn only_an_active_table_with_its_secret_admits() {
        let key = secret_from([7; SECRET_BYTES]);
        assert_eq!(admit(Some(table(true)), &key).unwrap().label, "12");
        assert!(admit(Some(table(false)), &key).is_none());
        assert!(admit(Some(table(true)), &secret_from([8; SECRET_BYTES])).is_none());
        assert!(admit(Some(table(true)), &key[..21]).is_none());
        assert!(admit(Some(table(true)), "").is_none());
        assert!(admit(None, &key).is_none());
    }
}
