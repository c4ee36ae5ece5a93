//! What a list of many orders shows of each (the admin's day history): read from the
//! stored order record without the rest of it. serde skips the lines, the customer, the
//! VAT and the history of the record instead of building them, which makes a page of
//! summaries several times cheaper to read than a page of orders. Of the customer it
//! reads the name only (the order search lists it).

use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;

use super::{Order, OrderSource, OrderStatus, OrderType, PaymentMethod, PaymentStatus};

/// The fields of a stored [`Order`] a summary needs, named as the record names them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct OrderSummary {
    pub id: u64,
    pub number: u32,
    pub created_at: DateTime<Utc>,
    pub business_date: NaiveDate,
    pub status: OrderStatus,
    pub order_type: OrderType,
    pub payment: PaymentSummary,
    pub totals: TotalSummary,
    #[serde(default)]
    pub source: OrderSource,
    pub customer: CustomerName,
    /// When the customer's data was removed (see `erasure`).
    #[serde(default)]
    pub anonymised_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CustomerName {
    pub customer_name: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct PaymentSummary {
    pub method: PaymentMethod,
    pub status: PaymentStatus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct TotalSummary {
    pub total_cents: i64,
}

impl From<&Order> for OrderSummary {
    fn from(order: &Order) -> Self {
        OrderSummary {
            id: order.id,
            number: order.number,
            created_at: order.created_at,
            business_date: order.business_date,
            status: order.status,
            order_type: order.order_type,
            payment: PaymentSummary {
                method: order.payment.method,
                status: order.payment.status,
            },
            totals: TotalSummary {
                total_cents: order.totals.total_cents,
            },
            source: order.source,
            customer: CustomerName {
                customer_name: order.customer.customer_name.clone(),
            },
            anonymised_at: order.anonymised_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::printing::test_order::sample_order;

    #[test]
    fn a_stored_order_reads_as_its_summary() {
        let mut order = sample_order();
        order.status = OrderStatus::Rejected;
        order.payment.status = PaymentStatus::Refunded;
        order.source = OrderSource::Phone;
        let stored = serde_json::to_vec(&order).unwrap();
        let summary: OrderSummary = serde_json::from_slice(&stored).unwrap();
        assert_eq!(summary, OrderSummary::from(&order));
        assert_eq!(summary.totals.total_cents, 2730 - 273 + 150 + 25);
    }

    #[test]
    fn a_record_from_before_order_sources_reads_as_online() {
        let mut stored = serde_json::to_value(sample_order()).unwrap();
        stored.as_object_mut().unwrap().remove("source");
        let summary: OrderSummary = serde_json::from_value(stored).unwrap();
        assert_eq!(summary.source, OrderSource::Online);
    }
}
