//! A `TestServer` that starts the real server in-process on port 0 with a fresh data
//! directory, and helpers to run the real binary.

pub mod failing_disk;
pub mod fake_acme;
pub mod fake_fiskaly;
pub mod fake_paypal;
pub mod fake_push;
pub mod logged_server;
pub mod node_fake;
pub mod ordering;
pub mod paypal_checkout;
pub mod printer_sink;
pub mod raw_http;
pub mod smtp_sink;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use heimservice::config::{Config, FlagValues};
use heimservice::server::{self, RunningServer};

pub struct TestServer {
    pub running: Option<RunningServer>,
    pub base: String,
    pub client: reqwest::Client,
    pub data_dir: tempfile::TempDir,
}

pub struct TestServerBuilder {
    env: Vec<(String, String)>,
    data_dir: Option<tempfile::TempDir>,
    storage: heimservice::db::Storage,
}

impl TestServer {
    pub fn builder() -> TestServerBuilder {
        TestServerBuilder {
            env: Vec::new(),
            data_dir: None,
            storage: heimservice::db::Storage::default(),
        }
    }

    pub async fn start() -> TestServer {
        TestServer::builder().start().await
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap())
    }

    pub async fn stop(mut self) -> tempfile::TempDir {
        if let Some(running) = self.running.take() {
            running.stop().await.unwrap();
        }
        self.data_dir
    }
}

/// The order limits of the tests' shop, far above what a test places.
pub const HARNESS_ORDER_LIMITS: [(&str, &str); 4] = [
    ("HEIMSERVICE_LIMITS_ORDERS_PER_IP", "1000000"),
    ("HEIMSERVICE_LIMITS_MAILS_PER_ADDRESS", "1000000"),
    ("HEIMSERVICE_LIMITS_ORDERS_PER_CONTACT", "1000000"),
    ("HEIMSERVICE_ORDERS_MAX_WAITING", "100000"),
];

/// The tests' shop books cash in its own POS, confirmed in the configuration, so it
/// opens like a shop whose owner chose its fiscal mode (`tests/fiscal_mode.rs` tests
/// the other modes and the shop that has none).
pub const HARNESS_FISCAL: [(&str, &str); 2] = [
    ("HEIMSERVICE_FISCAL_MODE", "pos"),
    ("HEIMSERVICE_FISCAL_POS_CONFIRMED_BY", "Test Harness"),
];

impl TestServerBuilder {
    /// Sets a `HEIMSERVICE_*` variable as the environment would.
    pub fn env(mut self, name: &str, value: &str) -> Self {
        self.env.push((name.to_string(), value.to_string()));
        self
    }

    /// Reuses a data directory, e.g. to restart a server on the same database.
    pub fn data_dir(mut self, dir: tempfile::TempDir) -> Self {
        self.data_dir = Some(dir);
        self
    }

    /// Reaches the database file through `storage` (e.g. a failing disk).
    pub fn storage(mut self, storage: heimservice::db::Storage) -> Self {
        self.storage = storage;
        self
    }

    pub async fn start(mut self) -> TestServer {
        // The machine's own time synchronisation must not decide a test: the clock is
        // trusted unless a test sets its own source.
        if !self
            .env
            .iter()
            .any(|(name, _)| name == "HEIMSERVICE_CLOCK_TRUST")
        {
            self.env
                .push(("HEIMSERVICE_CLOCK_TRUST".into(), "always".into()));
        }
        // The tests' shop is not under attack: the flood limits on orders are lifted
        // unless a test sets them (`hostile::order_floods` tests the defaults).
        for (name, value) in HARNESS_ORDER_LIMITS.into_iter().chain(HARNESS_FISCAL) {
            if !self.env.iter().any(|(set, _)| set == name) {
                self.env.push((name.to_string(), value.to_string()));
            }
        }
        let data_dir = self
            .data_dir
            .unwrap_or_else(|| tempfile::tempdir().unwrap());
        let flags = FlagValues {
            listen: Some("127.0.0.1:0".into()),
            data_dir: Some(data_dir.path().to_path_buf()),
            ..FlagValues::default()
        };
        let config = Config::load_from(&flags, &self.env).unwrap();
        let running = server::start_with(config, self.storage).await.unwrap();
        let base = format!("http://{}", running.addr);
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        TestServer {
            running: Some(running),
            base,
            client,
            data_dir,
        }
    }
}

/// The binary cargo built for these tests.
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_heimservice"))
}

/// Runs the binary to completion with only the given `HEIMSERVICE_*` variables.
pub fn run_binary(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(binary());
    command.args(args).env_clear().env("PATH", "/usr/bin:/bin");
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().unwrap()
}

/// A server process; killed when dropped.
pub struct ServerProcess {
    pub child: Child,
    pub storefront_url: String,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `heimservice serve` on port 0 and waits (at most 20 s) for its URL line.
pub fn spawn_server(data_dir: &Path, extra_args: &[&str]) -> ServerProcess {
    spawn_server_logged(data_dir, extra_args, &[]).0
}

/// Like [`spawn_server`], with `HEIMSERVICE_*` variables; the server's log lines
/// (stderr) arrive on the receiver.
pub fn spawn_server_logged(
    data_dir: &Path,
    extra_args: &[&str],
    env: &[(&str, &str)],
) -> (ServerProcess, std::sync::mpsc::Receiver<String>) {
    use std::io::{BufRead, BufReader};
    let mut command = Command::new(binary());
    command
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(data_dir)
        .args(extra_args)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("NO_COLOR", "1")
        .env("HEIMSERVICE_CLOCK_TRUST", "always")
        .envs(HARNESS_ORDER_LIMITS)
        .envs(HARNESS_FISCAL);
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if let Some(start) = line.find("http://").or_else(|| line.find("https://")) {
                let _ = sender.send(line[start..].trim().to_string());
            }
        }
    });
    // Keeps reading after the receiver is gone so a full pipe never blocks the server.
    let stderr = child.stderr.take().unwrap();
    let (log_sender, log) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            let _ = log_sender.send(line);
        }
    });
    let url = receiver
        .recv_timeout(Duration::from_secs(20))
        .expect("the server printed its URL");
    let process = ServerProcess {
        child,
        storefront_url: url,
    };
    (process, log)
}

/// Waits (bounded) for a process to exit and returns its status.
pub fn wait_for_exit(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

/// Accounts for tests, created directly in the store (customers register through the
/// API once that exists).
impl TestServer {
    pub fn db(&self) -> &heimservice::db::Db {
        &self.running.as_ref().unwrap().db
    }

    pub async fn create_account(
        &self,
        email: &str,
        password: &str,
        role: heimservice::domain::user::Role,
    ) {
        let password_hash = heimservice::auth::passwords::hash(password.into())
            .await
            .unwrap();
        self.db()
            .create_user(heimservice::db::NewUser {
                email: email.into(),
                name: "Test Person".into(),
                role,
                password_hash,
                created_at: 0,
                phone: "030123456".into(),
            })
            .await
            .unwrap()
            .unwrap();
    }

    /// Logs in with the form the storefront sends; returns the access token.
    pub async fn login(&self, email: &str, password: &str) -> String {
        let response = self
            .client
            .post(self.url("/login"))
            .form(&[("username", email), ("password", password)])
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "login {email}");
        let body: serde_json::Value = response.json().await.unwrap();
        body["access_token"].as_str().unwrap().to_string()
    }

    pub async fn admin_token(&self) -> String {
        self.create_account(
            "admin@example.com",
            "admin-password-1",
            heimservice::domain::user::Role::Owner,
        )
        .await;
        self.login("admin@example.com", "admin-password-1").await
    }

    /// A member of staff's token (role `staff`).
    pub async fn staff_token(&self) -> String {
        self.create_account(
            "luca@example.com",
            "staff-password-1",
            heimservice::domain::user::Role::Staff,
        )
        .await;
        self.login("luca@example.com", "staff-password-1").await
    }

    pub async fn customer_token(&self) -> String {
        self.create_account(
            "kunde@example.com",
            "kunde-password-1",
            heimservice::domain::user::Role::Customer,
        )
        .await;
        self.login("kunde@example.com", "kunde-password-1").await
    }

    /// Sends JSON with a bearer token; returns status and body (Null when empty).
    pub async fn send(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut request = self.client.request(method.parse().unwrap(), self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        let value = if text.is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text))
        };
        (status, value)
    }
}

/// A valid `PUT /stores/14` body with the demo's contact data, one Monday lunch slot,
/// and `overrides` applied key by key.
pub fn store_settings(overrides: serde_json::Value) -> serde_json::Value {
    let mut body = serde_json::json!({
        "company_name": "Pizzeria Bella Napoli GmbH", "address_line": "Hauptstraße 12, 10115 Berlin",
        "phone": "030123456", "show_impressum": true, "impressum_text": "Impressum",
        "store_hours": [{"day_of_week": 1, "open_time": "11:30", "close_time": "14:30", "label": "Mittag"}],
        "closures": [], "paused": false,
        "pickup_lead_minutes": 20, "delivery_lead_minutes": 45, "slot_interval_minutes": 15
    });
    for (key, value) in overrides.as_object().into_iter().flatten() {
        body[key] = value.clone();
    }
    body
}

/// `body` with one field set to `value`: a valid request made invalid in one place.
pub fn with_field(
    body: &serde_json::Value,
    key: &str,
    value: serde_json::Value,
) -> serde_json::Value {
    let mut changed = body.clone();
    changed[key] = value;
    changed
}
