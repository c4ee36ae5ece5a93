//! The real binary as a child process with JSON logs, for tests that kill it and read
//! what it logged when it opened the database.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use serde_json::Value;

/// The startup log's "database opened" line.
#[derive(Debug, Clone, Copy)]
pub struct OpenedLog {
    pub open_ms: u64,
    pub repaired: bool,
}

/// A running `heimservice serve`; killed (SIGKILL) when dropped.
pub struct LoggedServer {
    pub child: Child,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    pub opened: OpenedLog,
    /// Its warnings and errors so far, apart from the repair after a kill.
    pub problems: Arc<Mutex<Vec<String>>>,
}

impl Drop for LoggedServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl LoggedServer {
    /// Starts the server on port 0 with `env` and waits (at most 30 s) until it serves.
    pub fn start(data_dir: &Path, env: &[(&str, &str)]) -> LoggedServer {
        let mut command = Command::new(super::binary());
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--log-format", "json"])
            .arg("--data-dir")
            .arg(data_dir)
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            // The machine's time synchronisation must not decide a test (see TestServer).
            .env("HEIMSERVICE_CLOCK_TRUST", "always")
            .envs(super::HARNESS_ORDER_LIMITS)
            .envs(super::HARNESS_FISCAL)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().unwrap();
        let (opened_tx, opened_rx) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        let problems = Arc::new(Mutex::new(Vec::new()));
        let noted = Arc::clone(&problems);
        std::thread::spawn(move || {
            // Reads to the end, so the server never blocks on a full pipe.
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let Ok(event) = serde_json::from_str::<Value>(&line) else {
                    continue;
                };
                let fields = &event["fields"];
                let expected = fields["message"]
                    .as_str()
                    .is_some_and(|message| message.starts_with("repairing the database"));
                if event["level"] != "INFO" && !expected {
                    noted.lock().unwrap().push(line.clone());
                }
                if fields["message"] == "database opened" {
                    let _ = opened_tx.send(OpenedLog {
                        open_ms: fields["open_ms"].as_u64().unwrap_or(u64::MAX),
                        repaired: fields["repaired"].as_bool().unwrap_or(false),
                    });
                }
            }
        });
        let (url_tx, url_rx) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(start) = line.find("http://") {
                    let _ = url_tx.send(line[start..].trim().to_string());
                }
            }
        });
        let limit = Duration::from_secs(30);
        let url = url_rx
            .recv_timeout(limit)
            .unwrap_or_else(|_| panic!("the server did not print its URL: {:?}", child.try_wait()));
        let opened = opened_rx
            .recv_timeout(limit)
            .expect("the server logged how it opened the database");
        let origin_end = url["http://".len()..]
            .find('/')
            .map_or(url.len(), |i| i + "http://".len());
        LoggedServer {
            base: url[..origin_end].to_string(),
            child,
            opened,
            problems,
        }
    }

    /// `kill -9`, and waits until the process is gone.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}
