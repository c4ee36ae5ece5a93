//! The fake PayPal of `ui/e2e/fake-paypal.mjs` as a Node child process on 127.0.0.1:
//! OAuth, Orders v2 and captures/refunds with PayPal's JSON shapes, plus the control
//! endpoints tests use to approve orders (as the buyer would), inject failures and
//! read what the server sent. The child's stdin stays piped: when the test process
//! ends, however it ends, the pipe closes and the fake exits.

use super::node_fake::NodeFake;

pub struct FakePaypal {
    /// The process; dropping it stops the fake.
    _process: NodeFake,
    url: String,
    client: reqwest::Client,
}

impl FakePaypal {
    /// Starts `node ui/e2e/fake-paypal.mjs` on a free port and waits (at most 15 s)
    /// until it listens.
    pub async fn start() -> FakePaypal {
        let process =
            NodeFake::start("fake-paypal.mjs", "FAKE_PAYPAL_LISTENING", "fake PayPal").await;
        FakePaypal {
            url: process.url.clone(),
            _process: process,
            client: reqwest::Client::new(),
        }
    }

    /// `http://127.0.0.1:PORT`: the server's `paypal.api_base`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The fake JavaScript SDK: the server's `paypal.sdk_url`.
    pub fn sdk_url(&self) -> String {
        format!("{}/sdk/js", self.url)
    }

    pub fn client_id(&self) -> &str {
        "test-client-id"
    }

    pub fn client_secret(&self) -> &str {
        "test-secret"
    }

    /// The `HEIMSERVICE_PAYPAL_*` settings that point a server at this fake, for
    /// `TestServer::builder().env(..)`.
    pub fn server_env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("HEIMSERVICE_PAYPAL_CLIENT_ID", self.client_id().to_string()),
            (
                "HEIMSERVICE_PAYPAL_CLIENT_SECRET",
                self.client_secret().to_string(),
            ),
            ("HEIMSERVICE_PAYPAL_API_BASE", self.url.clone()),
            ("HEIMSERVICE_PAYPAL_SDK_URL", self.sdk_url()),
        ]
    }

    /// The buyer approves the PayPal order (what PayPal's checkout window does).
    pub async fn approve(&self, paypal_order_id: &str) {
        let path = format!("/__control/approve/{paypal_order_id}");
        let (status, body) = self.control("POST", &path, None).await;
        assert_eq!(
            status, 200,
            "approving PayPal order {paypal_order_id}: {body}"
        );
    }

    /// A pending capture comes to its end at PayPal (`COMPLETED`, `DECLINED` or
    /// `FAILED`), as after PayPal's review.
    pub async fn settle(&self, capture_id: &str, status: &str) {
        let path = format!("/__control/settle/{capture_id}");
        let (code, body) = self
            .control(
                "POST",
                &path,
                Some(&serde_json::json!({ "status": status })),
            )
            .await;
        assert_eq!(code, 200, "settling capture {capture_id}: {body}");
    }

    /// Injects a failure (`POST /__control/fail`), e.g.
    /// `json!({"endpoint": "capture", "status": 422, "issue": "INSTRUMENT_DECLINED"})`.
    pub async fn fail(&self, spec: serde_json::Value) {
        let (status, body) = self.control("POST", "/__control/fail", Some(&spec)).await;
        assert_eq!(status, 200, "failure spec {spec}: {body}");
    }

    /// Forgets orders, captures, refunds, failures and counters (issued tokens stay valid).
    pub async fn reset(&self) {
        let (status, body) = self.control("POST", "/__control/reset", None).await;
        assert_eq!(status, 200, "reset: {body}");
    }

    /// Makes every issued token invalid, so the next API call answers 401.
    pub async fn expire_tokens(&self) {
        let (status, body) = self.control("POST", "/__control/expire_tokens", None).await;
        assert_eq!(status, 200, "expire_tokens: {body}");
    }

    /// `{ orders: {id: order}, captures: {id: capture}, refunds: [..], token_requests,
    /// requests: [{method, path, paypal_request_id, status}], failures }`.
    pub async fn state(&self) -> serde_json::Value {
        let (status, body) = self.control("GET", "/__control/state", None).await;
        assert_eq!(status, 200, "state: {body}");
        body
    }

    async fn control(
        &self,
        method: &str,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut request = self
            .client
            .request(method.parse().unwrap(), format!("{}{path}", self.url));
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request
            .send()
            .await
            .unwrap_or_else(|error| panic!("fake PayPal {method} {path}: {error}"));
        let status = response.status().as_u16();
        (status, response.json().await.unwrap())
    }
}

#[cfg(test)]
mod tests {
    use super::FakePaypal;
    use serde_json::json;

    /// Token, create, approve and capture as the server will do them; then the
    /// control endpoints.
    #[tokio::test]
    async fn the_fake_paypal_captures_an_approved_order() {
        let paypal = FakePaypal::start().await;
        let client = reqwest::Client::new();
        let token: serde_json::Value = client
            .post(format!("{}/v1/oauth2/token", paypal.url()))
            .basic_auth(paypal.client_id(), Some(paypal.client_secret()))
            .form(&[("grant_type", "client_credentials")])
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let bearer = token["access_token"].as_str().unwrap().to_string();

        let response = client
            .post(format!("{}/v2/checkout/orders", paypal.url()))
            .bearer_auth(&bearer)
            .header("PayPal-Request-Id", "create-1")
            .json(&json!({
                "intent": "CAPTURE",
                "purchase_units": [{"custom_id": "7", "amount": {"currency_code": "EUR", "value": "23.50"}}]
            }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        let order: serde_json::Value = response.json().await.unwrap();
        let id = order["id"].as_str().unwrap();
        assert_eq!(order["status"], "CREATED");

        let capture_url = format!("{}/v2/checkout/orders/{id}/capture", paypal.url());
        let capture = || {
            client
                .post(&capture_url)
                .bearer_auth(&bearer)
                .json(&json!({}))
        };
        assert_eq!(capture().send().await.unwrap().status(), 422);
        paypal.approve(id).await;
        paypal
            .fail(json!({"endpoint": "capture", "status": 422, "issue": "INSTRUMENT_DECLINED"}))
            .await;
        let declined: serde_json::Value = capture().send().await.unwrap().json().await.unwrap();
        assert_eq!(declined["details"][0]["issue"], "INSTRUMENT_DECLINED");

        let response = capture().send().await.unwrap();
        assert_eq!(response.status(), 201);
        let captured: serde_json::Value = response.json().await.unwrap();
        let payment = &captured["purchase_units"][0]["payments"]["captures"][0];
        assert_eq!(payment["status"], "COMPLETED");
        assert_eq!(payment["amount"]["value"], "23.50");
        assert_eq!(payment["custom_id"], "7");

        let state = paypal.state().await;
        assert_eq!(state["token_requests"], 1);
        assert_eq!(state["orders"][id]["status"], "COMPLETED");
        assert_eq!(state["requests"][1]["paypal_request_id"], "create-1");

        paypal.reset().await;
        assert_eq!(paypal.state().await["orders"], json!({}));
        paypal.expire_tokens().await;
        let refused = client
            .get(format!("{}/v2/checkout/orders/{id}", paypal.url()))
            .bearer_auth(&bearer)
            .send()
            .await
            .unwrap();
        assert_eq!(refused.status(), 401);
        let env = paypal.server_env();
        assert!(env.contains(&("HEIMSERVICE_PAYPAL_SDK_URL", paypal.sdk_url())));
    }
}
