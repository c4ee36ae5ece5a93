//! Accounts: the restaurant's owners and staff, and its customers.

use serde::{Deserialize, Serialize};

/// What an account may do. The restaurant's accounts are owners (everything) and staff
/// (the day's orders: the board, phone orders, pausing, a printer's test print, sold
/// out); customers order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Stored and signed as `admin` before staff accounts existed.
    #[serde(alias = "admin")]
    Owner,
    Staff,
    Customer,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Staff => "staff",
            Role::Customer => "customer",
        }
    }

    /// One of the restaurant's accounts (owner or staff), which the admin area serves.
    pub fn is_restaurant(self) -> bool {
        matches!(self, Role::Owner | Role::Staff)
    }

    /// A restaurant account's role by its name on the command line or in a form.
    pub fn of_restaurant(name: &str) -> Option<Role> {
        match name {
            "owner" => Some(Role::Owner),
            "staff" => Some(Role::Staff),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    pub id: u64,
    /// Lower-cased.
    pub email: String,
    pub name: String,
    pub role: Role,
    /// argon2id PHC string.
    pub password_hash: String,
    /// Part of every token; raising it revokes all tokens issued before.
    pub token_version: u32,
    /// Unix seconds.
    pub created_at: i64,
    /// Digits only.
    #[serde(default)]
    pub phone: String,
}

pub const MIN_PASSWORD_CHARS: usize = 8;
pub const MAX_PASSWORD_CHARS: usize = 128;

/// Lower-cases and checks an email address (one `@`, a dot in the domain, no spaces).
pub fn normalize_email(email: &str) -> Result<String, String> {
    let email = email.trim().to_lowercase();
    let valid = email.len() <= 254
        && email.split('@').count() == 2
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        })
        && !email.chars().any(|c| c.is_whitespace() || c.is_control());
    if valid {
        Ok(email)
    } else {
        Err("must be an email address like name@example.com".into())
    }
}

pub fn check_password(password: &str) -> Result<(), String> {
    let length = password.chars().count();
    if length < MIN_PASSWORD_CHARS {
        return Err(format!("must be at least {MIN_PASSWORD_CHARS} characters"));
    }
    if length > MAX_PASSWORD_CHARS {
        return Err(format!("must be at most {MAX_PASSWORD_CHARS} characters"));
    }
    let lowered = password.to_lowercase();
    if COMMON_PASSWORDS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .any(|common| common == lowered)
    {
        return Err("is too common; choose another".into());
    }
    Ok(())
}

/// The passwords attackers try first; refused for new passwords.
const COMMON_PASSWORDS: &str = include_str!("../../assets/common-passwords.txt");

pub const MAX_PHONE_DIGITS: usize = 15;

/// Keeps the digits of a phone number and a leading + (spec §5: at most 15 digits).
pub fn normalize_phone(phone: &str) -> Result<String, String> {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return Err("must contain digits".into());
    }
    if digits.len() > MAX_PHONE_DIGITS {
        return Err(format!("must be at most {MAX_PHONE_DIGITS} digits"));
    }
    // An international number keeps its + (E.164 style): "+49 176 …" is not "49176…".
    let plus = if phone.trim_start().starts_with('+') {
        "+"
    } else {
        ""
    };
    Ok(format!("{plus}{digits}"))
}

/// A person's name: trimmed, 1–100 characters.
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("must not be empty".into());
    }
    if name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err("must be at most 100 characters of text".into());
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalized_and_checked() {
        assert_eq!(
            normalize_email(" Anna@Example.COM ").unwrap(),
            "anna@example.com"
        );
        for bad in [
            "",
            "anna",
            "anna@",
            "@example.com",
            "anna@example",
            "a b@example.com",
            "a@b@c.de",
        ] {
            assert!(normalize_email(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_admin_stored_before_staff_accounts_existed_is_an_owner() {
        let stored: Role = serde_json::from_str("\"admin\"").unwrap();
        assert_eq!(stored, Role::Owner);
        assert_eq!(serde_json::to_string(&Role::Owner).unwrap(), "\"owner\"");
        assert!(Role::Staff.is_restaurant() && !Role::Customer.is_restaurant());
        assert_eq!(Role::of_restaurant("staff"), Some(Role::Staff));
        assert_eq!(Role::of_restaurant("customer"), None);
    }

    #[test]
    fn passwords_have_bounds_and_common_ones_are_refused() {
        assert!(check_password("short").is_err());
        assert!(check_password("long enough").is_ok());
        assert!(check_password(&"x".repeat(129)).is_err());
        assert_eq!(
            check_password("Passwort1"),
            Err("is too common; choose another".into())
        );
        assert!(check_password("12345678").is_err());
    }

    #[test]
    fn phones_keep_digits_only() {
        assert_eq!(
            normalize_phone("+49 (30) 123-456"),
            Ok("+4930123456".into())
        );
        assert_eq!(normalize_phone("030 123-456"), Ok("030123456".into()));
        assert_eq!(
            normalize_phone("030+123"),
            Ok("030123".into()),
            "+ only in front"
        );
        assert_eq!(
            normalize_phone("+123456789012345"),
            Ok("+123456789012345".into()),
            "15 digits and the +"
        );
        assert!(normalize_phone("+").is_err());
        assert!(normalize_phone("call me").is_err());
        assert!(normalize_phone("1234567890123456").is_err());
    }
}
