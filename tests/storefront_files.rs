//! The embedded storefront: redirects, SPA fallback, caching and compression.

use crate::support::TestServer;

/// The hashed main script named by index.html, e.g. `assets/index-AbC123.js`.
async fn main_script(server: &TestServer) -> String {
    let html = server.get("/order-online/").await.text().await.unwrap();
    let start = html
        .find("src=\"./assets/")
        .expect("index.html loads a hashed script")
        + 7;
    let end = start + html[start..].find('"').unwrap();
    html[start..end].trim_start_matches("./").to_string()
}

#[tokio::test]
async fn the_root_and_the_bare_base_path_redirect_to_the_storefront() {
    let server = TestServer::start().await;
    let root = server.get("/").await;
    assert!(root.status().is_redirection());
    assert_eq!(root.headers()["location"], "/order-online/");
    let bare = server.get("/order-online").await;
    assert!(bare.status().is_redirection());
    assert_eq!(bare.headers()["location"], "/order-online/");
    server.stop().await;
}

#[tokio::test]
async fn index_html_is_revalidated_and_carries_the_runtime_config() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_BRAND", "Trattoria <Roma>")
        .start()
        .await;
    let response = server.get("/order-online/").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-cache");
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let html = response.text().await.unwrap();
    assert!(html.contains("<base href=\"/order-online/\""), "{html}");
    assert!(html.contains("&quot;storeId&quot;:14"), "{html}");
    assert!(
        html.contains("Trattoria &lt;Roma&gt;"),
        "escaped brand: {html}"
    );
    assert!(!html.contains("content=\"{}\""), "placeholder replaced");
    server.stop().await;
}

#[tokio::test]
async fn client_routes_get_index_html_but_missing_assets_do_not() {
    let server = TestServer::start().await;
    for route in [
        "/order-online/privacypolicy",
        "/order-online/terms",
        "/order-online/login/checkout",
        "/order-online/admin/products",
    ] {
        let response = server.get(route).await;
        assert_eq!(response.status(), 200, "{route}");
        let html = response.text().await.unwrap();
        assert!(html.contains("<div id=\"root\">"), "{route}");
    }
    let missing = server.get("/order-online/assets/index-0000.js").await;
    assert_eq!(missing.status(), 404);
    server.stop().await;
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_served_precompressed() {
    let server = TestServer::start().await;
    let script = main_script(&server).await;
    let path = format!("/order-online/{script}");

    let plain = server.get(&path).await;
    assert_eq!(plain.status(), 200);
    assert_eq!(
        plain.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        plain.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    assert!(!plain.headers().contains_key("content-encoding"));
    let plain_etag = plain.headers()["etag"].to_str().unwrap().to_string();
    let plain_bytes = plain.bytes().await.unwrap();
    // The binary stores this file only compressed; a client that takes neither gzip
    // nor brotli gets it inflated, byte for byte as built.
    let built =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/ui/dist/").to_string() + &script);
    assert_eq!(plain_bytes.as_ref(), built.unwrap().as_slice());

    let brotli = server
        .client
        .get(server.url(&path))
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(brotli.headers()["content-encoding"], "br");
    assert_eq!(brotli.headers()["vary"], "Accept-Encoding");
    assert!(brotli.bytes().await.unwrap().len() < plain_bytes.len());

    let gzip = server
        .client
        .get(server.url(&path))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let gzip_bytes = gzip.bytes().await.unwrap();
    assert_eq!(&gzip_bytes[..2], &[0x1f, 0x8b], "a gzip stream");

    let revalidated = server
        .client
        .get(server.url(&path))
        .header("if-none-match", plain_etag.as_str())
        .send()
        .await
        .unwrap();
    assert_eq!(revalidated.status(), 304);
    server.stop().await;
}

/// The admin area's files carry no brotli twin (the binary's size): a browser that takes
/// brotli gets them gzip-compressed, a customer's files stay brotli.
#[tokio::test]
async fn the_admin_areas_own_files_are_sent_gzip_compressed() {
    let server = TestServer::start().await;
    let assets = concat!(env!("CARGO_MANIFEST_DIR"), "/ui/dist/assets");
    let style = std::fs::read_dir(assets)
        .unwrap()
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .find(|name| name.starts_with("admin-") && name.ends_with(".css"))
        .expect("the build has the admin area's style sheet");
    let answer = server
        .client
        .get(server.url(&format!("/order-online/assets/{style}")))
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.headers()["content-encoding"], "gzip");
    let script = main_script(&server).await;
    let customer = server
        .client
        .get(server.url(&format!("/order-online/{script}")))
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(customer.headers()["content-encoding"], "br");
    server.stop().await;
}

#[tokio::test]
async fn the_base_path_is_configurable() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_BASE_PATH", "/shop")
        .start()
        .await;
    let root = server.get("/").await;
    assert_eq!(root.headers()["location"], "/shop/");
    let html = server.get("/shop/menu").await.text().await.unwrap();
    assert!(html.contains("<base href=\"/shop/\""), "{html}");
    assert!(
        html.contains("&quot;basePath&quot;:&quot;/shop&quot;"),
        "{html}"
    );
    let old = server.get("/order-online/").await;
    assert_eq!(old.status(), 404);
    server.stop().await;
}
