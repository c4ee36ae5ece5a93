//! A certificate chain and key as rustls serves them, plus what the renewal needs to
//! know about the leaf: until when it is valid and which names it covers.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::sign::CertifiedKey;
use x509_cert::der::Decode;
use x509_cert::der::oid::AssociatedOid;
use x509_cert::ext::pkix::SubjectAltName;
use x509_cert::ext::pkix::name::GeneralName;

/// Renew when less than this is left (Let's Encrypt certificates last 90 days or less).
pub const RENEW_BEFORE: Duration = Duration::from_secs(30 * 24 * 3600);

pub struct ServedCertificate {
    pub key: Arc<CertifiedKey>,
    /// End of the leaf certificate's validity.
    pub not_after: SystemTime,
    /// The leaf's DNS names (subject alternative names), lower case.
    pub names: Vec<String>,
}

impl ServedCertificate {
    /// Reads a PEM chain (leaf first) and its PEM private key; refuses a key that does not
    /// belong to the leaf.
    pub fn from_pem(chain_pem: &[u8], key_pem: &[u8]) -> Result<ServedCertificate, String> {
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(chain_pem)
            .collect::<Result<_, _>>()
            .map_err(|error| format!("the certificate chain is not valid PEM: {error}"))?;
        let leaf = chain.first().ok_or("the certificate chain is empty")?;
        let (not_after, names) = leaf_facts(leaf)?;
        let key = PrivateKeyDer::from_pem_slice(key_pem)
            .map_err(|error| format!("the private key is not valid PEM: {error}"))?;
        let key = CertifiedKey::from_der(chain, key, &ring::default_provider())
            .map_err(|error| format!("the key does not fit the certificate: {error}"))?;
        Ok(ServedCertificate {
            key: Arc::new(key),
            not_after,
            names,
        })
    }

    /// Whether every one of `domains` is among the certificate's names.
    pub fn covers(&self, domains: &[String]) -> bool {
        domains.iter().all(|domain| self.names.contains(domain))
    }
}

/// True when the certificate ends within [`RENEW_BEFORE`] of `now` (or has ended).
pub fn needs_renewal(not_after: SystemTime, now: SystemTime) -> bool {
    not_after
        .duration_since(now)
        .map_or(true, |left| left < RENEW_BEFORE)
}

fn leaf_facts(leaf: &CertificateDer<'_>) -> Result<(SystemTime, Vec<String>), String> {
    let certificate = x509_cert::Certificate::from_der(leaf)
        .map_err(|error| format!("the certificate cannot be parsed: {error}"))?;
    let tbs = certificate.tbs_certificate;
    let not_after = UNIX_EPOCH + tbs.validity.not_after.to_unix_duration();
    let mut names = Vec::new();
    for extension in tbs.extensions.iter().flatten() {
        if extension.extn_id != SubjectAltName::OID {
            continue;
        }
        let alt_names = SubjectAltName::from_der(extension.extn_value.as_bytes())
            .map_err(|error| format!("the certificate's names cannot be parsed: {error}"))?;
        for name in alt_names.0 {
            if let GeneralName::DnsName(dns) = name {
                names.push(dns.as_str().to_ascii_lowercase());
            }
        }
    }
    Ok((not_after, names))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn certificate_ending(year: i32, month: u8, day: u8) -> (String, String) {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params =
            rcgen::CertificateParams::new(vec!["shop.example.com".to_string()]).unwrap();
        params.not_before = rcgen::date_time_ymd(2020, 1, 1);
        params.not_after = rcgen::date_time_ymd(year, month, day);
        let certificate = params.self_signed(&key).unwrap();
        (certificate.pem(), key.serialize_pem())
    }

    fn at(seconds: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(seconds)
    }

    #[test]
    fn the_validity_end_and_names_are_read_from_the_leaf() {
        let (chain, key) = certificate_ending(2030, 6, 1);
        let served = ServedCertificate::from_pem(chain.as_bytes(), key.as_bytes()).unwrap();
        // 2030-06-01T00:00:00Z
        assert_eq!(served.not_after, at(1_906_502_400));
        assert_eq!(served.names, ["shop.example.com"]);
        assert!(served.covers(&["shop.example.com".to_string()]));
        assert!(!served.covers(&["shop.example.com".into(), "www.shop.example.com".into()]));
    }

    #[test]
    fn a_certificate_is_renewed_when_less_than_thirty_days_remain() {
        let (chain, key) = certificate_ending(2030, 6, 1);
        let not_after = ServedCertificate::from_pem(chain.as_bytes(), key.as_bytes())
            .unwrap()
            .not_after;
        let day = 24 * 3600;
        let end = 1_906_502_400;
        assert!(!needs_renewal(not_after, at(end - 60 * day)));
        assert!(!needs_renewal(not_after, at(end - 30 * day)));
        assert!(needs_renewal(not_after, at(end - 30 * day + 1)));
        assert!(needs_renewal(not_after, at(end - day)));
        assert!(needs_renewal(not_after, at(end + day)), "already expired");
    }

    #[test]
    fn a_key_that_does_not_belong_to_the_certificate_is_refused() {
        let (chain, _) = certificate_ending(2030, 6, 1);
        let (_, other_key) = certificate_ending(2030, 6, 1);
        let error = ServedCertificate::from_pem(chain.as_bytes(), other_key.as_bytes())
            .err()
            .unwrap();
        assert!(error.contains("does not fit"), "{error}");
    }
}
