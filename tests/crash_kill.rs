//! `kill -9` while orders are being placed: the real binary takes guest orders from
//! several clients at once and is killed at a random moment, then started again. Every
//! order that was answered with a 2xx must be there with exactly the answered content,
//! ids and numbers never repeat, and the database opens without redb's full repair (its
//! open time is reported).
//! Requests cut off by the kill are retried with their Idempotency-Key after the
//! restart and must not make a second order.
//!
//! `KILL_TEST_RUNS` sets the number of kills (default 20), `KILL_TEST_SEED` replays a
//! run (the seed is printed).

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::logged_server::{LoggedServer, OpenedLog};
use crate::support::ordering::{LUNCHTIME, Menu, guest_address, line};
use crate::support::run_binary;

const CLIENTS: usize = 6;
const DEFAULT_RUNS: usize = 20;
/// The kill comes this long (at most) after the run's first answered order.
const MAX_KILL_DELAY_MS: u64 = 300;
const ADMIN_EMAIL: &str = "admin@example.com";
const ADMIN_PASSWORD: &str = "admin-password-1";
/// Fields only the admin view has.
const ADMIN_ONLY: [&str; 6] = [
    "user_id",
    "paypal_order_id",
    "capture_id",
    "refund_id",
    "refund_error",
    "auto_reject_at",
];

/// splitmix64: a seeded generator is all the test needs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().map(|value| {
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a number"))
    })
}

/// An order request and the key that makes a retry of it safe.
#[derive(Clone)]
struct Request {
    key: String,
    body: Value,
}

/// Guest orders that differ in type, quantities and note, so a mix-up shows.
fn request(menu: &Menu, run: usize, client: usize, seq: usize) -> Request {
    let cola = menu.variant("Coca-Cola", "0,33 l");
    // At least three (17,70 €): delivery to 10115 has a 12 € minimum, and a refused
    // order would fail the run.
    let mut lines = vec![line(menu.id("Bruschetta"), 3 + (seq % 3) as i64)];
    if seq.is_multiple_of(2) {
        lines.push(
            json!({ "product_id": menu.id("Coca-Cola"), "variant_id": cola,
                           "extras": [], "quantity": 1 + (client % 2) }),
        );
    }
    let order_type = if seq % 4 == 3 { "pickup" } else { "delivery" };
    Request {
        key: format!("kill-{run}-{client}-{seq}"),
        body: json!({
            "order_type": order_type, "lines": lines, "shipping_address": guest_address("10115"),
            "payment_method": "cash", "preorder_at": null,
            "note": format!("run {run}, client {client}, order {seq}")
        }),
    }
}

enum Sent {
    /// 2xx: the order as answered; 200 when an earlier request with the key made it.
    Answered(u16, Value),
    /// No answer (the server was killed): it may or may not be stored.
    CutOff,
    /// Any other answer: the test fails with it.
    Refused(String),
}

async fn send(client: &reqwest::Client, base: &str, request: &Request) -> Sent {
    let response = client
        .post(format!("{base}/orders/guest"))
        .header("Idempotency-Key", &request.key)
        .json(&request.body)
        .send()
        .await;
    let Ok(response) = response else {
        return Sent::CutOff;
    };
    let status = response.status().as_u16();
    let Ok(text) = response.text().await else {
        return Sent::CutOff;
    };
    if status != 200 && status != 201 {
        return Sent::Refused(format!("order {} answered {status}: {text}", request.key));
    }
    Sent::Answered(status, serde_json::from_str(&text).unwrap())
}

/// What the clients of one run saw.
#[derive(Default)]
struct Seen {
    answered: Vec<Value>,
    cut_off: Vec<Request>,
    refused: Option<String>,
}

/// Places orders from `CLIENTS` clients until the server stops answering.
async fn place_until_killed(
    http: &reqwest::Client,
    base: &str,
    menu: &Arc<Menu>,
    run: usize,
    answered_count: &Arc<AtomicUsize>,
) -> Vec<tokio::task::JoinHandle<Seen>> {
    (0..CLIENTS)
        .map(|client| {
            let (http, base, menu) = (http.clone(), base.to_string(), Arc::clone(menu));
            let answered_count = Arc::clone(answered_count);
            tokio::spawn(async move {
                let mut seen = Seen::default();
                for seq in 0.. {
                    let request = request(&menu, run, client, seq);
                    match send(&http, &base, &request).await {
                        Sent::Answered(_, order) => {
                            seen.answered.push(order);
                            answered_count.fetch_add(1, Ordering::SeqCst);
                        }
                        Sent::CutOff => {
                            seen.cut_off.push(request);
                            break;
                        }
                        Sent::Refused(answer) => {
                            seen.refused = Some(answer);
                            break;
                        }
                    }
                }
                seen
            })
        })
        .collect()
}

async fn admin_token(http: &reqwest::Client, base: &str) -> String {
    let response = http
        .post(format!("{base}/login"))
        .form(&[("username", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["access_token"].as_str().unwrap().to_string()
}

/// The order as its customer sees it: without the restaurant's fields, and without
/// who of the restaurant took each step (the customer's history says `by: null`).
fn customer_view(mut admin_view: Value) -> Value {
    for field in ADMIN_ONLY {
        admin_view.as_object_mut().unwrap().remove(field);
    }
    for change in admin_view["history"].as_array_mut().unwrap() {
        change["by"] = Value::Null;
    }
    admin_view
}

/// Every stored order of the day, following the pages of `GET /admin/orders`.
async fn day_orders(http: &reqwest::Client, base: &str, admin: &str) -> Vec<Value> {
    let first = format!("{base}/admin/orders?date=2026-11-23&limit=200");
    let mut url = first.clone();
    let mut orders = Vec::new();
    for _ in 0..1_000 {
        let response = http.get(&url).bearer_auth(admin).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let day: Value = response.json().await.unwrap();
        orders.extend(day["orders"].as_array().unwrap().iter().cloned());
        match day["next_before"].as_u64() {
            Some(before) => url = format!("{first}&before={before}"),
            None => return orders,
        }
    }
    panic!("more than 1,000 pages of orders");
}

/// Checks the stored orders against every answered one; returns how many are stored.
async fn verify(
    http: &reqwest::Client,
    base: &str,
    admin: &str,
    answered: &BTreeMap<u64, Value>,
) -> usize {
    let stored = day_orders(http, base, admin).await;
    let mut ids = HashSet::new();
    let mut numbers = HashSet::new();
    let mut tokens = HashSet::new();
    let mut notes = HashSet::new();
    let mut by_id = BTreeMap::new();
    for order in &stored {
        let id = order["id"].as_u64().unwrap();
        assert!(ids.insert(id), "id {id} twice");
        let number = order["number"].as_u64().unwrap();
        assert!(numbers.insert(number), "number {number} twice");
        assert!(tokens.insert(order["token"].to_string()), "a token twice");
        // Each request has its own note: a retried request stored twice shows here.
        assert!(
            notes.insert(order["note"].to_string()),
            "{} twice",
            order["note"]
        );
        by_id.insert(id, order.clone());
    }
    let count = stored.len() as u64;
    assert!(
        ids.iter().all(|id| (1..=count).contains(id)),
        "ids 1..={count} without gaps"
    );
    assert!(
        numbers.iter().all(|n| (1..=count).contains(n)),
        "numbers 1..={count} without gaps"
    );
    for (id, order) in answered {
        let stored = by_id
            .get(id)
            .unwrap_or_else(|| panic!("order {id} was answered with 2xx but is gone: {order}"));
        assert_eq!(
            &customer_view(stored.clone()),
            order,
            "order {id} differs from its answer"
        );
    }
    stored.len()
}

fn median(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_answered_before_a_kill_9_survive_it_exactly() {
    let runs = env_number("KILL_TEST_RUNS").map_or(DEFAULT_RUNS, |n| n as usize);
    let seed = env_number("KILL_TEST_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
    });
    println!("kill test: {runs} kills, KILL_TEST_SEED={seed}");
    let mut rng = Rng(seed);
    let started = Instant::now();
    let data = tempfile::tempdir().unwrap();
    let data_dir = data.path().to_str().unwrap().to_string();
    let created = run_binary(
        &[
            "admin",
            "create",
            "--email",
            ADMIN_EMAIL,
            "--data-dir",
            &data_dir,
        ],
        &[("HEIMSERVICE_ADMIN_PASSWORD", ADMIN_PASSWORD)],
    );
    assert!(created.status.success(), "{created:?}");
    let env = [
        ("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME),
        ("HEIMSERVICE_ORDERS_AUTO_REJECT_SECONDS", "86400"),
    ];
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap();

    let mut answered: BTreeMap<u64, Value> = BTreeMap::new();
    let mut cut_off: Vec<Request> = Vec::new();
    let mut reopened: Vec<OpenedLog> = Vec::new();
    // Cut-off requests that had been stored before the kill, and those that had not.
    let (mut stored_before_kill, mut placed_on_retry) = (0, 0);
    let mut stored = 0;
    let mut clean_open_ms = 0;
    let mut admin = None;
    let mut menu = None;
    for run in 0..=runs {
        let server = LoggedServer::start(data.path(), &env);
        if run == 0 {
            assert!(
                !server.opened.repaired,
                "the first start follows a clean close"
            );
            clean_open_ms = server.opened.open_ms;
        } else {
            reopened.push(server.opened);
        }
        let base = server.base.clone();
        let admin = match &admin {
            Some(token) => String::clone(token),
            None => admin.insert(admin_token(&http, &base).await).clone(),
        };
        let menu = match &menu {
            Some(menu) => Arc::clone(menu),
            None => {
                let products: Value = http
                    .get(format!("{base}/products/?store_id=14"))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                menu.insert(Arc::new(Menu(products.as_array().unwrap().clone())))
                    .clone()
            }
        };
        verify(&http, &base, &admin, &answered).await;
        // The cut-off requests again: each makes its order at most once.
        for request in cut_off.drain(..) {
            match send(&http, &base, &request).await {
                Sent::Answered(status, order) => {
                    let id = order["id"].as_u64().unwrap();
                    assert!(
                        answered.insert(id, order).is_none(),
                        "retry {} answered with another order's id {id}",
                        request.key
                    );
                    if status == 200 {
                        stored_before_kill += 1;
                    } else {
                        placed_on_retry += 1;
                    }
                }
                Sent::CutOff => panic!("the restarted server did not answer {}", request.key),
                Sent::Refused(answer) => {
                    panic!(
                        "{answer}; server log: {:?}",
                        server.problems.lock().unwrap()
                    )
                }
            }
        }
        stored = verify(&http, &base, &admin, &answered).await;
        if run == runs {
            break;
        }

        let answered_now = Arc::new(AtomicUsize::new(0));
        let clients = place_until_killed(&http, &base, &menu, run, &answered_now).await;
        let deadline = Instant::now() + Duration::from_secs(20);
        while answered_now.load(Ordering::SeqCst) == 0 {
            assert!(Instant::now() < deadline, "no order answered in run {run}");
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        // The random moment of the kill, while the clients keep ordering.
        tokio::time::sleep(Duration::from_millis(rng.below(MAX_KILL_DELAY_MS + 1))).await;
        let problems = Arc::clone(&server.problems);
        server.kill();
        for client in clients {
            let seen = client.await.unwrap();
            if let Some(answer) = seen.refused {
                panic!("{answer}; server log: {:?}", problems.lock().unwrap());
            }
            for order in seen.answered {
                let id = order["id"].as_u64().unwrap();
                assert!(
                    answered.insert(id, order).is_none(),
                    "two answers with id {id}"
                );
            }
            cut_off.extend(seen.cut_off);
        }
        let problems = problems.lock().unwrap();
        assert!(
            problems.is_empty(),
            "run {run}: the server logged {problems:?}"
        );
    }

    let repaired = reopened.iter().filter(|opened| opened.repaired).count();
    let mut open_ms: Vec<u64> = reopened.iter().map(|opened| opened.open_ms).collect();
    let max_ms = open_ms.iter().copied().max().unwrap_or(0);
    println!(
        "kill test: {runs} kills survived in {:.1} s; {} answered orders checked, {stored} stored",
        started.elapsed().as_secs_f64(),
        answered.len(),
    );
    println!(
        "kill test: of the requests cut off by a kill, {stored_before_kill} had been stored \
         (200 on retry), {placed_on_retry} had not (201)"
    );
    println!(
        "kill test: repaired on {repaired} of {} restarts; open time median {} ms, max {max_ms} ms \
         (clean open at the first start: {clean_open_ms} ms)",
        reopened.len(),
        median(&mut open_ms),
    );
    assert_eq!(reopened.len(), runs);
    // Every commit records redb's allocator state (quick repair), so no restart after a
    // kill walks the whole file: the next open loads that state.
    assert_eq!(
        repaired, 0,
        "a restart after a kill needed redb's full repair, whose time grows with the file"
    );
}
