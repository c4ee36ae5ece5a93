//! The month's orders as two CSV files a German spreadsheet opens as they are (Excel
//! with German settings): `;` between columns, the decimal comma, UTF-8 with a byte
//! order mark, CRLF. `bestellungen.csv`: one row per order (a rejected order with its
//! status and no amounts: it was never a sale; `Brutto` is the sale, a tip its own
//! column); `umsatzsteuer.csv`: one row per order
//! and VAT rate of the orders that count. The columns of both are defined once here.

use chrono_tz::Tz;

use super::payment_name;
use crate::domain::fiscal::dsfinvk::format::{amount, percent, push_row};
use crate::domain::fiscal::signing::OrderTse;
use crate::domain::order::{Order, OrderStatus, OrderType};

pub const ORDERS_FILE: &str = "bestellungen.csv";
pub const VAT_FILE: &str = "umsatzsteuer.csv";

/// The columns of `bestellungen.csv`.
pub const ORDER_COLUMNS: [&str; 13] = [
    "Bestell-ID",
    "Bestellnummer",
    "Bestellt am",
    "Geschäftstag",
    "Art",
    "Herkunft",
    "Status",
    "Zahlart",
    "Brutto",
    "Netto",
    "USt",
    "Trinkgeld",
    "TSE-Transaktion",
];

/// The columns of `umsatzsteuer.csv`.
pub const VAT_COLUMNS: [&str; 7] = [
    "Bestell-ID",
    "Bestellnummer",
    "Geschäftstag",
    "Steuersatz",
    "Netto",
    "USt",
    "Brutto",
];

fn status_name(status: OrderStatus) -> &'static str {
    match status {
        OrderStatus::WaitingForConfirmation => "wartet auf Antwort",
        OrderStatus::Accepted => "angenommen",
        OrderStatus::Rejected => "abgelehnt",
        OrderStatus::Preparing => "in Zubereitung",
        OrderStatus::OutForDelivery => "unterwegs",
        OrderStatus::ReadyForPickup => "abholbereit",
        OrderStatus::Completed => "abgeschlossen",
        OrderStatus::Cancelled => "storniert",
    }
}

/// The TSE transaction number, or why there is none.
fn tse_text(order: &Order) -> String {
    match &order.tse {
        Some(OrderTse::Signed { signature }) => signature.number.to_string(),
        Some(OrderTse::Failed { started, .. }) => match started {
            Some(started) => format!("{} (TSE ausgefallen)", started.number),
            None => "TSE ausgefallen".into(),
        },
        None => String::new(),
    }
}

fn file_with_bom(header: &[&str]) -> String {
    let mut text = String::from("\u{feff}");
    push_row(
        &mut text,
        &header
            .iter()
            .map(|name| name.to_string())
            .collect::<Vec<_>>(),
    );
    text
}

/// `bestellungen.csv` and `umsatzsteuer.csv` of `orders` (in the order given).
pub fn orders_csv(orders: &[Order], timezone: Tz) -> (String, String) {
    let mut per_order = file_with_bom(&ORDER_COLUMNS);
    let mut per_rate = file_with_bom(&VAT_COLUMNS);
    for order in orders {
        let counts = order.is_sale();
        let sum = |pick: fn(&crate::domain::vat::VatLine) -> i64| -> i64 {
            if counts {
                order.vat.iter().map(pick).sum()
            } else {
                0
            }
        };
        push_row(
            &mut per_order,
            &[
                order.id.to_string(),
                order.number.to_string(),
                order
                    .created_at
                    .with_timezone(&timezone)
                    .format("%d.%m.%Y %H:%M:%S")
                    .to_string(),
                order.business_date.format("%d.%m.%Y").to_string(),
                match order.order_type {
                    OrderType::Delivery => "Lieferung",
                    OrderType::Pickup => "Abholung",
                    OrderType::DineIn => "Tisch",
                }
                .into(),
                match order.source {
                    crate::domain::order::OrderSource::Online => "online",
                    crate::domain::order::OrderSource::Phone => "Telefon",
                }
                .into(),
                status_name(order.status).into(),
                payment_name(order.payment.method).into(),
                amount(if counts { order.totals.sale_cents() } else { 0 }),
                amount(sum(|line| line.net_cents)),
                amount(sum(|line| line.vat_cents)),
                amount(if counts { order.totals.tip_cents } else { 0 }),
                tse_text(order),
            ],
        );
        if !counts {
            continue;
        }
        for line in &order.vat {
            push_row(
                &mut per_rate,
                &[
                    order.id.to_string(),
                    order.number.to_string(),
                    order.business_date.format("%d.%m.%Y").to_string(),
                    format!("{} %", percent(line.rate_basis_points)),
                    amount(line.net_cents),
                    amount(line.vat_cents),
                    amount(line.gross_cents),
                ],
            );
        }
    }
    (per_order, per_rate)
}
