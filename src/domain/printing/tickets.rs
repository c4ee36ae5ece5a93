//! What comes out of the printer: the kitchen ticket (what to cook, for whom, by when,
//! with the allergen codes), the customer receipt (prices, VAT per rate, payment) and
//! the test page. Each is one ESC/POS document, laid out for the printer's paper width.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::escpos::{Align, Document, Size};
use super::job::{TicketBanner, TicketKind};
use super::printer::{Printer, Prints};
use super::texts::{Lang, Texts};
use super::tse_block::tse_block;
use crate::domain::fiscal::mode::FiscalMode;
use crate::domain::money::format_euros;
use crate::domain::order::OrderType;
use crate::domain::order::lines::PricedLine;
use crate::domain::order::{Order, PaymentMethod};
use crate::domain::store_profile::StoreProfile;

/// Lines fed before the cut, so the last printed line clears the cutter.
const FEED_BEFORE_CUT: u8 = 3;

/// The shop as printed tickets show it.
pub struct Shop<'a> {
    pub brand: &'a str,
    pub profile: Option<&'a StoreProfile>,
    pub timezone: Tz,
    pub lang: Lang,
}

impl Shop<'_> {
    fn texts(&self) -> &'static Texts {
        self.lang.texts()
    }
}

/// `7 %`, `19 %`, `5,5 %`.
pub fn format_rate(basis_points: u32) -> String {
    let whole = basis_points / 100;
    match basis_points % 100 {
        0 => format!("{whole} %"),
        part if part % 10 == 0 => format!("{whole},{} %", part / 10),
        part => format!("{whole},{part:02} %"),
    }
}

/// `1,50` (euros without the sign).
fn amount(cents: i64) -> String {
    format_euros(cents).trim_end_matches(" €").to_string()
}

/// The product's and its extras' allergen and additive codes, each once.
fn line_codes(line: &PricedLine) -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    let all = line
        .allergens
        .iter()
        .chain(line.extras.iter().flat_map(|extra| extra.allergens.iter()));
    for allergen in all {
        if !codes.contains(&allergen.code) {
            codes.push(allergen.code.clone());
        }
    }
    codes
}

fn order_kind(order: &Order, texts: &Texts) -> &'static str {
    match order.order_type {
        OrderType::Delivery => texts.delivery,
        OrderType::Pickup => texts.pickup,
        OrderType::DineIn => texts.dine_in,
    }
}

/// A dine-in order's table as the kitchen reads it, "TISCH 12"; else its kind.
fn order_heading(order: &Order, texts: &Texts) -> String {
    match (&order.order_type, &order.table) {
        (OrderType::DineIn, Some(table)) => format!("{} {table}", texts.table),
        _ => order_kind(order, texts).to_string(),
    }
}

/// The header every order document shares: number, delivery or pickup, the times.
fn order_header(doc: &mut Document, order: &Order, shop: &Shop) {
    let texts = shop.texts();
    doc.align(Align::Center).bold(true).size(Size::Large);
    doc.text(&format!("{} #{}", texts.order, order.number));
    doc.text(&order_heading(order, texts));
    if let Some(preorder) = order.preorder_at {
        doc.size(Size::Tall);
        doc.text(&format!(
            "{} {}",
            texts.preorder,
            shop.lang.time(preorder, shop.timezone)
        ));
    }
    doc.plain();
    doc.text(&format!(
        "{}: {}",
        texts.placed,
        shop.lang.date_time(order.created_at, shop.timezone)
    ));
    if let Some(ready) = order.estimated_ready_at {
        doc.bold(true).text(&format!(
            "{}: {}",
            texts.ready_by,
            shop.lang.time(ready, shop.timezone)
        ));
        doc.bold(false);
    }
}

/// For the kitchen: what to make, for whom and by when.
fn kitchen_ticket(mut doc: Document, order: &Order, shop: &Shop) -> Vec<u8> {
    let texts = shop.texts();
    order_header(&mut doc, order, shop);
    doc.rule();
    for line in &order.lines {
        doc.bold(true).size(Size::Tall);
        doc.indented(&format!("{} x {}", line.quantity, line.name), 4);
        doc.plain();
        for extra in &line.extras {
            doc.indented(&format!("   + {} x {}", extra.quantity, extra.name), 7);
        }
        let codes = line_codes(line);
        if !codes.is_empty() {
            doc.indented(&format!("   {}: {}", texts.allergens, codes.join(", ")), 5);
        }
    }
    doc.rule();
    if !order.note.is_empty() {
        doc.bold(true).text(&format!("{}:", texts.note));
        doc.size(Size::Tall).text(&order.note);
        doc.plain().rule();
    }
    let customer = &order.customer;
    match order.order_type {
        OrderType::Delivery => {
            doc.bold(true).text(&format!("{}:", texts.deliver_to));
            doc.bold(false).text(&customer.customer_name);
            doc.bold(true).size(Size::Tall).text(&customer.line1);
            doc.text(format!("{} {}", customer.zip, customer.city).trim());
            doc.plain();
            if !customer.notes.is_empty() {
                doc.bold(true).text(&format!("{}:", texts.driver_notes));
                doc.plain().text(&customer.notes);
            }
        }
        OrderType::Pickup => {
            doc.bold(true).text(&format!("{}:", texts.pickup_by));
            doc.bold(false).text(&customer.customer_name);
        }
        // The table is at the top, in large type.
        OrderType::DineIn => {
            doc.bold(true).text(&format!("{}:", texts.guest));
            doc.bold(false).text(&customer.customer_name);
        }
    }
    if !customer.phone.is_empty() {
        doc.text(&format!("{} {}", texts.phone, customer.phone));
    }
    if let Some(age) = order.age_restriction() {
        doc.rule();
        doc.bold(true).size(Size::Tall);
        doc.text(&format!(
            "{} {age} {}",
            texts.age_check, texts.age_check_years
        ));
        doc.plain();
    }
    doc.rule();
    let total = format_euros(order.totals.total_cents);
    doc.bold(true);
    match order.payment.method {
        PaymentMethod::Cash => doc.row(texts.cash_due, &total),
        PaymentMethod::Online => doc.row(texts.paid_online, &total),
    };
    change_rows(&mut doc, order, texts);
    // Fiscal mode "own POS": the cash is signed by the restaurant's till, not by us.
    if order.payment.method == PaymentMethod::Cash && order.fiscal_mode == Some(FiscalMode::Pos) {
        doc.text(texts.book_in_till);
    }
    doc.cut(FEED_BEFORE_CUT);
    doc.into_bytes()
}

/// What the cash customer pays with and the change the driver brings, when they said.
fn change_rows(doc: &mut Document, order: &Order, texts: &Texts) {
    if let (Some(given), Some(change)) = (order.cash_given_cents, order.change_due_cents()) {
        doc.row(texts.pays_with, &format_euros(given));
        doc.row(texts.change, &format_euros(change));
    }
}

/// The letter that ties a receipt line to its VAT rate (A for the lowest rate).
fn rate_letter(rates: &[u32], rate: u32) -> char {
    let index = rates.iter().position(|r| *r == rate).unwrap_or(0);
    char::from(b'A' + u8::try_from(index.min(25)).unwrap_or(0))
}

/// For the customer: the shop, the lines with prices, the totals, VAT per rate and the
/// payment.
fn receipt(mut doc: Document, order: &Order, shop: &Shop) -> Vec<u8> {
    let texts = shop.texts();
    doc.align(Align::Center).bold(true).size(Size::Tall);
    doc.text(shop.brand);
    doc.plain().align(Align::Center);
    if let Some(profile) = shop.profile {
        for line in [&profile.company_name, &profile.address_line] {
            if !line.is_empty() {
                doc.text(line);
            }
        }
        if !profile.phone.is_empty() {
            doc.text(&format!("{} {}", texts.phone, profile.phone));
        }
    }
    doc.blank().bold(true).text(texts.receipt).plain();
    doc.row(
        &format!("{} #{}", texts.order, order.number),
        &shop.lang.date_time(order.created_at, shop.timezone),
    );
    let mut kind = match &order.table {
        Some(table) => format!("{} {table}", texts.table_receipt),
        None => order_kind(order, texts).to_string(),
    };
    if let Some(preorder) = order.preorder_at {
        kind = format!(
            "{kind}, {} {}",
            texts.preorder,
            shop.lang.time(preorder, shop.timezone)
        );
    }
    doc.text(&kind);
    doc.rule();
    let rates: Vec<u32> = order.vat.iter().map(|vat| vat.rate_basis_points).collect();
    for line in &order.lines {
        let letter = rate_letter(&rates, line.tax_basis_points);
        doc.row(
            &format!("{} x {}", line.quantity, line.name),
            &format!("{} {letter}", format_euros(line.total_cents)),
        );
        for extra in &line.extras {
            doc.indented(
                &format!(
                    "  + {} x {} ({})",
                    extra.quantity,
                    extra.name,
                    format_euros(extra.price_cents)
                ),
                6,
            );
        }
        if line.quantity > 1 {
            let each = line.total_cents / i64::from(line.quantity);
            doc.text(&format!("  {} {}", texts.each, format_euros(each)));
        }
        // Named under its line, charged once in the totals' deposit row.
        if line.deposit_cents > 0 {
            doc.text(&format!(
                "  {} {} x {} {}",
                texts.plus,
                line.quantity,
                format_euros(line.deposit_cents),
                texts.deposit
            ));
        }
    }
    doc.rule();
    let totals = &order.totals;
    doc.row(texts.subtotal, &format_euros(totals.subtotal_cents));
    if totals.discount_cents > 0 {
        doc.row(
            &format!(
                "{} ({})",
                texts.discount,
                format_rate(order.discount_basis_points)
            ),
            &format_euros(-totals.discount_cents),
        );
    }
    if let Some(coupon) = &order.coupon
        && totals.coupon_cents > 0
    {
        doc.row(
            &format!("{} {}", texts.coupon, coupon.code),
            &format_euros(-totals.coupon_cents),
        );
    }
    if order.order_type == OrderType::Delivery {
        doc.row(texts.delivery_fee, &format_euros(totals.delivery_fee_cents));
    }
    if totals.deposit_cents > 0 {
        doc.row(texts.deposit, &format_euros(totals.deposit_cents));
    }
    if totals.tip_cents > 0 {
        doc.row(texts.tip, &format_euros(totals.tip_cents));
    }
    doc.bold(true).size(Size::Tall);
    doc.row(texts.total, &format_euros(totals.total_cents));
    doc.plain().rule();
    vat_table(&mut doc, order, texts, &rates);
    doc.rule();
    let paid = match order.payment.method {
        PaymentMethod::Cash => texts.cash,
        PaymentMethod::Online => texts.online,
    };
    doc.row(texts.payment, paid);
    doc.bold(false);
    change_rows(&mut doc, order, texts);
    tse_block(&mut doc, order.tse.as_ref(), shop);
    doc.blank().align(Align::Center).text(texts.thanks);
    doc.cut(FEED_BEFORE_CUT);
    doc.into_bytes()
}

fn vat_table(doc: &mut Document, order: &Order, texts: &Texts, rates: &[u32]) {
    let columns = doc.columns();
    let number = (columns.saturating_sub(8) / 3).max(6);
    let first = columns.saturating_sub(3 * number);
    doc.line(&format!(
        "{:<first$}{:>number$}{:>number$}{:>number$}",
        texts.vat_rate, texts.net, texts.vat, texts.gross
    ));
    for vat in &order.vat {
        let label = format!(
            "{} {}",
            rate_letter(rates, vat.rate_basis_points),
            format_rate(vat.rate_basis_points)
        );
        doc.line(&format!(
            "{label:<first$}{:>number$}{:>number$}{:>number$}",
            amount(vat.net_cents),
            amount(vat.vat_cents),
            amount(vat.gross_cents)
        ));
    }
}

/// The document of `kind` for `order`; one printed again from the order's page says
/// so above everything else.
pub fn order_document(
    kind: TicketKind,
    order: &Order,
    shop: &Shop,
    width: u8,
    banner: Option<TicketBanner>,
) -> Vec<u8> {
    let mut doc = Document::new(width);
    if let Some(banner) = banner {
        let texts = shop.texts();
        let title = match banner {
            TicketBanner::Reprint => texts.reprint,
            TicketBanner::Cancelled => texts.cancelled,
            TicketBanner::Changed => texts.changed,
        };
        doc.align(Align::Center).bold(true).size(Size::Tall);
        doc.text(&format!("*** {title} ***"));
        doc.plain();
        if banner != TicketBanner::Reprint
            && let Some(correction) = order.last_correction()
        {
            doc.text(&format!("{}: {}", texts.reason, correction.reason));
            // A completed cash order: the till gives the difference back.
            if order.payment.method == PaymentMethod::Cash && correction.refunded_cents > 0 {
                doc.bold(true);
                doc.row(texts.cash_back, &format_euros(correction.refunded_cents));
                doc.plain();
                if order.fiscal_mode == Some(FiscalMode::Pos) {
                    doc.text(texts.book_refund_in_till);
                }
            }
        }
    }
    match kind {
        TicketKind::Kitchen => kitchen_ticket(doc, order, shop),
        TicketKind::Receipt => receipt(doc, order, shop),
    }
}

/// A short page that shows the owner the printer works: its settings, the special
/// characters of the code page, and a ruler as wide as the configured paper.
pub fn test_page(printer: &Printer, shop: &Shop, now: DateTime<Utc>) -> Vec<u8> {
    let texts = shop.texts();
    let mut doc = Document::new(printer.width);
    doc.align(Align::Center).bold(true).size(Size::Large);
    doc.text(texts.test_title);
    doc.plain().align(Align::Center).text(shop.brand).plain();
    doc.rule();
    let prints = match printer.prints {
        Prints::Kitchen => texts.prints_kitchen,
        Prints::Receipt => texts.prints_receipt,
        Prints::Both => texts.prints_both,
    };
    doc.text(&format!("{}: {}", texts.test_printer, printer.name));
    doc.text(&format!("{}: {}", texts.test_address, printer.address()));
    doc.text(&format!("{}: {prints}", texts.test_prints));
    doc.text(&format!("{}: {}", texts.test_width, printer.width));
    doc.text(&format!(
        "{}: {}",
        texts.test_time,
        shop.lang.date_time(now, shop.timezone)
    ));
    doc.text(&format!("{}: ÄÖÜ äöü ß € „“", texts.test_characters));
    let ruler: String = (1..=usize::from(printer.width))
        .map(|n| char::from(b'0' + u8::try_from(n % 10).unwrap_or(0)))
        .collect();
    doc.line(&ruler);
    doc.rule();
    doc.bold(true).text(texts.test_ok);
    doc.cut(FEED_BEFORE_CUT);
    doc.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::order::{Actor, OrderStatus};
    use crate::domain::printing::escpos::{ESC, GS};
    use crate::domain::printing::test_order::sample_order;

    /// The printable text: commands skipped, Windows-1252 decoded.
    fn text_of(bytes: &[u8]) -> String {
        let mut text = String::new();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                ESC if bytes.get(i + 1) == Some(&b'@') => i += 2,
                GS if bytes.get(i + 1) == Some(&b'V') => i += 4,
                // `GS ( k pL pH …`: the QR code, shown as [QR data].
                GS if bytes.get(i + 1) == Some(&b'(') => {
                    let length = usize::from(bytes[i + 3]) + usize::from(bytes[i + 4]) * 256;
                    let body = &bytes[i + 5..i + 5 + length];
                    if body[1] == 80 {
                        text.push_str(&format!("[QR {}]", String::from_utf8_lossy(&body[3..])));
                    }
                    i += 5 + length;
                }
                ESC | GS => i += 3,
                0x80 => {
                    text.push('€');
                    i += 1;
                }
                0x84 => {
                    text.push('„');
                    i += 1;
                }
                0x93 => {
                    text.push('“');
                    i += 1;
                }
                b => {
                    text.push(char::from(b));
                    i += 1;
                }
            }
        }
        text
    }

    fn shop(lang: Lang) -> Shop<'static> {
        Shop {
            brand: "Bella Napoli",
            profile: None,
            timezone: chrono_tz::Europe::Berlin,
            lang,
        }
    }

    fn accepted() -> Order {
        let mut order = sample_order();
        order
            .accept(
                30,
                "2026-11-23T11:00:00Z".parse().unwrap(),
                &Actor::Automatic,
            )
            .unwrap();
        order
    }

    #[test]
    fn the_kitchen_ticket_has_everything_the_kitchen_needs() {
        let text = text_of(&order_document(
            TicketKind::Kitchen,
            &accepted(),
            &shop(Lang::De),
            42,
            None,
        ));
        for expected in [
            "Bestellung #12",
            "LIEFERUNG",
            "Bestellt: 23.11.2026 11:58",
            "Fertig bis: 12:30",
            "2 x Pizza Margherita (groß)",
            "+ 1 x Extra Käse",
            "Allergene: A, G",
            "1 x Coca-Cola (0,33 l)",
            "Allergene: 2",
            "Bitte klingeln, 3. OG",
            "Gina Gast",
            "Torstraße 5",
            "10115 Berlin",
            "Tel. 030 555 1234",
            "BAR kassieren",
            // Goods, discount and fee, and the Coca-Cola's deposit.
            "26,32 €",
        ] {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
        for line in text.lines() {
            assert!(line.chars().count() <= 42, "too wide: {line:?}");
        }
    }

    #[test]
    fn a_cash_customer_who_said_what_they_pay_with_gets_the_change_on_both_documents() {
        let mut order = accepted();
        let none = text_of(&order_document(
            TicketKind::Kitchen,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        assert!(!none.contains("Zahlt mit"), "{none}");
        order.cash_given_cents = Some(50_00);
        for kind in [TicketKind::Kitchen, TicketKind::Receipt] {
            let text = text_of(&order_document(kind, &order, &shop(Lang::De), 42, None));
            for expected in ["Zahlt mit", "50,00 €", "Wechselgeld", "23,68 €"] {
                assert!(
                    text.contains(expected),
                    "{kind:?}: {expected:?} missing in\n{text}"
                );
            }
        }
    }

    #[test]
    fn a_document_printed_again_says_so_above_everything_else() {
        for kind in [TicketKind::Kitchen, TicketKind::Receipt] {
            let first = text_of(&order_document(
                kind,
                &accepted(),
                &shop(Lang::De),
                42,
                None,
            ));
            let again = text_of(&order_document(
                kind,
                &accepted(),
                &shop(Lang::De),
                42,
                Some(TicketBanner::Reprint),
            ));
            assert!(!first.contains("NACHDRUCK"), "{first}");
            assert_eq!(again, format!("*** NACHDRUCK ***\n{first}"), "{kind:?}");
        }
        let english = text_of(&order_document(
            TicketKind::Kitchen,
            &accepted(),
            &shop(Lang::En),
            32,
            Some(TicketBanner::Reprint),
        ));
        assert!(english.starts_with("*** REPRINT ***\n"), "{english}");
    }

    #[test]
    fn a_cancelled_or_changed_order_prints_with_its_banner_and_reason() {
        let mut order = accepted();
        let plain = text_of(&order_document(
            TicketKind::Kitchen,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        order
            .cancel(
                "Kunde nicht erreichbar",
                order.created_at,
                &Actor::Automatic,
                None,
            )
            .unwrap();
        let cancelled = text_of(&order_document(
            TicketKind::Kitchen,
            &order,
            &shop(Lang::De),
            42,
            Some(TicketBanner::Cancelled),
        ));
        assert!(
            cancelled.starts_with("*** STORNIERT ***\nGrund: Kunde nicht erreichbar\n"),
            "{cancelled}"
        );
        assert!(
            cancelled.contains("2 x Pizza Margherita (groß)"),
            "{cancelled}"
        );
        let changed = text_of(&order_document(
            TicketKind::Receipt,
            &order,
            &shop(Lang::En),
            42,
            Some(TicketBanner::Changed),
        ));
        assert!(
            changed.starts_with("*** CHANGED ***\nReason: Kunde nicht erreichbar\n"),
            "{changed}"
        );
        assert!(!plain.contains("STORNIERT"), "{plain}");
    }

    #[test]
    fn a_completed_cash_order_corrected_says_the_cash_to_give_back() {
        let mut order = accepted();
        order.status = OrderStatus::Completed;
        let paid = order.totals.total_cents;
        order
            .cancel("Pizza kalt", order.created_at, &Actor::Automatic, None)
            .unwrap();
        let document = |order: &Order, lang| {
            text_of(&order_document(
                TicketKind::Receipt,
                order,
                &shop(lang),
                42,
                Some(TicketBanner::Cancelled),
            ))
        };
        let text = document(&order, Lang::De);
        let back = format!("Bar zurückgeben{:>27}", format_euros(paid));
        assert!(
            text.starts_with(&format!("*** STORNIERT ***\nGrund: Pizza kalt\n{back}\n")),
            "{text}"
        );
        assert!(!text.contains("Rückgabe in der Kasse buchen"), "{text}");
        order.fiscal_mode = Some(FiscalMode::Pos);
        let text = document(&order, Lang::En);
        assert!(text.contains("Give back in cash"), "{text}");
        assert!(text.contains("Book the refund in the till"), "{text}");

        // A correction before the handover gives nothing back.
        let mut on_its_way = accepted();
        on_its_way
            .cancel("Fahrer krank", order.created_at, &Actor::Automatic, None)
            .unwrap();
        assert!(!document(&on_its_way, Lang::De).contains("Bar zurückgeben"));
    }

    #[test]
    fn in_the_fiscal_mode_own_pos_a_cash_ticket_says_to_book_it_in_the_till() {
        let mut order = accepted();
        let plain = text_of(&order_document(
            TicketKind::Kitchen,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        assert!(!plain.contains("In der Kasse buchen"), "{plain}");
        order.fiscal_mode = Some(FiscalMode::Pos);
        let text = text_of(&order_document(
            TicketKind::Kitchen,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        assert!(
            text.contains("In der Kasse buchen (Vorbestellung)"),
            "{text}"
        );
        order.payment.method = PaymentMethod::Online;
        let online = text_of(&order_document(
            TicketKind::Kitchen,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        assert!(!online.contains("In der Kasse buchen"), "{online}");
    }

    #[test]
    fn a_preorder_ticket_shows_the_promised_time() {
        let mut order = sample_order();
        order.order_type = OrderType::Pickup;
        order.preorder_at = Some("2026-11-23T12:30:00Z".parse().unwrap());
        order
            .accept(
                20,
                "2026-11-23T11:00:00Z".parse().unwrap(),
                &Actor::Automatic,
            )
            .unwrap();
        let text = text_of(&order_document(
            TicketKind::Kitchen,
            &order,
            &shop(Lang::En),
            32,
            None,
        ));
        assert!(text.contains("PICKUP"), "{text}");
        assert!(text.contains("PRE-ORDER 13:30"), "{text}");
        assert!(text.contains("Picked up by:"), "{text}");
        assert!(
            !text.contains("Torstraße"),
            "no address for pickup:\n{text}"
        );
        for line in text.lines() {
            assert!(line.chars().count() <= 32, "too wide: {line:?}");
        }
    }

    #[test]
    fn the_receipt_lists_prices_and_vat_per_rate() {
        let text = text_of(&order_document(
            TicketKind::Receipt,
            &accepted(),
            &shop(Lang::De),
            42,
            None,
        ));
        for expected in [
            "Kundenbeleg",
            "2 x Pizza Margherita (groß)",
            "24,80 € A",
            "2,50 € B",
            "Zwischensumme",
            "27,30 €",
            "Rabatt (10 %)",
            "-2,73 €",
            "Liefergebühr",
            "1,50 €",
            "  zzgl. 1 x 0,25 € Pfand\n",
            "Pfand                               0,25 €",
            "Gesamt",
            "26,32 €",
            "A 7 %",
            "B 19 %",
            "Zahlungsart",
            "Bar",
        ] {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
        let order = accepted();
        let vat_sum: i64 = order.vat.iter().map(|v| v.gross_cents).sum();
        assert_eq!(vat_sum, order.totals.total_cents);
    }

    #[test]
    fn a_tip_prints_as_its_own_row_outside_the_vat_table() {
        let mut order = accepted();
        order.payment.method = PaymentMethod::Online;
        order.totals = order.totals.with_tip(250);
        let text = text_of(&order_document(
            TicketKind::Receipt,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        assert!(
            text.contains("Trinkgeld (ohne MwSt.)              2,50 €"),
            "{text}"
        );
        assert!(text.contains("28,82 €"), "the total with the tip:\n{text}");
        let vat_sum: i64 = order.vat.iter().map(|v| v.gross_cents).sum();
        assert_eq!(vat_sum + 250, order.totals.total_cents);
        let before = text.find("Trinkgeld").unwrap();
        let table = text.find("MwSt.    ").unwrap_or(text.len());
        assert!(before < text.find("Gesamt").unwrap() && before < table);
    }

    #[test]
    fn rates_print_like_the_menu() {
        assert_eq!(format_rate(700), "7 %");
        assert_eq!(format_rate(1900), "19 %");
        assert_eq!(format_rate(550), "5,5 %");
        assert_eq!(format_rate(1025), "10,25 %");
    }

    fn finished_signature() -> crate::domain::fiscal::tse::TseSignature {
        use crate::domain::fiscal::tse::{TseSignature, TxLog, TxSignature, TxState};
        TseSignature {
            tx_id: "tx".into(),
            tss_id: "tss".into(),
            client_id: "client".into(),
            number: 42,
            state: TxState::Finished,
            revision: 2,
            latest_revision: 2,
            time_start: 1_795_950_000,
            time_end: Some(1_795_951_800),
            tss_serial_number: "a1b2c3d4".into(),
            client_serial_number: "Kasse 1".into(),
            signature: TxSignature {
                value: "c2lnbmF0dXJl".into(),
                counter: 87,
                algorithm: "ecdsa-plain-SHA256".into(),
                public_key: "cHVibGlj".into(),
            },
            log: TxLog {
                operation: "FinishTransaction".into(),
                timestamp: 1_795_951_800,
                timestamp_format: "unixTime".into(),
            },
            qr_code_data: Some(
                "V0;Kasse 1;Kassenbeleg-V1;Beleg^0.00_26.07_0.00_0.00_0.00^26.07:Bar;42;87;2026-11-29T11:00:00.000Z;2026-11-29T11:30:00.000Z;ecdsa-plain-SHA256;unixTime;c2lnbmF0dXJl;cHVibGlj".into(),
            ),
        }
    }

    #[test]
    fn a_signed_receipt_carries_the_tse_data_and_its_qr_code() {
        use crate::domain::fiscal::signing::{OrderTse, TseStep};
        let mut order = accepted();
        order.tse = Some(OrderTse::Signed {
            signature: finished_signature(),
        });
        let text = text_of(&order_document(
            TicketKind::Receipt,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        for expected in [
            "TSE-Transaktion",
            "42",
            "Beginn",
            "29.11.2026 12:00:00",
            "Ende",
            "29.11.2026 12:30:00",
            "TSE-Seriennummer: a1b2c3d4",
            "Kassen-Seriennummer: Kasse 1",
            "Signaturzähler",
            "87",
            "Signatur: c2lnbmF0dXJl",
            "Prozesstyp: Kassenbeleg-V1",
            "Prozessdaten:",
            "Beleg^0.00_26.07_0.00_0.00_0.00^26.07:Bar",
            "[QR V0;Kasse 1;Kassenbeleg-V1;",
        ] {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
        order.tse = Some(OrderTse::Failed {
            step: TseStep::Finish,
            at: order.created_at,
            reason: "timeout".into(),
            started: None,
        });
        let failed = text_of(&order_document(
            TicketKind::Receipt,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        assert!(failed.contains("TSE ausgefallen"), "{failed}");
        assert!(!failed.contains("[QR"), "{failed}");
        order.tse = None;
        let plain = text_of(&order_document(
            TicketKind::Receipt,
            &order,
            &shop(Lang::De),
            42,
            None,
        ));
        assert!(!plain.contains("TSE"), "{plain}");
    }

    #[test]
    fn the_test_page_names_the_printer_and_shows_its_width() {
        let printer = Printer {
            id: 1,
            name: "Küche".into(),
            host: "192.168.1.50".into(),
            port: 9100,
            prints: Prints::Both,
            width: 32,
            copies: 1,
            enabled: true,
        };
        let now = "2026-11-23T11:00:00Z".parse().unwrap();
        let text = text_of(&test_page(&printer, &shop(Lang::De), now));
        assert!(text.contains("Testdruck"), "{text}");
        assert!(text.contains("Drucker: Küche"), "{text}");
        assert!(text.contains("192.168.1.50:9100"), "{text}");
        assert!(text.contains("ÄÖÜ äöü ß €"), "{text}");
        assert!(
            text.contains("12345678901234567890123456789012\n"),
            "{text}"
        );
    }
}
