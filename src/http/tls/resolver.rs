//! Chooses the certificate for each handshake: the shop's current one, or, for an ACME
//! server validating a TLS-ALPN-01 challenge, that challenge's certificate. Both can be
//! swapped while the server runs.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

use tokio_rustls::rustls::server::{ClientHello, ResolvesServerCert};
use tokio_rustls::rustls::sign::CertifiedKey;

/// The ALPN protocol of RFC 8737 (TLS-ALPN-01 challenges).
pub const ACME_TLS_ALPN: &[u8] = b"acme-tls/1";

#[derive(Debug, Default)]
pub struct CertResolver {
    current: RwLock<Option<Arc<CertifiedKey>>>,
    /// Whether `current` was issued by a CA, not made by the server itself.
    issued: AtomicBool,
    /// Challenge certificates by lower-case domain.
    challenges: RwLock<HashMap<String, Arc<CertifiedKey>>>,
}

impl CertResolver {
    /// Serves a certificate a CA issued.
    pub fn set_certificate(&self, key: Arc<CertifiedKey>) {
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Some(key);
        self.issued.store(true, Ordering::Release);
    }

    /// Serves a self-signed stand-in until a CA has issued one.
    pub fn set_temporary_certificate(&self, key: Arc<CertifiedKey>) {
        self.issued.store(false, Ordering::Release);
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Some(key);
    }

    /// Whether the certificate served now was issued by a CA.
    pub fn serves_issued_certificate(&self) -> bool {
        self.issued.load(Ordering::Acquire)
    }

    pub fn add_challenge(&self, domain: &str, key: Arc<CertifiedKey>) {
        self.challenges
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(domain.to_ascii_lowercase(), key);
    }

    pub fn remove_challenge(&self, domain: &str) {
        self.challenges
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&domain.to_ascii_lowercase());
    }
}

impl ResolvesServerCert for CertResolver {
    fn resolve(&self, hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        // A validating ACME server offers acme-tls/1 and nothing else (RFC 8737 §3).
        // Without a pending challenge for the name the handshake is refused.
        let offers_only_acme = hello.alpn().is_some_and(|mut offered| {
            offered.next() == Some(ACME_TLS_ALPN) && offered.next().is_none()
        });
        if offers_only_acme {
            let name = hello.server_name()?.to_ascii_lowercase();
            return self
                .challenges
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .get(&name)
                .cloned();
        }
        self.current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}
