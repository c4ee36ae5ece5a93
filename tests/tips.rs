//! A tip for the team: offered with online payment, added to the total the server
//! quotes and PayPal charges, outside the VAT base, apart from the revenue in the day's
//! figures and the closing, on the receipt and in the mail, and refunded with a
//! cancellation (a change of the goods keeps it).

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;
use crate::support::paypal_checkout::{PaypalShop, approved, place};
use crate::support::printer_sink::{PrinterSink, decode};

fn vat_gross(answer: &Value) -> i64 {
    answer["vat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| cents(&line["gross"]))
        .sum()
}

async fn quote(server: &TestServer, body: &Value) -> (u16, Value) {
    post_with(server, "/orders/guest/quote", None, &[], body).await
}

async fn today(server: &TestServer, admin: &str) -> Value {
    let path = "/admin/reports/revenue?from=2026-11-23&to=2026-11-23";
    let (status, report) = server.send("GET", path, Some(admin), None).await;
    assert_eq!(status, 200, "{report}");
    report["days"][0]["figures"].clone()
}

#[tokio::test]
async fn a_tip_is_quoted_and_charged_on_top_outside_the_vat_and_refused_with_cash() {
    let shop = PaypalShop::start().await;
    let (server, fake, admin) = (&shop.server, &shop.fake, &shop.admin);
    let sink = PrinterSink::start().await;
    let printer =
        json!({ "name": "Kasse", "host": "127.0.0.1", "port": sink.port, "prints": "receipt" });
    let (status, created) = server
        .send("POST", "/admin/printers", Some(admin), Some(printer))
        .await;
    assert_eq!(status, 201, "{created}");

    let (status, plain) = quote(server, &shop.body).await;
    assert_eq!(status, 200, "{plain}");
    assert_eq!(cents(&plain["tip"]), 0);
    let mut body = shop.body.clone();
    body["tip"] = json!(2.5);
    let (status, tipped) = quote(server, &body).await;
    assert_eq!(status, 200, "{tipped}");
    assert_eq!(cents(&tipped["tip"]), 250);
    assert_eq!(cents(&tipped["total"]), cents(&plain["total"]) + 250);
    for part in ["subtotal", "discount", "delivery_fee", "deposit"] {
        assert_eq!(tipped[part], plain[part], "{part}");
    }
    assert_ne!(tipped["quote_id"], plain["quote_id"]);

    // Refused: with cash (it goes to the driver's hand), and amounts out of range.
    let mut cash = body.clone();
    cash["payment_method"] = json!("cash");
    for (tip, what) in [
        (json!(2.5), &cash),
        (json!(100.01), &body),
        (json!(-1), &body),
        (json!(0.001), &body),
    ] {
        let mut asked = what.clone();
        asked["tip"] = tip.clone();
        for path in ["/orders/guest/quote", "/orders/guest"] {
            let (status, refused) = post_with(server, path, None, &[], &asked).await;
            assert_eq!(
                (status, refused["field"].as_str()),
                (400, Some("tip")),
                "{path} {tip}: {refused}"
            );
        }
    }
    let mut no_tip_with_cash = cash.clone();
    no_tip_with_cash["tip"] = json!(0);
    assert_eq!(quote(server, &no_tip_with_cash).await.0, 200);

    // A quote without the tip does not buy an order with one.
    let mut stale = body.clone();
    stale["quote_id"] = plain["quote_id"].clone();
    let (status, refused) = post_with(server, "/orders/guest/paypal", None, &[], &stale).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("quote_changed")),
        "{refused}"
    );

    // PayPal is asked for the total with the tip, and the order keeps it.
    body["quote_id"] = tipped["quote_id"].clone();
    let paypal_id = approved(server, fake, &body).await;
    let asked = fake.state().await["orders"][&paypal_id]["purchase_units"][0]["amount"]["value"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        asked,
        format!("{:.2}", cents(&tipped["total"]) as f64 / 100.0)
    );
    let (status, order) = place(server, &body, &paypal_id).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(cents(&order["tip"]), 250);
    assert_eq!(cents(&order["total"]), cents(&tipped["total"]));
    assert_eq!(vat_gross(&order), cents(&order["total"]) - 250);
    let (_, tracked) = server
        .get_json(&format!(
            "/orders/track/{}",
            order["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(cents(&tracked["tip"]), 250, "the customer sees it");

    let mails = outbox(server, admin, 1).await;
    let text = mails[0]["body"].as_str().unwrap();
    assert!(text.contains("Trinkgeld / tip: 2,50 €"), "{text}");

    answer(server, admin, &order, "accept", json!({"minutes": 30})).await;
    let printed = sink.wait_for(1, Duration::from_secs(5)).await;
    let receipt = decode(printed.last().unwrap()).text;
    assert!(receipt.contains("Trinkgeld (ohne MwSt.)"), "{receipt}");
    let tip_at = receipt.find("Trinkgeld").unwrap();
    assert!(tip_at < receipt.find("Gesamt").unwrap(), "{receipt}");

    // The day: the revenue without the tip, the tip beside it.
    let figures = today(server, admin).await;
    assert_eq!(
        cents(&figures["revenue"]),
        cents(&order["total"]) - 250,
        "{figures}"
    );
    assert_eq!(cents(&figures["online"]), cents(&order["total"]) - 250);
    assert_eq!(cents(&figures["tips"]), 250);
    let vat: i64 = figures["vat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| cents(&line["gross"]))
        .sum();
    assert_eq!(vat, cents(&figures["revenue"]));
    shop.server.stop().await;
}

#[tokio::test]
async fn a_cancellation_refunds_the_tip_a_change_keeps_it_and_the_closing_counts_it_apart() {
    let shop = PaypalShop::start().await;
    let (server, fake, admin) = (&shop.server, &shop.fake, &shop.admin);
    let menu = Menu::load(server).await;
    let mut body = shop.body.clone();
    body["tip"] = json!(3);

    // One order changed (cheaper), one cancelled.
    let mut orders = Vec::new();
    for _ in 0..2 {
        let paypal_id = approved(server, fake, &body).await;
        let (status, order) = place(server, &body, &paypal_id).await;
        assert_eq!(status, 201, "{order}");
        answer(server, admin, &order, "accept", json!({"minutes": 30})).await;
        orders.push(order);
    }
    let (kept, cancelled) = (&orders[0], &orders[1]);

    let path = format!("/admin/orders/{}/lines", kept["id"]);
    let cheaper = json!({"lines": [line(menu.id("Bruschetta"), 2)], "reason": "Cola aus"});
    let (status, changed) = server.send("PUT", &path, Some(admin), Some(cheaper)).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(cents(&changed["tip"]), 300, "the tip stays");
    assert_eq!(vat_gross(&changed), cents(&changed["total"]) - 300);
    let goods_refund = cents(&kept["total"]) - cents(&changed["total"]);
    assert_eq!(cents(&changed["corrections"][0]["refunded"]), goods_refund);

    let path = format!("/admin/orders/{}/cancel", cancelled["id"]);
    let (status, gone) = server
        .send(
            "POST",
            &path,
            Some(admin),
            Some(json!({"reason": "Ofen kaputt"})),
        )
        .await;
    assert_eq!(status, 200, "{gone}");
    let refunds = fake.state().await["refunds"].clone();
    let last = refunds.as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        last["amount"]["value"].as_str().unwrap(),
        format!("{:.2}", cents(&cancelled["total"]) as f64 / 100.0),
        "the whole total, the tip with it"
    );

    let figures = today(server, admin).await;
    assert_eq!(
        cents(&figures["tips"]),
        300,
        "only the kept order's tip: {figures}"
    );
    assert_eq!(cents(&figures["revenue"]), cents(&changed["total"]) - 300);

    let (status, closing) = server
        .send("POST", "/admin/closings", Some(admin), None)
        .await;
    assert_eq!(status, 200, "{closing}");
    assert_eq!(closing["tip_cents"], 300);
    assert_eq!(closing["gross_cents"], cents(&changed["total"]) - 300);
    assert_eq!(closing["online_cents"], closing["gross_cents"]);
    let vat: i64 = closing["vat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["gross_cents"].as_i64().unwrap())
        .sum();
    assert_eq!(vat, closing["gross_cents"].as_i64().unwrap());
    shop.server.stop().await;
}
