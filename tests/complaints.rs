//! A complaint after the order was delivered or picked up: staff correct the completed
//! order while its business day is open. The customer paid, so a correction may make
//! the order cheaper, never dearer, and what it takes off goes back: through PayPal for
//! an online payment, in cash from the till for a cash order. The kitchen gets no
//! ticket for food that has left it, and the daily stock keeps what was sold. The
//! order's page says whether its day is closed, after which nothing is corrected.

use std::time::Duration;

use serde_json::{Value, json};

use crate::cash_change::euro_text;
use crate::dine_in::{at_table, key_of, make_table};
use crate::dsfinvk_export::place_cash;
use crate::order_corrections::{admin_order, cancel, change, euro_text_signed, kitchen_printer};
use crate::printing::add_printer;
use crate::support::TestServer;
use crate::support::ordering::*;
use crate::support::paypal_checkout::{PaypalShop, approved, place};
use crate::support::printer_sink::{PrinterSink, decode};

/// The customer's status page of `order`.
async fn tracked(server: &TestServer, order: &Value) -> Value {
    let token = order["token"].as_str().unwrap();
    let (status, seen) = server.get_json(&format!("/orders/track/{token}")).await;
    assert_eq!(status, 200, "{seen}");
    seen
}

/// Two Bruschetta without the Coca-Cola of the lunch order.
fn without_the_cola(menu: &Menu) -> Value {
    json!([line(menu.id("Bruschetta"), 2)])
}

#[tokio::test]
async fn a_completed_cash_order_is_corrected_and_the_till_gives_the_cash_back() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let staff = server.staff_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    kitchen_printer(&server, &admin, &sink).await;
    // The counter's printer prints the customer's receipts.
    let counter = PrinterSink::start().await;
    let body =
        json!({ "name": "Theke", "host": "127.0.0.1", "port": counter.port, "prints": "receipt" });
    add_printer(&server, &admin, body).await;
    let order = place_cash(&server).await;
    deliver(&server, &admin, &order).await;
    sink.wait_for(1, Duration::from_secs(5)).await;
    counter.wait_for(1, Duration::from_secs(5)).await;
    let seen = admin_order(&server, &admin, &order).await;
    assert_eq!(seen["status"], "completed");
    assert_eq!(seen["day_closed"], false, "{seen}");

    // The food has left the kitchen: a change only takes off. More of a dish, or a
    // cheaper one instead, is a new order.
    let cola = json!({ "product_id": menu.id("Coca-Cola"),
        "variant_id": menu.variant("Coca-Cola", "0,33 l"), "extras": [], "quantity": 1 });
    for (lines, what) in [
        (json!([line(menu.id("Bruschetta"), 3), cola]), "one more"),
        (
            json!([line(menu.id("Bruschetta"), 2), line(menu.id("Tiramisu"), 1)]),
            "instead",
        ),
    ] {
        let (status, refused) = change(
            &server,
            &staff,
            &order,
            json!({"lines": lines, "reason": what}),
        )
        .await;
        assert_eq!(
            (status, refused["code"].as_str(), refused["field"].as_str()),
            (409, Some("completed_order_grows"), Some("lines")),
            "{what}: {refused}"
        );
    }

    // The Coca-Cola was missing: its price goes back in cash.
    let (status, changed) = change(
        &server,
        &staff,
        &order,
        json!({"lines": without_the_cola(&menu), "reason": "Cola fehlte"}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["status"], "completed", "still completed");
    let difference = cents(&order["total"]) - cents(&changed["total"]);
    assert!(difference > 0, "{changed}");
    let correction = &changed["corrections"][0];
    assert_eq!(correction["kind"], "changed");
    assert_eq!(cents(&correction["refunded"]), difference, "{correction}");
    let (day, _) = day_history(&server, &admin, None).await;
    assert_eq!(cents(&day["revenue"]), cents(&changed["total"]), "{day}");
    // The counter's receipt of the change says what to give back.
    let receipts = counter.wait_for(2, Duration::from_secs(5)).await;
    let receipt = decode(receipts.last().unwrap()).text;
    assert!(
        receipt.starts_with("*** GEÄNDERT ***\nGrund: Cola fehlte\nBar zurückgeben"),
        "{receipt}"
    );
    assert!(
        receipt
            .lines()
            .nth(2)
            .unwrap()
            .ends_with(&euro_text(difference)),
        "{receipt}"
    );

    // Then the whole order after all: the rest goes back too.
    let (status, cancelled) = cancel(
        &server,
        &staff,
        &order,
        json!({"reason": "Pizza kalt angekommen"}),
    )
    .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["payment_status"], "refunded", "{cancelled}");
    let given_back: i64 = cancelled["corrections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|correction| cents(&correction["refunded"]))
        .sum();
    assert_eq!(given_back, cents(&order["total"]), "all that was paid");
    let (day, _) = day_history(&server, &admin, None).await;
    assert_eq!(
        (day["count"].as_u64(), cents(&day["revenue"])),
        (Some(0), 0)
    );

    // The customer sees both corrections and what came back.
    let seen = tracked(&server, &order).await;
    assert_eq!(seen["status"], "cancelled");
    assert_eq!(seen["payment_method"], "cash");
    assert_eq!(seen["payment_status"], "refunded");
    assert_eq!(cents(&seen["corrections"][0]["refunded"]), difference);
    assert_eq!(
        cents(&seen["corrections"][1]["refunded"]),
        cents(&changed["total"])
    );
    // And two mails that say the money comes back in cash.
    let mails = outbox(&server, &admin, 4).await;
    let bodies: Vec<&str> = mails
        .iter()
        .filter(|mail| {
            let subject = mail["subject"].as_str().unwrap();
            subject.contains("geändert") || subject.contains("storniert")
        })
        .map(|mail| mail["body"].as_str().unwrap())
        .collect();
    assert_eq!(bodies.len(), 2, "{mails:?}");
    for body in bodies {
        assert!(body.contains("bar zurück"), "{body}");
        assert!(body.contains("back in cash"), "{body}");
        assert!(!body.contains("PayPal"), "{body}");
    }

    // The kitchen gets nothing for food that has left it: the next ticket is the next
    // order's.
    let next = place_cash(&server).await;
    answer(&server, &admin, &next, "accept", json!({"minutes": 30})).await;
    sink.wait_for(2, Duration::from_secs(5)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let printed: Vec<String> = sink
        .connections()
        .iter()
        .map(|bytes| decode(bytes).text)
        .collect();
    assert_eq!(printed.len(), 2, "{printed:?}");
    assert!(
        printed[1].contains(&format!("#{}", next["number"])),
        "{}",
        printed[1]
    );
    assert!(
        printed
            .iter()
            .all(|text| !text.contains("STORNIERT") && !text.contains("GEÄNDERT")),
        "{printed:?}"
    );

    // The daily closing counts in the till only what stayed there: the next order.
    let (status, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");
    assert_eq!(
        (
            closing["orders"].as_u64(),
            closing["cancelled"].as_u64(),
            closing["cash_cents"].as_i64(),
            closing["gross_cents"].as_i64(),
        ),
        (
            Some(1),
            Some(1),
            Some(cents(&next["total"])),
            Some(cents(&next["total"]))
        ),
        "{closing}"
    );
}

#[tokio::test]
async fn a_completed_paypal_order_is_refunded_through_paypal() {
    let shop = PaypalShop::start().await;
    let (server, fake, admin) = (&shop.server, &shop.fake, &shop.admin);
    let paypal_id = approved(server, fake, &shop.body).await;
    let (status, order) = place(server, &shop.body, &paypal_id).await;
    assert_eq!(status, 201, "{order}");
    deliver(server, admin, &order).await;

    let (status, cancelled) = cancel(
        server,
        admin,
        &order,
        json!({"reason": "Falsche Bestellung geliefert"}),
    )
    .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["payment_status"], "refunded");
    let refunds = fake.state().await["refunds"].clone();
    assert_eq!(refunds.as_array().unwrap().len(), 1, "{refunds}");
    assert_eq!(
        refunds[0]["amount"]["value"].as_str(),
        Some(euro_text_signed(cents(&order["total"])).as_str()),
        "the whole total"
    );
    let mails = outbox(server, admin, 3).await;
    let mail = mails
        .iter()
        .find(|mail| mail["subject"].as_str().unwrap().contains("storniert"))
        .unwrap_or_else(|| panic!("no cancellation mail in {mails:?}"));
    assert!(
        mail["body"]
            .as_str()
            .unwrap()
            .contains("über PayPal erstattet"),
        "{mail}"
    );
}

#[tokio::test]
async fn a_completed_order_of_a_closed_day_says_so_and_stays_as_it_was() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let order = place_cash(&server).await;
    deliver(&server, &admin, &order).await;
    let (status, closing) = server
        .send("POST", "/admin/closings", Some(&admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");
    let seen = admin_order(&server, &admin, &order).await;
    assert_eq!(seen["day_closed"], true, "{seen}");

    let (status, refused) = cancel(&server, &admin, &order, json!({"reason": "zu spät"})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("day_closed")),
        "{refused}"
    );
    let (status, refused) = change(
        &server,
        &admin,
        &order,
        json!({"lines": without_the_cola(&menu), "reason": "zu spät"}),
    )
    .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("day_closed")),
        "{refused}"
    );
    let unchanged = admin_order(&server, &admin, &order).await;
    assert_eq!(unchanged["status"], "completed");
    assert_eq!(unchanged["corrections"], json!([]));
    assert_eq!(cents(&unchanged["total"]), cents(&order["total"]));
}

#[tokio::test]
async fn a_completed_table_order_is_paid_as_the_restaurant_runs_it_so_nothing_is_said_given_back() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let table = make_table(&server, &admin, "12").await;
    let lines = json!([line(menu.id("Bruschetta"), 2), line(menu.id("Tiramisu"), 1)]);
    let body = at_table(lines, &table, &key_of(&table));
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    // Served: the guest may pay now or when leaving.
    deliver(&server, &admin, &order).await;

    let (status, changed) = change(
        &server,
        &admin,
        &order,
        json!({"lines": without_the_cola(&menu), "reason": "Tiramisu war nicht frisch"}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert!(
        cents(&changed["total"]) < cents(&order["total"]),
        "{changed}"
    );
    assert_eq!(
        cents(&changed["corrections"][0]["refunded"]),
        0,
        "{changed}"
    );
    assert_eq!(changed["payment_status"], "cash_due", "{changed}");
    let (status, cancelled) = cancel(&server, &admin, &order, json!({"reason": "ging"})).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cents(&cancelled["corrections"][1]["refunded"]), 0);
    assert_eq!(cancelled["payment_status"], "cancelled", "{cancelled}");
}

#[tokio::test]
async fn a_completed_cash_order_changed_keeps_no_change_to_hand_out() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut body = guest_order(lunch_lines(&menu), "10115");
    body["cash_given"] = json!(50);
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(cents(&order["cash_given"]), 5000, "{order}");
    deliver(&server, &admin, &order).await;
    let (status, changed) = change(
        &server,
        &admin,
        &order,
        json!({"lines": without_the_cola(&menu), "reason": "Cola fehlte"}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    // The change was handed out at the door; what goes back now is the difference.
    assert!(changed["cash_given"].is_null(), "{changed}");
}
