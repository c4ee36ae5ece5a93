//! Corrections after an order was accepted: staff cancel it with a reason. A PayPal
//! payment is refunded in full first (a refund PayPal refuses changes nothing), a cash
//! order owes nothing; the day's revenue drops, the kitchen gets a ticket marked
//! STORNIERT, the customer sees it live and by mail; a closed business day is not
//! corrected any more; with the cloud TSE a Storno receipt is signed, and the DSFinV-K
//! export has the Storno beside the original receipt.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};

use crate::dsfinvk_export::{amount, download, place_cash, read_export, sum_by};
use crate::support::TestServer;
use crate::support::fake_fiskaly::FakeFiskaly;
use crate::support::ordering::*;
use crate::support::paypal_checkout::{PaypalShop, approved, payment, place};
use crate::support::printer_sink::{PrinterSink, decode};
use crate::tse_signing::{order_until, set_up, tse_shop, tse_state};

/// The order as the restaurant sees it now.
pub async fn admin_order(server: &TestServer, admin: &str, order: &Value) -> Value {
    let path = format!("/admin/orders/{}", order["id"]);
    let (status, seen) = server.send("GET", &path, Some(admin), None).await;
    assert_eq!(status, 200, "{seen}");
    seen
}

/// A kitchen printer at `sink`.
pub async fn kitchen_printer(server: &TestServer, admin: &str, sink: &PrinterSink) {
    let body = json!({ "name": "Küche", "host": "127.0.0.1", "port": sink.port });
    let (status, printer) = server
        .send("POST", "/admin/printers", Some(admin), Some(body))
        .await;
    assert_eq!(status, 201, "{printer}");
}

pub async fn cancel(server: &TestServer, token: &str, order: &Value, body: Value) -> (u16, Value) {
    server
        .send(
            "POST",
            &format!("/admin/orders/{}/cancel", order["id"]),
            Some(token),
            Some(body),
        )
        .await
}

#[tokio::test]
async fn staff_cancel_an_accepted_cash_order_and_the_day_kitchen_and_customer_follow() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let staff = server.staff_token().await;
    let sink = PrinterSink::start().await;
    kitchen_printer(&server, &admin, &sink).await;
    let kept = place_cash(&server).await;
    answer(&server, &admin, &kept, "accept", json!({"minutes": 30})).await;
    let order = place_cash(&server).await;

    // Waiting: that is a rejection, not a cancellation.
    let (status, refused) = cancel(&server, &staff, &order, json!({"reason": "x"})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("invalid_transition")),
        "{refused}"
    );
    answer(&server, &admin, &order, "accept", json!({"minutes": 30})).await;
    sink.wait_for(2, Duration::from_secs(5)).await;
    let (before, _) = day_history(&server, &admin, None).await;
    assert_eq!(before["count"], 2, "{before}");

    for (body, code, field) in [
        (json!({}), "invalid", "reason"),
        (json!({"reason": "   "}), "invalid", "reason"),
        (json!({"reason": "x".repeat(301)}), "invalid", "reason"),
        (json!({"reason": "a", "refund": 5}), "bad_request", ""),
    ] {
        let (status, refused) = cancel(&server, &staff, &order, body.clone()).await;
        assert_eq!(status, 400, "{body}: {refused}");
        assert_eq!(refused["code"], code, "{body}: {refused}");
        if !field.is_empty() {
            assert_eq!(refused["field"], field, "{refused}");
        }
    }
    let (status, _) = cancel(&server, "", &order, json!({"reason": "x"})).await;
    assert_eq!(status, 401);
    let customer = server.customer_token().await;
    let (status, _) = cancel(&server, &customer, &order, json!({"reason": "x"})).await;
    assert_eq!(status, 403);
    let (status, missing) = server
        .send(
            "POST",
            "/admin/orders/999999/cancel",
            Some(&staff),
            Some(json!({"reason": "x"})),
        )
        .await;
    assert_eq!(
        (status, missing["code"].as_str()),
        (404, Some("order_not_found"))
    );

    let (status, cancelled) = cancel(
        &server,
        &staff,
        &order,
        json!({"reason": "Fahrer krank, Kunde informiert"}),
    )
    .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["payment_status"], "cancelled", "nothing is due");
    let correction = &cancelled["corrections"][0];
    assert_eq!(correction["kind"], "cancelled");
    assert_eq!(correction["reason"], "Fahrer krank, Kunde informiert");
    assert_eq!(cents(&correction["previous_total"]), cents(&order["total"]));
    assert_eq!(cents(&correction["refunded"]), 0);
    assert_eq!(correction["by"]["kind"], "staff", "{correction}");
    assert_eq!(correction["by"]["name"], "Test Person", "{correction}");
    let last = cancelled["history"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["status"], "cancelled");
    assert_eq!(last["by"]["name"], "Test Person");

    // Once is enough.
    let (status, again) = cancel(&server, &staff, &order, json!({"reason": "x"})).await;
    assert_eq!(
        (status, again["code"].as_str()),
        (409, Some("invalid_transition"))
    );

    // The day counts only the order that stays; the board has no cancelled order.
    let (after, _) = day_history(&server, &admin, None).await;
    assert_eq!(after["count"], 1, "{after}");
    assert_eq!(cents(&after["revenue"]), cents(&kept["total"]), "{after}");
    let open: Vec<u64> = all_open_orders(&server, &admin)
        .await
        .iter()
        .map(|open| open["id"].as_u64().unwrap())
        .collect();
    assert!(!open.contains(&order["id"].as_u64().unwrap()), "{open:?}");

    // The customer's status page says so, without the staff's name.
    let (_, tracked) = server
        .get_json(&format!(
            "/orders/track/{}",
            order["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(tracked["status"], "cancelled");
    assert_eq!(
        tracked["corrections"][0]["reason"],
        "Fahrer krank, Kunde informiert"
    );
    assert!(tracked["corrections"][0]["by"].is_null(), "{tracked}");

    // The kitchen gets the order again, marked cancelled, with the reason.
    let printed = sink.wait_for(4, Duration::from_secs(5)).await;
    let last = decode(printed.last().unwrap());
    assert!(
        last.text
            .starts_with("*** STORNIERT ***\nGrund: Fahrer krank, Kunde informiert\n"),
        "{}",
        last.text
    );
    assert!(
        last.text.contains(&format!("#{}", order["number"])),
        "{}",
        last.text
    );

    // And the customer a mail.
    let mails = outbox(&server, &admin, 3).await;
    let mail = mails
        .iter()
        .find(|mail| mail["subject"].as_str().unwrap().contains("storniert"))
        .unwrap_or_else(|| panic!("no cancellation mail in {mails:?}"));
    assert!(
        mail["body"].as_str().unwrap().contains("Fahrer krank"),
        "{mail}"
    );

    // A rejected order was never a sale: nothing to cancel. (A completed one can be:
    // tests/complaints.rs.)
    let rejected = place_cash(&server).await;
    answer(
        &server,
        &admin,
        &rejected,
        "reject",
        json!({"reason": "zu weit"}),
    )
    .await;
    let (status, refused) = cancel(&server, &admin, &rejected, json!({"reason": "x"})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("invalid_transition"))
    );
}

#[tokio::test]
async fn a_cancelled_paypal_order_is_refunded_in_full_and_a_refused_refund_changes_nothing() {
    let shop = PaypalShop::start().await;
    let (server, fake, admin) = (&shop.server, &shop.fake, &shop.admin);
    let paypal_id = approved(server, fake, &shop.body).await;
    let (status, order) = place(server, &shop.body, &paypal_id).await;
    assert_eq!(status, 201, "{order}");
    answer(server, admin, &order, "accept", json!({"minutes": 30})).await;

    fake.fail(json!({"endpoint": "refund", "status": 500}))
        .await;
    let (status, refused) = cancel(server, admin, &order, json!({"reason": "Ofen kaputt"})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (503, Some("refund_failed")),
        "{refused}"
    );
    let unchanged = admin_order(server, admin, &order).await;
    assert_eq!(unchanged["status"], "accepted", "{unchanged}");
    assert_eq!(unchanged["payment_status"], "paid");
    assert_eq!(unchanged["corrections"], json!([]));
    assert_eq!(fake.state().await["refunds"], json!([]));

    let (status, cancelled) = cancel(server, admin, &order, json!({"reason": "Ofen kaputt"})).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["payment_status"], "refunded");
    let refunds = fake.state().await["refunds"].clone();
    assert_eq!(refunds.as_array().unwrap().len(), 1, "{refunds}");
    assert_eq!(refunds[0]["capture_id"], cancelled["capture_id"]);
    assert_eq!(
        refunds[0]["amount"]["value"].as_str(),
        Some(euro_text_signed(cents(&order["total"])).as_str()),
        "the whole total"
    );
    assert_eq!(refunds[0]["id"], cancelled["refund_id"]);
    assert_eq!(
        cents(&cancelled["corrections"][0]["refunded"]),
        cents(&order["total"])
    );
    let (_, tracked) = server
        .get_json(&format!(
            "/orders/track/{}",
            order["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(tracked["payment_status"], "refunded");
    // The payments ledger says where the money went.
    let record = payment(server, admin, &paypal_id).await;
    assert_eq!(record["fate"], "refunded", "{record}");
}

#[tokio::test]
async fn a_closed_business_day_is_not_corrected_any_more() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let order = place_cash(&server).await;
    answer(&server, &admin, &order, "accept", json!({"minutes": 30})).await;
    let (status, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");
    let (status, refused) = cancel(&server, &admin, &order, json!({"reason": "zu spät"})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("day_closed")),
        "{refused}"
    );
    let unchanged = admin_order(&server, &admin, &order).await;
    assert_eq!(unchanged["status"], "accepted");
}

#[tokio::test]
async fn a_cancellation_signs_a_storno_receipt_and_the_export_shows_it_beside_the_original() {
    let fiskaly = FakeFiskaly::start().await;
    let server = tse_shop(&fiskaly).await;
    let admin = server.admin_token().await;
    set_up(&server, &admin).await;
    let kept = place_cash(&server).await;
    order_until(&server, &admin, &kept, |seen| tse_state(seen) == "active").await;
    let kept = answer(&server, &admin, &kept, "accept", json!({"minutes": 30})).await;
    let order = place_cash(&server).await;
    order_until(&server, &admin, &order, |seen| tse_state(seen) == "active").await;
    let order = answer(&server, &admin, &order, "accept", json!({"minutes": 30})).await;
    assert_eq!(order["tse"]["state"], "finished", "{order}");

    let (status, cancelled) = cancel(&server, &admin, &order, json!({"reason": "Storno"})).await;
    assert_eq!(status, 200, "{cancelled}");
    let storno = &cancelled["corrections"][0]["storno_tse"];
    assert_eq!(storno["state"], "finished", "{cancelled}");
    assert_ne!(
        storno["transaction_number"], order["tse"]["transaction_number"],
        "a transaction of its own"
    );
    assert_eq!(cancelled["tse"], order["tse"], "the original receipt stays");
    // The Storno signs the receipt's amounts negated.
    let total = cents(&order["total"]);
    let finished: Vec<Value> = fiskaly
        .calls()
        .await
        .into_iter()
        .filter(|call| call["method"] == "PUT" && call["body"]["state"] == "FINISHED")
        .map(|call| call["body"]["schema"]["standard_v1"]["receipt"].clone())
        .collect();
    let negative = finished
        .iter()
        .find(|receipt| {
            receipt["amounts_per_payment_type"][0]["amount"] == euro_text_signed(-total)
        })
        .unwrap_or_else(|| panic!("no Storno receipt in {finished:?}"));
    assert_eq!(negative["receipt_type"], "RECEIPT", "{negative}");
    assert_eq!(
        negative["amounts_per_payment_type"][0]["payment_type"],
        "CASH"
    );

    let (status, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");
    assert_eq!(
        closing["gross_cents"],
        json!(cents(&kept["total"])),
        "{closing}"
    );
    let response = download(&server, &admin, "?from=2026-11-23&to=2026-11-23").await;
    assert_eq!(response.status(), 200);
    let files = read_export(&response.bytes().await.unwrap());
    let transactions: BTreeMap<String, &BTreeMap<String, String>> = files["transactions.csv"]
        .iter()
        .map(|row| (row["BON_ID"].clone(), row))
        .collect();
    let original = transactions[&order["id"].to_string()];
    let storno_id = format!("{}-S1", order["id"]);
    let storno_row = transactions[&storno_id];
    assert_eq!(original["BON_STORNO"], "0");
    assert_eq!(amount(&original["UMS_BRUTTO"]), total);
    assert_eq!(storno_row["BON_STORNO"], "1");
    assert_eq!(storno_row["BON_TYP"], "Beleg");
    assert_eq!(amount(&storno_row["UMS_BRUTTO"]), -total);
    let references = &files["references.csv"];
    assert_eq!(references.len(), 1, "{references:?}");
    assert_eq!(references[0]["BON_ID"], storno_id);
    assert_eq!(references[0]["REF_TYP"], "Transaktion");
    assert_eq!(references[0]["REF_BON_ID"], order["id"].to_string());
    // Its lines are the original's, negated, quantities too.
    let lines: Vec<&BTreeMap<String, String>> = files["lines.csv"]
        .iter()
        .filter(|row| row["BON_ID"] == storno_id && !row["MENGE"].is_empty())
        .collect();
    assert!(!lines.is_empty());
    assert!(
        lines.iter().all(|row| row["MENGE"].starts_with('-')),
        "{lines:?}"
    );
    // The Storno's TSE transaction is its own row.
    let tse_rows: BTreeMap<String, &BTreeMap<String, String>> = files["transactions_tse.csv"]
        .iter()
        .map(|row| (row["BON_ID"].clone(), row))
        .collect();
    assert_eq!(
        tse_rows[&storno_id]["TSE_TANR"],
        storno["transaction_number"].to_string()
    );
    // The closing's sums are the order that stayed: original and Storno cancel out.
    let cases = sum_by(&files["businesscases.csv"], &[], "Z_UMS_BRUTTO");
    assert_eq!(cases[&Vec::<String>::new()], cents(&kept["total"]));
    let cash = sum_by(&files["payment.csv"], &[], "Z_ZAHLART_BETRAG");
    assert_eq!(cash[&Vec::<String>::new()], cents(&kept["total"]));
    let per_bon = sum_by(&files["lines_vat.csv"], &["BON_ID"], "POS_BRUTTO");
    assert_eq!(per_bon[&vec![storno_id.clone()]], -total);
}

pub fn euro_text_signed(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

pub async fn change(server: &TestServer, token: &str, order: &Value, body: Value) -> (u16, Value) {
    server
        .send(
            "PUT",
            &format!("/admin/orders/{}/lines", order["id"]),
            Some(token),
            Some(body),
        )
        .await
}

/// One Bruschetta (of two), the Coca-Cola, and a large Margherita that was not ordered.
fn changed_lunch(menu: &Menu) -> Value {
    json!([
        line(menu.id("Bruschetta"), 1),
        { "product_id": menu.id("Coca-Cola"), "variant_id": menu.variant("Coca-Cola", "0,33 l"),
          "extras": [], "quantity": 1 },
        { "product_id": menu.id("Pizza Margherita"),
          "variant_id": menu.variant("Pizza Margherita", "Ø 32 cm"), "extras": [], "quantity": 1 }
    ])
}

#[tokio::test]
async fn staff_change_an_accepted_orders_lines_priced_by_the_same_rules_as_the_checkout() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let staff = server.staff_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    kitchen_printer(&server, &admin, &sink).await;
    let order = place_cash(&server).await;
    answer(&server, &admin, &order, "accept", json!({"minutes": 30})).await;
    sink.wait_for(1, Duration::from_secs(5)).await;

    // Refusals change nothing.
    let bruschetta = menu.id("Bruschetta");
    let unchanged = lunch_lines(&menu);
    for (body, status, code) in [
        (json!({"lines": unchanged, "reason": "x"}), 400, "invalid"),
        (json!({"lines": [], "reason": "x"}), 400, "empty_cart"),
        (
            json!({"lines": [line(bruschetta, 0)], "reason": "x"}),
            400,
            "invalid",
        ),
        (
            json!({"lines": [line(999_999, 1)], "reason": "x"}),
            409,
            "product_unavailable",
        ),
        (json!({"lines": [line(bruschetta, 1)]}), 400, "invalid"),
        (json!({"reason": "x"}), 400, "invalid"),
    ] {
        let (answered, refused) = change(&server, &staff, &order, body.clone()).await;
        assert_eq!(
            (answered, refused["code"].as_str()),
            (status, Some(code)),
            "{body}: {refused}"
        );
    }
    // A dish that ran out cannot come in; one the order has stays at its price.
    let margherita = menu.id("Pizza Margherita");
    let (status, _) = server
        .send(
            "PUT",
            &format!("/products/{margherita}/availability"),
            Some(&staff),
            Some(json!({"available": false})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, refused) = change(
        &server,
        &staff,
        &order,
        json!({"lines": changed_lunch(&menu), "reason": "x"}),
    )
    .await;
    assert_eq!(
        (status, refused["code"].as_str(), refused["field"].as_str()),
        (409, Some("sold_out"), Some("lines")),
        "{refused}"
    );
    server
        .send(
            "PUT",
            &format!("/products/{margherita}/availability"),
            Some(&staff),
            Some(json!({"available": true})),
        )
        .await;

    // The checkout's quote for the same lines is what the changed order costs.
    let (status, quote) = post_with(
        &server,
        "/orders/guest/quote",
        None,
        &[],
        &guest_order(changed_lunch(&menu), "10115"),
    )
    .await;
    assert_eq!(status, 200, "{quote}");
    let (status, changed) = change(
        &server,
        &staff,
        &order,
        json!({"lines": changed_lunch(&menu), "reason": "Nur noch eine Bruschetta, dafür Pizza"}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["status"], "accepted", "the status stays");
    for figure in ["subtotal", "discount", "delivery_fee", "deposit", "total"] {
        assert_eq!(
            cents(&changed[figure]),
            cents(&quote[figure]),
            "{figure}: {changed} vs {quote}"
        );
    }
    let vat: i64 = changed["vat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| cents(&line["gross"]))
        .sum();
    assert_eq!(vat, cents(&changed["total"]), "{changed}");
    assert_eq!(changed["lines"].as_array().unwrap().len(), 3);
    let correction = &changed["corrections"][0];
    assert_eq!(correction["kind"], "changed");
    assert_eq!(cents(&correction["previous_total"]), cents(&order["total"]));
    assert_eq!(correction["by"]["name"], "Test Person");
    let last = changed["history"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(
        (last["status"].as_str(), last["note"].as_str()),
        (
            Some("accepted"),
            Some("Nur noch eine Bruschetta, dafür Pizza")
        )
    );

    // The day counts the new total; the kitchen gets the new ticket, marked.
    let (day, _) = day_history(&server, &admin, None).await;
    assert_eq!(cents(&day["revenue"]), cents(&changed["total"]), "{day}");
    let printed = sink.wait_for(2, Duration::from_secs(5)).await;
    let ticket = decode(printed.last().unwrap());
    // The reason wraps at the paper's width.
    assert!(
        ticket
            .text
            .starts_with("*** GEÄNDERT ***\nGrund: Nur noch eine Bruschetta, dafür\nPizza\n"),
        "{}",
        ticket.text
    );
    assert!(ticket.text.contains("1 x Bruschetta"), "{}", ticket.text);
    assert!(ticket.text.contains("Pizza Margherita"), "{}", ticket.text);
    // The customer sees it live and by mail.
    let (_, tracked) = server
        .get_json(&format!(
            "/orders/track/{}",
            order["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(cents(&tracked["total"]), cents(&changed["total"]));
    assert_eq!(tracked["corrections"][0]["kind"], "changed");
    let mails = outbox(&server, &admin, 3).await;
    assert!(
        mails
            .iter()
            .any(|mail| mail["subject"].as_str().unwrap().contains("geändert")),
        "{mails:?}"
    );
}

#[tokio::test]
async fn a_paid_orders_change_refunds_the_difference_and_never_makes_it_dearer() {
    let shop = PaypalShop::start().await;
    let (server, fake, admin) = (&shop.server, &shop.fake, &shop.admin);
    let menu = Menu::load(server).await;
    let paypal_id = approved(server, fake, &shop.body).await;
    let (status, order) = place(server, &shop.body, &paypal_id).await;
    assert_eq!(status, 201, "{order}");
    answer(server, admin, &order, "accept", json!({"minutes": 30})).await;

    let (status, refused) = change(
        server,
        admin,
        &order,
        json!({"lines": changed_lunch(&menu), "reason": "mehr"}),
    )
    .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("paid_total_raised")),
        "{refused}"
    );

    let cheaper = json!([line(menu.id("Bruschetta"), 2)]);
    fake.fail(json!({"endpoint": "refund", "status": 500}))
        .await;
    let (status, refused) = change(
        server,
        admin,
        &order,
        json!({"lines": cheaper, "reason": "Cola aus"}),
    )
    .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (503, Some("refund_failed")),
        "{refused}"
    );
    let unchanged = admin_order(server, admin, &order).await;
    assert_eq!(cents(&unchanged["total"]), cents(&order["total"]));
    assert_eq!(unchanged["corrections"], json!([]));

    let (status, changed) = change(
        server,
        admin,
        &order,
        json!({"lines": cheaper, "reason": "Cola aus"}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    let difference = cents(&order["total"]) - cents(&changed["total"]);
    assert!(difference > 0);
    assert_eq!(changed["payment_status"], "paid", "still paid, for less");
    assert_eq!(cents(&changed["corrections"][0]["refunded"]), difference);
    let refunds = fake.state().await["refunds"].clone();
    assert_eq!(refunds.as_array().unwrap().len(), 1, "{refunds}");
    assert_eq!(
        refunds[0]["amount"]["value"].as_str(),
        Some(euro_text_signed(difference).as_str())
    );

    // Cancelling afterwards refunds the rest: in all, what was paid.
    let (status, cancelled) = cancel(server, admin, &order, json!({"reason": "doch nicht"})).await;
    assert_eq!(status, 200, "{cancelled}");
    let refunds = fake.state().await["refunds"].clone();
    let refunded: i64 = refunds
        .as_array()
        .unwrap()
        .iter()
        .map(|refund| {
            let text = refund["amount"]["value"].as_str().unwrap();
            (text.parse::<f64>().unwrap() * 100.0).round() as i64
        })
        .sum();
    assert_eq!(refunded, cents(&order["total"]), "{refunds}");
    assert_eq!(cancelled["payment_status"], "refunded");
}

#[tokio::test]
async fn a_change_signs_the_storno_and_the_new_receipt_and_the_export_chains_them() {
    let fiskaly = FakeFiskaly::start().await;
    let server = tse_shop(&fiskaly).await;
    let admin = server.admin_token().await;
    set_up(&server, &admin).await;
    let menu = Menu::load(&server).await;
    let order = place_cash(&server).await;
    order_until(&server, &admin, &order, |seen| tse_state(seen) == "active").await;
    let order = answer(&server, &admin, &order, "accept", json!({"minutes": 30})).await;
    let (status, changed) = change(
        &server,
        &admin,
        &order,
        json!({"lines": [line(menu.id("Bruschetta"), 1)], "reason": "weniger"}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    let correction = &changed["corrections"][0];
    assert_eq!(correction["storno_tse"]["state"], "finished", "{changed}");
    assert_eq!(correction["receipt_tse"]["state"], "finished", "{changed}");
    let (_, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(
        cents(&json!(closing["gross_cents"].as_f64().unwrap() / 100.0)),
        cents(&changed["total"])
    );
    let response = download(&server, &admin, "?from=2026-11-23&to=2026-11-23").await;
    let files = read_export(&response.bytes().await.unwrap());
    let id = order["id"].to_string();
    let totals: BTreeMap<String, i64> = files["transactions.csv"]
        .iter()
        .map(|row| (row["BON_ID"].clone(), amount(&row["UMS_BRUTTO"])))
        .collect();
    assert_eq!(
        totals,
        BTreeMap::from([
            (id.clone(), cents(&order["total"])),
            (format!("{id}-S1"), -cents(&order["total"])),
            (format!("{id}-N1"), cents(&changed["total"])),
        ])
    );
    let references = &files["references.csv"];
    assert_eq!(references.len(), 1);
    assert_eq!(references[0]["REF_BON_ID"], id);
    let cases = sum_by(&files["businesscases.csv"], &[], "Z_UMS_BRUTTO");
    assert_eq!(cases[&Vec::<String>::new()], cents(&changed["total"]));
    let tse = sum_by(&files["transactions_tse.csv"], &["BON_ID"], "TSE_TANR");
    assert_eq!(
        tse.len(),
        3,
        "each receipt its own TSE transaction: {tse:?}"
    );
}
