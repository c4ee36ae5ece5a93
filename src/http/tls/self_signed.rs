//! Certificates the server makes for itself: the TLS-ALPN-01 challenge certificate, and
//! a temporary one to serve until the first ACME certificate arrives.

use std::sync::Arc;

use rcgen::{CertificateParams, CustomExtension, KeyPair};
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::rustls::sign::CertifiedKey;

/// The certificate an ACME server expects for `domain` (RFC 8737 §3): the name as its
/// only subject alternative name and the critical acmeIdentifier extension holding the
/// SHA-256 digest of the key authorization.
pub fn challenge_certificate(
    domain: &str,
    key_authorization_digest: &[u8],
) -> Result<Arc<CertifiedKey>, String> {
    let mut params = CertificateParams::new(vec![domain.to_string()]).map_err(describe)?;
    params
        .custom_extensions
        .push(CustomExtension::new_acme_identifier(
            key_authorization_digest,
        ));
    let (certificate, key) = sign(&params)?;
    // Not `CertifiedKey::from_der`: its key check parses the certificate with webpki,
    // which refuses the critical acmeIdentifier extension.
    let key = ring::default_provider()
        .key_provider
        .load_private_key(key)
        .map_err(|error| error.to_string())?;
    Ok(Arc::new(CertifiedKey::new(vec![certificate], key)))
}

/// A self-signed certificate for `domains`: browsers warn about it, but the shop answers
/// (and its health check works) while the real certificate is being obtained.
pub fn temporary_certificate(domains: &[String]) -> Result<Arc<CertifiedKey>, String> {
    let params = CertificateParams::new(domains.to_vec()).map_err(describe)?;
    let (certificate, key) = sign(&params)?;
    CertifiedKey::from_der(vec![certificate], key, &ring::default_provider())
        .map(Arc::new)
        .map_err(|error| error.to_string())
}

fn sign(
    params: &CertificateParams,
) -> Result<(CertificateDer<'static>, PrivateKeyDer<'static>), String> {
    let key = KeyPair::generate().map_err(describe)?;
    let certificate = params.self_signed(&key).map_err(describe)?;
    let private = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    Ok((certificate.der().clone(), private))
}

fn describe(error: rcgen::Error) -> String {
    format!("cannot make a certificate: {error}")
}
