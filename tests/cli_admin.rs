//! `heimservice admin …` with the shop stopped (the command opens the database) and
//! while it runs (the server carries the change out over the control socket).

use crate::support::{run_binary, spawn_server};

const PASSWORD: (&str, &str) = ("HEIMSERVICE_ADMIN_PASSWORD", "correct-horse-9");

fn admin(data: &str, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut all = vec!["admin"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--data-dir", data]);
    run_binary(&all, env)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).to_string()
}

#[test]
fn accounts_are_listed_reset_and_deleted_but_never_the_last_owner() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    for email in ["anna@example.com", "ben@example.com"] {
        let output = admin(data, &["create", "--email", email], &[PASSWORD]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert!(text(&output.stdout).contains(&format!("created the owner {email}")));
    }
    let staff = admin(
        data,
        &[
            "create",
            "--email",
            "luca@example.com",
            "--name",
            "Luca",
            "--role",
            "staff",
        ],
        &[PASSWORD],
    );
    assert!(staff.status.success(), "{}", text(&staff.stderr));
    assert!(
        text(&staff.stdout).contains("created the staff member luca@example.com (Luca)"),
        "{}",
        text(&staff.stdout)
    );
    let chef = admin(
        data,
        &["create", "--email", "chef@example.com", "--role", "chef"],
        &[PASSWORD],
    );
    assert_eq!(chef.status.code(), Some(2), "clap refuses an unknown role");
    assert!(
        text(&chef.stderr).contains("owner, staff"),
        "{}",
        text(&chef.stderr)
    );
    let list = text(&admin(data, &["list"], &[]).stdout);
    assert!(list.contains("anna@example.com\tanna\tsince "), "{list}");
    assert!(list.contains("\towner\n"), "{list}");
    assert!(list.contains("ben@example.com"), "{list}");
    assert!(
        list.lines()
            .any(|line| line.starts_with("luca@example.com\tLuca\tsince ")
                && line.ends_with("\tstaff")),
        "{list}"
    );

    let reset = admin(
        data,
        &["reset-password", "--email", "ben@example.com"],
        &[("HEIMSERVICE_ADMIN_PASSWORD", "new-secret-77")],
    );
    assert!(reset.status.success(), "{}", text(&reset.stderr));
    assert!(text(&reset.stdout).contains("set a new password for ben@example.com"));
    let unknown = admin(
        data,
        &["reset-password", "--email", "nobody@example.com"],
        &[PASSWORD],
    );
    assert_eq!(unknown.status.code(), Some(1));
    assert!(text(&unknown.stderr).contains("there is no owner or staff account with this email"));

    let deleted = admin(data, &["delete", "--email", "anna@example.com"], &[]);
    assert!(deleted.status.success(), "{}", text(&deleted.stderr));
    let staff_gone = admin(data, &["delete", "--email", "luca@example.com"], &[]);
    assert!(staff_gone.status.success(), "{}", text(&staff_gone.stderr));
    let last = admin(data, &["delete", "--email", "ben@example.com"], &[]);
    assert_eq!(last.status.code(), Some(1));
    assert!(
        text(&last.stderr).contains("only owner account"),
        "{}",
        text(&last.stderr)
    );
    let list = text(&admin(data, &["list"], &[]).stdout);
    assert!(!list.contains("anna@"), "{list}");
    assert!(list.contains("ben@example.com"), "{list}");
}

#[tokio::test]
async fn admin_commands_work_while_the_shop_is_open() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let server = spawn_server(dir.path(), &[]);
    let origin = server.storefront_url.replace("/order-online/", "");
    let output = admin(
        data,
        &["create", "--email", "chef@example.com"],
        &[PASSWORD],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));

    let client = reqwest::Client::new();
    let login = |password: &'static str| {
        client
            .post(format!("{origin}/login"))
            .form(&[("username", "chef@example.com"), ("password", password)])
            .send()
    };
    let answer: serde_json::Value = login("correct-horse-9")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = answer["access_token"].as_str().unwrap().to_string();
    let me = client
        .get(format!("{origin}/users/me"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);

    let reset = admin(
        data,
        &["reset-password", "--email", "chef@example.com"],
        &[("HEIMSERVICE_ADMIN_PASSWORD", "another-horse-10")],
    );
    assert!(reset.status.success(), "{}", text(&reset.stderr));
    let me = client
        .get(format!("{origin}/users/me"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 401, "the old session ended");
    assert_eq!(login("another-horse-10").await.unwrap().status(), 200);
    drop(server);
}
