//! Bidi overrides, direction marks and zero-width spaces in names and notes would make
//! the board and the kitchen ticket show something else than what was stored: they are
//! dropped from every text the API takes (passwords excepted).

use serde_json::json;

use crate::support::ordering::{Menu, guest_order, lunch_lines, lunch_server, post_with};

#[tokio::test]
async fn names_and_notes_lose_the_marks_that_reorder_or_hide_text() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    let mut body = guest_order(lunch_lines(&menu), "10115");
    body["shipping_address"]["customer_name"] = json!("Anna \u{202E}lexip\u{202C} Kunde");
    body["shipping_address"]["notes"] = json!("Hinter\u{200B}haus\u{2066}, 3. OG\u{2069}");
    body["note"] = json!("\u{200F}Bitte klingeln\u{FEFF}");
    let (status, order) = post_with(&server, "/orders/guest", None, &[], &body).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["customer"]["customer_name"], "Anna lexip Kunde");
    assert_eq!(order["customer"]["notes"], "Hinterhaus, 3. OG");
    assert_eq!(order["note"], "Bitte klingeln");
    let (_, seen) = server
        .send(
            "GET",
            &format!("/admin/orders/{}", order["id"]),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(seen["customer"]["customer_name"], "Anna lexip Kunde");

    // The owner's texts too, and a password keeps every character it was given.
    let (status, category) = server
        .send(
            "POST",
            "/categories/",
            Some(&admin),
            Some(json!({"name": "Ge\u{202E}tränke\u{202C} neu"})),
        )
        .await;
    assert_eq!(status, 201, "{category}");
    assert_eq!(category["name"], "Getränke neu");
    let password = "pass\u{202E}word-42";
    let (status, created) = server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(
                json!({"name": "Bidi\u{200B}Kunde", "email": "bidi@example.com",
                        "password": password, "phone": "030123456"}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["customer_name"], "BidiKunde", "{created}");
    let token = server.login("bidi@example.com", password).await;
    assert!(!token.is_empty());
}
