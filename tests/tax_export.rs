//! The tax adviser's monthly export over HTTP and the command line (CSV files for a
//! spreadsheet, a DATEV Buchungsstapel), and the tax records' retention: erasing a
//! customer leaves the closing, the order's amounts and its TSE data as they were, and
//! the DSFinV-K export unchanged.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};

use serde_json::{Value, json};

use crate::dsfinvk_export::{cents, cli};
use crate::support::TestServer;
use crate::support::fake_fiskaly::FakeFiskaly;
use crate::support::ordering::{
    LUNCHTIME, Menu, answer, deliver, guest_order, lunch_lines, post_with,
};
use crate::tse_signing::{order_until, set_up, tse_state};

async fn place(server: &TestServer) -> Value {
    let menu = Menu::load(server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let (status, order) = post_with(server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    order
}

async fn get(server: &TestServer, admin: &str, path: &str) -> reqwest::Response {
    server
        .client
        .get(server.url(path))
        .bearer_auth(admin)
        .send()
        .await
        .unwrap()
}

/// Cents of `12,34`.
fn amount(text: &str) -> i64 {
    let negative = text.starts_with('-');
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let value: i64 = digits.parse().unwrap();
    if negative { -value } else { value }
}

/// The rows of a `;`-separated file after its header, as column → value.
fn rows(text: &str) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    reader
        .records()
        .map(|record| {
            header
                .iter()
                .cloned()
                .zip(record.unwrap().iter().map(str::to_string))
                .collect()
        })
        .collect()
}

fn unzip(bytes: &[u8]) -> BTreeMap<String, String> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    (0..zip.len())
        .map(|at| {
            let mut file = zip.by_index(at).unwrap();
            let mut text = String::new();
            file.read_to_string(&mut text).unwrap();
            (file.name().to_string(), text)
        })
        .collect()
}

#[tokio::test]
async fn a_month_is_exported_for_the_tax_adviser_as_csv_files_and_as_datev_bookings() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_DATEV_CONSULTANT_NUMBER", "1234567")
        .env("HEIMSERVICE_DATEV_CLIENT_NUMBER", "42")
        .start()
        .await;
    let admin = server.admin_token().await;
    let sold = place(&server).await;
    let sold = answer(&server, &admin, &sold, "accept", json!({ "minutes": 30 })).await;
    let rejected = place(&server).await;
    answer(
        &server,
        &admin,
        &rejected,
        "reject",
        json!({ "reason": "Zu voll" }),
    )
    .await;
    let (status, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");

    let response = get(&server, &admin, "/admin/exports/tax?month=2026-11").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"steuerberater_2026-11.zip\""
    );
    let files = unzip(&response.bytes().await.unwrap());
    let orders = &files["bestellungen_2026-11.csv"];
    assert!(orders.starts_with('\u{feff}'));
    assert!(orders.contains("\r\n"));
    let orders = rows(orders.trim_start_matches('\u{feff}'));
    assert_eq!(orders.len(), 2);
    let gross: i64 = orders.iter().map(|row| amount(&row["Brutto"])).sum();
    assert_eq!(gross, closing["gross_cents"].as_i64().unwrap());
    assert_eq!(gross, cents(&sold["total"]));
    let rejected_id = rejected["id"].to_string();
    let refused = orders
        .iter()
        .find(|row| row["Bestell-ID"] == rejected_id)
        .unwrap();
    assert_eq!(refused["Status"], "abgelehnt");
    assert_eq!(refused["Brutto"], "0,00");
    let vat = rows(files["umsatzsteuer_2026-11.csv"].trim_start_matches('\u{feff}'));
    let mut per_rate: BTreeMap<String, [i64; 3]> = BTreeMap::new();
    for row in &vat {
        let sums = per_rate.entry(row["Steuersatz"].clone()).or_default();
        sums[0] += amount(&row["Netto"]);
        sums[1] += amount(&row["USt"]);
        sums[2] += amount(&row["Brutto"]);
    }
    for line in closing["vat"].as_array().unwrap() {
        let rate = format!("{},00 %", line["rate_basis_points"].as_u64().unwrap() / 100);
        assert_eq!(
            per_rate[&rate],
            [
                line["net_cents"].as_i64().unwrap(),
                line["vat_cents"].as_i64().unwrap(),
                line["gross_cents"].as_i64().unwrap()
            ],
            "{rate}"
        );
    }

    let response = get(
        &server,
        &admin,
        "/admin/exports/tax?month=2026-11&format=datev",
    )
    .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=windows-1252"
    );
    let bytes = response.bytes().await.unwrap();
    // Windows-1252: one byte per character.
    let text: String = bytes.iter().map(|byte| char::from(*byte)).collect();
    let mut lines = text.split("\r\n");
    let header: Vec<&str> = lines.next().unwrap().split(';').collect();
    assert_eq!(
        header[..5],
        ["\"EXTF\"", "700", "21", "\"Buchungsstapel\"", "13"]
    );
    assert_eq!(
        header[10..16],
        ["1234567", "42", "20260101", "4", "20261101", "20261130"]
    );
    let columns: Vec<&str> = lines.next().unwrap().split(';').collect();
    assert_eq!(columns[0], "Umsatz (ohne Soll/Haben-Kz)");
    let bookings: Vec<Vec<&str>> = lines
        .filter(|line| !line.is_empty())
        .map(|line| line.split(';').collect())
        .collect();
    assert!(!bookings.is_empty());
    let mut booked: BTreeMap<(String, String), i64> = BTreeMap::new();
    for booking in &bookings {
        assert_eq!(booking.len(), columns.len());
        assert_eq!(booking[1], "\"S\"");
        assert_eq!(booking[2], "\"EUR\"");
        assert_eq!(booking[9], "2311", "Belegdatum TTMM");
        assert_eq!(booking[10], format!("\"Z{}\"", closing["number"]));
        *booked
            .entry((booking[6].to_string(), booking[7].to_string()))
            .or_default() += amount(booking[0]);
    }
    let expected: BTreeMap<(String, String), i64> = closing["vat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            let revenue = match line["rate_basis_points"].as_u64().unwrap() {
                1900 => "8400",
                700 => "8300",
                other => panic!("rate {other}"),
            };
            (
                ("1000".to_string(), revenue.to_string()),
                line["gross_cents"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(booked, expected);

    // The command line writes the same bookings through the running server.
    let output = server.data_dir.path().join("datev.csv");
    let written = cli(vec![
        "export".into(),
        "tax".into(),
        "--month".into(),
        "2026-11".into(),
        "--format".into(),
        "datev".into(),
        "--output".into(),
        output.to_str().unwrap().to_string(),
        "--data-dir".into(),
        server.data_dir.path().to_str().unwrap().to_string(),
    ])
    .await;
    assert!(
        written.status.success(),
        "{}",
        String::from_utf8_lossy(&written.stderr)
    );
    let from_cli: String = std::fs::read(&output)
        .unwrap()
        .iter()
        .map(|byte| char::from(*byte))
        .collect();
    let after_header = |text: &str| text.split_once("\r\n").unwrap().1.to_string();
    assert_eq!(after_header(&from_cli), after_header(&text));

    for (query, field) in [
        ("?month=2026-13", "month"),
        ("?month=November", "month"),
        ("", "month"),
        ("?month=2026-11&format=xlsx", "format"),
    ] {
        let response = get(&server, &admin, &format!("/admin/exports/tax{query}")).await;
        assert_eq!(response.status(), 400, "{query}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            (body["code"].as_str(), body["field"].as_str()),
            (Some("invalid"), Some(field)),
            "{query}: {body}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn the_datev_file_books_on_the_chart_the_configuration_names() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_DATEV_CHART", "SKR04")
        .env("HEIMSERVICE_DATEV_ACCOUNT_CASH", "1610")
        .start()
        .await;
    let admin = server.admin_token().await;
    let sold = place(&server).await;
    answer(&server, &admin, &sold, "accept", json!({ "minutes": 30 })).await;
    let response = get(
        &server,
        &admin,
        "/admin/exports/tax?month=2026-11&format=datev",
    )
    .await;
    let text: String = response
        .bytes()
        .await
        .unwrap()
        .iter()
        .map(|byte| char::from(*byte))
        .collect();
    let bookings: Vec<&str> = text
        .split("\r\n")
        .skip(2)
        .filter(|line| !line.is_empty())
        .collect();
    assert!(!bookings.is_empty());
    for booking in bookings {
        let fields: Vec<&str> = booking.split(';').collect();
        assert_eq!(fields[6], "1610");
        assert!(["4400", "4300"].contains(&fields[7]), "{booking}");
        // The day is not closed yet: the document is the day.
        assert_eq!(fields[10], "\"20261123\"");
    }
    server.stop().await;
}

#[tokio::test]
async fn erasing_a_customer_keeps_the_closing_the_amounts_and_the_tse_data_of_their_order() {
    let fiskaly = FakeFiskaly::start().await;
    let access = fiskaly.access(std::time::Duration::from_secs(1));
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_FISCAL_MODE", "tse")
        .env("HEIMSERVICE_FISCAL_POS_CONFIRMED_BY", "")
        .env("HEIMSERVICE_FISCAL_TSE_API_BASE", &access.api_base)
        .env("HEIMSERVICE_FISCAL_TSE_API_KEY", &access.api_key)
        .env("HEIMSERVICE_FISCAL_TSE_API_SECRET", &access.api_secret)
        .env("HEIMSERVICE_FISCAL_VAT_ID", "DE123456789")
        .start()
        .await;
    let admin = server.admin_token().await;
    set_up(&server, &admin).await;
    let (status, _) = server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(json!({"name": "Rita Reich", "email": "rita@example.com",
                        "password": "rita-password-1", "phone": "030999"})),
        )
        .await;
    assert_eq!(status, 201);
    let token = server.login("rita@example.com", "rita-password-1").await;
    let (_, address) = server
        .send(
            "POST",
            "/addresses/",
            Some(&token),
            Some(json!({"customer_name": "Rita Reich", "line1": "Chausseestraße 8", "city": "Berlin",
                        "zip": "10115", "country": "DE", "phone": "030999", "email": "", "notes": ""})),
        )
        .await;
    let menu = Menu::load(&server).await;
    let body = json!({
        "order_type": "delivery", "lines": lunch_lines(&menu), "address_id": address["id"],
        "payment_method": "cash", "preorder_at": null, "note": "3. Stock"
    });
    let (status, order) = post_with(&server, "/orders/", Some(&token), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    order_until(&server, &admin, &order, |seen| tse_state(seen) == "active").await;
    deliver(&server, &admin, &order).await;
    let path = format!("/admin/orders/{}", order["id"]);
    let (_, before) = server.send("GET", &path, Some(&admin), None).await;
    assert_eq!(before["tse"]["state"], "finished", "{before}");
    let (status, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");
    let dsfinvk = "/admin/exports/dsfinvk?from=2026-11-23&to=2026-11-23";
    let exported = unzip(&get(&server, &admin, dsfinvk).await.bytes().await.unwrap());

    let (status, deleted) = server
        .send(
            "DELETE",
            "/users/me",
            Some(&token),
            Some(json!({ "password": "rita-password-1" })),
        )
        .await;
    assert!(status == 200 || status == 204, "{status} {deleted}");

    let (_, after) = server.send("GET", &path, Some(&admin), None).await;
    assert_ne!(after["customer"], before["customer"], "{after}");
    assert!(!after.to_string().contains("Rita"), "{after}");
    for field in [
        "total",
        "subtotal",
        "delivery_fee",
        "discount",
        "vat",
        "lines",
        "tse",
        "status",
        "number",
        "created_at",
    ] {
        assert_eq!(after[field], before[field], "{field}");
    }
    let (_, closing_after) = server
        .send(
            "GET",
            &format!("/admin/closings/{}", closing["number"]),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(closing_after, closing);
    let again = unzip(&get(&server, &admin, dsfinvk).await.bytes().await.unwrap());
    for (name, text) in &exported {
        if name.ends_with(".csv") {
            assert_eq!(&again[name], text, "{name}");
        }
    }
    assert!(exported["transactions.csv"].contains(&format!(";{};", order["id"])));
    server.stop().await;
}
