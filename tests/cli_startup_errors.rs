//! Every way the server can fail to start ends with one clear sentence and a non-zero
//! exit status, never a panic.

use crate::support::{run_binary, spawn_server};

fn assert_clear_failure(output: &std::process::Output, expected: &[&str]) {
    assert!(!output.status.success(), "must fail");
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.starts_with("heimservice: error: "), "{text}");
    for word in expected {
        assert!(text.contains(word), "expected {word:?} in {text}");
    }
    assert!(!text.contains("panicked"), "{text}");
    assert!(!text.contains("RUST_BACKTRACE"), "{text}");
    assert_eq!(text.trim_end().lines().count(), 1, "one sentence: {text}");
}

#[test]
fn an_invalid_config_value_names_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let output = run_binary(
        &["serve", "--data-dir", dir.path().to_str().unwrap()],
        &[("HEIMSERVICE_TIMEZONE", "Mars/Olympus")],
    );
    assert_clear_failure(
        &output,
        &["`timezone`", "HEIMSERVICE_TIMEZONE", "Mars/Olympus"],
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn an_unknown_config_key_names_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.toml");
    std::fs::write(&file, "listen = \"127.0.0.1:0\"\nbrnd = \"typo\"\n").unwrap();
    let output = run_binary(&["serve", "--config", file.to_str().unwrap()], &[]);
    assert_clear_failure(&output, &["unknown key `brnd`"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_port_in_use_is_named() {
    let blocker = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = blocker.local_addr().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let output = run_binary(
        &[
            "serve",
            "--listen",
            &addr,
            "--data-dir",
            dir.path().to_str().unwrap(),
        ],
        &[],
    );
    assert_clear_failure(&output, &[&addr, "already in use", "--listen"]);
}

#[test]
fn a_data_dir_that_cannot_be_used_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    let output = run_binary(
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--data-dir",
            file.to_str().unwrap(),
        ],
        &[],
    );
    assert_clear_failure(&output, &["not-a-dir", "not a directory", "--data-dir"]);

    let nested = file.join("data");
    let output = run_binary(
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--data-dir",
            nested.to_str().unwrap(),
        ],
        &[],
    );
    assert_clear_failure(&output, &["cannot use the data directory", "--data-dir"]);
}

#[test]
fn a_database_in_use_by_another_server_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let _first = spawn_server(dir.path(), &[]);
    let output = run_binary(
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--data-dir",
            dir.path().to_str().unwrap(),
        ],
        &[],
    );
    assert_clear_failure(
        &output,
        &["in use by another heimservice process", "Stop the other"],
    );
}

#[test]
fn a_database_from_a_newer_version_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    {
        let db = redb::Database::create(dir.path().join("heimservice.redb")).unwrap();
        let txn = db.begin_write().unwrap();
        let meta: redb::TableDefinition<&str, u64> = redb::TableDefinition::new("meta");
        txn.open_table(meta)
            .unwrap()
            .insert("schema_version", 99)
            .unwrap();
        txn.commit().unwrap();
    }
    let output = run_binary(
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--data-dir",
            dir.path().to_str().unwrap(),
        ],
        &[],
    );
    assert_clear_failure(
        &output,
        &["newer heimservice", "schema version 99", "restore a backup"],
    );
}
