//! The restaurant corrects an accepted order (owner and staff): cancel it with a
//! reason, the payment refunded in full or the cash marked as not due.

use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::order::Actor;
use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::error::ApiError;
use crate::http::routes::orders::views::AdminOrderView;

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

#[OpenApi]
impl OrderCorrectionsApi {
    /// Cancel an accepted order that is not completed yet, with a reason. An order
    /// paid through PayPal is refunded in full first: when PayPal does not refund,
    /// nothing changes (503 `refund_failed`). A cash order owes nothing any more. The
    /// kitchen ticket and the receipt print again marked "STORNIERT", the customer's
    /// status page and mail say so, and with the cloud TSE a Storno receipt is signed.
    /// 409 `invalid_transition` for an order waiting, rejected, completed or cancelled;
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
