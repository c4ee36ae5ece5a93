//! The fiskaly SIGN DE client against the fake fiskaly on 127.0.0.1: setting a TSE up
//! (from nothing, and finishing a setup that stopped), signing, cancelling and
//! repeating an order's transaction, renewing tokens, and telling an outage from a
//! refusal.

use std::time::Duration;

use heimservice::domain::fiscal::tse::{
    PaymentType, ReceiptAmounts, TseSignature, TxState, VatRate,
};
use heimservice::shop::fiscal::fiskaly::{FiskalyAccess, FiskalyClient, TseFailure};
use serde_json::{Value, json};

use crate::support::fake_fiskaly::FakeFiskaly;

const TSS_ID: &str = "6f1c0b4e-2d5a-4c7e-9b3f-8a1d2e3f4a5b";
const CLIENT_ID: &str = "0c9e8d7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f";
const TILL: &str = "heimservice-14";
const PIN: &str = "pin-482916";

fn tx(n: u64) -> String {
    heimservice::domain::fiscal::tse::tx_id_of(14, n, "order-token")
}

fn client_of(access: FiskalyAccess) -> FiskalyClient {
    FiskalyClient::new(access).unwrap()
}

/// A fake with a TSE set up by the client.
async fn set_up() -> (FakeFiskaly, FiskalyClient) {
    let fake = FakeFiskaly::start().await;
    let client = client_of(fake.access(Duration::from_secs(5)));
    client.set_up(TSS_ID, CLIENT_ID, TILL, PIN).await.unwrap();
    (fake, client)
}

/// Finishes the transaction of order `n` with [`sale`]'s amounts.
async fn finish(client: &FiskalyClient, n: u64) -> Result<TseSignature, TseFailure> {
    client.finish(TSS_ID, CLIENT_ID, &tx(n), &sale()).await
}

fn sale() -> ReceiptAmounts {
    ReceiptAmounts::new([(1900, 1250), (700, 840)], vec![(PaymentType::Cash, 2090)]).unwrap()
}

/// The API calls after the first `skip`, as "METHOD path?query", without the tokens'.
async fn calls_after(fake: &FakeFiskaly, skip: usize) -> Vec<String> {
    fake.calls()
        .await
        .iter()
        .skip(skip)
        .filter(|call| call["path"] != "/api/v2/auth")
        .map(|call| {
            let query = call["query"].as_str().unwrap_or_default();
            format!(
                "{} {}{query}",
                call["method"].as_str().unwrap(),
                call["path"].as_str().unwrap()
            )
        })
        .collect()
}

/// A TSE created and deployed (`UNINITIALIZED`) by another program, as a setup that
/// stopped half way leaves it; answers the creation, with the admin PUK.
async fn created_and_deployed(fake: &FakeFiskaly) -> Value {
    let tss = format!("/api/v2/tss/{TSS_ID}");
    let (status, created) = fake.api("PUT", &tss, Some(json!({}))).await;
    assert_eq!(status, 200, "{created}");
    let deploy = json!({"state": "UNINITIALIZED"});
    let (status, deployed) = fake.api("PATCH", &tss, Some(deploy)).await;
    assert_eq!(status, 200, "{deployed}");
    created
}

fn refusal_code(failure: &TseFailure) -> &str {
    failure
        .code()
        .unwrap_or_else(|| panic!("not a refusal: {failure:?}"))
}

#[tokio::test]
async fn a_tse_is_set_up_from_nothing_with_what_the_tax_office_needs() {
    let fake = FakeFiskaly::start().await;
    let client = client_of(fake.access(Duration::from_secs(5)));
    let registration = client.set_up(TSS_ID, CLIENT_ID, TILL, PIN).await.unwrap();

    let tss = format!("/api/v2/tss/{TSS_ID}");
    let client_path = format!("{tss}/client/{CLIENT_ID}");
    let expected = [
        format!("GET {tss}"),
        format!("PUT {tss}"),
        format!("PATCH {tss}"),
        format!("PATCH {tss}/admin"),
        format!("POST {tss}/admin/auth"),
        format!("PATCH {tss}"),
        format!("GET {client_path}"),
        format!("PUT {client_path}"),
        format!("POST {tss}/admin/logout"),
        format!("GET {tss}"),
    ];
    assert_eq!(calls_after(&fake, 0).await, expected);
    let calls = fake.calls().await;
    let bodies: Vec<&Value> = calls.iter().map(|call| &call["body"]).collect();
    for body in [
        json!({"state": "UNINITIALIZED"}),
        json!({"state": "INITIALIZED"}),
    ] {
        assert!(bodies.contains(&&body), "{body}");
    }
    assert!(bodies.contains(&&json!({"serial_number": TILL})));

    let state = fake.state().await;
    let known = &state["tss"][TSS_ID];
    assert_eq!(known["state"], "INITIALIZED");
    assert_eq!(known["admin_logged_in"], false);
    assert_eq!(known["clients"][CLIENT_ID]["state"], "REGISTERED");
    assert_eq!(registration.tss_id, TSS_ID);
    assert_eq!(registration.tss_serial_number, known["serial_number"]);
    assert_eq!(registration.tss_serial_number.len(), 64);
    assert_eq!(registration.tss_public_key, known["public_key"]);
    assert!(!registration.tss_certificate.is_empty());
    assert_eq!(registration.signature_algorithm, "ecdsa-plain-SHA256");
    assert_eq!(registration.signature_timestamp_format, "unixTime");
    assert!(registration.initialized_at.is_some());
    assert_eq!(registration.client_id, CLIENT_ID);
    assert_eq!(registration.client_serial_number, TILL);

    // Set up already: the same registration, and nothing changed.
    let before = fake.calls().await.len();
    let again = client.set_up(TSS_ID, CLIENT_ID, TILL, PIN).await.unwrap();
    assert_eq!(again, registration);
    let repeated = calls_after(&fake, before).await;
    assert!(
        repeated.iter().all(|call| call.starts_with("GET ")),
        "{repeated:?}"
    );
}

#[tokio::test]
async fn a_setup_that_stopped_after_setting_the_pin_is_finished_from_uninitialized() {
    let fake = FakeFiskaly::start().await;
    let created = created_and_deployed(&fake).await;
    let tss = format!("/api/v2/tss/{TSS_ID}");
    let pin = json!({"admin_puk": created["admin_puk"], "new_admin_pin": PIN});
    let (status, answer) = fake.api("PATCH", &format!("{tss}/admin"), Some(pin)).await;
    assert_eq!(status, 200, "{answer}");

    let before = fake.calls().await.len();
    let client = client_of(fake.access(Duration::from_secs(5)));
    let registration = client.set_up(TSS_ID, CLIENT_ID, TILL, PIN).await.unwrap();
    assert_eq!(registration.client_serial_number, TILL);
    let calls = calls_after(&fake, before).await;
    assert!(!calls.contains(&format!("PUT {tss}")), "{calls:?}");
    assert!(
        calls.contains(&format!("PUT {tss}/client/{CLIENT_ID}")),
        "{calls:?}"
    );
    assert_eq!(fake.state().await["tss"][TSS_ID]["state"], "INITIALIZED");
}

#[tokio::test]
async fn a_setup_that_lost_the_puk_is_refused_with_fiskalys_code() {
    let fake = FakeFiskaly::start().await;
    created_and_deployed(&fake).await;
    let client = client_of(fake.access(Duration::from_secs(5)));
    let failure = client
        .set_up(TSS_ID, CLIENT_ID, TILL, PIN)
        .await
        .unwrap_err();
    assert_eq!(refusal_code(&failure), "E_ADMIN_PIN_BLOCKED");
}

#[tokio::test]
async fn a_finished_order_is_signed_with_its_number_counter_and_qr_code() {
    let (fake, client) = set_up().await;
    let started = client.start(TSS_ID, CLIENT_ID, &tx(1)).await.unwrap();
    assert_eq!(started.state, TxState::Active);
    assert_eq!((started.revision, started.number), (1, 1));
    assert_eq!(started.log.operation, "Start");
    assert_eq!(started.qr_code_data, None);

    let finished = finish(&client, 1).await.unwrap();
    assert_eq!(finished.tx_id, tx(1));
    assert_eq!(finished.state, TxState::Finished);
    assert_eq!((finished.revision, finished.latest_revision), (2, 2));
    assert_eq!(finished.number, 1);
    assert_eq!(finished.signature.counter, started.signature.counter + 1);
    assert_eq!(finished.signature.algorithm, "ecdsa-plain-SHA256");
    assert!(!finished.signature.value.is_empty());
    assert_eq!(finished.log.operation, "Finish");
    assert_eq!(finished.log.timestamp_format, "unixTime");
    assert!(finished.time_end.is_some());
    assert_eq!(finished.client_serial_number, TILL);
    let qr = finished.qr_code_data.clone().unwrap();
    let fields: Vec<&str> = qr.split(';').collect();
    assert_eq!(
        fields[..6],
        [
            "V0",
            TILL,
            "Kassenbeleg-V1",
            "Beleg^12.50_8.40_0.00_0.00_0.00^20.90:Bar",
            "1",
            &finished.signature.counter.to_string()
        ]
    );
    assert_eq!(fields[8..10], ["ecdsa-plain-SHA256", "unixTime"]);
    assert_eq!(fields[10], finished.signature.value);
    assert_eq!(fields[11], finished.signature.public_key);

    let stored = &fake.calls().await;
    let finish_call = stored
        .iter()
        .rev()
        .find(|call| call["method"] == "PUT")
        .unwrap();
    assert_eq!(finish_call["query"], "?tx_revision=2");
    assert_eq!(
        finish_call["body"]["schema"]["standard_v1"]["receipt"]["amounts_per_vat_rate"][1],
        json!({"vat_rate": "REDUCED_1", "amount": "8.40"})
    );

    assert_eq!(client.read_tx(TSS_ID, &tx(1)).await.unwrap(), finished);
    let next = client.start(TSS_ID, CLIENT_ID, &tx(2)).await.unwrap();
    assert_eq!(next.number, 2);
}

#[tokio::test]
async fn a_cancelled_order_ends_as_a_cancellation_without_payment() {
    let (_fake, client) = set_up().await;
    client.start(TSS_ID, CLIENT_ID, &tx(7)).await.unwrap();
    let cancelled = client
        .cancel(TSS_ID, CLIENT_ID, &tx(7), &[(VatRate::Reduced1, 840)])
        .await
        .unwrap();
    assert_eq!(cancelled.state, TxState::Cancelled);
    assert_eq!(cancelled.revision, 2);
    let qr = cancelled.qr_code_data.unwrap();
    assert!(
        qr.contains(";Kassenbeleg-V1;AVBelegabbruch^0.00_8.40_0.00_0.00_0.00^;"),
        "{qr}"
    );
    // An ended transaction stays ended.
    let failure = finish(&client, 7).await.unwrap_err();
    assert_eq!(refusal_code(&failure), "E_TX_UPSERT");
}

#[tokio::test]
async fn a_retried_finish_returns_the_first_signature() {
    let (fake, client) = set_up().await;
    client.start(TSS_ID, CLIENT_ID, &tx(1)).await.unwrap();
    let first = finish(&client, 1).await.unwrap();
    let again = finish(&client, 1).await.unwrap();
    assert_eq!(again, first);

    // The answer of a finish is lost: an outage; the retry gets what was signed.
    client.start(TSS_ID, CLIENT_ID, &tx(2)).await.unwrap();
    fake.lose_answers(1).await;
    let lost = finish(&client, 2).await.unwrap_err();
    assert!(lost.is_outage(), "{lost:?}");
    let counter = fake.state().await["tss"][TSS_ID]["signature_counter"].clone();
    let retried = finish(&client, 2).await.unwrap();
    assert_eq!(retried, client.read_tx(TSS_ID, &tx(2)).await.unwrap());
    assert_eq!(
        fake.state().await["tss"][TSS_ID]["signature_counter"],
        counter
    );
}

#[tokio::test]
async fn a_revision_fiskaly_will_not_repeat_is_read_back() {
    let (fake, client) = set_up().await;
    fake.replays("refuse").await;
    let started = client.start(TSS_ID, CLIENT_ID, &tx(3)).await.unwrap();
    assert_eq!(
        client.start(TSS_ID, CLIENT_ID, &tx(3)).await.unwrap(),
        started
    );
    let first = finish(&client, 3).await.unwrap();
    let before = fake.calls().await.len();
    let again = finish(&client, 3).await.unwrap();
    assert_eq!(again, first);
    let path = format!("/api/v2/tss/{TSS_ID}/tx/{}", tx(3));
    assert_eq!(
        calls_after(&fake, before).await,
        [format!("PUT {path}?tx_revision=2"), format!("GET {path}")]
    );
    // A finished transaction is no start: that refusal stands.
    let failure = client.start(TSS_ID, CLIENT_ID, &tx(3)).await.unwrap_err();
    assert_eq!(refusal_code(&failure), "E_TX_UPSERT");
}

#[tokio::test]
async fn an_access_token_that_runs_out_is_renewed() {
    let (fake, client) = set_up().await;
    let tokens = fake.auth_requests().await;
    fake.expire_tokens().await;
    client.start(TSS_ID, CLIENT_ID, &tx(1)).await.unwrap();
    assert_eq!(fake.auth_requests().await, tokens + 1);
    let calls = fake.calls().await;
    let statuses: Vec<&Value> = calls
        .iter()
        .rev()
        .take(3)
        .map(|call| &call["status"])
        .collect();
    // Refused with the old token, a token from the refresh token, the call again.
    assert_eq!(statuses, [&json!(200), &json!(200), &json!(401)]);
    assert!(calls[calls.len() - 2]["body"]["refresh_token"].is_string());

    // A token with less than a minute left is renewed before the call, not after a 401.
    fake.token_lifetime(30).await;
    fake.expire_tokens().await;
    finish(&client, 1).await.unwrap();
    let before = fake.auth_requests().await;
    client.read_tx(TSS_ID, &tx(1)).await.unwrap();
    assert_eq!(fake.auth_requests().await, before + 1);
    let last = fake.calls().await;
    assert_eq!(last.last().unwrap()["status"], 200);
    assert_eq!(last[last.len() - 2]["path"], "/api/v2/auth");
}

#[tokio::test]
async fn fiskaly_down_is_an_outage_and_the_next_call_after_it_works() {
    let (fake, client) = set_up().await;
    fake.down("503").await;
    let failure = client.start(TSS_ID, CLIENT_ID, &tx(1)).await.unwrap_err();
    assert!(failure.is_outage(), "{failure:?}");
    assert_eq!(failure.code(), None);
    fake.down("close").await;
    let failure = client.start(TSS_ID, CLIENT_ID, &tx(1)).await.unwrap_err();
    assert!(failure.is_outage(), "{failure:?}");

    fake.up().await;
    let started = client.start(TSS_ID, CLIENT_ID, &tx(1)).await.unwrap();
    assert_eq!(started.state, TxState::Active);

    // No server at all, and a server that never answers in time.
    let nowhere = client_of(FiskalyAccess {
        api_base: "http://127.0.0.1:9".into(),
        ..fake.access(Duration::from_secs(2))
    });
    assert!(
        nowhere
            .read_tx(TSS_ID, &tx(1))
            .await
            .unwrap_err()
            .is_outage()
    );
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let slow = client_of(FiskalyAccess {
        api_base: format!("http://{}", silent.local_addr().unwrap()),
        ..fake.access(Duration::from_millis(300))
    });
    assert!(slow.read_tx(TSS_ID, &tx(1)).await.unwrap_err().is_outage());
}

#[tokio::test]
async fn a_wrong_revision_or_unknown_client_is_a_refusal_naming_fiskalys_code() {
    let (fake, client) = set_up().await;
    // Finishing a transaction that never started: revision 2 before revision 1.
    let failure = finish(&client, 9).await.unwrap_err();
    assert_eq!(refusal_code(&failure), "E_TX_UPSERT");
    assert!(
        matches!(failure, TseFailure::Refused { status: 400, .. }),
        "{failure:?}"
    );

    let stranger = "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a";
    let failure = client.start(TSS_ID, stranger, &tx(9)).await.unwrap_err();
    assert_eq!(refusal_code(&failure), "E_CLIENT_NOT_FOUND");
    assert!(!failure.is_outage());

    // Ids that are not UUIDs never reach fiskaly.
    let before = fake.calls().await.len();
    let failure = client
        .start(TSS_ID, CLIENT_ID, "../admin")
        .await
        .unwrap_err();
    assert!(matches!(failure, TseFailure::Unusable(_)), "{failure:?}");
    assert_eq!(fake.calls().await.len(), before);

    let wrong_secret = client_of(FiskalyAccess {
        api_secret: "not-the-secret".into(),
        ..fake.access(Duration::from_secs(5))
    });
    let failure = wrong_secret.read_tx(TSS_ID, &tx(1)).await.unwrap_err();
    assert_eq!(refusal_code(&failure), "E_UNAUTHORIZED");
}
