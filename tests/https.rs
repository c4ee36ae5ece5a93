//! Built-in HTTPS with certificate files (a self-signed one for 127.0.0.1 here).

use crate::support::{TestServer, run_binary};

const CERT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tls/cert.pem");
const KEY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tls/key.pem");
/// The test CA that signed `cert.pem` (its key was thrown away).
const CA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tls/ca.pem");

#[tokio::test]
async fn the_shop_serves_https_with_hsts() {
    let server = TestServer::builder()
        .env("HEIMSERVICE_TLS_CERT_FILE", CERT)
        .env("HEIMSERVICE_TLS_KEY_FILE", KEY)
        .start()
        .await;
    let https = server.base.replace("http://", "https://");
    let root = reqwest::Certificate::from_pem(&std::fs::read(CA).unwrap()).unwrap();
    let client = reqwest::Client::builder()
        .add_root_certificate(root)
        .build()
        .unwrap();
    let answer = client.get(format!("{https}/healthz")).send().await.unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(
        answer.headers()["strict-transport-security"],
        "max-age=31536000"
    );
    assert!(answer.headers().contains_key("content-security-policy"));
    let page = client
        .get(format!("{https}/order-online/"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);

    // Plain HTTP on the TLS port gets no page.
    let plain = reqwest::Client::new()
        .get(format!("{}/healthz", server.base))
        .timeout(std::time::Duration::from_secs(5))
        .send()
        .await;
    assert!(plain.is_err() || plain.unwrap().status() != 200);
}

#[test]
fn a_missing_or_half_tls_setting_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let half = run_binary(
        &["serve", "--listen", "127.0.0.1:0", "--data-dir", data],
        &[("HEIMSERVICE_TLS_CERT_FILE", CERT)],
    );
    assert_eq!(half.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&half.stderr).to_string();
    assert!(
        stderr.contains("tls.cert_file and tls.key_file must be set together"),
        "{stderr}"
    );

    let missing = run_binary(
        &["serve", "--listen", "127.0.0.1:0", "--data-dir", data],
        &[
            ("HEIMSERVICE_TLS_CERT_FILE", "/nonexistent/cert.pem"),
            ("HEIMSERVICE_TLS_KEY_FILE", KEY),
        ],
    );
    assert_eq!(missing.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&missing.stderr).to_string();
    assert!(
        stderr.contains("cannot read the certificate /nonexistent/cert.pem"),
        "{stderr}"
    );
}
