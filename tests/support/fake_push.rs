//! The fake push service of `ui/e2e/fake-push.mjs` as a Node child process on
//! 127.0.0.1: it hands out subscriptions as a browser would, checks each notification's
//! VAPID token and decrypts its payload (RFC 8291) with Node's own crypto, and keeps
//! what arrived for the test to read.

use serde_json::Value;

use super::node_fake::NodeFake;

pub struct FakePush {
    _process: NodeFake,
    url: String,
    client: reqwest::Client,
}

impl FakePush {
    pub async fn start() -> FakePush {
        let process =
            NodeFake::start("fake-push.mjs", "FAKE_PUSH_LISTENING", "fake push service").await;
        FakePush {
            url: process.url.clone(),
            _process: process,
            client: reqwest::Client::new(),
        }
    }

    /// `http://127.0.0.1:PORT`: the server's `push.services`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A new browser subscription, as `PushSubscription.toJSON()` gives it (with the
    /// fake's `id`).
    pub async fn subscribe(&self) -> Value {
        self.control("POST", "/__control/subscriptions").await
    }

    /// The subscription's endpoint answers 410 Gone from now on.
    pub async fn make_gone(&self, subscription: &Value) {
        let path = format!(
            "/__control/subscriptions/{}/gone",
            subscription["id"].as_str().unwrap()
        );
        self.control("POST", &path).await;
    }

    /// The notifications delivered so far, decrypted.
    pub async fn messages(&self) -> Vec<Value> {
        self.control("GET", "/__control/messages")
            .await
            .as_array()
            .unwrap()
            .clone()
    }

    /// The notifications the fake refused, with why.
    pub async fn refused(&self) -> Vec<Value> {
        self.control("GET", "/__control/refused")
            .await
            .as_array()
            .unwrap()
            .clone()
    }

    /// The delivered notifications once at least `count` are there (checked every
    /// 50 ms, at most 5 s).
    pub async fn messages_until(&self, count: usize) -> Vec<Value> {
        let mut messages = Vec::new();
        for _ in 0..100 {
            messages = self.messages().await;
            if messages.len() >= count {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        messages
    }

    async fn control(&self, method: &str, path: &str) -> Value {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let response = self
            .client
            .request(method, format!("{}{path}", self.url))
            .send()
            .await
            .unwrap();
        assert!(
            response.status().is_success(),
            "fake push {path}: {}",
            response.status()
        );
        response.json().await.unwrap()
    }
}
