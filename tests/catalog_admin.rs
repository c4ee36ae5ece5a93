//! An admin builds a dish end to end through the API, and the rules hold on the way.

use serde_json::{Value, json};

use crate::support::TestServer;

fn id(value: &Value) -> u64 {
    value["id"]
        .as_u64()
        .unwrap_or_else(|| panic!("no id in {value}"))
}

#[tokio::test]
async fn an_admin_builds_a_dish_that_the_menu_then_shows() {
    // Monday lunchtime, so that "the shop stays open" does not depend on the hour the
    // test runs at.
    let server = crate::support::ordering::lunch_server().await;
    let token = server.admin_token().await;
    let t = Some(token.as_str());
    let post = |path: &'static str, body: Value| {
        let server = &server;
        async move {
            let (status, answer) = server.send("POST", path, t, Some(body)).await;
            assert_eq!(status, 201, "POST {path}: {answer}");
            answer
        }
    };

    let tax = post("/taxes/", json!({"name": "Test 10 %", "percentage": 10})).await;
    assert_eq!(tax["percentage"], 10.0);
    let category = post(
        "/categories/",
        json!({"name": "Testgerichte", "name_en": "Test dishes", "sort_order": -5}),
    )
    .await;
    let cheese = post(
        "/toppings/",
        json!({"name": "Extra Käse", "price": 1.2, "no_allergens": true}),
    )
    .await;
    let ham = post(
        "/toppings/",
        json!({"name": "Schinken", "price": 1.5, "no_allergens": true}),
    )
    .await;
    let group = post(
        "/topping-groups/",
        json!({"name": "Käseauswahl", "min_selections": 1, "max_selections": 2}),
    )
    .await;
    post("/group-items/", json!({"topping_group_id": id(&group), "topping_id": id(&cheese), "price": 1.2, "sort_order": 1})).await;
    post("/group-items/", json!({"topping_group_id": id(&group), "topping_id": id(&ham), "price": 1.8, "sort_order": 2})).await;
    let product = post(
        "/products/",
        json!({"category_id": id(&category), "name": "Testpizza", "tax_id": id(&tax), "type": "variable",
               "variants": [{"name": "Klein", "price": 8.0}, {"name": "Groß", "price": 11.5}], "sort_order": 1}),
    )
    .await;
    assert_eq!(product["price"], 8.0, "the lowest variant price");
    post(
        "/product-groups/",
        json!({"product_id": id(&product), "topping_group_id": id(&group)}),
    )
    .await;
    // Not labelled yet: not on the menu, and the shop stays open.
    let (_, menu) = server
        .send("GET", "/products/?store_id=14", None, None)
        .await;
    assert!(
        !menu
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "Testpizza"),
        "an unlabelled dish is not sold"
    );
    let (_, store) = server.get_json("/stores/14").await;
    assert_eq!(store["closed_reason"], serde_json::Value::Null, "{store}");
    assert_eq!(store["is_open"], true, "{store}");
    let (_, catalog) = server.send("GET", "/admin/catalog", t, None).await;
    let milk = catalog["allergies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["code"] == "G")
        .unwrap()
        .clone();
    post(
        "/item-allergies/",
        json!({"item_type": "product", "item_id": id(&product), "allergy_id": id(&milk)}),
    )
    .await;

    let (status, menu) = server
        .send("GET", "/products/?store_id=14", None, None)
        .await;
    assert_eq!(status, 200);
    let dish = menu
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Testpizza")
        .expect("the new dish is on the menu")
        .clone();
    assert_eq!(menu[0]["name"], "Testpizza", "its category sorts first");
    assert_eq!(dish["type"], "variable");
    assert_eq!(dish["tax"]["percentage"], 10.0);
    assert_eq!(dish["variants"][1]["name"], "Groß");
    assert_eq!(dish["variants"][1]["price"], 11.5);
    assert_eq!(dish["allergens"][0]["code"], "G");
    let groups = dish["enriched_topping_groups"].as_array().unwrap();
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0]["min_selections"], 1);
    assert_eq!(groups[0]["max_selections"], 2);
    assert_eq!(groups[0]["toppings"][1]["name"], "Schinken");
    assert_eq!(
        groups[0]["toppings"][1]["price"], 1.8,
        "the group's price, not the topping's"
    );

    // Renaming a variant keeps its id (carts refer to it).
    let small = dish["variants"][0]["id"].as_u64().unwrap();
    let (status, updated) = server
        .send(
            "PUT",
            &format!("/products/{}", id(&product)),
            t,
            Some(json!({"category_id": id(&category), "name": "Testpizza", "tax_id": id(&tax), "type": "variable",
                        "variants": [{"id": small, "name": "Mini", "price": 7.0}], "available": false})),
        )
        .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["variants"][0]["id"], small);
    assert_eq!(updated["available"], false);

    // Deleting the dish takes its links; then the group and toppings can go.
    let (status, _) = server
        .send("DELETE", &format!("/products/{}", id(&product)), t, None)
        .await;
    assert_eq!(status, 204);
    for path in [
        format!("/topping-groups/{}", id(&group)),
        format!("/toppings/{}", id(&cheese)),
        format!("/taxes/{}", id(&tax)),
    ] {
        let (status, answer) = server.send("DELETE", &path, t, None).await;
        assert_eq!(status, 204, "DELETE {path}: {answer}");
    }
    server.stop().await;
}

/// (method, path, body, status, code, the field or a word of the detail)
type Case = (
    &'static str,
    String,
    Option<Value>,
    u16,
    &'static str,
    &'static str,
);

#[tokio::test]
async fn refused_changes_name_the_problem_and_change_nothing() {
    let server = TestServer::start().await;
    let token = server.admin_token().await;
    let t = Some(token.as_str());
    let (_, before) = server.send("GET", "/admin/catalog", t, None).await;
    let tax = before["taxes"][0]["id"].as_u64().unwrap();
    let category = before["categories"][0]["id"].as_u64().unwrap();
    let topping = before["toppings"][0]["id"].as_u64().unwrap();
    let group = before["topping_groups"][0]["id"].as_u64().unwrap();
    let allergy = before["allergies"][0]["id"].as_u64().unwrap();

    let cases: Vec<Case> = vec![
        (
            "POST",
            "/taxes/".into(),
            Some(json!({"name": "", "percentage": 7})),
            400,
            "invalid",
            "name",
        ),
        (
            "POST",
            "/taxes/".into(),
            Some(json!({"name": "x", "percentage": 101})),
            400,
            "invalid",
            "percentage",
        ),
        (
            "POST",
            "/taxes/".into(),
            Some(json!({"name": "x", "percentage": 7.123})),
            400,
            "invalid",
            "percentage",
        ),
        (
            "POST",
            "/taxes/".into(),
            Some(json!({"name": "x", "percentage": 7, "rate": 1})),
            400,
            "bad_request",
            "unknown field",
        ),
        (
            "POST",
            "/taxes/".into(),
            Some(json!({"name": "x"})),
            400,
            "invalid",
            "percentage",
        ),
        (
            "POST",
            "/toppings/".into(),
            Some(json!({"price": 1})),
            400,
            "invalid",
            "name",
        ),
        (
            "POST",
            "/products/".into(),
            Some(
                json!({"category_id": category, "name": "x", "price": 1000, "tax_id": tax, "type": "simple"}),
            ),
            400,
            "invalid",
            "price",
        ),
        (
            "POST",
            "/products/".into(),
            Some(
                json!({"category_id": category, "name": "x", "price": -1, "tax_id": tax, "type": "simple"}),
            ),
            400,
            "invalid",
            "price",
        ),
        (
            "POST",
            "/products/".into(),
            Some(
                json!({"category_id": 999_999, "name": "x", "price": 1, "tax_id": tax, "type": "simple"}),
            ),
            400,
            "invalid",
            "category_id",
        ),
        (
            "POST",
            "/products/".into(),
            Some(
                json!({"category_id": category, "name": "x", "price": 1, "tax_id": tax, "type": "variable"}),
            ),
            400,
            "invalid",
            "variants",
        ),
        (
            "POST",
            "/products/".into(),
            Some(
                json!({"category_id": category, "name": "x", "price": 1, "tax_id": tax, "type": "combo"}),
            ),
            400,
            "bad_request",
            "type",
        ),
        (
            "POST",
            "/topping-groups/".into(),
            Some(json!({"name": "x", "min_selections": 3, "max_selections": 2})),
            400,
            "invalid",
            "min_selections",
        ),
        (
            "POST",
            "/group-items/".into(),
            Some(json!({"topping_group_id": group, "topping_id": 999_999, "price": 1})),
            400,
            "invalid",
            "topping_id",
        ),
        (
            "POST",
            "/allergies/".into(),
            Some(json!({"code": "A", "name": "Doppelt"})),
            409,
            "duplicate",
            "A",
        ),
        (
            "POST",
            "/item-allergies/".into(),
            Some(json!({"item_type": "topping", "item_id": 999_999, "allergy_id": allergy})),
            400,
            "invalid",
            "item_id",
        ),
        (
            "DELETE",
            format!("/taxes/{tax}"),
            None,
            409,
            "in_use",
            "Speisen",
        ),
        (
            "DELETE",
            format!("/categories/{category}"),
            None,
            409,
            "in_use",
            "Bruschetta",
        ),
        (
            "DELETE",
            format!("/toppings/{topping}"),
            None,
            409,
            "in_use",
            "Extra Beläge",
        ),
        (
            "DELETE",
            format!("/topping-groups/{group}"),
            None,
            409,
            "in_use",
            "Pizza",
        ),
        (
            "DELETE",
            format!("/allergies/{allergy}"),
            None,
            409,
            "in_use",
            "items",
        ),
        (
            "PUT",
            "/taxes/999999".into(),
            Some(json!({"name": "x", "percentage": 7})),
            404,
            "not_found",
            "999999",
        ),
        (
            "DELETE",
            "/products/999999".into(),
            None,
            404,
            "not_found",
            "999999",
        ),
    ];
    for (method, path, body, status, code, word) in cases {
        let (got, answer) = server.send(method, &path, t, body).await;
        assert_eq!(got, status, "{method} {path}: {answer}");
        assert_eq!(answer["code"], code, "{method} {path}: {answer}");
        let field = answer["field"].as_str().unwrap_or("");
        let detail = answer["detail"].as_str().unwrap();
        assert!(
            field == word || detail.contains(word),
            "{method} {path}: {answer}"
        );
    }
    let (_, after) = server.send("GET", "/admin/catalog", t, None).await;
    assert_eq!(before, after, "nothing changed");
    server.stop().await;
}

#[tokio::test]
async fn the_menu_has_an_etag_that_changes_with_the_catalog() {
    let server = TestServer::start().await;
    let first = server.get("/products/?store_id=14").await;
    let etag = first.headers()["etag"].to_str().unwrap().to_string();
    let unchanged = server
        .client
        .get(server.url("/products/?store_id=14"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(unchanged.status(), 304);
    assert!(unchanged.bytes().await.unwrap().is_empty());

    let token = server.admin_token().await;
    let (_, catalog) = server
        .send("GET", "/admin/catalog", Some(&token), None)
        .await;
    let category = &catalog["categories"][0];
    let (status, _) = server
        .send(
            "PUT",
            &format!("/categories/{}", category["id"]),
            Some(&token),
            Some(json!({"name": "Vorspeisen", "sort_order": 10, "visible": false})),
        )
        .await;
    assert_eq!(status, 200);
    let changed = server
        .client
        .get(server.url("/products/?store_id=14"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200, "a hidden category changes the menu");
    assert_ne!(changed.headers()["etag"].to_str().unwrap(), etag);
    let products: Value = changed.json().await.unwrap();
    assert!(
        products
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["name"] != "Bruschetta")
    );
    let (_, categories) = server.get_json("/categories/?store_id=14").await;
    assert!(
        categories
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["name"] != "Vorspeisen")
    );
    server.stop().await;
}

const TINY_PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\xdac\xf8\xcf\xc0\xf0\x1f\0\x05\0\x01\xffV\xc7/\r\0\0\0\0IEND\xaeB`\x82";

#[tokio::test]
async fn product_photos_are_sniffed_stored_and_served_with_caching() {
    let server = TestServer::start().await;
    let token = server.admin_token().await;
    let (_, menu) = server.get_json("/products/?store_id=14").await;
    let product = menu[0]["id"].as_u64().unwrap();
    let upload = |bytes: Vec<u8>, content_type: &'static str| {
        let request = server
            .client
            .put(server.url(&format!("/products/{product}/image")))
            .bearer_auth(&token)
            .header("content-type", content_type)
            .body(bytes);
        async move { request.send().await.unwrap() }
    };

    let fake = upload(b"<svg onload=alert(1)>".to_vec(), "image/png").await;
    assert_eq!(fake.status(), 415);
    let too_big = upload(vec![0xFF; 4 * 1024 * 1024 + 10], "image/jpeg").await;
    assert_eq!(too_big.status(), 413);

    let stored = upload(TINY_PNG.to_vec(), "image/png").await;
    assert_eq!(stored.status(), 200);
    let record: Value = stored.json().await.unwrap();
    let url = record["image_url"].as_str().unwrap().to_string();
    assert!(
        url.starts_with("/images/") && url.ends_with("/1.jpg"),
        "the 1-pixel photo's JPEG rendition: {url}"
    );
    let image = server.get(&url).await;
    assert_eq!(image.status(), 200);
    assert_eq!(image.headers()["content-type"], "image/jpeg");
    assert_eq!(
        image.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let served = image.bytes().await.unwrap();
    assert!(served.starts_with(&[0xFF, 0xD8, 0xFF]), "a JPEG");
    assert_ne!(served.as_ref(), TINY_PNG, "never the upload itself");
    let (_, menu) = server.get_json("/products/?store_id=14").await;
    assert_eq!(menu[0]["image_url"], url.as_str());

    let (status, _) = server
        .send(
            "DELETE",
            &format!("/products/{product}/image"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        server.get(&url).await.status(),
        404,
        "the old photo is gone"
    );
    server.stop().await;
}

#[tokio::test]
async fn banners_are_uploaded_listed_and_removed() {
    let server = TestServer::start().await;
    let token = server.admin_token().await;
    let created = server
        .client
        .post(server.url("/banners/?alt=Sommerfest&sort_order=2"))
        .bearer_auth(&token)
        .header("content-type", "image/png")
        .body(TINY_PNG.to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let banner: Value = created.json().await.unwrap();
    let (_, list) = server.get_json("/banners/?store_id=14").await;
    let listed = list
        .as_array()
        .unwrap()
        .iter()
        .find(|listed| listed["id"] == banner["id"])
        .unwrap();
    assert_eq!(listed["alt"], "Sommerfest");
    assert_eq!(
        server
            .get(listed["image_url"].as_str().unwrap())
            .await
            .status(),
        200
    );
    let (status, _) = server
        .send(
            "DELETE",
            &format!("/banners/{}", banner["id"]),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 204);
    let (_, list) = server.get_json("/banners/?store_id=14").await;
    let alts: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|listed| listed["alt"].as_str().unwrap())
        .collect();
    assert!(!alts.contains(&"Sommerfest"), "{alts:?}");
    assert_eq!(alts.len(), 1, "the demo's own banner stays: {alts:?}");
    server.stop().await;
}
