//! The DSFinV-K export of a day with a cash order, a PayPal order, a rejected order
//! and an order the TSE missed (fiscal mode `tse` against the fake fiskaly), closed and
//! exported over HTTP and by the command line: every file `index.xml` declares is in
//! the ZIP with the declared columns in order, parses with the declared separators,
//! keeps its rows' keys unique, and its sums agree with each other and with the
//! closing.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};

use heimservice::domain::fiscal::dsfinvk::files::FILES;
use serde_json::{Value, json};

use crate::support::fake_fiskaly::FakeFiskaly;
use crate::support::fake_paypal::FakePaypal;
use crate::support::ordering::{LUNCHTIME, Menu, answer, guest_order, lunch_lines, post_with};
use crate::support::paypal_checkout::{approved, online, place as place_paid};
use crate::support::{TestServer, run_binary};
use crate::tse_signing::{order_until, set_up, tse_state};

async fn tse_and_paypal_shop(fiskaly: &FakeFiskaly, paypal: &FakePaypal) -> TestServer {
    let access = fiskaly.access(std::time::Duration::from_secs(1));
    let mut builder = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_FISCAL_MODE", "tse")
        .env("HEIMSERVICE_FISCAL_POS_CONFIRMED_BY", "")
        .env("HEIMSERVICE_FISCAL_TSE_API_BASE", &access.api_base)
        .env("HEIMSERVICE_FISCAL_TSE_API_KEY", &access.api_key)
        .env("HEIMSERVICE_FISCAL_TSE_API_SECRET", &access.api_secret)
        .env("HEIMSERVICE_FISCAL_TSE_TIMEOUT_SECONDS", "1")
        .env("HEIMSERVICE_FISCAL_TILL_SERIAL", "Kasse 1")
        .env("HEIMSERVICE_FISCAL_TAX_NUMBER", "30/123/45678");
    for (name, value) in paypal.server_env() {
        builder = builder.env(name, &value);
    }
    builder.start().await
}

pub async fn place_cash(server: &TestServer) -> Value {
    let menu = Menu::load(server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let (status, order) = post_with(server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    order
}

pub fn cents(euros: &Value) -> i64 {
    (euros.as_f64().unwrap() * 100.0).round() as i64
}

/// Cents of an amount as the export writes it: `12,34`, `-0,50`.
pub fn amount(text: &str) -> i64 {
    let (whole, fraction) = text.split_once(',').unwrap_or((text, "00"));
    assert_eq!(fraction.len(), 2, "{text}");
    let negative = whole.starts_with('-');
    let value = whole.trim_start_matches('-').parse::<i64>().unwrap() * 100
        + fraction.parse::<i64>().unwrap();
    if negative { -value } else { value }
}

/// A table as `index.xml` declares it.
struct Declared {
    url: String,
    columns: Vec<String>,
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> Vec<&'a str> {
    text.split(open)
        .skip(1)
        .map(|part| part.split(close).next().unwrap())
        .collect()
}

fn declared_tables(index: &str) -> Vec<Declared> {
    between(index, "<Table>", "</Table>")
        .into_iter()
        .map(|table| {
            assert!(table.contains("<UTF8 />"), "{table}");
            assert!(table.contains("<DecimalSymbol>,</DecimalSymbol>"));
            assert!(table.contains("<ColumnDelimiter>;</ColumnDelimiter>"));
            assert!(table.contains("<RecordDelimiter>&#xD;&#xA;</RecordDelimiter>"));
            assert!(table.contains("<TextEncapsulator>\"</TextEncapsulator>"));
            assert!(table.contains("<From>2</From>"));
            Declared {
                url: between(table, "<URL>", "</URL>")[0].to_string(),
                columns: between(table, "<VariableColumn>", "</VariableColumn>")
                    .into_iter()
                    .map(|column| between(column, "<Name>", "</Name>")[0].to_string())
                    .collect(),
            }
        })
        .collect()
}

/// A parsed file: its rows as column → value.
pub type Rows = Vec<BTreeMap<String, String>>;

/// Unzips the export and checks every declared file; answers the files' rows by name.
pub fn read_export(bytes: &[u8]) -> BTreeMap<String, Rows> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut text = |name: &str| {
        let mut file = zip
            .by_name(name)
            .unwrap_or_else(|_| panic!("{name} missing"));
        let mut content = String::new();
        file.read_to_string(&mut content).unwrap();
        content
    };
    let index = text("index.xml");
    assert!(index.starts_with('\u{feff}'));
    assert!(index.contains(r#"<!DOCTYPE DataSet SYSTEM "gdpdu-01-09-2004.dtd">"#));
    assert!(text("gdpdu-01-09-2004.dtd").contains("<!ELEMENT DataSet"));
    let declared = declared_tables(&index);
    assert_eq!(declared.len(), FILES.len());
    let mut files = BTreeMap::new();
    for table in declared {
        let content = text(&table.url);
        assert!(content.ends_with("\r\n"), "{}", table.url);
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(b';')
            .quote(b'"')
            .from_reader(content.as_bytes());
        let header: Vec<String> = reader
            .headers()
            .unwrap()
            .iter()
            .map(str::to_string)
            .collect();
        assert_eq!(header, table.columns, "{}", table.url);
        let definition = FILES.iter().find(|file| file.url == table.url).unwrap();
        let mut keys = std::collections::HashSet::new();
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.unwrap();
            assert_eq!(record.len(), header.len(), "{}", table.url);
            let row: BTreeMap<String, String> = header
                .iter()
                .cloned()
                .zip(record.iter().map(str::to_string))
                .collect();
            for column in definition.columns {
                let value = &row[column.name];
                if let heimservice::domain::fiscal::dsfinvk::files::Kind::Number(_) = column.kind
                    && !value.is_empty()
                {
                    assert!(
                        value
                            .trim_start_matches('-')
                            .chars()
                            .all(|c| c.is_ascii_digit() || c == ','),
                        "{} {}: {value}",
                        table.url,
                        column.name
                    );
                }
            }
            let key: Vec<&String> = definition
                .columns
                .iter()
                .filter(|column| column.key)
                .map(|column| &row[column.name])
                .collect();
            assert!(
                keys.insert(format!("{key:?}")),
                "{}: {key:?} twice",
                table.url
            );
            rows.push(row);
        }
        files.insert(table.url.clone(), rows);
    }
    files
}

pub fn sum_by(rows: &Rows, key: &[&str], value: &str) -> BTreeMap<Vec<String>, i64> {
    let mut sums = BTreeMap::new();
    for row in rows {
        let key: Vec<String> = key.iter().map(|column| row[*column].clone()).collect();
        *sums.entry(key).or_default() += amount(&row[value]);
    }
    sums
}

/// The binary with `args`, on a blocking thread: the running server (in this process)
/// answers its control socket meanwhile.
pub async fn cli(args: Vec<String>) -> std::process::Output {
    tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_binary(&args, &[])
    })
    .await
    .unwrap()
}

pub async fn download(server: &TestServer, admin: &str, query: &str) -> reqwest::Response {
    server
        .client
        .get(server.url(&format!("/admin/exports/dsfinvk{query}")))
        .bearer_auth(admin)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_closed_day_is_exported_in_the_dsfinvk_files_with_sums_that_agree() {
    let fiskaly = FakeFiskaly::start().await;
    let paypal = FakePaypal::start().await;
    let server = tse_and_paypal_shop(&fiskaly, &paypal).await;
    let admin = server.admin_token().await;
    set_up(&server, &admin).await;

    let cash = place_cash(&server).await;
    order_until(&server, &admin, &cash, |seen| tse_state(seen) == "active").await;
    let cash = answer(&server, &admin, &cash, "accept", json!({ "minutes": 30 })).await;
    assert_eq!(cash["tse"]["state"], "finished", "{cash}");

    let body = online(&Menu::load(&server).await);
    let paypal_order = approved(&server, &paypal, &body).await;
    let (status, paid) = place_paid(&server, &body, &paypal_order).await;
    assert_eq!(status, 201, "{paid}");
    order_until(&server, &admin, &paid, |seen| tse_state(seen) == "active").await;
    let paid = answer(&server, &admin, &paid, "accept", json!({ "minutes": 30 })).await;
    assert_eq!(paid["tse"]["state"], "finished", "{paid}");

    let rejected = place_cash(&server).await;
    order_until(&server, &admin, &rejected, |seen| {
        tse_state(seen) == "active"
    })
    .await;
    let rejected = answer(
        &server,
        &admin,
        &rejected,
        "reject",
        json!({ "reason": "Zu voll" }),
    )
    .await;
    assert_eq!(rejected["tse"]["state"], "cancelled", "{rejected}");

    fiskaly.down("503").await;
    let missed = place_cash(&server).await;
    order_until(&server, &admin, &missed, |seen| tse_state(seen) == "failed").await;
    let missed = answer(&server, &admin, &missed, "accept", json!({ "minutes": 20 })).await;
    assert_eq!(missed["tse"]["state"], "failed", "{missed}");
    fiskaly.up().await;

    let (status, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");

    let response = download(&server, &admin, "?from=2026-11-23&to=2026-11-23").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"dsfinvk_2026-11-23_2026-11-23.zip\""
    );
    let bytes = response.bytes().await.unwrap();
    let files = read_export(&bytes);

    // The closing: its number, its payments and the master data.
    let closing_rows = &files["cashpointclosing.csv"];
    assert_eq!(closing_rows.len(), 1);
    let row = &closing_rows[0];
    assert_eq!(row["Z_KASSE_ID"], "Kasse 1");
    assert_eq!(row["Z_NR"], closing["number"].to_string());
    assert_eq!(row["Z_BUCHUNGSTAG"], "2026-11-23");
    assert_eq!(row["TAXONOMIE_VERSION"], "2.4");
    assert_eq!(row["STNR"], "30/123/45678");
    assert_eq!(row["LAND"], "DEU");
    assert_eq!(
        amount(&row["Z_SE_ZAHLUNGEN"]),
        closing["gross_cents"].as_i64().unwrap()
    );
    assert_eq!(
        amount(&row["Z_SE_BARZAHLUNGEN"]),
        closing["cash_cents"].as_i64().unwrap()
    );
    assert_eq!(files["tse.csv"].len(), 1);
    assert_eq!(files["tse.csv"][0]["TSE_PD_ENCODING"], "UTF-8");
    assert_eq!(files["cashregister.csv"][0]["KASSE_SERIENNR"], "Kasse 1");

    // Every order is a transaction: three sales and the rejected one, cancelled.
    let transactions = &files["transactions.csv"];
    assert_eq!(transactions.len(), 4);
    let by_id: BTreeMap<String, &BTreeMap<String, String>> = transactions
        .iter()
        .map(|row| (row["BON_ID"].clone(), row))
        .collect();
    for order in [&cash, &paid, &missed] {
        let row = by_id[&order["id"].to_string()];
        assert_eq!(row["BON_TYP"], "Beleg");
        assert_eq!(amount(&row["UMS_BRUTTO"]), cents(&order["total"]));
    }
    assert_eq!(
        by_id[&rejected["id"].to_string()]["BON_TYP"],
        "AVBelegabbruch"
    );
    assert_eq!(row["Z_START_ID"], cash["id"].to_string());
    assert_eq!(row["Z_ENDE_ID"], missed["id"].to_string());

    // Lines add up to their transaction's VAT per key, and those to its total.
    let line_sums = sum_by(
        &files["lines_vat.csv"],
        &["BON_ID", "UST_SCHLUESSEL"],
        "POS_BRUTTO",
    );
    let transaction_sums = sum_by(
        &files["transactions_vat.csv"],
        &["BON_ID", "UST_SCHLUESSEL"],
        "BON_BRUTTO",
    );
    assert_eq!(line_sums, transaction_sums);
    for column in ["POS_NETTO", "POS_UST"] {
        let lines = sum_by(
            &files["lines_vat.csv"],
            &["BON_ID", "UST_SCHLUESSEL"],
            column,
        );
        let head = sum_by(
            &files["transactions_vat.csv"],
            &["BON_ID", "UST_SCHLUESSEL"],
            &column.replace("POS_", "BON_"),
        );
        assert_eq!(lines, head, "{column}");
    }
    let per_transaction = sum_by(&files["transactions_vat.csv"], &["BON_ID"], "BON_BRUTTO");
    for row in transactions {
        assert_eq!(
            per_transaction[&vec![row["BON_ID"].clone()]],
            amount(&row["UMS_BRUTTO"])
        );
    }

    // The closing's business cases per VAT key are its gross, net and VAT per rate.
    let key_of_rate = |rate: u64| match rate {
        1900 => "1",
        700 => "2",
        other => panic!("unexpected rate {other}"),
    };
    for (column, figure) in [
        ("Z_UMS_BRUTTO", "gross_cents"),
        ("Z_UMS_NETTO", "net_cents"),
        ("Z_UST", "vat_cents"),
    ] {
        let cases = sum_by(&files["businesscases.csv"], &["UST_SCHLUESSEL"], column);
        let expected: BTreeMap<Vec<String>, i64> = closing["vat"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| {
                (
                    vec![key_of_rate(line["rate_basis_points"].as_u64().unwrap()).to_string()],
                    line[figure].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(cases, expected, "{column}");
    }

    // Payments per type are the closing's cash and online sums.
    let payments = sum_by(&files["payment.csv"], &["ZAHLART_TYP"], "Z_ZAHLART_BETRAG");
    assert_eq!(
        payments,
        BTreeMap::from([
            (
                vec!["Bar".to_string()],
                closing["cash_cents"].as_i64().unwrap()
            ),
            (
                vec!["ElZahlungsdienstleister".to_string()],
                closing["online_cents"].as_i64().unwrap()
            ),
        ])
    );
    let per_transaction = sum_by(
        &files["datapayment.csv"],
        &["ZAHLART_TYP"],
        "BASISWAEH_BETRAG",
    );
    assert_eq!(per_transaction, payments);
    assert_eq!(
        amount(&files["cash_per_currency.csv"][0]["ZAHLART_BETRAG_WAEH"]),
        closing["cash_cents"].as_i64().unwrap()
    );

    // The TSE's data per order; the missed one says why it has none.
    let tse: BTreeMap<String, &BTreeMap<String, String>> = files["transactions_tse.csv"]
        .iter()
        .map(|row| (row["BON_ID"].clone(), row))
        .collect();
    assert_eq!(tse.len(), 4);
    let signed = tse[&cash["id"].to_string()];
    assert_eq!(
        signed["TSE_TANR"],
        cash["tse"]["transaction_number"].to_string()
    );
    assert_eq!(
        signed["TSE_TA_SIGZ"],
        cash["tse"]["signature_counter"].to_string()
    );
    assert_eq!(
        signed["TSE_TA_SIG"],
        cash["tse"]["signature"].as_str().unwrap()
    );
    assert_eq!(signed["TSE_TA_VORGANGSART"], "Kassenbeleg-V1");
    assert!(signed["TSE_TA_START"].ends_with(".000Z"), "{signed:?}");
    assert_eq!(signed["TSE_TA_FEHLER"], "");
    let failed = tse[&missed["id"].to_string()];
    assert!(
        failed["TSE_TA_FEHLER"].starts_with("TSE ausgefallen"),
        "{failed:?}"
    );
    assert_eq!(failed["TSE_TA_SIG"], "");

    // The command line writes the same files, here through the running server.
    let output = server.data_dir.path().join("export.zip");
    let data_dir = server.data_dir.path().to_str().unwrap().to_string();
    let target = output.to_str().unwrap().to_string();
    let written = cli(vec![
        "export".into(),
        "dsfinvk".into(),
        "--from".into(),
        "2026-11-23".into(),
        "--to".into(),
        "2026-11-23".into(),
        "--output".into(),
        target,
        "--data-dir".into(),
        data_dir,
    ])
    .await;
    assert!(
        written.status.success(),
        "{}",
        String::from_utf8_lossy(&written.stderr)
    );
    let from_cli = read_export(&std::fs::read(&output).unwrap());
    assert_eq!(from_cli, files);
    server.stop().await;
}

#[tokio::test]
async fn a_period_the_export_cannot_cover_is_refused_by_name() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    for (query, code, field) in [
        ("?from=2026-11-23&to=2026-11-22", "period_reversed", "to"),
        ("?from=2026-01-01&to=2027-01-02", "period_too_long", "to"),
        ("?from=2026-01-01&to=2027-01-01", "", ""),
        ("?from=2026-11-31&to=2026-12-01", "invalid", "from"),
        ("?to=2026-12-01", "invalid", "from"),
    ] {
        let response = download(&server, &admin, query).await;
        if code.is_empty() {
            // 366 days, both included: the longest period.
            assert_eq!(response.status(), 200, "{query}");
            continue;
        }
        assert_eq!(response.status(), 400, "{query}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], code, "{query}: {body}");
        assert_eq!(body["field"], field, "{query}: {body}");
    }
    let body: Value = download(&server, &admin, "?from=2026-01-01&to=2027-01-02")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["params"]["max_days"], "366");
    // A period without closings is an export with headers only.
    let response = download(&server, &admin, "?from=2026-01-01&to=2026-01-31").await;
    assert_eq!(response.status(), 200);
    let files = read_export(&response.bytes().await.unwrap());
    assert!(files.values().all(Vec::is_empty));
    let refused = cli(vec![
        "export".into(),
        "dsfinvk".into(),
        "--from".into(),
        "2026-02-01".into(),
        "--to".into(),
        "2026-01-01".into(),
        "--data-dir".into(),
        server.data_dir.path().to_str().unwrap().to_string(),
    ])
    .await;
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("must not be before from"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    server.stop().await;
}

#[tokio::test]
async fn the_api_document_names_the_downloads_content_types_and_their_refusals() {
    let server = TestServer::start().await;
    let (_, document) = server.get_json("/openapi.json").await;
    for (path, types) in [
        ("/admin/exports/dsfinvk", vec!["application/zip"]),
        (
            "/admin/exports/tax",
            vec!["application/zip", "text/csv; charset=windows-1252"],
        ),
    ] {
        let responses = &document["paths"][path]["get"]["responses"];
        let content: Vec<&String> = responses["200"]["content"]
            .as_object()
            .unwrap_or_else(|| panic!("{path}: {responses}"))
            .keys()
            .collect();
        assert_eq!(content, types, "{path}");
        assert!(
            responses["200"]["headers"]["Content-Disposition"].is_object(),
            "{path}"
        );
        for status in ["400", "401", "403"] {
            assert!(responses[status].is_object(), "{path} {status}");
        }
    }
    server.stop().await;
}
