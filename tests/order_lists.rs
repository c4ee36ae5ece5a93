//! The restaurant's order lists come in pages: the board's open orders oldest first
//! (`after`), a day's history newest first (`before`). Every page says how many orders
//! wait for an answer (and the limit) or the figures of the whole day; the board's
//! socket starts with the first page and keeps the waiting count current.

use std::collections::HashSet;
use std::time::Duration;

use serde_json::{Value, json};

use crate::live_orders::open_board;
use crate::live_status::next_message;
use crate::support::TestServer;
use crate::support::ordering::*;

/// Guest orders placed at once.
const BATCH: usize = 50;

async fn lunch_server_for_many() -> TestServer {
    TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .env("HEIMSERVICE_ORDERS_MAX_WAITING", "1000")
        .start()
        .await
}

/// The `n`th guest's cash delivery, with its own phone number and e-mail address.
fn nth_guest(menu: &Menu, n: usize) -> Value {
    let mut body = guest_order(lunch_lines(menu), "10115");
    body["shipping_address"]["phone"] = json!(format!("030 555 {n:04}"));
    body["shipping_address"]["email"] = json!(format!("gast{n}@example.com"));
    body
}

/// Places the bodies, `BATCH` at a time; the placed orders in placing order.
async fn place_all(server: &TestServer, bodies: Vec<Value>) -> Vec<Value> {
    let mut placed = Vec::new();
    for chunk in bodies.chunks(BATCH) {
        let batch = chunk
            .iter()
            .map(|body| post_with(server, "/orders/guest", None, &[], body));
        for (status, order) in futures_util::future::join_all(batch).await {
            assert_eq!(status, 201, "{order}");
            placed.push(order);
        }
    }
    placed
}

async fn get_page(server: &TestServer, admin: &str, path: &str) -> Value {
    let (status, page) = server.send("GET", path, Some(admin), None).await;
    assert_eq!(status, 200, "{path}: {page}");
    page
}

fn ids(orders: &[Value]) -> Vec<u64> {
    orders
        .iter()
        .map(|order| order["id"].as_u64().unwrap())
        .collect()
}

fn page_ids(page: &Value) -> Vec<u64> {
    ids(page["orders"].as_array().unwrap())
}

#[tokio::test]
async fn the_board_pages_through_the_open_orders_and_counts_the_waiting_ones() {
    let server = lunch_server_for_many().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (_, slots) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    let mut bodies: Vec<Value> = (0..250).map(|n| nth_guest(&menu, n)).collect();
    // One of them a pre-order: it waits for an answer too.
    bodies[120]["preorder_at"] = slots["slots"][4]["starts_at"].clone();
    assert!(bodies[120]["preorder_at"].is_string(), "{slots}");
    let placed = place_all(&server, bodies).await;
    let mut expected = ids(&placed);
    expected.sort_unstable();

    let first = get_page(&server, &admin, "/admin/orders/open").await;
    assert_eq!(
        (&first["waiting"], &first["waiting_limit"]),
        (&json!(250), &json!(1000)),
        "every order waits, the pre-order too"
    );
    let second_path = format!("/admin/orders/open?after={}", first["next_after"]);
    let second = get_page(&server, &admin, &second_path).await;
    let third_path = format!("/admin/orders/open?after={}", second["next_after"]);
    let third = get_page(&server, &admin, &third_path).await;
    let pages = [&first, &second, &third];
    assert_eq!(
        pages.map(|page| page["orders"].as_array().unwrap().len()),
        [100, 100, 50]
    );
    assert_eq!(
        pages.map(|page| page["next_after"].clone()),
        [
            json!(page_ids(&first)[99]),
            json!(page_ids(&second)[99]),
            Value::Null
        ],
        "each page goes on after its last order; the last one says so"
    );
    assert!(pages.iter().all(|page| page["waiting"] == 250));
    let seen: Vec<u64> = pages.iter().flat_map(|page| page_ids(page)).collect();
    assert_eq!(seen, expected, "oldest first, none twice, none missing");

    // A smaller or larger page size, and the page after the last order.
    let small = get_page(&server, &admin, "/admin/orders/open?limit=1").await;
    assert_eq!(page_ids(&small), [expected[0]]);
    assert_eq!(small["next_after"], json!(expected[0]));
    let large = get_page(&server, &admin, "/admin/orders/open?limit=200").await;
    assert_eq!(page_ids(&large), expected[..200]);
    let last = expected[249];
    let beyond = get_page(&server, &admin, &format!("/admin/orders/open?after={last}")).await;
    assert_eq!(
        (&beyond["orders"], &beyond["next_after"], &beyond["waiting"]),
        (&json!([]), &Value::Null, &json!(250))
    );

    // Answered orders stop waiting; a phone order (accepted when taken) never waits,
    // but all of them stay open until finished or rejected.
    answer(
        &server,
        &admin,
        &placed[0],
        "accept",
        json!({"minutes": 30}),
    )
    .await;
    answer(
        &server,
        &admin,
        &placed[1],
        "reject",
        json!({"reason": "Zu voll"}),
    )
    .await;
    let mut phone = nth_guest(&menu, 999);
    let customer = phone.as_object_mut().unwrap().remove("shipping_address");
    phone["customer"] = customer.unwrap();
    phone.as_object_mut().unwrap().remove("payment_method");
    phone["minutes"] = json!(20);
    let (status, taken) =
        post_with(&server, "/admin/phone-orders", Some(&admin), &[], &phone).await;
    assert_eq!(status, 201, "{taken}");
    let first = get_page(&server, &admin, "/admin/orders/open").await;
    assert_eq!(first["waiting"], 248, "{}", first["waiting"]);
    let open = all_open_orders(&server, &admin).await;
    assert_eq!(open.len(), 250, "249 guest orders and the phone order");
    assert_eq!(ids(&open).into_iter().collect::<HashSet<_>>().len(), 250);

    // The board's socket starts with the first page and says how many wait.
    let (mut board, snapshot) = open_board(&server, &admin).await;
    assert_eq!(snapshot["type"], "snapshot");
    assert_eq!(page_ids(&snapshot), page_ids(&first));
    assert_eq!(
        (
            &snapshot["next_after"],
            &snapshot["waiting"],
            &snapshot["waiting_limit"]
        ),
        (&first["next_after"], &json!(248), &json!(1000))
    );
    // Each change brings the new count.
    answer(
        &server,
        &admin,
        &placed[2],
        "accept",
        json!({"minutes": 30}),
    )
    .await;
    let accepted = next_message(&mut board, Duration::from_secs(3)).await;
    assert_eq!(
        (
            &accepted["type"],
            &accepted["order"]["id"],
            &accepted["waiting"],
            &accepted["waiting_limit"]
        ),
        (&json!("order"), &placed[2]["id"], &json!(247), &json!(1000))
    );
    let (_, another) =
        post_with(&server, "/orders/guest", None, &[], &nth_guest(&menu, 1000)).await;
    let arrived = next_message(&mut board, Duration::from_secs(3)).await;
    assert_eq!(
        (&arrived["order"]["id"], &arrived["waiting"]),
        (&another["id"], &json!(248))
    );
    server.stop().await;
}

#[tokio::test]
async fn the_day_history_pages_newest_first_with_the_figures_of_the_whole_day() {
    let server = lunch_server_for_many().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let placed = place_all(&server, (0..25).map(|n| nth_guest(&menu, n)).collect()).await;
    for order in [&placed[3], &placed[17], &placed[24]] {
        answer(
            &server,
            &admin,
            order,
            "reject",
            json!({"reason": "Zu voll"}),
        )
        .await;
    }
    let kept: Vec<&Value> = placed
        .iter()
        .enumerate()
        .filter(|(n, _)| ![3, 17, 24].contains(n))
        .map(|(_, order)| order)
        .collect();
    let revenue: i64 = kept.iter().map(|order| cents(&order["total"])).sum();
    let mut newest_first = ids(&placed);
    newest_first.sort_unstable_by(|a, b| b.cmp(a));

    let base = "/admin/orders?date=2026-11-23&limit=10";
    let first = get_page(&server, &admin, base).await;
    let second_path = format!("{base}&before={}", first["next_before"]);
    let second = get_page(&server, &admin, &second_path).await;
    let third_path = format!("{base}&before={}", second["next_before"]);
    let third = get_page(&server, &admin, &third_path).await;
    let pages = [&first, &second, &third];
    assert_eq!(
        pages.map(|page| page["orders"].as_array().unwrap().len()),
        [10, 10, 5]
    );
    assert_eq!(third["next_before"], Value::Null, "the day's oldest order");
    let seen: Vec<u64> = pages.iter().flat_map(|page| page_ids(page)).collect();
    assert_eq!(seen, newest_first, "newest first, none twice, none missing");
    for page in pages {
        assert_eq!(page["date"], "2026-11-23");
        assert_eq!(page["count"], 22, "the whole day without the rejected");
        assert_eq!(cents(&page["revenue"]), revenue, "{}", page["revenue"]);
    }

    // Without a date: today, 100 to a page, so all of them and no next page.
    let today = get_page(&server, &admin, "/admin/orders").await;
    assert_eq!(page_ids(&today), newest_first);
    assert_eq!(
        (&today["next_before"], &today["count"]),
        (&Value::Null, &json!(22))
    );
    let (_, every) = day_history(&server, &admin, Some("2026-11-23")).await;
    assert_eq!(ids(&every), newest_first);
    // Another day has nothing, and the figures say so.
    let other = get_page(&server, &admin, "/admin/orders?date=2026-11-22").await;
    assert_eq!(
        (&other["orders"], &other["count"], &other["next_before"]),
        (&json!([]), &json!(0), &Value::Null)
    );
    server.stop().await;
}

/// What a summary shows of an order: the same values as the full order.
const SUMMARY_FIELDS: [&str; 9] = [
    "id",
    "number",
    "created_at",
    "status",
    "order_type",
    "payment_method",
    "payment_status",
    "total",
    "source",
];

#[tokio::test]
async fn the_day_summaries_page_like_the_history_and_show_its_orders_values() {
    let server = lunch_server_for_many().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let placed = place_all(&server, (0..25).map(|n| nth_guest(&menu, n)).collect()).await;
    answer(
        &server,
        &admin,
        &placed[4],
        "reject",
        json!({"reason": "Zu voll"}),
    )
    .await;
    answer(
        &server,
        &admin,
        &placed[9],
        "accept",
        json!({"minutes": 30}),
    )
    .await;

    let base = "/admin/orders/summaries?date=2026-11-23&limit=10";
    let first = get_page(&server, &admin, base).await;
    let second = get_page(
        &server,
        &admin,
        &format!("{base}&before={}", first["next_before"]),
    )
    .await;
    let third = get_page(
        &server,
        &admin,
        &format!("{base}&before={}", second["next_before"]),
    )
    .await;
    let pages = [&first, &second, &third];
    assert_eq!(
        pages.map(|page| page["orders"].as_array().unwrap().len()),
        [10, 10, 5]
    );
    assert_eq!(third["next_before"], Value::Null, "the day's oldest order");
    let (whole, every) = day_history(&server, &admin, Some("2026-11-23")).await;
    let summaries: Vec<&Value> = pages
        .iter()
        .flat_map(|page| page["orders"].as_array().unwrap())
        .collect();
    assert_eq!(summaries.len(), every.len());
    for (summary, order) in summaries.iter().zip(&every) {
        for field in SUMMARY_FIELDS {
            assert_eq!(summary[field], order[field], "{field} of {summary}");
        }
        let shown: HashSet<&str> = summary
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            shown,
            HashSet::from(SUMMARY_FIELDS),
            "nothing personal: {summary}"
        );
    }
    let statuses: HashSet<&str> = summaries
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        HashSet::from(["waiting_for_confirmation", "accepted", "rejected"])
    );
    for page in pages {
        assert_eq!(
            (&page["date"], &page["count"], &page["revenue"]),
            (&whole["date"], &json!(24), &whole["revenue"])
        );
    }
    // Without a date: today, 100 to a page.
    let today = get_page(&server, &admin, "/admin/orders/summaries").await;
    assert_eq!(page_ids(&today), ids(&every));
    assert_eq!(today["next_before"], Value::Null);
    server.stop().await;
}

#[tokio::test]
async fn a_bad_page_size_or_cursor_is_refused_naming_the_parameter() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    for (path, parameter) in [
        ("/admin/orders/open?limit=0", "limit"),
        ("/admin/orders/open?limit=201", "limit"),
        ("/admin/orders/open?limit=ten", "limit"),
        ("/admin/orders/open?after=abc", "after"),
        ("/admin/orders/open?after=-1", "after"),
        ("/admin/orders?limit=0", "limit"),
        ("/admin/orders?date=2026-11-23&limit=201", "limit"),
        ("/admin/orders?before=abc", "before"),
        ("/admin/orders/summaries?limit=0", "limit"),
        ("/admin/orders/summaries?limit=201", "limit"),
        ("/admin/orders/summaries?before=abc", "before"),
        ("/admin/orders/summaries?date=2026-13-01", "date"),
    ] {
        let (status, answer) = server.send("GET", path, Some(&admin), None).await;
        assert_eq!(status, 400, "{path}: {answer}");
        assert_eq!(answer["code"], "bad_request", "{path}: {answer}");
        let detail = answer["detail"].as_str().unwrap();
        assert!(
            detail.contains(&format!("`{parameter}`")),
            "{path}: {detail}"
        );
    }
    for path in [
        "/admin/orders/open?limit=1",
        "/admin/orders/open?limit=200",
        "/admin/orders?limit=200&before=1",
        "/admin/orders/summaries?limit=200&before=1",
    ] {
        let (status, answer) = server.send("GET", path, Some(&admin), None).await;
        assert_eq!(status, 200, "{path}: {answer}");
    }
    server.stop().await;
}
