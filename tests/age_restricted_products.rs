//! Beer and wine are sold only to persons of 16 and over (JuSchG § 9): the menu says
//! which products are restricted, the quote names the age, a customer's order needs the
//! confirmation before it is placed or paid, and staff on the phone ask the caller.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::fake_paypal::FakePaypal;
use crate::support::ordering::*;

fn beer_order(menu: &Menu) -> Value {
    let mut lines = lunch_lines(menu);
    lines
        .as_array_mut()
        .unwrap()
        .push(line(menu.id("Peroni 0,33 l"), 2));
    guest_order(lines, "10115")
}

#[tokio::test]
async fn an_order_with_beer_is_placed_only_with_the_age_confirmed() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    assert_eq!(menu.product("Peroni 0,33 l")["age_restriction"], 16);
    assert_eq!(
        menu.product("Montepulciano d'Abruzzo 0,75 l")["age_restriction"],
        16
    );
    assert_eq!(menu.product("Bruschetta")["age_restriction"], Value::Null);

    let body = beer_order(&menu);
    let (status, quoted) = post_with(&server, "/orders/guest/quote", None, &[], &body).await;
    assert_eq!(status, 200, "the quote prices it all the same: {quoted}");
    assert_eq!(quoted["age_restriction"], 16);
    let (_, plain) = post_with(
        &server,
        "/orders/guest/quote",
        None,
        &[],
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    assert_eq!(plain["age_restriction"], Value::Null, "{plain}");

    let (status, refused) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["code"], "age_confirmation_required");
    assert_eq!(refused["field"], "age_confirmed");
    assert_eq!(refused["params"]["age"], "16", "{refused}");
    let mut unconfirmed = body.clone();
    unconfirmed["age_confirmed"] = json!(false);
    let (status, _) = post_with(&server, "/orders/guest", None, &[], &unconfirmed).await;
    assert_eq!(status, 400);
    assert_eq!(open_orders(&server, &admin).await, 0, "nothing was placed");

    let mut confirmed = body.clone();
    confirmed["age_confirmed"] = json!(true);
    confirmed["quote_id"] = quoted["quote_id"].clone();
    let (status, placed) = post_with(&server, "/orders/guest", None, &[], &confirmed).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["age_restriction"], 16);
    let (_, seen) = server
        .send(
            "GET",
            &format!("/admin/orders/{}", placed["id"]),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(seen["age_restriction"], 16, "{seen}");

    // An order without such products needs no confirmation.
    let (status, placed) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lunch_lines(&menu), "10115"),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["age_restriction"], Value::Null);
}

#[tokio::test]
async fn the_owner_marks_spirits_18_and_nothing_else() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let (_, catalog) = server
        .send("GET", "/admin/catalog", Some(&admin), None)
        .await;
    let product = catalog["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|product| product["name"] == "Peroni 0,33 l")
        .unwrap()
        .clone();
    assert_eq!(product["age_restriction"], 16);
    let body = |age: Value| {
        json!({
            "category_id": product["category_id"], "name": "Grappa 2 cl",
            "price": 3.5, "tax_id": product["tax_id"], "type": "simple",
            "sort_order": 60, "available": true, "no_allergens": true,
            "age_restriction": age,
        })
    };
    for wrong in [json!(17), json!(0), json!(21)] {
        let (status, refused) = server
            .send(
                "POST",
                "/products/",
                Some(&admin),
                Some(body(wrong.clone())),
            )
            .await;
        assert_eq!(status, 400, "{wrong}: {refused}");
        assert_eq!(refused["field"], "age_restriction", "{refused}");
    }
    let (status, created) = server
        .send("POST", "/products/", Some(&admin), Some(body(json!(18))))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["age_restriction"], 18);
    let menu = Menu::load(&server).await;
    assert_eq!(menu.product("Grappa 2 cl")["age_restriction"], 18);

    let mut lines = lunch_lines(&menu);
    lines
        .as_array_mut()
        .unwrap()
        .push(line(menu.id("Grappa 2 cl"), 1));
    lines
        .as_array_mut()
        .unwrap()
        .push(line(menu.id("Peroni 0,33 l"), 1));
    let (status, refused) = post_with(
        &server,
        "/orders/guest",
        None,
        &[],
        &guest_order(lines, "10115"),
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["params"]["age"], "18", "the highest age counts");

    // Saved without the field, the product is sold to anyone again.
    let mut edited = body(Value::Null);
    edited.as_object_mut().unwrap().remove("age_restriction");
    let (status, saved) = server
        .send(
            "PUT",
            &format!("/products/{}", created["id"]),
            Some(&admin),
            Some(edited),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["age_restriction"], Value::Null);
}

#[tokio::test]
async fn staff_on_the_phone_ask_the_caller_and_the_order_is_taken() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut body = beer_order(&menu);
    let customer = body
        .as_object_mut()
        .unwrap()
        .remove("shipping_address")
        .unwrap();
    body.as_object_mut().unwrap().remove("payment_method");
    body["customer"] = customer;
    body["minutes"] = json!(30);
    let (status, placed) =
        post_with(&server, "/admin/phone-orders", Some(&admin), &[], &body).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["age_restriction"], 16);
}

#[tokio::test]
async fn paypal_is_not_asked_for_money_before_the_age_is_confirmed() {
    let fake = FakePaypal::start().await;
    let mut builder = TestServer::builder().env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME);
    for (name, value) in fake.server_env() {
        builder = builder.env(name, &value);
    }
    let server = builder.start().await;
    let menu = Menu::load(&server).await;
    let mut body = beer_order(&menu);
    body["payment_method"] = json!("online");
    let (status, refused) = post_with(&server, "/orders/guest/paypal", None, &[], &body).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["code"], "age_confirmation_required");
    let state = fake.state().await;
    assert!(
        state["orders"].as_object().unwrap().is_empty(),
        "no PayPal order was created: {state}"
    );
    body["age_confirmed"] = json!(true);
    let (status, created) = post_with(&server, "/orders/guest/paypal", None, &[], &body).await;
    assert_eq!(status, 201, "{created}");
}
