//! Orders as the API shows them (euros, rates in percent, UTC timestamps) and the
//! request bodies customers send. A request names only choices: prices, totals and
//! statuses are unknown fields and refused.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::{Enum, Object};
use serde::Serialize;

use super::correction_view::CorrectionView;
use super::tse_view::TseView;
use crate::db::{DayOrdersPage, DaySummariesPage, OpenOrdersPage};
use crate::domain::money::cents_to_euros;
use crate::domain::order::OrderType;
use crate::domain::order::lines::{AllergenRef, PricedExtra, PricedLine};
use crate::domain::order::summary::OrderSummary;
use crate::domain::order::{AUTO_REJECT_REASON, Actor, Order, PaymentMethod, PaymentStatus};
use crate::domain::vat::VatLine;
use crate::http::direct_json;
use crate::shop::checkout::QuotedOrder;

/// `delivery` or `pickup`, in a body or a query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "OrderType", rename_all = "lowercase")]
pub enum OrderTypeBody {
    Delivery,
    Pickup,
    /// At a table: needs `table` (from the table's QR code).
    #[oai(rename = "dine_in")]
    DineIn,
}

impl From<OrderTypeBody> for OrderType {
    fn from(value: OrderTypeBody) -> Self {
        match value {
            OrderTypeBody::Delivery => OrderType::Delivery,
            OrderTypeBody::Pickup => OrderType::Pickup,
            OrderTypeBody::DineIn => OrderType::DineIn,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum PaymentMethodBody {
    Cash,
    Online,
}

#[derive(Debug, Clone, Object)]
#[oai(deny_unknown_fields)]
pub struct ExtraBody {
    pub topping_id: u64,
    /// 1 to 10.
    pub quantity: i64,
}

#[derive(Debug, Clone, Object)]
#[oai(deny_unknown_fields)]
pub struct LineBody {
    pub product_id: u64,
    /// The chosen variant of a `variable` product; null for simple products.
    #[oai(nullable)]
    pub variant_id: Option<u64>,
    #[oai(default)]
    pub extras: Vec<ExtraBody>,
    /// 1 to 99.
    pub quantity: i64,
}

/// A guest's address (spec §3 guest shipping address).
#[derive(Debug, Clone, Object)]
#[oai(deny_unknown_fields)]
pub struct ShippingAddressBody {
    /// Always `shipping`.
    #[oai(rename = "type")]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub kind: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub customer_name: Option<String>,
    /// Street and house number.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub line1: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub city: Option<String>,
    /// Required for delivery.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub zip: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub country: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub phone: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub email: Option<String>,
    /// For the driver ("Hinterhaus, 3. OG"), at most 500 characters.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub notes: Option<String>,
}

/// What the customer chose.
#[derive(Debug, Clone, Object)]
#[oai(deny_unknown_fields)]
pub struct OrderBody {
    pub order_type: Option<OrderTypeBody>,
    pub lines: Option<Vec<LineBody>>,
    /// Signed-in customers: one of their saved addresses.
    pub address_id: Option<u64>,
    /// Guests: where to deliver, or the contact for pickup.
    pub shipping_address: Option<ShippingAddressBody>,
    pub payment_method: Option<PaymentMethodBody>,
    /// Online payments: the approved PayPal order.
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub paypal_order_id: Option<String>,
    /// A pre-order time from `GET /stores/{id}/slots`; null = as soon as possible.
    #[oai(nullable)]
    pub preorder_at: Option<DateTime<Utc>>,
    /// For the kitchen or the driver, at most 500 characters.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub note: Option<String>,
    /// The `quote_id` of the quote the customer was shown (`POST /orders/quote`): the
    /// order is placed only if it still costs exactly that, else 409 `quote_changed`.
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub quote_id: Option<String>,
    /// The customer confirms being old enough for the age-restricted products in the
    /// order (the quote's `age_restriction`); without it such an order answers 400
    /// `age_confirmation_required`.
    #[oai(nullable)]
    pub age_confirmed: Option<bool>,
    /// Cash orders: the amount the customer pays with ("Ich zahle mit"), in euros, so
    /// the driver brings the change; at least the total (else 400
    /// `cash_given_below_total`), at most 1000. Null: not said.
    #[oai(nullable)]
    pub cash_given: Option<f64>,
    /// Online payments: the customer's tip for the team, in euros (at most 100), added
    /// to the total and outside the VAT base; with cash it is refused (400). Null or 0:
    /// none.
    #[oai(nullable)]
    pub tip: Option<f64>,
    /// A coupon code (letters, digits, `-`; case does not matter): the server checks it
    /// and takes off what it gives (the quote's `coupon`), or refuses the order with a
    /// `coupon_*` code. Null or empty: none.
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub coupon_code: Option<String>,
    /// `dine_in` only, and required there: the table and the secret from its QR code
    /// (`GET /tables/{id}?key=…`). A wrong, rotated or inactive one answers 404
    /// `table_unknown`.
    #[oai(nullable)]
    pub table: Option<OrderTableBody>,
}

/// The table a dine-in order is for, as its QR code names it.
#[derive(Debug, Clone, Object)]
#[oai(deny_unknown_fields)]
pub struct OrderTableBody {
    pub id: u64,
    /// The secret from the QR code.
    pub key: String,
}

/// What an order would cost if it were placed now: the server's own price for exactly
/// the body it was asked about.
#[derive(Debug, Clone, Object)]
pub struct QuoteView {
    /// Send it with the order to have it placed at this price only.
    pub quote_id: String,
    pub order_type: String,
    /// A dine-in order: its table's label; null otherwise.
    #[oai(nullable)]
    pub table: Option<String>,
    /// The delivery address's postcode (delivery only).
    #[oai(nullable)]
    pub postcode: Option<String>,
    #[oai(nullable)]
    pub preorder_at: Option<DateTime<Utc>>,
    pub lines: Vec<OrderLineView>,
    pub subtotal: f64,
    pub discount_percentage: f64,
    pub discount: f64,
    pub delivery_fee: f64,
    /// The lines' deposits (Pfand), charged on top of the goods: total = subtotal −
    /// discount + delivery_fee + deposit + tip.
    pub deposit: f64,
    /// The customer's tip for the team (online payments), outside the VAT base; 0: none.
    pub tip: f64,
    /// The coupon applied (upper case); null: none.
    #[oai(nullable)]
    pub coupon_code: Option<String>,
    /// What the coupon took off (after the discount; free delivery: the fee); 0: none.
    pub coupon: f64,
    pub total: f64,
    /// The highest minimum age among the products (16 or 18): placing the order needs
    /// `age_confirmed`. Null: none.
    #[oai(nullable)]
    pub age_restriction: Option<u8>,
}

impl QuoteView {
    pub fn of(
        quoted: &QuotedOrder,
        order_type: OrderType,
        preorder_at: Option<DateTime<Utc>>,
    ) -> QuoteView {
        let quote = &quoted.priced.quote;
        let zip = &quoted.priced.customer.zip;
        QuoteView {
            quote_id: quoted.quote_id.clone(),
            order_type: order_type.as_str().to_string(),
            table: quoted.priced.table.clone(),
            postcode: (order_type == OrderType::Delivery && !zip.is_empty()).then(|| zip.clone()),
            preorder_at,
            lines: quote.lines.iter().map(line_view).collect(),
            subtotal: cents_to_euros(quote.totals.subtotal_cents),
            discount_percentage: percent(quote.discount_basis_points),
            discount: cents_to_euros(quote.totals.discount_cents),
            delivery_fee: cents_to_euros(quote.totals.delivery_fee_cents),
            deposit: cents_to_euros(quote.totals.deposit_cents),
            tip: cents_to_euros(quote.totals.tip_cents),
            coupon_code: quote.coupon.as_ref().map(|coupon| coupon.code.clone()),
            coupon: cents_to_euros(quote.totals.coupon_cents),
            total: cents_to_euros(quote.totals.total_cents),
            age_restriction: quote.age_restriction(),
        }
    }
}

#[derive(Debug, Clone, Object)]
pub struct PaypalOrderView {
    pub paypal_order_id: String,
    pub amount: f64,
    pub currency: String,
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct AllergenView {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct OrderExtraView {
    pub topping_id: u64,
    pub name: String,
    pub price: f64,
    pub quantity: u32,
    pub allergens: Vec<AllergenView>,
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct OrderLineView {
    pub product_id: u64,
    #[oai(nullable)]
    pub variant_id: Option<u64>,
    pub name: String,
    pub unit_price: f64,
    pub quantity: u32,
    pub extras: Vec<OrderExtraView>,
    pub tax_percentage: f64,
    pub allergens: Vec<AllergenView>,
    /// The goods: unit price and extras times quantity, without the deposit.
    pub total: f64,
    /// The deposit (Pfand) per unit, charged beside `total`; 0: none.
    pub deposit: f64,
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct VatView {
    pub percentage: f64,
    pub gross: f64,
    pub net: f64,
    pub vat: f64,
}

impl From<&VatLine> for VatView {
    fn from(line: &VatLine) -> VatView {
        VatView {
            percentage: percent(line.rate_basis_points),
            gross: cents_to_euros(line.gross_cents),
            net: cents_to_euros(line.net_cents),
            vat: cents_to_euros(line.vat_cents),
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct CustomerView {
    pub customer_name: String,
    pub line1: String,
    pub city: String,
    pub zip: String,
    pub country: String,
    pub phone: String,
    pub email: String,
    /// For the driver (from the saved address or the guest's form).
    pub notes: String,
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct StatusChangeView {
    pub status: String,
    #[serde(serialize_with = "direct_json::rfc3339")]
    pub at: DateTime<Utc>,
    pub note: String,
    /// Who made the change; only the restaurant sees it (null in the customer's view,
    /// and for steps of orders from before it was kept).
    #[oai(nullable)]
    pub by: Option<ActorView>,
}

/// Who made a change of an order: `customer` (placed it online), `staff` (a restaurant
/// account, owner or staff, with its id and its name then) or `automatic` (nobody
/// answered in time).
#[derive(Debug, Clone, Object, Serialize)]
pub struct ActorView {
    pub kind: String,
    #[oai(nullable)]
    pub user_id: Option<u64>,
    #[oai(nullable)]
    pub name: Option<String>,
}

impl From<&Actor> for ActorView {
    fn from(actor: &Actor) -> Self {
        let (kind, user_id, name) = match actor {
            Actor::Customer => ("customer", None, None),
            Actor::Staff { user_id, name } => ("staff", Some(*user_id), Some(name.clone())),
            Actor::Automatic => ("automatic", None, None),
        };
        ActorView {
            kind: kind.into(),
            user_id,
            name,
        }
    }
}

/// An order as its customer sees it.
#[derive(Debug, Clone, Object, Serialize)]
pub struct OrderView {
    pub id: u64,
    /// Counts from 1 each day.
    pub number: u32,
    /// The secret of the order's status link.
    pub token: String,
    #[serde(serialize_with = "direct_json::rfc3339")]
    pub created_at: DateTime<Utc>,
    #[serde(serialize_with = "direct_json::date")]
    pub business_date: NaiveDate,
    /// `waiting_for_confirmation`, `accepted`, `rejected`, `preparing`,
    /// `out_for_delivery`, `ready_for_pickup`, `completed` or `cancelled` (by the
    /// restaurant after accepting it; see `corrections`).
    pub status: String,
    /// `delivery`, `pickup` or `dine_in`.
    pub order_type: String,
    /// A dine-in order: the label of its table ("12", "Terrasse 3"); null otherwise.
    #[oai(nullable)]
    pub table: Option<String>,
    pub payment_method: String,
    /// `cash_due`, `paid`, `refunded`, `refund_failed` or `cancelled` (a cash order the
    /// restaurant cancelled: nothing is due).
    pub payment_status: String,
    #[oai(nullable)]
    #[serde(serialize_with = "direct_json::optional_rfc3339")]
    pub preorder_at: Option<DateTime<Utc>>,
    pub note: String,
    pub customer: CustomerView,
    pub lines: Vec<OrderLineView>,
    pub subtotal: f64,
    pub discount_percentage: f64,
    pub discount: f64,
    pub delivery_fee: f64,
    /// The lines' deposits (Pfand), charged on top of the goods: total = subtotal −
    /// discount + delivery_fee + deposit + tip.
    pub deposit: f64,
    /// The customer's tip for the team (online payments), outside the VAT base; 0: none.
    pub tip: f64,
    /// The coupon applied (upper case); null: none.
    #[oai(nullable)]
    pub coupon_code: Option<String>,
    /// What the coupon took off (after the discount; free delivery: the fee); 0: none.
    pub coupon: f64,
    pub total: f64,
    pub vat: Vec<VatView>,
    #[oai(nullable)]
    pub estimated_minutes: Option<u16>,
    #[oai(nullable)]
    #[serde(serialize_with = "direct_json::optional_rfc3339")]
    pub estimated_ready_at: Option<DateTime<Utc>>,
    /// The staff's reason, as they wrote it; for an order nobody answered in time the
    /// fixed English sentence (see `rejected_by`).
    #[oai(nullable)]
    pub rejection_reason: Option<String>,
    /// Who rejected it: `staff` (with their reason) or `no_one` (nobody answered in
    /// time; say so in the reader's language).
    #[oai(nullable)]
    pub rejected_by: Option<String>,
    pub history: Vec<StatusChangeView>,
    /// `online` (the storefront) or `phone` (taken by the staff).
    pub source: String,
    /// When the customer's personal data was removed (name, street, phone, e-mail and
    /// note then read `anonymised` or are empty); amounts and VAT are kept.
    #[oai(nullable)]
    #[serde(serialize_with = "direct_json::optional_rfc3339")]
    pub anonymised_at: Option<DateTime<Utc>>,
    /// The highest minimum age among the products (16 or 18): the customer confirmed
    /// it and the driver or counter checks an ID. Null: none.
    #[oai(nullable)]
    pub age_restriction: Option<u8>,
    /// The cloud TSE's data for the receipt (fiscal mode `tse`); null otherwise.
    #[oai(nullable)]
    pub tse: Option<TseView>,
    /// Cash orders: what the customer pays with; null when not said.
    #[oai(nullable)]
    pub cash_given: Option<f64>,
    /// The change to bring: `cash_given` less the total; null when not said.
    #[oai(nullable)]
    pub change_due: Option<f64>,
    /// What the restaurant corrected after accepting it (cancelled, lines changed),
    /// oldest first; empty for most orders.
    pub corrections: Vec<CorrectionView>,
}

/// An order as the restaurant sees it.
#[derive(Debug, Clone, Object, Serialize)]
pub struct AdminOrderView {
    #[oai(flatten)]
    #[serde(flatten)]
    pub order: OrderView,
    #[oai(nullable)]
    pub user_id: Option<u64>,
    #[oai(nullable)]
    pub paypal_order_id: Option<String>,
    #[oai(nullable)]
    pub capture_id: Option<String>,
    #[oai(nullable)]
    pub refund_id: Option<String>,
    /// Why the refund failed, as an error code (`payment_unavailable`,
    /// `payment_failed`; orders from older versions carry PayPal's sentence). The
    /// reconciliation tries again every hour.
    #[oai(nullable)]
    pub refund_error: Option<String>,
    /// When the order is rejected unless someone answers first.
    #[oai(nullable)]
    #[serde(serialize_with = "direct_json::optional_rfc3339")]
    pub auto_reject_at: Option<DateTime<Utc>>,
}

/// A page of one business day's orders, with the figures of the whole day.
#[derive(Debug, Clone, Object, Serialize)]
pub struct OrderDayView {
    #[serde(serialize_with = "direct_json::date")]
    pub date: NaiveDate,
    /// Newest first.
    pub orders: Vec<AdminOrderView>,
    /// The day's orders not rejected (all pages).
    pub count: u32,
    /// Sum of the totals of the day's orders not rejected (all pages).
    pub revenue: f64,
    /// Send it as `before` for the next, older page; null: this is the day's last page.
    #[oai(nullable)]
    pub next_before: Option<u64>,
}

/// What the day's history lists of an order; `GET /admin/orders/{id}` has the rest.
#[derive(Debug, Clone, Object, Serialize)]
pub struct OrderSummaryView {
    pub id: u64,
    /// Counts from 1 each day.
    pub number: u32,
    #[serde(serialize_with = "direct_json::rfc3339")]
    pub created_at: DateTime<Utc>,
    /// As in an order's `status`.
    pub status: String,
    pub order_type: String,
    pub payment_method: String,
    /// `cash_due`, `paid`, `refunded`, `refund_failed` or `cancelled` (a cash order the
    /// restaurant cancelled: nothing is due).
    pub payment_status: String,
    pub total: f64,
    /// `online` (the storefront) or `phone` (taken by the staff).
    pub source: String,
}

impl From<&OrderSummary> for OrderSummaryView {
    fn from(order: &OrderSummary) -> Self {
        OrderSummaryView {
            id: order.id,
            number: order.number,
            created_at: order.created_at,
            status: order.status.as_str().into(),
            order_type: order.order_type.as_str().into(),
            payment_method: payment_method_str(order.payment.method).into(),
            payment_status: payment_status_str(order.payment.status).into(),
            total: cents_to_euros(order.totals.total_cents),
            source: order.source.as_str().into(),
        }
    }
}

/// A page of the summaries of one business day's orders, with the figures of the
/// whole day.
#[derive(Debug, Clone, Object, Serialize)]
pub struct OrderSummaryDayView {
    #[serde(serialize_with = "direct_json::date")]
    pub date: NaiveDate,
    /// Newest first.
    pub orders: Vec<OrderSummaryView>,
    /// The day's orders not rejected (all pages).
    pub count: u32,
    /// Sum of the totals of the day's orders not rejected (all pages).
    pub revenue: f64,
    /// Send it as `before` for the next, older page; null: this is the day's last page.
    #[oai(nullable)]
    pub next_before: Option<u64>,
}

/// A page of the open orders (the board).
#[derive(Debug, Clone, Object, Serialize)]
pub struct OpenOrdersView {
    /// Oldest first.
    pub orders: Vec<AdminOrderView>,
    /// Send it as `after` for the next page; null: no more open orders.
    #[oai(nullable)]
    pub next_after: Option<u64>,
    /// Orders waiting for the restaurant's accept or reject, on all pages.
    pub waiting: u64,
    /// How many may wait at once (`orders.max_waiting`); from then on new online
    /// orders are refused until some are answered.
    pub waiting_limit: u32,
}

fn percent(basis_points: u32) -> f64 {
    f64::from(basis_points) / 100.0
}

fn allergens(list: &[AllergenRef]) -> Vec<AllergenView> {
    list.iter()
        .map(|a| AllergenView {
            code: a.code.clone(),
            name: a.name.clone(),
        })
        .collect()
}

fn extra_view(extra: &PricedExtra) -> OrderExtraView {
    OrderExtraView {
        topping_id: extra.topping_id,
        name: extra.name.clone(),
        price: cents_to_euros(extra.price_cents),
        quantity: extra.quantity,
        allergens: allergens(&extra.allergens),
    }
}

pub fn line_view(line: &PricedLine) -> OrderLineView {
    OrderLineView {
        product_id: line.product_id,
        variant_id: line.variant_id,
        name: line.name.clone(),
        unit_price: cents_to_euros(line.unit_price_cents),
        quantity: line.quantity,
        extras: line.extras.iter().map(extra_view).collect(),
        tax_percentage: percent(line.tax_basis_points),
        allergens: allergens(&line.allergens),
        total: cents_to_euros(line.total_cents),
        deposit: cents_to_euros(line.deposit_cents),
    }
}

pub fn payment_method_str(method: PaymentMethod) -> &'static str {
    match method {
        PaymentMethod::Cash => "cash",
        PaymentMethod::Online => "online",
    }
}

pub fn payment_status_str(status: PaymentStatus) -> &'static str {
    match status {
        PaymentStatus::CashDue => "cash_due",
        PaymentStatus::Paid => "paid",
        PaymentStatus::Refunded => "refunded",
        PaymentStatus::RefundFailed => "refund_failed",
        PaymentStatus::Cancelled => "cancelled",
    }
}

impl From<&Order> for OrderView {
    fn from(order: &Order) -> Self {
        let c = &order.customer;
        OrderView {
            id: order.id,
            number: order.number,
            token: order.token.clone(),
            created_at: order.created_at,
            business_date: order.business_date,
            status: order.status.as_str().into(),
            order_type: order.order_type.as_str().into(),
            payment_method: payment_method_str(order.payment.method).into(),
            payment_status: payment_status_str(order.payment.status).into(),
            preorder_at: order.preorder_at,
            note: order.note.clone(),
            customer: CustomerView {
                customer_name: c.customer_name.clone(),
                line1: c.line1.clone(),
                city: c.city.clone(),
                zip: c.zip.clone(),
                country: c.country.clone(),
                phone: c.phone.clone(),
                email: c.email.clone(),
                notes: c.notes.clone(),
            },
            lines: order.lines.iter().map(line_view).collect(),
            subtotal: cents_to_euros(order.totals.subtotal_cents),
            discount_percentage: percent(order.discount_basis_points),
            discount: cents_to_euros(order.totals.discount_cents),
            delivery_fee: cents_to_euros(order.totals.delivery_fee_cents),
            deposit: cents_to_euros(order.totals.deposit_cents),
            tip: cents_to_euros(order.totals.tip_cents),
            coupon_code: order.coupon.as_ref().map(|coupon| coupon.code.clone()),
            coupon: cents_to_euros(order.totals.coupon_cents),
            table: order.table.clone(),
            total: cents_to_euros(order.totals.total_cents),
            vat: order.vat.iter().map(VatView::from).collect(),
            estimated_minutes: order.estimated_minutes,
            estimated_ready_at: order.estimated_ready_at,
            rejection_reason: order.rejection_reason.clone(),
            rejected_by: order.rejection_reason.as_deref().map(|reason| {
                if reason == AUTO_REJECT_REASON {
                    "no_one".into()
                } else {
                    "staff".into()
                }
            }),
            history: order
                .history
                .iter()
                .map(|change| StatusChangeView {
                    status: change.status.as_str().into(),
                    at: change.at,
                    note: change.note.clone(),
                    by: None,
                })
                .collect(),
            source: order.source.as_str().into(),
            anonymised_at: order.anonymised_at,
            age_restriction: order.age_restriction(),
            tse: order.tse.as_ref().map(TseView::from),
            cash_given: order.cash_given_cents.map(cents_to_euros),
            change_due: order.change_due_cents().map(cents_to_euros),
            corrections: order.corrections.iter().map(CorrectionView::from).collect(),
        }
    }
}

impl From<&Order> for AdminOrderView {
    fn from(order: &Order) -> Self {
        let mut view = OrderView::from(order);
        for (change, stored) in view.history.iter_mut().zip(&order.history) {
            change.by = stored.by.as_ref().map(ActorView::from);
        }
        for (correction, stored) in view.corrections.iter_mut().zip(&order.corrections) {
            correction.by = Some(ActorView::from(&stored.by));
        }
        AdminOrderView {
            order: view,
            user_id: order.user_id,
            paypal_order_id: order.payment.paypal_order_id.clone(),
            capture_id: order.payment.capture_id.clone(),
            refund_id: order.payment.refund_id.clone(),
            refund_error: order.payment.refund_error.clone(),
            auto_reject_at: order.auto_reject_at,
        }
    }
}

/// A page of a day's orders with the count and revenue of the whole day.
pub fn day_view(date: NaiveDate, page: &DayOrdersPage) -> OrderDayView {
    OrderDayView {
        date,
        orders: page.orders.iter().map(AdminOrderView::from).collect(),
        count: page.count,
        revenue: cents_to_euros(page.revenue_cents),
        next_before: page.next_before,
    }
}

/// A page of the summaries of a day's orders with the count and revenue of the day.
pub fn summary_day_view(date: NaiveDate, page: &DaySummariesPage) -> OrderSummaryDayView {
    OrderSummaryDayView {
        date,
        orders: page.orders.iter().map(OrderSummaryView::from).collect(),
        count: page.count,
        revenue: cents_to_euros(page.revenue_cents),
        next_before: page.next_before,
    }
}

/// A page of the open orders with the count of those waiting and its limit.
pub fn open_orders_view(page: &OpenOrdersPage, waiting_limit: u32) -> OpenOrdersView {
    OpenOrdersView {
        orders: page.orders.iter().map(AdminOrderView::from).collect(),
        next_after: page.next_after,
        waiting: page.waiting,
        waiting_limit,
    }
}
