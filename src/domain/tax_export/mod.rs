//! The month's records for the tax adviser: every order with its amounts and the VAT
//! per order and rate, as CSV files for a spreadsheet ([`orders_csv`]), or the month's
//! revenue as DATEV bookings ([`datev`]) for the adviser's accounting. Both read the
//! same orders: those whose business day lies in the month.

pub mod datev;
pub mod orders_csv;

use crate::domain::order::PaymentMethod;

/// The file the adviser gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaxFormat {
    /// Two CSV files for a spreadsheet, zipped.
    Csv,
    /// A DATEV Buchungsstapel.
    Datev,
}

impl TaxFormat {
    /// `csv` or `datev`.
    pub fn parse(text: &str) -> Option<TaxFormat> {
        match text.trim() {
            "csv" => Some(TaxFormat::Csv),
            "datev" => Some(TaxFormat::Datev),
            _ => None,
        }
    }
}

/// A payment method as the adviser reads it.
pub fn payment_name(method: PaymentMethod) -> &'static str {
    match method {
        PaymentMethod::Cash => "Bar",
        PaymentMethod::Online => "PayPal",
    }
}

#[cfg(test)]
mod tests;
