//! The restaurant's side: the open orders, a day's history, and the answers — accept
//! with an estimated time, reject with a reason (refunding a paid order), later steps.

use chrono::NaiveDate;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::order::{Actor, OrderStatus};
use crate::domain::printing::TicketKind;
use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::direct_json::DirectJson;
use crate::http::error::ApiError;
use crate::http::routes::orders::checkout::accept_minutes;
use crate::http::routes::orders::correction_view::AdminOrderPageView;
use crate::http::routes::orders::views::{
    AdminOrderView, OpenOrdersView, OrderDayView, OrderSummaryDayView, day_view, open_orders_view,
    summary_day_view,
};
use crate::shop::order_not_found;

pub struct OrdersAdminApi {
    pub state: AppState,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct AcceptBody {
    /// Minutes until the order is ready (pickup) or at the door (delivery), 5–240.
    pub minutes: Option<i64>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct RejectBody {
    /// Shown to the customer, 1–300 characters.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub reason: Option<String>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct StatusBody {
    /// `preparing`, `out_for_delivery`, `ready_for_pickup` or `completed`.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub status: Option<String>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct PrintBody {
    /// `kitchen` (the kitchen ticket), `receipt` (the customer's receipt); null or
    /// absent: both.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub document: Option<String>,
}

#[derive(Debug, Object)]
pub struct PrintQueuedView {
    /// Documents queued (one per printer and document); they print within seconds.
    pub queued: u32,
}

/// Orders on a page of the board or the history unless the request says otherwise.
pub const DEFAULT_PAGE_SIZE: usize = 100;

/// The asked page size (checked to be 1–200 by the route) or the default.
fn page_size(limit: Option<u32>) -> usize {
    limit.map_or(DEFAULT_PAGE_SIZE, |limit| limit as usize)
}

impl OrdersAdminApi {
    /// The asked business day, or today in the store's time zone.
    fn business_day(&self, asked: Option<NaiveDate>) -> NaiveDate {
        asked.unwrap_or_else(|| self.state.store_today())
    }
}

fn parse_status(text: &str) -> Option<OrderStatus> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

#[OpenApi]
impl OrdersAdminApi {
    /// Orders not yet rejected or completed, oldest first (the orders board), a page at
    /// a time, with the number of orders waiting for an answer and its limit.
    #[oai(path = "/admin/orders/open", method = "get")]
    async fn open_orders(
        &self,
        _staff: StaffAuth,
        /// Orders per page, 1–200 (default 100).
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))]
        limit: Query<Option<u32>>,
        /// The `next_after` of the page before: the orders after that order.
        after: Query<Option<u64>>,
    ) -> Result<DirectJson<OpenOrdersView>, ApiError> {
        let page = self
            .state
            .shop
            .db()
            .open_orders_page(after.0, page_size(limit.0))
            .await?;
        Ok(DirectJson(open_orders_view(
            &page,
            self.state.config.orders.max_waiting,
        )))
    }

    /// One business day's orders (default: today), newest first, a page at a time,
    /// with the count and revenue of the whole day.
    #[oai(path = "/admin/orders", method = "get")]
    async fn orders_on(
        &self,
        _staff: StaffAuth,
        /// `YYYY-MM-DD` in the store's time zone.
        date: Query<Option<NaiveDate>>,
        /// Orders per page, 1–200 (default 100).
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))]
        limit: Query<Option<u32>>,
        /// The `next_before` of the page before: the day's orders placed before that
        /// order.
        before: Query<Option<u64>>,
    ) -> Result<DirectJson<OrderDayView>, ApiError> {
        let date = self.business_day(date.0);
        let page = self
            .state
            .shop
            .db()
            .day_orders_page(date, before.0, page_size(limit.0))
            .await?;
        Ok(DirectJson(day_view(date, &page)))
    }

    /// The summaries of one business day's orders (what the history lists of each),
    /// newest first, a page at a time, with the count and revenue of the whole day:
    /// like `GET /admin/orders` at a fraction of its size and time.
    #[oai(path = "/admin/orders/summaries", method = "get")]
    async fn summaries_on(
        &self,
        _staff: StaffAuth,
        /// `YYYY-MM-DD` in the store's time zone.
        date: Query<Option<NaiveDate>>,
        /// Orders per page, 1–200 (default 100).
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))]
        limit: Query<Option<u32>>,
        /// The `next_before` of the page before: the day's orders placed before that
        /// order.
        before: Query<Option<u64>>,
    ) -> Result<DirectJson<OrderSummaryDayView>, ApiError> {
        let date = self.business_day(date.0);
        let page = self
            .state
            .shop
            .db()
            .day_summaries_page(date, before.0, page_size(limit.0))
            .await?;
        Ok(DirectJson(summary_day_view(date, &page)))
    }

    /// One order, and whether its business day is closed (then it can no longer be
    /// cancelled or changed).
    #[oai(path = "/admin/orders/:id", method = "get")]
    async fn order(
        &self,
        _staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Json<AdminOrderPageView>, ApiError> {
        let db = self.state.shop.db();
        let order = db.order(id.0).await?.ok_or_else(order_not_found)?;
        let day_closed = db.day_is_closed(order.business_date).await?;
        Ok(Json(AdminOrderPageView {
            order: AdminOrderView::from(&order),
            day_closed,
        }))
    }

    /// Accept a waiting order with the estimated minutes.
    #[oai(path = "/admin/orders/:id/accept", method = "post")]
    async fn accept(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<AcceptBody>,
    ) -> Result<Json<AdminOrderView>, ApiError> {
        let minutes = accept_minutes(body.0.minutes)?;
        let order = self
            .state
            .shop
            .accept(id.0, minutes, &Actor::staff(&staff.0))
            .await?;
        tracing::info!(
            staff = staff.0.id,
            order = order.id,
            minutes,
            "order accepted"
        );
        Ok(Json(AdminOrderView::from(&order)))
    }

    /// Accept every pre-order still waiting (at the opening), each ready at its time;
    /// answers the ones accepted now.
    #[oai(path = "/admin/orders/accept-preorders", method = "post")]
    async fn accept_preorders(
        &self,
        staff: StaffAuth,
    ) -> Result<Json<Vec<AdminOrderView>>, ApiError> {
        let orders = self
            .state
            .shop
            .accept_waiting_preorders(&Actor::staff(&staff.0))
            .await?;
        tracing::info!(
            staff = staff.0.id,
            count = orders.len(),
            "waiting pre-orders accepted"
        );
        Ok(Json(orders.iter().map(AdminOrderView::from).collect()))
    }

    /// Reject a waiting order with a reason; a paid order is refunded through PayPal.
    #[oai(path = "/admin/orders/:id/reject", method = "post")]
    async fn reject(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<RejectBody>,
    ) -> Result<Json<AdminOrderView>, ApiError> {
        let reason = crate::http::error::required("reason", body.0.reason)?;
        let order = self
            .state
            .shop
            .reject(id.0, &reason, &Actor::staff(&staff.0))
            .await?;
        tracing::info!(staff = staff.0.id, order = order.id, "order rejected");
        Ok(Json(AdminOrderView::from(&order)))
    }

    /// Move an accepted order on: preparing, out for delivery / ready for pickup,
    /// completed.
    #[oai(path = "/admin/orders/:id/status", method = "post")]
    async fn set_status(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<StatusBody>,
    ) -> Result<Json<AdminOrderView>, ApiError> {
        let text = crate::http::error::required("status", body.0.status)?;
        let status = parse_status(&text).ok_or_else(|| {
            ApiError::invalid(
                "status",
                "must be preparing, out_for_delivery, ready_for_pickup or completed",
            )
        })?;
        let order = self
            .state
            .shop
            .advance(id.0, status, &Actor::staff(&staff.0))
            .await?;
        tracing::info!(staff = staff.0.id, order = order.id, status = %text, "order status changed");
        Ok(Json(AdminOrderView::from(&order)))
    }

    /// Print an accepted order's kitchen ticket, receipt or both again (owner and
    /// staff), marked "NACHDRUCK" so the kitchen does not cook it twice; also once the
    /// order is finished. 409 `invalid_transition` for an order never accepted, 409
    /// `no_printer` when no printer switched on prints the document.
    #[oai(path = "/admin/orders/:id/print", method = "post")]
    async fn print_again(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<PrintBody>,
    ) -> Result<Json<PrintQueuedView>, ApiError> {
        let kinds = match body.0.document.as_deref() {
            None => vec![TicketKind::Kitchen, TicketKind::Receipt],
            Some("kitchen") => vec![TicketKind::Kitchen],
            Some("receipt") => vec![TicketKind::Receipt],
            Some(_) => {
                return Err(ApiError::invalid("document", "must be kitchen or receipt"));
            }
        };
        let queued = self.state.shop.reprint(id.0, kinds).await?;
        tracing::info!(
            staff = staff.0.id,
            order = id.0,
            queued,
            "documents printed again"
        );
        Ok(Json(PrintQueuedView {
            queued: u32::try_from(queued).unwrap_or(u32::MAX),
        }))
    }
}
