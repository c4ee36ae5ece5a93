//! The clock guard: until the clock is trusted (here: a flag file the test creates),
//! the shop reports closed with the reason, offers no pre-order times and refuses
//! orders; once the file appears it opens without a restart.

use std::time::Duration;

use serde_json::{Value, json};

use crate::live_status::{connect, next_message};
use crate::support::TestServer;
use crate::support::ordering::{LUNCHTIME, Menu, guest_order, lunch_lines, post_with};

#[tokio::test]
async fn an_unconfirmed_clock_keeps_the_shop_closed_until_the_flag_file_appears() {
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
    let menu = Menu::load(&server).await;
    let order = guest_order(lunch_lines(&menu), "10115");

    // Lunchtime by the hours, but closed: the clock is not confirmed.
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["is_open"], false, "{store}");
    assert_eq!(store["closed_reason"], "clock_untrusted", "{store}");
    assert_eq!(store["paused"], false);
    let mut socket = connect(&server, "/ws/store/14/status", None).await.unwrap();
    let first = next_message(&mut socket, Duration::from_secs(5)).await;
    assert_eq!(first["is_open"], false, "{first}");
    assert_eq!(first["closed_reason"], "clock_untrusted", "{first}");
    assert_eq!(first["error"], Value::Null);
    assert!(
        !first["today_hours"].as_array().unwrap().is_empty(),
        "the hours are still shown: {first}"
    );
    for order_type in ["delivery", "pickup"] {
        let (status, slots) = server
            .get_json(&format!("/stores/14/slots?order_type={order_type}"))
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            slots,
            json!({"immediately": false, "slots": [], "days": [], "closed_reason": "clock_untrusted"})
        );
    }
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "clock_untrusted");
    assert!(
        answer.get("field").is_none(),
        "no body field is at fault: {answer}"
    );
    assert!(
        answer["detail"].as_str().unwrap().contains("clock"),
        "{answer}"
    );
    let mut preorder = order.clone();
    preorder["preorder_at"] = json!("2026-11-23T12:00:00Z");
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &preorder).await;
    assert_eq!((status, &answer["code"]), (409, &json!("clock_untrusted")));
    let admin = server.admin_token().await;
    let (_, day) = server
        .send("GET", "/admin/orders", Some(&admin), None)
        .await;
    assert_eq!(day["count"], 0, "nothing was placed: {day}");

    // The time is confirmed: the shop opens by itself, pushed to the socket.
    std::fs::write(&flag, b"").unwrap();
    let opened = next_message(&mut socket, Duration::from_secs(10)).await;
    assert_eq!(opened["is_open"], true, "{opened}");
    assert_eq!(opened["closed_reason"], Value::Null, "{opened}");
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(
        (&store["is_open"], &store["closed_reason"]),
        (&json!(true), &Value::Null)
    );
    let (_, slots) = server.get_json("/stores/14/slots?order_type=pickup").await;
    assert_eq!(slots["immediately"], true, "{slots}");
    assert!(!slots["slots"].as_array().unwrap().is_empty(), "{slots}");
    assert!(slots.get("closed_reason").is_none(), "{slots}");
    let (status, answer) = post_with(&server, "/orders/guest", None, &[], &order).await;
    assert_eq!(status, 201, "{answer}");

    // Once trusted it stays trusted, even if the flag goes away.
    std::fs::remove_file(&flag).unwrap();
    tokio::time::sleep(heimservice::shop::clock_guard::RECHECK_EVERY * 2).await;
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["is_open"], true, "{store}");
}

#[test]
fn an_unknown_trust_source_is_a_configuration_error() {
    let output = crate::support::run_binary(
        &["config", "check"],
        &[("HEIMSERVICE_CLOCK_TRUST", "sometimes")],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("clock.trust") && stderr.contains("auto, always or file"),
        "{stderr}"
    );
}
