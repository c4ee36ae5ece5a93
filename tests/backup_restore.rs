//! Backups while orders flow, restore round trips, and the backup/restore commands
//! against a running server, a stopped one, and a database locked by someone else.

use std::path::Path;
use std::time::Duration;

use crate::support::ordering::*;
use crate::support::{TestServer, run_binary, spawn_server, wait_for_exit};

fn data_dir_arg(dir: &Path) -> String {
    dir.display().to_string()
}

/// Opens a backup file as the shop would after a restore.
async fn open_backup(file: &Path) -> (tempfile::TempDir, heimservice::db::Db) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(file, dir.path().join(heimservice::db::DATABASE_FILE_NAME)).unwrap();
    let (db, report) = heimservice::db::Db::open(dir.path(), 14).unwrap();
    assert!(!report.seeded_demo, "a restored shop keeps its own data");
    (dir, db)
}

#[tokio::test]
async fn a_backup_under_order_load_holds_exactly_what_was_committed_before_it() {
    let server = lunch_server().await;
    let menu = Menu::load(&server).await;
    let body = guest_order(lunch_lines(&menu), "10115");
    let target = tempfile::tempdir().unwrap();
    let backup_path = target.path().join("during-load.redb");

    let mut writers = Vec::new();
    for _ in 0..4 {
        let (client, url, body) = (
            server.client.clone(),
            server.url("/orders/guest"),
            body.clone(),
        );
        writers.push(tokio::spawn(async move {
            for _ in 0..15 {
                let status = client.post(&url).json(&body).send().await.unwrap().status();
                assert_eq!(status, 201);
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(150)).await;
    let info = server
        .db()
        .backup_to(backup_path.clone(), 1_800_000_000, |_, _| {})
        .await
        .unwrap();
    for writer in writers {
        writer.await.unwrap();
    }
    let live = server.db().clone();
    let date = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let all = live.orders_on(date).await.unwrap();
    assert_eq!(all.len(), 60);

    heimservice::db::backup::verify_backup(&backup_path).unwrap();
    let (_dir, restored) = open_backup(&backup_path).await;
    let mut snapshot = restored.orders_on(date).await.unwrap();
    snapshot.sort_by_key(|order| order.id);
    assert_eq!(snapshot.len() as u64, info.orders);
    // A consistent moment: orders 1..=n, each exactly as committed, with its indexes.
    for (index, order) in snapshot.iter().enumerate() {
        assert_eq!(order.id, index as u64 + 1, "no gaps: nothing half-copied");
        assert_eq!(Some(order), live.order(order.id).await.unwrap().as_ref());
        let by_token = restored.order_by_token(order.token.clone()).await.unwrap();
        assert_eq!(by_token.as_ref(), Some(order));
    }
    let open = restored.open_orders().await.unwrap();
    assert_eq!(open.len(), snapshot.len(), "the open-orders index matches");
}

#[tokio::test]
async fn a_restored_backup_equals_the_original() {
    let server = lunch_server().await;
    let admin = server.admin_token().await;
    let menu = Menu::load(&server).await;
    for _ in 0..3 {
        post_with(
            &server,
            "/orders/guest",
            None,
            &[],
            &guest_order(lunch_lines(&menu), "10115"),
        )
        .await;
    }
    let (_, before) = server
        .send("GET", "/admin/orders?date=2026-11-23", Some(&admin), None)
        .await;
    let (_, products_before) = server.get_json("/products/?store_id=14").await;
    let backups = tempfile::tempdir().unwrap();
    let file = backups.path().join("round-trip.redb");
    server
        .db()
        .backup_to(file.clone(), 1_800_000_000, |_, _| {})
        .await
        .unwrap();
    server.stop().await;

    let fresh = tempfile::tempdir().unwrap();
    let output = run_binary(
        &[
            "restore",
            file.to_str().unwrap(),
            "--data-dir",
            &data_dir_arg(fresh.path()),
        ],
        &[],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let restored = TestServer::builder()
        .env("HEIMSERVICE_TESTING_CLOCK_START", LUNCHTIME)
        .data_dir(fresh)
        .start()
        .await;
    let token = restored
        .login("admin@example.com", "admin-password-1")
        .await;
    let (_, after) = restored
        .send("GET", "/admin/orders?date=2026-11-23", Some(&token), None)
        .await;
    assert_eq!(after, before);
    let (_, products_after) = restored.get_json("/products/?store_id=14").await;
    assert_eq!(products_after, products_before);
}

#[tokio::test]
async fn the_commands_work_with_and_without_a_running_server() {
    let data = tempfile::tempdir().unwrap();
    let dir = data_dir_arg(data.path());
    let mut server = spawn_server(data.path(), &[]);

    // While the shop is open the server writes the backup.
    let output = run_binary(&["backup", "--data-dir", &dir], &[]);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("backup written to"), "{stdout}");
    let written: Vec<_> = std::fs::read_dir(data.path().join("backups"))
        .unwrap()
        .collect();
    assert_eq!(written.len(), 1);
    let backup_file = written[0].as_ref().unwrap().path();
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains("tables"),
        "no progress lines when stderr is a log, not a terminal"
    );
    let health = reqwest::get(server.storefront_url.replace("/order-online/", "/healthz"))
        .await
        .unwrap();
    assert_eq!(health.status(), 200, "still serving");

    // A restore refuses to pull the database from under a running server...
    let output = run_binary(
        &["restore", backup_file.to_str().unwrap(), "--data-dir", &dir],
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(
        stderr.contains("a heimservice server is running"),
        "{stderr}"
    );
    // ...unless told to stop it.
    let output = run_binary(
        &[
            "restore",
            backup_file.to_str().unwrap(),
            "--data-dir",
            &dir,
            "--stop-server",
        ],
        &[],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        stdout.contains("the previous database is kept as"),
        "{stdout}"
    );
    assert!(
        wait_for_exit(&mut server.child, Duration::from_secs(10)).is_some(),
        "the server stopped"
    );
    assert!(
        !data.path().join("control.sock").exists(),
        "the socket is gone with the server"
    );

    // Without a server the file is read directly.
    let offline = data.path().join("offline.redb");
    let output = run_binary(
        &["backup", "--data-dir", &dir, offline.to_str().unwrap()],
        &[],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    // A file that is not a backup is refused and nothing changes.
    let garbage = data.path().join("notes.txt");
    std::fs::write(&garbage, "not a backup").unwrap();
    let before = std::fs::read(data.path().join("heimservice.redb")).unwrap();
    let output = run_binary(
        &["restore", garbage.to_str().unwrap(), "--data-dir", &dir],
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(
        stderr.contains("is not a heimservice backup: it is not a database file"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(data.path().join("heimservice.redb")).unwrap(),
        before
    );
}

#[tokio::test]
async fn a_database_locked_by_another_process_gets_a_clear_message() {
    let data = tempfile::tempdir().unwrap();
    // This test process holds the database, with no control socket.
    let (db, _) = heimservice::db::Db::open(data.path(), 14).unwrap();
    let output = run_binary(&["backup", "--data-dir", &data_dir_arg(data.path())], &[]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(
        stderr.contains("is in use by another process, and no heimservice server answers on"),
        "{stderr}"
    );
    drop(db);
    let output = run_binary(
        &[
            "backup",
            "--data-dir",
            &data_dir_arg(&data.path().join("nothing")),
        ],
        &[],
    );
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(stderr.contains("there is no database at"), "{stderr}");
}

/// Runs the binary under umask 022, as a shell started by hand would.
fn run_with_umask_022(args: &[&str]) -> std::process::Output {
    let output = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" \"$@\"")
        .arg(crate::support::binary())
        .args(args)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HEIMSERVICE_ADMIN_PASSWORD", "correct-horse-9")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn the_database_and_its_backups_are_readable_by_their_owner_only() {
    let data = tempfile::tempdir().unwrap();
    let dir = data_dir_arg(&data.path().join("data"));
    run_with_umask_022(&[
        "admin",
        "create",
        "--data-dir",
        &dir,
        "--email",
        "anna@example.com",
        "--name",
        "Anna",
    ]);
    let database = data.path().join("data").join("heimservice.redb");
    assert_eq!(mode(&database), 0o600, "password hashes inside");

    let backup = data.path().join("nightly.redb");
    run_with_umask_022(&["backup", "--data-dir", &dir, backup.to_str().unwrap()]);
    assert_eq!(mode(&backup), 0o600);

    // A file an older version left readable by all is closed again when it is opened,
    // and a restore from such a backup is private too.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&database, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::set_permissions(&backup, std::fs::Permissions::from_mode(0o644)).unwrap();
    run_with_umask_022(&[
        "admin",
        "create",
        "--data-dir",
        &dir,
        "--email",
        "ben@example.com",
        "--name",
        "Ben",
    ]);
    assert_eq!(mode(&database), 0o600);
    run_with_umask_022(&["restore", backup.to_str().unwrap(), "--data-dir", &dir]);
    assert_eq!(mode(&database), 0o600, "the restored database");
}

#[test]
fn the_backup_draws_its_progress_on_a_terminal_only() {
    let data = tempfile::tempdir().unwrap();
    let dir = data_dir_arg(&data.path().join("data"));
    run_with_umask_022(&[
        "admin",
        "create",
        "--data-dir",
        &dir,
        "--email",
        "anna@example.com",
        "--name",
        "Anna",
    ]);
    let logged = run_binary(
        &[
            "backup",
            "--data-dir",
            &dir,
            data.path().join("a.redb").to_str().unwrap(),
        ],
        &[],
    );
    assert!(logged.status.success());
    let log = String::from_utf8_lossy(&logged.stderr);
    assert!(!log.contains("tables"), "{log}");
    assert_eq!(
        String::from_utf8_lossy(&logged.stdout).lines().count(),
        1,
        "one line for the log"
    );

    // `script` gives the command a terminal, as a shell on the console would.
    let command = format!(
        "{} backup --data-dir {dir} {}",
        crate::support::binary().display(),
        data.path().join("b.redb").display()
    );
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .output()
        .expect("script (util-linux) runs the command on a terminal");
    assert!(output.status.success(), "{output:?}");
    let screen = String::from_utf8_lossy(&output.stdout);
    assert!(screen.contains("tables"), "a progress bar: {screen}");
}
