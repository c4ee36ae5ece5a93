//! Compressed answers for a phone on a slow line: the menu reads are sent gzip-compressed
//! from bytes compressed once per menu change, with their own ETag and
//! `Vary: Accept-Encoding`; other large JSON answers are compressed as they are
//! sent; and the storefront's page carries the store and the menu itself, so the menu
//! paints without another round trip.

use std::io::Read;

use serde_json::{Value, json};

use crate::support::TestServer;

struct Answer {
    status: u16,
    coding: Option<String>,
    vary: Option<String>,
    etag: Option<String>,
    /// As sent, before any decoding.
    wire: Vec<u8>,
}

impl Answer {
    /// The body decoded from its `Content-Encoding`.
    fn plain(&self) -> Vec<u8> {
        let mut plain = Vec::new();
        match self.coding.as_deref() {
            None => plain.extend_from_slice(&self.wire),
            Some("gzip") => {
                flate2::read::GzDecoder::new(self.wire.as_slice())
                    .read_to_end(&mut plain)
                    .unwrap();
            }
            Some("br") => {
                brotli::Decompressor::new(self.wire.as_slice(), 4096)
                    .read_to_end(&mut plain)
                    .unwrap();
            }
            Some(other) => panic!("unexpected coding {other}"),
        }
        plain
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.plain()).unwrap()
    }
}

async fn fetch(server: &TestServer, path: &str, headers: &[(&str, &str)]) -> Answer {
    // The test client decodes nothing, so the bytes are the ones on the wire.
    let mut request = server.client.get(server.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|value| value.to_str().unwrap().to_string())
    };
    Answer {
        status: response.status().as_u16(),
        coding: header("content-encoding"),
        vary: header("vary"),
        etag: header("etag"),
        wire: response.bytes().await.unwrap().to_vec(),
    }
}

const BROWSER: (&str, &str) = ("accept-encoding", "gzip, deflate, br, zstd");

#[tokio::test]
async fn the_menu_reads_are_sent_compressed_with_an_etag_per_coding() {
    let server = TestServer::start().await;
    for path in [
        "/products/?store_id=14",
        // The routed handler (another query parameter) answers alike.
        "/products/?store_id=14&via=router",
        "/categories/?store_id=14",
        "/banners/?store_id=14",
        "/allergies/",
    ] {
        let plain = fetch(&server, path, &[("accept-encoding", "identity")]).await;
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(plain.coding, None, "{path}");
        assert_eq!(plain.vary.as_deref(), Some("Accept-Encoding"), "{path}");
        let plain_tag = plain.etag.clone().unwrap();
        assert!(plain_tag.starts_with("\"m-") && !plain_tag.contains("-gzip"));

        let gzip = fetch(&server, path, &[BROWSER]).await;
        assert_eq!(gzip.coding.as_deref(), Some("gzip"), "{path}");
        assert_eq!(gzip.vary.as_deref(), Some("Accept-Encoding"), "{path}");
        assert_eq!(gzip.plain(), plain.wire, "{path}: the same JSON");
        let gzip_tag = gzip.etag.clone().unwrap();
        assert_eq!(
            gzip_tag,
            format!("{}-gzip\"", plain_tag.trim_end_matches('"'))
        );

        // A client that takes brotli alone gets the plain JSON.
        let br_only = fetch(&server, path, &[("accept-encoding", "br")]).await;
        assert_eq!(br_only.coding, None, "{path}");
        assert_eq!(br_only.wire, plain.wire, "{path}");
        assert_eq!(br_only.etag.as_deref(), Some(plain_tag.as_str()));

        // A client that switched codings still revalidates: 304 with the tag of the
        // coding it asks for now; the `-br` tag earlier versions gave counts too.
        for held in [
            plain_tag.clone(),
            format!("{}-br\"", plain_tag.trim_end_matches('"')),
        ] {
            let revalidated =
                fetch(&server, path, &[BROWSER, ("if-none-match", held.as_str())]).await;
            assert_eq!(revalidated.status, 304, "{path}: {held}");
            assert_eq!(revalidated.etag.as_deref(), Some(gzip_tag.as_str()));
            assert_eq!(revalidated.vary.as_deref(), Some("Accept-Encoding"));
            assert!(revalidated.wire.is_empty());
        }
        let other = fetch(&server, path, &[BROWSER, ("if-none-match", "\"m-0-gzip\"")]).await;
        assert_eq!(other.status, 200, "{path}: another menu's tag");
    }

    // The demo menu's products: the figures of issue 25 (45.5 KB plain).
    let plain = fetch(&server, "/products/?store_id=14", &[]).await;
    let gzip = fetch(&server, "/products/?store_id=14", &[BROWSER]).await;
    assert!(
        gzip.wire.len() * 8 < plain.wire.len(),
        "gzip {} of {} bytes",
        gzip.wire.len(),
        plain.wire.len()
    );

    // A change of the menu is compressed again: new bytes, new tags.
    let admin = server.admin_token().await;
    let product = &plain.json()[0];
    let (status, answer) = server
        .send(
            "PUT",
            &format!("/products/{}/availability", product["id"]),
            Some(&admin),
            Some(json!({ "available": false })),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let after = fetch(&server, "/products/?store_id=14", &[BROWSER]).await;
    assert_ne!(after.etag, gzip.etag);
    let changed = after.json();
    assert_eq!(changed[0]["id"], product["id"]);
    assert_eq!(changed[0]["available"], false, "{}", changed[0]);
    server.stop().await;
}

#[tokio::test]
async fn other_large_json_answers_are_compressed_on_the_fly() {
    let server = TestServer::start().await;
    let plain = fetch(&server, "/openapi.json", &[]).await;
    assert_eq!(plain.coding, None);
    assert!(plain.wire.len() > 100_000);
    let gzip = fetch(&server, "/openapi.json", &[BROWSER]).await;
    assert_eq!(gzip.status, 200);
    assert_eq!(gzip.coding.as_deref(), Some("gzip"));
    assert_eq!(gzip.vary.as_deref(), Some("Accept-Encoding"));
    assert_eq!(gzip.plain(), plain.wire);
    assert!(gzip.wire.len() * 5 < plain.wire.len());

    let gzip = fetch(&server, "/stores/14", &[("accept-encoding", "gzip")]).await;
    assert_eq!(gzip.coding.as_deref(), Some("gzip"));
    assert_eq!(gzip.json(), fetch(&server, "/stores/14", &[]).await.json());

    // A small answer goes out as it is; so does an error.
    let small = fetch(&server, "/healthz", &[BROWSER]).await;
    assert_eq!(small.status, 200);
    assert_eq!(small.coding, None);
    let missing = fetch(&server, "/stores/15", &[BROWSER]).await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.coding, None);
    assert_eq!(missing.json()["code"], "store_not_found");
    server.stop().await;
}

/// The JSON in the page's `initial-data` element.
fn initial_data(page: &str) -> Value {
    let start = page
        .find("<script type=\"application/json\" id=\"initial-data\">")
        .expect("the page has the initial-data element");
    let rest = &page[start..];
    let open = rest.find('>').unwrap() + 1;
    let close = rest.find("</script>").unwrap();
    serde_json::from_str(&rest[open..close]).unwrap()
}

#[tokio::test]
async fn the_storefront_page_carries_the_store_and_the_menu() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    let categories = fetch(&server, "/categories/?store_id=14", &[]).await.json();
    let products = fetch(&server, "/products/?store_id=14", &[]).await.json();
    let tax_id = products[0]["tax"]["id"].clone();
    // A name that would end the script element if it were written as it is.
    let hostile = "Pizza </script><script>alert(1)</script> <!--";
    let (status, created) = server
        .send(
            "POST",
            "/products/",
            Some(&admin),
            Some(json!({
                "category_id": categories[0]["id"], "name": hostile, "price": 9.5,
                "tax_id": tax_id, "type": "simple", "sort_order": 99, "available": true,
                "no_allergens": true,
            })),
        )
        .await;
    assert_eq!(status, 201, "{created}");

    let page = fetch(&server, "/order-online/", &[BROWSER]).await;
    assert_eq!(page.status, 200);
    assert_eq!(
        page.coding.as_deref(),
        Some("gzip"),
        "the page is compressed"
    );
    let html = String::from_utf8(page.plain()).unwrap();
    assert_eq!(
        html.matches("</script>").count(),
        html.matches("<script").count(),
        "no text of the menu closes an element"
    );
    assert!(!html.contains("<script>alert(1)"));
    let data = initial_data(&html);
    // The store without its legal texts, naming the ones it has.
    let mut store = fetch(&server, "/stores/14", &[]).await.json();
    let mut legal_texts = Vec::new();
    for name in [
        "impressum_text",
        "impressum_text_en",
        "privacy_text",
        "privacy_text_en",
        "terms_text",
        "terms_text_en",
        "withdrawal_text",
        "withdrawal_text_en",
    ] {
        let text = store.as_object_mut().unwrap().remove(name);
        if text.is_some_and(|text| !text.as_str().unwrap().trim().is_empty()) {
            legal_texts.push(name);
        }
    }
    assert!(
        legal_texts.contains(&"terms_text"),
        "the demo has terms: {legal_texts:?}"
    );
    store["legal_texts"] = json!(legal_texts);
    assert_eq!(data["/stores/14"], store);
    // No legal text in the page: none of their sentences (the footer's company name
    // and its links' labels are no legal text).
    let full_store = fetch(&server, "/stores/14", &[]).await.json();
    let mut sentences = 0;
    for name in &legal_texts {
        let text = full_store[*name].as_str().unwrap_or_default();
        for line in text.lines().filter(|line| line.chars().count() >= 40) {
            sentences += 1;
            assert!(!html.contains(line), "{name} is in the page: {line}");
        }
    }
    assert!(sentences >= 6, "the demo's legal texts were looked for");
    // The storefront never reads the allergen list (each product carries its allergens).
    assert_eq!(data.get("/allergies/"), None);
    for path in [
        "/products/?store_id=14",
        "/categories/?store_id=14",
        "/banners/?store_id=14",
        "/discounts/14",
    ] {
        assert_eq!(
            data[path],
            fetch(&server, path, &[]).await.json(),
            "{path}: as the API answers it"
        );
    }
    let names: Vec<&str> = data["/products/?store_id=14"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&hostile), "{names:?}");

    // The first banner's photo is asked for in the head, with the carousel's srcset
    // and sizes, so it loads beside the script: phones (at most 480 px wide) are offered
    // no rendition wider than 960 px, as the carousel offers them.
    let banner = &data["/banners/?store_id=14"][0]["image"];
    let url = banner["url"]
        .as_str()
        .expect("the demo has a banner with a photo");
    let widths: Vec<u64> = banner["widths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    let srcset = |widths: &[u64]| {
        widths
            .iter()
            .map(|w| format!("{url}/{w}.webp {w}w"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let phone: Vec<u64> = widths.iter().copied().filter(|w| *w <= 960).collect();
    assert!(
        phone.len() < widths.len(),
        "the demo banner has wider renditions: {widths:?}"
    );
    let head = &html[..html.find("</head>").unwrap()];
    assert!(
        head.contains(&format!(
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" imagesrcset=\"{}\" imagesizes=\"100vw\" media=\"(max-width: 480px)\" fetchpriority=\"high\" />\
             <link rel=\"preload\" as=\"image\" type=\"image/webp\" imagesrcset=\"{}\" imagesizes=\"100vw\" media=\"not all and (max-width: 480px)\" fetchpriority=\"high\" />",
            srcset(&phone),
            srcset(&widths)
        )),
        "{head}"
    );
    // The first paint waits for the whole first screen, not a piece of it: until the
    // element after #root has arrived.
    let expect = head
        .find("<link rel=\"expect\" href=\"#initial-data\" blocking=\"render\" />")
        .expect("the menu page holds its first paint for the whole first screen");
    assert!(expect < head.find("<style").unwrap(), "{head}");
    let root = html.find("<div id=\"root\">").unwrap();
    let after = html
        .find("<script type=\"application/json\" id=\"initial-data\">")
        .unwrap();
    assert!(root < after, "#initial-data follows the first screen");
    let first = fetch(&server, &format!("{url}/{}.webp", banner["widths"][0]), &[]).await;
    assert_eq!(first.status, 200);

    // Any storefront route carries it; the admin area's pages do not.
    let route = fetch(&server, "/order-online/checkout", &[]).await;
    assert!(initial_data(&String::from_utf8(route.plain()).unwrap())["/stores/14"].is_object());
    let admin_page = fetch(&server, "/order-online/admin/home", &[]).await;
    let admin_html = String::from_utf8(admin_page.plain()).unwrap();
    assert_eq!(initial_data(&admin_html), json!({}));
    assert!(!admin_html.contains("rel=\"preload\" as=\"image\""));
    server.stop().await;
}

#[tokio::test]
async fn a_closed_shops_page_carries_its_preorder_times() {
    let server = crate::support::ordering::lunch_server().await;
    let slots = [
        "/stores/14/slots?order_type=delivery",
        "/stores/14/slots?order_type=pickup",
    ];
    let open = initial_data(&storefront_page(&server).await);
    assert_eq!(open["/stores/14"]["closed_reason"], Value::Null);
    for path in slots {
        assert_eq!(open.get(path), None, "an open shop's page has no {path}");
    }

    let staff = server.staff_token().await;
    let (status, paused) = server
        .send(
            "PUT",
            "/stores/14/pause",
            Some(&staff),
            Some(json!({"paused": true})),
        )
        .await;
    assert_eq!(status, 200, "{paused}");
    let closed = initial_data(&storefront_page(&server).await);
    assert_eq!(closed["/stores/14"]["closed_reason"], "paused");
    for path in slots {
        let answer = fetch(&server, path, &[]).await.json();
        assert!(answer["slots"].is_array(), "{answer}");
        assert_eq!(closed[path], answer, "{path}: as the API answers it");
    }
    server.stop().await;
}

async fn storefront_page(server: &TestServer) -> String {
    String::from_utf8(fetch(server, "/order-online/", &[]).await.plain()).unwrap()
}
