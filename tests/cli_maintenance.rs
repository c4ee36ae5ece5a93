//! `heimservice healthcheck` and `heimservice compact`.

use crate::support::{run_binary, spawn_server, wait_for_exit};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).to_string()
}

#[test]
fn healthcheck_answers_with_the_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = spawn_server(dir.path(), &[]);
    let address = server
        .storefront_url
        .trim_start_matches("http://")
        .trim_end_matches("/order-online/")
        .to_string();
    let healthy = run_binary(&["healthcheck", "--listen", &address], &[]);
    assert!(healthy.status.success(), "{}", text(&healthy.stderr));
    assert!(text(&healthy.stdout).contains("healthy"));

    // Compacting needs the database to itself.
    let data = dir.path().to_str().unwrap();
    let refused = run_binary(&["compact", "--data-dir", data], &[]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stderr).contains("a heimservice server is running"));

    let _ = server.child.kill();
    wait_for_exit(&mut server.child, std::time::Duration::from_secs(10));
    let down = run_binary(&["healthcheck", "--listen", &address], &[]);
    assert_eq!(down.status.code(), Some(1));
    assert!(
        text(&down.stderr).contains("no answer from"),
        "{}",
        text(&down.stderr)
    );

    let compacted = run_binary(&["compact", "--data-dir", data], &[]);
    assert!(compacted.status.success(), "{}", text(&compacted.stderr));
    assert!(text(&compacted.stdout).contains("compacted"));
}
