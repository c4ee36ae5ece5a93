//! The tax adviser's files of a fixed day compared with `tests/fixtures/tax/`, so that a
//! change to a column or a booking shows in review. `HEIMSERVICE_UPDATE_GOLDEN=1 cargo
//! test --lib tax_export` rewrites them.

use chrono::{DateTime, Utc};

use super::datev::{
    COLUMNS, Chart, DatevSettings, bookings, buchungsstapel, buchungsstapel_text, header_fields,
};
use super::orders_csv::orders_csv;
use crate::domain::fiscal::dsfinvk::tests::fixed_day;
use crate::domain::period::Period;

fn golden(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tax")
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

fn settings() -> DatevSettings {
    DatevSettings {
        consultant_number: 1234567,
        client_number: 10001,
        account_length: 4,
        accounts: Chart::Skr03.accounts(),
        tax_key_19: String::new(),
        tax_key_7: String::new(),
    }
}

fn created() -> DateTime<Utc> {
    "2026-12-02T09:30:00Z".parse().unwrap()
}

#[test]
fn the_orders_and_their_vat_of_a_fixed_day_are_the_golden_csv_files() {
    let (master, _, orders) = fixed_day();
    let (per_order, per_rate) = orders_csv(&orders, master.timezone);
    assert!(per_order.starts_with('\u{feff}'));
    golden("bestellungen.csv", &per_order);
    golden("umsatzsteuer.csv", &per_rate);
}

#[test]
fn the_datev_file_of_a_fixed_day_is_the_golden_one() {
    let (_, closing, orders) = fixed_day();
    let period = Period::month("2026-11").unwrap();
    let booked = bookings(&orders, &[closing], &settings());
    let text = buchungsstapel_text(
        &booked,
        &settings(),
        period,
        created(),
        "Bella Napoli 2026-11",
    );
    golden("EXTF_Buchungsstapel.csv", &text);
}

#[test]
fn the_bookings_add_up_to_the_revenue_per_payment_and_rate() {
    let (_, closing, orders) = fixed_day();
    let booked = bookings(&orders, std::slice::from_ref(&closing), &settings());
    let total: i64 = booked.iter().map(|booking| booking.gross_cents).sum();
    assert_eq!(
        total,
        closing.totals.revenue_cents + closing.totals.tip_cents
    );
    // The tips go from PayPal to the pass-through account, apart from the revenue and
    // without a tax key.
    let tips: Vec<_> = booked
        .iter()
        .filter(|booking| booking.contra_account == "1590")
        .collect();
    assert_eq!(tips.len(), 1);
    assert!(closing.totals.tip_cents > 0);
    assert_eq!(
        (
            tips[0].account.as_str(),
            tips[0].gross_cents,
            tips[0].tax_key.as_str()
        ),
        ("1360", closing.totals.tip_cents, "")
    );
    assert!(
        tips[0].text.starts_with("Trinkgeld PayPal"),
        "{}",
        tips[0].text
    );
    let revenue: i64 = booked
        .iter()
        .filter(|booking| booking.contra_account != "1590")
        .map(|booking| booking.gross_cents)
        .sum();
    assert_eq!(revenue, closing.totals.revenue_cents);
    let cash: i64 = booked
        .iter()
        .filter(|booking| booking.account == "1000")
        .map(|booking| booking.gross_cents)
        .sum();
    assert_eq!(cash, closing.totals.cash_cents);
    assert!(booked.iter().all(|booking| booking.document == "Z5"));
    // SKR04 books the same on its own accounts.
    let skr04 = DatevSettings {
        accounts: Chart::Skr04.accounts(),
        ..settings()
    };
    let accounts: Vec<(String, String)> = bookings(&orders, &[closing], &skr04)
        .into_iter()
        .map(|booking| (booking.account, booking.contra_account))
        .collect();
    assert!(
        accounts.contains(&("1600".into(), "4300".into())),
        "{accounts:?}"
    );
    assert!(
        accounts.contains(&("1460".into(), "4300".into())),
        "{accounts:?}"
    );
}

#[test]
fn the_header_has_its_31_fields_and_the_file_is_windows_1252() {
    let period = Period::month("2026-11").unwrap();
    let fields = header_fields(&settings(), period, created(), "Bella Napoli");
    assert_eq!(fields[0].1, "\"EXTF\"");
    assert_eq!(fields[12], ("WJ-Beginn", "20260101".into()));
    assert_eq!(fields[14].1, "20261101");
    assert_eq!(fields[15].1, "20261130");
    let bytes = buchungsstapel(&[], &settings(), period, created(), "Müller");
    let text: String = bytes.iter().map(|byte| *byte as char).collect();
    assert!(bytes.contains(&0xfc), "ü is one byte in Windows-1252");
    assert!(text.starts_with("\"EXTF\";700;21;\"Buchungsstapel\";13;"));
    assert_eq!(
        text.lines().nth(1).unwrap().split(';').count(),
        COLUMNS.len()
    );
}
