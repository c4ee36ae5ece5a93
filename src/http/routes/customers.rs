//! The restaurant's customers (owner and staff): the list, whoever ordered last first,
//! or what a search finds; one customer and their orders; and the callers whose phone
//! number begins with what the staff typed in the phone order form, each with their
//! last address and last order. Read from the customer index (`db/customer_index.rs`).

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde::Serialize;

use crate::db::{Caller, CustomersPage, FoundOrders, SearchCursor};
use crate::domain::customers::{CustomerRecord, CustomerSearch, phone_key};
use crate::domain::error::ErrorCode;
use crate::domain::money::cents_to_euros;
use crate::domain::order::summary::OrderSummary;
use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::error::ApiError;
use crate::http::routes::orders::views::{OrderLineView, OrderSummaryView, line_view};

pub struct CustomersApi {
    pub state: AppState,
}

/// Customers or orders on a page unless the request says otherwise.
pub const DEFAULT_PAGE_SIZE: usize = 50;

/// Callers offered for the digits typed at most.
const MAX_CALLERS: usize = 5;

/// Digits a caller lookup needs at least: fewer would offer half the customers.
const MIN_CALLER_DIGITS: usize = 3;

fn page_size(limit: Option<u32>) -> usize {
    limit.map_or(DEFAULT_PAGE_SIZE, |limit| limit as usize)
}

/// The customer's newest order.
#[derive(Debug, Clone, Object, Serialize)]
pub struct LastOrderView {
    pub id: u64,
    /// Counts from 1 each day.
    pub number: u32,
    pub created_at: DateTime<Utc>,
    /// `YYYY-MM-DD` in the store's time zone.
    pub business_date: NaiveDate,
}

/// The address of the customer's newest delivery.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CustomerAddressView {
    pub line1: String,
    pub zip: String,
    pub city: String,
    /// For the driver; empty when none.
    pub notes: String,
}

/// A customer as their orders show them.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CustomerEntryView {
    pub id: u64,
    /// Name and phone as their newest order has them.
    pub name: String,
    pub phone: String,
    /// Of their newest order that had one; empty when none did.
    pub email: String,
    /// A customer with an account (else a guest, by phone or e-mail).
    pub registered: bool,
    /// Their orders not rejected.
    pub orders: u32,
    /// Their rejected orders (not in `orders` and `total`).
    pub rejected: u32,
    /// The sum of the totals of their orders not rejected, in euros.
    pub total: f64,
    pub last_order: LastOrderView,
    /// Their newest delivery's address; null when they only picked up.
    #[oai(nullable)]
    pub address: Option<CustomerAddressView>,
}

impl From<&CustomerRecord> for CustomerEntryView {
    fn from(customer: &CustomerRecord) -> Self {
        CustomerEntryView {
            id: customer.id,
            name: customer.name.clone(),
            phone: customer.phone.clone(),
            email: customer.email.clone(),
            registered: customer.user_id.is_some(),
            orders: customer.orders,
            rejected: customer.rejected,
            total: cents_to_euros(customer.total_cents),
            last_order: LastOrderView {
                id: customer.last_order.id,
                number: customer.last_order.number,
                created_at: customer.last_order.created_at,
                business_date: customer.last_order.business_date,
            },
            address: customer
                .address
                .as_ref()
                .map(|address| CustomerAddressView {
                    line1: address.line1.clone(),
                    zip: address.zip.clone(),
                    city: address.city.clone(),
                    notes: address.notes.clone(),
                }),
        }
    }
}

/// A page of customers.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CustomersPageView {
    pub customers: Vec<CustomerEntryView>,
    /// Send it as `after` for the next page; null: this is the last page.
    #[oai(nullable)]
    pub next_after: Option<String>,
}

fn page_view<C>(page: &CustomersPage<C>, cursor: impl Fn(&C) -> String) -> CustomersPageView {
    CustomersPageView {
        customers: page.customers.iter().map(CustomerEntryView::from).collect(),
        next_after: page.next.as_ref().map(cursor),
    }
}

/// An order as a search or a customer's list shows it.
#[derive(Debug, Clone, Object, Serialize)]
pub struct FoundOrderView {
    #[oai(flatten)]
    #[serde(flatten)]
    pub summary: OrderSummaryView,
    /// `YYYY-MM-DD` in the store's time zone: the day its number counts in.
    pub business_date: NaiveDate,
    /// The customer's name as the order has it.
    pub customer_name: String,
    /// The customer's data was removed (see the erasure): the name reads "anonymised".
    pub anonymised: bool,
}

impl From<&OrderSummary> for FoundOrderView {
    fn from(order: &OrderSummary) -> Self {
        FoundOrderView {
            summary: OrderSummaryView::from(order),
            business_date: order.business_date,
            customer_name: order.customer.customer_name.clone(),
            anonymised: order.anonymised_at.is_some(),
        }
    }
}

/// A page of orders, newest first.
#[derive(Debug, Clone, Object, Serialize)]
pub struct FoundOrdersView {
    pub orders: Vec<FoundOrderView>,
    /// Send it as `before` for the next, older page; null: this is the last page.
    #[oai(nullable)]
    pub next_before: Option<u64>,
}

impl From<&FoundOrders> for FoundOrdersView {
    fn from(found: &FoundOrders) -> Self {
        FoundOrdersView {
            orders: found.orders.iter().map(FoundOrderView::from).collect(),
            next_before: found.next_before,
        }
    }
}

/// A caller's newest order, to take again.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CallerOrderView {
    pub id: u64,
    pub number: u32,
    pub created_at: DateTime<Utc>,
    /// `delivery` or `pickup`.
    pub order_type: String,
    pub total: f64,
    /// As it was sold: products, variants and extras by id, with their names then.
    pub lines: Vec<OrderLineView>,
}

/// A customer whose phone number begins with the digits typed.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CallerView {
    pub customer: CustomerEntryView,
    /// Null when it could not be read.
    #[oai(nullable)]
    pub last_order: Option<CallerOrderView>,
}

impl From<&Caller> for CallerView {
    fn from(caller: &Caller) -> Self {
        CallerView {
            customer: CustomerEntryView::from(&caller.customer),
            last_order: caller.last_order.as_ref().map(|order| CallerOrderView {
                id: order.id,
                number: order.number,
                created_at: order.created_at,
                order_type: order.order_type.as_str().into(),
                total: cents_to_euros(order.totals.total_cents),
                lines: order.lines.iter().map(line_view).collect(),
            }),
        }
    }
}

/// The cursor of a search's next page: `<customer id>:<search term>`.
fn search_cursor((term, id): &SearchCursor) -> String {
    format!("{id}:{term}")
}

fn parse_search_cursor(text: &str) -> Option<SearchCursor> {
    let (id, term) = text.split_once(':')?;
    Some((term.to_string(), id.parse().ok()?))
}

pub fn customer_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::CustomerNotFound, "No such customer (any more).")
}

#[OpenApi]
impl CustomersApi {
    /// The customers, whoever ordered last first, or those `q` finds (by name, phone
    /// number or e-mail address), a page at a time. Everyone who ordered is a customer:
    /// a registered one by their account, a guest by their phone number (else their
    /// e-mail address). 400 `search_too_long` for more than 100 characters.
    #[oai(path = "/admin/customers", method = "get")]
    async fn customers(
        &self,
        _staff: StaffAuth,
        /// A name (each word begins a word of the name), the beginning of a phone
        /// number, or of an e-mail address (with `@`).
        q: Query<Option<String>>,
        /// Customers per page, 1–200 (default 50).
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))]
        limit: Query<Option<u32>>,
        /// The `next_after` of the page before.
        after: Query<Option<String>>,
    ) -> Result<Json<CustomersPageView>, ApiError> {
        let limit = page_size(limit.0);
        let search = CustomerSearch::parse(q.0.as_deref().unwrap_or(""), "q")?;
        let db = self.state.shop.db();
        let bad_cursor = || ApiError::invalid("after", "must be the next_after of a page");
        Ok(Json(match search {
            Some(search) => {
                let after = after
                    .0
                    .as_deref()
                    .map(|text| parse_search_cursor(text).ok_or_else(bad_cursor))
                    .transpose()?;
                page_view(
                    &db.search_customers(search, after, limit).await?,
                    search_cursor,
                )
            }
            None => {
                let before = after
                    .0
                    .as_deref()
                    .map(|text| text.parse::<u64>().map_err(|_| bad_cursor()))
                    .transpose()?;
                page_view(&db.customers_page(before, limit).await?, u64::to_string)
            }
        }))
    }

    /// The customers whose phone number begins with `phone` (at least 3 digits; `+49`
    /// and `0` are the same), at most 5, each with their last delivery address and last
    /// order: the phone order form offers them while the number is typed.
    #[oai(path = "/admin/customers/callers", method = "get")]
    async fn callers(
        &self,
        _staff: StaffAuth,
        /// What was typed so far.
        phone: Query<String>,
    ) -> Result<Json<Vec<CallerView>>, ApiError> {
        let search = CustomerSearch::parse(&phone.0, "phone")?;
        let digits = match search {
            Some(CustomerSearch::Phone(_)) => phone_key(&phone.0),
            _ => {
                return Err(ApiError::invalid(
                    "phone",
                    "must be the digits of a phone number",
                ));
            }
        };
        if digits.chars().filter(char::is_ascii_digit).count() < MIN_CALLER_DIGITS {
            return Err(ApiError::invalid("phone", "needs at least 3 digits"));
        }
        let callers = self.state.shop.db().callers(digits, MAX_CALLERS).await?;
        Ok(Json(callers.iter().map(CallerView::from).collect()))
    }

    /// One customer. 404 `customer_not_found` for a customer who no longer has orders
    /// (their data was erased).
    #[oai(path = "/admin/customers/:id", method = "get")]
    async fn customer(
        &self,
        _staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Json<CustomerEntryView>, ApiError> {
        let customer = self
            .state
            .shop
            .db()
            .customer(id.0)
            .await?
            .ok_or_else(customer_not_found)?;
        Ok(Json(CustomerEntryView::from(&customer)))
    }

    /// A customer's orders, newest first, a page at a time (rejected ones too).
    #[oai(path = "/admin/customers/:id/orders", method = "get")]
    async fn customer_orders(
        &self,
        _staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// Orders per page, 1–200 (default 50).
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))]
        limit: Query<Option<u32>>,
        /// The `next_before` of the page before: the orders placed before that order.
        before: Query<Option<u64>>,
    ) -> Result<Json<FoundOrdersView>, ApiError> {
        let db = self.state.shop.db();
        if db.customer(id.0).await?.is_none() {
            return Err(customer_not_found());
        }
        let found = db
            .customer_orders(id.0, before.0, page_size(limit.0))
            .await?;
        Ok(Json(FoundOrdersView::from(&found)))
    }
}
