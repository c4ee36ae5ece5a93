//! A shop that was down for a while comes back with many orders nobody answered. Their
//! automatic rejection must not hold up a stop: the server stops between two orders,
//! and the next start rejects the rest.

use std::time::{Duration, Instant};

use crate::support::TestServer;
use crate::support::ordering::*;

const ORDERS: usize = 600;

#[tokio::test]
async fn a_stop_does_not_wait_for_a_backlog_of_overdue_orders() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    for _ in 0..ORDERS / 50 {
        let batch = (0..50).map(|_| post_with(&server, "/orders/guest", None, &[], &body));
        for (status, order) in futures_util::future::join_all(batch).await {
            assert_eq!(status, 201, "{order}");
        }
    }
    assert_eq!(open_orders(&server, &admin).await, ORDERS);

    // Twenty minutes later nobody has answered: every order is overdue at once.
    advance_clock(&server, chrono::Duration::minutes(20));
    let deadline = Instant::now() + Duration::from_secs(10);
    // Every order waits for an answer until the automatic rejection takes it.
    while waiting_orders(&server, &admin).await == ORDERS as u64 {
        assert!(Instant::now() < deadline, "the automatic rejection started");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let started = Instant::now();
    let data_dir = server.stop().await;
    let took = started.elapsed();
    println!("stop with a backlog of {ORDERS} overdue orders: {took:?}");
    assert!(took < Duration::from_secs(5), "stopped in {took:?}");

    // The next start (its clock at lunchtime again, so nothing is due yet) still has
    // orders waiting: the stop did not work through the backlog first.
    let server = TestServer::builder()
        .data_dir(data_dir)
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .start()
        .await;
    let admin = server.login("admin@example.com", "admin-password-1").await;
    let waiting = open_orders(&server, &admin).await;
    assert!(
        (1..ORDERS).contains(&waiting),
        "{waiting} of {ORDERS} still waiting after the stop"
    );
    advance_clock(&server, chrono::Duration::minutes(20));
    let started = Instant::now();
    let deadline = started + Duration::from_secs(60);
    while open_orders(&server, &admin).await > 0 {
        assert!(
            Instant::now() < deadline,
            "the rest is rejected after the start"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!(
        "the other {waiting} overdue orders rejected after the start in {:?}",
        started.elapsed()
    );
    let (_, orders) = day_history(&server, &admin, None).await;
    assert_eq!(orders.len(), ORDERS, "none lost");
    assert!(orders.iter().all(|order| order["status"] == "rejected"));
}
