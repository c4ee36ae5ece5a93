//! Every operation of the served OpenAPI document × {anonymous, customer A, customer B,
//! staff, owner}. The rows are in `matrix_rows`; an operation without a row (a new route) or
//! a row without an operation (a removed one) fails the test. Routes outside the
//! document (storefront files, the document itself) are listed there too.

use std::collections::BTreeSet;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use super::matrix_rows::{Check, Expect, Fixtures, IDENTITIES, Row, non_api_routes, rows};
use crate::live_status::connect;
use crate::support::TestServer;
use crate::support::ordering::{Menu, guest_order, lunch_lines, lunch_server, post_with};

/// A lunchtime shop with an owner, a member of staff, customers A and B, two addresses
/// and an order of A's, and a guest's order.
async fn shop() -> (TestServer, Fixtures, [Option<String>; 5]) {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let staff = server.staff_token().await;
    let mut customers = Vec::new();
    for email in ["anna@example.com", "bernd@example.com"] {
        server
            .create_account(
                email,
                "pizza-pass-123",
                heimservice::domain::user::Role::Customer,
            )
            .await;
        customers.push(server.login(email, "pizza-pass-123").await);
    }
    let (a, b) = (customers[0].clone(), customers[1].clone());
    let mut addresses = Vec::new();
    for line1 in ["Invalidenstraße 1", "Torstraße 9"] {
        let (status, address) = server
            .send(
                "POST",
                "/addresses/",
                Some(&a),
                Some(json!({"customer_name": "Anna A", "line1": line1, "city": "Berlin",
                            "zip": "10115", "country": "DE", "phone": "030111", "email": "", "notes": ""})),
            )
            .await;
        assert_eq!(status, 201, "{address}");
        addresses.push(address["id"].as_u64().unwrap());
    }
    let menu = Menu::load(&server).await;
    let body = json!({
        "order_type": "delivery", "lines": lunch_lines(&menu), "address_id": addresses[0],
        "payment_method": "cash", "preorder_at": null, "note": ""
    });
    let (status, order) = post_with(&server, "/orders/", Some(&a), &[], &body).await;
    assert_eq!(status, 201, "{order}");
    let (status, guest) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    assert_eq!(status, 201, "{guest}");
    let fixtures = Fixtures {
        a_address: addresses[0],
        a_spare_address: addresses[1],
        a_order: order["id"].as_u64().unwrap(),
        guest_token: guest["token"].as_str().unwrap().to_string(),
    };
    (
        server,
        fixtures,
        [None, Some(a), Some(b), Some(staff), Some(admin)],
    )
}

/// A page with its style nonce (random, fresh in every answer) emptied; other bodies as
/// they are.
fn without_style_nonce(body: &[u8]) -> Vec<u8> {
    const META: &[u8] = b"<meta name=\"csp-nonce\" content=\"";
    let Some(start) = body
        .windows(META.len())
        .position(|window| window == META)
        .map(|at| at + META.len())
    else {
        return body.to_vec();
    };
    let end = body[start..]
        .iter()
        .position(|&byte| byte == b'"')
        .map_or(body.len(), |length| start + length);
    // The menu page also has it on its inline style, and a script nonce on its script.
    let nonce = String::from_utf8_lossy(&body[start..end]).into_owned();
    let page = String::from_utf8_lossy(body).replace(&nonce, "");
    let mut out = String::with_capacity(page.len());
    let mut rest = page.as_str();
    while let Some(at) = rest.find("nonce=\"") {
        let value = at + "nonce=\"".len();
        out.push_str(&rest[..value]);
        rest = rest[value..]
            .find('"')
            .map_or("", |end| &rest[value + end..]);
    }
    out.push_str(rest);
    out.into_bytes()
}

/// `(METHOD, /path/{param})` of every operation in the served document.
async fn documented_operations(server: &TestServer) -> BTreeSet<(String, String)> {
    let (status, document) = server.get_json("/openapi.json").await;
    assert_eq!(status, 200);
    let mut operations = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            operations.insert((method.to_uppercase(), path.clone()));
        }
    }
    operations
}

async fn http_status(server: &TestServer, row: &Row, token: Option<&str>) -> u16 {
    let mut request = server
        .client
        .request(row.method.parse().unwrap(), server.url(&row.path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if matches!(row.method, "POST" | "PUT") {
        request = request.json(&json!({}));
    }
    request.send().await.unwrap().status().as_u16()
}

/// What a socket says first, after the board's sign-in message when `sign_in`.
async fn socket_outcome(
    server: &TestServer,
    path: &str,
    token: Option<&str>,
    sign_in: bool,
) -> String {
    let Ok(mut socket) = connect(server, path, None).await else {
        return "refused".into();
    };
    if sign_in {
        let message = json!({ "token": token.unwrap_or("") }).to_string();
        socket.send(Message::Text(message.into())).await.unwrap();
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    loop {
        let next = tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("a message in time");
        match next {
            Some(Ok(Message::Text(text))) => {
                let value: Value = serde_json::from_str(&text).unwrap();
                let kind = value["type"].as_str().map(str::to_string);
                return kind.unwrap_or_else(|| {
                    if value["error"].is_null() {
                        "status"
                    } else {
                        "error"
                    }
                    .to_string()
                });
            }
            Some(Ok(_)) => continue,
            _ => return "closed".into(),
        }
    }
}

#[tokio::test]
async fn every_route_answers_each_kind_of_caller_as_it_should() {
    let (server, fixtures, tokens) = shop().await;
    let rows = rows(&fixtures);

    let documented = documented_operations(&server).await;
    let covered: BTreeSet<(String, String)> = rows
        .iter()
        .map(|row| (row.method.to_string(), row.template.to_string()))
        .collect();
    let missing: Vec<_> = documented.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "operations without a matrix row: {missing:?}"
    );
    let stale: Vec<_> = covered.difference(&documented).collect();
    assert!(
        stale.is_empty(),
        "matrix rows for operations that no longer exist: {stale:?}"
    );

    let mut failures = Vec::new();
    let mut checks = 0;
    for row in &rows {
        // Customer A, whose records these are, goes last, so that a deletion of A's does not change
        // what the others see.
        let mut outcomes: [String; 5] = Default::default();
        for who in [0, 2, 3, 4, 1] {
            let token = tokens[who].as_deref();
            outcomes[who] = match &row.check {
                Check::Http(_) => http_status(&server, row, token).await.to_string(),
                Check::Socket { sign_in, .. } => {
                    socket_outcome(&server, &row.path, token, *sign_in).await
                }
            };
            checks += 1;
        }
        println!("{:<7} {:<45} {}", row.method, row.path, outcomes.join(" "));
        match &row.check {
            Check::Http(expected) => {
                for who in 0..IDENTITIES.len() {
                    let status: u16 = outcomes[who].parse().unwrap();
                    let fine = match expected[who] {
                        Expect::Ok => (200..300).contains(&status),
                        Expect::Unauthorized => status == 401,
                        Expect::Forbidden => status == 403,
                        Expect::NotFound => status == 404,
                        Expect::PastAuth => !matches!(status, 401 | 403) && status < 500,
                        Expect::SameForAll => {
                            !matches!(status, 401 | 403)
                                && status < 500
                                && outcomes[who] == outcomes[0]
                        }
                    };
                    if !fine {
                        failures.push(format!(
                            "{} {} as {}: {status}, expected {:?}",
                            row.method, row.path, IDENTITIES[who], expected[who]
                        ));
                    }
                }
            }
            Check::Socket { expected, .. } => {
                for who in 0..IDENTITIES.len() {
                    if outcomes[who] != expected[who] {
                        failures.push(format!(
                            "socket {} as {}: {}, expected {}",
                            row.path, IDENTITIES[who], outcomes[who], expected[who]
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );

    // Lists show each customer only their own.
    let [_, a, b, staff, admin] = &tokens;
    for (list, own) in [
        ("/orders/", vec![fixtures.a_order]),
        ("/addresses/", vec![fixtures.a_address]),
    ] {
        let (_, of_a) = server.send("GET", list, a.as_deref(), None).await;
        let ids = |value: &Value| -> Vec<u64> {
            value
                .as_array()
                .unwrap()
                .iter()
                .map(|item| item["id"].as_u64().unwrap())
                .collect()
        };
        assert!(
            own.iter().all(|id| ids(&of_a).contains(id)),
            "{list} of A: {of_a}"
        );
        for (who, token) in [("B", b), ("staff", staff), ("owner", admin)] {
            let (_, theirs) = server.send("GET", list, token.as_deref(), None).await;
            assert!(
                own.iter().all(|id| !ids(&theirs).contains(id)),
                "{list} of {who} shows A's: {theirs}"
            );
        }
    }

    // Routes outside the document: the same page for everyone, nothing personal in it.
    let mut pages = 0;
    for (path, status) in non_api_routes(&server, &fixtures).await {
        let mut bodies = Vec::new();
        for token in &tokens {
            let mut request = server.client.get(server.url(&path));
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            let response = request.send().await.unwrap();
            assert_eq!(response.status().as_u16(), status, "{path}");
            bodies.push(without_style_nonce(&response.bytes().await.unwrap()));
            checks += 1;
        }
        assert!(
            bodies.iter().all(|body| body == &bodies[0]),
            "{path} differs by caller"
        );
        pages += 1;
    }
    println!(
        "authorization matrix: {} operations in {} rows and {pages} other routes × {} callers = {checks} checks",
        documented.len(),
        rows.len(),
        IDENTITIES.len()
    );
    server.stop().await;
}
