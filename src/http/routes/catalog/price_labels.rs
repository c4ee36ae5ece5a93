//! The deposit, net content and unit price (PAngV) as the API shows and accepts them:
//! euros for money, litres or kilograms as a number for the content.

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};

use crate::domain::catalog::price_labels::{MAX_DEPOSIT_CENTS, content_milli};
use crate::domain::catalog::{ContentUnit, NetContent};
use crate::domain::money::{cents_to_euros, euros_to_cents};
use crate::http::error::ApiError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename = "ContentUnit", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ContentUnitView {
    L,
    Kg,
}

/// The content a unit price is computed from, e.g. `{"amount": 0.33, "unit": "l"}`.
#[derive(Debug, Clone, Copy, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename = "NetContent")]
pub struct NetContentView {
    /// Litres or kilograms, more than 0, at most 1000, at most three decimals.
    pub amount: f64,
    pub unit: ContentUnitView,
}

impl From<NetContent> for NetContentView {
    fn from(content: NetContent) -> Self {
        NetContentView {
            amount: content.amount(),
            unit: match content.unit {
                ContentUnit::L => ContentUnitView::L,
                ContentUnit::Kg => ContentUnitView::Kg,
            },
        }
    }
}

/// The three fields a product or variant shows beside its price.
pub struct LabelViews {
    pub deposit: Option<f64>,
    pub net_content: Option<NetContentView>,
    pub unit_price: Option<f64>,
}

pub fn label_views(
    price_cents: i64,
    deposit_cents: i64,
    net_content: Option<NetContent>,
) -> LabelViews {
    LabelViews {
        deposit: (deposit_cents > 0).then(|| cents_to_euros(deposit_cents)),
        net_content: net_content.map(NetContentView::from),
        unit_price: net_content
            .map(|content| cents_to_euros(content.unit_price_cents(price_cents))),
    }
}

/// A deposit sent in euros; `None` (or 0) is none.
pub fn deposit_cents(field: &str, euros: Option<f64>) -> Result<i64, ApiError> {
    euros.map_or(Ok(0), |euros| {
        euros_to_cents(euros, MAX_DEPOSIT_CENTS)
            .map_err(|message| ApiError::invalid(field, &message))
    })
}

pub fn net_content(
    field: &str,
    content: Option<NetContentView>,
) -> Result<Option<NetContent>, ApiError> {
    content
        .map(|content| {
            let milli = content_milli(content.amount)
                .map_err(|message| ApiError::invalid(field, &message))?;
            Ok(NetContent {
                milli,
                unit: match content.unit {
                    ContentUnitView::L => ContentUnit::L,
                    ContentUnitView::Kg => ContentUnit::Kg,
                },
            })
        })
        .transpose()
}
