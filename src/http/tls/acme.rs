//! Automatic certificates over ACME (e.g. Let's Encrypt) for `tls.acme_domains`,
//! validated with TLS-ALPN-01 on the shop's own TLS port, so no port 80 is needed.
//!
//! At start a cached certificate that covers the names and has not expired is served at
//! once (and a changed `tls.acme_email` is sent to the ACME server as the account's new
//! contact). Otherwise the shop serves a temporary self-signed certificate (browsers warn)
//! while a background task obtains the real one. The task checks at least every 12 hours
//! and renews when less than 30 days (or a third of a shorter validity) remain; the new certificate replaces the old one
//! without a restart. Failures are logged with the ACME server's error and retried with
//! a growing delay; they never stop the shop.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use anyhow::anyhow;
use tokio::task::JoinHandle;

use super::acme_cache::AcmeCache;
use super::acme_http::AcmeHttp;
use super::acme_order;
use super::certificate::{ServedCertificate, needs_renewal};
use super::resolver::CertResolver;
use super::self_signed;
use crate::config::AcmeSettings;

/// How often, at least, a valid certificate is checked for renewal (the wall clock may
/// jump while the task sleeps).
const RENEWAL_CHECK: Duration = Duration::from_secs(12 * 3600);
/// Delay after the first failure; it doubles after each further one. Five minutes keeps
/// a persistent problem below Let's Encrypt's limit of five failed validations per name
/// and hour.
const FIRST_RETRY: Duration = Duration::from_secs(5 * 60);
const LONGEST_RETRY: Duration = Duration::from_secs(6 * 3600);
/// One whole attempt (account, order, validation, issuance) may take this long.
const ATTEMPT_LIMIT: Duration = Duration::from_secs(5 * 60);

pub struct AcmeCertificates {
    settings: AcmeSettings,
    http: AcmeHttp,
    cache: AcmeCache,
    resolver: Arc<CertResolver>,
    /// When the served ACME certificate is due for renewal; `None` while the temporary
    /// one is served.
    renew_at: Option<SystemTime>,
}

impl AcmeCertificates {
    /// Reads the ACME CA file, creates the cache folder and puts the cached certificate
    /// (or a temporary one) in the resolver.
    pub fn prepare(settings: &AcmeSettings, data_dir: &Path) -> Result<AcmeCertificates, String> {
        let http = AcmeHttp::new(settings.ca_file.as_deref())?;
        let cache = AcmeCache::new(data_dir, &settings.directory);
        cache.create().map_err(|error| {
            format!(
                "cannot create the ACME folder {}: {error}",
                cache.dir().display()
            )
        })?;
        let resolver = Arc::new(CertResolver::default());
        let renew_at = match cached_certificate(&cache, &settings.domains) {
            Some(served) => {
                tracing::info!(
                    domains = %settings.domains.join(", "),
                    valid_until = %show_time(served.not_after),
                    "serving the cached ACME certificate"
                );
                resolver.set_certificate(served.key);
                Some(served.renew_at)
            }
            None => {
                tracing::info!(
                    domains = %settings.domains.join(", "),
                    "serving a temporary self-signed certificate until the ACME certificate arrives"
                );
                resolver.set_temporary_certificate(self_signed::temporary_certificate(
                    &settings.domains,
                )?);
                None
            }
        };
        Ok(AcmeCertificates {
            settings: settings.clone(),
            http,
            cache,
            resolver,
            renew_at,
        })
    }

    pub fn resolver(&self) -> Arc<CertResolver> {
        Arc::clone(&self.resolver)
    }

    /// Obtains and renews the certificate in the background until aborted.
    pub fn spawn(self) -> JoinHandle<()> {
        tokio::spawn(self.keep_fresh())
    }

    async fn keep_fresh(mut self) {
        // With a valid certificate the next ACME request may be months away.
        if self.renew_at.is_some() {
            let followed = tokio::time::timeout(
                ATTEMPT_LIMIT,
                acme_order::follow_contact(&self.settings, &self.http, &self.cache),
            )
            .await;
            if let Err(error) =
                followed.unwrap_or_else(|_| Err(anyhow!("no answer within {ATTEMPT_LIMIT:?}")))
            {
                tracing::warn!(
                    error = format!("{error:#}"),
                    directory = %self.settings.directory,
                    "cannot give the ACME account the new contact address; trying again at the next renewal"
                );
            }
        }
        let mut retry_in = FIRST_RETRY;
        loop {
            let wait = self
                .renew_at
                .and_then(|renew_at| renew_at.duration_since(SystemTime::now()).ok());
            if let Some(wait) = wait {
                tokio::time::sleep(wait.min(RENEWAL_CHECK)).await;
                continue;
            }
            let attempt = tokio::time::timeout(ATTEMPT_LIMIT, self.renew()).await;
            match attempt.unwrap_or_else(|_| Err(anyhow!("no answer within {ATTEMPT_LIMIT:?}"))) {
                Ok(renew_at) => {
                    self.renew_at = Some(renew_at);
                    retry_in = FIRST_RETRY;
                }
                Err(error) => {
                    tracing::error!(
                        error = format!("{error:#}"),
                        directory = %self.settings.directory,
                        retry_in_seconds = retry_in.as_secs(),
                        "could not obtain a certificate over ACME; the current certificate stays in use"
                    );
                    tokio::time::sleep(retry_in).await;
                    retry_in = (retry_in * 2).min(LONGEST_RETRY);
                }
            }
        }
    }

    /// Obtains a certificate, serves it and stores it; returns when it is due for renewal.
    async fn renew(&self) -> anyhow::Result<SystemTime> {
        let issued =
            acme_order::obtain_certificate(&self.settings, &self.http, &self.cache, &self.resolver)
                .await?;
        let served =
            ServedCertificate::from_pem(issued.chain_pem.as_bytes(), issued.key_pem.as_bytes())
                .map_err(|error| anyhow!("the issued certificate is unusable: {error}"))?;
        if !served.covers(&self.settings.domains) {
            return Err(anyhow!(
                "the issued certificate covers {}, not all of {}",
                served.names.join(", "),
                self.settings.domains.join(", ")
            ));
        }
        self.resolver.set_certificate(served.key);
        if let Err(error) = self
            .cache
            .save_certificate(issued.chain_pem.as_bytes(), issued.key_pem.as_bytes())
        {
            tracing::warn!(%error, path = %self.cache.dir().display(), "cannot store the new certificate; it is served but will be obtained again after a restart");
        }
        tracing::info!(
            domains = %self.settings.domains.join(", "),
            valid_until = %show_time(served.not_after),
            renew_after = %show_time(served.renew_at),
            "obtained a certificate over ACME"
        );
        if needs_renewal(served.renew_at, SystemTime::now()) {
            // Counted as a failure, so the next order waits for the retry delay.
            return Err(anyhow!(
                "the issued certificate is due for renewal at once (valid until {})",
                show_time(served.not_after)
            ));
        }
        Ok(served.renew_at)
    }
}

/// The cached certificate if it covers `domains` and has not expired.
fn cached_certificate(cache: &AcmeCache, domains: &[String]) -> Option<ServedCertificate> {
    let (chain, key) = cache.certificate()?;
    let served = match ServedCertificate::from_pem(&chain, &key) {
        Ok(served) => served,
        Err(error) => {
            tracing::warn!(%error, path = %cache.dir().display(), "ignoring the cached certificate");
            return None;
        }
    };
    if !served.covers(domains) {
        tracing::info!(
            cached = %served.names.join(", "),
            "the cached certificate does not cover tls.acme_domains; obtaining a new one"
        );
        return None;
    }
    if served.not_after <= SystemTime::now() {
        tracing::info!(
            valid_until = %show_time(served.not_after),
            "the cached certificate has expired; obtaining a new one"
        );
        return None;
    }
    Some(served)
}

fn show_time(time: SystemTime) -> String {
    chrono::DateTime::<chrono::Utc>::from(time).to_rfc3339()
}
