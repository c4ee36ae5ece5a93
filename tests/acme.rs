//! Automatic certificates over ACME, against the fake ACME server of
//! `support/fake_acme.rs`, which really validates TLS-ALPN-01 on the shop's TLS port.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::support::fake_acme::{FakeAcme, Validation};
use crate::support::{TestServer, TestServerBuilder, run_binary, spawn_server_logged};

const DOMAIN: &str = "shop.test";
const EMAIL: &str = "owner@example.com";
const NEW_EMAIL: &str = "new-owner@example.com";
const WAIT_LIMIT: Duration = Duration::from_secs(30);

fn acme_server(fake: &FakeAcme) -> TestServerBuilder {
    acme_server_for(fake, EMAIL)
}

fn acme_server_for(fake: &FakeAcme, email: &str) -> TestServerBuilder {
    TestServer::builder()
        .env("HEIMSERVICE_TLS_ACME_DOMAINS", DOMAIN)
        .env("HEIMSERVICE_TLS_ACME_EMAIL", email)
        .env("HEIMSERVICE_TLS_ACME_DIRECTORY", &fake.directory())
        .env(
            "HEIMSERVICE_TLS_ACME_CA_FILE",
            fake.ca_file().to_str().unwrap(),
        )
}

/// A client that reaches `shop.test` at `addr` and trusts only the fake's CA.
fn shop_client(fake: &FakeAcme, addr: SocketAddr) -> reqwest::Client {
    reqwest::Client::builder()
        .resolve(DOMAIN, addr)
        .tls_built_in_root_certs(false)
        .add_root_certificate(fake.ca_certificate())
        .tls_info(true)
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap()
}

fn healthz(addr: SocketAddr) -> String {
    format!("https://{DOMAIN}:{}/healthz", addr.port())
}

fn served_certificate(response: &reqwest::Response) -> Vec<u8> {
    response
        .extensions()
        .get::<reqwest::tls::TlsInfo>()
        .and_then(|info| info.peer_certificate())
        .expect("the TLS session's certificate")
        .to_vec()
}

/// Polls until the shop answers with a certificate the fake's CA signed.
async fn wait_for_trusted_answer(fake: &FakeAcme, addr: SocketAddr) -> reqwest::Response {
    let client = shop_client(fake, addr);
    let started = Instant::now();
    loop {
        match client.get(healthz(addr)).send().await {
            Ok(response) => return response,
            Err(error) if started.elapsed() > WAIT_LIMIT => panic!(
                "no trusted certificate within {WAIT_LIMIT:?}: {error:?}; the fake's validations: {:?}",
                fake.validations()
            ),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

#[tokio::test]
async fn the_shop_obtains_a_certificate_and_serves_it() {
    let fake = FakeAcme::start(Validation::Correct).await;
    let server = acme_server(&fake).start().await;
    let addr = server.running.as_ref().unwrap().addr;
    fake.point(DOMAIN, addr);

    let answer = wait_for_trusted_answer(&fake, addr).await;
    assert_eq!(answer.status(), 200);
    assert_eq!(fake.issued(), [served_certificate(&answer)]);
    assert_eq!(fake.orders(), 1);
    assert_eq!(fake.validations(), [format!("valid {DOMAIN}")]);
    assert_eq!(fake.contact(), [format!("mailto:{EMAIL}")]);
    assert_eq!(
        answer.headers()["strict-transport-security"],
        "max-age=31536000"
    );
}

#[tokio::test]
async fn a_restart_serves_the_cached_certificate_without_asking_the_acme_server() {
    let fake = FakeAcme::start(Validation::Correct).await;
    let server = acme_server(&fake).start().await;
    let addr = server.running.as_ref().unwrap().addr;
    fake.point(DOMAIN, addr);
    let first = wait_for_trusted_answer(&fake, addr).await;
    let issued = served_certificate(&first);
    let data_dir = server.stop().await;
    let requests = fake.requests();

    let server = acme_server(&fake).data_dir(data_dir).start().await;
    let addr = server.running.as_ref().unwrap().addr;
    fake.point(DOMAIN, addr);
    // The first request already gets the cached certificate: no waiting.
    let answer = shop_client(&fake, addr)
        .get(healthz(addr))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(served_certificate(&answer), issued);
    // Time in which a renewal would have started talking to the fake.
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(fake.requests(), requests);
    assert_eq!(fake.orders(), 1);
}

#[tokio::test]
async fn a_changed_email_becomes_the_account_contact_at_the_next_start() {
    let fake = FakeAcme::start(Validation::Correct).await;
    let server = acme_server(&fake).start().await;
    let addr = server.running.as_ref().unwrap().addr;
    fake.point(DOMAIN, addr);
    let issued = served_certificate(&wait_for_trusted_answer(&fake, addr).await);
    let data_dir = server.stop().await;
    assert_eq!(fake.contact(), [format!("mailto:{EMAIL}")]);

    let server = acme_server_for(&fake, NEW_EMAIL)
        .data_dir(data_dir)
        .start()
        .await;
    let addr = server.running.as_ref().unwrap().addr;
    fake.point(DOMAIN, addr);
    let started = Instant::now();
    while fake.contact() != [format!("mailto:{NEW_EMAIL}")] {
        assert!(
            started.elapsed() < WAIT_LIMIT,
            "the contact is still {:?}",
            fake.contact()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(fake.contact_updates(), 1);
    // The cached certificate stays: no new order for a new address.
    let answer = wait_for_trusted_answer(&fake, addr).await;
    assert_eq!(served_certificate(&answer), issued);
    assert_eq!(fake.orders(), 1);

    // Once the CA has it, a restart with the same address asks nothing.
    let data_dir = server.stop().await;
    let requests = fake.requests();
    let server = acme_server_for(&fake, NEW_EMAIL)
        .data_dir(data_dir)
        .start()
        .await;
    fake.point(DOMAIN, server.running.as_ref().unwrap().addr);
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(fake.requests(), requests);
    assert_eq!(fake.contact_updates(), 1);
}

#[tokio::test]
async fn a_failed_validation_is_logged_and_the_shop_keeps_serving() {
    let fake = FakeAcme::start(Validation::WrongKeyAuthorization).await;
    let data = tempfile::tempdir().unwrap();
    let directory = fake.directory();
    let (mut server, log) = spawn_server_logged(
        data.path(),
        &[],
        &[
            ("HEIMSERVICE_TLS_ACME_DOMAINS", DOMAIN),
            ("HEIMSERVICE_TLS_ACME_EMAIL", EMAIL),
            ("HEIMSERVICE_TLS_ACME_DIRECTORY", &directory),
            (
                "HEIMSERVICE_TLS_ACME_CA_FILE",
                fake.ca_file().to_str().unwrap(),
            ),
        ],
    );
    assert!(
        server.storefront_url.starts_with("https://127.0.0.1:"),
        "{}",
        server.storefront_url
    );
    let port: u16 = server.storefront_url["https://127.0.0.1:".len()..]
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    fake.point(DOMAIN, addr);

    let logged = tokio::task::spawn_blocking(move || {
        let started = Instant::now();
        let mut seen = Vec::new();
        while started.elapsed() < WAIT_LIMIT {
            let Ok(line) = log.recv_timeout(Duration::from_millis(200)) else {
                continue;
            };
            if line.contains("could not obtain a certificate over ACME") {
                return line;
            }
            seen.push(line);
        }
        panic!("no ACME error in the log within {WAIT_LIMIT:?}: {seen:#?}");
    })
    .await
    .unwrap();
    assert!(logged.contains("incorrectResponse"), "{logged}");
    assert!(
        logged.contains("the key authorization does not match"),
        "{logged}"
    );
    assert_eq!(
        fake.validations(),
        [format!(
            "invalid {DOMAIN}: the key authorization does not match"
        )]
    );
    assert!(fake.issued().is_empty());

    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server is still running"
    );
    // Until a certificate arrives the shop answers with its temporary self-signed one.
    let untrusting = reqwest::Client::builder()
        .resolve(DOMAIN, addr)
        .danger_accept_invalid_certs(true)
        .tls_info(true)
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    let answer = untrusting.get(healthz(addr)).send().await.unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(
        answer.headers().get("strict-transport-security"),
        None,
        "no HSTS with the temporary certificate"
    );
    let trusting = shop_client(&fake, addr).get(healthz(addr)).send().await;
    assert!(
        trusting.is_err(),
        "the temporary certificate is not the fake CA's"
    );
}

#[test]
fn acme_mixed_with_certificate_files_or_without_email_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let serve = ["serve", "--listen", "127.0.0.1:0", "--data-dir", data];

    let mixed = run_binary(
        &serve,
        &[
            ("HEIMSERVICE_TLS_ACME_DOMAINS", DOMAIN),
            ("HEIMSERVICE_TLS_ACME_EMAIL", EMAIL),
            ("HEIMSERVICE_TLS_CERT_FILE", "/etc/heimservice/cert.pem"),
            ("HEIMSERVICE_TLS_KEY_FILE", "/etc/heimservice/key.pem"),
        ],
    );
    assert_eq!(mixed.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&mixed.stderr).to_string();
    assert!(stderr.contains("`tls.acme_domains`"), "{stderr}");
    assert!(
        stderr.contains("cannot be used together with tls.cert_file and tls.key_file"),
        "{stderr}"
    );

    let no_email = run_binary(&serve, &[("HEIMSERVICE_TLS_ACME_DOMAINS", DOMAIN)]);
    assert_eq!(no_email.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&no_email.stderr).to_string();
    assert!(stderr.contains("`tls.acme_email`"), "{stderr}");
    assert!(stderr.contains("when tls.acme_domains is set"), "{stderr}");
}

#[test]
fn an_acme_ca_file_without_a_certificate_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let serve = [
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--data-dir",
        data.to_str().unwrap(),
    ];
    let not_pem = dir.path().join("ca.pem");
    std::fs::write(&not_pem, "not a certificate\n").unwrap();
    for (ca_file, why) in [
        (
            "/nonexistent/ca.pem",
            "cannot read tls.acme_ca_file /nonexistent/ca.pem",
        ),
        (not_pem.to_str().unwrap(), "holds no certificate"),
    ] {
        let refused = run_binary(
            &serve,
            &[
                ("HEIMSERVICE_TLS_ACME_DOMAINS", DOMAIN),
                ("HEIMSERVICE_TLS_ACME_EMAIL", EMAIL),
                ("HEIMSERVICE_TLS_ACME_CA_FILE", ca_file),
            ],
        );
        assert_eq!(refused.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&refused.stderr).to_string();
        assert!(stderr.contains(why), "{stderr}");
        assert!(stderr.contains("tls.acme_ca_file"), "{stderr}");
    }
}

#[test]
fn config_check_shows_the_acme_settings() {
    let check = run_binary(
        &["config", "check"],
        &[
            (
                "HEIMSERVICE_TLS_ACME_DOMAINS",
                "pizza.example.com, www.pizza.example.com",
            ),
            ("HEIMSERVICE_TLS_ACME_EMAIL", EMAIL),
        ],
    );
    assert_eq!(check.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&check.stdout).to_string();
    assert!(
        stdout.contains(
            "acme_domains = \"pizza.example.com, www.pizza.example.com\"  # environment HEIMSERVICE_TLS_ACME_DOMAINS"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "acme_directory = \"https://acme-v02.api.letsencrypt.org/directory\"  # default"
        ),
        "{stdout}"
    );
}
