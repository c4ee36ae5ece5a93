//! The restaurant's customers: everyone who ordered, a registered customer by the
//! account and a guest by the phone number (online and phone orders alike), with the
//! orders not rejected and their total; the list a page at a time, whoever ordered last
//! first; found by name, phone or e-mail; the order search by number, name, phone or
//! dates; the caller lookup of the phone order form; and an erased customer found
//! nowhere any more.

use heimservice::shop::erasure::erase_due;
use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::*;

/// Gina's number as the guest form sends it; the phone order below types it the
/// international way.
const GINA_PHONE: &str = "030 555 1234";

fn guest_named(menu: &Menu, name: &str, phone: &str, email: &str) -> Value {
    let mut body = guest_order(lunch_lines(menu), "10115");
    body["shipping_address"]["customer_name"] = json!(name);
    body["shipping_address"]["phone"] = json!(phone);
    body["shipping_address"]["email"] = json!(email);
    body
}

async fn place_guest(server: &TestServer, body: &Value) -> Value {
    let (status, order) = post_with(server, "/orders/guest", None, &[], body).await;
    assert_eq!(status, 201, "{order}");
    order
}

/// GET `path` with `token`, which must answer 200.
async fn get_ok(server: &TestServer, path: &str, token: &str) -> Value {
    let (status, body) = server.send("GET", path, Some(token), None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// Every customer of `GET /admin/customers` (with `query`, e.g. `q=gina&`), following
/// the pages of `limit`.
async fn all_customers(server: &TestServer, token: &str, query: &str, limit: u32) -> Vec<Value> {
    let mut customers = Vec::new();
    let mut path = format!("/admin/customers?{query}limit={limit}");
    for _ in 0..100 {
        let page = get_ok(server, &path, token).await;
        let items = page["customers"].as_array().unwrap();
        assert!(items.len() <= limit as usize);
        customers.extend(items.iter().cloned());
        match page["next_after"].as_str() {
            Some(after) => {
                let after: String = url_encode(after);
                path = format!("/admin/customers?{query}limit={limit}&after={after}");
            }
            None => return customers,
        }
    }
    panic!("more than 100 pages");
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                (byte as char).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

fn names(customers: &[Value]) -> Vec<&str> {
    customers
        .iter()
        .map(|customer| customer["name"].as_str().unwrap())
        .collect()
}

fn ids(orders: &Value) -> Vec<u64> {
    orders["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|order| order["id"].as_u64().unwrap())
        .collect()
}

fn id(order: &Value) -> u64 {
    order["id"].as_u64().unwrap()
}

/// Gina ordered online twice (one rejected) and once by phone under the same number
/// written +49; Otto once; Karl (registered) once. Answers Gina's three orders, Otto's
/// and Karl's.
struct History {
    gina: Vec<Value>,
    otto: Value,
    karl: Value,
}

async fn history(server: &TestServer, admin: &str, customer: &str) -> History {
    let menu = Menu::load(server).await;
    let first = place_guest(
        server,
        &guest_named(&menu, "Gina Gast", GINA_PHONE, "gina@example.com"),
    )
    .await;
    deliver(server, admin, &first).await;
    let rejected = place_guest(
        server,
        &guest_named(&menu, "Gina Gast", GINA_PHONE, "gina@example.com"),
    )
    .await;
    answer(
        server,
        admin,
        &rejected,
        "reject",
        json!({"reason": "Zu viel los"}),
    )
    .await;
    let otto = place_guest(
        server,
        &guest_named(&menu, "Otto Jürgen Müller", "0170 999 888", ""),
    )
    .await;
    let mut by_phone = phone_body(&guest_named(&menu, "Gina G.", "+49 30 5551234", ""), 20);
    by_phone["order_type"] = json!("pickup");
    by_phone["customer"]["line1"] = json!("");
    by_phone["customer"]["zip"] = json!("");
    let (status, phone) =
        post_with(server, "/admin/phone-orders", Some(admin), &[], &by_phone).await;
    assert_eq!(status, 201, "{phone}");
    let address = save_address(server, customer, "Hinterhaus").await;
    let (status, karl) = post_with(
        server,
        "/orders/",
        Some(customer),
        &[],
        &saved_address_order(&menu, &address),
    )
    .await;
    assert_eq!(status, 201, "{karl}");
    History {
        gina: vec![first, rejected, phone],
        otto,
        karl,
    }
}

#[tokio::test]
async fn guests_are_one_customer_by_phone_with_their_orders_not_rejected_and_their_total() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let staff = server.staff_token().await;
    let customer = server.customer_token().await;
    let h = history(&server, &admin, &customer).await;

    // Staff see the list too: whoever ordered last first.
    let customers = all_customers(&server, &staff, "", 50).await;
    assert_eq!(
        names(&customers),
        ["Karl Kunde", "Gina G.", "Otto Jürgen Müller"]
    );
    let karl = &customers[0];
    assert_eq!(karl["registered"], true);
    assert_eq!(karl["last_order"]["id"], h.karl["id"]);
    assert_eq!(karl["address"]["notes"], "Hinterhaus");

    let gina = &customers[1];
    assert_eq!(gina["registered"], false);
    assert_eq!(gina["phone"], "+49305551234", "as the newest order has it");
    assert_eq!(
        gina["email"], "gina@example.com",
        "the newest order with one"
    );
    assert_eq!(
        (gina["orders"].as_u64(), gina["rejected"].as_u64()),
        (Some(2), Some(1))
    );
    let expected = cents(&h.gina[0]["total"]) + cents(&h.gina[2]["total"]);
    assert_eq!(
        cents(&gina["total"]),
        expected,
        "the rejected order is not in it"
    );
    assert_eq!(gina["last_order"]["id"], h.gina[2]["id"]);
    assert_eq!(gina["last_order"]["number"], h.gina[2]["number"]);
    assert_eq!(gina["last_order"]["business_date"], "2026-11-23");
    // The phone order was a pickup: the address is that of the last delivery.
    assert_eq!(gina["address"]["line1"], "Torstraße 5");
    assert_eq!(gina["address"]["zip"], "10115");

    // A page at a time, the same list.
    let paged = all_customers(&server, &staff, "", 1).await;
    assert_eq!(paged, customers);

    // One customer, and their orders a page at a time, newest first, rejected ones too.
    let gina_id = gina["id"].as_u64().unwrap();
    let one = get_ok(&server, &format!("/admin/customers/{gina_id}"), &staff).await;
    assert_eq!(&one, gina);
    let first = get_ok(
        &server,
        &format!("/admin/customers/{gina_id}/orders?limit=2"),
        &staff,
    )
    .await;
    assert_eq!(ids(&first), [id(&h.gina[2]), id(&h.gina[1])]);
    assert_eq!(first["orders"][1]["status"], "rejected");
    assert_eq!(first["orders"][0]["customer_name"], "Gina G.");
    assert_eq!(first["orders"][0]["source"], "phone");
    let before = first["next_before"].as_u64().unwrap();
    let second = get_ok(
        &server,
        &format!("/admin/customers/{gina_id}/orders?limit=2&before={before}"),
        &staff,
    )
    .await;
    assert_eq!(ids(&second), [id(&h.gina[0])]);
    assert!(second["next_before"].is_null());
    assert_eq!(h.otto["customer"]["customer_name"], "Otto Jürgen Müller");
    server.stop().await;
}

#[tokio::test]
async fn customers_are_found_by_name_phone_and_email() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let customer = server.customer_token().await;
    history(&server, &admin, &customer).await;
    let found = |query: &'static str| {
        let (server, admin) = (&server, &admin);
        async move {
            let query = format!("q={}&", url_encode(query));
            names(&all_customers(server, admin, &query, 50).await)
                .into_iter()
                .map(str::to_string)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(found("gina").await, ["Gina G."]);
    assert_eq!(found("G").await, ["Gina G."], "each customer once");
    assert_eq!(found("muller").await, ["Otto Jürgen Müller"]);
    assert_eq!(found("Jür Mül").await, ["Otto Jürgen Müller"], "every word");
    assert_eq!(found("otto gina").await, Vec::<String>::new());
    assert_eq!(found("0305").await, ["Gina G."]);
    assert_eq!(found("+49 30 555").await, ["Gina G."], "+49 is 0");
    assert_eq!(found("0170-999").await, ["Otto Jürgen Müller"]);
    assert_eq!(found("GINA@EX").await, ["Gina G."]);
    assert_eq!(found("Karl").await, ["Karl Kunde"]);
    assert_eq!(
        found("Kunde 030111").await,
        Vec::<String>::new(),
        "a name has no digits here"
    );
    assert_eq!(found("Zoe").await, Vec::<String>::new());
    // A blank search is the whole list.
    assert_eq!(found(" ").await.len(), 3);

    // A page at a time.
    let many = all_customers(&server, &admin, "q=0&", 1).await;
    assert_eq!(
        names(&many).len(),
        3,
        "every number begins with 0: {many:?}"
    );
    server.stop().await;
}

#[tokio::test]
async fn orders_are_found_by_number_name_phone_and_dates() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let staff = server.staff_token().await;
    let customer = server.customer_token().await;
    let h = history(&server, &admin, &customer).await;
    // A day later Gina orders again.
    advance_clock(&server, chrono::Duration::days(1));
    let menu = Menu::load(&server).await;
    let tuesday = place_guest(
        &server,
        &guest_named(&menu, "Gina Gast", GINA_PHONE, "gina@example.com"),
    )
    .await;
    assert_eq!(tuesday["number"], 1);

    let search = |query: String| {
        let (server, staff) = (&server, &staff);
        async move { get_ok(server, &format!("/admin/orders/search?{query}"), staff).await }
    };
    // By number: today's, or another day's.
    let found = search("number=1".into()).await;
    assert_eq!(ids(&found), [id(&tuesday)]);
    assert_eq!(found["orders"][0]["business_date"], "2026-11-24");
    let monday_third = search("number=3&date=2026-11-23".into()).await;
    assert_eq!(ids(&monday_third), [id(&h.otto)]);
    assert_eq!(
        monday_third["orders"][0]["customer_name"],
        "Otto Jürgen Müller"
    );
    assert!(monday_third["next_before"].is_null());
    assert_eq!(ids(&search("number=9".into()).await), Vec::<u64>::new());

    // By name or phone: the customer's orders, newest first, on any day or some.
    let gina_all = [id(&tuesday), id(&h.gina[2]), id(&h.gina[1]), id(&h.gina[0])];
    let by_name = search("q=gina".into()).await;
    assert_eq!(ids(&by_name), gina_all);
    assert_eq!(
        (
            by_name["customers"].as_u64(),
            by_name["more_customers"].as_bool()
        ),
        (Some(1), Some(false))
    );
    assert_eq!(ids(&search("q=030555".into()).await), gina_all);
    let monday = search("q=gina&from=2026-11-23&to=2026-11-23".into()).await;
    assert_eq!(ids(&monday), gina_all[1..]);
    let tuesday_only = search("q=0305551234&from=2026-11-24&to=2026-12-31".into()).await;
    assert_eq!(ids(&tuesday_only), [id(&tuesday)]);
    // Two customers' orders merged, a page at a time.
    let mut merged = Vec::new();
    let mut query = "q=0&limit=2".to_string();
    loop {
        let page = search(query.clone()).await;
        assert!(ids(&page).len() <= 2);
        merged.extend(ids(&page));
        match page["next_before"].as_u64() {
            Some(before) => query = format!("q=0&limit=2&before={before}"),
            None => break,
        }
    }
    let mut every = vec![
        id(&tuesday),
        id(&h.karl),
        id(&h.gina[2]),
        id(&h.otto),
        id(&h.gina[1]),
        id(&h.gina[0]),
    ];
    every.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(merged, every, "every number begins with 0");

    // By dates: every order of those days, a page at a time.
    let mut days = Vec::new();
    let mut query = "from=2026-11-22&to=2026-11-24&limit=4".to_string();
    loop {
        let page = search(query.clone()).await;
        days.extend(ids(&page));
        match page["next_before"].as_u64() {
            Some(before) => {
                query = format!("from=2026-11-22&to=2026-11-24&limit=4&before={before}")
            }
            None => break,
        }
    }
    assert_eq!(days, every);
    let monday_only = search("from=2026-11-23&to=2026-11-23".into()).await;
    assert_eq!(ids(&monday_only), every[1..]);
    assert_eq!(
        ids(&search("from=2026-11-25&to=2026-11-30".into()).await),
        Vec::<u64>::new()
    );
    server.stop().await;
}

#[tokio::test]
async fn a_search_that_cannot_be_answered_is_refused_with_its_code() {
    let server = lunch_server().await;
    let staff = server.staff_token().await;
    let long = "x".repeat(101);
    for (path, code, field) in [
        ("/admin/orders/search".to_string(), "invalid", "q"),
        ("/admin/orders/search?q=%20-%20".to_string(), "invalid", "q"),
        (
            format!("/admin/orders/search?q={long}"),
            "search_too_long",
            "q",
        ),
        (
            "/admin/orders/search?from=2026-11-24&to=2026-11-23".to_string(),
            "period_reversed",
            "to",
        ),
        (
            "/admin/orders/search?from=2026-01-01&to=2027-01-02".to_string(),
            "date_range_too_long",
            "to",
        ),
        (
            "/admin/orders/search?from=2026-11-24".to_string(),
            "invalid",
            "to",
        ),
        (
            "/admin/orders/search?to=2026-11-24".to_string(),
            "invalid",
            "from",
        ),
        (
            "/admin/orders/search?from=24.11.2026&to=2026-11-24".to_string(),
            "invalid",
            "from",
        ),
        (
            "/admin/orders/search?number=2&q=gina".to_string(),
            "invalid",
            "number",
        ),
        (
            "/admin/orders/search?date=2026-11-23&q=gina".to_string(),
            "invalid",
            "date",
        ),
        (format!("/admin/customers?q={long}"), "search_too_long", "q"),
        ("/admin/customers?after=x".to_string(), "invalid", "after"),
        (
            "/admin/customers?q=gina&after=7".to_string(),
            "invalid",
            "after",
        ),
        (
            "/admin/customers/callers?phone=03".to_string(),
            "invalid",
            "phone",
        ),
        (
            "/admin/customers/callers?phone=gina".to_string(),
            "invalid",
            "phone",
        ),
        (
            format!("/admin/customers/callers?phone={}", "1".repeat(101)),
            "search_too_long",
            "phone",
        ),
    ] {
        let (status, body) = server.send("GET", &path, Some(&staff), None).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(
            (body["code"].as_str(), body["field"].as_str()),
            (Some(code), Some(field)),
            "{path}: {body}"
        );
    }
    let (_, too_long) = server
        .send(
            "GET",
            "/admin/orders/search?from=2026-01-01&to=2027-01-02",
            Some(&staff),
            None,
        )
        .await;
    assert_eq!(too_long["params"]["max_days"], "366");
    let (_, long_text) = server
        .send(
            "GET",
            &format!("/admin/customers?q={long}"),
            Some(&staff),
            None,
        )
        .await;
    assert_eq!(long_text["params"]["max_chars"], "100");
    for path in ["/admin/customers/999999", "/admin/customers/999999/orders"] {
        let (status, body) = server.send("GET", path, Some(&staff), None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("customer_not_found")),
            "{path}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn the_caller_lookup_offers_the_last_address_and_the_last_order() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let staff = server.staff_token().await;
    let customer = server.customer_token().await;
    let h = history(&server, &admin, &customer).await;

    let callers = get_ok(&server, "/admin/customers/callers?phone=0305", &staff).await;
    let callers = callers.as_array().unwrap();
    assert_eq!(callers.len(), 1, "{callers:?}");
    let gina = &callers[0];
    assert_eq!(gina["customer"]["name"], "Gina G.");
    assert_eq!(gina["customer"]["address"]["line1"], "Torstraße 5");
    let last = &gina["last_order"];
    assert_eq!(last["id"], h.gina[2]["id"]);
    assert_eq!(last["order_type"], "pickup");
    assert_eq!(last["lines"], h.gina[2]["lines"]);
    // The international way finds the same caller, and every customer whose number
    // begins so (at most five).
    let same = get_ok(&server, "/admin/customers/callers?phone=%2B4930555", &staff).await;
    assert_eq!(same[0]["customer"]["id"], gina["customer"]["id"]);
    let zeros = get_ok(&server, "/admin/customers/callers?phone=0%201%207", &staff).await;
    assert_eq!(zeros.as_array().unwrap().len(), 1);
    assert_eq!(zeros[0]["customer"]["name"], "Otto Jürgen Müller");
    assert!(zeros[0]["customer"]["address"]["line1"].is_string());
    let nobody = get_ok(&server, "/admin/customers/callers?phone=0899", &staff).await;
    assert_eq!(nobody, json!([]));
    server.stop().await;
}

#[tokio::test]
async fn an_erased_customer_is_in_no_list_and_no_search() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let (status, _) = server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(json!({"name": "Rita Reich", "email": "rita@example.com",
                        "password": "rita-password-1", "phone": "030999"})),
        )
        .await;
    assert_eq!(status, 201);
    let rita = server.login("rita@example.com", "rita-password-1").await;
    let (_, address) = server
        .send(
            "POST",
            "/addresses/",
            Some(&rita),
            Some(json!({"customer_name": "Rita Reich", "line1": "Chausseestraße 8", "city": "Berlin",
                        "zip": "10115", "country": "DE", "phone": "030999", "email": "", "notes": ""})),
        )
        .await;
    let (status, ritas) = post_with(
        &server,
        "/orders/",
        Some(&rita),
        &[],
        &saved_address_order(&menu, &address),
    )
    .await;
    assert_eq!(status, 201, "{ritas}");
    deliver(&server, &admin, &ritas).await;
    let guest = place_guest(
        &server,
        &guest_named(&menu, "Gina Gast", GINA_PHONE, "gina@example.com"),
    )
    .await;
    deliver(&server, &admin, &guest).await;
    let customers = all_customers(&server, &admin, "", 50).await;
    assert_eq!(names(&customers), ["Gina Gast", "Rita Reich"]);
    let rita_id = customers[1]["id"].as_u64().unwrap();

    // Rita deletes her account.
    let (status, body) = server
        .send(
            "DELETE",
            "/users/me",
            Some(&rita),
            Some(json!({"password": "rita-password-1"})),
        )
        .await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(
        names(&all_customers(&server, &admin, "", 50).await),
        ["Gina Gast"]
    );
    assert_eq!(
        all_customers(&server, &admin, "q=rita&", 50).await,
        Vec::<Value>::new()
    );
    assert_eq!(
        all_customers(&server, &admin, "q=030999&", 50).await,
        Vec::<Value>::new()
    );
    let callers = get_ok(&server, "/admin/customers/callers?phone=030999", &admin).await;
    assert_eq!(callers, json!([]));
    let (status, _) = server
        .send(
            "GET",
            &format!("/admin/customers/{rita_id}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, 404);
    let by_name = get_ok(&server, "/admin/orders/search?q=rita", &admin).await;
    assert_eq!(ids(&by_name), Vec::<u64>::new());
    // The order itself stays, without her name.
    let by_number = get_ok(&server, "/admin/orders/search?number=1", &admin).await;
    assert_eq!(ids(&by_number), [id(&ritas)]);
    assert_eq!(by_number["orders"][0]["anonymised"], true);
    assert_eq!(by_number["orders"][0]["customer_name"], "anonymised");

    // The guest's data is erased after 90 days: so is the customer.
    let later =
        LUNCHTIME.parse::<chrono::DateTime<chrono::Utc>>().unwrap() + chrono::Duration::days(91);
    let erased = erase_due(server.db(), later, 90, || false).await.unwrap();
    assert_eq!(erased.orders, 1);
    assert_eq!(
        all_customers(&server, &admin, "", 50).await,
        Vec::<Value>::new()
    );
    assert_eq!(
        all_customers(&server, &admin, "q=gina&", 50).await,
        Vec::<Value>::new()
    );
    let by_phone = get_ok(&server, "/admin/orders/search?q=0305551234", &admin).await;
    assert_eq!(ids(&by_phone), Vec::<u64>::new());
    let callers = get_ok(&server, "/admin/customers/callers?phone=0305", &admin).await;
    assert_eq!(callers, json!([]));
    server.stop().await;
}
