//! `heimservice menu export|import` against a running shop (the storefront shows the
//! imported menu at once) and on a stopped one.

use serde_json::{Value, json};

use crate::support::{run_binary, spawn_server};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).to_string()
}

fn product<'a>(document: &'a mut Value, name: &str) -> &'a mut Value {
    document["categories"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .flat_map(|c| c["products"].as_array_mut().unwrap().iter_mut())
        .find(|p| p["name"] == name)
        .unwrap()
}

#[tokio::test]
async fn the_menu_round_trips_and_an_import_is_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let server = spawn_server(dir.path(), &[]);
    let origin = server.storefront_url.replace("/order-online/", "");
    let menu_now = || async {
        let products: Value = reqwest::get(format!("{origin}/products/?store_id=14"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        products
    };

    let exported = run_binary(&["menu", "export", "--data-dir", data], &[]);
    assert!(exported.status.success(), "{}", text(&exported.stderr));
    let mut document: Value = serde_json::from_slice(&exported.stdout).unwrap();
    assert_eq!(document["format"], "heimservice-menu/1");
    assert_eq!(
        product(&mut document, "Peroni 0,33 l")["age_restriction"],
        16
    );
    // The deposit and the net content travel with the product (PAngV).
    let lemon = product(&mut document, "Bitter Lemon 0,33 l");
    assert_eq!(lemon["deposit_cents"], 25);
    assert_eq!(lemon["net_content"], json!({"milli": 330, "unit": "l"}));
    let file = dir.path().join("menu.json");

    // Unchanged, the document changes nothing.
    std::fs::write(&file, serde_json::to_string_pretty(&document).unwrap()).unwrap();
    let same = run_binary(
        &["menu", "import", file.to_str().unwrap(), "--data-dir", data],
        &[],
    );
    assert!(same.status.success(), "{}", text(&same.stderr));
    assert!(
        text(&same.stdout).contains("nothing to change"),
        "{}",
        text(&same.stdout)
    );

    // A new price and one product fewer: a dry run says so and changes nothing.
    product(&mut document, "Tiramisu")["price_cents"] = 600.into();
    product(&mut document, "Bitter Lemon 0,33 l")["deposit_cents"] = 15.into();
    for category in document["categories"].as_array_mut().unwrap() {
        category["products"]
            .as_array_mut()
            .unwrap()
            .retain(|p| p["name"] != "Panna Cotta");
    }
    std::fs::write(&file, serde_json::to_string_pretty(&document).unwrap()).unwrap();
    let before = menu_now().await;
    let dry = run_binary(
        &[
            "menu",
            "import",
            file.to_str().unwrap(),
            "--dry-run",
            "--data-dir",
            data,
        ],
        &[],
    );
    let stdout = text(&dry.stdout);
    assert!(dry.status.success(), "{}", text(&dry.stderr));
    assert!(
        stdout.contains("change 2 products: Tiramisu, Bitter Lemon 0,33 l"),
        "{stdout}"
    );
    assert!(stdout.contains("remove 1 product: Panna Cotta"), "{stdout}");
    assert_eq!(menu_now().await, before, "a dry run changes nothing");

    // For real: the storefront shows it at once.
    let done = run_binary(
        &["menu", "import", file.to_str().unwrap(), "--data-dir", data],
        &[],
    );
    assert!(done.status.success(), "{}", text(&done.stderr));
    let after = menu_now().await;
    let names: Vec<&str> = after
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"Panna Cotta"));
    let tiramisu = after
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Tiramisu")
        .unwrap();
    assert_eq!(tiramisu["price"], 6.0);
    let lemon = after
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Bitter Lemon 0,33 l")
        .unwrap();
    assert_eq!(lemon["deposit"], 0.15);

    // A mistake names its place, and nothing of the file is applied.
    product(&mut document, "Tiramisu")["price_cents"] = 700.into();
    product(&mut document, "Bruschetta")["tax"] = "no-such-tax".into();
    std::fs::write(&file, serde_json::to_string_pretty(&document).unwrap()).unwrap();
    let bad = run_binary(
        &["menu", "import", file.to_str().unwrap(), "--data-dir", data],
        &[],
    );
    assert_eq!(bad.status.code(), Some(1));
    let stderr = text(&bad.stderr);
    assert!(
        stderr.contains("products[0].tax: there is no tax `no-such-tax`"),
        "{stderr}"
    );
    assert!(stderr.contains("nothing was changed"), "{stderr}");
    assert_eq!(menu_now().await, after, "all or nothing");

    // Broken JSON is refused with its line.
    std::fs::write(
        &file,
        "{\n  \"format\": \"heimservice-menu/1\",\n  \"taxes\": [,]\n}",
    )
    .unwrap();
    let broken = run_binary(
        &["menu", "import", file.to_str().unwrap(), "--data-dir", data],
        &[],
    );
    assert!(
        text(&broken.stderr).contains("line 3"),
        "{}",
        text(&broken.stderr)
    );
    drop(server);

    // With the shop stopped the command works on the file.
    let offline = run_binary(
        &[
            "menu",
            "export",
            "--data-dir",
            data,
            "--output",
            file.to_str().unwrap(),
        ],
        &[],
    );
    assert!(offline.status.success(), "{}", text(&offline.stderr));
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let tiramisu = saved["categories"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["products"].as_array().unwrap())
        .find(|p| p["name"] == "Tiramisu")
        .unwrap();
    assert_eq!(tiramisu["price_cents"], 600);
}

#[tokio::test]
async fn the_menu_as_csv_round_trips_and_a_bad_row_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let server = spawn_server(dir.path(), &[]);
    let origin = server.storefront_url.replace("/order-online/", "");
    let file = dir.path().join("menu.csv");
    let exported = run_binary(
        &[
            "menu",
            "export",
            "--format",
            "csv",
            "--output",
            file.to_str().unwrap(),
            "--data-dir",
            data,
        ],
        &[],
    );
    assert!(exported.status.success(), "{}", text(&exported.stderr));
    let csv = std::fs::read_to_string(&file).unwrap();
    assert!(
        csv.contains("Pizza;Pizza Salami;Pizza Salami;Ø 32 cm;Ø 32 cm;10,90;Speisen 7 %;"),
        "{csv}"
    );

    let same = run_binary(
        &["menu", "import", file.to_str().unwrap(), "--data-dir", data],
        &[],
    );
    assert!(same.status.success(), "{}", text(&same.stderr));
    assert!(
        text(&same.stdout).contains("nothing to change"),
        "{}",
        text(&same.stdout)
    );

    // A spreadsheet edit: Tiramisu costs 6,20 € now.
    let edited: String = csv
        .lines()
        .map(|line| {
            if line.starts_with("Desserts;Tiramisu;") {
                let mut fields: Vec<&str> = line.split(';').collect();
                fields[5] = "6,20";
                fields.join(";")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&file, format!("{edited}\n")).unwrap();
    let done = run_binary(
        &["menu", "import", file.to_str().unwrap(), "--data-dir", data],
        &[],
    );
    assert!(done.status.success(), "{}", text(&done.stderr));
    assert!(
        text(&done.stdout).contains("change 1 product: Tiramisu"),
        "{}",
        text(&done.stdout)
    );
    let products: Value = reqwest::get(format!("{origin}/products/?store_id=14"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let tiramisu = products
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Tiramisu")
        .unwrap();
    assert_eq!(tiramisu["price"], 6.2);

    // A row with a price that is not one: its line, and nothing changes.
    let bad = format!("{edited}\nDesserts;Tartufo;;;;viel;Speisen 7 %;yes;;;;;;\n");
    std::fs::write(&file, &bad).unwrap();
    let refused = run_binary(
        &["menu", "import", file.to_str().unwrap(), "--data-dir", data],
        &[],
    );
    assert_eq!(refused.status.code(), Some(1));
    let line = bad.lines().count();
    let stderr = text(&refused.stderr);
    assert!(
        stderr.contains(&format!("line {line}, column price: `viel` is not a price")),
        "{stderr}"
    );
    assert!(stderr.contains("nothing was changed"), "{stderr}");
    let after: Value = reqwest::get(format!("{origin}/products/?store_id=14"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(after, products);
}
