//! Every list that grows with the shop's history answers a page, never everything: a
//! customer's orders (20 a page), the outbox and the contact messages (50 a page),
//! newest first, each page `before` the last one's id. Following the pages gives every
//! record once; a limit outside its range is a 400 naming it.

use std::collections::HashSet;

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;
use crate::support::raw_http::client_from;

/// Pages followed at most before a test gives up.
const MAX_PAGES: usize = 100;

async fn page(server: &TestServer, token: &str, path: &str) -> Vec<Value> {
    let (status, page) = server.send("GET", path, Some(token), None).await;
    assert_eq!(status, 200, "{path}: {page}");
    page.as_array().unwrap().clone()
}

fn ids(records: &[Value]) -> Vec<u64> {
    records
        .iter()
        .map(|record| record["id"].as_u64().unwrap())
        .collect()
}

/// Follows `path`'s pages of `limit` (the default page when `None`); the ids of every
/// page, checking that each is at most a page, newest first, and older than the last.
async fn follow(
    server: &TestServer,
    token: &str,
    path: &str,
    limit: Option<usize>,
    default: usize,
) -> Vec<Vec<u64>> {
    let size = limit.unwrap_or(default);
    let mut pages: Vec<Vec<u64>> = Vec::new();
    let mut before: Option<u64> = None;
    for _ in 0..MAX_PAGES {
        let mut query = Vec::new();
        if let Some(limit) = limit {
            query.push(format!("limit={limit}"));
        }
        if let Some(before) = before {
            query.push(format!("before={before}"));
        }
        let url = format!("{path}?{}", query.join("&"));
        let ids = ids(&page(server, token, &url).await);
        assert!(
            ids.len() <= size,
            "{url} answered {} records, more than a page of {size}",
            ids.len()
        );
        assert!(
            ids.windows(2).all(|pair| pair[0] > pair[1]),
            "{url} is not newest first: {ids:?}"
        );
        if let (Some(before), Some(first)) = (before, ids.first()) {
            assert!(*first < before, "{url} repeats or skips back: {ids:?}");
        }
        let full = ids.len() == size;
        before = ids.last().copied();
        pages.push(ids);
        if !full {
            return pages;
        }
    }
    panic!("{path} did not end within {MAX_PAGES} pages");
}

fn all_once(pages: &[Vec<u64>], expected: usize) {
    let all: Vec<u64> = pages.iter().flatten().copied().collect();
    let unique: HashSet<u64> = all.iter().copied().collect();
    assert_eq!(unique.len(), all.len(), "a record on two pages");
    assert_eq!(all.len(), expected, "pages: {pages:?}");
}

#[tokio::test]
async fn a_customers_orders_come_twenty_a_page_newest_first() {
    let server = lunch_server().await;
    let customer = server.customer_token().await;
    let menu = Menu::load(&server).await;
    let address = save_address(&server, &customer, "").await;
    let mut placed = Vec::new();
    for _ in 0..45 {
        let (status, order) = post_with(
            &server,
            "/orders",
            Some(&customer),
            &[],
            &saved_address_order(&menu, &address),
        )
        .await;
        assert_eq!(status, 201, "{order}");
        placed.push(order["id"].as_u64().unwrap());
    }
    // Someone else's order is on no page of hers.
    let (status, _) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    assert_eq!(status, 201);

    let pages = follow(&server, &customer, "/orders", None, 20).await;
    assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [20, 20, 5]);
    all_once(&pages, 45);
    placed.reverse();
    assert_eq!(
        pages.concat(),
        placed,
        "newest first, every order of hers once"
    );
    let pages = follow(&server, &customer, "/orders", Some(100), 100).await;
    assert_eq!(pages.concat(), placed);

    for bad in ["/orders?limit=0", "/orders?limit=101", "/orders?before=abc"] {
        let (status, answer) = server.send("GET", bad, Some(&customer), None).await;
        assert_eq!(status, 400, "{bad}: {answer}");
    }
}

#[tokio::test]
async fn the_outbox_and_the_contact_messages_come_fifty_a_page() {
    // No SMTP server: every order's confirmation is kept in the outbox.
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    for n in 0..60 {
        let mut body = guest_order(lunch_lines(&menu), "10115");
        body["shipping_address"]["email"] = json!(format!("gast{n}@example.com"));
        let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
        assert_eq!(status, 201, "{order}");
        // Five messages per address at once (the contact form's throttle).
        let message = client_from(60 + (n / 5) as u8)
            .post(server.url("/support"))
            .json(&json!({"name": "Gina Gast", "email": format!("gast{n}@example.com"), "message": format!("Nachricht {n}")}))
            .send()
            .await
            .unwrap();
        assert_eq!(message.status(), 201, "message {n}");
    }
    let kept = outbox(&server, &admin, 60).await.len();
    assert!(kept >= 60, "{kept} mails kept");

    let pages = follow(&server, &admin, "/admin/outbox", None, 50).await;
    assert_eq!(
        pages[0].len(),
        50,
        "the first page is a full page, not every mail"
    );
    all_once(&pages, kept);
    let pages = follow(&server, &admin, "/admin/outbox", Some(7), 7).await;
    all_once(&pages, kept);

    let pages = follow(&server, &admin, "/admin/support-messages", None, 50).await;
    assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [50, 10]);
    all_once(&pages, 60);
    let newest = page(&server, &admin, "/admin/support-messages?limit=1").await;
    assert_eq!(newest[0]["message"], "Nachricht 59");

    for bad in ["/admin/outbox?limit=201", "/admin/support-messages?limit=0"] {
        let (status, answer) = server.send("GET", bad, Some(&admin), None).await;
        assert_eq!(status, 400, "{bad}: {answer}");
    }
}
