//! One run of the ACME protocol (RFC 8555): load or register the account, order a
//! certificate for the configured names, answer each TLS-ALPN-01 challenge on the shop's
//! own TLS port, then finalize with a new key and download the chain.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use instant_acme::{
    Account, AuthorizationStatus, ChallengeType, Identifier, NewAccount, NewOrder, Order,
    OrderStatus, RetryPolicy,
};

use super::acme_cache::AcmeCache;
use super::acme_http::AcmeHttp;
use super::resolver::CertResolver;
use super::self_signed;
use crate::config::AcmeSettings;

/// How long the ACME server may take to validate the challenges.
const VALIDATION_LIMIT: Duration = Duration::from_secs(90);
/// How long it may take to issue the certificate after finalization.
const ISSUE_LIMIT: Duration = Duration::from_secs(90);

pub struct Issued {
    pub chain_pem: String,
    pub key_pem: String,
}

pub async fn obtain_certificate(
    settings: &AcmeSettings,
    http: &AcmeHttp,
    cache: &AcmeCache,
    resolver: &Arc<CertResolver>,
) -> anyhow::Result<Issued> {
    let account = account(settings, http, cache).await?;
    let identifiers: Vec<Identifier> = settings
        .domains
        .iter()
        .map(|domain| Identifier::Dns(domain.clone()))
        .collect();
    let mut order = account
        .new_order(&NewOrder::new(&identifiers))
        .await
        .context("the ACME server refused the order")?;
    let challenges = PendingChallenges {
        resolver: Arc::clone(resolver),
        domains: Vec::new(),
    };
    let challenges = answer_challenges(&mut order, challenges).await?;
    let status = order
        .poll_ready(&RetryPolicy::new().timeout(VALIDATION_LIMIT))
        .await
        .context("the order did not become ready")?;
    drop(challenges);
    if status != OrderStatus::Ready {
        bail!(
            "the ACME server could not validate the names: {}",
            challenge_errors(&mut order).await
        );
    }
    let key_pem = order
        .finalize()
        .await
        .context("the ACME server refused to finalize the order")?;
    let chain_pem = order
        .poll_certificate(&RetryPolicy::new().timeout(ISSUE_LIMIT))
        .await
        .context("the ACME server did not issue the certificate")?;
    Ok(Issued { chain_pem, key_pem })
}

/// The stored account, or a new one (stored at once, so a later failure does not
/// register yet another). A stored account whose contact differs from `tls.acme_email`
/// is given the new one.
async fn account(
    settings: &AcmeSettings,
    http: &AcmeHttp,
    cache: &AcmeCache,
) -> anyhow::Result<Account> {
    let builder = Account::builder_with_http(Box::new(http.clone()));
    let contact = contact(settings);
    if let Some(credentials) = cache.account() {
        let account = builder
            .from_credentials(credentials)
            .await
            .with_context(|| format!("cannot reach the ACME directory {}", settings.directory))?;
        if cache.account_contact().as_deref() != Some(contact.as_str()) {
            update_contact(&account, &contact, cache).await;
        }
        return Ok(account);
    }
    let (account, credentials) = builder
        .create(
            &NewAccount {
                contact: &[&contact],
                terms_of_service_agreed: true,
                only_return_existing: false,
            },
            settings.directory.clone(),
            None,
        )
        .await
        .with_context(|| format!("cannot register an account at {}", settings.directory))?;
    cache
        .save_account(&credentials)
        .with_context(|| format!("cannot store the ACME account in {}", cache.dir().display()))?;
    remember_contact(cache, &contact);
    tracing::info!(directory = %settings.directory, "registered an ACME account");
    Ok(account)
}

/// Gives the stored account the contact of `tls.acme_email` if it has another one (the
/// setting was changed since), without waiting for the next renewal. Nothing happens
/// while no account is stored: the first order registers one with that contact.
pub async fn follow_contact(
    settings: &AcmeSettings,
    http: &AcmeHttp,
    cache: &AcmeCache,
) -> anyhow::Result<()> {
    if cache.account().is_none()
        || cache.account_contact().as_deref() == Some(contact(settings).as_str())
    {
        return Ok(());
    }
    account(settings, http, cache).await.map(drop)
}

/// A failure is logged, not returned: certificates are ordered all the same, and the
/// next renewal tries again.
async fn update_contact(account: &Account, contact: &str, cache: &AcmeCache) {
    match account.update_contacts(&[contact]).await {
        Ok(()) => {
            remember_contact(cache, contact);
            tracing::info!(contact, "the ACME account has the new contact address");
        }
        Err(error) => tracing::warn!(
            %error,
            contact,
            "cannot give the ACME account the new contact address; trying again at the next renewal"
        ),
    }
}

fn remember_contact(cache: &AcmeCache, contact: &str) {
    if let Err(error) = cache.save_account_contact(contact) {
        tracing::warn!(%error, path = %cache.dir().display(), "cannot store the ACME account's contact address");
    }
}

fn contact(settings: &AcmeSettings) -> String {
    format!("mailto:{}", settings.email)
}

/// Puts a challenge certificate in place for each pending name and tells the ACME server
/// to validate it.
async fn answer_challenges(
    order: &mut Order,
    mut challenges: PendingChallenges,
) -> anyhow::Result<PendingChallenges> {
    let mut authorizations = order.authorizations();
    while let Some(authorization) = authorizations.next().await {
        let mut authorization = authorization.context("cannot read an authorization")?;
        let domain = authorization.identifier().to_string();
        match authorization.status {
            AuthorizationStatus::Pending => {}
            AuthorizationStatus::Valid => continue,
            other => bail!("the authorization for {domain} is {other:?}"),
        }
        let mut challenge = authorization
            .challenge(ChallengeType::TlsAlpn01)
            .ok_or_else(|| {
                anyhow!("the ACME server offers no tls-alpn-01 challenge for {domain}")
            })?;
        let digest = challenge.key_authorization().digest();
        let certificate =
            self_signed::challenge_certificate(&domain, digest.as_ref()).map_err(|error| {
                anyhow!("cannot make the challenge certificate for {domain}: {error}")
            })?;
        challenges.add(&domain, certificate);
        challenge
            .set_ready()
            .await
            .with_context(|| format!("the ACME server could not validate {domain}"))?;
    }
    Ok(challenges)
}

/// What the ACME server said about each failed challenge.
async fn challenge_errors(order: &mut Order) -> String {
    let mut errors = Vec::new();
    let mut authorizations = order.authorizations();
    while let Some(authorization) = authorizations.next().await {
        let Ok(mut authorization) = authorization else {
            continue;
        };
        if authorization.refresh().await.is_err() {
            continue;
        }
        let domain = authorization.identifier().to_string();
        for challenge in &authorization.challenges {
            if let Some(problem) = &challenge.error {
                errors.push(format!("{domain}: {problem}"));
            }
        }
    }
    if errors.is_empty() {
        "the order became invalid without a reason".into()
    } else {
        errors.join("; ")
    }
}

/// Challenge certificates in the resolver; removed when this is dropped, whatever the
/// outcome.
struct PendingChallenges {
    resolver: Arc<CertResolver>,
    domains: Vec<String>,
}

impl PendingChallenges {
    fn add(&mut self, domain: &str, certificate: Arc<tokio_rustls::rustls::sign::CertifiedKey>) {
        self.resolver.add_challenge(domain, certificate);
        self.domains.push(domain.to_string());
    }
}

impl Drop for PendingChallenges {
    fn drop(&mut self) {
        for domain in &self.domains {
            self.resolver.remove_challenge(domain);
        }
    }
}
