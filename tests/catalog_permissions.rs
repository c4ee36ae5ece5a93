//! Every catalog route × {anonymous, customer, admin}: reads are public, writes are the
//! admin's alone (401 without a token, 403 with a customer's).

use serde_json::json;

use crate::support::TestServer;

#[derive(Clone, Copy, Debug)]
enum Who {
    Anonymous,
    Customer,
    Admin,
}

#[tokio::test]
async fn catalog_routes_answer_by_role() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    let customer = server.customer_token().await;
    let (_, catalog) = server
        .send("GET", "/admin/catalog", Some(&admin), None)
        .await;
    let tax = catalog["taxes"][0]["id"].as_u64().unwrap();
    let category = catalog["categories"][0]["id"].as_u64().unwrap();

    // Valid bodies, so that an admin's request succeeds and the others fail only on role.
    let bodies = |n: u32| {
        vec![
            (
                "POST",
                "/taxes/".to_string(),
                json!({"name": format!("T{n}"), "percentage": 7}),
            ),
            (
                "POST",
                "/categories/".to_string(),
                json!({"name": format!("C{n}"), "sort_order": 1, "visible": true}),
            ),
            (
                "POST",
                "/products/".to_string(),
                json!({"category_id": category, "name": format!("P{n}"), "price": 5.5, "tax_id": tax, "type": "simple"}),
            ),
            (
                "POST",
                "/toppings/".to_string(),
                json!({"name": format!("Top{n}"), "price": 1}),
            ),
            (
                "POST",
                "/topping-groups/".to_string(),
                json!({"name": format!("G{n}"), "min_selections": 0, "max_selections": 2}),
            ),
            (
                "POST",
                "/allergies/".to_string(),
                json!({"code": format!("Z{n}"), "name": "Test"}),
            ),
        ]
    };
    let public_reads = [
        "/categories/?store_id=14",
        "/products/?store_id=14",
        "/allergies/",
        "/banners/?store_id=14",
        "/stores/14",
    ];
    for (n, who) in [Who::Anonymous, Who::Customer, Who::Admin]
        .into_iter()
        .enumerate()
    {
        let token = match who {
            Who::Anonymous => None,
            Who::Customer => Some(customer.as_str()),
            Who::Admin => Some(admin.as_str()),
        };
        for path in public_reads {
            let (status, _) = server.send("GET", path, token, None).await;
            assert_eq!(status, 200, "{who:?} GET {path}");
        }
        let expected_write = match who {
            Who::Anonymous => 401,
            Who::Customer => 403,
            Who::Admin => 201,
        };
        for (method, path, body) in bodies(n as u32) {
            let (status, answer) = server.send(method, &path, token, Some(body)).await;
            assert_eq!(status, expected_write, "{who:?} {method} {path}: {answer}");
            if status >= 400 {
                let code = if status == 401 {
                    "unauthorized"
                } else {
                    "forbidden"
                };
                assert_eq!(answer["code"], code, "{who:?} {method} {path}");
            }
        }
        let expected_admin_read = match who {
            Who::Anonymous => 401,
            Who::Customer => 403,
            Who::Admin => 200,
        };
        let (status, _) = server.send("GET", "/admin/catalog", token, None).await;
        assert_eq!(status, expected_admin_read, "{who:?} GET /admin/catalog");
        // PUT and DELETE on an existing record.
        for (method, path, body) in [
            (
                "PUT",
                format!("/taxes/{tax}"),
                Some(json!({"name": "Speisen 7 %", "percentage": 7})),
            ),
            (
                "PUT",
                format!("/categories/{category}"),
                Some(json!({"name": "Vorspeisen", "sort_order": 10, "visible": true})),
            ),
        ] {
            let expected = match who {
                Who::Anonymous => 401,
                Who::Customer => 403,
                Who::Admin => 200,
            };
            let (status, answer) = server.send(method, &path, token, body).await;
            assert_eq!(status, expected, "{who:?} {method} {path}: {answer}");
        }
        if !matches!(who, Who::Admin) {
            for path in [
                format!("/taxes/{tax}"),
                format!("/categories/{category}"),
                "/products/1".into(),
                "/toppings/1".into(),
                "/topping-groups/1".into(),
                "/group-items/1".into(),
                "/product-groups/1".into(),
                "/allergies/1".into(),
                "/item-allergies/1".into(),
                "/banners/1".into(),
                "/products/1/image".into(),
            ] {
                let (status, _) = server.send("DELETE", &path, token, None).await;
                assert_eq!(status, expected_write, "{who:?} DELETE {path}");
            }
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn a_forged_or_foreign_token_is_unauthorized() {
    let server = TestServer::start().await;
    let admin = server.admin_token().await;
    let mut forged = admin.clone();
    forged.pop();
    forged.push(if admin.ends_with('A') { 'B' } else { 'A' });
    for token in [forged.as_str(), "not-a-token", ""] {
        let (status, body) = server
            .send("GET", "/admin/catalog", Some(token), None)
            .await;
        assert_eq!(status, 401, "{token}");
        assert_eq!(body["code"], "unauthorized");
    }
    server.stop().await;
}
