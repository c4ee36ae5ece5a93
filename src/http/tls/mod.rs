//! Built-in HTTPS for owners without a reverse proxy: certificate and key from PEM
//! files (`tls.cert_file`, `tls.key_file`) or obtained over ACME (`tls.acme_domains`,
//! see [`acme`]), rustls with the ring provider (as for mail and PayPal, so the static
//! and Raspberry Pi builds need no other C code). Handshakes run in their own tasks with
//! a time limit, so a slow or silent client never holds up the others; each holds its
//! place in the connection caps from the first byte, and a client over its address's
//! cap is disconnected before any handshake work.

pub mod acme;
mod acme_cache;
mod acme_http;
mod acme_order;
mod certificate;
pub mod resolver;
pub(crate) mod self_signed;

use std::io;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use poem::http::uri::Scheme;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::server::TlsStream;

use self::resolver::{ACME_TLS_ALPN, CertResolver};
use crate::http::connection_limits::{Admission, ConnectionLimits, ConnectionSlot};
use crate::http::serve::Connections;

const HANDSHAKE_LIMIT: Duration = Duration::from_secs(10);
/// Finished handshakes waiting for the server to take them.
const READY_QUEUE: usize = 128;

/// Reads the certificate chain and key; the message names the file at fault.
pub fn server_config(cert_file: &Path, key_file: &Path) -> Result<ServerConfig, String> {
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert_file)
        .and_then(|certs| certs.collect::<Result<_, _>>())
        .map_err(|error| {
            format!(
                "cannot read the certificate {}: {error}",
                cert_file.display()
            )
        })?;
    if certs.is_empty() {
        return Err(format!("{} holds no certificate", cert_file.display()));
    }
    let key = PrivateKeyDer::from_pem_file(key_file).map_err(|error| {
        format!(
            "cannot read the private key {}: {error}",
            key_file.display()
        )
    })?;
    let mut config = config_builder()?
        .with_single_cert(certs, key)
        .map_err(|error| {
            format!(
                "the key {} does not fit the certificate {}: {error}",
                key_file.display(),
                cert_file.display()
            )
        })?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(config)
}

/// Certificates chosen per handshake by `resolver`; also speaks `acme-tls/1`, which
/// only a validating ACME server asks for.
pub fn acme_server_config(resolver: Arc<CertResolver>) -> Result<ServerConfig, String> {
    let mut config = config_builder()?.with_cert_resolver(resolver);
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec(), ACME_TLS_ALPN.to_vec()];
    Ok(config)
}

fn config_builder()
-> Result<rustls::ConfigBuilder<ServerConfig, rustls::server::WantsServerCert>, String> {
    Ok(
        ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .map_err(|error| error.to_string())?
            .with_no_client_auth(),
    )
}

/// Accepts TCP connections and hands finished TLS sessions to the server.
pub struct TlsAcceptorTask {
    local: SocketAddr,
    ready: mpsc::Receiver<(TlsStream<TcpStream>, SocketAddr, ConnectionSlot)>,
    task: tokio::task::JoinHandle<()>,
}

impl TlsAcceptorTask {
    pub fn start(
        listener: TcpListener,
        config: ServerConfig,
        limits: Arc<ConnectionLimits>,
    ) -> io::Result<TlsAcceptorTask> {
        let local = listener.local_addr()?;
        let acceptor = TlsAcceptor::from(Arc::new(config));
        let (sender, ready) = mpsc::channel(READY_QUEUE);
        let task = tokio::spawn(async move {
            loop {
                let (tcp, remote, admission) = limits.accept(&listener).await;
                // Answering 503 would need a handshake first: not worth it for a client
                // already holding its share.
                let Admission::Serve(slot) = admission else {
                    continue;
                };
                let (acceptor, sender) = (acceptor.clone(), sender.clone());
                tokio::spawn(async move {
                    match tokio::time::timeout(HANDSHAKE_LIMIT, acceptor.accept(tcp)).await {
                        Ok(Ok(tls)) if tls.get_ref().1.alpn_protocol() == Some(ACME_TLS_ALPN) => {
                            // The ACME server has seen the challenge certificate; it gets
                            // no HTTP.
                            close_after_challenge(tls).await;
                        }
                        Ok(Ok(tls)) => {
                            let _ = sender.send((tls, remote, slot)).await;
                        }
                        Ok(Err(error)) => tracing::debug!(%remote, %error, "TLS handshake failed"),
                        Err(_) => tracing::debug!(%remote, "TLS handshake timed out"),
                    }
                });
            }
        });
        Ok(TlsAcceptorTask { local, ready, task })
    }
}

async fn close_after_challenge(mut tls: TlsStream<TcpStream>) {
    use tokio::io::AsyncWriteExt;
    let _ = tokio::time::timeout(HANDSHAKE_LIMIT, tls.shutdown()).await;
}

impl Drop for TlsAcceptorTask {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Connections for TlsAcceptorTask {
    type Io = TlsStream<TcpStream>;

    async fn next(&mut self) -> Option<(Self::Io, SocketAddr, Admission)> {
        let (tls, remote, slot) = self.ready.recv().await?;
        Some((tls, remote, Admission::Serve(slot)))
    }

    fn local_addr(&self) -> SocketAddr {
        self.local
    }

    fn scheme(&self) -> Scheme {
        Scheme::HTTPS
    }

    fn speaks_http2(io: &Self::Io) -> bool {
        io.get_ref().1.alpn_protocol() == Some(b"h2")
    }
}
