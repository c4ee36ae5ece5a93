//! The export of a fixed closing compared with the files under
//! `tests/fixtures/dsfinvk/`, so that a change to a definition or a mapping shows in
//! review. `HEIMSERVICE_UPDATE_GOLDEN=1 cargo test --lib dsfinvk` rewrites them.

use chrono::{DateTime, Utc};

use super::files::FileId;
use super::index_xml::{DataSupplier, index_xml};
use super::rows::{Master, Position, positions};
use super::*;
use crate::domain::day_totals::DayTotals;
use crate::domain::erasure::sample_order;
use crate::domain::fiscal::closing::{ClosedBy, DailyClosing};
use crate::domain::fiscal::signing::{OrderTse, TseStep};
use crate::domain::fiscal::tse::{TseRegistration, TseSignature, TxLog, TxSignature, TxState};
use crate::domain::order::lines::{PricedExtra, PricedLine};
use crate::domain::order::totals::order_totals;
use crate::domain::order::{
    OrderSource, OrderStatus, OrderType, Payment, PaymentMethod, StatusChange,
};
use crate::domain::vat::vat_breakdown;

fn at(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

fn line(product_id: u64, name: &str, cents: i64, quantity: u32, rate: u32) -> PricedLine {
    PricedLine {
        product_id,
        variant_id: None,
        name: name.into(),
        unit_price_cents: cents,
        quantity,
        extras: Vec::new(),
        tax_basis_points: rate,
        allergens: Vec::new(),
        total_cents: cents * i64::from(quantity),
        age_restriction: None,
        deposit_cents: 0,
        from_daily_stock: false,
    }
}

/// An order of `lines` priced as the shop prices one.
fn order(id: u64, lines: Vec<PricedLine>, discount_bp: u32, order_type: OrderType) -> Order {
    let placed = at("2026-11-23T11:00:00Z");
    let mut order = sample_order(id, placed);
    order.number = id as u32;
    order.order_type = order_type;
    let subtotal: i64 = lines.iter().map(|line| line.total_cents).sum();
    let fee = if order_type == OrderType::Delivery {
        250
    } else {
        0
    };
    order.totals = order_totals(
        subtotal,
        order_type,
        (discount_bp > 0).then_some(discount_bp),
        crate::domain::order::totals::DeliveryTerms {
            fee_cents: fee,
            minimum_order_cents: 0,
        },
        crate::domain::order::lines::deposit_cents(&lines),
    );
    let goods: Vec<(u32, i64)> = lines
        .iter()
        .map(|line| (line.tax_basis_points, line.total_cents))
        .collect();
    let deposits: Vec<(u32, i64)> = lines
        .iter()
        .map(|line| (line.tax_basis_points, line.deposit_total_cents()))
        .filter(|(_, deposit)| *deposit > 0)
        .collect();
    order.vat = vat_breakdown(
        &goods,
        &[order.totals.discount_cents],
        order.totals.delivery_fee_cents,
        &deposits,
    );
    order.discount_basis_points = discount_bp;
    order.lines = lines;
    order.status = OrderStatus::Completed;
    order.history = vec![StatusChange {
        status: OrderStatus::Accepted,
        at: at("2026-11-23T11:02:00Z"),
        note: "30 min".into(),
        by: None,
    }];
    order
}

fn signature(number: u64, state: TxState, counter: u64) -> TseSignature {
    TseSignature {
        tx_id: "5f1d7b5e-0000-4000-8000-000000000001".into(),
        tss_id: "tss".into(),
        client_id: "client".into(),
        number,
        state,
        revision: 2,
        latest_revision: 2,
        time_start: at("2026-11-23T11:00:01Z").timestamp(),
        time_end: Some(at("2026-11-23T11:02:01Z").timestamp()),
        tss_serial_number: "a1b2c3".into(),
        client_serial_number: "Kasse 1".into(),
        signature: TxSignature {
            value: "c2lnbmF0dXJl".into(),
            counter,
            algorithm: "ecdsa-plain-SHA256".into(),
            public_key: "cHVibGlj".into(),
        },
        log: TxLog {
            operation: "Finish".into(),
            timestamp: at("2026-11-23T11:02:01Z").timestamp(),
            timestamp_format: "unixTime".into(),
        },
        qr_code_data: Some(
            "V0;Kasse 1;Kassenbeleg-V1;Beleg^0.00_21.51_0.00_0.00_0.00^21.51:Bar;7;12;2026-11-23T11:00:01.000Z;2026-11-23T11:02:01.000Z;ecdsa-plain-SHA256;unixTime;c2lnbmF0dXJl;cHVibGlj"
                .into(),
        ),
    }
}

/// A cash delivery with a discount, extras and two VAT rates (signed); a PayPal pickup
/// with a tip;
/// a rejected order (cancelled at the TSE); a cash order the TSE missed.
pub(crate) fn fixed_day() -> (Master, DailyClosing, Vec<Order>) {
    let mut pizza = line(11, "Pizza Margherita (groß)", 950, 2, 700);
    pizza.variant_id = Some(3);
    pizza.extras = vec![PricedExtra {
        topping_id: 5,
        name: "Extra Käse".into(),
        price_cents: 100,
        quantity: 1,
        allergens: Vec::new(),
    }];
    pizza.total_cents = (950 + 100) * 2;
    let mut cash = order(
        1,
        vec![pizza, line(20, "Cola 0,33 l", 250, 1, 1900)],
        1000,
        OrderType::Delivery,
    );
    cash.payment = Payment::cash();
    cash.tse = Some(OrderTse::Signed {
        signature: signature(7, TxState::Finished, 12),
    });
    let mut online = order(
        2,
        vec![line(30, "Tiramisu", 550, 1, 700)],
        0,
        OrderType::Pickup,
    );
    online.payment.method = PaymentMethod::Online;
    online.source = OrderSource::Online;
    // A tip of 1,10 € for the team, paid with it.
    online.totals = online.totals.with_tip(110);
    let mut rejected = order(
        3,
        vec![line(30, "Tiramisu", 550, 3, 700)],
        0,
        OrderType::Pickup,
    );
    rejected.status = OrderStatus::Rejected;
    rejected.history = vec![StatusChange {
        status: OrderStatus::Rejected,
        at: at("2026-11-23T11:05:00Z"),
        note: "Zu voll".into(),
        by: None,
    }];
    rejected.tse = Some(OrderTse::Signed {
        signature: TseSignature {
            qr_code_data: None,
            ..signature(8, TxState::Cancelled, 14)
        },
    });
    let mut missed = order(
        4,
        vec![line(20, "Cola 0,33 l", 250, 2, 1900)],
        0,
        OrderType::Pickup,
    );
    missed.payment = Payment::cash();
    missed.source = OrderSource::Phone;
    missed.tse = Some(OrderTse::Failed {
        step: TseStep::Start,
        at: at("2026-11-23T11:00:00Z"),
        reason: "the TSE answered 503".into(),
        started: None,
    });
    let orders = vec![cash, online, rejected, missed];
    let mut totals = DayTotals::default();
    for order in &orders {
        totals.add(&DayTotals::of(order));
    }
    let closing = DailyClosing {
        number: 5,
        business_date: "2026-11-23".parse().unwrap(),
        closed_at: at("2026-11-23T21:00:00Z"),
        closed_by: ClosedBy::Automatic,
        totals,
        unsigned_orders: vec![4],
    };
    let master = Master {
        till_serial: "Kasse 1".into(),
        company_name: "Bella Napoli GmbH".into(),
        street: "Hauptstraße 12".into(),
        postcode: "10115".into(),
        city: "Berlin".into(),
        country: "DEU".into(),
        tax_number: "30/123/45678".into(),
        vat_id: "DE123456789".into(),
        software_version: "1.0.0".into(),
        currency: "EUR".into(),
        tse: Some(TseRegistration {
            tss_id: "tss".into(),
            tss_serial_number: "a1b2c3".into(),
            tss_public_key: "cHVibGlj".into(),
            tss_certificate: "Q0VSVA==".into(),
            signature_algorithm: "ecdsa-plain-SHA256".into(),
            signature_timestamp_format: "unixTime".into(),
            bsi_certification_id: None,
            initialized_at: None,
            client_id: "client".into(),
            client_serial_number: "Kasse 1".into(),
        }),
        timezone: chrono_tz::Europe::Berlin,
    };
    (master, closing, orders)
}

fn golden(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dsfinvk")
        .join(name);
    if std::env::var_os("HEIMSERVICE_UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert!(
        expected == actual,
        "{name} differs from {}; if the change is meant, rewrite it with HEIMSERVICE_UPDATE_GOLDEN=1\n{actual}",
        path.display()
    );
}

fn supplier() -> DataSupplier {
    DataSupplier {
        name: "Bella Napoli GmbH".into(),
        location: "Hauptstraße 12, 10115 Berlin".into(),
        comment: "DSFinV-K 2.4, 2026-11-23 bis 2026-11-23".into(),
    }
}

#[test]
fn the_index_xml_is_the_golden_one() {
    golden("index.xml", &index_xml(&supplier()));
}

#[test]
fn the_transactions_and_lines_of_a_fixed_day_are_the_golden_ones() {
    let (master, closing, orders) = fixed_day();
    let files = csv_files(&master, &[(closing, orders)]);
    for (id, name) in [
        (FileId::Transactions, "transactions.csv"),
        (FileId::Lines, "lines.csv"),
        (FileId::LinesVat, "lines_vat.csv"),
        (FileId::BusinessCases, "businesscases.csv"),
        (FileId::TransactionsTse, "transactions_tse.csv"),
    ] {
        golden(name, &files[&id]);
    }
}

#[test]
fn the_lines_of_an_order_add_up_to_its_vat_per_rate() {
    let (_, _, orders) = fixed_day();
    for order in &orders {
        let lines = positions(order);
        for vat in &order.vat {
            let of_rate = lines
                .iter()
                .filter(|line| line.rate_basis_points == vat.rate_basis_points);
            let sums = of_rate.fold([0; 3], |sums, line| {
                [
                    sums[0] + line.gross_cents,
                    sums[1] + line.net_cents,
                    sums[2] + line.vat_cents,
                ]
            });
            assert_eq!(
                sums,
                [vat.gross_cents, vat.net_cents, vat.vat_cents],
                "{}",
                order.id
            );
        }
        let gross: i64 = lines.iter().map(|line| line.gross_cents).sum();
        assert_eq!(gross, order.totals.total_cents);
    }
}

#[test]
fn a_deposit_is_a_pfand_line_at_its_drinks_rate_undiscounted() {
    let mut cola = line(7, "Coca-Cola (0,33 l)", 280, 2, 1900);
    cola.deposit_cents = 15;
    let pizza = line(3, "Pizza Margherita", 890, 1, 700);
    let order = order(9, vec![pizza, cola], 1000, OrderType::Delivery);
    assert_eq!(order.totals.deposit_cents, 30);
    let lines = positions(&order);
    let pfand: Vec<&Position> = lines
        .iter()
        .filter(|line| line.business_case == "Pfand")
        .collect();
    assert_eq!(pfand.len(), 1);
    assert_eq!(pfand[0].rate_basis_points, 1900);
    assert_eq!(pfand[0].gross_cents, 30, "2 × 0,15 €, not discounted");
    assert_eq!(pfand[0].article, Some(("PFAND-7".to_string(), 2)));
    for vat in &order.vat {
        let of_rate = lines
            .iter()
            .filter(|line| line.rate_basis_points == vat.rate_basis_points);
        let (gross, net) = of_rate.fold((0, 0), |(g, n), line| {
            (g + line.gross_cents, n + line.net_cents)
        });
        assert_eq!((gross, net), (vat.gross_cents, vat.net_cents));
    }
    let gross: i64 = lines.iter().map(|line| line.gross_cents).sum();
    assert_eq!(gross, order.totals.total_cents);
}

#[test]
fn the_closing_sums_are_the_closings_figures() {
    let (master, closing, orders) = fixed_day();
    let totals = closing.totals.clone();
    let files = csv_files(&master, &[(closing, orders)]);
    let cents = |text: &str| -> i64 { text.replace(',', "").parse().unwrap() };
    let mut per_key = std::collections::BTreeMap::<String, i64>::new();
    for row in files[&FileId::BusinessCases].lines().skip(1) {
        let fields: Vec<&str> = row.split(';').collect();
        *per_key.entry(fields[6].to_string()).or_default() += cents(fields[7]);
    }
    let expected: std::collections::BTreeMap<String, i64> = totals
        .vat
        .iter()
        .map(|line| {
            (
                rows::vat_key(line.rate_basis_points).0.to_string(),
                line.gross_cents,
            )
        })
        .chain([("5".to_string(), totals.tip_cents)])
        .collect();
    assert!(totals.tip_cents > 0);
    assert_eq!(
        per_key, expected,
        "the sales per VAT key, and the tips as not taxable"
    );
    let closing_row = files[&FileId::CashPointClosing]
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    let fields: Vec<&str> = closing_row.split(';').collect();
    // Z_SE_ZAHLUNGEN: everything paid, the tips with it.
    assert_eq!(cents(fields[14]), totals.revenue_cents + totals.tip_cents);
    assert_eq!(cents(fields[15]), totals.cash_cents);
}

#[test]
fn an_address_line_splits_into_street_postcode_and_city() {
    assert_eq!(
        split_address("Hauptstraße 12, 10115 Berlin"),
        ("Hauptstraße 12".into(), "10115".into(), "Berlin".into())
    );
    assert_eq!(
        split_address("Hauptstraße 1"),
        ("Hauptstraße 1".into(), String::new(), String::new())
    );
    assert_eq!(country_alpha3("DE"), "DEU");
    assert_eq!(country_alpha3("Narnia"), "");
}

#[test]
fn the_archive_holds_every_file_with_its_header() {
    let (master, closing, orders) = fixed_day();
    let mut archive = DsfinvkArchive::new();
    archive.add(&master, &closing, &orders);
    let zip = archive.finish(&supplier()).unwrap();
    assert_eq!(&zip[..4], b"PK\x03\x04");
    // Every name appears in the central directory.
    for definition in FILES {
        let name = definition.url.as_bytes();
        assert!(
            zip.windows(name.len()).any(|window| window == name),
            "{}",
            definition.url
        );
    }
}

#[test]
fn an_anonymised_order_keeps_its_lines_and_tse_data_and_exports_the_same() {
    let (master, closing, orders) = fixed_day();
    let mut erased = orders.clone();
    for order in &mut erased {
        assert!(order.anonymise(at("2027-03-01T03:00:00Z")));
        assert_eq!(
            order.customer.customer_name,
            crate::domain::erasure::ANONYMISED
        );
    }
    for (before, after) in orders.iter().zip(&erased) {
        assert_eq!(
            (
                &after.lines,
                &after.totals,
                &after.vat,
                &after.tse,
                &after.payment
            ),
            (
                &before.lines,
                &before.totals,
                &before.vat,
                &before.tse,
                &before.payment
            )
        );
        assert_eq!(after.business_date, before.business_date);
    }
    assert_eq!(
        csv_files(&master, &[(closing.clone(), orders)]),
        csv_files(&master, &[(closing, erased)])
    );
}

#[test]
fn a_tip_is_a_line_of_its_own_outside_the_vat_base_and_part_of_the_payment() {
    let (master, closing, orders) = fixed_day();
    let online = &orders[1];
    assert_eq!(online.totals.tip_cents, 110);
    let lines = positions(online);
    let tip = lines.last().unwrap();
    assert_eq!(
        (
            tip.business_case,
            tip.rate_basis_points,
            tip.gross_cents,
            tip.net_cents,
            tip.vat_cents
        ),
        ("TrinkgeldAN", 0, 110, 110, 0)
    );
    assert_eq!(rows::vat_key(0).0, 5, "not taxable");
    // The goods' lines still add up to the order's VAT, which knows nothing of the tip.
    let taxed: i64 = lines
        .iter()
        .filter(|line| line.business_case != "TrinkgeldAN")
        .map(|line| line.gross_cents)
        .sum();
    assert_eq!(
        taxed,
        online.vat.iter().map(|line| line.gross_cents).sum::<i64>()
    );
    let files = csv_files(&master, &[(closing, orders.clone())]);
    let of_bon_2 = |id: FileId| -> Vec<Vec<String>> {
        files[&id]
            .lines()
            .skip(1)
            .map(|row| row.split(';').map(str::to_string).collect::<Vec<_>>())
            .filter(|fields| fields[3] == "2")
            .collect()
    };
    let payments = of_bon_2(FileId::DataPayment);
    assert_eq!(payments.len(), 1);
    assert_eq!(
        payments[0].last().unwrap(),
        &super::format::amount(online.totals.total_cents),
        "PayPal took the goods and the tip"
    );
    assert_eq!(online.totals.total_cents, 550 + 110);
    let tip_vat: Vec<Vec<String>> = of_bon_2(FileId::TransactionsVat)
        .into_iter()
        .filter(|fields| fields[4] == "5")
        .collect();
    assert_eq!(tip_vat.len(), 1);
    assert_eq!(tip_vat[0][5..8], ["1,10", "1,10", "0,00"]);
}
