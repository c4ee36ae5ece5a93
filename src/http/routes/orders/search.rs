//! `GET /admin/orders/search` (owner and staff): an order by its number on a day, the
//! orders of the customers a name or phone number finds (optionally of some days only),
//! or every order of a period; newest first, a page at a time.

use chrono::NaiveDate;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::db::FoundOrders;
use crate::domain::customers::CustomerSearch;
use crate::domain::period::Period;
use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::error::ApiError;
use crate::http::routes::customers::{DEFAULT_PAGE_SIZE, FoundOrderView};

pub struct OrderSearchApi {
    pub state: AppState,
}

/// What a search found, newest first.
#[derive(Debug, Clone, Object)]
pub struct OrderSearchView {
    pub orders: Vec<FoundOrderView>,
    /// Send it as `before` (with the same search) for the next, older page; null: this
    /// is the last page.
    #[oai(nullable)]
    pub next_before: Option<u64>,
    /// For a search by `q`: how many customers' orders are listed (at most 20).
    pub customers: u32,
    /// For a search by `q`: more than 20 customers match, and only the first 20's
    /// orders are listed; a longer name or number finds fewer.
    pub more_customers: bool,
}

fn view(found: &FoundOrders, customers: usize, more_customers: bool) -> OrderSearchView {
    OrderSearchView {
        orders: found.orders.iter().map(FoundOrderView::from).collect(),
        next_before: found.next_before,
        customers: u32::try_from(customers).unwrap_or(u32::MAX),
        more_customers,
    }
}

#[OpenApi]
impl OrderSearchApi {
    /// Search the orders one way: `number` (with its `date`, default today), `q` (a
    /// name or the beginning of a phone number or e-mail address; with `from` and `to`,
    /// only those business days), or `from` and `to` alone (every order of those days).
    /// 400 `invalid` for none or two ways at once, `search_too_long` for a `q` over 100
    /// characters, `period_reversed` and `date_range_too_long` (over 366 days) for the
    /// dates.
    #[oai(path = "/admin/orders/search", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn search(
        &self,
        _staff: StaffAuth,
        /// The order's number on its day.
        #[oai(validator(minimum(value = "1")))]
        number: Query<Option<u32>>,
        /// With `number`: the business day, `YYYY-MM-DD` (default today).
        date: Query<Option<NaiveDate>>,
        /// A name (each word begins a word of the name), the beginning of a phone number
        /// or of an e-mail address.
        q: Query<Option<String>>,
        /// The first business day, `YYYY-MM-DD`.
        from: Query<Option<String>>,
        /// The last business day, `YYYY-MM-DD` (at most 366 days after `from`).
        to: Query<Option<String>>,
        /// Orders per page, 1–200 (default 50).
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))]
        limit: Query<Option<u32>>,
        /// The `next_before` of the page before.
        before: Query<Option<u64>>,
    ) -> Result<Json<OrderSearchView>, ApiError> {
        let limit = limit.0.map_or(DEFAULT_PAGE_SIZE, |limit| limit as usize);
        let db = self.state.shop.db();
        let text = q.0.as_deref().filter(|text| !text.trim().is_empty());
        let period = match (from.0.as_deref(), to.0.as_deref()) {
            (Some(from), Some(to)) => Some(Period::searched(from, to)?),
            (None, None) => None,
            (Some(_), None) => return Err(ApiError::invalid("to", "is required with from")),
            (None, Some(_)) => return Err(ApiError::invalid("from", "is required with to")),
        };
        if let Some(number) = number.0 {
            if text.is_some() || period.is_some() {
                return Err(ApiError::invalid(
                    "number",
                    "search by the number alone (with its date), not with q, from or to",
                ));
            }
            let date = date.0.unwrap_or_else(|| self.state.store_today());
            let found = db.order_by_number(date, number).await?;
            let found = FoundOrders {
                orders: found.into_iter().collect(),
                next_before: None,
            };
            return Ok(Json(view(&found, 0, false)));
        }
        if date.0.is_some() {
            return Err(ApiError::invalid(
                "date",
                "is the day of a number; for other searches give from and to",
            ));
        }
        if let Some(text) = text {
            let Some(search) = CustomerSearch::parse(text, "q")? else {
                return Err(ApiError::invalid(
                    "q",
                    "must contain a name, a phone number or an e-mail address",
                ));
            };
            let found = db
                .orders_of_customers(
                    search,
                    period.map(|period| (period.from, period.to)),
                    before.0,
                    limit,
                )
                .await?;
            return Ok(Json(view(
                &found.found,
                found.customers.len(),
                found.more_customers,
            )));
        }
        let Some(period) = period else {
            return Err(ApiError::invalid(
                "q",
                "say what to search for: number, q, or from and to",
            ));
        };
        let found = db
            .orders_between(period.from, period.to, before.0, limit)
            .await?;
        Ok(Json(view(&found, 0, false)))
    }
}
