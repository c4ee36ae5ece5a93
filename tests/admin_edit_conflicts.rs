//! Two admins (or two tabs) open the same record and both save: the second save, made
//! on a version the first one replaced, is refused with 409 `edit_conflict` and changes
//! nothing, instead of silently undoing the first. Every record the admin area edits
//! carries its version (`ETag`, `version`); every write of it takes `If-Match`, and a
//! write without one still works (the menu import, older clients). The catalog's
//! records are in `catalog.rs`; the store settings, delivery zones, discounts and
//! printers in `settings.rs`.

mod catalog;
mod settings;

use serde_json::{Value, json};

use crate::support::TestServer;
use catalog::edited;

/// A 1×1 PNG, for a banner and a product photo.
pub const TINY_PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\xdac\xf8\xcf\xc0\xf0\x1f\0\x05\0\x01\xffV\xc7/\r\0\0\0\0IEND\xaeB`\x82";

/// What the server answered: status, `ETag` header and JSON body (`Null` when empty).
pub struct Answer {
    pub status: u16,
    pub etag: Option<String>,
    pub body: Value,
}

/// An admin's requests, with the preconditions the admin area sends.
pub struct Admin<'a> {
    pub server: &'a TestServer,
    token: String,
}

impl Admin<'_> {
    pub async fn of(server: &TestServer) -> Admin<'_> {
        Admin {
            server,
            token: server.admin_token().await,
        }
    }

    /// Sends `body` (JSON, or raw bytes with their content type) with `headers`.
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<Value>,
    ) -> Answer {
        let mut request = self
            .server
            .client
            .request(method.parse().unwrap(), self.server.url(path))
            .bearer_auth(&self.token);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        answer(request.send().await.unwrap()).await
    }

    /// `call` with `If-Match` set to `version` (quoted, as the `ETag` header has it).
    pub async fn call_if(
        &self,
        method: &str,
        path: &str,
        version: &str,
        body: Option<Value>,
    ) -> Answer {
        self.call(method, path, &[("If-Match", &quoted(version))], body)
            .await
    }

    pub async fn upload(&self, path: &str, headers: &[(&str, &str)]) -> Answer {
        let mut request = self
            .server
            .client
            .request(reqwest::Method::PUT, self.server.url(path))
            .bearer_auth(&self.token)
            .header("content-type", "image/png")
            .body(TINY_PNG.to_vec());
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        answer(request.send().await.unwrap()).await
    }

    /// `GET /admin/catalog`, as the admin area loads it to open an edit form.
    pub async fn catalog(&self) -> Value {
        let answer = self.call("GET", "/admin/catalog", &[], None).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.body
    }

    async fn catalog_record(&self, list: &str, id: u64) -> Value {
        let catalog = self.catalog().await;
        catalog[list]
            .as_array()
            .unwrap()
            .iter()
            .find(|record| record["id"] == id)
            .unwrap_or_else(|| panic!("no {list} {id}"))
            .clone()
    }
}

async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status().as_u16();
    let etag = response
        .headers()
        .get("etag")
        .map(|value| value.to_str().unwrap().to_string());
    let text = response.text().await.unwrap();
    let body = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    };
    Answer { status, etag, body }
}

pub fn quoted(version: &str) -> String {
    format!("\"{version}\"")
}

/// The version a record's JSON carries.
pub fn version_of(record: &Value) -> String {
    record["version"]
        .as_str()
        .unwrap_or_else(|| panic!("no version in {record}"))
        .to_string()
}

/// A save answered 200 with the new version as strong `ETag` and in the body.
pub fn saved_version(answer: &Answer, what: &str) -> String {
    assert_eq!(answer.status, 200, "{what}: {}", answer.body);
    let version = version_of(&answer.body);
    assert_eq!(
        answer.etag.as_deref(),
        Some(quoted(&version).as_str()),
        "{what}: the ETag is the body's version, quoted"
    );
    version
}

/// 409 `edit_conflict`, naming the version that is current now.
pub fn assert_conflict(answer: &Answer, current: Option<&str>, what: &str) {
    assert_eq!(answer.status, 409, "{what}: {}", answer.body);
    assert_eq!(
        answer.body["code"], "edit_conflict",
        "{what}: {}",
        answer.body
    );
    assert!(
        answer.body["detail"]
            .as_str()
            .unwrap()
            .contains("changed it"),
        "{what}: {}",
        answer.body
    );
    assert_eq!(
        answer.body["params"]["current_version"].as_str(),
        current,
        "{what}: {}",
        answer.body
    );
}

/// The attack run's figure: ten admins save the same product on the version they all
/// loaded, at once. Exactly one save lands; the nine others are told, none is lost
/// silently (before: every save answered 200 and all but the last were gone).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_ten_parallel_saves_on_one_version_exactly_one_lands() {
    let server = TestServer::start().await;
    let admin = Admin::of(&server).await;
    let catalog = admin.catalog().await;
    let product = catalog["products"][0].clone();
    let loaded = version_of(&product);
    let path = format!("/products/{}", product["id"]);
    let saves = (1..=10).map(|n| {
        let mut body = edited(&catalog, "products", &product, n);
        body["name"] = json!(format!("Gleichzeitig {n}"));
        let (admin, path, loaded) = (&admin, &path, &loaded);
        async move { (n, admin.call_if("PUT", path, loaded, Some(body)).await) }
    });
    let answers = futures_util::future::join_all(saves).await;

    let saved: Vec<u64> = answers
        .iter()
        .filter(|(_, answer)| answer.status == 200)
        .map(|(n, _)| *n)
        .collect();
    let refused = answers
        .iter()
        .filter(|(_, answer)| answer.status == 409 && answer.body["code"] == "edit_conflict")
        .count();
    assert_eq!(saved.len(), 1, "exactly one save lands: {saved:?}");
    assert_eq!(refused, 9, "the nine others are refused");
    let id = product["id"].as_u64().unwrap();
    let stored = admin.catalog_record("products", id).await;
    assert_eq!(stored["name"], format!("Gleichzeitig {}", saved[0]));
    println!(
        "10 parallel saves on one version: {} saved, {refused} refused with 409 edit_conflict, {} lost silently",
        saved.len(),
        10 - saved.len() - refused
    );
    server.stop().await;
}
