//! Kitchen printers: accepted orders print on a TCP sink on 127.0.0.1 that records the
//! ESC/POS bytes, decoded here into the printed text. Pre-orders print at their
//! preparation time (the shop's clock is moved forward), a dead printer raises an alarm
//! on the orders board until a retry goes through, a queued ticket survives a restart.

use std::time::Duration;

use serde_json::{Value, json};

use crate::live_orders::open_board;
use crate::live_status::{Socket, next_message};
use crate::support::ordering::*;
use crate::support::printer_sink::{PrinterSink, decode};
use crate::support::{TestServer, with_field};

const WAIT: Duration = Duration::from_secs(5);
/// Longer than the print worker's one-second check: what has not happened by then does
/// not happen on its own.
const QUIET: Duration = Duration::from_millis(1500);

pub async fn add_printer(server: &TestServer, admin: &str, body: Value) -> Value {
    let (status, printer) = server
        .send("POST", "/admin/printers", Some(admin), Some(body))
        .await;
    assert_eq!(status, 201, "{printer}");
    printer
}

fn kitchen_printer(name: &str, port: u16) -> Value {
    json!({ "name": name, "host": "127.0.0.1", "port": port })
}

/// Two large Margherita with ham, and a Coca-Cola, for delivery to 10115.
fn pizza_lines(menu: &Menu) -> Value {
    let (ham, _) = menu.topping("Pizza Margherita", "Schinken");
    json!([
        { "product_id": menu.id("Pizza Margherita"),
          "variant_id": menu.variant("Pizza Margherita", "Ø 32 cm"),
          "extras": [{ "topping_id": ham, "quantity": 1 }], "quantity": 2 },
        { "product_id": menu.id("Coca-Cola"), "variant_id": menu.variant("Coca-Cola", "0,33 l"),
          "extras": [], "quantity": 1 }
    ])
}

async fn place(server: &TestServer, body: &Value) -> Value {
    let (status, order) = post_with(server, "/orders/guest", None, &[], body).await;
    assert_eq!(status, 201, "{order}");
    order
}

async fn accept(server: &TestServer, admin: &str, order: &Value, minutes: u16) -> Value {
    answer(
        server,
        admin,
        order,
        "accept",
        json!({ "minutes": minutes }),
    )
    .await
}

async fn printers(server: &TestServer, admin: &str) -> Value {
    let (status, list) = server
        .send("GET", "/admin/printers", Some(admin), None)
        .await;
    assert_eq!(status, 200, "{list}");
    list
}

/// The board's messages until one of type `kind` arrives (within [`WAIT`]).
async fn board_until(board: &mut Socket, kind: &str) -> Value {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let message = next_message(board, left).await;
        if message["type"] == kind {
            return message;
        }
    }
}

#[tokio::test]
async fn an_accepted_order_prints_its_kitchen_ticket_with_variants_extras_and_allergens() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    let printer = add_printer(&server, &admin, kitchen_printer("Küche", sink.port)).await;
    assert_eq!(printer["prints"], "kitchen", "{printer}");

    let order = place(&server, &guest_order(pizza_lines(&menu), "10115")).await;
    assert!(
        sink.connections().is_empty(),
        "nothing prints before the answer"
    );
    // Jobs are written with the acceptance, so none waits before it.
    assert_eq!(printers(&server, &admin).await[0]["waiting"], 0);
    accept(&server, &admin, &order, 30).await;

    let printed = sink.wait_for(1, WAIT).await;
    assert_eq!(printed.len(), 1);
    let ticket = decode(&printed[0]);
    for expected in [
        "Bestellung #1",
        "LIEFERUNG",
        "Bestellt: 23.11.2026 12:0",
        "Fertig bis: 12:3",
        "2 x Pizza Margherita (Ø 32 cm)",
        "+ 1 x Schinken",
        "Allergene: A, G, 2, 3, 8",
        "1 x Coca-Cola (0,33 l)",
        "Allergene: 1, 11",
        "Anmerkung:",
        "Bitte klingeln",
        "Lieferadresse:",
        "Gina Gast",
        "Torstraße 5",
        "10115 Berlin",
        "Tel. 030",
        "BAR kassieren",
    ] {
        assert!(
            ticket.text.contains(expected),
            "{expected:?} missing in\n{}",
            ticket.text
        );
    }
    assert!(
        ticket.large.contains("Bestellung #1"),
        "the number is large: {ticket:?}"
    );
    assert!(ticket.bold.contains("Bestellung #1"), "{ticket:?}");
    assert_eq!(ticket.code_page, Some(16), "WPC1252");
    assert_eq!((ticket.resets, ticket.cuts), (1, 1));
    assert!(ticket.ends_with_cut, "the ticket is cut off at its end");
    assert!(
        !ticket.text.contains("MwSt."),
        "no receipt on a kitchen printer"
    );
    for line in ticket.text.lines() {
        assert!(line.chars().count() <= 42, "wider than the paper: {line:?}");
    }

    tokio::time::sleep(QUIET).await;
    assert_eq!(sink.connections().len(), 1, "printed once");
    let list = printers(&server, &admin).await;
    assert_eq!(list[0]["waiting"], 0, "{list}");
    assert_eq!(list[0]["alarm"], Value::Null, "{list}");
}

#[tokio::test]
async fn the_receipt_prints_only_where_configured_with_prices_and_vat_per_rate() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let kitchen = PrinterSink::start().await;
    let counter = PrinterSink::start().await;
    add_printer(&server, &admin, kitchen_printer("Küche", kitchen.port)).await;
    let receipt_printer = add_printer(
        &server,
        &admin,
        json!({ "name": "Theke", "host": "127.0.0.1", "port": counter.port,
                "prints": "receipt", "width": 32, "copies": 2 }),
    )
    .await;
    assert_eq!(receipt_printer["copies"], 2);

    let order = place(&server, &guest_order(pizza_lines(&menu), "10115")).await;
    let accepted = accept(&server, &admin, &order, 30).await;
    let tickets = kitchen.wait_for(1, WAIT).await;
    let receipts = counter.wait_for(1, WAIT).await;
    assert_eq!((tickets.len(), receipts.len()), (1, 1));
    assert!(!decode(&tickets[0]).text.contains("Kundenbeleg"));

    let receipt = decode(&receipts[0]);
    assert_eq!(
        (receipt.resets, receipt.cuts),
        (2, 2),
        "two copies, each cut"
    );
    assert!(receipt.ends_with_cut);
    assert!(
        !receipt.text.contains("Allergene"),
        "no kitchen ticket on the receipt printer"
    );
    let euros = |value: &Value| format!("{:.2}", value.as_f64().unwrap()).replace('.', ",");
    let mut expected = vec![
        "Bella Napoli".to_string(),
        "Kundenbeleg".into(),
        "Bestellung #1".into(),
        // 32 characters: the size goes to the next line.
        "2 x Pizza Margherita\n  (Ø 32 cm)".into(),
        "+ 1 x Schinken (1,50 €)".into(),
        "Zwischensumme".into(),
        format!("{} €", euros(&accepted["subtotal"])),
        "Liefergebühr".into(),
        format!("{} €", euros(&accepted["delivery_fee"])),
        "Gesamt".into(),
        format!("{} €", euros(&accepted["total"])),
        "MwSt.".into(),
        "Zahlungsart".into(),
        "Bar".into(),
    ];
    let vat = accepted["vat"].as_array().unwrap();
    assert_eq!(vat.len(), 2, "food 7 % and drinks 19 %: {accepted}");
    for (letter, rate) in ["A", "B"].iter().zip(vat) {
        expected.push(format!(
            "{letter} {} %",
            rate["percentage"].as_f64().unwrap().round()
        ));
        for amount in ["net", "vat", "gross"] {
            expected.push(euros(&rate[amount]));
        }
    }
    for expected in &expected {
        assert!(
            receipt.text.contains(expected.as_str()),
            "{expected:?} missing in\n{}",
            receipt.text
        );
    }
    for line in receipt.text.lines() {
        assert!(
            line.chars().count() <= 32,
            "wider than 58 mm paper: {line:?}"
        );
    }
}

#[tokio::test]
async fn a_preorder_prints_at_its_preparation_time_not_when_it_is_accepted() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    add_printer(&server, &admin, kitchen_printer("Küche", sink.port)).await;
    let (_, slots) = server.get_json("/stores/14/slots?order_type=pickup").await;
    let slot = slot_at(&slots, "13:30");
    let mut body = guest_order(lunch_lines(&menu), "10115");
    body["order_type"] = json!("pickup");
    body["preorder_at"] = slot["starts_at"].clone();
    let order = place(&server, &body).await;
    // 20 minutes in the kitchen: the ticket is due at 13:10 (12:10 UTC).
    accept(&server, &admin, &order, 20).await;

    tokio::time::sleep(QUIET).await;
    assert!(sink.connections().is_empty(), "not at acceptance");
    assert_eq!(printers(&server, &admin).await[0]["waiting"], 1);

    // 13:09 and a few seconds: still a minute to go.
    let start = server.running.as_ref().unwrap().clock.now();
    let due: chrono::DateTime<chrono::Utc> = "2026-11-23T12:10:00Z".parse().unwrap();
    advance_clock(&server, due - start - chrono::Duration::seconds(50));
    tokio::time::sleep(QUIET).await;
    assert!(
        sink.connections().is_empty(),
        "not before the preparation time"
    );

    advance_clock(&server, chrono::Duration::minutes(1));
    let printed = sink.wait_for(1, WAIT).await;
    assert_eq!(printed.len(), 1);
    let ticket = decode(&printed[0]);
    assert!(ticket.text.contains("ABHOLUNG"), "{}", ticket.text);
    assert!(
        ticket.text.contains("VORBESTELLUNG 13:30"),
        "{}",
        ticket.text
    );
    assert!(ticket.text.contains("Abholer:"), "{}", ticket.text);
    assert!(
        !ticket.text.contains("Torstraße"),
        "no address for pickup:\n{}",
        ticket.text
    );
    assert!(ticket.ends_with_cut);
}

#[tokio::test]
async fn a_preorder_finished_before_its_preparation_time_does_not_print() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    add_printer(&server, &admin, kitchen_printer("Küche", sink.port)).await;
    let (_, slots) = server.get_json("/stores/14/slots?order_type=pickup").await;
    let mut body = guest_order(lunch_lines(&menu), "10115");
    body["order_type"] = json!("pickup");
    body["preorder_at"] = slots["slots"].as_array().unwrap().last().unwrap()["starts_at"].clone();
    let order = place(&server, &body).await;
    accept(&server, &admin, &order, 20).await;
    answer(
        &server,
        &admin,
        &order,
        "status",
        json!({ "status": "completed" }),
    )
    .await;
    assert_eq!(printers(&server, &admin).await[0]["waiting"], 1);

    // Past the promised time.
    let promised: chrono::DateTime<chrono::Utc> =
        body["preorder_at"].as_str().unwrap().parse().unwrap();
    let now = server.running.as_ref().unwrap().clock.now();
    advance_clock(&server, promised - now + chrono::Duration::minutes(1));
    let mut waiting = json!(1);
    for _ in 0..50 {
        waiting = printers(&server, &admin).await[0]["waiting"].clone();
        if waiting == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(waiting, 0, "the job was dropped");
    assert!(
        sink.connections().is_empty(),
        "nothing printed for a finished order"
    );
}

#[tokio::test]
async fn a_dead_printer_raises_an_alarm_on_the_board_until_a_retry_prints_it_once() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let port = PrinterSink::closed_port().await;
    add_printer(&server, &admin, kitchen_printer("Küche", port)).await;
    let (mut board, snapshot) = open_board(&server, &admin).await;
    assert_eq!(snapshot["printer_alarms"], json!([]), "{snapshot}");

    let order = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    accept(&server, &admin, &order, 30).await;
    let raised = board_until(&mut board, "printers").await;
    let alarm = &raised["alarms"][0];
    assert_eq!(alarm["name"], "Küche", "{raised}");
    assert_eq!(alarm["address"], format!("127.0.0.1:{port}"));
    assert_eq!(alarm["code"], "refused");
    assert!(
        alarm["detail"]
            .as_str()
            .unwrap()
            .contains(&port.to_string()),
        "{alarm}"
    );
    assert_eq!(alarm["waiting"], 1);

    // A board opened later shows the alarm at once.
    let (_later, later_snapshot) = open_board(&server, &admin).await;
    assert_eq!(
        later_snapshot["printer_alarms"][0]["name"], "Küche",
        "{later_snapshot}"
    );
    let list = printers(&server, &admin).await;
    assert_eq!(list[0]["alarm"]["code"], "refused", "{list}");
    assert_eq!(list[0]["waiting"], 1);

    // The printer is back; the next retry (after a pause on the shop's clock) prints.
    let sink = PrinterSink::start_on(port).await;
    advance_clock(&server, chrono::Duration::seconds(61));
    let printed = sink.wait_for(1, WAIT).await;
    assert_eq!(printed.len(), 1);
    assert!(decode(&printed[0]).text.contains("Bestellung #1"));
    let cleared = board_until(&mut board, "printers").await;
    assert_eq!(cleared["alarms"], json!([]), "{cleared}");

    tokio::time::sleep(QUIET).await;
    advance_clock(&server, chrono::Duration::seconds(61));
    tokio::time::sleep(QUIET).await;
    assert_eq!(sink.connections().len(), 1, "printed exactly once");
    let list = printers(&server, &admin).await;
    assert_eq!(
        (&list[0]["waiting"], &list[0]["alarm"]),
        (&json!(0), &Value::Null)
    );
}

#[tokio::test]
async fn a_queued_ticket_prints_once_after_a_restart_and_printed_ones_do_not_repeat() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    let port = sink.port;
    add_printer(&server, &admin, kitchen_printer("Küche", port)).await;
    let first = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    accept(&server, &admin, &first, 30).await;
    assert_eq!(sink.wait_for(1, WAIT).await.len(), 1);
    sink.stop().await;

    let second = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    accept(&server, &admin, &second, 30).await;
    let mut waiting = Value::Null;
    for _ in 0..50 {
        waiting = printers(&server, &admin).await[0].clone();
        if !waiting["alarm"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(waiting["waiting"], 1, "{waiting}");
    assert_eq!(waiting["alarm"]["code"], "refused", "{waiting}");
    let data_dir = server.stop().await;

    let sink = PrinterSink::start_on(port).await;
    // Time went on while the shop was down.
    let restarted = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T11:05:00Z")
        .data_dir(data_dir)
        .start()
        .await;
    let printed = sink.wait_for(1, WAIT).await;
    assert_eq!(printed.len(), 1);
    let ticket = decode(&printed[0]);
    assert!(ticket.text.contains("Bestellung #2"), "{}", ticket.text);
    tokio::time::sleep(QUIET).await;
    assert_eq!(sink.connections().len(), 1, "order 1 is not printed again");
    let admin = restarted
        .login("admin@example.com", "admin-password-1")
        .await;
    assert_eq!(printers(&restarted, &admin).await[0]["waiting"], 0);
}

#[tokio::test]
async fn the_test_print_says_whether_the_printer_answered_and_releases_its_queue() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    let good = add_printer(&server, &admin, kitchen_printer("Küche", sink.port)).await;
    let (status, answer) = server
        .send(
            "POST",
            &format!("/admin/printers/{}/test", good["id"]),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(
        (status, &answer["printed"]),
        (200, &json!(true)),
        "{answer}"
    );
    let printed = sink.wait_for(1, WAIT).await;
    let page = decode(&printed[0]);
    for expected in [
        "Testdruck",
        "Drucker: Küche",
        "ÄÖÜ äöü ß €",
        "Zeichen pro Zeile: 42",
    ] {
        assert!(
            page.text.contains(expected),
            "{expected:?} missing in\n{}",
            page.text
        );
    }
    assert!(page.ends_with_cut);

    let port = PrinterSink::closed_port().await;
    let dead = add_printer(&server, &admin, kitchen_printer("Theke", port)).await;
    let test_path = format!("/admin/printers/{}/test", dead["id"]);
    let (status, answer) = server.send("POST", &test_path, Some(&admin), None).await;
    assert_eq!(status, 200);
    assert_eq!(answer["printed"], false, "{answer}");
    assert_eq!(answer["code"], "refused");
    assert!(
        answer["detail"].as_str().unwrap().contains("refused"),
        "{answer}"
    );

    // An order waits for the dead printer; once it answers the test page, the
    // waiting ticket follows at once (no waiting for the next retry).
    let order = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    accept(&server, &admin, &order, 30).await;
    for _ in 0..50 {
        if !printers(&server, &admin).await[1]["alarm"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Three more failed retries: the next one is 20 s of the shop's time away, so
    // what prints below is the test page's doing.
    for _ in 0..3 {
        advance_clock(&server, chrono::Duration::seconds(61));
        tokio::time::sleep(QUIET).await;
    }
    let back = PrinterSink::start_on(port).await;
    let (_, answer) = server.send("POST", &test_path, Some(&admin), None).await;
    assert_eq!(answer["printed"], true, "{answer}");
    let printed = back.wait_for(2, WAIT).await;
    assert_eq!(printed.len(), 2, "the test page, then the waiting ticket");
    assert!(decode(&printed[0]).text.contains("Testdruck"));
    assert!(decode(&printed[1]).text.contains("Bestellung #1"));
    assert_eq!(printers(&server, &admin).await[1]["alarm"], Value::Null);

    let (status, missing) = server
        .send("POST", "/admin/printers/999/test", Some(&admin), None)
        .await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("not_found")));
}

#[tokio::test]
async fn a_printer_switched_off_or_deleted_drops_its_waiting_tickets() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let port = PrinterSink::closed_port().await;
    let printer = add_printer(&server, &admin, kitchen_printer("Küche", port)).await;
    let path = format!("/admin/printers/{}", printer["id"]);
    let order = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    accept(&server, &admin, &order, 30).await;
    assert_eq!(printers(&server, &admin).await[0]["waiting"], 1);

    let (status, off) = server
        .send(
            "PUT",
            &path,
            Some(&admin),
            Some(json!({ "name": "Küche", "host": "127.0.0.1", "port": port, "enabled": false })),
        )
        .await;
    assert_eq!(status, 200, "{off}");
    assert_eq!((&off["waiting"], &off["alarm"]), (&json!(0), &Value::Null));

    // Switched off, it gets nothing; deleted, its queue goes with it.
    let second = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    accept(&server, &admin, &second, 30).await;
    assert_eq!(printers(&server, &admin).await[0]["waiting"], 0);
    let (status, on) = server
        .send(
            "PUT",
            &path,
            Some(&admin),
            Some(json!({ "name": "Küche", "host": "127.0.0.1", "port": port })),
        )
        .await;
    assert_eq!((status, &on["enabled"]), (200, &json!(true)));
    let third = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    accept(&server, &admin, &third, 30).await;
    assert_eq!(printers(&server, &admin).await[0]["waiting"], 1);
    let (status, _) = server.send("DELETE", &path, Some(&admin), None).await;
    assert_eq!(status, 204);
    assert_eq!(printers(&server, &admin).await, json!([]));
    let left = server.db().print_jobs().await.unwrap();
    assert!(
        left.is_empty(),
        "the deleted printer's jobs are gone: {left:?}"
    );
    let (status, _) = server.send("DELETE", &path, Some(&admin), None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn printer_settings_are_checked_field_by_field() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    let valid = json!({ "name": "Küche", "host": "192.168.1.50" });
    let with = |key: &str, value: Value| with_field(&valid, key, value);
    let cases = [
        (json!({ "host": "192.168.1.50" }), "name"),
        (with("name", json!("   ")), "name"),
        (with("name", json!("x".repeat(41))), "name"),
        (json!({ "name": "Küche" }), "host"),
        (with("host", json!("")), "host"),
        (with("host", json!("192.168.1.50:9100")), "host"),
        (with("host", json!("http://printer")), "host"),
        (with("host", json!("300.1.2.3")), "host"),
        (with("host", json!("0.0.0.0")), "host"),
        (with("host", json!("bondrucker.local")), "host"),
        (with("host", json!("8.8.8.8")), "host"),
        (with("port", json!(0)), "port"),
        (with("port", json!(-1)), "port"),
        (with("port", json!(70000)), "port"),
        (with("width", json!(40)), "width"),
        (with("copies", json!(0)), "copies"),
        (with("copies", json!(6)), "copies"),
        (with("prints", json!("everything")), "prints"),
    ];
    for (body, field) in cases {
        let (status, answer) = server
            .send("POST", "/admin/printers", Some(&admin), Some(body.clone()))
            .await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["field"], field, "{body}: {answer}");
        assert_eq!(answer["code"], "invalid");
    }
    for body in [
        with("port", json!("9100")),
        with("name", json!(7)),
        with("colour", json!("red")),
    ] {
        let (status, answer) = server
            .send("POST", "/admin/printers", Some(&admin), Some(body.clone()))
            .await;
        assert_eq!(status, 400, "{body}: {answer}");
    }
    assert_eq!(
        printers(&server, &admin).await,
        json!([]),
        "nothing half-written"
    );

    let created = add_printer(&server, &admin, with("host", json!("[FD00::0050]"))).await;
    assert_eq!(created["host"], "fd00::50", "stored in its canonical form");
    assert_eq!(
        (&created["port"], &created["width"], &created["copies"]),
        (&json!(9100), &json!(42), &json!(1)),
        "defaults: port 9100, 42 characters, one copy"
    );
    assert_eq!(
        (&created["prints"], &created["enabled"]),
        (&json!("kitchen"), &json!(true))
    );
    let (status, taken) = server
        .send(
            "POST",
            "/admin/printers",
            Some(&admin),
            Some(with("name", json!("KÜCHE"))),
        )
        .await;
    assert_eq!(
        (status, taken["field"].as_str()),
        (409, Some("name")),
        "{taken}"
    );
    let (status, _) = server
        .send(
            "PUT",
            "/admin/printers/999",
            Some(&admin),
            Some(valid.clone()),
        )
        .await;
    assert_eq!(status, 404);
    let customer = server.customer_token().await;
    let (status, _) = server
        .send("POST", "/admin/printers", Some(&customer), Some(valid))
        .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn the_driver_notes_of_the_address_reach_the_order_the_board_and_the_ticket() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    add_printer(&server, &admin, kitchen_printer("Küche", sink.port)).await;
    let customer = server.customer_token().await;
    let address = save_address(&server, &customer, "Hinterhaus, 3. OG").await;
    let body = saved_address_order(&menu, &address);
    let (status, order) = post_with(&server, "/orders/", Some(&customer), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["customer"]["notes"], "Hinterhaus, 3. OG", "{order}");
    let (_, tracked) = server
        .get_json(&format!(
            "/orders/track/{}",
            order["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(tracked["customer"]["notes"], "Hinterhaus, 3. OG");
    let (_, seen) = server
        .send(
            "GET",
            &format!("/admin/orders/{}", order["id"]),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(seen["customer"]["notes"], "Hinterhaus, 3. OG", "{seen}");

    accept(&server, &admin, &order, 30).await;
    let printed = sink.wait_for(1, WAIT).await;
    let ticket = decode(&printed[0]);
    assert!(
        ticket
            .text
            .contains("Hinweis für den Fahrer:\nHinterhaus, 3. OG"),
        "{}",
        ticket.text
    );

    // A guest gives them with the address.
    let mut guest = guest_order(lunch_lines(&menu), "10115");
    guest["shipping_address"]["notes"] = json!("Seiteneingang");
    let placed = place(&server, &guest).await;
    assert_eq!(placed["customer"]["notes"], "Seiteneingang", "{placed}");
    accept(&server, &admin, &placed, 30).await;
    let printed = sink.wait_for(2, WAIT).await;
    assert!(decode(&printed[1]).text.contains("Seiteneingang"));
}

#[tokio::test]
async fn the_kitchen_ticket_of_an_order_with_beer_asks_for_an_id() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    add_printer(&server, &admin, kitchen_printer("Küche", sink.port)).await;
    let mut lines = lunch_lines(&menu);
    lines
        .as_array_mut()
        .unwrap()
        .push(line(menu.id("Montepulciano d'Abruzzo 0,75 l"), 1));
    let mut body = guest_order(lines, "10115");
    body["age_confirmed"] = json!(true);
    let placed = place(&server, &body).await;
    accept(&server, &admin, &placed, 30).await;
    let plain = place(&server, &guest_order(lunch_lines(&menu), "10115")).await;
    accept(&server, &admin, &plain, 30).await;
    let printed = sink.wait_for(2, WAIT).await;
    let ticket = decode(&printed[0]).text;
    assert!(ticket.contains("ALTERSKONTROLLE ab 16 Jahren"), "{ticket}");
    assert!(!decode(&printed[1]).text.contains("ALTERSKONTROLLE"));
}

#[tokio::test]
async fn staff_print_an_order_again_marked_as_a_reprint_also_once_it_is_finished() {
    let server = lunch_server().await;
    let owner = server.admin_token().await;
    let staff = server.staff_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    let order = place(&server, &guest_order(pizza_lines(&menu), "10115")).await;
    let path = format!("/admin/orders/{}/print", order["id"]);
    let refused = |answer: &(u16, Value)| (answer.0, answer.1["code"].as_str().map(String::from));

    let waiting = server
        .send("POST", &path, Some(&staff), Some(json!({})))
        .await;
    assert_eq!(
        refused(&waiting),
        (409, Some("invalid_transition".into())),
        "{waiting:?}"
    );
    accept(&server, &staff, &order, 30).await;
    let no_printer = server
        .send(
            "POST",
            &path,
            Some(&staff),
            Some(json!({"document": "kitchen"})),
        )
        .await;
    assert_eq!(refused(&no_printer), (409, Some("no_printer".into())));
    add_printer(&server, &owner, kitchen_printer("Küche", sink.port)).await;
    let no_receipt_printer = server
        .send(
            "POST",
            &path,
            Some(&staff),
            Some(json!({"document": "receipt"})),
        )
        .await;
    assert_eq!(
        refused(&no_receipt_printer),
        (409, Some("no_printer".into())),
        "the kitchen printer prints no receipts"
    );
    let (status, bad) = server
        .send(
            "POST",
            &path,
            Some(&staff),
            Some(json!({"document": "menu"})),
        )
        .await;
    assert_eq!((status, bad["field"].as_str()), (400, Some("document")));
    assert!(
        sink.connections().is_empty(),
        "accepted before the printer existed"
    );

    answer(
        &server,
        &staff,
        &order,
        "status",
        json!({"status": "completed"}),
    )
    .await;
    let (status, queued) = server
        .send(
            "POST",
            &path,
            Some(&staff),
            Some(json!({"document": "kitchen"})),
        )
        .await;
    assert_eq!(
        (status, queued["queued"].as_u64()),
        (200, Some(1)),
        "{queued}"
    );
    let printed = sink.wait_for(1, WAIT).await;
    let ticket = decode(&printed[0]);
    assert!(
        ticket.text.starts_with("*** NACHDRUCK ***\n"),
        "{}",
        ticket.text
    );
    assert!(ticket.text.contains("Bestellung #1"), "{}", ticket.text);
    assert!(ticket.text.contains("2 x Pizza Margherita (Ø 32 cm)"));
    tokio::time::sleep(QUIET).await;
    assert_eq!(sink.connections().len(), 1, "printed once");

    let (status, _) = server
        .send(
            "POST",
            "/admin/orders/999999/print",
            Some(&staff),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 404);
}

/// `orders.preorder_days`: a pre-order placed at night for a week ahead waits for the
/// opening to be answered (never rejected before anyone can be there), is accepted then,
/// and prints only on its own day at its preparation time, not a day early.
#[tokio::test]
async fn a_preorder_a_week_ahead_waits_for_the_opening_and_prints_on_its_day() {
    // Monday 06:00 in Berlin: closed until lunch at 11:30 (10:30Z).
    let server = preorder_days_server("2026-11-23T05:00:00Z", "7").await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    add_printer(&server, &admin, kitchen_printer("Küche", sink.port)).await;
    let clock = &server.running.as_ref().unwrap().clock;
    let advance_to = |at: &str| {
        let target: chrono::DateTime<chrono::Utc> = at.parse().unwrap();
        assert!(clock.advance(target - clock.now()), "{at}");
    };
    let order_status = |id: Value| {
        let server = &server;
        let admin = &admin;
        async move {
            let (status, order) = server
                .send("GET", &format!("/admin/orders/{id}"), Some(admin), None)
                .await;
            assert_eq!(status, 200, "{order}");
            order
        }
    };

    // Monday a week ahead, 13:30.
    let (_, offer) = server.get_json("/stores/14/slots?order_type=pickup").await;
    let slot = slot_at(&offered_day(&offer, "2026-11-30"), "13:30");
    assert_eq!(slot["starts_at"], "2026-11-30T12:30:00Z", "{slot}");
    let mut body = guest_order(lunch_lines(&menu), "10115");
    body["order_type"] = json!("pickup");
    body["preorder_at"] = slot["starts_at"].clone();
    let order = place(&server, &body).await;

    // Ten minutes (orders.auto_reject_seconds) from today's opening to answer it.
    let seen = order_status(order["id"].clone()).await;
    let answer_by: chrono::DateTime<chrono::Utc> =
        seen["auto_reject_at"].as_str().unwrap().parse().unwrap();
    assert_eq!(
        answer_by,
        "2026-11-23T10:40:00Z"
            .parse::<chrono::DateTime<chrono::Utc>>()
            .unwrap(),
        "{seen}"
    );
    advance_to("2026-11-23T10:31:00Z");
    tokio::time::sleep(QUIET).await;
    let seen = order_status(order["id"].clone()).await;
    assert_eq!(seen["status"], "waiting_for_confirmation", "{seen}");

    // Accepted at the opening: 20 minutes in the kitchen, the ticket is due a week
    // later at 13:10 (12:10Z).
    let accepted = accept(&server, &admin, &order, 20).await;
    assert_eq!(accepted["status"], "accepted", "{accepted}");
    tokio::time::sleep(QUIET).await;
    assert!(sink.connections().is_empty(), "not at acceptance");
    assert_eq!(printers(&server, &admin).await[0]["waiting"], 1);

    // The day before at the same time, and its day a minute early: nothing.
    advance_to("2026-11-29T12:10:00Z");
    tokio::time::sleep(QUIET).await;
    assert!(sink.connections().is_empty(), "not the day before");
    advance_to("2026-11-30T12:09:00Z");
    tokio::time::sleep(QUIET).await;
    assert!(
        sink.connections().is_empty(),
        "not before the preparation time"
    );
    assert_eq!(printers(&server, &admin).await[0]["waiting"], 1);

    advance_to("2026-11-30T12:10:30Z");
    let printed = sink.wait_for(1, WAIT).await;
    assert_eq!(printed.len(), 1);
    let ticket = decode(&printed[0]);
    assert!(
        ticket.text.contains("VORBESTELLUNG 13:30"),
        "{}",
        ticket.text
    );
    let seen = order_status(order["id"].clone()).await;
    assert_eq!(seen["status"], "accepted", "{seen}");
    server.stop().await;
}
