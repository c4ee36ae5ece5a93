//! `/metrics`: the Prometheus text format, read strictly; the order counters after
//! real orders; requests counted under their route's template with a cumulative
//! histogram; and who may read it (this machine, or the token; never a forwarded
//! request without it).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::json;

use crate::support::TestServer;
use crate::support::ordering::{Menu, answer, guest_order, lunch_lines, lunch_server, post_with};

/// One sample line: name, labels, value.
#[derive(Debug, Clone, PartialEq)]
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// The exposition read strictly: every line is `# HELP name text`, `# TYPE name kind`
/// or `name{label="value",…} value`; every sample belongs to a family announced before
/// it with both HELP and TYPE (a histogram's samples end in `_bucket`, `_sum`,
/// `_count`); no family is announced twice. Panics naming the line otherwise.
fn parse(text: &str) -> (BTreeMap<String, String>, Vec<Sample>) {
    assert!(
        text.ends_with('\n'),
        "the exposition ends with a line break"
    );
    let mut helps = BTreeSet::new();
    let mut types: BTreeMap<String, String> = BTreeMap::new();
    let mut samples = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# HELP ") {
            let (name, help) = rest.split_once(' ').expect(line);
            assert!(valid_name(name) && !help.is_empty(), "{line}");
            assert!(helps.insert(name.to_string()), "HELP twice: {line}");
            continue;
        }
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').expect(line);
            assert!(valid_name(name), "{line}");
            assert!(helps.contains(name), "TYPE before its HELP: {line}");
            assert!(["counter", "gauge", "histogram"].contains(&kind), "{line}");
            assert!(
                types.insert(name.to_string(), kind.to_string()).is_none(),
                "TYPE twice: {line}"
            );
            continue;
        }
        assert!(!line.starts_with('#') && !line.is_empty(), "{line:?}");
        let sample = parse_sample(line);
        let family = types
            .keys()
            .find(|family| {
                sample.name == **family
                    || (types[*family] == "histogram"
                        && ["_bucket", "_sum", "_count"]
                            .iter()
                            .any(|suffix| sample.name == format!("{family}{suffix}")))
            })
            .unwrap_or_else(|| panic!("a sample of no announced family: {line}"));
        assert!(helps.contains(family), "{line}");
        if types[family] == "counter" {
            assert!(
                family.ends_with("_total"),
                "a counter's name ends in _total: {line}"
            );
        }
        samples.push(sample);
    }
    assert_eq!(helps.len(), types.len(), "every HELP has its TYPE");
    for name in types.keys() {
        assert!(name.starts_with("heimservice_"), "{name}");
    }
    (types, samples)
}

fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == ':')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
}

fn parse_sample(line: &str) -> Sample {
    let (head, value) = line.rsplit_once(' ').expect(line);
    let value = match value {
        "+Inf" => f64::INFINITY,
        "-Inf" => f64::NEG_INFINITY,
        number => number
            .parse::<f64>()
            .unwrap_or_else(|_| panic!("not a number: {line}")),
    };
    let (name, labels) = match head.split_once('{') {
        None => (head, BTreeMap::new()),
        Some((name, rest)) => {
            let body = rest.strip_suffix('}').expect(line);
            (name, parse_labels(body, line))
        }
    };
    assert!(valid_name(name), "{line}");
    Sample {
        name: name.to_string(),
        labels,
        value,
    }
}

/// `a="x",b="y\"z"`: names, quoted values with `\\`, `\"` and `\n` escapes.
fn parse_labels(body: &str, line: &str) -> BTreeMap<String, String> {
    let mut labels = BTreeMap::new();
    let mut rest = body;
    while !rest.is_empty() {
        let (name, after) = rest.split_once("=\"").expect(line);
        assert!(valid_name(name), "label name in {line}");
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            match chars.next().expect(line) {
                (_, '\\') => match chars.next().expect(line).1 {
                    '\\' => value.push('\\'),
                    '"' => value.push('"'),
                    'n' => value.push('\n'),
                    other => panic!("escape \\{other} in {line}"),
                },
                (index, '"') => break index,
                (_, c) => value.push(c),
            }
        };
        assert!(
            labels.insert(name.to_string(), value).is_none(),
            "label twice in {line}"
        );
        rest = &after[end + 1..];
        if let Some(next) = rest.strip_prefix(',') {
            rest = next;
        } else {
            assert!(rest.is_empty(), "{line}");
        }
    }
    labels
}

/// The value of the sample `name` with exactly `labels`.
fn value(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> f64 {
    let wanted: BTreeMap<String, String> = labels
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    samples
        .iter()
        .find(|sample| sample.name == name && sample.labels == wanted)
        .unwrap_or_else(|| panic!("no {name} {labels:?} in {samples:#?}"))
        .value
}

/// A guest's cash lunch order to 10115, placed.
async fn place_lunch(server: &TestServer, menu: &Menu) -> serde_json::Value {
    let body = guest_order(lunch_lines(menu), "10115");
    let (status, order) = post_with(server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    order
}

/// Scrapes every 100 ms, at most 50 times, until the sample `name` with `labels`
/// satisfies `done`; answers its last value.
async fn scrape_until(
    server: &TestServer,
    name: &str,
    labels: &[(&str, &str)],
    done: impl Fn(f64) -> bool,
) -> f64 {
    let mut last = f64::NAN;
    for _ in 0..50 {
        let (_, samples) = scrape(server).await;
        last = value(&samples, name, labels);
        if done(last) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    last
}

async fn scrape(server: &TestServer) -> (BTreeMap<String, String>, Vec<Sample>) {
    let response = server.get("/metrics").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    parse(&response.text().await.unwrap())
}

#[tokio::test]
async fn metrics_count_the_orders_and_each_route_under_its_template() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut orders = Vec::new();
    for _ in 0..3 {
        orders.push(place_lunch(&server, &menu).await);
    }
    answer(
        &server,
        &admin,
        &orders[0],
        "accept",
        json!({ "minutes": 30 }),
    )
    .await;
    answer(
        &server,
        &admin,
        &orders[1],
        "reject",
        json!({ "reason": "Zu voll" }),
    )
    .await;
    // A second answer to an answered order is refused: a 4xx of the same route.
    let path = format!("/admin/orders/{}/accept", orders[1]["id"]);
    let (status, _) = server
        .send("POST", &path, Some(&admin), Some(json!({ "minutes": 30 })))
        .await;
    assert_eq!(status, 409);
    // An id that is not a number is refused by the router's parsing: the same route.
    let (status, _) = server
        .send(
            "POST",
            "/admin/orders/zwölf/accept",
            Some(&admin),
            Some(json!({ "minutes": 30 })),
        )
        .await;
    assert_eq!(status, 400);
    let unknown = server.get("/no-such-route/42").await;
    assert_eq!(unknown.status(), 404);

    let (types, samples) = scrape(&server).await;
    let placed = "heimservice_orders_placed_total";
    assert_eq!(value(&samples, placed, &[("channel", "storefront")]), 3.0);
    assert_eq!(value(&samples, placed, &[("channel", "phone")]), 0.0);
    assert_eq!(
        value(&samples, "heimservice_orders_accepted_total", &[]),
        1.0
    );
    assert_eq!(
        value(&samples, "heimservice_orders_rejected_total", &[]),
        1.0
    );
    assert_eq!(
        value(
            &samples,
            "heimservice_orders_auto_rejected_total",
            &[("reason", "unanswered")]
        ),
        0.0
    );
    assert_eq!(
        value(&samples, "heimservice_orders_cancelled_total", &[]),
        0.0
    );
    assert_eq!(
        value(&samples, "heimservice_print_failures_total", &[]),
        0.0
    );
    assert_eq!(value(&samples, "heimservice_tse_failures_total", &[]), 0.0);
    for step in ["create", "capture", "refund"] {
        assert_eq!(
            value(
                &samples,
                "heimservice_payment_failures_total",
                &[("step", step)]
            ),
            0.0
        );
    }

    // Requests by template, never by raw path; the refused second answer and the
    // unparsable id are 4xx of the same template, an unknown path is `other`.
    let requests = "heimservice_http_requests_total";
    let accept = "/admin/orders/{id}/accept";
    assert_eq!(
        value(&samples, requests, &[("route", accept), ("status", "2xx")]),
        1.0
    );
    assert_eq!(
        value(&samples, requests, &[("route", accept), ("status", "4xx")]),
        2.0
    );
    assert_eq!(
        value(
            &samples,
            requests,
            &[("route", "/admin/orders/{id}/reject"), ("status", "2xx")]
        ),
        1.0
    );
    assert_eq!(
        value(
            &samples,
            requests,
            &[("route", "/orders/guest"), ("status", "2xx")]
        ),
        3.0
    );
    assert_eq!(
        value(
            &samples,
            requests,
            &[("route", "/products"), ("status", "2xx")]
        ),
        1.0,
        "the menu answered before routing counts under its route"
    );
    assert!(value(&samples, requests, &[("route", "other"), ("status", "4xx")]) >= 1.0);
    for sample in samples.iter().filter(|s| s.labels.contains_key("route")) {
        let route = &sample.labels["route"];
        assert!(
            route == "other" || !route.chars().any(|c| c.is_ascii_digit()),
            "a route label holds no id: {sample:?}"
        );
    }

    // The histogram: cumulative buckets ending in +Inf, which is `_count`, which is
    // the route's requests over all status classes.
    assert_eq!(
        types["heimservice_http_request_duration_seconds"],
        "histogram"
    );
    let histogram = "heimservice_http_request_duration_seconds";
    let routes: BTreeSet<&String> = samples
        .iter()
        .filter(|s| s.name == requests)
        .map(|s| &s.labels["route"])
        .collect();
    for route in routes {
        let requests_of_route: f64 = samples
            .iter()
            .filter(|s| s.name == requests && &s.labels["route"] == route)
            .map(|s| s.value)
            .sum();
        let buckets: Vec<(f64, f64)> = samples
            .iter()
            .filter(|s| s.name == format!("{histogram}_bucket") && &s.labels["route"] == route)
            .map(|s| {
                let le = &s.labels["le"];
                let bound = if le == "+Inf" {
                    f64::INFINITY
                } else {
                    le.parse().unwrap()
                };
                (bound, s.value)
            })
            .collect();
        assert_eq!(buckets.len(), 13, "{route}: twelve bounds and +Inf");
        for pair in buckets.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{route}: bounds ascend");
            assert!(pair[0].1 <= pair[1].1, "{route}: buckets are cumulative");
        }
        assert_eq!(buckets.last().unwrap(), &(f64::INFINITY, requests_of_route));
        let count = value(&samples, &format!("{histogram}_count"), &[("route", route)]);
        assert_eq!(
            count, requests_of_route,
            "{route}: _count is the request counter"
        );
        assert!(value(&samples, &format!("{histogram}_sum"), &[("route", route)]) >= 0.0);
    }

    assert!(value(&samples, "heimservice_database_size_bytes", &[]) > 0.0);
    assert!(value(&samples, "heimservice_resident_memory_bytes", &[]) > 0.0);
    assert!(value(&samples, "heimservice_uptime_seconds", &[]) > 0.0);
    assert_eq!(
        value(&samples, "heimservice_last_backup_age_seconds", &[]),
        f64::INFINITY,
        "no backup yet"
    );
    for kind in ["board", "order_status", "store_status"] {
        assert_eq!(
            value(
                &samples,
                "heimservice_websocket_connections",
                &[("kind", kind)]
            ),
            0.0
        );
    }

    // The scrape itself counts once it is answered.
    let (_, again) = scrape(&server).await;
    assert_eq!(
        value(
            &again,
            requests,
            &[("route", "/metrics"), ("status", "2xx")]
        ),
        1.0
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_sets_the_age_of_the_last_backup() {
    let server = TestServer::start().await;
    let (_, before) = scrape(&server).await;
    assert_eq!(
        value(&before, "heimservice_last_backup_age_seconds", &[]),
        f64::INFINITY
    );
    // `heimservice backup` while the shop is open: the server writes it.
    let dir = server.data_dir.path().display().to_string();
    let output = tokio::task::spawn_blocking(move || {
        crate::support::run_binary(&["backup", "--data-dir", &dir], &[])
    })
    .await
    .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (_, after) = scrape(&server).await;
    let age = value(&after, "heimservice_last_backup_age_seconds", &[]);
    assert!((0.0..60.0).contains(&age), "{age}");
    let data = server.stop().await;

    // `heimservice backup` while the shop is closed writes the file itself, and records
    // it too.
    std::fs::remove_file(data.path().join("last-backup")).unwrap();
    let dir = data.path().display().to_string();
    let output = crate::support::run_binary(&["backup", "--data-dir", &dir], &[]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let server = TestServer::builder().data_dir(data).start().await;
    let (_, reopened) = scrape(&server).await;
    let age = value(&reopened, "heimservice_last_backup_age_seconds", &[]);
    assert!((0.0..60.0).contains(&age), "{age}");
    server.stop().await;
}

#[tokio::test]
async fn a_forwarded_request_needs_the_token_even_from_a_trusted_proxy() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TRUSTED_PROXIES", "127.0.0.1")
        .env("HEIMSERVICE_METRICS_TOKEN", "scrape-secret-42")
        .start()
        .await;
    let get = |headers: &[(&str, &str)]| {
        let mut request = server.client.get(server.url("/metrics"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send()
    };
    // The proxy on this machine forwards a stranger, or claims loopback: refused.
    for forwarded in ["203.0.113.7", "127.0.0.1"] {
        let refused = get(&[("x-forwarded-for", forwarded)]).await.unwrap();
        assert_eq!(refused.status(), 403);
        let body: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(body["code"], "metrics_forbidden", "{body}");
    }
    for header in ["forwarded", "x-real-ip"] {
        let refused = get(&[(header, "for=127.0.0.1")]).await.unwrap();
        assert_eq!(refused.status(), 403, "{header}");
    }
    let wrong = get(&[
        ("x-forwarded-for", "203.0.113.7"),
        ("authorization", "Bearer scrape-secret-43"),
    ])
    .await
    .unwrap();
    assert_eq!(wrong.status(), 403);
    // With the token, from anywhere.
    let scraped = get(&[
        ("x-forwarded-for", "203.0.113.7"),
        ("authorization", "Bearer scrape-secret-42"),
    ])
    .await
    .unwrap();
    assert_eq!(scraped.status(), 200);
    let (_, samples) = parse(&scraped.text().await.unwrap());
    assert!(value(&samples, "heimservice_database_size_bytes", &[]) > 0.0);
    // This machine itself, not forwarded: no token needed.
    assert_eq!(get(&[]).await.unwrap().status(), 200);
    server.stop().await;
}

#[test]
fn the_strict_reader_refuses_what_prometheus_would() {
    let good = "# HELP heimservice_a_total A.\n# TYPE heimservice_a_total counter\nheimservice_a_total{x=\"1\\\"\"} 2\n";
    let (_, samples) = parse(good);
    assert_eq!(samples[0].labels["x"], "1\"");
    for bad in [
        // No HELP and TYPE.
        "heimservice_a_total 2\n",
        // A value that is not a number.
        "# HELP heimservice_a_total A.\n# TYPE heimservice_a_total counter\nheimservice_a_total x\n",
        // An unclosed label value.
        "# HELP heimservice_a_total A.\n# TYPE heimservice_a_total counter\nheimservice_a_total{x=\"1} 2\n",
    ] {
        let refused = std::panic::catch_unwind(|| parse(bad));
        assert!(refused.is_err(), "accepted: {bad}");
    }
}

#[tokio::test]
async fn open_sockets_are_counted_by_kind_while_they_are_open() {
    let server = TestServer::start().await;
    let sockets = "heimservice_websocket_connections";
    let mut first = crate::live_status::connect(&server, "/ws/store/14/status", None)
        .await
        .unwrap();
    let second = crate::live_status::connect(&server, "/ws/store/14/status", None)
        .await
        .unwrap();
    crate::live_status::next_message(&mut first, std::time::Duration::from_secs(5)).await;
    let (_, samples) = scrape(&server).await;
    assert_eq!(value(&samples, sockets, &[("kind", "store_status")]), 2.0);
    assert_eq!(value(&samples, sockets, &[("kind", "board")]), 0.0);
    assert_eq!(
        value(
            &samples,
            "heimservice_http_requests_total",
            &[("route", "/ws/store/{id}/status"), ("status", "1xx")]
        ),
        2.0,
        "an upgrade is answered 101"
    );
    drop(second);
    let open = scrape_until(&server, sockets, &[("kind", "store_status")], |open| {
        open == 1.0
    })
    .await;
    assert_eq!(open, 1.0, "a closed socket is no longer counted");
    server.stop().await;
}

#[tokio::test]
async fn a_printer_that_refuses_a_ticket_counts_as_a_print_failure() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let port = crate::support::printer_sink::PrinterSink::closed_port().await;
    let (status, printer) = server
        .send(
            "POST",
            "/admin/printers",
            Some(&admin),
            Some(json!({ "name": "Küche", "host": "127.0.0.1", "port": port })),
        )
        .await;
    assert_eq!(status, 201, "{printer}");
    let (_, before) = scrape(&server).await;
    assert_eq!(value(&before, "heimservice_print_failures_total", &[]), 0.0);
    let order = place_lunch(&server, &menu).await;
    answer(&server, &admin, &order, "accept", json!({ "minutes": 30 })).await;
    let failures = scrape_until(&server, "heimservice_print_failures_total", &[], |n| {
        n > 0.0
    })
    .await;
    assert_eq!(failures, 1.0, "the first try failed; the retry waits");
    server.stop().await;
}

#[tokio::test]
async fn failed_paypal_steps_are_counted_by_step() {
    use crate::support::fake_paypal::FakePaypal;
    use crate::support::paypal_checkout::{approved, online, paypal_server, place};

    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[]).await;
    let menu = Menu::load(&server).await;
    let body = online(&menu);
    // A declined capture, then PayPal unreachable while creating the order.
    let id = approved(&server, &fake, &body).await;
    fake.fail(json!({"endpoint": "capture", "status": 422, "issue": "INSTRUMENT_DECLINED"}))
        .await;
    assert_eq!(place(&server, &body, &id).await.0, 402);
    fake.fail(json!({"endpoint": "create", "status": 503}))
        .await;
    let (status, _) = post_with(&server, "/orders/guest/paypal", None, &[], &body).await;
    assert_eq!(status, 503);
    let (_, samples) = scrape(&server).await;
    let failures = "heimservice_payment_failures_total";
    assert_eq!(value(&samples, failures, &[("step", "capture")]), 1.0);
    assert_eq!(value(&samples, failures, &[("step", "create")]), 1.0);
    assert_eq!(value(&samples, failures, &[("step", "refund")]), 0.0);
    assert_eq!(
        value(
            &samples,
            "heimservice_orders_placed_total",
            &[("channel", "storefront")]
        ),
        0.0
    );
    server.stop().await;
}

#[tokio::test]
async fn a_tse_that_does_not_sign_counts_as_a_tse_failure() {
    use crate::support::fake_fiskaly::FakeFiskaly;
    use crate::tse_signing::{set_up, tse_shop};

    let fake = FakeFiskaly::start().await;
    let server = tse_shop(&fake).await;
    let admin = server.admin_token().await;
    set_up(&server, &admin).await;
    let (_, before) = scrape(&server).await;
    assert_eq!(value(&before, "heimservice_tse_failures_total", &[]), 0.0);

    // The TSE answers 503: the order is taken unsigned, and the failed step counts.
    fake.down("503").await;
    let menu = Menu::load(&server).await;
    place_lunch(&server, &menu).await;
    let failures = scrape_until(&server, "heimservice_tse_failures_total", &[], |n| n > 0.0).await;
    assert_eq!(failures, 1.0, "the order's start was not signed");
    server.stop().await;
}
