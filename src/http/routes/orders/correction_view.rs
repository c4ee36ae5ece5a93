//! What the restaurant corrected after accepting an order, as the customer and the
//! restaurant see it: cancelled or changed, when, why, what PayPal gave back, and the
//! TSE data of the Storno receipt and of the new one.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;

use super::tse_view::TseView;
use super::views::ActorView;
use crate::domain::money::cents_to_euros;
use crate::domain::order::correction::Correction;
use crate::http::direct_json;

/// One correction of an accepted order, oldest first.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CorrectionView {
    /// `cancelled` (the whole order) or `changed` (lines removed, replaced or their
    /// quantities changed).
    pub kind: String,
    #[serde(serialize_with = "direct_json::rfc3339")]
    pub at: DateTime<Utc>,
    /// The restaurant's reason, as written.
    pub reason: String,
    /// The order's total before the correction.
    pub previous_total: f64,
    /// Given back through PayPal (0 for cash).
    pub refunded: f64,
    /// Who made it; only the restaurant sees it (null in the customer's view).
    #[oai(nullable)]
    pub by: Option<ActorView>,
    /// The TSE data of the Storno receipt that reverses the earlier one (fiscal mode
    /// `tse`); null otherwise.
    #[oai(nullable)]
    pub storno_tse: Option<TseView>,
    /// A change: the TSE data of the new receipt; null otherwise.
    #[oai(nullable)]
    pub receipt_tse: Option<TseView>,
}

impl From<&Correction> for CorrectionView {
    fn from(correction: &Correction) -> Self {
        CorrectionView {
            kind: correction.kind.as_str().into(),
            at: correction.at,
            reason: correction.reason.clone(),
            previous_total: cents_to_euros(correction.reversed.totals.total_cents),
            refunded: cents_to_euros(correction.refunded_cents),
            by: None,
            storno_tse: correction.storno_tse.as_ref().map(TseView::from),
            receipt_tse: correction.receipt_tse.as_ref().map(TseView::from),
        }
    }
}
