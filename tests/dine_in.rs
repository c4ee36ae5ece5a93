//! Ordering at the table (dine-in): the owner makes tables, each with a secret its QR
//! code carries; a guest who scanned it orders with `order_type` `dine_in` and the
//! table — no address, no delivery fee, as soon as possible — and the order, the board,
//! the kitchen ticket and the day's figures name the table. A wrong, rotated or
//! inactive table's code is refused alike.

use std::time::Duration;

use serde_json::{Value, json};

use crate::live_orders::open_board;
use crate::live_status::next_message;
use crate::support::TestServer;
use crate::support::ordering::*;
use crate::support::printer_sink::{PrinterSink, decode};

const WAIT: Duration = Duration::from_secs(5);

pub async fn make_table(server: &TestServer, admin: &str, label: &str) -> Value {
    let (status, table) = server
        .send(
            "POST",
            "/admin/tables",
            Some(admin),
            Some(json!({ "label": label })),
        )
        .await;
    assert_eq!(status, 201, "{table}");
    table
}

/// The secret at the end of a table's link.
pub fn key_of(table: &Value) -> String {
    let link = table["link"].as_str().unwrap();
    link.rsplit('/').next().unwrap().to_string()
}

/// A guest's cash order of `lines` at `table` with `key`.
pub fn at_table(lines: Value, table: &Value, key: &str) -> Value {
    json!({
        "order_type": "dine_in", "lines": lines, "payment_method": "cash",
        "shipping_address": { "customer_name": "Gina Gast", "phone": "030 555 1234" },
        "preorder_at": null, "note": "",
        "table": { "id": table["id"], "key": key }
    })
}

async fn order(server: &TestServer, body: &Value) -> (u16, Value) {
    post_with(server, "/orders/guest", None, &[], body).await
}

fn refusal(answer: &(u16, Value)) -> (u16, &str, &str) {
    (
        answer.0,
        answer.1["code"].as_str().unwrap_or(""),
        answer.1["field"].as_str().unwrap_or(""),
    )
}

#[tokio::test]
async fn a_guest_orders_at_the_table_with_its_code_and_everyone_reads_the_table() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    let counter = PrinterSink::start().await;
    for printer in [
        json!({ "name": "Küche", "host": "127.0.0.1", "port": sink.port }),
        json!({ "name": "Theke", "host": "127.0.0.1", "port": counter.port, "prints": "receipt" }),
    ] {
        let (status, printer) = server
            .send("POST", "/admin/printers", Some(&admin), Some(printer))
            .await;
        assert_eq!(status, 201, "{printer}");
    }

    let table = make_table(&server, &admin, " 12 ").await;
    assert_eq!(table["label"], "12", "{table}");
    assert_eq!(table["active"], true);
    let key = key_of(&table);
    assert_eq!(key.len(), 22, "128 bits in base64url: {table}");
    let link = table["link"].as_str().unwrap();
    assert_eq!(
        link,
        format!("{}/order-online/tisch/{}/{key}", server.base, table["id"]),
        "the storefront's link"
    );
    // The same label twice is refused, in any case.
    let (status, taken) = server
        .send(
            "POST",
            "/admin/tables",
            Some(&admin),
            Some(json!({ "label": "12" })),
        )
        .await;
    assert_eq!(
        (status, taken["code"].as_str(), taken["field"].as_str()),
        (409, Some("table_label_taken"), Some("label")),
        "{taken}"
    );
    let (status, bad) = server
        .send(
            "POST",
            "/admin/tables",
            Some(&admin),
            Some(json!({ "label": "x".repeat(21) })),
        )
        .await;
    assert_eq!((status, bad["field"].as_str()), (400, Some("label")));

    // The QR code's lookup.
    let path = format!("/tables/{}?key={key}", table["id"]);
    let (status, found) = server.get_json(&path).await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found, json!({ "id": table["id"], "label": "12" }));

    let (mut board, _) = open_board(&server, &admin).await;
    let mut body = at_table(lunch_lines(&menu), &table, &key);
    // A street sent along is not kept: the order is eaten at the table.
    body["shipping_address"]["line1"] = json!("Torstraße 5");
    body["shipping_address"]["zip"] = json!("10115");
    body["shipping_address"]["city"] = json!("Berlin");
    let (status, quote) = post_with(&server, "/orders/guest/quote", None, &[], &body).await;
    assert_eq!(status, 200, "{quote}");
    assert_eq!(quote["table"], "12");
    assert_eq!(cents(&quote["delivery_fee"]), 0);
    let placed = order(&server, &body).await;
    assert_eq!(placed.0, 201, "{}", placed.1);
    let placed = placed.1;
    assert_eq!(placed["order_type"], "dine_in");
    assert_eq!(placed["table"], "12");
    assert_eq!(cents(&placed["delivery_fee"]), 0);
    assert_eq!(cents(&placed["discount"]), 0);
    assert_eq!(
        cents(&placed["total"]),
        cents(&placed["subtotal"]) + cents(&placed["deposit"]),
        "{placed}"
    );
    assert_eq!(placed["customer"]["customer_name"], "Gina Gast");
    assert_eq!(placed["customer"]["line1"], "");
    assert_eq!(placed["customer"]["zip"], "");
    assert_eq!(placed["customer"]["city"], "");
    assert_eq!(cents(&placed["total"]), cents(&quote["total"]));

    let live = next_message(&mut board, WAIT).await;
    assert_eq!(live["type"], "order", "{live}");
    assert_eq!(live["order"]["table"], "12", "{live}");
    let tracked = track_until(&server, &placed, |order| order["table"] == "12").await;
    assert_eq!(tracked["table"], "12", "the status page: {tracked}");

    answer(&server, &admin, &placed, "accept", json!({"minutes": 15})).await;
    let printed = sink.wait_for(1, WAIT).await;
    let ticket = decode(&printed[0]);
    assert!(
        ticket.large.contains("TISCH 12"),
        "the table in large type: {ticket:?}"
    );
    assert!(
        !ticket.text.contains("Lieferadresse") && !ticket.text.contains("Torstraße"),
        "no address: {}",
        ticket.text
    );
    let receipt = decode(&counter.wait_for(1, WAIT).await[0]);
    assert!(
        receipt.text.contains("Tisch 12"),
        "the receipt names the table: {}",
        receipt.text
    );
    assert!(!receipt.text.contains("Liefergebühr"), "{}", receipt.text);
    // Served at the table: never out for delivery.
    let path = format!("/admin/orders/{}/status", placed["id"]);
    let (status, refused) = server
        .send(
            "POST",
            &path,
            Some(&admin),
            Some(json!({"status": "out_for_delivery"})),
        )
        .await;
    assert_eq!(status, 409, "{refused}");
    answer(
        &server,
        &admin,
        &placed,
        "status",
        json!({"status": "completed"}),
    )
    .await;

    // The day's figures count it as dine-in.
    let path = "/admin/reports/revenue?from=2026-11-23&to=2026-11-23";
    let (_, report) = server.send("GET", path, Some(&admin), None).await;
    let figures = &report["days"][0]["figures"];
    assert_eq!(figures["dine_in"]["orders"], 1, "{report}");
    assert_eq!(
        cents(&figures["dine_in"]["revenue"]),
        cents(&placed["total"])
    );
    assert_eq!(figures["delivery"]["orders"], 0);
    assert_eq!(figures["pickup"]["orders"], 0);
    server.stop().await;
}

#[tokio::test]
async fn a_wrong_rotated_or_inactive_code_and_a_misused_table_are_refused() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let table = make_table(&server, &admin, "Terrasse 3").await;
    let key = key_of(&table);
    let lines = lunch_lines(&menu);

    // A wrong key, an unknown table: one answer, for the lookup and the order.
    let mut wrong = key.clone();
    wrong.replace_range(0..1, if key.starts_with('A') { "B" } else { "A" });
    for path in [
        format!("/tables/{}?key={wrong}", table["id"]),
        format!("/tables/{}", table["id"]),
        format!("/tables/9999?key={key}"),
    ] {
        let (status, body) = server.get_json(&path).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("table_unknown")),
            "{path}"
        );
    }
    let answer = order(&server, &at_table(lines.clone(), &table, &wrong)).await;
    assert_eq!(
        refusal(&answer),
        (404, "table_unknown", "table"),
        "{}",
        answer.1
    );

    // No table for a dine-in order; a table for a delivery; a dine-in pre-order.
    let mut no_table = at_table(lines.clone(), &table, &key);
    no_table.as_object_mut().unwrap().remove("table");
    let answer = order(&server, &no_table).await;
    assert_eq!(refusal(&answer), (400, "invalid", "table"), "{}", answer.1);
    let mut delivery = guest_order(lines.clone(), "10115");
    delivery["table"] = json!({ "id": table["id"], "key": key });
    let answer = order(&server, &delivery).await;
    assert_eq!(refusal(&answer), (400, "invalid", "table"), "{}", answer.1);
    let mut later = at_table(lines.clone(), &table, &key);
    later["preorder_at"] = json!("2026-11-23T12:30:00Z");
    let answer = order(&server, &later).await;
    assert_eq!(
        refusal(&answer),
        (400, "invalid", "preorder_at"),
        "{}",
        answer.1
    );

    // Coupons: a code for both types is valid at the table, a pickup code is not.
    for (code, types) in [("TISCH10", "both"), ("ABHOL10", "pickup")] {
        let (status, coupon) = server
            .send(
                "POST",
                "/admin/coupons",
                Some(&admin),
                Some(json!({"code": code, "kind": "percent", "percent": 10, "order_types": types})),
            )
            .await;
        assert_eq!(status, 201, "{coupon}");
    }
    let mut with_code = at_table(lines.clone(), &table, &key);
    with_code["coupon_code"] = json!("ABHOL10");
    let answer = post_with(&server, "/orders/guest/quote", None, &[], &with_code).await;
    assert_eq!(
        refusal(&answer),
        (409, "coupon_wrong_order_type", "coupon_code"),
        "{}",
        answer.1
    );
    with_code["coupon_code"] = json!("TISCH10");
    let answer = post_with(&server, "/orders/guest/quote", None, &[], &with_code).await;
    assert_eq!(answer.0, 200, "{}", answer.1);
    assert!(cents(&answer.1["coupon"]) > 0, "{}", answer.1);

    // Rotating the secret: the old code stops working at once, the new one works.
    let path = format!("/admin/tables/{}/secret", table["id"]);
    let (status, rotated) = server.send("POST", &path, Some(&admin), None).await;
    assert_eq!(status, 200, "{rotated}");
    let new_key = key_of(&rotated);
    assert_ne!(new_key, key);
    assert_eq!(rotated["label"], "Terrasse 3");
    let answer = order(&server, &at_table(lines.clone(), &table, &key)).await;
    assert_eq!(
        refusal(&answer),
        (404, "table_unknown", "table"),
        "{}",
        answer.1
    );
    let (status, _) = server
        .get_json(&format!("/tables/{}?key={key}", table["id"]))
        .await;
    assert_eq!(status, 404);
    let placed = order(&server, &at_table(lines.clone(), &table, &new_key)).await;
    assert_eq!(placed.0, 201, "{}", placed.1);
    assert_eq!(placed.1["table"], "Terrasse 3");

    // An inactive table takes no orders; renamed, its code stays.
    let path = format!("/admin/tables/{}", table["id"]);
    let (status, off) = server
        .send(
            "PUT",
            &path,
            Some(&admin),
            Some(json!({"label": "Terrasse 4", "active": false})),
        )
        .await;
    assert_eq!(status, 200, "{off}");
    assert_eq!(
        (off["label"].as_str(), off["active"].as_bool()),
        (Some("Terrasse 4"), Some(false))
    );
    assert_eq!(key_of(&off), new_key);
    let answer = order(&server, &at_table(lines.clone(), &table, &new_key)).await;
    assert_eq!(
        refusal(&answer),
        (404, "table_unknown", "table"),
        "{}",
        answer.1
    );

    // Deleted, the table is gone; its order keeps the label it was placed with.
    let (status, _) = server.send("DELETE", &path, Some(&admin), None).await;
    assert_eq!(status, 204);
    let (status, _) = server.send("DELETE", &path, Some(&admin), None).await;
    assert_eq!(status, 404);
    let (_, list) = server
        .send("GET", "/admin/tables", Some(&admin), None)
        .await;
    assert_eq!(list, json!([]));
    let kept = track_until(&server, &placed.1, |order| order["table"].is_string()).await;
    assert_eq!(kept["table"], "Terrasse 3");
    server.stop().await;
}

#[tokio::test]
async fn guessing_table_codes_is_throttled_per_client() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let table = make_table(&server, &admin, "1").await;
    let key = key_of(&table);
    let mut statuses = Vec::new();
    for n in 0..25 {
        let path = format!("/tables/{}?key=guess{n}", table["id"]);
        statuses.push(server.get_json(&path).await.0);
    }
    assert_eq!(&statuses[..20], &[404; 20]);
    assert!(
        statuses[20..].iter().all(|status| *status == 429),
        "{statuses:?}"
    );
    // Even the right code waits now: guessing on is no use.
    let (status, _) = server
        .get_json(&format!("/tables/{}?key={key}", table["id"]))
        .await;
    assert_eq!(status, 429);
    server.stop().await;
}
