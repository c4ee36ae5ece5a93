use crate::support::TestServer;

#[tokio::test]
async fn the_openapi_document_describes_every_api_route() {
    let server = TestServer::start().await;
    let (status, document) = server.get_json("/openapi.json").await;
    assert_eq!(status, 200);
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    let paths = document["paths"].as_object().unwrap();
    let text = server.get("/openapi.json").await.text().await.unwrap();
    assert_eq!(
        text.matches("\"/categories\":").count(),
        1,
        "each path appears once in the document"
    );
    for (path, method) in [
        ("/healthz", "get"),
        ("/metrics", "get"),
        ("/stores/{id}", "get"),
        ("/login", "post"),
        ("/users/me", "get"),
        ("/admin/catalog", "get"),
        ("/categories", "get"),
        ("/categories", "post"),
        ("/categories/{id}", "put"),
        ("/categories/{id}", "delete"),
        ("/products", "get"),
        ("/products", "post"),
        ("/products/{id}", "put"),
        ("/products/{id}", "delete"),
        ("/products/{id}/image", "put"),
        ("/products/{id}/image", "delete"),
        ("/taxes", "post"),
        ("/taxes/{id}", "put"),
        ("/taxes/{id}", "delete"),
        ("/toppings", "post"),
        ("/toppings/{id}", "delete"),
        ("/topping-groups", "post"),
        ("/topping-groups/{id}", "put"),
        ("/group-items", "post"),
        ("/group-items/{id}", "delete"),
        ("/product-groups", "post"),
        ("/product-groups/{id}", "delete"),
        ("/allergies", "get"),
        ("/allergies", "post"),
        ("/item-allergies", "post"),
        ("/item-allergies/{id}", "delete"),
        ("/banners", "get"),
        ("/banners", "post"),
        ("/banners/{id}", "put"),
        ("/banners/{id}", "delete"),
        ("/images/{key}", "get"),
        ("/images/{key}/{file}", "get"),
        ("/stores/{id}", "put"),
        ("/stores/{id}/pause", "put"),
        ("/stores/{id}/slots", "get"),
        ("/postcodes/store/{id}", "get"),
        ("/postcodes", "post"),
        ("/postcodes/{id}", "put"),
        ("/postcodes/{id}", "delete"),
        ("/discounts/{id}", "get"),
        ("/orders", "post"),
        ("/orders", "get"),
        ("/orders/guest", "post"),
        ("/orders/paypal", "post"),
        ("/orders/guest/paypal", "post"),
        ("/orders/track/{token}", "get"),
        ("/orders/track/{token}/push", "put"),
        ("/orders/track/{token}/push", "delete"),
        ("/push/key", "get"),
        ("/admin/push", "put"),
        ("/admin/push", "delete"),
        ("/orders/{id}", "get"),
        ("/ws/orders/{token}", "get"),
        ("/ws/admin/orders", "get"),
        ("/admin/orders", "get"),
        ("/admin/orders/open", "get"),
        ("/admin/orders/{id}", "get"),
        ("/admin/orders/{id}/accept", "post"),
        ("/admin/orders/{id}/reject", "post"),
        ("/admin/orders/{id}/status", "post"),
        ("/discounts/{id}/{code}", "put"),
        ("/discounts/{id}/{code}", "delete"),
        ("/admin/discounts", "get"),
        ("/ws/store/{id}/status", "get"),
        ("/register/customer", "post"),
        ("/addresses", "get"),
        ("/addresses", "post"),
        ("/addresses/{id}", "put"),
        ("/addresses/{id}", "delete"),
        ("/forgot-password", "post"),
        ("/reset-password", "post"),
        ("/support", "post"),
        ("/admin/support-messages", "get"),
        ("/admin/outbox", "get"),
        ("/admin/printers", "get"),
        ("/admin/printers", "post"),
        ("/admin/printers/{id}", "put"),
        ("/admin/printers/{id}", "delete"),
        ("/admin/printers/{id}/test", "post"),
        ("/users/me", "delete"),
        ("/admin/phone-orders", "post"),
        ("/admin/phone-orders/slots", "get"),
        ("/products/{id}/availability", "put"),
        ("/products/{id}/variants/{variant_id}/availability", "put"),
        ("/toppings/{id}/availability", "put"),
        ("/admin/daily-stocks", "get"),
        ("/admin/orders/{id}/print", "post"),
        ("/admin/orders/{id}/cancel", "post"),
        ("/admin/orders/{id}/lines", "put"),
        ("/admin/accounts", "get"),
        ("/admin/accounts", "post"),
        ("/admin/accounts/{id}/password", "put"),
        ("/admin/accounts/{id}", "delete"),
        ("/admin/coupons", "get"),
        ("/admin/coupons", "post"),
        ("/admin/coupons/{id}", "get"),
        ("/admin/coupons/{id}", "put"),
        ("/admin/tables", "get"),
        ("/admin/tables", "post"),
        ("/admin/tables/{id}", "put"),
        ("/admin/tables/{id}", "delete"),
        ("/admin/tables/{id}/secret", "post"),
        ("/tables/{id}", "get"),
        ("/admin/customers", "get"),
        ("/admin/customers/callers", "get"),
        ("/admin/customers/{id}", "get"),
        ("/admin/customers/{id}/orders", "get"),
        ("/admin/orders/search", "get"),
    ] {
        assert!(
            paths.get(path).and_then(|item| item.get(method)).is_some(),
            "{method} {path} missing from {:?}",
            paths.keys().collect::<Vec<_>>()
        );
    }
    let error_schema = &document["components"]["schemas"]["ErrorBody"]["properties"];
    assert!(error_schema.get("detail").is_some() && error_schema.get("code").is_some());
    server.stop().await;
}

/// Answers as documented: the fuzzer (scripts/fuzz-api) compares every answer with the
/// document; these are the cases it found.
#[tokio::test]
async fn the_document_matches_what_the_server_answers() {
    let server = TestServer::start().await;
    let (_, document) = server.get_json("/openapi.json").await;
    let schemas = &document["components"]["schemas"];
    let operation = |path: &str, method: &str| document["paths"][path][method].clone();

    // Optional names, photos and dates are sent as null (the admin's records with their
    // version, `Versioned_*`, as they are answered).
    for (schema, field) in [
        ("CategoryView", "name_en"),
        ("ProductView", "image_url"),
        ("ProductView", "image"),
        ("BannerView", "image"),
        ("Versioned_ProductRecord", "description_en"),
        ("Versioned_ToppingView", "name_en"),
        ("Versioned_AdminDiscountView", "expires_on"),
        ("OrderView", "estimated_ready_at"),
        ("AdminOrderView", "auto_reject_at"),
    ] {
        assert_eq!(
            schemas[schema]["properties"][field]["nullable"], true,
            "{schema}.{field} may be null"
        );
    }

    // A request without a valid token is answered 401.
    assert!(operation("/users/me", "get")["responses"]["401"].is_object());

    // A login without a form body is answered 415.
    assert!(operation("/login", "post")["responses"]["415"].is_object());

    // Images are sent with their own type.
    let image = &operation("/images/{key}", "get")["responses"]["200"]["content"];
    assert!(image["image/*"].is_object(), "{image}");
    server.stop().await;
}

/// The UI's sentences for the error codes: `ui/src/locales/errors.<language>.json`.
fn error_texts(language: &str) -> serde_json::Value {
    let path = format!(
        "{}/ui/src/locales/errors.{language}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    serde_json::from_str(&text).unwrap()
}

/// The `{{name}}` placeholders of an i18next sentence.
fn placeholders(text: &str) -> Vec<&str> {
    text.split("{{")
        .skip(1)
        .filter_map(|rest| rest.split_once("}}").map(|(name, _)| name.trim()))
        .collect()
}

#[tokio::test]
async fn every_error_code_has_a_german_and_an_english_sentence() {
    let server = TestServer::start().await;
    let (_, document) = server.get_json("/openapi.json").await;
    let code = &document["components"]["schemas"]["ErrorBody"]["properties"]["code"];
    let codes = code["enum"].as_array().expect("the codes are listed");
    assert!(codes.len() > 50, "{codes:?}");
    let mut missing = Vec::new();
    for language in ["de", "en"] {
        let texts = error_texts(language);
        for code_value in codes {
            let name = code_value.as_str().unwrap();
            let params: Vec<&str> = code["x-params"][name]
                .as_array()
                .unwrap_or_else(|| panic!("no x-params for {name}"))
                .iter()
                .map(|param| param.as_str().unwrap())
                .collect();
            match texts[name].as_str() {
                Some(text) if !text.trim().is_empty() => {
                    for used in placeholders(text) {
                        assert!(
                            params.contains(&used),
                            "{language} {name}: {{{{{used}}}}} is not one of {params:?}"
                        );
                    }
                }
                _ => missing.push(format!("{language}: {name}")),
            }
        }
    }
    assert!(missing.is_empty(), "no sentence for {missing:?}");
}
