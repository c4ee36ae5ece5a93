//! The menu page paints its first screen from the page alone: the server writes the
//! screen into `#root`, the style sheet is inside the page, and a small script starts
//! the app once the first screen's photo is in. The style carries the answer's style
//! nonce; the script a script nonce of its own, which only the menu page's policy has
//! and the page shows nowhere else. The other storefront pages are the built
//! `index.html` as before.

use std::time::Duration;

use serde_json::json;

use crate::support::TestServer;
use crate::support::raw_http::{exchange_from, get_request, loopback};

struct Page {
    csp: String,
    html: String,
}

async fn page(server: &TestServer, path: &str) -> Page {
    let response = server.client.get(server.url(path)).send().await.unwrap();
    assert_eq!(response.status(), 200, "{path}");
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    let html = response.text().await.unwrap();
    Page { csp, html }
}

/// The sources of one directive of the policy.
fn directive<'a>(csp: &'a str, name: &str) -> &'a str {
    csp.split(';')
        .map(str::trim)
        .find(|directive| directive.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no {name} in {csp}"))
}

/// The nonce the policy allows the directive's elements by.
fn nonce_of(csp: &str, name: &str) -> Option<String> {
    let sources = directive(csp, name);
    let start = sources.find("'nonce-")? + "'nonce-".len();
    Some(sources[start..].split('\'').next().unwrap().to_string())
}

fn style_nonce(csp: &str) -> String {
    nonce_of(csp, "style-src").expect("a style nonce")
}

#[tokio::test]
async fn the_menu_page_carries_its_first_screen_its_style_and_its_starter() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    let (_, categories) = server.get_json("/categories/?store_id=14").await;
    let (_, products) = server.get_json("/products/?store_id=14").await;
    // A dish of the first category whose name would end the page's elements if it
    // were written as it is.
    let hostile = "Pizza </div></script><script>alert(1)</script> <!--";
    let (status, created) = server
        .send(
            "POST",
            "/products/",
            Some(&admin),
            Some(json!({
                "category_id": categories[0]["id"], "name": hostile, "price": 9.5,
                "tax_id": products[0]["tax"]["id"], "type": "simple", "sort_order": 99,
                "available": true, "no_allergens": true,
            })),
        )
        .await;
    assert_eq!(status, 201, "{created}");

    let Page { csp, html } = page(&server, "/order-online/").await;
    let nonce = style_nonce(&csp);
    let script_nonce = nonce_of(&csp, "script-src").expect("the menu page's script nonce");
    assert_ne!(script_nonce, nonce, "a nonce of its own");

    // The first screen, in the store's language, with the first category's dishes.
    let root_start = html.find("<div id=\"root\">").expect("the page has #root");
    let root_end = html
        .find("<script type=\"application/json\" id=\"initial-data\">")
        .expect("the page has its initial data");
    let root = &html[root_start..root_end];
    assert!(root.contains("<header class=\"site-header\""), "{root}");
    assert!(root.contains("Unsere Speisekarte"), "{root}");
    assert!(
        root.contains(&format!("id=\"category-{}\"", categories[0]["id"])),
        "{root}"
    );
    assert!(
        !root.contains(&format!("id=\"category-{}\"", categories[1]["id"])),
        "only the first category is in the first screen"
    );
    assert!(
        root.contains(
            "Pizza &lt;/div&gt;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!--"
        ),
        "the dish's name is escaped"
    );
    assert!(!html.contains(hostile), "the name never stands as it is");

    // The style sheet is inside the page; the app's script is started by the page.
    assert!(
        html.contains(&format!("<style nonce=\"{nonce}\">")),
        "{html}"
    );
    assert!(
        !html.contains("rel=\"stylesheet\""),
        "no linked style sheet"
    );
    assert!(
        !html.contains("<script type=\"module\""),
        "no module script tag"
    );
    assert!(
        !html.contains("<link rel=\"modulepreload\""),
        "no preload tag"
    );
    assert!(html.contains("script.src=\"./assets/index-"), "the starter");
    assert!(
        html.contains("localStorage.getItem(\"app_language\")"),
        "the language guard"
    );
    assert_eq!(
        html.matches(&format!("nonce=\"{nonce}\"")).count(),
        1,
        "the style carries the style nonce"
    );
    assert_eq!(
        html.matches(&script_nonce).count(),
        1,
        "the script nonce stands on the script alone (the meta element has the style's)"
    );
    assert!(html.contains(&format!("<script nonce=\"{script_nonce}\">")));
    assert_eq!(
        html.matches("<script").count(),
        2,
        "the starter and the initial data"
    );
    server.stop().await;
}

/// The expect link that holds the first paint (`http/web/menu_page.rs`).
fn expect_link(html: &str) -> &str {
    let start = html
        .find("<link rel=\"expect\"")
        .expect("the menu page has its expect link");
    &html[start..start + html[start..].find('>').unwrap() + 1]
}

#[tokio::test]
async fn the_expect_link_names_the_address_the_page_was_asked_for() {
    let server = TestServer::start().await;
    let plain = page(&server, "/order-online/").await;
    assert_eq!(
        expect_link(&plain.html),
        "<link rel=\"expect\" href=\"#initial-data\" blocking=\"render\" />"
    );
    // A link from a flyer or a social network: the query is in the link, escaped
    // for its attribute (the page's <base> is the menu's path, so the query and the
    // fragment resolve to the page's own address).
    let shared = page(&server, "/order-online/?utm_source=flyer&fbclid=Iw%20x_1").await;
    assert_eq!(
        expect_link(&shared.html),
        "<link rel=\"expect\" href=\"?utm_source=flyer&amp;fbclid=Iw%20x_1#initial-data\" blocking=\"render\" />"
    );
    assert!(
        shared.html.contains("<base href=\"/order-online/\""),
        "{}",
        shared.html
    );
    // A client that sends what a browser would have encoded: the HTTP layer refuses a
    // quote or an angle bracket, and what it lets through is escaped for the attribute.
    let addr = server.addr();
    let raw = |path: &'static str| async move {
        exchange_from(
            addr,
            loopback(1),
            &get_request(path),
            Duration::from_secs(10),
        )
        .await
    };
    let refused = raw("/order-online/?y=\"><script>")
        .await
        .expect("an answer");
    assert_eq!(refused.status, 400);
    let answer = raw("/order-online/?y='{|&z").await.expect("an answer");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        expect_link(&answer.body),
        "<link rel=\"expect\" href=\"?y='{|&amp;z#initial-data\" blocking=\"render\" />"
    );
    assert_eq!(
        expect_link(&page(&server, "/order-online/?").await.html),
        "<link rel=\"expect\" href=\"?#initial-data\" blocking=\"render\" />"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_other_storefront_pages_are_the_built_page() {
    let server = TestServer::start().await;
    for path in ["/order-online/checkout", "/order-online/admin/home"] {
        let Page { csp, html } = page(&server, path).await;
        assert!(html.contains("<div id=\"root\"></div>"), "{path}: {html}");
        assert!(html.contains("rel=\"stylesheet\""), "{path}");
        assert!(html.contains("<script type=\"module\""), "{path}");
        assert!(!html.contains("<style"), "{path}");
        assert!(!html.contains("app_language"), "{path}");
        assert!(
            !directive(&csp, "script-src").contains("nonce"),
            "{path}: no inline script is allowed: {csp}"
        );
        assert!(!style_nonce(&csp).is_empty(), "{path}");
    }
    server.stop().await;
}
