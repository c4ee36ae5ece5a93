//! Customer accounts: registration, login throttling, addresses, password reset.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::smtp_sink::SmtpSink;

fn registration(overrides: Value) -> Value {
    let mut body = json!({"name": "Max Muster", "email": "max@example.com", "password": "pizza-lover-42", "phone": "030 123 456"});
    for (key, value) in overrides.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

#[tokio::test]
async fn registration_checks_every_field() {
    let server = TestServer::start().await;
    let cases = [
        (json!({"name": " "}), "name"),
        (json!({"email": "max@"}), "email"),
        (json!({"password": "short"}), "password"),
        (json!({"password": "passwort1"}), "password"),
        (json!({"password": "x".repeat(129)}), "password"),
        (json!({"phone": "no digits"}), "phone"),
        (json!({"phone": "1234567890123456"}), "phone"),
        (json!({"name": null}), "name"),
    ];
    for (overrides, field) in cases {
        let (status, answer) = server
            .send(
                "POST",
                "/register/customer",
                None,
                Some(registration(overrides.clone())),
            )
            .await;
        assert_eq!(status, 400, "{overrides}: {answer}");
        assert_eq!(answer["field"], field, "{overrides}: {answer}");
    }
    let (status, answer) = server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(registration(json!({"extra": 1}))),
        )
        .await;
    assert_eq!(status, 400, "{answer}");

    let (status, created) = server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(registration(json!({}))),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["customer_name"], "Max Muster");
    assert_eq!(created["phone"], "030123456", "digits only");
    assert_eq!(created["role"], "customer");
    let (status, answer) = server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(registration(json!({"email": "MAX@example.com"}))),
        )
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        answer["detail"],
        "An account with this email already exists."
    );

    let token = server.login("max@example.com", "pizza-lover-42").await;
    let (status, me) = server.send("GET", "/users/me", Some(&token), None).await;
    assert_eq!(status, 200);
    assert_eq!(me["customer_name"], "Max Muster");
    assert_eq!(me["role"], "customer");
    server.stop().await;
}

#[tokio::test]
async fn the_eleventh_rapid_bad_login_is_throttled() {
    let server = TestServer::start().await;
    for attempt in 0..10 {
        let response = server
            .client
            .post(server.url("/login"))
            .form(&[
                ("username", format!("nobody{attempt}@example.com")),
                ("password", "wrong".into()),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 401, "attempt {attempt}");
    }
    let throttled = server
        .client
        .post(server.url("/login"))
        .form(&[("username", "nobody10@example.com"), ("password", "wrong")])
        .send()
        .await
        .unwrap();
    assert_eq!(throttled.status(), 429);
    let retry_after: u64 = throttled.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=30).contains(&retry_after), "{retry_after}");
    let body: Value = throttled.json().await.unwrap();
    assert_eq!(body["code"], "too_many_attempts");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Too many login attempts")
    );
    server.stop().await;
}

#[tokio::test]
async fn customers_see_and_change_only_their_own_addresses() {
    let server = TestServer::start().await;
    for (name, email) in [("Anna", "anna@example.com"), ("Bernd", "bernd@example.com")] {
        let (status, _) = server
            .send(
                "POST",
                "/register/customer",
                None,
                Some(registration(json!({"name": name, "email": email}))),
            )
            .await;
        assert_eq!(status, 201);
    }
    let anna = server.login("anna@example.com", "pizza-lover-42").await;
    let bernd = server.login("bernd@example.com", "pizza-lover-42").await;
    let address = json!({"customer_name": "Anna A", "line1": "Hauptstraße 5", "city": "Berlin", "zip": "10115", "phone": "+49 30 1"});
    let (status, created) = server
        .send("POST", "/addresses/", Some(&anna), Some(address.clone()))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["type"], "shipping");
    assert_eq!(created["country"], "DE");
    assert_eq!(created["phone"], "+49301", "international: the + stays");
    let id = created["id"].as_u64().unwrap();

    let (_, bernds) = server.send("GET", "/addresses/", Some(&bernd), None).await;
    assert_eq!(bernds, json!([]));
    let (status, _) = server
        .send(
            "PUT",
            &format!("/addresses/{id}"),
            Some(&bernd),
            Some(address.clone()),
        )
        .await;
    assert_eq!(status, 404, "another customer's address is not found");
    let (status, _) = server
        .send("DELETE", &format!("/addresses/{id}"), Some(&bernd), None)
        .await;
    assert_eq!(status, 404);
    let (status, _) = server.send("GET", "/addresses/", None, None).await;
    assert_eq!(status, 401);

    let mut changed = address.clone();
    changed["city"] = json!("Potsdam");
    let (status, updated) = server
        .send(
            "PUT",
            &format!("/addresses/{id}"),
            Some(&anna),
            Some(changed),
        )
        .await;
    assert_eq!((status, updated["city"].as_str()), (200, Some("Potsdam")));
    let mut bad = address;
    bad["zip"] = json!("");
    let (status, answer) = server
        .send("POST", "/addresses/", Some(&anna), Some(bad))
        .await;
    assert_eq!((status, answer["field"].as_str()), (400, Some("zip")));
    let (_, annas) = server.send("GET", "/addresses/", Some(&anna), None).await;
    assert_eq!(annas.as_array().unwrap().len(), 1);
    let (status, _) = server
        .send("DELETE", &format!("/addresses/{id}"), Some(&anna), None)
        .await;
    assert_eq!(status, 204);
    server.stop().await;
}

/// The reset link in a mail's text.
fn reset_token(mail: &str) -> String {
    let start =
        mail.find("reset-password?token=").expect("a reset link") + "reset-password?token=".len();
    mail[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}

#[tokio::test]
async fn without_smtp_the_reset_link_waits_in_the_outbox_and_revokes_old_logins() {
    let server = TestServer::start().await;
    server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(registration(json!({}))),
        )
        .await;
    let old_token = server.login("max@example.com", "pizza-lover-42").await;
    let admin = server.admin_token().await;

    let neutral = "If an account exists for this email, we have sent a link to reset the password.";
    for email in ["max@example.com", "nobody@example.com"] {
        let (status, answer) = server
            .send(
                "POST",
                "/forgot-password",
                None,
                Some(json!({"email": email})),
            )
            .await;
        assert_eq!(
            (status, answer["detail"].as_str()),
            (200, Some(neutral)),
            "{email}"
        );
    }
    let mails = &crate::support::ordering::outbox(&server, &admin, 1).await;
    assert_eq!(
        mails.len(),
        1,
        "only the real account gets a mail: {mails:?}"
    );
    assert_eq!(mails[0]["to"], "max@example.com");
    let body = mails[0]["body"].as_str().unwrap();
    assert!(
        body.contains("/order-online/reset-password?token="),
        "{body}"
    );
    let token = reset_token(body);
    assert_eq!(token.len(), 64);

    let (status, answer) = server
        .send(
            "POST",
            "/reset-password",
            None,
            Some(json!({"token": token, "password": "short"})),
        )
        .await;
    assert_eq!((status, answer["field"].as_str()), (400, Some("password")));
    let (status, answer) = server
        .send(
            "POST",
            "/reset-password",
            None,
            Some(json!({"token": token, "password": "new-pizza-pass-7"})),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let (status, _) = server
        .send("GET", "/users/me", Some(&old_token), None)
        .await;
    assert_eq!(status, 401, "the old login is revoked");
    server.login("max@example.com", "new-pizza-pass-7").await;
    let (status, answer) = server
        .send(
            "POST",
            "/reset-password",
            None,
            Some(json!({"token": token, "password": "another-pass-8"})),
        )
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (400, Some("invalid_token")),
        "single use"
    );
    server.stop().await;
}

#[tokio::test]
async fn with_smtp_the_reset_mail_is_delivered() {
    let mut sink = SmtpSink::start().await;
    let port = sink.port.to_string();
    let server = TestServer::builder()
        .env("HEIMSERVICE_SMTP_HOST", "127.0.0.1")
        .env("HEIMSERVICE_SMTP_PORT", &port)
        .env("HEIMSERVICE_SMTP_SECURITY", "none")
        .env("HEIMSERVICE_SMTP_FROM", "Bella Napoli <shop@example.com>")
        .start()
        .await;
    server
        .send(
            "POST",
            "/register/customer",
            None,
            Some(registration(json!({}))),
        )
        .await;
    server
        .send(
            "POST",
            "/forgot-password",
            None,
            Some(json!({"email": "max@example.com"})),
        )
        .await;
    let mail = tokio::time::timeout(std::time::Duration::from_secs(10), sink.mails.recv())
        .await
        .expect("a mail within 10 s")
        .unwrap();
    assert!(mail.contains("To: max@example.com"), "{mail}");
    assert!(
        mail.contains("From: \"Bella Napoli\" <shop@example.com>"),
        "{mail}"
    );
    let unfolded = mail.replace("=\n", "").replace("=3D", "=");
    assert_eq!(reset_token(&unfolded).len(), 64, "{mail}");
    let admin = server.admin_token().await;
    let (_, outbox) = server
        .send("GET", "/admin/outbox", Some(&admin), None)
        .await;
    assert_eq!(outbox, json!([]), "a sent mail is not kept");
    server.stop().await;
}

#[tokio::test]
async fn the_contact_form_reaches_the_admin() {
    let server = TestServer::start().await;
    let message = json!({"name": "Clara", "email": "clara@example.com", "phone": "0151 234", "message": "Habt ihr glutenfreie Pizza?"});
    let (status, answer) = server.send("POST", "/support", None, Some(message)).await;
    assert_eq!(status, 201, "{answer}");
    let (status, answer) = server
        .send(
            "POST",
            "/support",
            None,
            Some(json!({"name": "X", "email": "bad", "message": "hi"})),
        )
        .await;
    assert_eq!((status, answer["field"].as_str()), (400, Some("email")));
    let admin = server.admin_token().await;
    let (status, messages) = server
        .send("GET", "/admin/support-messages", Some(&admin), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(messages[0]["message"], "Habt ihr glutenfreie Pizza?");
    assert_eq!(messages[0]["phone"], "0151234");
    let customer = server.customer_token().await;
    let (status, _) = server
        .send("GET", "/admin/support-messages", Some(&customer), None)
        .await;
    assert_eq!(status, 403);
    server.stop().await;
}

#[tokio::test]
async fn customers_edit_their_profile_and_change_their_password_with_the_current_one() {
    let server = TestServer::start().await;
    let customer = server.customer_token().await;
    let (status, me) = server
        .send(
            "PUT",
            "/users/me",
            Some(&customer),
            Some(json!({"customer_name": " Karla Kundin ", "phone": "+49 176 555"})),
        )
        .await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["customer_name"], "Karla Kundin");
    assert_eq!(me["phone"], "+49176555");
    let (_, seen) = server.send("GET", "/users/me", Some(&customer), None).await;
    assert_eq!(seen["customer_name"], "Karla Kundin");
    let (status, refused) = server
        .send(
            "PUT",
            "/users/me",
            Some(&customer),
            Some(json!({"customer_name": "", "phone": "030"})),
        )
        .await;
    assert_eq!((status, &refused["field"]), (400, &json!("customer_name")));

    // The current password must be right; the new one must be good.
    let change =
        |current: &str, new: &str| json!({"current_password": current, "new_password": new});
    let (status, refused) = server
        .send(
            "POST",
            "/users/me/password",
            Some(&customer),
            Some(change("wrong-password-9", "neues-passwort-7")),
        )
        .await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(refused["code"], "wrong_password");
    assert_eq!(refused["field"], "current_password");
    let (status, refused) = server
        .send(
            "POST",
            "/users/me/password",
            Some(&customer),
            Some(change("kunde-password-1", "kurz")),
        )
        .await;
    assert_eq!((status, &refused["field"]), (400, &json!("new_password")));
    let (status, changed) = server
        .send(
            "POST",
            "/users/me/password",
            Some(&customer),
            Some(change("kunde-password-1", "neues-passwort-7")),
        )
        .await;
    assert_eq!(status, 200, "{changed}");
    let fresh = changed["access_token"].as_str().unwrap().to_string();
    // Every other session ended; this one goes on with its new token.
    let (status, _) = server.send("GET", "/users/me", Some(&customer), None).await;
    assert_eq!(status, 401, "the old token no longer works");
    let (status, _) = server.send("GET", "/users/me", Some(&fresh), None).await;
    assert_eq!(status, 200);
    server.login("kunde@example.com", "neues-passwort-7").await;

    // Admins are managed on the command line.
    let admin = server.admin_token().await;
    let (status, _) = server
        .send(
            "POST",
            "/users/me/password",
            Some(&admin),
            Some(change("admin-password-1", "neues-passwort-7")),
        )
        .await;
    assert_eq!(status, 403);
    server.stop().await;
}
