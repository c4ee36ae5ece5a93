use serde_json::json;

use super::*;

#[test]
fn the_transaction_id_of_an_order_is_a_fixed_uuid_with_the_version_4_bits() {
    let id = tx_id_of(14, 1001, "token");
    assert_eq!(id, tx_id_of(14, 1001, "token"));
    assert!(is_uuid(&id), "{id}");
    assert_eq!(&id[14..15], "4");
    assert!("89ab".contains(&id[19..20]), "{id}");
    assert_ne!(id, tx_id_of(14, 1002, "token"));
    assert_ne!(id, tx_id_of(15, 1001, "token"));
    // An order id used again (an older backup restored) has another token.
    assert_ne!(id, tx_id_of(14, 1001, "other token"));
    // The ids are hashed apart: (1, 23) is not (12, 3).
    assert_ne!(tx_id_of(1, 23, "t"), tx_id_of(12, 3, "t"));
}

#[test]
fn only_lowercase_hyphenated_uuids_reach_a_path() {
    assert!(is_uuid("0f8fad5b-d9cb-469f-a165-70867728950e"));
    assert!(!is_uuid("0F8FAD5B-D9CB-469F-A165-70867728950E"));
    assert!(!is_uuid("0f8fad5bd9cb469fa16570867728950e"));
    assert!(!is_uuid("../../admin/auth"));
    assert!(!is_uuid(""));
}

#[test]
fn a_till_serial_follows_dsfinv_k() {
    assert!(is_client_serial("heimservice-14"));
    assert!(is_client_serial("Kasse 1 (online)"));
    assert!(!is_client_serial(""));
    assert!(!is_client_serial("kasse/1"));
    assert!(!is_client_serial("kasse_1"));
    assert!(!is_client_serial(&"x".repeat(71)));
}

#[test]
fn vat_rates_in_basis_points_have_their_tse_names() {
    assert_eq!(VatRate::of_basis_points(1900), Ok(VatRate::Normal));
    assert_eq!(VatRate::of_basis_points(700), Ok(VatRate::Reduced1));
    assert_eq!(VatRate::of_basis_points(1070), Ok(VatRate::SpecialRate1));
    assert_eq!(VatRate::of_basis_points(550), Ok(VatRate::SpecialRate2));
    assert_eq!(VatRate::of_basis_points(0), Ok(VatRate::Null));
    assert_eq!(VatRate::of_basis_points(1600), Err(UnknownVatRate(1600)));
    assert_eq!(
        UnknownVatRate(1600).to_string(),
        "a VAT rate of 16 % cannot be signed: a German TSE knows 19 %, 7 %, 10.7 %, 5.5 % and 0 %"
    );
    assert!(UnknownVatRate(1234).to_string().contains("12.34 %"));
    assert!(UnknownVatRate(250).to_string().contains("2.5 %"));
}

#[test]
fn receipt_amounts_add_up_each_rate_in_the_tse_order() {
    let amounts = ReceiptAmounts::new(
        [(700, 500), (1900, 1250), (700, 340)],
        vec![(PaymentType::Cash, 2090)],
    )
    .unwrap();
    assert_eq!(
        amounts.per_vat_rate,
        vec![(VatRate::Normal, 1250), (VatRate::Reduced1, 840)]
    );
    assert_eq!(
        ReceiptAmounts::new([(1600, 100)], Vec::new()),
        Err(UnknownVatRate(1600))
    );
}

#[test]
fn amounts_are_strings_with_two_decimals_and_a_sign() {
    assert_eq!(amount_text(1250), "12.50");
    assert_eq!(amount_text(5), "0.05");
    assert_eq!(amount_text(0), "0.00");
    assert_eq!(amount_text(-840), "-8.40");
}

#[test]
fn the_finish_body_is_fiskalys_standard_v1_receipt() {
    let amounts = ReceiptAmounts {
        per_vat_rate: vec![(VatRate::Normal, 1250), (VatRate::Reduced1, 840)],
        per_payment: vec![(PaymentType::Cash, 2090)],
    };
    let client = "3a6f3d9e-3f2b-4a51-9e61-1c2d3e4f5a6b";
    assert_eq!(
        serde_json::to_value(finish_body(client, &amounts)).unwrap(),
        json!({
            "state": "FINISHED",
            "client_id": client,
            "schema": {"standard_v1": {"receipt": {
                "receipt_type": "RECEIPT",
                "amounts_per_vat_rate": [
                    {"vat_rate": "NORMAL", "amount": "12.50"},
                    {"vat_rate": "REDUCED_1", "amount": "8.40"}
                ],
                "amounts_per_payment_type": [{"payment_type": "CASH", "amount": "20.90"}]
            }}}
        })
    );
    assert_eq!(
        serde_json::to_value(start_body(client)).unwrap(),
        json!({"state": "ACTIVE", "client_id": client})
    );
}

#[test]
fn a_cancelled_transaction_is_a_cancellation_without_payment() {
    let client = "3a6f3d9e-3f2b-4a51-9e61-1c2d3e4f5a6b";
    assert_eq!(
        serde_json::to_value(cancel_body(client, &[(VatRate::Reduced1, 840)])).unwrap(),
        json!({
            "state": "CANCELLED",
            "client_id": client,
            "schema": {"standard_v1": {"receipt": {
                "receipt_type": "CANCELLATION",
                "amounts_per_vat_rate": [{"vat_rate": "REDUCED_1", "amount": "8.40"}]
            }}}
        })
    );
}

fn finished_answer(counter: serde_json::Value) -> serde_json::Value {
    json!({
        "_id": "0f8fad5b-d9cb-869f-a165-70867728950e",
        "_type": "TRANSACTION",
        "_env": "TEST",
        "_version": "2.1.35",
        "tss_id": "1b4e28ba-2fa1-41d2-883f-0016d3cca427",
        "client_id": "3a6f3d9e-3f2b-4a51-9e61-1c2d3e4f5a6b",
        "number": 18,
        "state": "FINISHED",
        "revision": 2,
        "latest_revision": 2,
        "time_start": 1562784064,
        "time_end": 1562784065,
        "tss_serial_number": "a1b2",
        "client_serial_number": "heimservice-14",
        "schema": {"standard_v1": {"receipt": {"receipt_type": "RECEIPT"}}},
        "signature": {
            "value": "MEQCIAy4",
            "counter": counter,
            "algorithm": "ecdsa-plain-SHA256",
            "public_key": "BHhWOeis"
        },
        "log": {"operation": "Finish", "timestamp": 1562784065, "timestamp_format": "unixTime"},
        "qr_code_data": "V0;heimservice-14;Kassenbeleg-V1;Beleg^0.00_2.55_0.00_0.00_0.00^2.55:Bar;18;112"
    })
}

#[test]
fn fiskalys_answer_is_kept_whether_the_counter_is_a_number_or_a_string() {
    let from_number: TseSignature = serde_json::from_value(finished_answer(json!(112))).unwrap();
    let from_text: TseSignature = serde_json::from_value(finished_answer(json!("112"))).unwrap();
    assert_eq!(from_number, from_text);
    assert_eq!(from_number.signature.counter, 112);
    assert_eq!(from_number.number, 18);
    assert_eq!(from_number.state, TxState::Finished);
    assert_eq!(from_number.tx_id, "0f8fad5b-d9cb-869f-a165-70867728950e");
    // What the order stores reads back the same.
    let stored = serde_json::to_string(&from_number).unwrap();
    assert!(stored.contains("\"tx_id\""));
    assert_eq!(
        serde_json::from_str::<TseSignature>(&stored).unwrap(),
        from_number
    );
}

#[test]
fn a_started_transaction_has_no_end_and_no_qr_code() {
    let mut answer = finished_answer(json!(111));
    answer["state"] = json!("ACTIVE");
    answer["revision"] = json!(1);
    answer["latest_revision"] = json!(1);
    let object = answer.as_object_mut().unwrap();
    object.remove("time_end");
    object.remove("qr_code_data");
    let started: TseSignature = serde_json::from_value(answer).unwrap();
    assert_eq!(started.state, TxState::Active);
    assert_eq!(started.time_end, None);
    assert_eq!(started.qr_code_data, None);
}
