//! The catalog's records: each kind loaded twice, saved on the first load, then on the
//! second, stale one; a product's photo; the forms `If-Match` takes; and the API
//! document naming it on every change.

use serde_json::{Value, json};

use super::{Admin, TINY_PNG, assert_conflict, quoted, saved_version, version_of};
use crate::support::TestServer;

/// The catalog's resources: the list in `GET /admin/catalog` and the write path.
const CATALOG_KINDS: &[(&str, &str)] = &[
    ("taxes", "/taxes/"),
    ("categories", "/categories/"),
    ("products", "/products/"),
    ("toppings", "/toppings/"),
    ("topping_groups", "/topping-groups/"),
    ("group_items", "/group-items/"),
    ("product_groups", "/product-groups/"),
    ("allergies", "/allergies/"),
    ("item_allergies", "/item-allergies/"),
    ("banners", "/banners/"),
];

/// The `PUT` body an admin's form sends for `record`: its fields with one of them
/// changed, different for each `n`.
pub fn edited(catalog: &Value, list: &str, record: &Value, n: u64) -> Value {
    let mut body = record.clone();
    let fields = body.as_object_mut().unwrap();
    for key in ["id", "version", "image_url", "image"] {
        fields.remove(key);
    }
    if fields.contains_key("sort_order") {
        fields.insert("sort_order".into(), json!(1000 + n));
    } else if list == "item_allergies" {
        // A link's only change: another allergen, one the item does not have yet.
        let linked: Vec<&Value> = catalog["item_allergies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|link| {
                link["item_type"] == record["item_type"] && link["item_id"] == record["item_id"]
            })
            .map(|link| &link["allergy_id"])
            .collect();
        let other = catalog["allergies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|allergy| &allergy["id"])
            .filter(|id| !linked.contains(id))
            .nth(n as usize)
            .unwrap();
        fields.insert("allergy_id".into(), other.clone());
    } else {
        let name = format!("{} {n}", record["name"].as_str().unwrap());
        fields.insert("name".into(), json!(name));
    }
    body
}

#[tokio::test]
async fn a_stale_save_of_any_catalog_record_is_refused_and_the_first_save_stays() {
    let server = TestServer::start().await;
    let admin = Admin::of(&server).await;
    let banner = admin
        .server
        .client
        .post(server.url("/banners/?alt=Sommer"))
        .bearer_auth(&admin.token)
        .header("content-type", "image/png")
        .body(TINY_PNG.to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(banner.status(), 201);

    for (list, path) in CATALOG_KINDS {
        // Both admins open the same record: the same version.
        let catalog = admin.catalog().await;
        let record = catalog[list][0].clone();
        let id = record["id"].as_u64().unwrap();
        let loaded = version_of(&record);
        assert_eq!(version_of(&admin.catalog_record(list, id).await), loaded);
        let item = format!("{path}{id}");

        let first = admin
            .call_if(
                "PUT",
                &item,
                &loaded,
                Some(edited(&catalog, list, &record, 1)),
            )
            .await;
        let current = saved_version(&first, &format!("first save of {item}"));
        assert_ne!(current, loaded, "{item}: a change makes a new version");
        assert_eq!(admin.catalog_record(list, id).await, first.body, "{item}");

        let second = admin
            .call_if(
                "PUT",
                &item,
                &loaded,
                Some(edited(&catalog, list, &record, 2)),
            )
            .await;
        assert_conflict(&second, Some(&current), &format!("second save of {item}"));
        let stale_delete = admin.call_if("DELETE", &item, &loaded, None).await;
        assert_conflict(&stale_delete, Some(&current), &format!("DELETE {item}"));
        assert_eq!(
            admin.catalog_record(list, id).await,
            first.body,
            "{item}: the first save is intact"
        );

        let again = admin
            .call_if(
                "PUT",
                &item,
                &current,
                Some(edited(&catalog, list, &record, 3)),
            )
            .await;
        saved_version(&again, &format!("a save of {item} on the current version"));
        let unconditional = admin
            .call("PUT", &item, &[], Some(edited(&catalog, list, &record, 4)))
            .await;
        saved_version(
            &unconditional,
            &format!("a save of {item} without If-Match"),
        );
    }

    // A delete on the current version goes through.
    let link = admin.catalog().await["product_groups"][0].clone();
    let path = format!("/product-groups/{}", link["id"]);
    let deleted = admin
        .call_if("DELETE", &path, &version_of(&link), None)
        .await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    server.stop().await;
}

#[tokio::test]
async fn a_product_photo_changed_meanwhile_is_not_replaced_on_a_stale_version() {
    let server = TestServer::start().await;
    let admin = Admin::of(&server).await;
    let product = admin.catalog().await["products"][0].clone();
    let loaded = version_of(&product);
    let path = format!("/products/{}/image", product["id"]);

    let first = admin.upload(&path, &[("If-Match", &quoted(&loaded))]).await;
    let current = saved_version(&first, "the first photo");
    let second = admin.upload(&path, &[("If-Match", &quoted(&loaded))]).await;
    assert_conflict(&second, Some(&current), "a second photo on the old version");
    let removed = admin.call_if("DELETE", &path, &loaded, None).await;
    assert_conflict(
        &removed,
        Some(&current),
        "removing the photo on the old version",
    );
    let id = product["id"].as_u64().unwrap();
    assert_eq!(
        admin.catalog_record("products", id).await["image_url"],
        first.body["image_url"]
    );

    let removed = admin.call_if("DELETE", &path, &current, None).await;
    saved_version(&removed, "removing the photo on the current version");
    assert_eq!(removed.body["image_url"], Value::Null);
    server.stop().await;
}

#[tokio::test]
async fn if_match_takes_any_version_listed_a_star_and_the_bare_version() {
    let server = TestServer::start().await;
    let admin = Admin::of(&server).await;
    let catalog = admin.catalog().await;
    let category = catalog["categories"][0].clone();
    let loaded = version_of(&category);
    let path = format!("/categories/{}", category["id"]);
    let body = |n| Some(edited(&catalog, "categories", &category, n));

    let listed = format!("\"0000000000000000\", {}", quoted(&loaded));
    let saved = admin
        .call("PUT", &path, &[("If-Match", &listed)], body(1))
        .await;
    let current = saved_version(&saved, "one of two listed versions");
    let weak = format!("W/{}", quoted(&current));
    let refused = admin
        .call("PUT", &path, &[("If-Match", &weak)], body(2))
        .await;
    assert_conflict(&refused, Some(&current), "a weak tag never matches");
    let bare = admin
        .call("PUT", &path, &[("If-Match", &current)], body(3))
        .await;
    let current = saved_version(&bare, "the body's version, unquoted");
    let star = admin
        .call("PUT", &path, &[("If-Match", "*")], body(4))
        .await;
    assert_ne!(saved_version(&star, "If-Match: *"), current);
    let garbage = admin
        .call("PUT", &path, &[("If-Match", "\"open")], body(5))
        .await;
    assert_eq!(garbage.status, 400, "{}", garbage.body);
    assert_eq!(garbage.body["field"], "If-Match", "{}", garbage.body);
    let missing = admin
        .call_if("PUT", "/categories/999999", &current, body(6))
        .await;
    assert_eq!(
        missing.status, 404,
        "no such record: 404, whatever the version"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_api_document_names_if_match_on_every_change_of_an_edited_record() {
    let server = TestServer::start().await;
    let (_, document) = server.get_json("/openapi.json").await;
    let mut changes: Vec<(String, &str)> = Vec::new();
    for (_, path) in CATALOG_KINDS {
        let item = format!("{}/{{id}}", path.trim_end_matches('/'));
        changes.push((item.clone(), "put"));
        changes.push((item, "delete"));
    }
    for (path, method) in [
        ("/products/{id}/image", "put"),
        ("/products/{id}/image", "delete"),
        ("/stores/{id}", "put"),
        ("/stores/{id}/pause", "put"),
        ("/postcodes/{id}", "put"),
        ("/postcodes/{id}", "delete"),
        ("/discounts/{id}/{code}", "put"),
        ("/discounts/{id}/{code}", "delete"),
        ("/admin/printers/{id}", "put"),
        ("/admin/printers/{id}", "delete"),
    ] {
        changes.push((path.to_string(), method));
    }
    for (path, method) in &changes {
        let operation = &document["paths"][path.as_str()][method];
        let takes_if_match = operation["parameters"]
            .as_array()
            .unwrap_or_else(|| panic!("{method} {path} has no parameters: {operation}"))
            .iter()
            .any(|parameter| parameter["in"] == "header" && parameter["name"] == "If-Match");
        assert!(takes_if_match, "{method} {path} documents If-Match");
        let text = format!(
            "{} {}",
            operation["summary"].as_str().unwrap_or_default(),
            operation["description"].as_str().unwrap_or_default()
        );
        assert!(
            text.contains("If-Match") && text.contains("edit_conflict"),
            "{method} {path} says what If-Match does: {text}"
        );
        if *method == "put" {
            let headers = &operation["responses"]["200"]["headers"];
            let etag = headers.as_object().is_some_and(|headers| {
                headers.keys().any(|name| name.eq_ignore_ascii_case("etag"))
            });
            assert!(
                etag,
                "{method} {path} answers the new version as ETag: {headers}"
            );
        }
    }
    let description = document["info"]["description"].as_str().unwrap();
    assert!(description.contains("edit_conflict"), "{description}");
    server.stop().await;
}
