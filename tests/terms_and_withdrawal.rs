//! The terms (AGB) and the withdrawal information: written in the store settings, shown
//! in the public store record, and required by the readiness check.

use serde_json::{Value, json};

use crate::support::ordering::lunch_server;
use crate::support::{TestServer, store_settings};

async fn readiness_keys(server: &TestServer, admin: &str) -> Vec<String> {
    let (status, body) = server
        .send("GET", "/admin/readiness", Some(admin), None)
        .await;
    assert_eq!(status, 200, "{body}");
    body["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| finding["key"].as_str().unwrap().to_string())
        .collect()
}

async fn save(server: &TestServer, admin: &str, overrides: Value) -> (u16, Value) {
    server
        .send(
            "PUT",
            "/stores/14",
            Some(admin),
            Some(store_settings(overrides)),
        )
        .await
}

const TERMS: &str = "terms_missing:setting:terms_text";
const WITHDRAWAL: &str = "withdrawal_missing:setting:withdrawal_text";

#[tokio::test]
async fn the_demo_shop_has_terms_and_withdrawal_information_in_both_languages() {
    let server = lunch_server().await;
    let (status, store) = server.get_json("/stores/14").await;
    assert_eq!(status, 200);
    let text = |field: &str| store[field].as_str().unwrap().to_string();
    assert!(text("terms_text").contains("Pizzeria Bella Napoli GmbH"));
    assert!(text("terms_text").contains("Zahlungspflichtig bestellen"));
    assert!(text("terms_text_en").contains("Place binding order"));
    let withdrawal = text("withdrawal_text");
    assert!(
        withdrawal.contains("§ 312g Abs. 2 Nr. 2 BGB"),
        "{withdrawal}"
    );
    assert!(withdrawal.contains("vierzehn Tagen"), "{withdrawal}");
    assert!(withdrawal.contains("Hauptstraße 12, 10115 Berlin"));
    assert!(text("withdrawal_text_en").contains("fourteen days"));
    server.stop().await;
}

#[tokio::test]
async fn an_admin_writes_the_terms_and_the_withdrawal_information_and_the_shop_may_open() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    assert_eq!(readiness_keys(&server, &admin).await, Vec::<String>::new());

    // Without them the shop lacks two required texts and stays closed.
    let (status, saved) = save(
        &server,
        &admin,
        json!({"terms_text": "", "terms_text_en": "", "withdrawal_text": "  ", "withdrawal_text_en": ""}),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["terms_text"], "");
    let (status, body) = server
        .send("GET", "/admin/readiness", Some(&admin), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(readiness_keys(&server, &admin).await, [TERMS, WITHDRAWAL]);
    for finding in body["findings"].as_array().unwrap() {
        assert_eq!(finding["severity"], "error", "{finding}");
        assert_eq!(finding["subject"]["kind"], "setting");
        assert_eq!(finding["link"], "/admin/store-setting");
    }
    assert_eq!(
        body["findings"][0]["detail"],
        "The terms (AGB) are empty (Store settings → Terms)."
    );
    assert_eq!(
        body["findings"][1]["detail"],
        "The withdrawal information is empty (Store settings → Withdrawal information)."
    );
    assert_eq!(body["ready"], false);
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["closed_reason"], "not_ready", "{store}");

    // The English terms alone do not do.
    let (status, _) = save(&server, &admin, json!({"terms_text_en": "Terms"})).await;
    assert_eq!(status, 200);
    assert_eq!(readiness_keys(&server, &admin).await, [TERMS, WITHDRAWAL]);

    // Too long is refused, naming the field, and nothing is saved.
    let (status, answer) = save(
        &server,
        &admin,
        json!({"withdrawal_text": "x".repeat(50_001), "terms_text": "AGB"}),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["field"], "withdrawal_text");
    assert_eq!(readiness_keys(&server, &admin).await, [TERMS, WITHDRAWAL]);

    let (status, saved) = save(
        &server,
        &admin,
        json!({
            "terms_text": "AGB der Pizzeria Bella Napoli",
            "terms_text_en": "Terms of Pizzeria Bella Napoli",
            "withdrawal_text": "Für Speisen besteht kein Widerrufsrecht.",
            "withdrawal_text_en": "There is no right of withdrawal for food."
        }),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["terms_text"], "AGB der Pizzeria Bella Napoli");
    assert_eq!(store["terms_text_en"], "Terms of Pizzeria Bella Napoli");
    assert_eq!(
        store["withdrawal_text"],
        "Für Speisen besteht kein Widerrufsrecht."
    );
    assert_eq!(
        store["withdrawal_text_en"],
        "There is no right of withdrawal for food."
    );
    assert_eq!(readiness_keys(&server, &admin).await, Vec::<String>::new());
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["is_open"], true, "{store}");
    assert_eq!(store["closed_reason"], Value::Null);

    // A PUT without the texts (an older admin screen sends none) keeps them.
    let (status, _) = save(&server, &admin, json!({})).await;
    assert_eq!(status, 200);
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["terms_text"], "AGB der Pizzeria Bella Napoli");
    assert_eq!(
        store["withdrawal_text_en"],
        "There is no right of withdrawal for food."
    );
    server.stop().await;
}
