//! The restaurant corrects an accepted order (owner and staff): cancel it with a
//! reason, the payment refunded in full or the cash marked as not due; or change its
//! lines, what was paid too much refunded.

use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::order::Actor;
use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::error::ApiError;
use crate::http::routes::orders::checkout::line_requests;
use crate::http::routes::orders::views::{AdminOrderView, LineBody};

pub struct OrderCorrectionsApi {
    pub state: AppState,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct CancelBody {
    /// Shown to the customer and printed on the ticket, 1–300 characters.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub reason: Option<String>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ChangeLinesBody {
    /// Every line the order shall have (at least one): a line the order has (same
    /// product, variant and extras) keeps its price with the new quantity, any other is
    /// priced from the current menu.
    pub lines: Option<Vec<LineBody>>,
    /// Shown to the customer and printed on the ticket, 1–300 characters.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub reason: Option<String>,
}

#[OpenApi]
impl OrderCorrectionsApi {
    /// Change an accepted or completed order's lines (remove or replace a dish that ran
    /// out, change a quantity; a complaint after completion only takes items off: 409
    /// `completed_order_grows`), with a reason. Totals, discount and VAT are recomputed
    /// by the order's rules (its discount rate and delivery fee); an order paid through
    /// PayPal gets the difference refunded first (503 `refund_failed`: nothing changed),
    /// a completed cash delivery or pickup gets it back in cash (`refunded`), and a paid
    /// order may not get dearer (409 `paid_total_raised`). The kitchen ticket prints
    /// again (not for a completed order) marked "GEÄNDERT", the customer's status page
    /// and mail say so, and with the cloud TSE the Storno of the old receipt and the new
    /// receipt are signed. 400 `invalid` (`lines`) when nothing changes; a new line the
    /// menu cannot sell is refused like in the checkout (409 `sold_out`, …); 409
    /// `invalid_transition` and `day_closed` as for a cancellation.
    #[oai(path = "/admin/orders/:id/lines", method = "put")]
    async fn change_lines(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<ChangeLinesBody>,
    ) -> Result<Json<AdminOrderView>, ApiError> {
        let lines = line_requests(body.0.lines.as_deref())?;
        let reason = crate::http::error::required("reason", body.0.reason)?;
        let order = self
            .state
            .shop
            .change_order_lines(id.0, lines, &reason, &Actor::staff(&staff.0))
            .await?;
        tracing::info!(staff = staff.0.id, order = order.id, "order lines changed");
        Ok(Json(AdminOrderView::from(&order)))
    }

    /// Cancel an accepted order, also a completed one (a complaint), with a reason. An
    /// order paid through PayPal is refunded in full first: when PayPal does not refund,
    /// nothing changes (503 `refund_failed`). A cash order owes nothing any more; a
    /// completed delivery or pickup gets its cash back from the till (`refunded`). The
    /// kitchen ticket (not for a completed order) and the receipt print again marked
    /// "STORNIERT", the customer's status page and mail say so, and with the cloud TSE a
    /// Storno receipt is signed. 409 `invalid_transition` for an order waiting, rejected or cancelled;
    /// 409 `day_closed` once its business day has its daily closing.
    #[oai(path = "/admin/orders/:id/cancel", method = "post")]
    async fn cancel(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<CancelBody>,
    ) -> Result<Json<AdminOrderView>, ApiError> {
        let reason = crate::http::error::required("reason", body.0.reason)?;
        let order = self
            .state
            .shop
            .cancel_order(id.0, &reason, &Actor::staff(&staff.0))
            .await?;
        tracing::info!(staff = staff.0.id, order = order.id, "order cancelled");
        Ok(Json(AdminOrderView::from(&order)))
    }
}
