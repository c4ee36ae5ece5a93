use serde_json::Value;

use crate::support::TestServer;

#[tokio::test]
async fn the_health_check_reports_the_database_schema() {
    let server = TestServer::start().await;
    let (status, body) = server.get_json("/healthz").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ok");
    assert_eq!(
        body["schema_version"],
        heimservice::db::LATEST_SCHEMA_VERSION
    );
    server.stop().await;
}

#[tokio::test]
async fn a_new_shop_lists_the_demo_categories_in_menu_order() {
    let server = TestServer::start().await;
    let (status, body) = server.get_json("/categories/?store_id=14").await;
    assert_eq!(status, 200);
    let names: Vec<&str> = body
        .as_array()
        .unwrap()
        .iter()
        .map(|category| category["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Vorspeisen",
            "Salate",
            "Pizza",
            "Pasta",
            "Aufläufe",
            "Desserts",
            "Getränke"
        ]
    );
    let drinks = &body[6];
    assert_eq!(drinks["name_en"], "Drinks");
    assert_eq!(drinks["visible"], true);
    assert!(drinks["id"].as_u64().is_some());
    server.stop().await;
}

#[tokio::test]
async fn the_store_record_carries_contact_impressum_and_hours() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_BRAND", "Da Gino")
        .env("HEIMSERVICE_PAYPAL_CLIENT_ID", "public-client-id")
        .env("HEIMSERVICE_PAYPAL_CLIENT_SECRET", "never-shown")
        .start()
        .await;
    let response = server.get("/stores/14").await;
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    assert!(
        !text.contains("never-shown"),
        "the secret stays on the server"
    );
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(body["id"], 14);
    assert_eq!(body["brand"], "Da Gino");
    assert_eq!(body["company_name"], "Pizzeria Bella Napoli GmbH");
    assert_eq!(body["address_line"], "Hauptstraße 12, 10115 Berlin");
    assert_eq!(body["show_impressum"], true);
    assert!(
        body["impressum_text"]
            .as_str()
            .unwrap()
            .contains("Geschäftsführer")
    );
    assert_eq!(body["timezone"], "Europe/Berlin");
    assert_eq!(body["paypal_client_id"], "public-client-id");
    let hours = body["store_hours"].as_array().unwrap();
    assert!(!hours.is_empty());
    for entry in hours {
        let day = entry["day_of_week"].as_u64().unwrap();
        assert!(day <= 6);
        assert_eq!(entry["open_time"].as_str().unwrap().len(), 5, "HH:mm");
        assert_eq!(entry["close_time"].as_str().unwrap().len(), 5, "HH:mm");
    }
    server.stop().await;
}

#[tokio::test]
async fn another_store_id_is_not_found() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_STORE_ID", "7")
        .start()
        .await;
    let (status, body) = server.get_json("/stores/14").await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "store_not_found");
    let (status, body) = server.get_json("/categories/?store_id=14").await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "store_not_found");
    let (status, _) = server.get_json("/stores/7").await;
    assert_eq!(status, 200, "the configured store id is the one served");
    server.stop().await;
}

#[tokio::test]
async fn data_survives_a_restart_and_the_demo_is_not_seeded_twice() {
    let server = TestServer::start().await;
    let (_, before) = server.get_json("/categories/?store_id=14").await;
    let data_dir = server.stop().await;
    assert!(data_dir.path().join("heimservice.redb").exists());

    let server = TestServer::builder().data_dir(data_dir).start().await;
    let (status, after) = server.get_json("/categories/?store_id=14").await;
    assert_eq!(status, 200);
    assert_eq!(before, after);
    server.stop().await;
}

/// The storefront's exact menu reads are answered ahead of the router; any other form
/// of the same read (here an extra query parameter) is routed. Both must answer alike.
#[tokio::test]
async fn the_menu_reads_answer_alike_before_and_after_routing() {
    let server = TestServer::start().await;
    let client = reqwest::Client::new();
    let reads = [
        (
            "/products/?store_id=14",
            "/products/?store_id=14&via=router",
        ),
        ("/products?store_id=14", "/products?store_id=14&via=router"),
        (
            "/categories/?store_id=14",
            "/categories/?via=router&store_id=14",
        ),
        ("/banners/?store_id=14", "/banners/?store_id=14&via=router"),
        ("/allergies/", "/allergies/?via=router"),
    ];
    for (early, routed) in reads {
        let fetch = |path: &str, etag: Option<String>| {
            let mut request = client.get(server.url(path));
            if let Some(etag) = etag {
                request = request.header("If-None-Match", etag);
            }
            async move {
                let response = request.send().await.unwrap();
                let status = response.status().as_u16();
                let mut headers: Vec<(String, String)> = response
                    .headers()
                    .iter()
                    .filter(|(name, _)| name.as_str() != "date")
                    .map(|(name, value)| (name.to_string(), value.to_str().unwrap().into()))
                    .collect();
                headers.sort();
                (status, headers, response.bytes().await.unwrap())
            }
        };
        let (status, headers, body) = fetch(early, None).await;
        assert_eq!(status, 200, "{early}");
        assert!(body.starts_with(b"["), "{early}: {body:?}");
        assert!(
            headers
                .iter()
                .any(|(name, _)| name == "content-security-policy"),
            "{early}: {headers:?}"
        );
        assert_eq!(
            fetch(routed, None).await,
            (status, headers.clone(), body),
            "{routed}"
        );
        let etag = headers
            .iter()
            .find(|(name, _)| name == "etag")
            .map(|(_, value)| value.clone())
            .unwrap();
        let unchanged = fetch(early, Some(etag.clone())).await;
        assert_eq!(unchanged.0, 304, "{early}");
        assert_eq!(fetch(routed, Some(etag)).await, unchanged, "{routed}");
    }
    // Another store, or a store id that is not plain digits, takes the router's answers.
    let (status, body) = server.get_json("/products/?store_id=15").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("store_not_found"))
    );
    let (status, _) = server.get_json("/products/?store_id=x14").await;
    assert_eq!(status, 400);
    server.stop().await;
}
