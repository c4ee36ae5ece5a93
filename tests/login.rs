use heimservice::domain::user::Role;

use crate::support::TestServer;

#[tokio::test]
async fn login_answers_a_bearer_token_for_form_and_multipart_fields() {
    let server = TestServer::start().await;
    server
        .create_account("anna@example.com", "correct-horse-9", Role::Owner)
        .await;
    let form = server
        .client
        .post(server.url("/login"))
        .form(&[
            ("username", "Anna@Example.com"),
            ("password", "correct-horse-9"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), 200);
    let body: serde_json::Value = form.json().await.unwrap();
    assert_eq!(body["token_type"], "bearer");
    assert_eq!(body["user"]["role"], "owner");
    assert_eq!(body["user"]["customer_name"], "Test Person");
    let token = body["access_token"].as_str().unwrap();
    assert_eq!(token.split('.').count(), 3, "a JWT");

    let multipart = server
        .client
        .post(server.url("/login"))
        .multipart(
            reqwest::multipart::Form::new()
                .text("username", "anna@example.com")
                .text("password", "correct-horse-9"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(multipart.status(), 200);

    let (status, me) = server.send("GET", "/users/me", Some(token), None).await;
    assert_eq!(status, 200);
    assert_eq!(me["email"], "anna@example.com");
    let (status, _) = server.send("GET", "/users/me", None, None).await;
    assert_eq!(status, 401);
    server.stop().await;
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_account_get_the_same_answer() {
    let server = TestServer::start().await;
    server
        .create_account("anna@example.com", "correct-horse-9", Role::Owner)
        .await;
    let mut answers = Vec::new();
    for (user, password) in [
        ("anna@example.com", "wrong-horse-9"),
        ("nobody@example.com", "correct-horse-9"),
    ] {
        let response = server
            .client
            .post(server.url("/login"))
            .form(&[("username", user), ("password", password)])
            .send()
            .await
            .unwrap();
        answers.push((response.status().as_u16(), response.text().await.unwrap()));
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0].0, 401);
    let body: serde_json::Value = serde_json::from_str(&answers[0].1).unwrap();
    assert_eq!(body["message"], "Invalid credentials");

    let empty = server
        .client
        .post(server.url("/login"))
        .form(&[("username", ""), ("password", "")])
        .send()
        .await
        .unwrap();
    assert_eq!(empty.status(), 400);
    server.stop().await;
}
