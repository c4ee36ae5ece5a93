//! What the restaurant corrected after accepting an order, as the customer and the
//! restaurant see it: cancelled or changed, when, why, what was given back, and the
//! TSE data of the Storno receipt and of the new one; and the order's page, which says
//! whether the order can still be corrected.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;

use super::tse_view::TseView;
use super::views::{ActorView, AdminOrderView};
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
    /// Given back: through PayPal for an online payment, in cash from the till for a
    /// completed cash order (0 when nothing was paid yet).
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

/// One order as its page shows it: the order, and whether its business day is closed.
#[derive(Debug, Clone, Object, Serialize)]
pub struct AdminOrderPageView {
    #[oai(flatten)]
    #[serde(flatten)]
    pub order: AdminOrderView,
    /// The order's business day has its daily closing: the order can no longer be
    /// cancelled or changed.
    pub day_closed: bool,
}
