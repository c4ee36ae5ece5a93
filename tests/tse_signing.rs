//! The fiscal mode `tse` against the fake fiskaly on 127.0.0.1: the shop stays closed
//! until its TSE is set up, then every order's transaction starts when it is placed,
//! finishes with the receipt when it is accepted and is cancelled when it is rejected;
//! an outage lets orders flow, is logged with its start, end and missed orders, and
//! signing resumes when the TSE answers again.

use serde_json::{Value, json};

use crate::live_orders::open_board;
use crate::live_status::{Socket, next_message};
use crate::support::TestServer;
use crate::support::fake_fiskaly::FakeFiskaly;
use crate::support::ordering::{
    LUNCHTIME, Menu, answer, guest_order, lunch_lines, outbox, phone_body, post_with,
};
use crate::support::printer_sink::{PrinterSink, decode};

pub async fn tse_shop(fake: &FakeFiskaly) -> TestServer {
    let access = fake.access(std::time::Duration::from_secs(1));
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_FISCAL_MODE", "tse")
        .env("HEIMSERVICE_FISCAL_POS_CONFIRMED_BY", "")
        .env("HEIMSERVICE_FISCAL_TSE_API_BASE", &access.api_base)
        .env("HEIMSERVICE_FISCAL_TSE_API_KEY", &access.api_key)
        .env("HEIMSERVICE_FISCAL_TSE_API_SECRET", &access.api_secret)
        .env("HEIMSERVICE_FISCAL_TSE_TIMEOUT_SECONDS", "1")
        .env("HEIMSERVICE_FISCAL_TILL_SERIAL", "Kasse 1")
        .start()
        .await
}

/// The board's messages until one of type `kind` arrives (within 5 s).
async fn board_until(board: &mut Socket, kind: &str) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let message = next_message(board, left).await;
        if message["type"] == kind {
            return message;
        }
    }
}

async fn readiness_keys(server: &TestServer, admin: &str) -> Vec<String> {
    let (_, body) = server
        .send("GET", "/admin/readiness", Some(admin), None)
        .await;
    body["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| finding["key"].as_str().unwrap().to_string())
        .collect()
}

async fn place(server: &TestServer) -> Value {
    let menu = Menu::load(server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let (status, order) = post_with(server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    order
}

/// The order as the admin sees it once `done` holds (checked every 100 ms, at most 5 s).
pub async fn order_until(
    server: &TestServer,
    admin: &str,
    order: &Value,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let path = format!("/admin/orders/{}", order["id"]);
    let mut seen = Value::Null;
    for _ in 0..50 {
        seen = server.send("GET", &path, Some(admin), None).await.1;
        if done(&seen) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    seen
}

pub fn tse_state(order: &Value) -> &str {
    order["tse"]["state"].as_str().unwrap_or("none")
}

/// The transaction revisions the shop sent, as "revision STATE".
async fn revisions(fake: &FakeFiskaly) -> Vec<(String, Value)> {
    fake.calls()
        .await
        .into_iter()
        .filter(|call| call["method"] == "PUT" && call["path"].as_str().unwrap().contains("/tx/"))
        .map(|call| {
            let query = call["query"].as_str().unwrap_or_default().to_string();
            (
                format!("{query} {}", call["body"]["state"].as_str().unwrap()),
                call["body"].clone(),
            )
        })
        .collect()
}

pub async fn set_up(server: &TestServer, admin: &str) -> Value {
    let (status, fiscal) = server
        .send("POST", "/admin/fiscal/tse", Some(admin), None)
        .await;
    assert_eq!(status, 200, "{fiscal}");
    fiscal
}

#[tokio::test]
async fn a_tse_shop_opens_once_its_tse_is_set_up_and_signs_every_order() {
    let fake = FakeFiskaly::start().await;
    let server = tse_shop(&fake).await;
    let admin = server.admin_token().await;
    assert_eq!(
        readiness_keys(&server, &admin).await,
        ["fiscal_tse_not_set_up:fiscal:mode"]
    );
    let fiscal = set_up(&server, &admin).await;
    let registration = &fiscal["tse"]["setup"]["registration"];
    assert!(
        !registration["tss_serial_number"]
            .as_str()
            .unwrap()
            .is_empty(),
        "{fiscal}"
    );
    assert_eq!(registration["client_serial_number"], "Kasse 1");
    assert!(
        fiscal["tse"]["setup"].get("admin_pin").is_none(),
        "{fiscal}"
    );
    assert_eq!(readiness_keys(&server, &admin).await, Vec::<String>::new());
    // Setting it up again changes nothing.
    let again = set_up(&server, &admin).await;
    assert_eq!(again["tse"]["setup"], fiscal["tse"]["setup"]);

    let order = place(&server).await;
    let started = order_until(&server, &admin, &order, |seen| tse_state(seen) == "active").await;
    assert_eq!(tse_state(&started), "active", "{started}");
    let accepted = answer(&server, &admin, &order, "accept", json!({ "minutes": 30 })).await;
    let tse = &accepted["tse"];
    assert_eq!(tse["state"], "finished", "{accepted}");
    assert_eq!(
        tse["transaction_number"],
        started["tse"]["transaction_number"]
    );
    assert!(
        tse["signature_counter"].as_u64().unwrap()
            > started["tse"]["signature_counter"].as_u64().unwrap()
    );
    assert_eq!(tse["tss_serial_number"], registration["tss_serial_number"]);
    assert_eq!(tse["process_type"], "Kassenbeleg-V1");
    assert!(
        tse["qr_code_data"]
            .as_str()
            .unwrap()
            .starts_with("V0;Kasse 1;Kassenbeleg-V1;")
    );
    assert!(tse["time_end"].as_i64().unwrap() >= tse["time_start"].as_i64().unwrap());

    let rejected_order = place(&server).await;
    order_until(&server, &admin, &rejected_order, |seen| {
        tse_state(seen) == "active"
    })
    .await;
    let rejected = answer(
        &server,
        &admin,
        &rejected_order,
        "reject",
        json!({ "reason": "Zu viel los" }),
    )
    .await;
    assert_eq!(rejected["tse"]["state"], "cancelled", "{rejected}");

    let sent = revisions(&fake).await;
    let steps: Vec<&str> = sent.iter().map(|(step, _)| step.as_str()).collect();
    assert_eq!(
        steps,
        [
            "?tx_revision=1 ACTIVE",
            "?tx_revision=2 FINISHED",
            "?tx_revision=1 ACTIVE",
            "?tx_revision=2 CANCELLED"
        ]
    );
    // The receipt signs the order's total as cash, split by VAT rate.
    let receipt = &sent[1].1["schema"]["standard_v1"]["receipt"];
    assert_eq!(receipt["receipt_type"], "RECEIPT");
    let total = format!("{:.2}", accepted["total"].as_f64().unwrap());
    assert_eq!(
        receipt["amounts_per_payment_type"],
        json!([{ "payment_type": "CASH", "amount": total }])
    );
    let vat_sum: f64 = receipt["amounts_per_vat_rate"]
        .as_array()
        .unwrap()
        .iter()
        .map(|rate| rate["amount"].as_str().unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(format!("{vat_sum:.2}"), total);
    server.stop().await;
}

#[tokio::test]
async fn during_an_outage_orders_flow_unsigned_and_signing_resumes_afterwards() {
    let fake = FakeFiskaly::start().await;
    let server = tse_shop(&fake).await;
    let admin = server.admin_token().await;
    set_up(&server, &admin).await;
    let (mut board, snapshot) = open_board(&server, &admin).await;
    assert_eq!(snapshot["tse_outage"], Value::Null, "{snapshot}");

    fake.down("503").await;
    let order = place(&server).await;
    let outage = board_until(&mut board, "tse").await;
    assert_eq!(
        outage["outage"]["missed_orders"],
        json!([order["id"]]),
        "{outage}"
    );
    let (_, later) = open_board(&server, &admin).await;
    assert_eq!(later["tse_outage"]["missed_orders"], json!([order["id"]]));
    let unsigned = order_until(&server, &admin, &order, |seen| tse_state(seen) == "failed").await;
    assert_eq!(unsigned["tse"]["failed_step"], "start", "{unsigned}");
    let accepted = answer(&server, &admin, &order, "accept", json!({ "minutes": 20 })).await;
    assert_eq!(accepted["status"], "accepted");
    assert_eq!(accepted["tse"]["state"], "failed", "{accepted}");
    let (_, fiscal) = server
        .send("GET", "/admin/fiscal", Some(&admin), None)
        .await;
    let outage = &fiscal["tse"]["outage"];
    assert_eq!(outage["missed_orders"], json!([order["id"]]), "{fiscal}");
    assert_eq!(outage["ended_at"], Value::Null);

    fake.up().await;
    // The TSE is asked again once a timeout (1 s) has passed since it failed.
    tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
    let next = place(&server).await;
    let started = order_until(&server, &admin, &next, |seen| tse_state(seen) == "active").await;
    assert_eq!(tse_state(&started), "active", "{started}");
    let signed = answer(&server, &admin, &next, "accept", json!({ "minutes": 20 })).await;
    assert_eq!(signed["tse"]["state"], "finished", "{signed}");
    let ended = board_until(&mut board, "tse").await;
    assert_eq!(ended["outage"], Value::Null, "{ended}");
    let (_, fiscal) = server
        .send("GET", "/admin/fiscal", Some(&admin), None)
        .await;
    assert_eq!(fiscal["tse"]["outage"], Value::Null, "{fiscal}");
    let outages = fiscal["tse"]["outages"].as_array().unwrap();
    assert_eq!(outages.len(), 1);
    assert!(outages[0]["ended_at"].is_string(), "{fiscal}");
    assert_eq!(outages[0]["missed_orders"], json!([order["id"]]));
    drop(board);
    server.stop().await;
}

#[tokio::test]
async fn a_phone_order_in_the_tse_mode_is_signed_as_it_is_accepted() {
    let fake = FakeFiskaly::start().await;
    let server = tse_shop(&fake).await;
    let admin = server.admin_token().await;
    set_up(&server, &admin).await;
    let menu = Menu::load(&server).await;
    let body = phone_body(&guest_order(lunch_lines(&menu), "10115"), 30);
    let (status, order) = post_with(&server, "/admin/phone-orders", Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    let signed = order_until(&server, &admin, &order, |seen| {
        tse_state(seen) == "finished"
    })
    .await;
    assert_eq!(tse_state(&signed), "finished", "{signed}");
    server.stop().await;
}

#[tokio::test]
async fn without_its_credentials_the_tse_cannot_be_set_up_and_the_shop_stays_closed() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_FISCAL_MODE", "tse")
        .env("HEIMSERVICE_FISCAL_POS_CONFIRMED_BY", "")
        .start()
        .await;
    let admin = server.admin_token().await;
    assert_eq!(
        readiness_keys(&server, &admin).await,
        ["fiscal_tse_credentials_missing:config:fiscal.tse_api_key"]
    );
    let (status, refused) = server
        .send("POST", "/admin/fiscal/tse", Some(&admin), None)
        .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "tse_not_configured");
    server.stop().await;
}

#[tokio::test]
async fn the_printed_receipt_carries_the_tse_data_and_its_qr_code() {
    let fake = FakeFiskaly::start().await;
    let server = tse_shop(&fake).await;
    let admin = server.admin_token().await;
    set_up(&server, &admin).await;
    let sink = PrinterSink::start().await;
    let (status, printer) = server
        .send(
            "POST",
            "/admin/printers",
            Some(&admin),
            Some(
                json!({ "name": "Kasse", "host": "127.0.0.1", "port": sink.port,
                         "prints": "receipt", "width": 42 }),
            ),
        )
        .await;
    assert_eq!(status, 201, "{printer}");
    let order = place(&server).await;
    order_until(&server, &admin, &order, |seen| tse_state(seen) == "active").await;
    let accepted = answer(&server, &admin, &order, "accept", json!({ "minutes": 30 })).await;
    let tse = &accepted["tse"];
    let receipts = sink.wait_for(1, std::time::Duration::from_secs(5)).await;
    assert_eq!(receipts.len(), 1);
    let printed = decode(&receipts[0]);
    // Long values wrap at the paper's edge: compared without line breaks and spaces.
    let joined: String = printed
        .text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    for expected in [
        format!(
            "TSE-Seriennummer: {}",
            tse["tss_serial_number"].as_str().unwrap()
        ),
        "Kassen-Seriennummer: Kasse 1".to_string(),
        "Prozesstyp: Kassenbeleg-V1".to_string(),
        "Signaturzähler".to_string(),
        tse["signature_counter"].to_string(),
    ] {
        let expected: String = expected.chars().filter(|c| !c.is_whitespace()).collect();
        assert!(
            joined.contains(&expected),
            "{expected:?} missing in\n{}",
            printed.text
        );
    }
    assert!(printed.text.contains("TSE-Transaktion"), "{}", printed.text);
    assert_eq!(printed.qr_codes, [tse["qr_code_data"].as_str().unwrap()]);
    // The acceptance mail carries the same receipt data, the QR code's as text.
    let mails = outbox(&server, &admin, 2).await;
    let accepted_mail = mails
        .iter()
        .find(|mail| mail["subject"].as_str().unwrap().contains("angenommen"))
        .expect("the acceptance mail");
    let body = accepted_mail["body"].as_str().unwrap();
    for expected in [
        format!(
            "TSE-Transaktion / transaction: {}",
            tse["transaction_number"]
        ),
        format!(
            "Signaturzähler / signature counter: {}",
            tse["signature_counter"]
        ),
        format!(
            "QR-Code (Inhalt / content): {}",
            tse["qr_code_data"].as_str().unwrap()
        ),
    ] {
        assert!(body.contains(&expected), "{expected:?} missing in\n{body}");
    }
    sink.stop().await;
    server.stop().await;
}
