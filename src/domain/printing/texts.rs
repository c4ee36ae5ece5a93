//! The words on printed tickets, in the shop's default language (the kitchen reads one
//! language; `default_language` in the configuration picks it).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    De,
    En,
}

/// Every label a ticket uses.
pub struct Texts {
    pub order: &'static str,
    pub delivery: &'static str,
    pub pickup: &'static str,
    /// A dine-in order's kind, where no table is named.
    pub dine_in: &'static str,
    /// Before a dine-in order's table label, upper case: "TISCH" 12.
    pub table: &'static str,
    /// The same on the receipt: "Tisch" 12.
    pub table_receipt: &'static str,
    /// Who ordered at the table.
    pub guest: &'static str,
    pub preorder: &'static str,
    pub placed: &'static str,
    pub ready_by: &'static str,
    pub note: &'static str,
    pub deliver_to: &'static str,
    /// The saved address's notes for the driver.
    pub driver_notes: &'static str,
    /// Before the age: "Alterskontrolle ab" 16 …
    pub age_check: &'static str,
    /// After the age.
    pub age_check_years: &'static str,
    pub pickup_by: &'static str,
    pub phone: &'static str,
    pub allergens: &'static str,
    pub cash_due: &'static str,
    /// What the cash customer pays with ("Ich zahle mit"), and the change to bring.
    pub pays_with: &'static str,
    pub change: &'static str,
    /// Fiscal mode "own POS": the cash of this order is to be booked in the till.
    pub book_in_till: &'static str,
    /// A correction of a completed cash order: the cash the till gives back.
    pub cash_back: &'static str,
    /// Fiscal mode "own POS": the refund is booked in the restaurant's till.
    pub book_refund_in_till: &'static str,
    /// Above a ticket printed again from the order's page: the kitchen must not cook
    /// it twice.
    pub reprint: &'static str,
    /// Above the ticket of an order the restaurant cancelled after accepting it.
    pub cancelled: &'static str,
    /// Above the ticket of an accepted order whose lines the restaurant changed.
    pub changed: &'static str,
    /// The reason of a cancellation or change.
    pub reason: &'static str,
    pub paid_online: &'static str,
    pub receipt: &'static str,
    pub subtotal: &'static str,
    pub discount: &'static str,
    pub delivery_fee: &'static str,
    /// The deposit (Pfand) beside the goods.
    pub deposit: &'static str,
    /// "zzgl.": the deposit a line adds.
    pub plus: &'static str,
    /// The customer's tip for the team, outside the VAT table.
    pub tip: &'static str,
    /// A coupon code's reduction ("Gutschein HALLO10").
    pub coupon: &'static str,
    pub total: &'static str,
    pub vat_rate: &'static str,
    pub net: &'static str,
    pub vat: &'static str,
    pub gross: &'static str,
    pub payment: &'static str,
    pub cash: &'static str,
    pub online: &'static str,
    pub each: &'static str,
    pub thanks: &'static str,
    pub test_title: &'static str,
    pub test_printer: &'static str,
    pub test_address: &'static str,
    pub test_width: &'static str,
    pub test_prints: &'static str,
    pub test_time: &'static str,
    pub test_characters: &'static str,
    pub test_ok: &'static str,
    pub prints_kitchen: &'static str,
    pub prints_receipt: &'static str,
    pub prints_both: &'static str,
}

const DE: Texts = Texts {
    order: "Bestellung",
    delivery: "LIEFERUNG",
    pickup: "ABHOLUNG",
    dine_in: "AM TISCH",
    table: "TISCH",
    table_receipt: "Tisch",
    guest: "Gast",
    preorder: "VORBESTELLUNG",
    placed: "Bestellt",
    ready_by: "Fertig bis",
    note: "Anmerkung",
    deliver_to: "Lieferadresse",
    driver_notes: "Hinweis für den Fahrer",
    age_check: "ALTERSKONTROLLE ab",
    age_check_years: "Jahren – Ausweis zeigen lassen",
    pickup_by: "Abholer",
    phone: "Tel.",
    allergens: "Allergene",
    cash_due: "BAR kassieren",
    pays_with: "Zahlt mit",
    change: "Wechselgeld",
    book_in_till: "In der Kasse buchen (Vorbestellung)",
    cash_back: "Bar zurückgeben",
    book_refund_in_till: "Rückgabe in der Kasse buchen",
    reprint: "NACHDRUCK",
    cancelled: "STORNIERT",
    changed: "GEÄNDERT",
    reason: "Grund",
    paid_online: "Online bezahlt",
    receipt: "Kundenbeleg",
    subtotal: "Zwischensumme",
    discount: "Rabatt",
    delivery_fee: "Liefergebühr",
    deposit: "Pfand",
    plus: "zzgl.",
    tip: "Trinkgeld (ohne MwSt.)",
    coupon: "Gutschein",
    total: "Gesamt",
    vat_rate: "MwSt.",
    net: "Netto",
    vat: "Steuer",
    gross: "Brutto",
    payment: "Zahlungsart",
    cash: "Bar",
    online: "Online (PayPal)",
    each: "je",
    thanks: "Vielen Dank für Ihre Bestellung!",
    test_title: "Testdruck",
    test_printer: "Drucker",
    test_address: "Adresse",
    test_width: "Zeichen pro Zeile",
    test_prints: "Druckt",
    test_time: "Zeit",
    test_characters: "Sonderzeichen",
    test_ok: "Wenn Sie das lesen können, ist der Drucker bereit.",
    prints_kitchen: "Küchenbon",
    prints_receipt: "Kundenbeleg",
    prints_both: "Küchenbon und Kundenbeleg",
};

const EN: Texts = Texts {
    order: "Order",
    delivery: "DELIVERY",
    pickup: "PICKUP",
    dine_in: "DINE-IN",
    table: "TABLE",
    table_receipt: "Table",
    guest: "Guest",
    preorder: "PRE-ORDER",
    placed: "Placed",
    ready_by: "Ready by",
    note: "Note",
    deliver_to: "Deliver to",
    driver_notes: "For the driver",
    age_check: "AGE CHECK: at least",
    age_check_years: "years – ask for an ID",
    pickup_by: "Picked up by",
    phone: "Phone",
    allergens: "Allergens",
    cash_due: "CASH due",
    pays_with: "Pays with",
    change: "Change",
    book_in_till: "Book in the till (pre-order)",
    cash_back: "Give back in cash",
    book_refund_in_till: "Book the refund in the till",
    reprint: "REPRINT",
    cancelled: "CANCELLED",
    changed: "CHANGED",
    reason: "Reason",
    paid_online: "Paid online",
    receipt: "Receipt",
    subtotal: "Subtotal",
    discount: "Discount",
    delivery_fee: "Delivery fee",
    deposit: "Deposit",
    plus: "plus",
    tip: "Tip (no VAT)",
    coupon: "Coupon",
    total: "Total",
    vat_rate: "VAT",
    net: "Net",
    vat: "Tax",
    gross: "Gross",
    payment: "Payment",
    cash: "Cash",
    online: "Online (PayPal)",
    each: "each",
    thanks: "Thank you for your order!",
    test_title: "Test print",
    test_printer: "Printer",
    test_address: "Address",
    test_width: "Characters per line",
    test_prints: "Prints",
    test_time: "Time",
    test_characters: "Special characters",
    test_ok: "If you can read this, the printer is ready.",
    prints_kitchen: "Kitchen ticket",
    prints_receipt: "Customer receipt",
    prints_both: "Kitchen ticket and customer receipt",
};

impl Lang {
    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::De => &DE,
            Lang::En => &EN,
        }
    }

    /// `23.11.2026 12:05` / `2026-11-23 12:05`, in the store's time zone.
    pub fn date_time(self, at: DateTime<Utc>, timezone: Tz) -> String {
        let local = at.with_timezone(&timezone);
        match self {
            Lang::De => local.format("%d.%m.%Y %H:%M").to_string(),
            Lang::En => local.format("%Y-%m-%d %H:%M").to_string(),
        }
    }

    /// `12:05` in the store's time zone.
    pub fn time(self, at: DateTime<Utc>, timezone: Tz) -> String {
        at.with_timezone(&timezone).format("%H:%M").to_string()
    }
}
