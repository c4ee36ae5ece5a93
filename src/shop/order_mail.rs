//! Mails about an order, in German then English like the rest of the shop's mail: the
//! confirmation with the status link when it is placed, and the restaurant's answer.
//! Sending never delays the answer to the customer. A mail carries no text the customer
//! typed (not even the name in the greeting): anyone can order in any name to any
//! address, so the shop must not carry someone's words or links into a stranger's inbox.

use std::fmt::Write;

use super::Shop;
use crate::domain::fiscal::signing::OrderTse;
use crate::domain::money::format_euros;
use crate::domain::order::correction::CorrectionKind;
use crate::domain::order::{Order, OrderSource, OrderStatus, PaymentMethod, PaymentStatus};

fn lines_text(order: &Order) -> String {
    let mut text = String::new();
    for line in &order.lines {
        let _ = writeln!(
            text,
            "{} × {}  {}",
            line.quantity,
            line.name,
            format_euros(line.total_cents)
        );
        for extra in &line.extras {
            let _ = writeln!(text, "    + {} × {}", extra.quantity, extra.name);
        }
        if line.deposit_cents > 0 {
            let _ = writeln!(
                text,
                "    zzgl. / plus {} × {} Pfand / deposit",
                line.quantity,
                format_euros(line.deposit_cents)
            );
        }
    }
    let totals = &order.totals;
    if totals.discount_cents > 0 {
        let _ = writeln!(
            text,
            "Rabatt / discount: -{}",
            format_euros(totals.discount_cents)
        );
    }
    if let Some(coupon) = &order.coupon
        && totals.coupon_cents > 0
    {
        let _ = writeln!(
            text,
            "Gutschein / coupon {}: -{}",
            coupon.code,
            format_euros(totals.coupon_cents)
        );
    }
    if totals.delivery_fee_cents > 0 {
        let _ = writeln!(
            text,
            "Liefergebühr / delivery fee: {}",
            format_euros(totals.delivery_fee_cents)
        );
    }
    if totals.deposit_cents > 0 {
        let _ = writeln!(
            text,
            "Pfand / deposit: {}",
            format_euros(totals.deposit_cents)
        );
    }
    if totals.tip_cents > 0 {
        let _ = writeln!(text, "Trinkgeld / tip: {}", format_euros(totals.tip_cents));
    }
    let _ = writeln!(text, "Gesamt / total: {}", format_euros(totals.total_cents));
    if let (Some(given), Some(change)) = (order.cash_given_cents, order.change_due_cents()) {
        let _ = writeln!(
            text,
            "Sie zahlen mit / you pay with: {} (Wechselgeld / change: {})",
            format_euros(given),
            format_euros(change)
        );
    }
    text
}

/// The receipt's TSE data (§ 6 KassenSichV) in the acceptance mail; the QR code's
/// content as text, since the mail is plain text.
fn tse_text(order: &Order, timezone: chrono_tz::Tz) -> String {
    let time = |seconds: i64| {
        chrono::DateTime::<chrono::Utc>::from_timestamp(seconds, 0)
            .map(|at| {
                at.with_timezone(&timezone)
                    .format("%d.%m.%Y %H:%M:%S")
                    .to_string()
            })
            .unwrap_or_default()
    };
    let mut text = String::new();
    match &order.tse {
        None => {}
        Some(OrderTse::Failed { .. }) => {
            text.push_str("\nTSE ausgefallen / TSE out of order: dieser Beleg ist nicht signiert / this receipt is not signed.\n");
        }
        Some(OrderTse::Signed { signature }) => {
            let _ = write!(
                text,
                "\nBeleg / receipt (TSE)\n\
                 TSE-Transaktion / transaction: {}\n\
                 Beginn / start: {}\n\
                 Ende / end: {}\n\
                 TSE-Seriennummer / TSE serial number: {}\n\
                 Kassen-Seriennummer / till serial number: {}\n\
                 Signaturzähler / signature counter: {}\n\
                 Signaturalgorithmus / algorithm: {}\n\
                 Zeitformat / time format: {}\n\
                 Signatur / signature: {}\n",
                signature.number,
                time(signature.time_start),
                signature.time_end.map(time).unwrap_or_default(),
                signature.tss_serial_number,
                signature.client_serial_number,
                signature.signature.counter,
                signature.signature.algorithm,
                signature.log.timestamp_format,
                signature.signature.value,
            );
            if let Some(qr) = &signature.qr_code_data {
                let mut fields = qr.split(';').skip(2);
                let kind = fields.next().unwrap_or_default();
                let data = fields.next().unwrap_or_default();
                let _ = write!(
                    text,
                    "Prozesstyp / process type: {kind}\nProzessdaten / process data: {data}\n\
                     QR-Code (Inhalt / content): {qr}\n"
                );
            }
        }
    }
    text
}

/// A promised time in the store's time zone: its date ("30.11.2026") when that is not
/// `today`'s, and its time ("13:30").
pub(super) fn promised_time(
    at: chrono::DateTime<chrono::Utc>,
    today: chrono::DateTime<chrono::Utc>,
    timezone: chrono_tz::Tz,
) -> (Option<String>, String) {
    let local = at.with_timezone(&timezone);
    let date = (local.date_naive() != today.with_timezone(&timezone).date_naive())
        .then(|| local.format("%d.%m.%Y").to_string());
    (date, local.format("%H:%M").to_string())
}

impl Shop {
    fn send_order_mail(&self, order: &Order, subject: String, text: String) {
        if order.customer.email.is_empty() {
            return;
        }
        let mailer = self.mailer.clone();
        let to = order.customer.email.clone();
        tokio::spawn(async move { mailer.send(&to, &subject, text).await });
    }

    /// "We have your order": what was ordered and the link to follow it live.
    pub(super) fn mail_confirmation(&self, order: &Order, origin: &str) {
        let brand = &self.config.brand;
        let link = format!("{origin}{}/orders/{}", self.config.base_path, order.token);
        // A pre-order names its time, with the date when it is for a later day.
        let (preorder_de, preorder_en) = order
            .preorder_at
            .map(|at| {
                let when = match promised_time(at, self.clock.now(), self.config.timezone) {
                    (Some(date), time) => format!("{date}, {time}"),
                    (None, time) => time,
                };
                (
                    format!("Vorbestellt für {when} Uhr.\n\n"),
                    format!("Pre-ordered for {when}.\n\n"),
                )
            })
            .unwrap_or_default();
        let text = format!(
            "Guten Tag,\n\nvielen Dank für Ihre Bestellung Nr. {number} bei {brand}. Sie wartet jetzt auf die \
             Bestätigung des Restaurants. Den Stand sehen Sie hier:\n\n{link}\n\n{preorder_de}{lines}\n---\n\n\
             Hello,\n\nthank you for your order no. {number} at {brand}. It is waiting for the restaurant's \
             confirmation. Follow it here:\n\n{link}\n\n{preorder_en}",
            number = order.number,
            lines = lines_text(order),
        );
        let subject = format!("{brand}: Bestellung Nr. {0} / order no. {0}", order.number);
        self.send_order_mail(order, subject, text);
    }

    /// The restaurant cancelled or changed the accepted order: why, and what happens to
    /// the money.
    pub(super) fn mail_correction(&self, order: &Order) {
        let Some(correction) = order.last_correction() else {
            return;
        };
        let brand = &self.config.brand;
        let number = order.number;
        let reason = &correction.reason;
        let refunded = (correction.refunded_cents > 0).then(|| {
            let amount = format_euros(correction.refunded_cents);
            match order.payment.method {
                PaymentMethod::Online => (
                    format!("\n{amount} wurden Ihnen über PayPal erstattet.\n"),
                    format!("\n{amount} has been refunded to you through PayPal.\n"),
                ),
                // A completed cash order: the till gives the cash back.
                PaymentMethod::Cash => (
                    format!("\n{amount} erhalten Sie bar zurück.\n"),
                    format!("\nYou get {amount} back in cash.\n"),
                ),
            }
        });
        let (refund_de, refund_en) = refunded.unwrap_or_default();
        let (subject, text) = match correction.kind {
            CorrectionKind::Cancelled => (
                format!("{brand}: Bestellung Nr. {number} storniert / cancelled"),
                format!(
                    "Guten Tag,\n\nleider musste {brand} Ihre Bestellung Nr. {number} stornieren: \
                     {reason}\n{refund_de}\n---\n\nHello,\n\nSorry, {brand} had to cancel your order \
                     no. {number}: {reason}\n{refund_en}"
                ),
            ),
            CorrectionKind::Changed => (
                format!("{brand}: Bestellung Nr. {number} geändert / changed"),
                format!(
                    "Guten Tag,\n\n{brand} hat Ihre Bestellung Nr. {number} geändert: {reason}\n\n\
                     {lines}{refund_de}\n---\n\nHello,\n\n{brand} changed your order no. {number}: \
                     {reason}\n{refund_en}",
                    lines = lines_text(order),
                ),
            ),
        };
        self.send_order_mail(order, subject, text);
    }

    /// The order is ready at the counter, or the driver set off with it.
    pub(super) fn mail_progress(&self, order: &Order) {
        let brand = &self.config.brand;
        let number = order.number;
        let (subject, text) = match order.status {
            OrderStatus::ReadyForPickup => (
                format!("{brand}: Bestellung Nr. {number} abholbereit / ready for pickup"),
                format!(
                    "Guten Tag,\n\nIhre Bestellung Nr. {number} bei {brand} ist fertig und kann abgeholt \
                     werden.\n\n---\n\nHello,\n\nyour order no. {number} at {brand} is ready for pickup.\n"
                ),
            ),
            OrderStatus::OutForDelivery => (
                format!("{brand}: Bestellung Nr. {number} unterwegs / on its way"),
                format!(
                    "Guten Tag,\n\nIhre Bestellung Nr. {number} bei {brand} ist unterwegs zu Ihnen.\n\n---\n\n\
                     Hello,\n\nyour order no. {number} at {brand} is on its way to you.\n"
                ),
            ),
            _ => return,
        };
        self.send_order_mail(order, subject, text);
    }

    /// The restaurant's answer: accepted with the time, or not accepted with the reason.
    pub(super) fn mail_decision(&self, order: &Order) {
        let brand = &self.config.brand;
        let number = order.number;
        let (subject, text) = match order.status {
            OrderStatus::Accepted => {
                // A pre-order for a later day: with its date.
                let (when_de, when_en) = match order
                    .estimated_ready_at
                    .map(|at| promised_time(at, self.clock.now(), self.config.timezone))
                {
                    Some((Some(date), time)) => (
                        format!("am {date} um {time}"),
                        format!("on {date} at {time}"),
                    ),
                    Some((None, time)) => (format!("um {time}"), format!("at {time}")),
                    None => (String::from("um"), String::from("at")),
                };
                // A phone order had no confirmation mail: this one says what was ordered.
                let ordered = match order.source {
                    OrderSource::Phone => format!("\n{}", lines_text(order)),
                    OrderSource::Online => String::new(),
                };
                (
                    format!("{brand}: Bestellung Nr. {number} angenommen / accepted"),
                    format!(
                        "Guten Tag,\n\n{brand} hat Ihre Bestellung Nr. {number} angenommen. Voraussichtlich \
                         {when_de} Uhr.\n{ordered}\n---\n\nHello,\n\n{brand} accepted your order no. {number}. \
                         Expected {when_en}.\n{receipt}",
                        receipt = tse_text(order, self.config.timezone),
                    ),
                )
            }
            OrderStatus::Rejected => {
                let reason = order.rejection_reason.clone().unwrap_or_default();
                let refund = match order.payment.status {
                    PaymentStatus::Refunded => {
                        "\nDie Zahlung wurde erstattet. / The payment has been refunded.\n"
                    }
                    PaymentStatus::RefundFailed => {
                        "\nDas Restaurant erstattet Ihre Zahlung. / The restaurant will refund your payment.\n"
                    }
                    _ => "",
                };
                (
                    format!("{brand}: Bestellung Nr. {number} nicht angenommen / not accepted"),
                    format!(
                        "Guten Tag,\n\nleider konnte {brand} Ihre Bestellung Nr. {number} nicht annehmen: \
                         {reason}\n{refund}\n---\n\nHello,\n\nSorry, the restaurant couldn't accept your \
                         order no. {number}: {reason}\n"
                    ),
                )
            }
            _ => return,
        };
        self.send_order_mail(order, subject, text);
    }
}
