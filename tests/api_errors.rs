//! Every error is JSON `{detail, code}` with the right 4xx, whatever produced it.

use crate::support::TestServer;

#[tokio::test]
async fn bad_requests_get_json_errors_naming_the_problem() {
    let server = TestServer::start().await;
    // (method, path, expected status, expected code, a word the detail must contain)
    let cases = [
        ("GET", "/categories/", 400, "bad_request", "store_id"),
        (
            "GET",
            "/categories/?store_id=pizza",
            400,
            "bad_request",
            "store_id",
        ),
        (
            "GET",
            "/categories/?store_id=-1",
            400,
            "bad_request",
            "store_id",
        ),
        (
            "GET",
            "/categories/?store_id=99",
            404,
            "store_not_found",
            "99",
        ),
        ("GET", "/stores/99", 404, "store_not_found", "99"),
        (
            "GET",
            "/stores/abc",
            400,
            "bad_request",
            "not a whole number",
        ),
        ("GET", "/no-such-api", 404, "not_found", "No such"),
        (
            "GET",
            "/ws/store/14/status",
            400,
            "websocket_required",
            "WebSocket",
        ),
        (
            "DELETE",
            "/healthz",
            405,
            "method_not_allowed",
            "not allowed",
        ),
        ("POST", "/order-online/", 405, "method_not_allowed", "GET"),
        (
            "GET",
            "/order-online/assets/missing-1234.js",
            404,
            "not_found",
            "No such file",
        ),
    ];
    for (method, path, status, code, word) in cases {
        let response = server
            .client
            .request(method.parse().unwrap(), server.url(path))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), status, "{method} {path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            content_type.starts_with("application/json"),
            "{method} {path}: {content_type}"
        );
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["code"], code, "{method} {path}");
        let detail = body["detail"].as_str().unwrap();
        assert!(detail.contains(word), "{method} {path}: {detail}");
    }
    server.stop().await;
}

#[tokio::test]
async fn an_oversized_body_is_refused_with_413() {
    let server = TestServer::start().await;
    let declared = server
        .client
        .post(server.url("/healthz"))
        .body(vec![b'x'; heimservice::http::MAX_BODY_BYTES + 1])
        .send()
        .await
        .unwrap();
    assert_eq!(declared.status(), 413);
    let body: serde_json::Value = declared.json().await.unwrap();
    assert_eq!(body["code"], "payload_too_large");

    // A chunked body declares no length; it is cut off at the limit all the same.
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> =
        (0..100).map(|_| Ok(vec![b'y'; 64 * 1024])).collect();
    let streamed = server
        .client
        .post(server.url("/healthz"))
        .body(reqwest::Body::wrap_stream(futures_stream(chunks)))
        .send()
        .await
        .unwrap();
    assert_eq!(streamed.status(), 413);
    server.stop().await;
}

fn futures_stream(
    items: Vec<Result<Vec<u8>, std::io::Error>>,
) -> impl futures_core::Stream<Item = Result<Vec<u8>, std::io::Error>> + Send + 'static {
    tokio_stream::iter(items)
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let server = TestServer::start().await;
    for path in ["/healthz", "/order-online/", "/no-such-api"] {
        let response = server.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}");
        assert!(csp.contains("object-src 'none'"), "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            headers["cross-origin-opener-policy"],
            "same-origin-allow-popups"
        );
        assert!(
            !headers.contains_key("access-control-allow-origin"),
            "no CORS"
        );
    }
    server.stop().await;
}

/// A number or boolean sent for a text field is a wrong type, not its text: the fuzzer
/// had an admin create a category called "false".
#[tokio::test]
async fn text_fields_refuse_numbers_and_booleans() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    for (method, path, body) in [
        ("/categories/", serde_json::json!({ "name": false })),
        (
            "/taxes/",
            serde_json::json!({ "name": 19, "percentage": 19 }),
        ),
        (
            "/register/customer",
            serde_json::json!({ "name": "Max", "email": "max@example.com",
                                "password": "lang-genug-123", "phone": 30123456 }),
        ),
        ("/forgot-password", serde_json::json!({ "email": true })),
    ]
    .into_iter()
    .map(|(path, body)| ("POST", path, body))
    .chain(
        [
            "phone",
            "impressum_text",
            "privacy_text",
            "terms_text",
            "withdrawal_text_en",
        ]
        .map(|field| {
            let body = crate::support::store_settings(serde_json::json!({ field: 12345 }));
            ("PUT", "/stores/14", body)
        }),
    )
    .chain([(
        "PUT",
        "/banners/1",
        serde_json::json!({ "alt": true, "sort_order": 1 }),
    )]) {
        let (status, body) = server.send(method, path, Some(&admin), Some(body)).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert!(
            body["detail"].as_str().unwrap().contains("string"),
            "{path}: {body}"
        );
    }
    let (_, catalog) = server
        .send("GET", "/admin/catalog", Some(&admin), None)
        .await;
    let names: Vec<&str> = catalog["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|category| category["name"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"false"), "{names:?}");
    // Strings and, for optional fields, null are still taken.
    let (status, body) = server
        .send(
            "POST",
            "/categories/",
            Some(&admin),
            Some(serde_json::json!({ "name": "Salate", "name_en": null })),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    server.stop().await;
}
