//! Store settings, delivery postcodes, discounts and pre-order times over HTTP.

use serde_json::{Value, json};

use crate::support::{TestServer, store_settings as settings};

#[tokio::test]
async fn store_settings_are_validated_saved_and_shown() {
    // Monday 2026-11-23, 06:00 Berlin.
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T05:00:00Z")
        .start()
        .await;
    let token = server.admin_token().await;
    let t = Some(token.as_str());
    let cases = [
        (
            json!({"store_hours": [{"day_of_week": 1, "open_time": "25:00", "close_time": "14:30"}]}),
            "store_hours",
            "store_hours[0].open_time",
        ),
        (
            json!({"store_hours": [{"day_of_week": 9, "open_time": "11:00", "close_time": "14:30"}]}),
            "store_hours",
            "0 (Sunday)",
        ),
        (
            json!({"slot_interval_minutes": 7}),
            "slot_interval_minutes",
            "15",
        ),
        (json!({"company_name": ""}), "company_name", "empty"),
        (
            json!({"closures": [{"date": "2026-12-24"}, {"date": "2026-12-24"}]}),
            "closures",
            "once",
        ),
    ];
    for (overrides, field, word) in cases {
        let (status, answer) = server
            .send("PUT", "/stores/14", t, Some(settings(overrides.clone())))
            .await;
        assert_eq!(status, 400, "{overrides}: {answer}");
        assert_eq!(answer["field"], field, "{answer}");
        assert!(
            answer["detail"].as_str().unwrap().contains(word),
            "{answer}"
        );
    }
    let (status, answer) = server
        .send(
            "PUT",
            "/stores/14",
            t,
            Some(settings(
                json!({"closures": [{"date": "2026-12-24"}], "unknown": 1}),
            )),
        )
        .await;
    assert_eq!(status, 400, "{answer}");

    let closures = json!([{"date": "2026-11-01", "note": "past"}, {"date": "2026-12-24", "note": "Heiligabend"}]);
    let (status, saved) = server
        .send(
            "PUT",
            "/stores/14",
            t,
            Some(settings(json!({"closures": closures}))),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["store_hours"].as_array().unwrap().len(), 1);
    assert_eq!(
        store["closures"],
        json!([{"date": "2026-12-24", "note": "Heiligabend"}]),
        "past closures are not listed"
    );
    assert_eq!(store["slot_interval_minutes"], 15);
    server.stop().await;
}

#[tokio::test]
async fn pre_order_times_follow_lead_interval_and_hours() {
    // Monday 2026-11-23, 06:00 Berlin: lunch 11:30–14:30, dinner 17:00–22:30 (demo hours).
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T05:00:00Z")
        .start()
        .await;
    let (status, pickup) = server.get_json("/stores/14/slots?order_type=pickup").await;
    assert_eq!(status, 200);
    assert_eq!(pickup["immediately"], false, "closed before opening");
    let times: Vec<&str> = pickup["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["time"].as_str().unwrap())
        .collect();
    assert_eq!(times.first(), Some(&"11:30"));
    assert!(times.contains(&"14:15") && !times.contains(&"14:30") && times.contains(&"17:00"));
    assert_eq!(times.last(), Some(&"22:15"));
    assert_eq!(pickup["slots"][0]["starts_at"], "2026-11-23T10:30:00Z");
    let (status, answer) = server.get_json("/stores/14/slots?order_type=drone").await;
    assert_eq!(status, 400, "{answer}");

    let token = server.admin_token().await;
    server
        .send(
            "PUT",
            "/stores/14/pause",
            Some(&token),
            Some(json!({"paused": true})),
        )
        .await;
    let (_, paused) = server
        .get_json("/stores/14/slots?order_type=delivery")
        .await;
    assert_eq!(
        paused,
        json!({"immediately": false, "slots": [], "days": []})
    );
    server.stop().await;
}

#[tokio::test]
async fn postcodes_are_listed_created_changed_and_unique() {
    let server = TestServer::start().await;
    let token = server.admin_token().await;
    let t = Some(token.as_str());
    let (status, list) = server.get_json("/postcodes/store/14").await;
    assert_eq!(status, 200);
    let first = &list[0];
    for key in [
        "id",
        "store_id",
        "postcode",
        "minimum_order_amount",
        "delivery_fee",
        "delivery_time",
    ] {
        assert!(first.get(key).is_some(), "{key} in {first}");
    }
    assert_eq!(first["store_id"], 14);

    let body = json!({"postcode": "12345", "minimum_order_amount": 15, "delivery_fee": 2.5, "delivery_time": 40});
    let (status, created) = server
        .send("POST", "/postcodes/", t, Some(body.clone()))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["delivery_fee"], 2.5);
    let (status, duplicate) = server.send("POST", "/postcodes/", t, Some(body)).await;
    assert_eq!(status, 409);
    assert_eq!(duplicate["code"], "duplicate");

    let id = created["id"].as_u64().unwrap();
    let changed = json!({"postcode": "12345", "minimum_order_amount": 20, "delivery_fee": 3, "delivery_time": 50});
    let (status, updated) = server
        .send("PUT", &format!("/postcodes/{id}"), t, Some(changed))
        .await;
    assert_eq!(status, 200);
    assert_eq!(updated["minimum_order_amount"], 20.0);
    let bad =
        json!({"postcode": "1", "minimum_order_amount": 0, "delivery_fee": 0, "delivery_time": 0});
    let (status, answer) = server.send("POST", "/postcodes/", t, Some(bad)).await;
    assert_eq!((status, answer["field"].as_str()), (400, Some("postcode")));
    let (status, _) = server
        .send("DELETE", &format!("/postcodes/{id}"), t, None)
        .await;
    assert_eq!(status, 204);
    let (status, _) = server
        .send("DELETE", &format!("/postcodes/{id}"), t, None)
        .await;
    assert_eq!(status, 404);
    let (status, _) = server.get_json("/postcodes/store/15").await;
    assert_eq!(status, 404);
    server.stop().await;
}

#[tokio::test]
async fn expired_discounts_are_not_offered() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", "2026-11-23T05:00:00Z")
        .start()
        .await;
    let token = server.admin_token().await;
    let t = Some(token.as_str());
    let (status, set) = server
        .send(
            "PUT",
            "/discounts/14/DELIVERY_DISCOUNT",
            t,
            Some(json!({"value": 12.5, "expires_on": "2026-11-22"})),
        )
        .await;
    assert_eq!(status, 200, "{set}");
    assert_eq!(set["active"], false, "yesterday was its last day");
    server
        .send(
            "PUT",
            "/discounts/14/PICKUP_DISCOUNT",
            t,
            Some(json!({"value": 15, "expires_on": "2026-11-23"})),
        )
        .await;
    let (_, offered) = server.get_json("/discounts/14").await;
    assert_eq!(
        offered,
        json!([{"code": "PICKUP_DISCOUNT", "value": 15.0, "expires_on": "2026-11-23"}])
    );
    let (_, all) = server.send("GET", "/admin/discounts", t, None).await;
    assert_eq!(all.as_array().unwrap().len(), 2);

    let (status, answer) = server
        .send(
            "PUT",
            "/discounts/14/SUMMER",
            t,
            Some(json!({"value": 5, "expires_on": null})),
        )
        .await;
    assert_eq!(status, 404, "{answer}");
    let (status, answer) = server
        .send(
            "PUT",
            "/discounts/14/PICKUP_DISCOUNT",
            t,
            Some(json!({"value": 101, "expires_on": null})),
        )
        .await;
    assert_eq!((status, answer["field"].as_str()), (400, Some("value")));
    let (status, _) = server
        .send("DELETE", "/discounts/14/PICKUP_DISCOUNT", t, None)
        .await;
    assert_eq!(status, 204);
    let (_, offered) = server.get_json("/discounts/14").await;
    assert_eq!(offered, json!([]));
    server.stop().await;
}

#[tokio::test]
async fn settings_routes_are_for_admins_only() {
    let server = TestServer::start().await;
    let customer = server.customer_token().await;
    let routes: [(&str, &str, Value); 7] = [
        ("PUT", "/stores/14", settings(json!({}))),
        ("PUT", "/stores/14/pause", json!({"paused": true})),
        (
            "POST",
            "/postcodes/",
            json!({"postcode": "55555", "minimum_order_amount": 1, "delivery_fee": 1, "delivery_time": 1}),
        ),
        (
            "PUT",
            "/postcodes/1",
            json!({"postcode": "55555", "minimum_order_amount": 1, "delivery_fee": 1, "delivery_time": 1}),
        ),
        ("DELETE", "/postcodes/1", Value::Null),
        (
            "PUT",
            "/discounts/14/PICKUP_DISCOUNT",
            json!({"value": 5, "expires_on": null}),
        ),
        ("DELETE", "/discounts/14/PICKUP_DISCOUNT", Value::Null),
    ];
    for (method, path, body) in routes {
        let body = (!body.is_null()).then_some(body);
        let (anonymous, _) = server.send(method, path, None, body.clone()).await;
        assert_eq!(anonymous, 401, "anonymous {method} {path}");
        let (as_customer, _) = server.send(method, path, Some(&customer), body).await;
        assert_eq!(as_customer, 403, "customer {method} {path}");
    }
    let (status, _) = server
        .send("GET", "/admin/discounts", Some(&customer), None)
        .await;
    assert_eq!(status, 403);
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["paused"], false, "nothing changed");
    server.stop().await;
}

#[tokio::test]
async fn store_texts_have_english_versions_for_english_visitors() {
    // Monday 12:00 in Berlin: the lunch slot is today's.
    let server = TestServer::builder()
        .env(
            "HEIMSERVICE_TESTING_CLOCK_START",
            crate::support::ordering::LUNCHTIME,
        )
        .start()
        .await;
    let token = server.admin_token().await;
    let t = Some(token.as_str());
    let (status, saved) = server
        .send(
            "PUT",
            "/stores/14",
            t,
            Some(settings(json!({
                "store_hours": [{"day_of_week": 1, "open_time": "11:30", "close_time": "14:30",
                                 "label": "Mittagstisch", "label_en": "Lunch menu"}],
                "impressum_text_en": "Imprint: Pizzeria Bella Napoli GmbH",
                "privacy_text_en": "Privacy policy"
            }))),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["store_hours"][0]["label_en"], "Lunch menu");
    assert_eq!(
        store["impressum_text_en"],
        "Imprint: Pizzeria Bella Napoli GmbH"
    );
    assert_eq!(store["privacy_text_en"], "Privacy policy");
    assert_eq!(store["impressum_text"], "Impressum", "the German one stays");
    let mut socket = crate::live_status::connect(&server, "/ws/store/14/status", None)
        .await
        .unwrap();
    let status_message =
        crate::live_status::next_message(&mut socket, std::time::Duration::from_secs(5)).await;
    assert_eq!(
        status_message["today_hours"][0],
        json!({"open_time": "11:30", "close_time": "14:30", "label": "Mittagstisch", "label_en": "Lunch menu"})
    );

    // A PUT without the English texts keeps them (an older admin screen sends none).
    let (status, _) = server
        .send("PUT", "/stores/14", t, Some(settings(json!({}))))
        .await;
    assert_eq!(status, 200);
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["privacy_text_en"], "Privacy policy");
    let (status, answer) = server
        .send(
            "PUT",
            "/stores/14",
            t,
            Some(settings(json!({
                "store_hours": [{"day_of_week": 1, "open_time": "11:30", "close_time": "14:30",
                                 "label_en": "x".repeat(61)}]
            }))),
        )
        .await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["detail"].as_str().unwrap().contains("label_en"));
    server.stop().await;
}
