//! The fake fiskaly SIGN DE of `ui/e2e/fake-fiskaly.mjs` as a Node child process on
//! 127.0.0.1: authentication, the TSS life cycle, clients and transactions with
//! fiskaly's paths, JSON and error codes, plus the control endpoints tests use to take
//! the API down and up, expire tokens, choose how repeated revisions are answered and
//! read every call it received. The child's stdin stays piped: when the test process
//! ends, however it ends, the pipe closes and the fake exits.

use std::time::Duration;

use super::node_fake::NodeFake;
use heimservice::shop::fiscal::fiskaly::FiskalyAccess;
use serde_json::{Value, json};

pub struct FakeFiskaly {
    /// The process; dropping it stops the fake.
    _process: NodeFake,
    url: String,
    client: reqwest::Client,
}

impl FakeFiskaly {
    /// Starts `node ui/e2e/fake-fiskaly.mjs` on a free port and waits (at most 15 s)
    /// until it listens.
    pub async fn start() -> FakeFiskaly {
        let process =
            NodeFake::start("fake-fiskaly.mjs", "FAKE_FISKALY_LISTENING", "fake fiskaly").await;
        FakeFiskaly {
            url: process.url.clone(),
            _process: process,
            client: reqwest::Client::new(),
        }
    }

    /// What a [`heimservice::shop::fiscal::fiskaly::FiskalyClient`] needs to reach this
    /// fake (at `http://127.0.0.1:PORT`), with the given timeout per call.
    pub fn access(&self, timeout: Duration) -> FiskalyAccess {
        FiskalyAccess {
            api_base: self.url.clone(),
            api_key: "test-api-key".into(),
            api_secret: "test-api-secret".into(),
            timeout,
        }
    }

    /// Every API call answers 503 (`mode` "503") or has its socket closed without an
    /// answer (`mode` "close"), until [`FakeFiskaly::up`].
    pub async fn down(&self, mode: &str) {
        self.expect_ok("POST", "/__control/down", json!({ "mode": mode }))
            .await;
    }

    /// The API answers again.
    pub async fn up(&self) {
        self.expect_ok("POST", "/__control/up", json!({})).await;
    }

    /// Every access token issued so far runs out now; refresh tokens stay valid.
    pub async fn expire_tokens(&self) {
        self.expect_ok("POST", "/__control/expire_tokens", json!({}))
            .await;
    }

    /// The lifetime of the access tokens issued from now on.
    pub async fn token_lifetime(&self, seconds: u64) {
        let body = json!({ "seconds": seconds });
        self.expect_ok("POST", "/__control/token_lifetime", body)
            .await;
    }

    /// How a transaction revision sent again is answered: "idempotent" (what it
    /// answered the first time, fiskaly's documented behaviour) or "refuse"
    /// (`E_TX_UPSERT`).
    pub async fn replays(&self, mode: &str) {
        let body = json!({ "mode": mode });
        self.expect_ok("POST", "/__control/replays", body).await;
    }

    /// The next `times` transaction revisions are applied, but their answers are lost
    /// (the socket closes).
    pub async fn lose_answers(&self, times: u32) {
        let body = json!({ "times": times });
        self.expect_ok("POST", "/__control/lose_answers", body)
            .await;
    }

    /// Every API call received, oldest first: `[{method, path, query, body, status}]`.
    pub async fn calls(&self) -> Vec<Value> {
        let (status, body) = self.control("GET", "/__control/calls", None).await;
        assert_eq!(status, 200, "calls: {body}");
        body["calls"].as_array().cloned().unwrap_or_default()
    }

    /// How many times `POST /api/v2/auth` was called.
    pub async fn auth_requests(&self) -> u64 {
        let (status, body) = self.control("GET", "/__control/calls", None).await;
        assert_eq!(status, 200, "calls: {body}");
        body["auth_requests"].as_u64().unwrap()
    }

    /// `{ tss: {id: {state, signature_counter, clients, …}}, down, replays, … }`.
    pub async fn state(&self) -> Value {
        let (status, body) = self.control("GET", "/__control/state", None).await;
        assert_eq!(status, 200, "state: {body}");
        body
    }

    /// One call to the fake's API with a token of its own, as another program of the
    /// owner would make it (e.g. a setup that stopped half way).
    pub async fn api(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let token: Value = self
            .client
            .post(format!("{}/api/v2/auth", self.url))
            .json(&json!({ "api_key": "test-api-key", "api_secret": "test-api-secret" }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let mut request = self
            .client
            .request(method.parse().unwrap(), format!("{}{path}", self.url))
            .bearer_auth(token["access_token"].as_str().unwrap());
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn expect_ok(&self, method: &str, path: &str, body: Value) {
        let (status, answer) = self.control(method, path, Some(&body)).await;
        assert_eq!(status, 200, "{method} {path} {body}: {answer}");
    }

    async fn control(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let mut request = self
            .client
            .request(method.parse().unwrap(), format!("{}{path}", self.url));
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request
            .send()
            .await
            .unwrap_or_else(|error| panic!("fake fiskaly {method} {path}: {error}"));
        let status = response.status().as_u16();
        (status, response.json().await.unwrap())
    }
}
