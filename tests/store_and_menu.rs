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
        heimservice::store::LATEST_SCHEMA_VERSION
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
