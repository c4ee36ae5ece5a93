use std::time::Duration;

use crate::support::{run_binary, spawn_server, wait_for_exit};

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn version_prints_the_version_and_schema() {
    let output = run_binary(&["version"], &[]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(
        text.starts_with(&format!("heimservice {}", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    let schema = format!("database schema {}", heimservice::db::LATEST_SCHEMA_VERSION);
    assert!(text.contains(&schema), "{text}");
}

#[test]
fn every_flag_and_command_has_help_text() {
    let output = run_binary(&["--help"], &[]);
    assert!(output.status.success());
    let text = stdout(&output);
    for expected in [
        "serve",
        "config",
        "version",
        "--listen <HOST:PORT>",
        "--data-dir <DIR>",
        "--config <FILE>",
        "--log-format <FORMAT>",
    ] {
        assert!(text.contains(expected), "missing {expected} in\n{text}");
    }
    let check = stdout(&run_binary(&["config", "check", "--help"], &[]));
    assert!(check.contains("secrets masked"), "{check}");
}

#[test]
fn config_check_prints_the_effective_config_with_secrets_masked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.toml");
    std::fs::write(
        &file,
        "brand = \"Da Gino\"\n[paypal]\nclient_secret = \"top-secret\"\n",
    )
    .unwrap();
    let output = run_binary(
        &[
            "config",
            "check",
            "--config",
            file.to_str().unwrap(),
            "--listen",
            "0.0.0.0:9000",
        ],
        &[("HEIMSERVICE_TIMEZONE", "Europe/Vienna")],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("listen = \"0.0.0.0:9000\"  # flag --listen"),
        "{text}"
    );
    assert!(
        text.contains("timezone = \"Europe/Vienna\"  # environment HEIMSERVICE_TIMEZONE"),
        "{text}"
    );
    assert!(text.contains("brand = \"Da Gino\""), "{text}");
    assert!(text.contains("client_secret = \"********\""), "{text}");
    assert!(!text.contains("top-secret"), "{text}");
}

#[test]
fn every_command_uses_the_config_file_the_environment_names() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("shop-data");
    let file = dir.path().join("config.toml");
    std::fs::write(
        &file,
        format!(
            "data_dir = {:?}\nbrand = \"Da Gino\"\n",
            data.to_str().unwrap()
        ),
    )
    .unwrap();
    let env = [("HEIMSERVICE_CONFIG", file.to_str().unwrap())];
    let check = run_binary(&["config", "check"], &env);
    assert!(check.status.success(), "{}", stderr(&check));
    let text = stdout(&check);
    assert!(
        text.contains(&format!("Configuration file read: {}", file.display())),
        "{text}"
    );
    assert!(text.contains("brand = \"Da Gino\""), "{text}");

    // No --data-dir: the admin account and the backup go where the file's data_dir says.
    let admin_env = [
        env[0],
        ("HEIMSERVICE_ADMIN_PASSWORD", "a-long-admin-password-1"),
    ];
    let admin = run_binary(
        &[
            "admin",
            "create",
            "--email",
            "gino@example.com",
            "--name",
            "Gino",
        ],
        &admin_env,
    );
    assert!(admin.status.success(), "{}", stderr(&admin));
    let backup = run_binary(&["backup"], &env);
    assert!(backup.status.success(), "{}", stderr(&backup));
    let written: Vec<_> = std::fs::read_dir(data.join("backups")).unwrap().collect();
    assert_eq!(written.len(), 1, "{}", stdout(&backup));
    assert!(data.join(heimservice::db::DATABASE_FILE_NAME).exists());
}

#[test]
fn config_check_says_when_no_file_was_read() {
    let output = run_binary(&["config", "check"], &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    if std::path::Path::new(heimservice::config::SYSTEM_CONFIG_FILE).exists() {
        assert!(text.contains("Configuration file read: /etc/heimservice/config.toml"));
    } else {
        assert!(
            text.contains("No configuration file read (no --config, no HEIMSERVICE_CONFIG, no /etc/heimservice/config.toml)"),
            "{text}"
        );
    }
}

#[test]
fn config_reference_prints_the_book_chapter_without_reading_the_configuration() {
    // A broken setting does not matter: the reference describes the keys, not the values.
    let output = run_binary(
        &["config", "reference"],
        &[("HEIMSERVICE_LISTEN", "not an address")],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let chapter = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/configuration.md"),
    )
    .unwrap();
    assert_eq!(
        text, chapter,
        "run `cargo run -- config reference > docs/src/configuration.md`"
    );
    assert!(
        text.contains("| `listen` | `HEIMSERVICE_LISTEN` | `127.0.0.1:8080` |"),
        "{text}"
    );
    let help = stdout(&run_binary(&["config", "--help"], &[]));
    assert!(help.contains("reference"), "{help}");
}

#[test]
fn flags_work_before_and_after_the_command() {
    for args in [
        ["--listen", "127.0.0.1:9100", "config", "check"],
        ["config", "check", "--listen", "127.0.0.1:9100"],
    ] {
        let output = run_binary(&args, &[]);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert!(
            stdout(&output).contains("listen = \"127.0.0.1:9100\""),
            "{args:?}"
        );
    }
}

#[test]
fn serve_prints_the_storefront_url_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = spawn_server(dir.path(), &[]);
    let url = server.storefront_url.clone();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.ends_with("/order-online/"),
        "{url}"
    );
    let status = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit =
        wait_for_exit(&mut server.child, Duration::from_secs(15)).expect("exits after SIGTERM");
    assert!(exit.success(), "graceful shutdown exits 0, got {exit:?}");
}

#[test]
fn the_binary_without_a_command_serves() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(crate::support::binary())
        .args(["--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env_clear()
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let stdout = child.stdout.take().unwrap();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.contains("is open for orders at http://127.0.0.1:"),
        "{line}"
    );
}

#[test]
fn admin_create_takes_the_password_from_the_environment_only() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let output = run_binary(
        &[
            "admin",
            "create",
            "--data-dir",
            data,
            "--email",
            "Chef@Example.com",
            "--name",
            "Chef",
        ],
        &[("HEIMSERVICE_ADMIN_PASSWORD", "correct-horse-9")],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("created the owner chef@example.com (Chef)"));

    let again = run_binary(
        &[
            "admin",
            "create",
            "--data-dir",
            data,
            "--email",
            "chef@example.com",
        ],
        &[("HEIMSERVICE_ADMIN_PASSWORD", "correct-horse-9")],
    );
    assert!(!again.status.success());
    assert!(
        stderr(&again).contains("already exists"),
        "{}",
        stderr(&again)
    );

    let short = run_binary(
        &[
            "admin",
            "create",
            "--data-dir",
            data,
            "--email",
            "b@example.com",
        ],
        &[("HEIMSERVICE_ADMIN_PASSWORD", "short")],
    );
    assert!(
        stderr(&short).contains("at least 8 characters"),
        "{}",
        stderr(&short)
    );

    // No terminal and no variable: a clear message, not a hang.
    let no_tty = std::process::Command::new(crate::support::binary())
        .args([
            "admin",
            "create",
            "--data-dir",
            data,
            "--email",
            "c@example.com",
        ])
        .env_clear()
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!no_tty.status.success());
    assert!(
        stderr(&no_tty).contains("HEIMSERVICE_ADMIN_PASSWORD"),
        "{}",
        stderr(&no_tty)
    );

    let help = stdout(&run_binary(&["admin", "create", "--help"], &[]));
    assert!(
        !help.contains("--password"),
        "never on the command line: {help}"
    );
}

#[test]
fn a_new_shop_tells_how_to_create_the_first_admin() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(crate::support::binary())
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env_clear()
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    for _ in 0..3 {
        reader.read_line(&mut text).unwrap();
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(text.contains("heimservice admin create --email"), "{text}");
}
