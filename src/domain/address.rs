//! A customer's shipping address (spec §3: type `shipping`, line1, city, zip, country,
//! phone, customer_name, email), plus notes for the driver.

use serde::{Deserialize, Serialize};

use super::store_profile::SettingError;
use super::user::{check_name, normalize_email, normalize_phone};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Address {
    pub id: u64,
    pub user_id: u64,
    pub customer_name: String,
    /// Street and house number.
    pub line1: String,
    pub city: String,
    pub zip: String,
    pub country: String,
    /// Digits only.
    pub phone: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub notes: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressInput {
    pub customer_name: String,
    pub line1: String,
    pub city: String,
    pub zip: String,
    pub country: String,
    pub phone: String,
    pub email: String,
    pub notes: String,
}

fn invalid(field: &'static str, message: impl Into<String>) -> SettingError {
    SettingError {
        field,
        message: message.into(),
    }
}

fn text(
    field: &'static str,
    value: &str,
    max: usize,
    required: bool,
) -> Result<String, SettingError> {
    let value = value.trim();
    if required && value.is_empty() {
        return Err(invalid(field, "must not be empty"));
    }
    if value.chars().count() > max || value.chars().any(|c| c.is_control() && c != '\n') {
        return Err(invalid(
            field,
            format!("must be at most {max} characters of text"),
        ));
    }
    Ok(value.to_string())
}

/// A well-formed postcode: 3–10 letters, digits, spaces or dashes (upper-cased).
pub fn normalize_zip(zip: &str) -> Result<String, String> {
    let zip = zip.trim().to_uppercase();
    if (3..=10).contains(&zip.chars().count())
        && zip
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
    {
        Ok(zip)
    } else {
        Err("must be 3 to 10 letters, digits, spaces or dashes".into())
    }
}

pub fn check_address(id: u64, user_id: u64, input: AddressInput) -> Result<Address, SettingError> {
    let email = if input.email.trim().is_empty() {
        String::new()
    } else {
        normalize_email(&input.email).map_err(|message| invalid("email", message))?
    };
    Ok(Address {
        id,
        user_id,
        customer_name: check_name(&input.customer_name).map_err(|m| invalid("customer_name", m))?,
        line1: text("line1", &input.line1, 200, true)?,
        city: text("city", &input.city, 100, true)?,
        zip: normalize_zip(&input.zip).map_err(|m| invalid("zip", m))?,
        country: text("country", &input.country, 60, false)?,
        phone: normalize_phone(&input.phone).map_err(|m| invalid("phone", m))?,
        email,
        notes: text("notes", &input.notes, 500, false)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> AddressInput {
        AddressInput {
            customer_name: " Max Muster ".into(),
            line1: "Hauptstraße 5".into(),
            city: "Berlin".into(),
            zip: "10115".into(),
            country: "DE".into(),
            phone: "+49 30 1234".into(),
            email: String::new(),
            notes: "3. OG".into(),
        }
    }

    #[test]
    fn an_address_is_cleaned() {
        let address = check_address(1, 7, input()).unwrap();
        assert_eq!(address.customer_name, "Max Muster");
        assert_eq!(address.phone, "+49301234", "international: the + stays");
    }

    type Change = fn(&mut AddressInput);

    #[test]
    fn missing_or_bad_fields_are_named() {
        let cases: [(Change, &str); 5] = [
            (|i| i.line1 = " ".into(), "line1"),
            (|i| i.city = String::new(), "city"),
            (|i| i.zip = "1".into(), "zip"),
            (|i| i.phone = "none".into(), "phone"),
            (|i| i.email = "nope".into(), "email"),
        ];
        for (change, field) in cases {
            let mut i = input();
            change(&mut i);
            assert_eq!(check_address(1, 7, i).unwrap_err().field, field);
        }
    }
}
