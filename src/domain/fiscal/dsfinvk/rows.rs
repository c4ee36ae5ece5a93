//! What each closing and each of its orders becomes in the export's files. An order is
//! one transaction (Bonkopf): a sale (`Beleg`), or a rejected order as a cancelled one
//! (`AVBelegabbruch`, as its TSE transaction was cancelled), whose lines are recorded
//! but which counts in no sum of the closing. Its lines (Bonpos) are the goods, then
//! the order's discount (`Rabatt`) and delivery fee, each split over the VAT rates as
//! the order's VAT was, and each line's deposit (`Pfand`, at its drink's rate and
//! undiscounted), so the lines add up to the order's VAT per rate to the cent; extras
//! are the line's sub-items. A tip is a line of its own (`TrinkgeldAN`, the staff's
//! tip, not taxable: VAT key 5) and part of the payment. The closing's sums (Z_GV_Typ, Z_Zahlart,
//! Z_Waehrungen) add up the sales.
//!
//! [`positions`] is the one place where an order becomes lines.

use std::collections::BTreeMap;

use chrono_tz::Tz;

use super::bons::{Bon, bons_of};
use super::files::{FileId, file};
use super::format::{
    amount, date, fit, flag, local_time, percent, quantity, tse_time, unit_amount, whole,
};
use crate::domain::fiscal::closing::DailyClosing;
use crate::domain::fiscal::signing::{OrderTse, TseStep};
use crate::domain::fiscal::tse::{TseRegistration, TseSignature, TxState};
use crate::domain::order::lines::PricedExtra;
use crate::domain::order::{Order, OrderSource, OrderType, PaymentMethod};
use crate::domain::vat::{allocate, split_gross};

/// The DFKA taxonomy version the export follows.
pub const TAXONOMY_VERSION: &str = "2.4";
/// The one TSE of the shop, as transactions refer to it.
const TSE_ID: u32 = 1;

/// What the export says about the shop and its till, the same for every closing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Master {
    /// The till's serial number (Z_KASSE_ID, KASSE_SERIENNR).
    pub till_serial: String,
    pub company_name: String,
    pub street: String,
    pub postcode: String,
    pub city: String,
    /// ISO 3166 alpha-3, e.g. `DEU`.
    pub country: String,
    /// Steuernummer and USt-IdNr. (at least one is required).
    pub tax_number: String,
    pub vat_id: String,
    pub software_version: String,
    /// ISO 4217, e.g. `EUR`.
    pub currency: String,
    /// The cloud TSE, once it was set up.
    pub tse: Option<TseRegistration>,
    pub timezone: Tz,
}

/// The VAT key (UST_SCHLUESSEL) of a rate and its description: the standard's keys
/// for 19 %, 7 % and 0 % (not taxable), any other rate one of the shop's own keys
/// (10000 plus its basis points, above the reserved range).
pub fn vat_key(basis_points: u32) -> (u32, String) {
    match basis_points {
        1900 => (1, "Allgemeiner Steuersatz (§ 12 Abs. 1 UStG)".into()),
        700 => (2, "Ermäßigter Steuersatz (§ 12 Abs. 2 UStG)".into()),
        0 => (5, "Nicht steuerbar".into()),
        other => (10_000 + other, format!("Steuersatz {} %", percent(other))),
    }
}

/// How an order was paid, as the standard names it (ZAHLART_TYP, ZAHLART_NAME).
fn payment_type(method: PaymentMethod) -> (&'static str, &'static str) {
    match method {
        PaymentMethod::Cash => ("Bar", "Bar"),
        PaymentMethod::Online => ("ElZahlungsdienstleister", "PayPal"),
    }
}

/// One line of a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub text: String,
    /// `Umsatz`, `Rabatt`, `Pfand` or `TrinkgeldAN`.
    pub business_case: &'static str,
    /// The article number and quantity of a sold article; `None` for a discount.
    pub article: Option<(String, u32)>,
    pub rate_basis_points: u32,
    pub gross_cents: i64,
    pub net_cents: i64,
    pub vat_cents: i64,
    pub extras: Vec<PricedExtra>,
}

/// The order's lines: its goods, its discount and its delivery fee per VAT rate and the
/// goods' deposits, with
/// net and VAT such that each rate's lines add up to the order's VAT line.
pub fn positions(order: &Order) -> Vec<Position> {
    let mut positions: Vec<Position> = order
        .lines
        .iter()
        .map(|line| Position {
            text: line.name.clone(),
            business_case: "Umsatz",
            article: Some((
                article_number(line.product_id, line.variant_id),
                line.quantity,
            )),
            rate_basis_points: line.tax_basis_points,
            gross_cents: line.total_cents,
            net_cents: 0,
            vat_cents: 0,
            extras: line.extras.clone(),
        })
        .collect();
    // The same split as the order's VAT (`vat::vat_breakdown`): by each rate's goods.
    let mut goods: BTreeMap<u32, i64> = BTreeMap::new();
    for line in &order.lines {
        *goods.entry(line.tax_basis_points).or_default() += line.total_cents;
    }
    let rates: Vec<u32> = goods.keys().copied().collect();
    let weights: Vec<i64> = goods.values().copied().collect();
    let discounts = allocate(order.totals.discount_cents, &weights);
    let fees = allocate(order.totals.delivery_fee_cents, &weights);
    for (at, rate) in rates.iter().enumerate() {
        if discounts[at] != 0 {
            positions.push(Position {
                text: format!("Rabatt {} %", percent(order.discount_basis_points)),
                business_case: "Rabatt",
                article: None,
                rate_basis_points: *rate,
                gross_cents: -discounts[at],
                net_cents: 0,
                vat_cents: 0,
                extras: Vec::new(),
            });
        }
    }
    // A coupon is a discount of its own, split over the rates the same way.
    if let Some(coupon) = &order.coupon {
        let parts = allocate(order.totals.coupon_cents, &weights);
        for (at, rate) in rates.iter().enumerate() {
            if parts[at] != 0 {
                positions.push(Position {
                    text: format!("Gutschein {}", coupon.code),
                    business_case: "Rabatt",
                    article: None,
                    rate_basis_points: *rate,
                    gross_cents: -parts[at],
                    net_cents: 0,
                    vat_cents: 0,
                    extras: Vec::new(),
                });
            }
        }
    }
    for (at, rate) in rates.iter().enumerate() {
        if fees[at] != 0 {
            positions.push(Position {
                text: "Liefergebühr".into(),
                business_case: "Umsatz",
                article: Some(("LIEFERUNG".into(), 1)),
                rate_basis_points: *rate,
                gross_cents: fees[at],
                net_cents: 0,
                vat_cents: 0,
                extras: Vec::new(),
            });
        }
    }
    // The deposit (Pfand) of each line with one, at its drink's rate and undiscounted.
    for line in order.lines.iter().filter(|line| line.deposit_cents > 0) {
        positions.push(Position {
            text: format!("Pfand {}", line.name),
            business_case: "Pfand",
            article: Some((
                format!("PFAND-{}", article_number(line.product_id, line.variant_id)),
                line.quantity,
            )),
            rate_basis_points: line.tax_basis_points,
            gross_cents: line.deposit_total_cents(),
            net_cents: 0,
            vat_cents: 0,
            extras: Vec::new(),
        });
    }
    for position in &mut positions {
        let (net, _) = split_gross(position.gross_cents, position.rate_basis_points);
        position.net_cents = net;
    }
    // Rounding per line may differ from the order's VAT by a cent or two: the largest
    // line of the rate takes the difference, so the lines add up to the receipt.
    for line in &order.vat {
        let of_rate =
            |position: &&mut Position| position.rate_basis_points == line.rate_basis_points;
        let sum: i64 = positions
            .iter_mut()
            .filter(of_rate)
            .map(|position| position.net_cents)
            .sum();
        if let Some(largest) = positions
            .iter_mut()
            .filter(of_rate)
            .max_by_key(|position| position.gross_cents.abs())
        {
            largest.net_cents += line.net_cents - sum;
        }
    }
    for position in &mut positions {
        position.vat_cents = position.gross_cents - position.net_cents;
    }
    // The tip: the team's, paid with the order, outside the VAT base (after the VAT
    // lines were matched, so a 0 % product's line never takes it over).
    if order.totals.tip_cents != 0 {
        positions.push(Position {
            text: "Trinkgeld".into(),
            business_case: TIP,
            article: None,
            rate_basis_points: 0,
            gross_cents: order.totals.tip_cents,
            net_cents: order.totals.tip_cents,
            vat_cents: 0,
            extras: Vec::new(),
        });
    }
    positions
}

/// The business case of a tip for the staff (Geschäftsvorfall `TrinkgeldAN`).
pub const TIP: &str = "TrinkgeldAN";

fn article_number(product_id: u64, variant_id: Option<u64>) -> String {
    match variant_id {
        Some(variant) => format!("{product_id}-{variant}"),
        None => product_id.to_string(),
    }
}

/// A row of one file, its fields set by column name.
struct Row {
    id: FileId,
    fields: Vec<String>,
}

impl Row {
    fn new(id: FileId, closing: &ClosingKey) -> Row {
        let mut row = Row {
            id,
            fields: vec![String::new(); file(id).columns.len()],
        };
        row.set("Z_KASSE_ID", &closing.till);
        row.set("Z_ERSTELLUNG", &closing.created);
        row.set("Z_NR", &closing.number);
        row
    }

    fn set(&mut self, column: &str, value: &str) -> &mut Row {
        let definition = file(self.id);
        match definition.index_of(column) {
            Some(at) => self.fields[at] = value.to_string(),
            None => debug_assert!(false, "{} has no column {column}", definition.url),
        }
        self
    }

    /// A text cut to its column's length.
    fn text(&mut self, column: &str, value: &str) -> &mut Row {
        let definition = file(self.id);
        let max = definition
            .index_of(column)
            .and_then(|at| match definition.columns[at].kind {
                super::files::Kind::Text(max) => Some(max),
                super::files::Kind::Number(_) => None,
            })
            .unwrap_or(u16::MAX);
        self.set(column, &fit(value, max))
    }
}

/// The three fields that tie a row to its closing.
struct ClosingKey {
    till: String,
    created: String,
    number: String,
}

/// Sums per key in the order the keys first appeared.
#[derive(Default)]
struct Sums<K: Ord + Clone> {
    order: Vec<K>,
    values: BTreeMap<K, [i64; 3]>,
}

impl<K: Ord + Clone> Sums<K> {
    fn add(&mut self, key: K, values: [i64; 3]) {
        let entry = self.values.entry(key.clone()).or_insert_with(|| {
            self.order.push(key);
            [0; 3]
        });
        for (sum, value) in entry.iter_mut().zip(values) {
            *sum += value;
        }
    }

    fn each(&self) -> impl Iterator<Item = (&K, [i64; 3])> {
        self.order
            .iter()
            .filter_map(|key| self.values.get(key).map(|values| (key, *values)))
    }
}

/// Every row of `closing` with its `orders` (any order; they are sorted by id), handed
/// to `emit` file by file in the order of the files' rows.
pub fn closing_rows(
    master: &Master,
    closing: &DailyClosing,
    orders: &[Order],
    emit: &mut impl FnMut(FileId, Vec<String>),
) {
    let key = ClosingKey {
        till: master.till_serial.clone(),
        created: local_time(closing.closed_at, master.timezone),
        number: whole(closing.number),
    };
    let mut orders: Vec<&Order> = orders.iter().collect();
    orders.sort_by_key(|order| order.id);
    let mut business_cases: Sums<(&'static str, String, u32)> = Sums::default();
    let mut payments: Sums<(&'static str, &'static str)> = Sums::default();
    let mut vat_keys: BTreeMap<u32, (u32, String)> = BTreeMap::new();
    let mut cash = 0;
    let mut paid = 0;
    for order in &orders {
        for bon in bons_of(order) {
            for line in &bon.lines {
                let (code, description) = vat_key(line.rate_basis_points);
                vat_keys.insert(code, (line.rate_basis_points, description));
                if bon.sold {
                    business_cases.add(
                        (line.business_case, String::new(), code),
                        [line.gross_cents, line.net_cents, line.vat_cents],
                    );
                }
            }
            if bon.sold {
                let kind = payment_type(order.payment.method);
                payments.add(kind, [bon.total_cents, 0, 0]);
                paid += bon.total_cents;
                if order.payment.method == PaymentMethod::Cash {
                    cash += bon.total_cents;
                }
            }
            transaction_rows(master, &key, &bon, emit);
        }
    }

    let mut row = Row::new(FileId::CashPointClosing, &key);
    row.set("Z_BUCHUNGSTAG", &date(closing.business_date))
        .set("TAXONOMIE_VERSION", TAXONOMY_VERSION)
        .set(
            "Z_START_ID",
            &orders
                .first()
                .map(|order| order.id.to_string())
                .unwrap_or_default(),
        )
        .set(
            "Z_ENDE_ID",
            &orders
                .last()
                .map(|order| order.id.to_string())
                .unwrap_or_default(),
        )
        .text("NAME", &master.company_name)
        .text("STRASSE", &master.street)
        .text("PLZ", &master.postcode)
        .text("ORT", &master.city)
        .text("LAND", &master.country)
        .text("STNR", &master.tax_number)
        .text("USTID", &master.vat_id)
        .set("Z_SE_ZAHLUNGEN", &amount(paid))
        .set("Z_SE_BARZAHLUNGEN", &amount(cash));
    emit(row.id, row.fields);

    let mut row = Row::new(FileId::Location, &key);
    row.text("LOC_NAME", &master.company_name)
        .text("LOC_STRASSE", &master.street)
        .text("LOC_PLZ", &master.postcode)
        .text("LOC_ORT", &master.city)
        .text("LOC_LAND", &master.country)
        .text("LOC_USTID", &master.vat_id);
    emit(row.id, row.fields);

    let mut row = Row::new(FileId::CashRegister, &key);
    row.set("KASSE_BRAND", "heimservice")
        .set("KASSE_MODELL", "Online-Bestellsystem")
        .text("KASSE_SERIENNR", &master.till_serial)
        .set("KASSE_SW_BRAND", "heimservice")
        .text("KASSE_SW_VERSION", &master.software_version)
        .text("KASSE_BASISWAEH_CODE", &master.currency)
        .set("KEINE_UST_ZUORDNUNG", &flag(false));
    emit(row.id, row.fields);

    if let Some(tse) = &master.tse {
        let certificate: Vec<char> = tse.tss_certificate.chars().collect();
        let (first, rest) = certificate.split_at(certificate.len().min(1000));
        let mut row = Row::new(FileId::Tse, &key);
        row.set("TSE_ID", &whole(TSE_ID))
            .text("TSE_SERIAL", &tse.tss_serial_number)
            .text("TSE_SIG_ALGO", &tse.signature_algorithm)
            .text("TSE_ZEITFORMAT", &tse.signature_timestamp_format)
            .set("TSE_PD_ENCODING", "UTF-8")
            .text("TSE_PUBLIC_KEY", &tse.tss_public_key)
            .set("TSE_ZERTIFIKAT_I", &first.iter().collect::<String>())
            // The rest whole: a certificate is never cut.
            .set("TSE_ZERTIFIKAT_II", &rest.iter().collect::<String>());
        emit(row.id, row.fields);
    }

    for (code, (basis_points, description)) in &vat_keys {
        let mut row = Row::new(FileId::Vat, &key);
        row.set("UST_SCHLUESSEL", &whole(*code))
            .set("UST_SATZ", &percent(*basis_points))
            .text("UST_BESCHR", description);
        emit(row.id, row.fields);
    }

    for ((business_case, name, code), [gross, net, vat]) in business_cases.each() {
        let mut row = Row::new(FileId::BusinessCases, &key);
        row.set("GV_TYP", business_case)
            .text("GV_NAME", name)
            .set("AGENTUR_ID", "0")
            .set("UST_SCHLUESSEL", &whole(*code))
            .set("Z_UMS_BRUTTO", &amount(gross))
            .set("Z_UMS_NETTO", &amount(net))
            .set("Z_UST", &amount(vat));
        emit(row.id, row.fields);
    }

    for ((kind, name), [sum, _, _]) in payments.each() {
        let mut row = Row::new(FileId::Payment, &key);
        row.set("ZAHLART_TYP", kind)
            .set("ZAHLART_NAME", name)
            .set("Z_ZAHLART_BETRAG", &amount(sum));
        emit(row.id, row.fields);
    }

    let mut row = Row::new(FileId::CashPerCurrency, &key);
    row.text("ZAHLART_WAEH", &master.currency)
        .set("ZAHLART_BETRAG_WAEH", &amount(cash));
    emit(row.id, row.fields);
}

/// The rows of one Bon: its transaction with its VAT, payment, allocation group,
/// lines (with VAT and sub-items), the Bon a Storno reverses and its TSE transaction.
fn transaction_rows(
    master: &Master,
    key: &ClosingKey,
    bon: &Bon<'_>,
    emit: &mut impl FnMut(FileId, Vec<String>),
) {
    let order = bon.order;
    let lines = &bon.lines;
    let bon_id = bon.id.as_str();
    let (operator, operator_name) = match order.source {
        OrderSource::Online => ("online", "Onlineshop"),
        OrderSource::Phone => ("telefon", "Telefonbestellung"),
    };
    let mut row = Row::new(FileId::Transactions, key);
    row.set("BON_ID", bon_id)
        .set("BON_NR", &whole(order.number))
        .set("BON_TYP", if bon.sold { "Beleg" } else { "AVBelegabbruch" })
        .set("BON_STORNO", &flag(bon.storno))
        .set("BON_START", &local_time(bon.started_at, master.timezone))
        .set("BON_ENDE", &local_time(bon.ended_at, master.timezone))
        .set("BEDIENER_ID", operator)
        .set("BEDIENER_NAME", operator_name)
        .set("UMS_BRUTTO", &amount(bon.total_cents));
    emit(row.id, row.fields);

    if let Some(reversed) = &bon.refers_to {
        let mut row = Row::new(FileId::References, key);
        row.set("BON_ID", bon_id)
            .set("REF_TYP", "Transaktion")
            .set("REF_DATUM", &key.created)
            .set("REF_Z_KASSE_ID", &key.till)
            .set("REF_Z_NR", &key.number)
            .set("REF_BON_ID", reversed);
        emit(row.id, row.fields);
    }

    let mut row = Row::new(FileId::AllocationGroups, key);
    row.set("BON_ID", bon_id).set(
        "ABRECHNUNGSKREIS",
        match order.order_type {
            OrderType::Delivery => "Lieferung",
            OrderType::Pickup => "Abholung",
            OrderType::DineIn => "Tisch",
        },
    );
    emit(row.id, row.fields);

    if bon.sold {
        let (kind, name) = payment_type(order.payment.method);
        let mut row = Row::new(FileId::DataPayment, key);
        row.set("BON_ID", bon_id)
            .set("ZAHLART_TYP", kind)
            .set("ZAHLART_NAME", name)
            .text("ZAHLWAEH_CODE", &master.currency)
            .set("BASISWAEH_BETRAG", &amount(bon.total_cents));
        emit(row.id, row.fields);
    }

    // A Storno's quantities are negative; the price of a piece stays as it was.
    let sign = if bon.storno { -1 } else { 1 };
    let negated = |quantity: String| {
        if bon.storno {
            format!("-{quantity}")
        } else {
            quantity
        }
    };
    let mut per_rate: BTreeMap<u32, [i64; 3]> = BTreeMap::new();
    for (at, line) in lines.iter().enumerate() {
        let number = (at + 1).to_string();
        let (code, _) = vat_key(line.rate_basis_points);
        let sums = per_rate.entry(code).or_default();
        sums[0] += line.gross_cents;
        sums[1] += line.net_cents;
        sums[2] += line.vat_cents;
        let mut row = Row::new(FileId::Lines, key);
        row.set("BON_ID", bon_id)
            .set("POS_ZEILE", &number)
            .text("ARTIKELTEXT", &line.text)
            .set("GV_TYP", line.business_case)
            .set("INHAUS", &flag(false))
            .set("P_STORNO", &flag(false))
            .set("AGENTUR_ID", "0");
        if let Some((article, count)) = &line.article {
            row.text("ART_NR", article)
                .set("MENGE", &negated(quantity(*count)))
                .set("EINHEIT", "Stück")
                .set("STK_BR", &unit_amount(sign * line.gross_cents, *count));
        }
        emit(row.id, row.fields);

        let mut row = Row::new(FileId::LinesVat, key);
        row.set("BON_ID", bon_id)
            .set("POS_ZEILE", &number)
            .set("UST_SCHLUESSEL", &whole(code))
            .set("POS_BRUTTO", &amount(line.gross_cents))
            .set("POS_NETTO", &amount(line.net_cents))
            .set("POS_UST", &amount(line.vat_cents));
        emit(row.id, row.fields);

        let count = line.article.as_ref().map_or(1, |(_, count)| *count);
        for extra in &line.extras {
            let mut row = Row::new(FileId::SubItems, key);
            row.set("BON_ID", bon_id)
                .set("POS_ZEILE", &number)
                .set("ZI_ART_NR", &format!("Z{}", extra.topping_id))
                .text("ZI_NAME", &extra.name)
                .set(
                    "ZI_MENGE",
                    &negated(quantity(extra.quantity.saturating_mul(count))),
                )
                .set("ZI_EINHEIT", "Stück")
                .set("ZI_UST_SCHLUESSEL", &whole(code))
                .set("ZI_BASISPREIS_BRUTTO", &amount(extra.price_cents));
            emit(row.id, row.fields);
        }
    }

    for (code, [gross, net, vat]) in per_rate {
        let mut row = Row::new(FileId::TransactionsVat, key);
        row.set("BON_ID", bon_id)
            .set("UST_SCHLUESSEL", &whole(code))
            .set("BON_BRUTTO", &amount(gross))
            .set("BON_NETTO", &amount(net))
            .set("BON_UST", &amount(vat));
        emit(row.id, row.fields);
    }

    if let Some(tse) = bon.tse {
        let mut row = Row::new(FileId::TransactionsTse, key);
        row.set("BON_ID", bon_id).set("TSE_ID", &whole(TSE_ID));
        match tse {
            OrderTse::Signed { signature } => {
                signed(&mut row, signature, true);
                if signature.state == TxState::Active {
                    row.text("TSE_TA_FEHLER", "Transaktion nicht abgeschlossen");
                }
            }
            OrderTse::Failed {
                step,
                reason,
                started,
                ..
            } => {
                if let Some(started) = started {
                    signed(&mut row, started, false);
                }
                let step = match step {
                    TseStep::Start => "Start",
                    TseStep::Finish => "Abschluss",
                    TseStep::Cancel => "Abbruch",
                };
                row.text(
                    "TSE_TA_FEHLER",
                    &format!("TSE ausgefallen ({step} nicht signiert): {reason}"),
                );
            }
        }
        emit(row.id, row.fields);
    }
}

/// The TSE fields of a signed transaction; `ended` when `signature` is the answer to
/// its end (else only its number and start are known).
fn signed(row: &mut Row, signature: &TseSignature, ended: bool) {
    row.set("TSE_TANR", &whole(signature.number))
        .set("TSE_TA_START", &tse_time(signature.time_start));
    if !ended || signature.state == TxState::Active {
        return;
    }
    let (process_type, process_data) = signature.process();
    row.set(
        "TSE_TA_ENDE",
        &signature.time_end.map(tse_time).unwrap_or_default(),
    )
    .text("TSE_TA_VORGANGSART", process_type)
    .set("TSE_TA_SIGZ", &whole(signature.signature.counter))
    .text("TSE_TA_SIG", &signature.signature.value)
    .text("TSE_VORGANGSDATEN", process_data);
}
