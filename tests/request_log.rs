//! The line per request: absent by default, present with `RUST_LOG=info`, without the
//! query's personal values.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::support::{binary, wait_for_exit};

/// Serves one `GET path` with the given `RUST_LOG` (none: the default filter), stops the
/// server and returns everything it logged.
fn log_of_one_request(rust_log: Option<&str>, path: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut command = Command::new(binary());
    command
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(filter) = rust_log {
        command.env("RUST_LOG", filter);
    }
    let mut child = command.spawn().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.contains("http://") {
        line.clear();
        assert_ne!(stdout.read_line(&mut line).unwrap(), 0, "no URL printed");
    }
    let start = line.find("http://").unwrap() + "http://".len();
    let host = &line[start..start + line[start..].find('/').unwrap()];

    let mut stream = TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 "), "{answer}");

    let term = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    wait_for_exit(&mut child, Duration::from_secs(15)).expect("exits after SIGTERM");
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    log
}

/// The line of `log` for the request to `uri` as the line names it.
fn request_line<'a>(log: &'a str, uri: &str) -> &'a str {
    log.lines()
        .find(|line| line.contains(&format!("uri={uri}")))
        .unwrap_or_else(|| panic!("no request line for {uri} in\n{log}"))
}

#[test]
fn no_line_per_request_by_default() {
    let log = log_of_one_request(None, "/categories/?store_id=14");
    assert!(
        log.contains("seeded the demo"),
        "the default shows info:\n{log}"
    );
    assert!(!log.contains("/categories/"), "{log}");
}

#[test]
fn rust_log_info_adds_a_line_per_request_with_its_status() {
    let log = log_of_one_request(Some("info"), "/categories/?store_id=14");
    let line = request_line(&log, "/categories/?store_id=14");
    assert!(line.contains("method=GET"), "{line}");
    assert!(line.contains("status=200"), "{line}");
    assert!(line.contains("remote=127.0.0.1:"), "{line}");
    assert!(
        !log.contains('\u{1b}'),
        "no colour codes off a terminal:\n{log}"
    );
}

#[test]
fn a_search_for_a_customer_is_not_in_the_line() {
    let log = log_of_one_request(Some("info"), "/admin/customers?q=M%C3%BCller&limit=20");
    let line = request_line(&log, "/admin/customers?q=…&limit=20");
    assert!(line.contains("status=401"), "{line}");
    assert!(
        !log.contains("M%C3%BCller") && !log.contains("Müller"),
        "{log}"
    );
}
