//! A certificate chain and key as rustls serves them, plus what the renewal needs to
//! know about the leaf: when it is due for renewal and which names it covers.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use der::asn1::{AnyRef, GeneralizedTime, Ia5StringRef, ObjectIdentifier, OctetStringRef, UtcTime};
use der::{Decode, Reader, SliceReader, Tag, TagNumber, Tagged};
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::sign::CertifiedKey;

/// id-ce-subjectAltName (RFC 5280 §4.2.1.6).
const SUBJECT_ALT_NAME: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.5.29.17");

/// Renew when less than this is left (Let's Encrypt certificates last 90 days or less),
/// or a third of the validity if that is shorter.
pub const RENEW_BEFORE: Duration = Duration::from_secs(30 * 24 * 3600);

pub struct ServedCertificate {
    pub key: Arc<CertifiedKey>,
    /// End of the leaf certificate's validity.
    pub not_after: SystemTime,
    /// From when on it should be replaced; see [`renewal_time`].
    pub renew_at: SystemTime,
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
        let (not_before, not_after, names) = leaf_facts(leaf)?;
        let key = PrivateKeyDer::from_pem_slice(key_pem)
            .map_err(|error| format!("the private key is not valid PEM: {error}"))?;
        let key = CertifiedKey::from_der(chain, key, &ring::default_provider())
            .map_err(|error| format!("the key does not fit the certificate: {error}"))?;
        Ok(ServedCertificate {
            key: Arc::new(key),
            not_after,
            renew_at: renewal_time(not_before, not_after),
            names,
        })
    }

    /// Whether every one of `domains` is among the certificate's names.
    pub fn covers(&self, domains: &[String]) -> bool {
        domains.iter().all(|domain| self.names.contains(domain))
    }
}

/// When a certificate valid from `not_before` to `not_after` is due for renewal:
/// [`RENEW_BEFORE`] before its end, or when a third of its validity is left if that is
/// shorter. A short-lived certificate (a private CA may issue them for a day) is thus
/// not due the moment it arrives, which would order one certificate after another.
pub fn renewal_time(not_before: SystemTime, not_after: SystemTime) -> SystemTime {
    let validity = not_after.duration_since(not_before).unwrap_or_default();
    not_after - RENEW_BEFORE.min(validity / 3)
}

/// True when `now` is past the renewal time.
pub fn needs_renewal(renew_at: SystemTime, now: SystemTime) -> bool {
    now > renew_at
}

/// The leaf's validity (start, end) and DNS names. Only the fields renewal needs are read
/// (RFC 5280 §4.1); rustls and webpki check the certificate itself.
fn leaf_facts(leaf: &CertificateDer<'_>) -> Result<LeafFacts, String> {
    read_leaf(leaf).map_err(|error| format!("the certificate cannot be parsed: {error}"))
}

type LeafFacts = (SystemTime, SystemTime, Vec<String>);

fn read_leaf(certificate: &[u8]) -> der::Result<LeafFacts> {
    let mut reader = SliceReader::new(certificate)?;
    let facts = reader.sequence(|certificate| {
        let facts = certificate.sequence(read_tbs_certificate)?;
        AnyRef::decode(certificate)?; // signatureAlgorithm
        AnyRef::decode(certificate)?; // signatureValue
        Ok(facts)
    })?;
    reader.finish(facts)
}

fn read_tbs_certificate<'a, R: Reader<'a>>(tbs: &mut R) -> der::Result<LeafFacts> {
    if tbs.peek_tag()? == context_tag(TagNumber::N0, true) {
        AnyRef::decode(tbs)?; // version
    }
    AnyRef::decode(tbs)?; // serialNumber
    AnyRef::decode(tbs)?; // signature
    AnyRef::decode(tbs)?; // issuer
    let (not_before, not_after) =
        tbs.sequence(|validity| Ok((read_time(validity)?, read_time(validity)?)))?;
    AnyRef::decode(tbs)?; // subject
    AnyRef::decode(tbs)?; // subjectPublicKeyInfo
    let mut names = Vec::new();
    // issuerUniqueID [1], subjectUniqueID [2], extensions [3]
    while !tbs.is_finished() {
        let field = AnyRef::decode(tbs)?;
        if field.tag() == context_tag(TagNumber::N3, true) {
            names = read_extensions(field.value())?;
        }
    }
    Ok((not_before, not_after, names))
}

fn read_time<'a, R: Reader<'a>>(reader: &mut R) -> der::Result<SystemTime> {
    let since_epoch = if reader.peek_tag()? == Tag::UtcTime {
        UtcTime::decode(reader)?.to_unix_duration()
    } else {
        GeneralizedTime::decode(reader)?.to_unix_duration()
    };
    Ok(UNIX_EPOCH + since_epoch)
}

/// The DNS names of the subjectAltName extension, lower case.
fn read_extensions(extensions: &[u8]) -> der::Result<Vec<String>> {
    let mut names = Vec::new();
    let mut reader = SliceReader::new(extensions)?;
    reader.sequence(|extensions| {
        while !extensions.is_finished() {
            extensions.sequence(|extension| {
                let id = ObjectIdentifier::decode(extension)?;
                if extension.peek_tag()? == Tag::Boolean {
                    bool::decode(extension)?; // critical
                }
                let value = OctetStringRef::decode(extension)?;
                if id == SUBJECT_ALT_NAME {
                    names = read_dns_names(value.as_bytes())?;
                }
                Ok(())
            })?;
        }
        Ok(())
    })?;
    reader.finish(names)
}

fn read_dns_names(general_names: &[u8]) -> der::Result<Vec<String>> {
    let mut reader = SliceReader::new(general_names)?;
    let names = reader.sequence(|general_names| {
        let mut names = Vec::new();
        while !general_names.is_finished() {
            let name = AnyRef::decode(general_names)?;
            // dNSName [2] IA5String
            if name.tag() == context_tag(TagNumber::N2, false) {
                names.push(
                    Ia5StringRef::new(name.value())?
                        .as_str()
                        .to_ascii_lowercase(),
                );
            }
        }
        Ok(names)
    })?;
    reader.finish(names)
}

fn context_tag(number: TagNumber, constructed: bool) -> Tag {
    Tag::ContextSpecific {
        constructed,
        number,
    }
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
        let renew_at = ServedCertificate::from_pem(chain.as_bytes(), key.as_bytes())
            .unwrap()
            .renew_at;
        let day = 24 * 3600;
        let end = 1_906_502_400;
        assert!(!needs_renewal(renew_at, at(end - 60 * day)));
        assert!(!needs_renewal(renew_at, at(end - 30 * day)));
        assert!(needs_renewal(renew_at, at(end - 30 * day + 1)));
        assert!(needs_renewal(renew_at, at(end - day)));
        assert!(needs_renewal(renew_at, at(end + day)), "already expired");
    }

    #[test]
    fn a_short_lived_certificate_is_renewed_when_a_third_of_it_is_left() {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params =
            rcgen::CertificateParams::new(vec!["shop.example.com".to_string()]).unwrap();
        // 2030-06-01 to 2030-06-04: three days.
        params.not_before = rcgen::date_time_ymd(2030, 6, 1);
        params.not_after = rcgen::date_time_ymd(2030, 6, 4);
        let certificate = params.self_signed(&key).unwrap();
        let renew_at = ServedCertificate::from_pem(
            certificate.pem().as_bytes(),
            key.serialize_pem().as_bytes(),
        )
        .unwrap()
        .renew_at;
        let day = 24 * 3600;
        let end = 1_906_502_400 + 3 * day;
        assert!(!needs_renewal(renew_at, at(end - 3 * day)), "just issued");
        assert!(!needs_renewal(renew_at, at(end - day)));
        assert!(needs_renewal(renew_at, at(end - day + 1)));
    }

    #[test]
    fn a_validity_end_after_2049_is_read_as_generalized_time() {
        let (chain, key) = certificate_ending(2051, 3, 1);
        let served = ServedCertificate::from_pem(chain.as_bytes(), key.as_bytes()).unwrap();
        // 2051-03-01T00:00:00Z
        assert_eq!(served.not_after, at(2_561_241_600));
    }

    #[test]
    fn only_dns_names_are_read_and_they_are_lower_cased() {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params =
            rcgen::CertificateParams::new(vec!["Shop.Example.com".to_string()]).unwrap();
        params
            .subject_alt_names
            .push(rcgen::SanType::IpAddress([192, 0, 2, 1].into()));
        params.subject_alt_names.push(rcgen::SanType::DnsName(
            "www.shop.example.com".try_into().unwrap(),
        ));
        let certificate = params.self_signed(&key).unwrap();
        let served = ServedCertificate::from_pem(
            certificate.pem().as_bytes(),
            key.serialize_pem().as_bytes(),
        )
        .unwrap();
        assert_eq!(served.names, ["shop.example.com", "www.shop.example.com"]);
    }

    #[test]
    fn a_certificate_that_is_not_der_is_refused() {
        let (_, key) = certificate_ending(2030, 6, 1);
        let pem = "-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----\n";
        let error = ServedCertificate::from_pem(pem.as_bytes(), key.as_bytes())
            .err()
            .unwrap();
        assert!(error.contains("cannot be parsed"), "{error}");
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
