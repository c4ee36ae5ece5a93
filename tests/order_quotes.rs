//! The checkout's quote is the server's, for exactly the body that will be submitted
//! (the address's postcode, the order type, the time, the discount, the fee, the
//! minimum), and an order sent with a quote is placed only if it still costs exactly
//! that.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::ordering::{Menu, guest_order, line, lunch_server, open_orders};

async fn quote(server: &TestServer, body: &Value) -> (u16, Value) {
    server
        .send("POST", "/orders/guest/quote", None, Some(body.clone()))
        .await
}

#[tokio::test]
async fn a_guest_quote_is_priced_for_the_address_postcode_and_is_what_the_order_costs() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    // 10405: 3,00 € fee, 20,00 € minimum.
    let body = guest_order(json!([line(menu.id("Bruschetta"), 4)]), "10405");
    let (status, quoted) = quote(&server, &body).await;
    assert_eq!(status, 200, "{quoted}");
    assert_eq!(quoted["order_type"], "delivery");
    assert_eq!(quoted["postcode"], "10405");
    assert_eq!(quoted["subtotal"], 23.6);
    assert_eq!(quoted["delivery_fee"], 3.0);
    assert_eq!(quoted["total"], 26.6);
    assert_eq!(quoted["lines"][0]["quantity"], 4);
    let quote_id = quoted["quote_id"].as_str().unwrap().to_string();
    assert!(!quote_id.is_empty());

    let mut order = body.clone();
    order["quote_id"] = json!(quote_id);
    let (status, placed) = server
        .send("POST", "/orders/guest", None, Some(order))
        .await;
    assert_eq!(status, 201, "{placed}");
    for field in ["subtotal", "discount", "delivery_fee", "total"] {
        assert_eq!(placed[field], quoted[field], "{field}");
    }
}

#[tokio::test]
async fn a_quote_below_the_minimum_of_the_address_postcode_is_refused_like_the_order() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let body = guest_order(json!([line(menu.id("Bruschetta"), 3)]), "10405");
    let (status, quoted) = quote(&server, &body).await;
    assert_eq!(status, 409, "{quoted}");
    assert_eq!(quoted["code"], "below_minimum");
    assert_eq!(quoted["field"], "lines");
    let (status, placed) = server.send("POST", "/orders/guest", None, Some(body)).await;
    assert_eq!((status, &placed["code"]), (409, &json!("below_minimum")));
}

#[tokio::test]
async fn an_order_whose_price_changed_since_its_quote_is_refused_and_nothing_is_placed() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let body = guest_order(json!([line(menu.id("Bruschetta"), 4)]), "10405");
    let (status, quoted) = quote(&server, &body).await;
    assert_eq!(status, 200, "{quoted}");

    // The restaurant starts a delivery discount while the customer looks at the total.
    let (status, discount) = server
        .send(
            "PUT",
            "/discounts/14/DELIVERY_DISCOUNT",
            Some(&admin),
            Some(json!({ "value": 10, "expires_on": null })),
        )
        .await;
    assert_eq!(status, 200, "{discount}");

    let mut order = body.clone();
    order["quote_id"] = quoted["quote_id"].clone();
    let (status, refused) = server
        .send("POST", "/orders/guest", None, Some(order.clone()))
        .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "quote_changed");
    assert_eq!(open_orders(&server, &admin).await, 0, "nothing was placed");

    // The new quote shows the discount; the order placed against it costs that.
    let (status, requoted) = quote(&server, &body).await;
    assert_eq!(status, 200, "{requoted}");
    assert_ne!(requoted["quote_id"], quoted["quote_id"]);
    assert_eq!(requoted["discount"], 2.36);
    order["quote_id"] = requoted["quote_id"].clone();
    let (status, placed) = server
        .send("POST", "/orders/guest", None, Some(order))
        .await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["total"], requoted["total"]);
}

#[tokio::test]
async fn a_signed_in_quote_needs_a_token() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let body = json!({
        "order_type": "pickup", "lines": [line(menu.id("Bruschetta"), 1)],
        "address_id": 1, "payment_method": "cash", "preorder_at": null
    });
    let (status, refused) = server.send("POST", "/orders/quote", None, Some(body)).await;
    assert_eq!(status, 401, "{refused}");
}
