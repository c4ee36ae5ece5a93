//! Orders the staff take on the phone: placed on the board's behalf with the admin
//! token, repriced and refused exactly like a guest's order, paid in cash, accepted at
//! once, and then an order like any other.

use std::time::Duration;

use serde_json::{Value, json};

use crate::live_orders::open_board;
use crate::live_status::next_message;
use crate::support::ordering::*;
use crate::support::{TestServer, with_field};

const PHONE: &str = "/admin/phone-orders";

/// The kept mails (no SMTP server in tests), after waiting up to 2 s for `count`.
#[tokio::test]
async fn a_phone_order_is_repriced_accepted_at_once_and_flows_like_any_other() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (mut board, snapshot) = open_board(&server, &admin).await;
    assert_eq!(snapshot["orders"], json!([]));

    let guest = guest_order(lunch_lines(&menu), "10115");
    let (status, online) = post_with(&server, "/orders/guest", None, &[], &guest).await;
    assert_eq!(status, 201, "{online}");
    let _ = next_message(&mut board, Duration::from_secs(3)).await;

    let mut body = phone_body(&guest, 35);
    body["customer"]["email"] = json!("");
    body["note"] = json!("Hinterhaus");
    let (status, order) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["source"], "phone");
    assert_eq!(order["status"], "accepted");
    assert_eq!(order["estimated_minutes"], 35);
    assert!(order["auto_reject_at"].is_null());
    assert_eq!(
        (
            order["payment_method"].as_str(),
            order["payment_status"].as_str()
        ),
        (Some("cash"), Some("cash_due"))
    );
    assert_eq!(order["number"], 2, "numbered with the day's other orders");
    assert_eq!(order["customer"]["customer_name"], "Gina Gast");
    assert_eq!(order["customer"]["phone"], "0305551234");
    assert_eq!(order["note"], "Hinterhaus");
    let statuses: Vec<&str> = order["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|change| change["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["waiting_for_confirmation", "accepted"]);
    // The same lines cost the same as online: the server priced both.
    for field in ["subtotal", "discount", "delivery_fee", "total"] {
        assert_eq!(cents(&order[field]), cents(&online[field]), "{field}");
    }
    assert_eq!(order["vat"], online["vat"]);
    assert_eq!(order["lines"], online["lines"]);

    // The board sees it arrive, already accepted.
    let live = next_message(&mut board, Duration::from_secs(3)).await;
    assert_eq!(live["type"], "order");
    assert_eq!(live["order"]["id"], order["id"]);
    assert_eq!(live["order"]["status"], "accepted");
    assert_eq!(live["order"]["source"], "phone");

    // From here it is an order like any other.
    let id = order["id"].as_u64().unwrap();
    for step in ["preparing", "out_for_delivery", "completed"] {
        let (status, moved) = server
            .send(
                "POST",
                &format!("/admin/orders/{id}/status"),
                Some(&admin),
                Some(json!({ "status": step })),
            )
            .await;
        assert_eq!(status, 200, "{step}: {moved}");
    }
    let tracked = server
        .get_json(&format!(
            "/orders/track/{}",
            order["token"].as_str().unwrap()
        ))
        .await
        .1;
    assert_eq!(tracked["status"], "completed");
    let (_, day) = server
        .send("GET", "/admin/orders?date=2026-11-23", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 2);
    assert_eq!(day["orders"][0]["source"], "phone");
    assert_eq!(day["orders"][1]["source"], "online");

    // Without an e-mail address nobody is mailed; the guest got the confirmation only.
    outbox(&server, &admin, 1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mails = outbox(&server, &admin, 1).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0]["to"], "gina@example.com");
    server.stop().await;
}

#[tokio::test]
async fn a_caller_with_an_email_gets_the_acceptance_with_what_was_ordered() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut body = phone_body(&guest_order(lunch_lines(&menu), ""), 20);
    body["order_type"] = json!("pickup");
    body["customer"] = json!({
        "customer_name": "Paul Anrufer", "phone": "0171 2345678", "email": "Paul@Example.com"
    });
    let (status, order) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "a pickup caller needs no address: {order}");
    assert_eq!(order["customer"]["line1"], "");
    let mails = outbox(&server, &admin, 1).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = &mails[0];
    assert_eq!(mail["to"], "paul@example.com");
    assert!(mail["subject"].as_str().unwrap().contains("angenommen"));
    let text = mail["body"].as_str().unwrap();
    assert!(text.contains("12:20"), "ready at 12:20 Berlin time: {text}");
    assert!(text.contains("Bruschetta"), "{text}");
    let total = cents(&order["total"]);
    assert!(
        text.contains(&format!("{},{:02} €", total / 100, total % 100)),
        "{text}"
    );
    server.stop().await;
}

#[tokio::test]
async fn phone_orders_are_refused_exactly_like_guest_orders() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let good = guest_order(lunch_lines(&menu), "10115");
    let with = |key: &str, value: Value| with_field(&good, key, value);
    let salad_without_dressing = json!([line(menu.id("Insalata Mista"), 2)]);
    let cases: Vec<(&str, Value)> = vec![
        ("client total", with("total", json!(0.01))),
        ("zero quantity", {
            let mut body = good.clone();
            body["lines"][0]["quantity"] = json!(0);
            body
        }),
        (
            "sold out",
            with("lines", json!([line(menu.id("Cannoli Siciliani"), 3)])),
        ),
        ("unknown product", with("lines", json!([line(999_999, 1)]))),
        ("group minimum", with("lines", salad_without_dressing)),
        ("empty cart", with("lines", json!([]))),
        (
            "below minimum",
            with("lines", json!([line(menu.id("Bruschetta"), 1)])),
        ),
        (
            "unknown postcode",
            with("shipping_address", guest_address("99999")),
        ),
        (
            "slot not offered",
            with("preorder_at", json!("2026-11-23T11:07:00Z")),
        ),
        ("missing phone", {
            let mut body = good.clone();
            body["shipping_address"]["phone"] = json!("");
            body
        }),
        ("missing name", {
            let mut body = good.clone();
            body["shipping_address"]["customer_name"] = json!(" ");
            body
        }),
        ("note too long", with("note", json!("x".repeat(501)))),
    ];
    for (name, guest) in cases {
        let (guest_status, guest_answer) =
            post_with(&server, "/orders/guest", None, &[], &guest).await;
        let (phone_status, phone_answer) =
            post_with(&server, PHONE, Some(&admin), &[], &phone_body(&guest, 20)).await;
        assert!((400..500).contains(&guest_status), "{name}: {guest_answer}");
        assert_eq!(phone_status, guest_status, "{name}: {phone_answer}");
        assert_eq!(phone_answer["code"], guest_answer["code"], "{name}");
        assert_eq!(
            phone_answer["field"]
                .as_str()
                .map(|f| f.replace("customer.", "shipping_address.")),
            guest_answer["field"].as_str().map(str::to_string),
            "{name}"
        );
    }

    // What only the phone form has: cash only, the estimate, the caller's street.
    let good = phone_body(&good, 20);
    let refusals = [
        ("payment_method", json!("online"), "payment_method"),
        ("minutes", json!(4), "minutes"),
        ("minutes", json!(241), "minutes"),
        ("minutes", Value::Null, "minutes"),
        ("customer", Value::Null, "customer"),
        (
            "customer",
            json!({"customer_name": "Paul", "phone": "0171", "zip": "10115"}),
            "customer.line1",
        ),
    ];
    for (key, value, field) in refusals {
        let mut body = good.clone();
        body[key] = value.clone();
        let (status, answer) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
        assert_eq!(
            (status, answer["field"].as_str()),
            (400, Some(field)),
            "{key} = {value}: {answer}"
        );
    }
    let mut cash = good.clone();
    cash["payment_method"] = json!("cash");
    let (status, answer) = post_with(&server, PHONE, Some(&admin), &[], &cash).await;
    assert_eq!(status, 201, "cash may be said explicitly: {answer}");

    let (_, day) = server
        .send("GET", "/admin/orders", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 1, "nothing else was written: {day}");
    server.stop().await;
}

#[tokio::test]
async fn the_staff_take_orders_while_paused_and_preorders_while_closed() {
    // Monday 06:00 in Berlin: closed until lunch at 11:30.
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T05:00:00Z")
        .start()
        .await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = phone_body(&guest_order(lunch_lines(&menu), "10115"), 30);

    let (status, closed) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(
        (status, closed["code"].as_str()),
        (409, Some("store_closed"))
    );
    let (status, offer) = server
        .send(
            "GET",
            "/admin/phone-orders/slots?order_type=delivery",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(offer["immediately"], false);
    let slot = offer["slots"][0]["starts_at"].clone();
    assert_eq!(offer["slots"][0]["time"], "11:30");
    let mut preorder = body.clone();
    preorder["preorder_at"] = slot.clone();
    let (status, order) = post_with(&server, PHONE, Some(&admin), &[], &preorder).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["status"], "accepted");
    let instant = |value: &Value| {
        value
            .as_str()
            .unwrap()
            .parse::<chrono::DateTime<chrono::Utc>>()
            .unwrap()
    };
    assert_eq!(
        instant(&order["estimated_ready_at"]),
        instant(&slot),
        "a pre-order is ready at its time"
    );
    server.stop().await;

    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let (status, _) = server
        .send(
            "PUT",
            "/stores/14/pause",
            Some(&admin),
            Some(json!({"paused": true})),
        )
        .await;
    assert_eq!(status, 200);
    let guest = guest_order(lunch_lines(&menu), "10115");
    let (status, refused) = post_with(&server, "/orders/guest", None, &[], &guest).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("store_closed"))
    );
    let (_, public) = server.get_json("/stores/14/slots?order_type=pickup").await;
    assert_eq!(public["immediately"], false);
    assert_eq!(public["slots"], json!([]));
    let (_, staff) = server
        .send(
            "GET",
            "/admin/phone-orders/slots?order_type=pickup",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(staff["immediately"], true, "the pause is the storefront's");
    assert!(!staff["slots"].as_array().unwrap().is_empty());
    let (status, order) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    server.stop().await;
}

#[tokio::test]
async fn a_double_click_makes_one_phone_order() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = phone_body(&guest_order(lunch_lines(&menu), "10115"), 20);
    let key = [("Idempotency-Key", "phone-7d2e")];
    let (first_status, first) = post_with(&server, PHONE, Some(&admin), &key, &body).await;
    let (again_status, again) = post_with(&server, PHONE, Some(&admin), &key, &body).await;
    assert_eq!((first_status, again_status), (201, 200), "{again}");
    assert_eq!(first["id"], again["id"]);
    let mut other = body.clone();
    other["minutes"] = json!(25);
    let (status, conflict) = post_with(&server, PHONE, Some(&admin), &key, &other).await;
    assert_eq!(
        (status, conflict["code"].as_str()),
        (409, Some("idempotency_conflict"))
    );
    // A guest's checkout with the same key is another order: the scopes differ.
    let (status, _) = post_with(
        &server,
        "/orders/guest",
        None,
        &key,
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    assert_eq!(status, 201);
    let (_, day) = server
        .send("GET", "/admin/orders", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 2);
    server.stop().await;
}

#[tokio::test]
async fn only_admins_take_phone_orders() {
    let server = lunch_server().await;
    let customer = server.customer_token().await;
    let menu = Menu::load(&server).await;
    let body = phone_body(&guest_order(lunch_lines(&menu), "10115"), 20);
    let (status, _) = post_with(&server, PHONE, None, &[], &body).await;
    assert_eq!(status, 401);
    let (status, _) = post_with(&server, PHONE, Some(&customer), &[], &body).await;
    assert_eq!(status, 403);
    server.stop().await;
}

#[tokio::test]
async fn phone_orders_wait_for_a_confirmed_clock_like_any_order() {
    let flags = tempfile::tempdir().unwrap();
    let flag = flags.path().join("synchronized");
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_CLOCK_TRUST", "file")
        .env(
            "HEIMSERVICE_CLOCK_SYNCHRONIZED_FILE",
            flag.to_str().unwrap(),
        )
        .start()
        .await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = phone_body(&guest_order(lunch_lines(&menu), "10115"), 20);
    let slots = "/admin/phone-orders/slots?order_type=delivery";

    let (status, refused) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("clock_untrusted"))
    );
    let (_, offer) = server.send("GET", slots, Some(&admin), None).await;
    assert_eq!(
        offer,
        json!({"immediately": false, "slots": [], "days": [], "closed_reason": "clock_untrusted"})
    );

    std::fs::write(&flag, b"").unwrap();
    let mut offer = Value::Null;
    for _ in 0..100 {
        offer = server.send("GET", slots, Some(&admin), None).await.1;
        if offer["immediately"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(offer["immediately"], true, "{offer}");
    assert!(offer.get("closed_reason").is_none(), "{offer}");
    let (status, order) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    server.stop().await;
}

#[tokio::test]
async fn a_phone_order_answers_like_staff_and_goes_through_the_auto_pause() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_ORDERS_AUTO_REJECT_SECONDS", "2")
        .env("HEIMSERVICE_ORDERS_PAUSE_AFTER_UNANSWERED", "2")
        .start()
        .await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let guest = guest_order(lunch_lines(&menu), "10115");
    let unanswered = || async {
        let (status, placed) = post_with(&server, "/orders/guest", None, &[], &guest).await;
        assert_eq!(status, 201, "{placed}");
        let order = track_until(&server, &placed, |o| o["status"] == "rejected").await;
        assert_eq!(order["status"], "rejected", "{order}");
    };
    let paused = || async { server.get_json("/stores/14").await.1["paused"] == true };

    // One unanswered, then a phone order: the staff are there, the count starts again.
    unanswered().await;
    let body = phone_body(&guest, 20);
    let (status, _) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(status, 201);
    unanswered().await;
    assert!(!paused().await, "one in a row since the phone order");
    unanswered().await;
    let mut is_paused = false;
    for _ in 0..50 {
        is_paused = paused().await;
        if is_paused {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(is_paused, "two in a row pause ordering");

    // Paused automatically: the storefront is shut, the phone is not.
    let (status, _) = post_with(&server, "/orders/guest", None, &[], &guest).await;
    assert_eq!(status, 409);
    let (status, order) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["status"], "accepted");
    server.stop().await;
}

#[tokio::test]
async fn a_phone_order_prints_its_kitchen_ticket_as_it_is_placed() {
    use crate::support::printer_sink::{PrinterSink, decode};
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let sink = PrinterSink::start().await;
    let (status, printer) = server
        .send(
            "POST",
            "/admin/printers",
            Some(&admin),
            Some(json!({ "name": "Küche", "host": "127.0.0.1", "port": sink.port })),
        )
        .await;
    assert_eq!(status, 201, "{printer}");

    let mut body = phone_body(&guest_order(lunch_lines(&menu), "10115"), 25);
    body["customer"]["customer_name"] = json!("Paul Anrufer");
    let (status, order) = post_with(&server, PHONE, Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "{order}");

    // Accepted as it was placed: the same acceptance queues the ticket.
    let printed = sink.wait_for(1, Duration::from_secs(5)).await;
    assert_eq!(printed.len(), 1);
    let ticket = decode(&printed[0]);
    for expected in [
        "Bestellung #1",
        "LIEFERUNG",
        "Paul Anrufer",
        "Bruschetta",
        "BAR kassieren",
    ] {
        assert!(
            ticket.text.contains(expected),
            "{expected:?} missing in\n{}",
            ticket.text
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn refused_phone_orders_leave_no_gap_in_ids_and_numbers() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let good = phone_body(&guest_order(lunch_lines(&menu), "10115"), 20);
    let bad = phone_body(&guest_order(lunch_lines(&menu), "10115"), 1);
    let requests = (0..48).map(|n| {
        let body = if n % 2 == 0 {
            good.clone()
        } else {
            bad.clone()
        };
        let server = &server;
        let admin = admin.clone();
        async move { post_with(server, PHONE, Some(&admin), &[], &body).await }
    });
    let answers = futures_util::future::join_all(requests).await;
    let placed: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, order)| order)
        .collect();
    assert_eq!(placed.len(), 24);
    assert_eq!(
        answers.iter().filter(|(status, _)| *status == 400).count(),
        24,
        "the estimate of 1 minute is refused"
    );
    let mut numbers: Vec<u64> = placed
        .iter()
        .map(|o| o["number"].as_u64().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        (1..=24).collect::<Vec<u64>>(),
        "gapless day numbers"
    );
    let mut ids: Vec<u64> = placed.iter().map(|o| o["id"].as_u64().unwrap()).collect();
    ids.sort_unstable();
    let first = ids[0];
    assert_eq!(
        ids,
        (first..first + 24).collect::<Vec<u64>>(),
        "gapless ids"
    );
    // The next order follows on directly.
    let (status, next) = post_with(&server, PHONE, Some(&admin), &[], &good).await;
    assert_eq!(status, 201, "{next}");
    assert_eq!(next["number"], 25);
    assert_eq!(next["id"], first + 24);
}
