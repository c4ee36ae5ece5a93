//! A fake ACME server (RFC 8555) on 127.0.0.1, over HTTPS with a CA made for the test.
//! It skips checking JWS signatures but reads every payload, and it really validates
//! TLS-ALPN-01 (RFC 8737): it connects to the address the test points the domain at,
//! offers only `acme-tls/1`, and accepts the challenge only if the presented certificate
//! names the domain and carries the digest of the right key authorization. Then it
//! signs the order's CSR with its CA.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use poem::http::StatusCode;
use poem::web::{Data, Path as UrlPath};
use poem::{EndpointExt, Response, Route, handler};
use rcgen::{
    BasicConstraints, CertificateParams, CertificateSigningRequestParams, DnType, IsCa, Issuer,
    KeyPair, KeyUsagePurpose, SanType,
};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_rustls::rustls::client::danger::{
    HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier,
};
use tokio_rustls::rustls::crypto::{self, CryptoProvider};
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use tokio_rustls::rustls::{self, ClientConfig, DigitallySignedStruct, SignatureScheme};

const ACME_TLS_ALPN: &[u8] = b"acme-tls/1";
/// OID 1.3.6.1.5.5.7.1.31 (id-pe-acmeIdentifier).
const ACME_IDENTIFIER_OID: &str = "1.3.6.1.5.5.7.1.31";
const STEP_LIMIT: Duration = Duration::from_secs(10);

/// How the fake checks the key authorization in the challenge certificate.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Validation {
    /// As RFC 8737 says: SHA-256 of `token.thumbprint`.
    Correct,
    /// Expects a different account thumbprint, so every validation fails.
    WrongKeyAuthorization,
}

pub struct FakeAcme {
    shared: Arc<Shared>,
    ca_file: PathBuf,
    _dir: tempfile::TempDir,
    task: tokio::task::JoinHandle<()>,
}

struct Shared {
    base: String,
    validation: Validation,
    ca: Issuer<'static, KeyPair>,
    ca_pem: String,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    nonces: u64,
    requests: usize,
    account_thumbprint: Option<String>,
    contact: Vec<String>,
    /// Account updates that changed the contact.
    contact_updates: usize,
    orders: Vec<FakeOrder>,
    /// Where each domain's TLS port is (the test's DNS).
    targets: HashMap<String, SocketAddr>,
    /// One line per validation: `valid shop.test` or `invalid shop.test: why`.
    validations: Vec<String>,
    issued: Vec<Vec<u8>>,
}

struct FakeOrder {
    domains: Vec<String>,
    authorizations: Vec<FakeAuthorization>,
    chain: Option<String>,
}

struct FakeAuthorization {
    token: String,
    status: &'static str,
    error: Option<String>,
}

impl FakeOrder {
    fn status(&self) -> &'static str {
        if self.chain.is_some() {
            "valid"
        } else if self.authorizations.iter().any(|a| a.status == "invalid") {
            "invalid"
        } else if self.authorizations.iter().all(|a| a.status == "valid") {
            "ready"
        } else {
            "pending"
        }
    }
}

impl FakeAcme {
    pub async fn start(validation: Validation) -> FakeAcme {
        let ca_key = KeyPair::generate().unwrap();
        let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
        ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca_params
            .distinguished_name
            .push(DnType::CommonName, "heimservice fake ACME CA");
        ca_params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        let ca_pem = ca_params.self_signed(&ca_key).unwrap().pem();
        let ca = Issuer::new(ca_params, ca_key);

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let tls = https_config(&ca);
        let shared = Arc::new(Shared {
            base: format!("https://127.0.0.1:{port}"),
            validation,
            ca,
            ca_pem,
            state: Mutex::new(State::default()),
        });
        let app = Route::new()
            .at("/directory", poem::get(get_directory))
            .at("/new-nonce", poem::head(get_new_nonce).get(get_new_nonce))
            .at("/new-account", poem::post(post_new_account))
            .at("/account/:id", poem::post(post_account))
            .at("/new-order", poem::post(post_new_order))
            .at("/order/:order", poem::post(post_order))
            .at("/authz/:order/:index", poem::post(post_authorization))
            .at("/challenge/:order/:index", poem::post(post_challenge))
            .at("/finalize/:order", poem::post(post_finalize))
            .at("/certificate/:order", poem::post(post_certificate))
            .data(Arc::clone(&shared));
        let limits =
            heimservice::http::connection_limits::ConnectionLimits::new(256, 256, Vec::new());
        let acceptor =
            heimservice::http::tls::TlsAcceptorTask::start(listener, tls, limits).unwrap();
        let timeouts = heimservice::http::serve::Timeouts {
            header: Duration::from_secs(5),
            idle: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(1),
        };
        let task = tokio::spawn(async move {
            let stopped = std::future::pending::<()>();
            let _ = heimservice::http::serve::serve(acceptor, app, timeouts, stopped).await;
        });
        let dir = tempfile::tempdir().unwrap();
        let ca_file = dir.path().join("fake-acme-ca.pem");
        std::fs::write(&ca_file, &shared.ca_pem).unwrap();
        FakeAcme {
            shared,
            ca_file,
            _dir: dir,
            task,
        }
    }

    /// The server's `tls.acme_directory`.
    pub fn directory(&self) -> String {
        format!("{}/directory", self.shared.base)
    }

    /// The CA of the fake's HTTPS and of the certificates it issues (PEM file).
    pub fn ca_file(&self) -> &Path {
        &self.ca_file
    }

    pub fn ca_certificate(&self) -> reqwest::Certificate {
        reqwest::Certificate::from_pem(self.shared.ca_pem.as_bytes()).unwrap()
    }

    /// Validations of `domain` connect to `addr`.
    pub fn point(&self, domain: &str, addr: SocketAddr) {
        self.state().targets.insert(domain.to_string(), addr);
    }

    pub fn orders(&self) -> usize {
        self.state().orders.len()
    }

    /// Every request the fake answered.
    pub fn requests(&self) -> usize {
        self.state().requests
    }

    pub fn validations(&self) -> Vec<String> {
        self.state().validations.clone()
    }

    /// The contact URLs of the registered account.
    pub fn contact(&self) -> Vec<String> {
        self.state().contact.clone()
    }

    /// How often the account's contact was changed after its registration.
    pub fn contact_updates(&self) -> usize {
        self.state().contact_updates
    }

    /// DER of every leaf certificate issued.
    pub fn issued(&self) -> Vec<Vec<u8>> {
        self.state().issued.clone()
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.shared.state.lock().unwrap()
    }
}

impl Drop for FakeAcme {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The fake's own HTTPS certificate, for 127.0.0.1, signed by its CA.
fn https_config(ca: &Issuer<'static, KeyPair>) -> rustls::ServerConfig {
    let key = KeyPair::generate().unwrap();
    let params = CertificateParams::new(vec!["127.0.0.1".to_string()]).unwrap();
    let certificate = params.signed_by(&key, ca).unwrap();
    let private = rustls::pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into());
    let mut config =
        rustls::ServerConfig::builder_with_provider(Arc::new(crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(vec![certificate.der().clone()], private)
            .unwrap();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    config
}

impl Shared {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Counts the request and adds a fresh `Replay-Nonce`; `Null` sends no body.
    fn reply(&self, status: StatusCode, body: Value) -> Response {
        let nonce = {
            let mut state = self.state.lock().unwrap();
            state.requests += 1;
            state.nonces += 1;
            state.nonces
        };
        let content_type = if status.is_success() {
            "application/json"
        } else {
            "application/problem+json"
        };
        Response::builder()
            .status(status)
            .header("Replay-Nonce", format!("nonce-{nonce}"))
            .header("Cache-Control", "no-store")
            .content_type(content_type)
            .body(if body.is_null() {
                String::new()
            } else {
                body.to_string()
            })
    }

    fn problem(&self, status: StatusCode, kind: &str, detail: &str) -> Response {
        self.reply(
            status,
            json!({"type": format!("urn:ietf:params:acme:error:{kind}"), "detail": detail, "status": status.as_u16()}),
        )
    }

    /// Reads a JWS request body: the protected header must name this URL and carry a
    /// nonce; the payload is JSON, or empty for POST-as-GET. Errors are the answer.
    fn read_jws(&self, body: &[u8], path: &str) -> Result<(Value, Value), Box<Response>> {
        let malformed =
            |detail: &str| Box::new(self.problem(StatusCode::BAD_REQUEST, "malformed", detail));
        let jws: Value = serde_json::from_slice(body).map_err(|_| malformed("not JSON"))?;
        let decode = |field: &str| -> Result<Vec<u8>, Box<Response>> {
            let text = jws[field]
                .as_str()
                .ok_or_else(|| malformed(&format!("no {field}")))?;
            URL_SAFE_NO_PAD
                .decode(text)
                .map_err(|_| malformed(&format!("{field} is not base64url")))
        };
        let protected: Value = serde_json::from_slice(&decode("protected")?)
            .map_err(|_| malformed("protected header is not JSON"))?;
        if protected["url"] != self.url(path) {
            return Err(malformed("the protected url does not match"));
        }
        if !protected["nonce"].is_string() || !jws["signature"].is_string() {
            return Err(Box::new(self.problem(
                StatusCode::BAD_REQUEST,
                "badNonce",
                "no nonce",
            )));
        }
        let payload = decode("payload")?;
        let payload = if payload.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&payload).map_err(|_| malformed("payload is not JSON"))?
        };
        Ok((protected, payload))
    }

    /// Like [`Shared::read_jws`] for requests signed by the registered account (`kid`).
    fn read_account_jws(&self, body: &[u8], path: &str) -> Result<Value, Box<Response>> {
        let (protected, payload) = self.read_jws(body, path)?;
        if protected["kid"] != self.url("/account/1") {
            return Err(Box::new(self.problem(
                StatusCode::UNAUTHORIZED,
                "accountDoesNotExist",
                "unknown kid",
            )));
        }
        Ok(payload)
    }

    fn order_json(&self, id: usize, order: &FakeOrder) -> Value {
        let mut body = json!({
            "status": order.status(),
            "identifiers": order.domains.iter().map(|d| json!({"type": "dns", "value": d})).collect::<Vec<_>>(),
            "authorizations": (0..order.authorizations.len()).map(|i| self.url(&format!("/authz/{id}/{i}"))).collect::<Vec<_>>(),
            "finalize": self.url(&format!("/finalize/{id}")),
        });
        if order.chain.is_some() {
            body["certificate"] = json!(self.url(&format!("/certificate/{id}")));
        }
        body
    }

    fn challenge_json(&self, id: usize, index: usize, authorization: &FakeAuthorization) -> Value {
        let mut challenge = json!({
            "type": "tls-alpn-01",
            "url": self.url(&format!("/challenge/{id}/{index}")),
            "token": authorization.token,
            "status": authorization.status,
        });
        if let Some(error) = &authorization.error {
            challenge["error"] = json!({
                "type": "urn:ietf:params:acme:error:incorrectResponse",
                "detail": error,
                "status": 403,
            });
        }
        challenge
    }
}

#[handler]
fn get_directory(Data(fake): Data<&Arc<Shared>>) -> Response {
    fake.reply(
        StatusCode::OK,
        json!({
            "newNonce": fake.url("/new-nonce"),
            "newAccount": fake.url("/new-account"),
            "newOrder": fake.url("/new-order"),
            "revokeCert": fake.url("/revoke-cert"),
            "keyChange": fake.url("/key-change"),
        }),
    )
}

#[handler]
fn get_new_nonce(Data(fake): Data<&Arc<Shared>>) -> Response {
    fake.reply(StatusCode::OK, Value::Null)
}

#[handler]
fn post_new_account(Data(fake): Data<&Arc<Shared>>, body: Vec<u8>) -> Response {
    let (protected, payload) = match fake.read_jws(&body, "/new-account") {
        Ok(read) => read,
        Err(problem) => return *problem,
    };
    if payload["termsOfServiceAgreed"] != true {
        return fake.problem(
            StatusCode::FORBIDDEN,
            "userActionRequired",
            "agree to the terms",
        );
    }
    let Some(thumbprint) = jwk_thumbprint(&protected["jwk"]) else {
        return fake.problem(
            StatusCode::BAD_REQUEST,
            "badPublicKey",
            "need an EC P-256 jwk",
        );
    };
    {
        let mut state = fake.state.lock().unwrap();
        state.account_thumbprint = Some(thumbprint);
        state.contact = payload["contact"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c.as_str().map(str::to_string))
            .collect();
    }
    let mut response = fake.reply(
        StatusCode::CREATED,
        json!({"status": "valid", "contact": payload["contact"]}),
    );
    response
        .headers_mut()
        .insert("Location", fake.url("/account/1").parse().unwrap());
    response
}

/// RFC 8555 §7.3.2: an account update; only `contact` is read.
#[handler]
fn post_account(
    Data(fake): Data<&Arc<Shared>>,
    UrlPath(id): UrlPath<usize>,
    body: Vec<u8>,
) -> Response {
    let payload = match fake.read_account_jws(&body, &format!("/account/{id}")) {
        Ok(payload) => payload,
        Err(problem) => return *problem,
    };
    let contact = {
        let mut state = fake.state.lock().unwrap();
        if let Some(contact) = payload["contact"].as_array() {
            state.contact = contact
                .iter()
                .filter_map(|c| c.as_str().map(str::to_string))
                .collect();
            state.contact_updates += 1;
        }
        state.contact.clone()
    };
    fake.reply(
        StatusCode::OK,
        json!({"status": "valid", "contact": contact}),
    )
}

#[handler]
fn post_new_order(Data(fake): Data<&Arc<Shared>>, body: Vec<u8>) -> Response {
    let payload = match fake.read_account_jws(&body, "/new-order") {
        Ok(payload) => payload,
        Err(problem) => return *problem,
    };
    let domains: Vec<String> = payload["identifiers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|identifier| identifier["type"] == "dns")
        .filter_map(|identifier| identifier["value"].as_str().map(str::to_string))
        .collect();
    if domains.is_empty() {
        return fake.problem(StatusCode::BAD_REQUEST, "malformed", "no dns identifiers");
    }
    let (id, body) = {
        let mut state = fake.state.lock().unwrap();
        let id = state.orders.len();
        let order = FakeOrder {
            authorizations: (0..domains.len())
                .map(|index| FakeAuthorization {
                    token: format!("token-{id}-{index}-evaGxfADs6pSRb2LAv9IZf17"),
                    status: "pending",
                    error: None,
                })
                .collect(),
            domains,
            chain: None,
        };
        let body = fake.order_json(id, &order);
        state.orders.push(order);
        (id, body)
    };
    let mut response = fake.reply(StatusCode::CREATED, body);
    response.headers_mut().insert(
        "Location",
        fake.url(&format!("/order/{id}")).parse().unwrap(),
    );
    response
}

#[handler]
fn post_order(
    Data(fake): Data<&Arc<Shared>>,
    UrlPath(id): UrlPath<usize>,
    body: Vec<u8>,
) -> Response {
    if let Err(problem) = fake.read_account_jws(&body, &format!("/order/{id}")) {
        return *problem;
    }
    let body = {
        let state = fake.state.lock().unwrap();
        state.orders.get(id).map(|order| fake.order_json(id, order))
    };
    match body {
        Some(body) => fake.reply(StatusCode::OK, body),
        None => fake.problem(StatusCode::NOT_FOUND, "malformed", "no such order"),
    }
}

#[handler]
fn post_authorization(
    Data(fake): Data<&Arc<Shared>>,
    UrlPath((id, index)): UrlPath<(usize, usize)>,
    body: Vec<u8>,
) -> Response {
    if let Err(problem) = fake.read_account_jws(&body, &format!("/authz/{id}/{index}")) {
        return *problem;
    }
    let body = {
        let state = fake.state.lock().unwrap();
        state.orders.get(id).and_then(|order| {
            let authorization = order.authorizations.get(index)?;
            let domain = &order.domains[index];
            Some(json!({
                "identifier": {"type": "dns", "value": domain},
                "status": authorization.status,
                "challenges": [
                    // Offered but never validated: the server must pick tls-alpn-01.
                    {"type": "http-01", "url": fake.url(&format!("/challenge/{id}/{index}/http")), "token": authorization.token, "status": "pending"},
                    fake.challenge_json(id, index, authorization),
                ],
            }))
        })
    };
    match body {
        Some(body) => fake.reply(StatusCode::OK, body),
        None => fake.problem(StatusCode::NOT_FOUND, "malformed", "no such authorization"),
    }
}

/// Validates the challenge at once, before answering.
#[handler]
async fn post_challenge(
    Data(fake): Data<&Arc<Shared>>,
    UrlPath((id, index)): UrlPath<(usize, usize)>,
    body: Vec<u8>,
) -> Response {
    if let Err(problem) = fake.read_account_jws(&body, &format!("/challenge/{id}/{index}")) {
        return *problem;
    }
    let found = {
        let state = fake.state.lock().unwrap();
        state.orders.get(id).and_then(|order| {
            let authorization = order.authorizations.get(index)?;
            Some((
                order.domains[index].clone(),
                authorization.token.clone(),
                state.account_thumbprint.clone()?,
            ))
        })
    };
    let Some((domain, token, thumbprint)) = found else {
        return fake.problem(StatusCode::NOT_FOUND, "malformed", "no such challenge");
    };
    let thumbprint = match fake.validation {
        Validation::Correct => thumbprint,
        Validation::WrongKeyAuthorization => format!("{thumbprint}-other-account"),
    };
    let expected: [u8; 32] = Sha256::digest(format!("{token}.{thumbprint}")).into();
    let outcome = validate_tls_alpn(fake, &domain, &expected).await;
    let body = {
        let mut state = fake.state.lock().unwrap();
        state.validations.push(match &outcome {
            Ok(()) => format!("valid {domain}"),
            Err(why) => format!("invalid {domain}: {why}"),
        });
        let authorization = &mut state.orders[id].authorizations[index];
        match outcome {
            Ok(()) => authorization.status = "valid",
            Err(why) => {
                authorization.status = "invalid";
                authorization.error = Some(format!("fake ACME: {why}"));
            }
        }
        let authorization = &state.orders[id].authorizations[index];
        fake.challenge_json(id, index, authorization)
    };
    fake.reply(StatusCode::OK, body)
}

#[handler]
fn post_finalize(
    Data(fake): Data<&Arc<Shared>>,
    UrlPath(id): UrlPath<usize>,
    body: Vec<u8>,
) -> Response {
    let payload = match fake.read_account_jws(&body, &format!("/finalize/{id}")) {
        Ok(payload) => payload,
        Err(problem) => return *problem,
    };
    let ready = {
        let state = fake.state.lock().unwrap();
        state
            .orders
            .get(id)
            .filter(|order| order.status() == "ready")
            .map(|order| order.domains.clone())
    };
    let Some(domains) = ready else {
        return fake.problem(
            StatusCode::FORBIDDEN,
            "orderNotReady",
            "the order is not ready",
        );
    };
    let csr = payload["csr"]
        .as_str()
        .and_then(|csr| URL_SAFE_NO_PAD.decode(csr).ok());
    let Some(csr) = csr else {
        return fake.problem(StatusCode::BAD_REQUEST, "badCSR", "no csr");
    };
    let mut request = match CertificateSigningRequestParams::from_der(&csr.into()) {
        Ok(request) => request,
        Err(error) => return fake.problem(StatusCode::BAD_REQUEST, "badCSR", &error.to_string()),
    };
    let mut names: Vec<String> = request
        .params
        .subject_alt_names
        .iter()
        .filter_map(|name| match name {
            SanType::DnsName(dns) => Some(dns.as_str().to_string()),
            _ => None,
        })
        .collect();
    names.sort();
    let mut wanted = domains.clone();
    wanted.sort();
    if names != wanted {
        return fake.problem(
            StatusCode::BAD_REQUEST,
            "badCSR",
            "the CSR names differ from the order",
        );
    }
    let now = time::OffsetDateTime::now_utc();
    request.params.not_before = now - time::Duration::hours(1);
    request.params.not_after = now + time::Duration::days(90);
    let leaf = request.signed_by(&fake.ca).unwrap();
    let body = {
        let mut state = fake.state.lock().unwrap();
        state.issued.push(leaf.der().to_vec());
        let order = &mut state.orders[id];
        order.chain = Some(format!("{}{}", leaf.pem(), fake.ca_pem));
        fake.order_json(id, order)
    };
    fake.reply(StatusCode::OK, body)
}

#[handler]
fn post_certificate(
    Data(fake): Data<&Arc<Shared>>,
    UrlPath(id): UrlPath<usize>,
    body: Vec<u8>,
) -> Response {
    if let Err(problem) = fake.read_account_jws(&body, &format!("/certificate/{id}")) {
        return *problem;
    }
    let chain = {
        let state = fake.state.lock().unwrap();
        state.orders.get(id).and_then(|order| order.chain.clone())
    };
    let Some(chain) = chain else {
        return fake.problem(StatusCode::NOT_FOUND, "malformed", "no certificate");
    };
    let mut response = fake.reply(StatusCode::OK, Value::Null);
    response.headers_mut().insert(
        "Content-Type",
        "application/pem-certificate-chain".parse().unwrap(),
    );
    response.set_body(chain);
    response
}

/// RFC 7638 thumbprint of an EC public key, base64url.
fn jwk_thumbprint(jwk: &Value) -> Option<String> {
    if jwk["kty"] != "EC" || jwk["crv"] != "P-256" {
        return None;
    }
    let canonical = format!(
        r#"{{"crv":"P-256","kty":"EC","x":"{}","y":"{}"}}"#,
        jwk["x"].as_str()?,
        jwk["y"].as_str()?
    );
    Some(URL_SAFE_NO_PAD.encode(Sha256::digest(canonical)))
}

/// RFC 8737 §3: a TLS handshake with SNI = `domain` and only `acme-tls/1` offered; the
/// certificate must name `domain` alone and carry the critical acmeIdentifier extension
/// with `expected`. The server must close the connection instead of serving HTTP.
async fn validate_tls_alpn(fake: &Shared, domain: &str, expected: &[u8; 32]) -> Result<(), String> {
    let mut target = None;
    for _ in 0..100 {
        target = fake.state.lock().unwrap().targets.get(domain).copied();
        if target.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let addr = target.ok_or_else(|| format!("the test never said where {domain} is"))?;
    let provider = Arc::new(crypto::ring::default_provider());
    let mut config = ClientConfig::builder_with_provider(Arc::clone(&provider))
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(AnyCertificate(provider)))
        .with_no_client_auth();
    config.alpn_protocols = vec![ACME_TLS_ALPN.to_vec()];
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let name = ServerName::try_from(domain.to_string()).map_err(|e| e.to_string())?;
    let tcp = tokio::time::timeout(STEP_LIMIT, tokio::net::TcpStream::connect(addr))
        .await
        .map_err(|_| "connect timed out".to_string())?
        .map_err(|e| format!("cannot connect: {e}"))?;
    let mut tls = tokio::time::timeout(STEP_LIMIT, connector.connect(name, tcp))
        .await
        .map_err(|_| "handshake timed out".to_string())?
        .map_err(|e| format!("handshake failed: {e}"))?;
    let (_, session) = tls.get_ref();
    if session.alpn_protocol() != Some(ACME_TLS_ALPN) {
        return Err("acme-tls/1 was not negotiated".into());
    }
    let leaf = session
        .peer_certificates()
        .and_then(|chain| chain.first())
        .ok_or("no certificate")?
        .to_vec();
    check_challenge_certificate(&leaf, domain, expected)?;
    let _ = tls
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(STEP_LIMIT, tls.read_to_end(&mut answer)).await;
    if !answer.is_empty() {
        return Err("the server spoke HTTP over acme-tls/1".into());
    }
    Ok(())
}

fn check_challenge_certificate(
    der: &[u8],
    domain: &str,
    expected: &[u8; 32],
) -> Result<(), String> {
    use x509_parser::prelude::{FromDer, GeneralName, ParsedExtension, X509Certificate};
    let (_, certificate) = X509Certificate::from_der(der).map_err(|e| e.to_string())?;
    let mut names = Vec::new();
    let mut digest = None;
    for extension in certificate.extensions() {
        if let ParsedExtension::SubjectAlternativeName(alt) = extension.parsed_extension() {
            names.extend(alt.general_names.iter().map(|name| match name {
                GeneralName::DNSName(dns) => dns.to_string(),
                other => format!("{other:?}"),
            }));
        }
        if extension.oid.to_id_string() == ACME_IDENTIFIER_OID {
            if !extension.critical {
                return Err("the acmeIdentifier extension is not critical".into());
            }
            // An OCTET STRING of 32 bytes: tag 0x04, length 0x20.
            digest = extension
                .value
                .strip_prefix(&[0x04, 0x20][..])
                .map(<[u8]>::to_vec);
        }
    }
    if names != [domain] {
        return Err(format!(
            "the certificate names {names:?}, not only {domain}"
        ));
    }
    match digest {
        None => Err("no acmeIdentifier extension".into()),
        Some(digest) if digest != expected => Err("the key authorization does not match".into()),
        Some(_) => Ok(()),
    }
}

#[derive(Debug)]
struct AnyCertificate(Arc<CryptoProvider>);

impl ServerCertVerifier for AnyCertificate {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    // rustls would check these signatures with webpki, which refuses the critical
    // acmeIdentifier extension; the fake trusts the handshake as it trusts the certificate.
    fn verify_tls12_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        Ok(HandshakeSignatureValid::assertion())
    }

    fn verify_tls13_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        Ok(HandshakeSignatureValid::assertion())
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}
