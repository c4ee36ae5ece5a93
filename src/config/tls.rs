//! `[tls]`: serve HTTPS with certificate files or with a certificate obtained over ACME,
//! or plain HTTP when neither is configured.

use std::path::PathBuf;

use super::ConfigError;
use super::keys::{
    TLS_ACME_CA_FILE, TLS_ACME_DIRECTORY, TLS_ACME_DOMAINS, TLS_ACME_EMAIL, TLS_CERT_FILE,
    TLS_KEY_FILE,
};
use super::sources::Values;
use super::values::is_email;

/// How the shop serves HTTPS itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TlsSetup {
    Files(TlsFiles),
    Acme(AcmeSettings),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsFiles {
    /// The certificate chain, leaf first.
    pub cert_file: PathBuf,
    pub key_file: PathBuf,
}

/// Certificates obtained and renewed automatically over ACME (e.g. from Let's Encrypt).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcmeSettings {
    /// The names the certificate covers, lower case, at least one.
    pub domains: Vec<String>,
    /// The account's contact address (without `mailto:`).
    pub email: String,
    /// The ACME directory URL (`https://`).
    pub directory: String,
    /// An extra root certificate (PEM) to trust for the directory, besides the public ones.
    pub ca_file: Option<PathBuf>,
}

impl TlsSetup {
    /// Certificate files, ACME (when `tls.acme_domains` names a host), or `None`.
    pub(super) fn read(values: &mut Values) -> Result<Option<TlsSetup>, ConfigError> {
        let cert_file = values.get(&TLS_CERT_FILE)?;
        let key_file = values.get(&TLS_KEY_FILE)?;
        if cert_file.is_some() != key_file.is_some() {
            return Err(values.invalid_with(
                &TLS_KEY_FILE.spec,
                &TLS_CERT_FILE.spec,
                "tls.cert_file and tls.key_file must be set together".into(),
            ));
        }
        let domains = values.get(&TLS_ACME_DOMAINS)?;
        if !domains.is_empty() && cert_file.is_some() {
            return Err(values.invalid_with(
                &TLS_ACME_DOMAINS.spec,
                &TLS_CERT_FILE.spec,
                "cannot be used together with tls.cert_file and tls.key_file: choose certificate files or ACME, not both".into(),
            ));
        }
        let email = values.get(&TLS_ACME_EMAIL)?;
        if !domains.is_empty() && !is_email(&email) {
            return Err(values.invalid_with(
                &TLS_ACME_EMAIL.spec,
                &TLS_ACME_DOMAINS.spec,
                format!(
                    "must be a contact address like owner@example.com when tls.acme_domains is set, not `{email}`"
                ),
            ));
        }
        let acme = AcmeSettings {
            domains,
            email: email.trim().to_string(),
            directory: values.get(&TLS_ACME_DIRECTORY)?,
            ca_file: values.get(&TLS_ACME_CA_FILE)?,
        };
        Ok(match (cert_file, key_file) {
            (Some(cert_file), Some(key_file)) => Some(TlsSetup::Files(TlsFiles {
                cert_file,
                key_file,
            })),
            _ if !acme.domains.is_empty() => Some(TlsSetup::Acme(acme)),
            _ => None,
        })
    }
}
