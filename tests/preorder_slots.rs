//! Pre-order times for later days (`orders.preorder_days`), grouped by day, placed at an
//! offered time only; and the capacity per 15-minute slot
//! (`orders.slot_capacity_delivery` / `_pickup`): a slot holds at most that many
//! pre-orders of its type, however many arrive at once; the rest get 409 `slot_full`
//! naming the next free times; a full slot is no longer offered (to customers and to the
//! phone form); a rejected order frees its place.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::{
    Menu, answer, guest_order, lunch_lines, offered_day, outbox, phone_body, post_with,
    preorder_days_server, slot_at,
};

/// Monday 06:00 in Berlin: closed until lunch at 11:30 (10:30Z), pre-orders offered.
const NIGHT: &str = "2026-11-23T05:00:00Z";

async fn capacity_server() -> TestServer {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", NIGHT)
        .env("HEIMSERVICE_ORDERS_SLOT_CAPACITY_DELIVERY", "5")
        .env("HEIMSERVICE_ORDERS_MAX_WAITING", "1000")
        .start()
        .await
}

fn instant(value: &Value) -> chrono::DateTime<chrono::Utc> {
    value.as_str().unwrap().parse().unwrap()
}

fn times(slots: &Value) -> Vec<String> {
    slots["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|slot| slot["time"].as_str().unwrap().to_string())
        .collect()
}

/// A guest's delivery pre-order for `starts_at`, each from another caller.
fn preorder(menu: &Menu, starts_at: &Value, n: usize) -> Value {
    let mut order = guest_order(lunch_lines(menu), "10115");
    order["preorder_at"] = starts_at.clone();
    order["shipping_address"]["phone"] = json!(format!("030 555 {n:04}"));
    order["shipping_address"]["email"] = json!(format!("gast{n}@example.com"));
    order
}

#[tokio::test]
async fn fifty_orders_at_once_for_a_slot_of_five_place_exactly_five() {
    let server = capacity_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (_, slots) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    assert_eq!(times(&slots)[..3], ["11:30", "11:45", "12:00"], "{slots}");
    let full_slot = slots["slots"][0]["starts_at"].clone();

    let attempts = (0..50).map(|n| {
        let body = preorder(&menu, &full_slot, n);
        let server = &server;
        async move { post_with(server, "/orders/guest", None, &[], &body).await }
    });
    let answers = futures_util::future::join_all(attempts).await;
    let placed: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, body)| body)
        .collect();
    let refused: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 409)
        .map(|(_, body)| body)
        .collect();
    assert_eq!(placed.len(), 5, "{answers:?}");
    assert_eq!(refused.len(), 45, "{answers:?}");
    for body in &refused {
        assert_eq!(body["code"], "slot_full", "{body}");
        assert_eq!(body["field"], "preorder_at", "{body}");
        assert_eq!(
            body["params"]["next_slots"], "11:45, 12:00, 12:15",
            "{body}"
        );
        assert_eq!(
            body["params"]["next_starts_at"],
            "2026-11-23T10:45:00Z,2026-11-23T11:00:00Z,2026-11-23T11:15:00Z",
            "{body}"
        );
    }
    for order in &placed {
        assert_eq!(
            instant(&order["preorder_at"]),
            instant(&full_slot),
            "{order}"
        );
    }

    // The full slot is offered no more for delivery, to customers and to the phone
    // form; pickup has its own (here unlimited) capacity.
    let (_, delivery) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    assert_eq!(times(&delivery)[..2], ["11:45", "12:00"], "{delivery}");
    let (status, phone) = server
        .send(
            "GET",
            "/admin/phone-orders/slots?order_type=delivery",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, 200, "{phone}");
    assert_eq!(times(&phone)[0], "11:45", "{phone}");
    let (_, pickup) = server.get_json("/stores/14/slots?order_type=pickup").await;
    assert_eq!(times(&pickup)[0], "11:30", "{pickup}");

    // Staff on the phone are refused the same way.
    let (status, body) = post_with(
        &server,
        "/admin/phone-orders",
        Some(&admin),
        &[],
        &phone_body(&preorder(&menu, &full_slot, 99), 20),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "slot_full", "{body}");

    // A rejection frees a place: the slot is offered again, takes one order, and is
    // full again.
    answer(
        &server,
        &admin,
        placed[0],
        "reject",
        json!({"reason": "Zu viel los"}),
    )
    .await;
    let (_, delivery) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    assert_eq!(times(&delivery)[0], "11:30", "{delivery}");
    let (status, body) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &preorder(&menu, &full_slot, 100),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &preorder(&menu, &full_slot, 101),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "slot_full", "{body}");
    server.stop().await;
}

#[tokio::test]
async fn without_a_capacity_a_slot_takes_any_number_and_pickup_counts_apart() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", NIGHT)
        .env("HEIMSERVICE_ORDERS_SLOT_CAPACITY_PICKUP", "1")
        .start()
        .await;
    let menu = Menu::load(&server).await;
    let (_, slots) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    let slot = slots["slots"][0]["starts_at"].clone();
    for n in 0..8 {
        let (status, body) = post_with(
            &server,
            "/orders/guest",
            None,
            &[],
            &preorder(&menu, &slot, n),
        )
        .await;
        assert_eq!(status, 201, "order {n}: {body}");
    }
    // Pickup's capacity of one: the second pickup at the same time is refused.
    let mut pickup = preorder(&menu, &slot, 50);
    pickup["order_type"] = json!("pickup");
    let (status, body) = post_with(&server, "/orders/guest", None, &[], &pickup).await;
    assert_eq!(status, 201, "{body}");
    pickup["shipping_address"]["phone"] = json!("030 555 9999");
    let (status, body) = post_with(&server, "/orders/guest", None, &[], &pickup).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "slot_full", "{body}");
    server.stop().await;
}

/// `orders.preorder_days`: the slots answer groups the times by day, today and the days
/// after it; an order for a later day is placed at an offered time only, belongs to the
/// day it was placed, and waits for an answer as any pre-order placed at night.
#[tokio::test]
async fn pre_orders_for_later_days_are_offered_by_day_and_placed_at_their_times_only() {
    let server = preorder_days_server(NIGHT, "7").await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (_, offer) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    let days = offer["days"].as_array().unwrap();
    assert_eq!(days[0]["date"], "2026-11-23", "{offer}");
    assert_eq!(
        days[0]["slots"], offer["slots"],
        "today's are the slots as before"
    );
    assert!(days.len() >= 5, "a week of days with hours: {offer}");
    let dates: Vec<&str> = days.iter().map(|d| d["date"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|w| w[0] < w[1]), "{dates:?}");
    assert!(*dates.last().unwrap() <= "2026-11-30", "{dates:?}");

    // The last offered time, days ahead.
    let last_day = days.last().unwrap();
    let slot = last_day["slots"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    let (status, order) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &preorder(&menu, &slot["starts_at"], 1),
    )
    .await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(instant(&order["preorder_at"]), instant(&slot["starts_at"]));
    assert_eq!(
        order["business_date"], "2026-11-23",
        "the day it was placed"
    );
    let (_, seen) = server
        .send(
            "GET",
            &format!("/admin/orders/{}", order["id"]),
            Some(&admin),
            None,
        )
        .await;
    // Answered from today's opening (10:30Z) within orders.auto_reject_seconds, as any
    // pre-order placed at night; never before anyone can be there.
    assert_eq!(
        instant(&seen["auto_reject_at"]),
        instant(&json!("2026-11-23T10:40:00Z")),
        "{seen}"
    );

    // A time between the offered ones, and one past the last day, are refused.
    let between = instant(&slot["starts_at"]) + chrono::Duration::minutes(5);
    let beyond = instant(&slot["starts_at"]) + chrono::Duration::days(7);
    for at in [between, beyond] {
        let body = preorder(&menu, &json!(at.to_rfc3339()), 2);
        let (status, refused) = post_with(&server, "/orders/guest", None, &[], &body).await;
        assert_eq!(status, 409, "{at}: {refused}");
        assert_eq!(refused["code"], "slot_unavailable", "{refused}");
    }
    server.stop().await;
}

#[tokio::test]
async fn without_later_days_only_today_is_offered_and_tomorrow_is_refused() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", NIGHT)
        .start()
        .await;
    let menu = Menu::load(&server).await;
    let (_, offer) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    let days = offer["days"].as_array().unwrap();
    assert_eq!(days.len(), 1, "{offer}");
    assert_eq!(days[0]["date"], "2026-11-23");
    let tomorrow = instant(&offer["slots"][0]["starts_at"]) + chrono::Duration::days(1);
    let body = preorder(&menu, &json!(tomorrow.to_rfc3339()), 1);
    let (status, refused) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "slot_unavailable", "{refused}");
    server.stop().await;
}

/// The mails name a later day's date with the time; today's pre-orders keep the time alone.
#[tokio::test]
async fn the_mails_name_the_day_of_a_pre_order_for_a_later_day() {
    let server = preorder_days_server(NIGHT, "3").await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (_, offer) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    let later = slot_at(&offered_day(&offer, "2026-11-25"), "12:00");
    let today = slot_at(&offer, "12:30");
    let (status, for_later) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &preorder(&menu, &later["starts_at"], 1),
    )
    .await;
    assert_eq!(status, 201, "{for_later}");
    let mut body = preorder(&menu, &today["starts_at"], 2);
    body["shipping_address"]["email"] = json!("heute@example.com");
    let (status, for_today) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{for_today}");
    for order in [&for_later, &for_today] {
        answer(&server, &admin, order, "accept", json!({"minutes": 20})).await;
    }

    let mails = outbox(&server, &admin, 4).await;
    let mail = |to: &str, subject: &str| -> String {
        mails
            .iter()
            .find(|mail| mail["to"] == to && mail["subject"].as_str().unwrap().contains(subject))
            .unwrap_or_else(|| panic!("{subject} to {to} in {mails:?}"))["body"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let confirmation = mail("gast1@example.com", "/ order no.");
    assert!(
        confirmation.contains("Vorbestellt für 25.11.2026, 12:00 Uhr."),
        "{confirmation}"
    );
    assert!(
        confirmation.contains("Pre-ordered for 25.11.2026, 12:00."),
        "{confirmation}"
    );
    let accepted = mail("gast1@example.com", "angenommen");
    assert!(
        accepted.contains("Voraussichtlich am 25.11.2026 um 12:00 Uhr."),
        "{accepted}"
    );
    assert!(
        accepted.contains("Expected on 25.11.2026 at 12:00."),
        "{accepted}"
    );
    let confirmation = mail("heute@example.com", "/ order no.");
    assert!(
        confirmation.contains("Vorbestellt für 12:30 Uhr."),
        "{confirmation}"
    );
    let accepted = mail("heute@example.com", "angenommen");
    assert!(
        accepted.contains("Voraussichtlich um 12:30 Uhr."),
        "{accepted}"
    );
    assert!(accepted.contains("Expected at 12:30."), "{accepted}");
    server.stop().await;
}
