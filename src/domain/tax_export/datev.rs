//! The month's revenue as a DATEV "Buchungsstapel" (DATEV-Format, `EXTF`, version 700,
//! category 21, format version 13), the file a tax adviser imports into DATEV
//! Rechnungswesen: line 1 the header, line 2 the column headings, then one booking per
//! business day, payment method and VAT rate (cash or PayPal clearing to revenue, gross,
//! Soll), and one per business day for the tips paid online (PayPal clearing to the
//! tips' pass-through account, no VAT: they are the staff's), Windows-1252, `;` between fields, texts in quotes, CRLF. The header's fields
//! and the columns are defined once here; the accounts come from the chart of accounts
//! (SKR03 or SKR04) unless the configuration names others.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, NaiveDate, Utc};

use super::payment_name;
use crate::domain::fiscal::closing::DailyClosing;
use crate::domain::fiscal::dsfinvk::format::{amount, percent};
use crate::domain::order::{Order, PaymentMethod};
use crate::domain::period::Period;
use crate::domain::printing::escpos::cp1252_byte;

/// The format version of a Buchungsstapel with [`COLUMNS`].
pub const FORMAT_VERSION: u32 = 13;

/// The column headings of a Buchungsstapel, format version 13 (125 columns, read by
/// position).
pub const COLUMNS: [&str; 125] = [
    "Umsatz (ohne Soll/Haben-Kz)",
    "Soll/Haben-Kennzeichen",
    "WKZ Umsatz",
    "Kurs",
    "Basisumsatz",
    "WKZ Basisumsatz",
    "Konto",
    "Gegenkonto (ohne BU-Schlüssel)",
    "BU-Schlüssel",
    "Belegdatum",
    "Belegfeld 1",
    "Belegfeld 2",
    "Skonto",
    "Buchungstext",
    "Postensperre",
    "Diverse Adressnummer",
    "Geschäftspartnerbank",
    "Sachverhalt",
    "Zinssperre",
    "Beleglink",
    "Beleginfo – Art 1",
    "Beleginfo – Inhalt 1",
    "Beleginfo – Art 2",
    "Beleginfo – Inhalt 2",
    "Beleginfo – Art 3",
    "Beleginfo – Inhalt 3",
    "Beleginfo – Art 4",
    "Beleginfo – Inhalt 4",
    "Beleginfo – Art 5",
    "Beleginfo – Inhalt 5",
    "Beleginfo – Art 6",
    "Beleginfo – Inhalt 6",
    "Beleginfo – Art 7",
    "Beleginfo – Inhalt 7",
    "Beleginfo – Art 8",
    "Beleginfo – Inhalt 8",
    "KOST1 – Kostenstelle",
    "KOST2 – Kostenstelle",
    "Kost Menge",
    "EU-Land u. USt-IdNr.",
    "EU-Steuersatz",
    "Abw. Versteuerungsart",
    "Sachverhalt L+L",
    "Funktionsergänzung L+L",
    "BU 49 Hauptfunktionstyp",
    "BU 49 Hauptfunktionsnummer",
    "BU 49 Funktionsergänzung",
    "Zusatzinformation – Art 1",
    "Zusatzinformation – Inhalt 1",
    "Zusatzinformation – Art 2",
    "Zusatzinformation – Inhalt 2",
    "Zusatzinformation – Art 3",
    "Zusatzinformation – Inhalt 3",
    "Zusatzinformation – Art 4",
    "Zusatzinformation – Inhalt 4",
    "Zusatzinformation – Art 5",
    "Zusatzinformation – Inhalt 5",
    "Zusatzinformation – Art 6",
    "Zusatzinformation – Inhalt 6",
    "Zusatzinformation – Art 7",
    "Zusatzinformation – Inhalt 7",
    "Zusatzinformation – Art 8",
    "Zusatzinformation – Inhalt 8",
    "Zusatzinformation – Art 9",
    "Zusatzinformation – Inhalt 9",
    "Zusatzinformation – Art 10",
    "Zusatzinformation – Inhalt 10",
    "Zusatzinformation – Art 11",
    "Zusatzinformation – Inhalt 11",
    "Zusatzinformation – Art 12",
    "Zusatzinformation – Inhalt 12",
    "Zusatzinformation – Art 13",
    "Zusatzinformation – Inhalt 13",
    "Zusatzinformation – Art 14",
    "Zusatzinformation – Inhalt 14",
    "Zusatzinformation – Art 15",
    "Zusatzinformation – Inhalt 15",
    "Zusatzinformation – Art 16",
    "Zusatzinformation – Inhalt 16",
    "Zusatzinformation – Art 17",
    "Zusatzinformation – Inhalt 17",
    "Zusatzinformation – Art 18",
    "Zusatzinformation – Inhalt 18",
    "Zusatzinformation – Art 19",
    "Zusatzinformation – Inhalt 19",
    "Zusatzinformation – Art 20",
    "Zusatzinformation – Inhalt 20",
    "Stück",
    "Gewicht",
    "Zahlweise",
    "Forderungsart",
    "Veranlagungsjahr",
    "Zugeordnete Fälligkeit",
    "Skontotyp",
    "Auftragsnummer",
    "Buchungstyp",
    "USt-Schlüssel (Anzahlungen)",
    "EU-Mitgliedstaat (Anzahlungen)",
    "Sachverhalt L+L (Anzahlungen)",
    "EU-Steuersatz (Anzahlungen)",
    "Erlöskonto (Anzahlungen)",
    "Herkunft-Kz",
    "Leerfeld",
    "KOST-Datum",
    "SEPA-Mandatsreferenz",
    "Skontosperre",
    "Gesellschaftername",
    "Beteiligtennummer",
    "Identifikationsnummer",
    "Zeichnernummer",
    "Postensperre bis",
    "Bezeichnung",
    "Kennzeichen",
    "Festschreibung",
    "Leistungsdatum",
    "Datum Zuord.",
    "Fälligkeit",
    "Generalumkehr",
    "Steuersatz",
    "Land",
    "Abrechnungsreferent",
    "BVV-Position",
    "EU-Mitgliedstaat u. UStID (Ursprung)",
    "EU-Steuersatz (Ursprung)",
    "Abw. Skontokonto",
];

/// A chart of accounts (Standardkontenrahmen) and its usual accounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chart {
    Skr03,
    Skr04,
}

/// The accounts the bookings use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accounts {
    /// Kasse.
    pub cash: String,
    /// Where PayPal payments are booked until they reach the bank (Geldtransit).
    pub paypal: String,
    /// Erlöse 19 % and 7 % USt (DATEV's automatic accounts: they carry their VAT).
    pub revenue_19: String,
    pub revenue_7: String,
    /// Revenue at any other rate.
    pub revenue_other: String,
    /// The customers' tips for the staff, passed on to them (Durchlaufende Posten):
    /// not revenue, no VAT.
    pub tips: String,
}

impl Chart {
    pub fn parse(text: &str) -> Option<Chart> {
        match text.trim().to_ascii_uppercase().as_str() {
            "SKR03" => Some(Chart::Skr03),
            "SKR04" => Some(Chart::Skr04),
            _ => None,
        }
    }

    /// The chart's usual accounts: Kasse, Geldtransit, Erlöse 19 %, 7 %, Erlöse,
    /// Durchlaufende Posten.
    pub fn accounts(self) -> Accounts {
        let [cash, paypal, revenue_19, revenue_7, revenue_other, tips] = match self {
            Chart::Skr03 => ["1000", "1360", "8400", "8300", "8200", "1590"],
            Chart::Skr04 => ["1600", "1460", "4400", "4300", "4200", "1370"],
        };
        Accounts {
            cash: cash.into(),
            paypal: paypal.into(),
            revenue_19: revenue_19.into(),
            revenue_7: revenue_7.into(),
            revenue_other: revenue_other.into(),
            tips: tips.into(),
        }
    }
}

/// What the adviser's DATEV needs to take the file: the adviser's and the client's
/// numbers, the length of the accounts, the accounts and tax keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatevSettings {
    /// Beraternummer (1001–9999999).
    pub consultant_number: u32,
    /// Mandantennummer (1–99999).
    pub client_number: u32,
    /// Sachkontenlänge (4–8).
    pub account_length: u8,
    pub accounts: Accounts,
    /// BU-Schlüssel for 19 % and 7 %; empty for DATEV's automatic revenue accounts.
    pub tax_key_19: String,
    pub tax_key_7: String,
}

/// One booking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    pub date: NaiveDate,
    pub gross_cents: i64,
    pub account: String,
    pub contra_account: String,
    pub tax_key: String,
    /// Belegfeld 1: the daily closing (`Z12`) or the business day (`20261123`).
    pub document: String,
    pub text: String,
}

/// The bookings of `orders`: per business day, payment method and VAT rate, the gross
/// revenue from the cash or PayPal account to the revenue account of the rate; then
/// the day's tips from the PayPal account to the tips' account, without a tax key.
pub fn bookings(
    orders: &[Order],
    closings: &[DailyClosing],
    settings: &DatevSettings,
) -> Vec<Booking> {
    let closed: BTreeMap<NaiveDate, u64> = closings
        .iter()
        .map(|closing| (closing.business_date, closing.number))
        .collect();
    // (day, cash before online, revenue before tips, VAT rate).
    let mut sums: BTreeMap<(NaiveDate, u8, u8, u32), (PaymentMethod, i64)> = BTreeMap::new();
    for order in orders.iter().filter(|order| order.is_sale()) {
        let method = order.payment.method;
        let method_order = match method {
            PaymentMethod::Cash => 0,
            PaymentMethod::Online => 1,
        };
        for line in &order.vat {
            let entry = sums
                .entry((order.business_date, method_order, 0, line.rate_basis_points))
                .or_insert((method, 0));
            entry.1 += line.gross_cents;
        }
        if order.totals.tip_cents != 0 {
            let entry = sums
                .entry((order.business_date, method_order, 1, 0))
                .or_insert((method, 0));
            entry.1 += order.totals.tip_cents;
        }
    }
    let accounts = &settings.accounts;
    let no_key = String::new();
    sums.into_iter()
        .filter(|(_, (_, gross))| *gross != 0)
        .map(|((date, _, kind, rate), (method, gross))| {
            let (contra_account, tax_key) = match (kind, rate) {
                (1, _) => (&accounts.tips, &no_key),
                (_, 1900) => (&accounts.revenue_19, &settings.tax_key_19),
                (_, 700) => (&accounts.revenue_7, &settings.tax_key_7),
                _ => (&accounts.revenue_other, &no_key),
            };
            let what = if kind == 1 {
                "Trinkgeld".to_string()
            } else {
                format!("Umsatz {} %", percent(rate))
            };
            Booking {
                date,
                gross_cents: gross,
                account: match method {
                    PaymentMethod::Cash => accounts.cash.clone(),
                    PaymentMethod::Online => accounts.paypal.clone(),
                },
                contra_account: contra_account.clone(),
                tax_key: tax_key.clone(),
                document: closed.get(&date).map_or_else(
                    || date.format("%Y%m%d").to_string(),
                    |number| format!("Z{number}"),
                ),
                text: format!(
                    "{what} {} {}",
                    payment_name(method),
                    date.format("%d.%m.%Y")
                ),
            }
        })
        .collect()
}

/// A text field: quoted, quotes doubled, cut to `max` characters.
fn quoted(text: &str, max: usize) -> String {
    let cut: String = text.chars().filter(|c| !c.is_control()).take(max).collect();
    format!("\"{}\"", cut.replace('"', "\"\""))
}

/// The header (line 1), field by field with its name.
pub fn header_fields(
    settings: &DatevSettings,
    period: Period,
    created: DateTime<Utc>,
    label: &str,
) -> [(&'static str, String); 31] {
    let day = |date: NaiveDate| date.format("%Y%m%d").to_string();
    let fiscal_year_start =
        NaiveDate::from_ymd_opt(period.from.year(), 1, 1).unwrap_or(period.from);
    let empty = String::new;
    [
        ("Kennzeichen", "\"EXTF\"".into()),
        ("Versionsnummer", "700".into()),
        ("Formatkategorie", "21".into()),
        ("Formatname", "\"Buchungsstapel\"".into()),
        ("Formatversion", FORMAT_VERSION.to_string()),
        ("Erzeugt am", created.format("%Y%m%d%H%M%S%3f").to_string()),
        ("Importiert", empty()),
        ("Herkunft", "\"RE\"".into()),
        ("Exportiert von", quoted("heimservice", 25)),
        ("Importiert von", empty()),
        ("Berater", settings.consultant_number.to_string()),
        ("Mandant", settings.client_number.to_string()),
        ("WJ-Beginn", day(fiscal_year_start)),
        ("Sachkontenlänge", settings.account_length.to_string()),
        ("Datum vom", day(period.from)),
        ("Datum bis", day(period.to)),
        ("Bezeichnung", quoted(label, 30)),
        ("Diktatkürzel", empty()),
        ("Buchungstyp", "1".into()),
        ("Rechnungslegungszweck", empty()),
        ("Festschreibung", "0".into()),
        ("WKZ", "\"EUR\"".into()),
        ("Reserviert 1", empty()),
        ("Derivatskennzeichen", empty()),
        ("Reserviert 2", empty()),
        ("Reserviert 3", empty()),
        ("Sachkontenrahmen", empty()),
        ("ID der Branchenlösung", empty()),
        ("Reserviert 4", empty()),
        ("Reserviert 5", empty()),
        ("Anwendungsinformation", empty()),
    ]
}

fn column(name: &str) -> usize {
    COLUMNS
        .iter()
        .position(|column| *column == name)
        .unwrap_or(0)
}

/// The Buchungsstapel of `bookings` for `period` as text (before its encoding).
pub fn buchungsstapel_text(
    bookings: &[Booking],
    settings: &DatevSettings,
    period: Period,
    created: DateTime<Utc>,
    label: &str,
) -> String {
    let header: Vec<String> = header_fields(settings, period, created, label)
        .into_iter()
        .map(|(_, value)| value)
        .collect();
    let mut text = header.join(";");
    text.push_str("\r\n");
    text.push_str(&COLUMNS.join(";"));
    text.push_str("\r\n");
    for booking in bookings {
        let mut fields = vec![String::new(); COLUMNS.len()];
        fields[column("Umsatz (ohne Soll/Haben-Kz)")] = amount(booking.gross_cents.abs());
        fields[column("Soll/Haben-Kennzeichen")] = if booking.gross_cents < 0 {
            "\"H\""
        } else {
            "\"S\""
        }
        .into();
        fields[column("WKZ Umsatz")] = "\"EUR\"".into();
        fields[column("Konto")] = booking.account.clone();
        fields[column("Gegenkonto (ohne BU-Schlüssel)")] = booking.contra_account.clone();
        if !booking.tax_key.is_empty() {
            fields[column("BU-Schlüssel")] = quoted(&booking.tax_key, 4);
        }
        fields[column("Belegdatum")] = booking.date.format("%d%m").to_string();
        fields[column("Belegfeld 1")] = quoted(&booking.document, 36);
        fields[column("Buchungstext")] = quoted(&booking.text, 60);
        text.push_str(&fields.join(";"));
        text.push_str("\r\n");
    }
    text
}

/// The Buchungsstapel file: Windows-1252, as DATEV reads it.
pub fn buchungsstapel(
    bookings: &[Booking],
    settings: &DatevSettings,
    period: Period,
    created: DateTime<Utc>,
    label: &str,
) -> Vec<u8> {
    buchungsstapel_text(bookings, settings, period, created, label)
        .chars()
        .map(|c| match c {
            '\r' | '\n' => c as u8,
            other => cp1252_byte(other),
        })
        .collect()
}
