//! What German price labelling (PAngV) asks next to a price: a deposit (Pfand) is shown
//! beside the price, never inside it (§ 7 PAngV, EuGH C-543/21), and goods sold by
//! volume or weight, such as bottled drinks, show the price per litre or kilogram
//! (§ 4 PAngV). A product (or each variant of a variable product) keeps its deposit and
//! its net content; the unit price is computed from the price, so it never drifts.

use serde::{Deserialize, Serialize};

use super::CatalogError;
use crate::domain::money::format_euros;

/// The most a deposit may be: 10,00 € (German deposits are 0,08 € to 3,30 € a crate).
pub const MAX_DEPOSIT_CENTS: i64 = 1_000;
/// The most net content a product may declare: 1000 l or kg.
pub const MAX_CONTENT_MILLI: u32 = 1_000_000;

/// The unit a unit price is per.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ContentUnit {
    /// Litre (drinks).
    L,
    /// Kilogram (packaged goods).
    Kg,
}

impl ContentUnit {
    pub fn as_str(self) -> &'static str {
        match self {
            ContentUnit::L => "l",
            ContentUnit::Kg => "kg",
        }
    }

    pub fn parse(text: &str) -> Option<ContentUnit> {
        match text.trim() {
            "l" | "L" => Some(ContentUnit::L),
            "kg" => Some(ContentUnit::Kg),
            _ => None,
        }
    }
}

/// A product's net content, e.g. 0,33 l: thousandths of the unit, so 330 with `L`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetContent {
    pub milli: u32,
    pub unit: ContentUnit,
}

impl NetContent {
    /// The content as a number of units for the API, e.g. 0.33.
    pub fn amount(self) -> f64 {
        f64::from(self.milli) / 1000.0
    }

    /// The price of one litre or kilogram, rounded half up to the cent.
    pub fn unit_price_cents(self, price_cents: i64) -> i64 {
        let milli = i64::from(self.milli.max(1));
        (price_cents * 1000 * 2 + milli) / (2 * milli)
    }

    /// German style: "0,33 l", "1 kg", "0,5 l".
    pub fn label(self) -> String {
        let whole = self.milli / 1000;
        let fraction = self.milli % 1000;
        let amount = if fraction == 0 {
            whole.to_string()
        } else {
            let digits = format!("{fraction:03}");
            format!("{whole},{}", digits.trim_end_matches('0'))
        };
        format!("{amount} {}", self.unit.as_str())
    }
}

pub fn deposit(field: &'static str, cents: i64) -> Result<i64, CatalogError> {
    if !(0..=MAX_DEPOSIT_CENTS).contains(&cents) {
        return Err(CatalogError::invalid(
            field,
            format!(
                "must be between 0,00 € and {}",
                format_euros(MAX_DEPOSIT_CENTS)
            ),
        ));
    }
    Ok(cents)
}

pub fn net_content(
    field: &'static str,
    content: Option<NetContent>,
) -> Result<Option<NetContent>, CatalogError> {
    match content {
        Some(content) if !(1..=MAX_CONTENT_MILLI).contains(&content.milli) => {
            Err(CatalogError::invalid(
                field,
                "must be more than 0 and at most 1000 (litres or kilograms)",
            ))
        }
        _ => Ok(content),
    }
}

/// Parses an amount of litres or kilograms sent as a JSON number (at most three
/// decimals) into thousandths.
pub fn content_milli(amount: f64) -> Result<u32, String> {
    if !amount.is_finite() {
        return Err("must be a number".into());
    }
    let scaled = amount * 1000.0;
    let rounded = scaled.round();
    if (scaled - rounded).abs() > 1e-6 {
        return Err("must have at most three decimals".into());
    }
    if rounded <= 0.0 || rounded > f64::from(MAX_CONTENT_MILLI) {
        return Err("must be more than 0 and at most 1000 (litres or kilograms)".into());
    }
    Ok(rounded as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn litres(milli: u32) -> NetContent {
        NetContent {
            milli,
            unit: ContentUnit::L,
        }
    }

    #[test]
    fn the_unit_price_is_per_litre_rounded_half_up() {
        // 0,99 € for 0,33 l = 3,00 €/l.
        assert_eq!(litres(330).unit_price_cents(99), 300);
        // 2,50 € for 0,33 l = 7,5757… → 7,58 €/l.
        assert_eq!(litres(330).unit_price_cents(250), 758);
        // 1,49 € for 1,5 l = 0,9933… → 0,99 €/l.
        assert_eq!(litres(1500).unit_price_cents(149), 99);
        // Half a cent rounds up: 0,01 € for 2 l = 0,005 €/l.
        assert_eq!(litres(2000).unit_price_cents(1), 1);
        let rice = NetContent {
            milli: 500,
            unit: ContentUnit::Kg,
        };
        assert_eq!(rice.unit_price_cents(625), 1250);
    }

    #[test]
    fn contents_read_and_print_the_german_way() {
        assert_eq!(litres(330).label(), "0,33 l");
        assert_eq!(litres(500).label(), "0,5 l");
        assert_eq!(litres(1000).label(), "1 l");
        assert_eq!(litres(1250).label(), "1,25 l");
        assert_eq!(content_milli(0.33), Ok(330));
        assert_eq!(content_milli(1.5), Ok(1500));
        assert!(content_milli(0.3333).is_err());
        assert!(content_milli(0.0).is_err());
        assert!(content_milli(-1.0).is_err());
        assert!(content_milli(1000.001).is_err());
    }

    #[test]
    fn deposits_are_bounded() {
        assert_eq!(deposit("deposit", 25), Ok(25));
        assert!(deposit("deposit", -1).is_err());
        assert!(deposit("deposit", 1_001).is_err());
        assert!(net_content("net_content", Some(litres(0))).is_err());
        assert_eq!(net_content("net_content", None), Ok(None));
    }
}
