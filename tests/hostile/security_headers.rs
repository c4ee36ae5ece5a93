//! Every kind of answer carries the security headers, and no answer invites another
//! site's scripts to read it (no CORS). No answer allows inline styles: an HTML answer
//! allows only those with its own fresh nonce, which the page carries for PayPal's SDK
//! (and the menu page its inline script by a second nonce, `tests/menu_page.rs`).

use base64::Engine;
use poem::http::HeaderMap;

use crate::support::TestServer;
use crate::support::raw_http::{exchange_from, loopback};

/// Checks the headers of one answer; `what` names it in failures. Returns the style
/// nonce of an HTML answer, and checks that no other answer has one.
fn assert_secure(what: &str, headers: &HeaderMap) -> Option<String> {
    let csp = headers
        .get("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no Content-Security-Policy"))
        .to_str()
        .unwrap();
    assert!(
        !csp.contains("'unsafe-inline'") && !csp.contains("'unsafe-hashes'"),
        "{what}: {csp}"
    );
    let directive = |name: &str| {
        csp.split(';')
            .map(str::trim)
            .find(|d| d.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{what}: CSP lacks {name}: {csp}"))
            .to_string()
    };
    assert_eq!(directive("default-src"), "default-src 'self'", "{what}");
    assert_eq!(
        directive("frame-ancestors"),
        "frame-ancestors 'none'",
        "{what}"
    );
    assert_eq!(directive("object-src"), "object-src 'none'", "{what}");
    // What the PayPal JavaScript SDK needs, and no inline or eval'd script.
    let script = directive("script-src");
    for source in [
        "'self'",
        "https://*.paypal.com",
        "https://*.paypalobjects.com",
    ] {
        assert!(script.contains(source), "{what}: {script}");
    }
    assert!(!script.contains("'unsafe-inline'") && !script.contains("'unsafe-eval'"));
    assert!(
        directive("frame-src").contains("https://*.paypal.com"),
        "{what}"
    );
    assert!(
        directive("connect-src").contains("https://*.paypal.com"),
        "{what}"
    );
    let images = directive("img-src");
    assert!(images.contains("data:") && images.contains("https://*.paypalobjects.com"));
    let header = |name: &str| headers.get(name).map(|v| v.to_str().unwrap().to_string());
    assert_eq!(
        header("x-content-type-options").as_deref(),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(
        header("referrer-policy").as_deref(),
        Some("strict-origin-when-cross-origin"),
        "{what}"
    );
    assert_eq!(header("x-frame-options").as_deref(), Some("DENY"), "{what}");
    assert_eq!(
        header("cross-origin-opener-policy").as_deref(),
        Some("same-origin-allow-popups"),
        "{what}: plain same-origin would break PayPal's popup"
    );
    assert_eq!(
        header("cross-origin-embedder-policy"),
        None,
        "{what}: require-corp would block PayPal"
    );
    for name in [
        "access-control-allow-origin",
        "access-control-allow-credentials",
        "access-control-allow-methods",
        "access-control-allow-headers",
    ] {
        assert!(!headers.contains_key(name), "{what}: {name}");
    }
    let html = header("content-type").is_some_and(|value| value.starts_with("text/html"));
    let style = directive("style-src");
    if !html {
        assert_eq!(style, "style-src 'self'", "{what}");
        assert!(!csp.contains("'nonce-"), "{what}: {csp}");
        return None;
    }
    let nonce = style
        .strip_prefix("style-src 'self' 'nonce-")
        .and_then(|rest| rest.strip_suffix('\''))
        .unwrap_or_else(|| panic!("{what}: an HTML answer without its style nonce: {style}"));
    // 128 random bits at least, base64.
    let assert_random = |nonce: &str| {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(nonce)
            .unwrap_or_else(|error| panic!("{what}: the nonce {nonce} is not base64: {error}"));
        assert!(
            bytes.len() >= 16,
            "{what}: a nonce of {} bytes",
            bytes.len()
        );
    };
    assert_random(nonce);
    // The menu page's inline script is allowed by a nonce of its own (never the style
    // nonce, which the page shows in a meta element), and no script by any other.
    let script_nonces = script.matches("'nonce-").count();
    assert!(script_nonces <= 1, "{what}: {script}");
    if script_nonces == 1 {
        let own = script
            .rsplit("'nonce-")
            .next()
            .and_then(|rest| rest.strip_suffix('\''))
            .unwrap_or_else(|| panic!("{what}: {script}"));
        assert_ne!(own, nonce, "{what}: the style nonce allows no script");
        assert_random(own);
    }
    assert_eq!(
        csp.matches("'nonce-").count(),
        1 + script_nonces,
        "{what}: {csp}"
    );
    Some(nonce.to_string())
}

/// The nonce in the page's `<meta name="csp-nonce">`.
fn nonce_in_page(html: &str) -> Option<String> {
    const META: &str = "<meta name=\"csp-nonce\" content=\"";
    let start = html.find(META)? + META.len();
    let end = start + html[start..].find('"')?;
    Some(html[start..end].to_string())
}

/// What is asked (a name for failures, method, path, bearer token, an extra header)
/// and the status expected.
type Case<'a> = (
    &'a str,
    &'a str,
    String,
    Option<&'a str>,
    Option<(&'a str, &'a str)>,
    u16,
);

/// The hashed main script named by index.html.
async fn main_script(server: &TestServer) -> String {
    let html = server.get("/order-online/").await.text().await.unwrap();
    let start = html.find("src=\"./assets/").expect("a hashed script") + 7;
    let end = start + html[start..].find('"').unwrap();
    format!(
        "/order-online/{}",
        html[start..end].trim_start_matches("./")
    )
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_security_headers() {
    let server = TestServer::start().await;
    let customer = server.customer_token().await;
    let script = main_script(&server).await;
    let menu = server.get("/products/?store_id=14").await;
    let etag = menu.headers()["etag"].to_str().unwrap().to_string();
    let evil = "https://evil.example";
    let cases: Vec<Case> = vec![
        ("API JSON", "GET", "/stores/14".into(), None, None, 200),
        ("health", "GET", "/healthz".into(), None, None, 200),
        (
            "menu",
            "GET",
            "/products/?store_id=14".into(),
            None,
            None,
            200,
        ),
        (
            "menu unchanged (304)",
            "GET",
            "/products/?store_id=14".into(),
            None,
            Some(("if-none-match", etag.as_str())),
            304,
        ),
        (
            "OpenAPI document",
            "GET",
            "/openapi.json".into(),
            None,
            None,
            200,
        ),
        ("redirect to the shop", "GET", "/".into(), None, None, 307),
        (
            "index.html",
            "GET",
            "/order-online/".into(),
            None,
            None,
            200,
        ),
        (
            "client route",
            "GET",
            "/order-online/checkout".into(),
            None,
            None,
            200,
        ),
        ("hashed asset", "GET", script.clone(), None, None, 200),
        (
            "missing asset",
            "GET",
            "/order-online/assets/missing-1234.js".into(),
            None,
            None,
            404,
        ),
        (
            "unknown API path",
            "GET",
            "/no-such-api".into(),
            None,
            None,
            404,
        ),
        ("wrong method", "DELETE", "/healthz".into(), None, None, 405),
        (
            "bad parameter",
            "GET",
            "/stores/abc".into(),
            None,
            None,
            400,
        ),
        ("no token", "GET", "/users/me".into(), None, None, 401),
        (
            "customer on an admin route",
            "GET",
            "/admin/catalog".into(),
            Some(customer.as_str()),
            None,
            403,
        ),
        (
            "unknown order link",
            "GET",
            format!("/orders/track/{}", "ab".repeat(32)),
            None,
            None,
            404,
        ),
        (
            "socket from another site",
            "GET",
            "/ws/store/14/status".into(),
            None,
            Some(("origin", evil)),
            403,
        ),
        (
            "API call from another site",
            "GET",
            "/stores/14".into(),
            None,
            Some(("origin", evil)),
            200,
        ),
        (
            "CORS preflight from another site",
            "OPTIONS",
            "/login".into(),
            None,
            Some(("origin", evil)),
            405,
        ),
    ];
    for (what, method, path, token, extra, expected) in cases {
        let mut request = server
            .client
            .request(method.parse().unwrap(), server.url(&path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some((name, value)) = extra {
            request = request.header(name, value);
        }
        if path.starts_with("/ws/") {
            request = request
                .header("upgrade", "websocket")
                .header("connection", "Upgrade")
                .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")
                .header("sec-websocket-version", "13");
        }
        if method == "OPTIONS" {
            request = request
                .header("access-control-request-method", "POST")
                .header("access-control-request-headers", "authorization");
        }
        let response = request.send().await.unwrap();
        assert_eq!(
            response.status().as_u16(),
            expected,
            "{what}: {method} {path}"
        );
        let nonce = assert_secure(what, response.headers());
        let is_page = path.starts_with("/order-online/") && !path.contains("/assets/");
        assert_eq!(nonce.is_some(), is_page, "{what}: {method} {path}");
    }

    // Refusals made before any route runs: a body too large, a login throttled.
    let too_large = server
        .client
        .post(server.url("/support"))
        .header("content-type", "application/json")
        .header(
            "content-length",
            (heimservice::http::MAX_BODY_BYTES + 1).to_string(),
        )
        .body(vec![b' '; heimservice::http::MAX_BODY_BYTES + 1])
        .send()
        .await
        .unwrap();
    assert_eq!(too_large.status(), 413);
    assert_secure("413", too_large.headers());
    let mut throttled = None;
    for attempt in 0..12 {
        let response = server
            .client
            .post(server.url("/login"))
            .form(&[
                ("username", format!("x{attempt}@example.com")),
                ("password", "x".into()),
            ])
            .send()
            .await
            .unwrap();
        if response.status() == 429 {
            throttled = Some(response);
            break;
        }
    }
    let throttled = throttled.expect("a 429 within 12 bad logins");
    assert_secure("429", throttled.headers());
    server.stop().await;
}

#[tokio::test]
async fn every_page_carries_its_own_style_nonce_in_the_policy_and_the_page() {
    let server = TestServer::start().await;
    let mut seen = Vec::new();
    for path in [
        "/order-online/",
        "/order-online/",
        "/order-online/index.html",
        "/order-online/checkout",
        "/order-online/admin/home",
    ] {
        let response = server.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let in_header = assert_secure(path, response.headers())
            .unwrap_or_else(|| panic!("{path}: no style nonce in the policy"));
        let html = response.text().await.unwrap();
        assert_eq!(
            nonce_in_page(&html).as_deref(),
            Some(in_header.as_str()),
            "{path}: the page and its policy name the same nonce"
        );
        assert!(!seen.contains(&in_header), "{path}: a nonce used again");
        seen.push(in_header);
    }
    // HEAD answers like GET, with a nonce of its own.
    let head = server
        .client
        .head(server.url("/order-online/"))
        .send()
        .await
        .unwrap();
    let nonce = assert_secure("HEAD of the page", head.headers()).expect("a style nonce");
    assert!(!seen.contains(&nonce));
    // What is not a page needs no nonce and gets none.
    for path in [
        main_script(&server).await,
        "/order-online/favicon.svg".into(),
        "/order-online/sw.js".into(),
        "/stores/14".into(),
        "/openapi.json".into(),
    ] {
        let response = server.get(&path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(assert_secure(&path, response.headers()), None, "{path}");
    }
    server.stop().await;
}

#[tokio::test]
async fn the_over_the_cap_answer_carries_them_too() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_LIMITS_CONNECTIONS_PER_IP", "2")
        .start()
        .await;
    let _held = [
        crate::support::raw_http::connect_from(server.addr(), loopback(2)).await,
        crate::support::raw_http::connect_from(server.addr(), loopback(2)).await,
    ];
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let refused = exchange_from(
        server.addr(),
        loopback(2),
        &crate::support::raw_http::get_request("/healthz"),
        std::time::Duration::from_secs(3),
    )
    .await
    .expect("an answer");
    assert_eq!(refused.status, 503);
    let mut headers = HeaderMap::new();
    for (name, value) in &refused.headers {
        headers.append(
            poem::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
    }
    assert_secure("503 over the connection cap", &headers);
    server.stop().await;
}
