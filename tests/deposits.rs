//! German price labelling (PAngV): a deposit (Pfand) is shown beside the price and
//! charged as its own line, never discounted and not counted towards the minimum order,
//! with the VAT of its drink; bottled drinks and packaged goods show a unit price
//! computed from their net content; the owner sets both, and the readiness check
//! advises on a bottled drink without its content.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::fake_paypal::FakePaypal;
use crate::support::ordering::*;
use crate::support::paypal_checkout::paypal_server;

/// The drinks category and its tax, from the demo's Bitter Lemon.
async fn drinks(server: &TestServer, admin: &str) -> (Value, Value) {
    let (_, catalog) = server
        .send("GET", "/admin/catalog", Some(admin), None)
        .await;
    let lemon = catalog["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|product| product["name"] == "Bitter Lemon 0,33 l")
        .unwrap()
        .clone();
    assert_eq!(lemon["deposit"], 0.25, "the admin's record: {lemon}");
    assert_eq!(lemon["net_content"], json!({"amount": 0.33, "unit": "l"}));
    (lemon["category_id"].clone(), lemon["tax_id"].clone())
}

#[tokio::test]
async fn the_menu_shows_deposit_and_unit_price_and_the_owner_sets_them() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let lemon = menu.product("Bitter Lemon 0,33 l");
    assert_eq!(lemon["deposit"], 0.25);
    assert_eq!(lemon["net_content"], json!({"amount": 0.33, "unit": "l"}));
    // 2,90 € for 0,33 l: 8,7878… €/l, rounded half up.
    assert_eq!(lemon["unit_price"], 8.79);
    let cola = menu.product("Coca-Cola");
    assert_eq!(
        cola["deposit"],
        Value::Null,
        "a variable product's are per variant"
    );
    assert_eq!(cola["variants"][0]["deposit"], 0.15);
    assert_eq!(cola["variants"][0]["unit_price"], 8.48);
    assert_eq!(cola["variants"][1]["deposit"], 0.25);
    assert_eq!(cola["variants"][1]["unit_price"], 4.5);
    let pizza = menu.product("Bruschetta");
    assert_eq!(
        (
            &pizza["deposit"],
            &pizza["net_content"],
            &pizza["unit_price"]
        ),
        (&Value::Null, &Value::Null, &Value::Null)
    );

    let (category, tax) = drinks(&server, &admin).await;
    let simple = |deposit: Value, content: Value| {
        json!({
            "category_id": category, "name": "Apfelschorle 0,5 l", "price": 2.6,
            "tax_id": tax, "type": "simple", "sort_order": 60, "available": true,
            "no_allergens": true, "deposit": deposit, "net_content": content,
        })
    };
    for (deposit, content, field) in [
        (json!(10.01), Value::Null, "deposit"),
        (json!(0.255), Value::Null, "deposit"),
        (json!(-0.25), Value::Null, "deposit"),
        (
            Value::Null,
            json!({"amount": 0, "unit": "l"}),
            "net_content",
        ),
        (
            Value::Null,
            json!({"amount": 0.3333, "unit": "l"}),
            "net_content",
        ),
        (
            Value::Null,
            json!({"amount": 1000.5, "unit": "kg"}),
            "net_content",
        ),
    ] {
        let (status, refused) = server
            .send(
                "POST",
                "/products/",
                Some(&admin),
                Some(simple(deposit.clone(), content.clone())),
            )
            .await;
        assert_eq!(status, 400, "{deposit} {content}: {refused}");
        assert_eq!(refused["field"], field, "{refused}");
    }
    let (status, refused) = server
        .send(
            "POST",
            "/products/",
            Some(&admin),
            Some(simple(Value::Null, json!({"amount": 0.5, "unit": "ml"}))),
        )
        .await;
    assert_eq!(status, 400, "an unknown unit: {refused}");
    let (status, created) = server
        .send(
            "POST",
            "/products/",
            Some(&admin),
            Some(simple(json!(0.25), json!({"amount": 0.5, "unit": "l"}))),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["deposit"], 0.25);
    assert_eq!(created["net_content"], json!({"amount": 0.5, "unit": "l"}));

    // A variable product keeps both on each variant, and says so when sent on itself.
    let variable = |deposit: Value| {
        json!({
            "category_id": category, "name": "Wasser", "tax_id": tax, "type": "variable",
            "sort_order": 70, "available": true, "no_allergens": true, "deposit": deposit,
            "variants": [
                {"name": "0,5 l", "price": 1.9, "deposit": 0.25,
                 "net_content": {"amount": 0.5, "unit": "l"}},
                {"name": "Kiste 12 × 0,7 l", "price": 9.9, "deposit": 3.3,
                 "net_content": {"amount": 8.4, "unit": "l"}},
            ],
        })
    };
    let (status, refused) = server
        .send(
            "POST",
            "/products/",
            Some(&admin),
            Some(variable(json!(0.25))),
        )
        .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["field"], "deposit");
    let (status, water) = server
        .send(
            "POST",
            "/products/",
            Some(&admin),
            Some(variable(Value::Null)),
        )
        .await;
    assert_eq!(status, 201, "{water}");

    let menu = Menu::load(&server).await;
    let schorle = menu.product("Apfelschorle 0,5 l");
    assert_eq!(schorle["deposit"], 0.25);
    assert_eq!(schorle["unit_price"], 5.2);
    let water = menu.product("Wasser");
    assert_eq!(water["variants"][1]["deposit"], 3.3);
    // 9,90 € for 8,4 l: 1,1785… €/l.
    assert_eq!(water["variants"][1]["unit_price"], 1.18);
    assert_eq!(
        water["variants"][0]["net_content"],
        json!({"amount": 0.5, "unit": "l"})
    );
}

#[tokio::test]
async fn a_bottled_drink_without_its_content_is_advice_before_opening() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let (category, tax) = drinks(&server, &admin).await;
    let (status, created) = server
        .send(
            "POST",
            "/products/",
            Some(&admin),
            Some(json!({
                "category_id": category, "name": "Malzbier", "price": 2.4, "tax_id": tax,
                "type": "simple", "sort_order": 80, "available": true,
                "no_allergens": true, "deposit": 0.08,
            })),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let (status, readiness) = server
        .send("GET", "/admin/readiness", Some(&admin), None)
        .await;
    assert_eq!(status, 200);
    let finding = readiness["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|finding| finding["code"] == "unit_price_missing")
        .unwrap_or_else(|| panic!("no unit_price_missing in {readiness}"));
    assert_eq!(finding["severity"], "warning", "{finding}");
    assert_eq!(
        finding["key"],
        format!("unit_price_missing:product:{}", created["id"])
    );
    assert!(
        finding["detail"].as_str().unwrap().contains("Malzbier"),
        "{finding}"
    );
}

/// Two Bitter Lemon (19 %, 0,25 € deposit each) and a Bruschetta (7 %), for pickup with
/// the demo's 10 % pickup discount.
fn pickup_with_drinks(menu: &Menu) -> Value {
    let mut body = guest_order(
        json!([
            line(menu.id("Bitter Lemon 0,33 l"), 2),
            line(menu.id("Bruschetta"), 1)
        ]),
        "10115",
    );
    body["order_type"] = json!("pickup");
    body
}

#[tokio::test]
async fn a_deposit_is_charged_beside_the_goods_undiscounted_with_its_drinks_vat() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = pickup_with_drinks(&menu);
    let (status, quote) = post_with(&server, "/orders/guest/quote", None, &[], &body).await;
    assert_eq!(status, 200, "{quote}");
    // Goods 2 × 2,90 + 5,90 = 11,70 €; 10 % off the goods only; 0,50 € deposit on top.
    assert_eq!(cents(&quote["subtotal"]), 1170);
    assert_eq!(cents(&quote["discount"]), 117);
    assert_eq!(cents(&quote["deposit"]), 50);
    assert_eq!(cents(&quote["total"]), 1170 - 117 + 50);
    let lemon = &quote["lines"][0];
    assert_eq!(
        (cents(&lemon["total"]), cents(&lemon["deposit"])),
        (580, 25),
        "the line's goods and its deposit per bottle: {lemon}"
    );

    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(cents(&order["deposit"]), 50);
    assert_eq!(cents(&order["total"]), 1103);
    // The deposit bears the drink's 19 %: 5,80 − 0,58 discount + 0,50 deposit.
    let vat: Vec<(i64, i64)> = order["vat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| (cents(&line["percentage"]), cents(&line["gross"])))
        .collect();
    assert_eq!(vat, [(700, 590 - 59), (1900, 580 - 58 + 50)]);

    // The confirmation mail names it under the line and charges it once, above the total.
    let mails = outbox(&server, &admin, 1).await;
    let body = mails[0]["body"].as_str().unwrap();
    assert!(
        body.contains(
            "2 × Bitter Lemon 0,33 l  5,80 €\n    zzgl. / plus 2 × 0,25 € Pfand / deposit\n"
        ),
        "{body}"
    );
    assert!(
        body.contains("Pfand / deposit: 0,50 €\nGesamt / total: 11,03 €"),
        "{body}"
    );

    // The day's figures count the deposit within the revenue, and on its own.
    let path = "/admin/reports/revenue?from=2026-11-23&to=2026-11-23";
    let (status, report) = server.send("GET", path, Some(&admin), None).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(cents(&report["totals"]["deposit"]), 50, "{report}");
    assert_eq!(cents(&report["totals"]["revenue"]), 1103);
}

#[tokio::test]
async fn a_deposit_does_not_make_up_for_the_minimum_order() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    // 10119 asks for 15 €: five Bitter Lemon are 14,50 € of goods and 1,25 € deposit.
    let body = guest_order(json!([line(menu.id("Bitter Lemon 0,33 l"), 5)]), "10119");
    let (status, refused) = post_with(&server, "/orders/guest/quote", None, &[], &body).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "below_minimum", "{refused}");
}

#[tokio::test]
async fn paypal_is_asked_for_the_total_with_the_deposit() {
    let fake = FakePaypal::start().await;
    let server = paypal_server(&fake, &[]).await;
    let menu = Menu::load(&server).await;
    let mut body = pickup_with_drinks(&menu);
    body["payment_method"] = json!("online");
    let (status, created) = post_with(&server, "/orders/guest/paypal", None, &[], &body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["paypal_order_id"].as_str().unwrap();
    let state = fake.state().await;
    assert_eq!(
        state["orders"][id]["purchase_units"][0]["amount"]["value"], "11.03",
        "{state}"
    );
}
