//! `heimservice check`: the readiness findings on the command line, from the running
//! server (control socket) and from the database file when no server runs.

use serde_json::{Value, json};

use crate::support::{run_binary, spawn_server};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).to_string()
}

fn check(data: &str, json: bool) -> std::process::Output {
    let mut args = vec!["check", "--data-dir", data];
    if json {
        args.push("--json");
    }
    run_binary(&args, &[])
}

#[tokio::test]
async fn check_lists_what_is_missing_with_and_without_a_running_server() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();

    // No database yet: a clear refusal.
    let nothing = check(data, false);
    assert_eq!(nothing.status.code(), Some(1));
    assert!(
        text(&nothing.stderr).contains("there is no database"),
        "{}",
        text(&nothing.stderr)
    );

    let server = spawn_server(dir.path(), &[]);
    let origin = server.storefront_url.replace("/order-online/", "");

    // The demo shop lacks nothing.
    let ready = check(data, false);
    assert_eq!(ready.status.code(), Some(0), "{}", text(&ready.stderr));
    assert!(
        text(&ready.stdout).contains("nothing is missing"),
        "{}",
        text(&ready.stdout)
    );

    // An unlabelled product, added while the shop runs.
    let created = run_binary(
        &[
            "admin",
            "create",
            "--email",
            "anna@example.com",
            "--data-dir",
            data,
        ],
        &[("HEIMSERVICE_ADMIN_PASSWORD", "correct-horse-9")],
    );
    assert!(created.status.success(), "{}", text(&created.stderr));
    let client = reqwest::Client::new();
    let login: Value = client
        .post(format!("{origin}/login"))
        .form(&[
            ("username", "anna@example.com"),
            ("password", "correct-horse-9"),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["access_token"].as_str().unwrap().to_string();
    let catalog: Value = client
        .get(format!("{origin}/admin/catalog"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let product: Value = client
        .post(format!("{origin}/products/"))
        .bearer_auth(&token)
        .json(&json!({
            "category_id": catalog["categories"][0]["id"], "name": "Focaccia", "price": 4.5,
            "tax_id": catalog["taxes"][0]["id"], "type": "simple"
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = product["id"].as_u64().unwrap();

    let running = check(data, false);
    assert_eq!(running.status.code(), Some(1));
    let listed = text(&running.stdout);
    assert!(listed.contains("1 thing to fix"), "{listed}");
    assert!(
        listed.contains(&format!(
            "[hidden] allergens_missing (not sold until fixed): Product “Focaccia” has no allergen or additive codes and is not marked as containing none; it is not sold until it is. → /admin/products?id={id}"
        )),
        "{listed}"
    );
    assert!(
        listed.contains("the shop takes orders by its opening hours; what is marked hidden is not sold until it is fixed"),
        "{listed}"
    );
    assert!(
        text(&running.stderr).contains("1 finding to fix"),
        "{}",
        text(&running.stderr)
    );
    let as_json = check(data, true);
    assert_eq!(as_json.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&as_json.stdout).unwrap();
    assert_eq!(
        report["ready"], true,
        "a hidden product does not close the shop"
    );
    assert_eq!(report["findings"][0]["severity"], "hidden");
    assert_eq!(
        report["findings"][0]["key"],
        format!("allergens_missing:product:{id}")
    );
    assert_eq!(
        report["findings"][0]["link"],
        format!("/admin/products?id={id}")
    );

    // Confirmed on the dashboard: still listed (and still exit 1), still not sold.
    let confirmed = client
        .post(format!("{origin}/admin/readiness/confirm"))
        .bearer_auth(&token)
        .json(&json!({"finding_keys": [format!("allergens_missing:product:{id}")]}))
        .send()
        .await
        .unwrap();
    assert_eq!(confirmed.status(), 200);
    let after = check(data, false);
    assert_eq!(after.status.code(), Some(1));
    assert!(
        text(&after.stdout).contains("allergens_missing (not sold until fixed)"),
        "{}",
        text(&after.stdout)
    );
    assert!(
        text(&after.stdout).contains("the shop takes orders by its opening hours"),
        "{}",
        text(&after.stdout)
    );

    // The shop stopped: the file says the same.
    drop(server);
    let offline = check(data, true);
    assert_eq!(offline.status.code(), Some(1), "{}", text(&offline.stderr));
    let report: Value = serde_json::from_slice(&offline.stdout).unwrap();
    assert_eq!(report["ready"], true);
    assert_eq!(report["findings"][0]["confirmed"], true);
    assert_eq!(
        report["confirmation"]["finding_keys"],
        json!([format!("allergens_missing:product:{id}")])
    );
}
