//! Headers every answer carries. The CSP allows PayPal's script, frames and API
//! because the storefront pays through PayPal's JavaScript SDK (and the configured SDK
//! location, when it is not PayPal's own); COOP must allow popups for PayPal's checkout
//! window.

use std::sync::Arc;

use poem::http::{HeaderMap, HeaderName, HeaderValue, header};

use crate::config::Config;
use crate::http::tls::resolver::CertResolver;

const PAYPAL: &str = "https://*.paypal.com https://*.paypalobjects.com";

/// `scheme://host[:port]` of a URL, if it has one.
fn origin_of(url: &str) -> Option<&str> {
    let after_scheme = url.find("://")? + 3;
    let end = url[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| after_scheme + i);
    Some(&url[..end])
}

pub fn content_security_policy(config: &Config) -> String {
    let sdk = origin_of(&config.paypal.sdk_url)
        .filter(|origin| !origin.ends_with(".paypal.com"))
        .map(|origin| format!(" {origin}"))
        .unwrap_or_default();
    format!(
        "default-src 'self'; \
         script-src 'self' {PAYPAL}{sdk}; \
         style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: {PAYPAL}; \
         connect-src 'self' https://*.paypal.com{sdk}; \
         frame-src https://*.paypal.com{sdk}; \
         frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'"
    )
}

/// When answers carry `Strict-Transport-Security`: browsers that saw it over HTTPS
/// keep using HTTPS for the shop for a year.
#[derive(Clone)]
pub enum Hsts {
    /// Plain HTTP: a reverse proxy in front of the shop speaks HTTPS and decides.
    Off,
    /// HTTPS with the owner's certificate files.
    On,
    /// HTTPS over ACME: only while a CA-issued certificate is served, not with the
    /// temporary self-signed one (browsers ignore the header there, RFC 6797 §8.1, and
    /// other clients should not learn a policy from a certificate nobody vouches for).
    WhenIssued(Arc<CertResolver>),
}

impl Hsts {
    fn applies(&self) -> bool {
        match self {
            Hsts::Off => false,
            Hsts::On => true,
            Hsts::WhenIssued(resolver) => resolver.serves_issued_certificate(),
        }
    }
}

/// The headers every answer carries, built once.
pub struct SecurityHeaders {
    fixed: Vec<(HeaderName, HeaderValue)>,
    hsts: Hsts,
}

impl SecurityHeaders {
    pub fn new(config: &Config, hsts: Hsts) -> SecurityHeaders {
        // Static names and values are cloned without touching a shared reference count.
        let constant = |name: &'static str, value: &'static str| {
            (
                HeaderName::from_static(name),
                HeaderValue::from_static(value),
            )
        };
        let mut fixed = vec![
            constant("x-content-type-options", "nosniff"),
            constant("x-frame-options", "DENY"),
            constant("referrer-policy", "strict-origin-when-cross-origin"),
            constant("cross-origin-opener-policy", "same-origin-allow-popups"),
            constant(
                "permissions-policy",
                "camera=(), microphone=(), geolocation=()",
            ),
        ];
        // PayPal's origins and the SDK URL's, which the configuration keeps free of
        // spaces and control characters (`validate_url`), so this does not fail.
        match HeaderValue::try_from(content_security_policy(config)) {
            Ok(csp) => fixed.insert(0, (header::CONTENT_SECURITY_POLICY, csp)),
            Err(error) => {
                tracing::error!(%error, "the Content-Security-Policy is not a valid header value")
            }
        }
        SecurityHeaders { fixed, hsts }
    }

    /// Sets the headers on an answer, replacing any the handler set.
    pub fn apply(&self, headers: &mut HeaderMap) {
        for (name, value) in &self.fixed {
            headers.insert(name.clone(), value.clone());
        }
        if self.hsts.applies() {
            headers.insert(
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static("max-age=31536000"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sdk_origin_is_scheme_host_and_port() {
        assert_eq!(
            origin_of("http://127.0.0.1:4000/sdk/js"),
            Some("http://127.0.0.1:4000")
        );
        assert_eq!(
            origin_of("https://www.paypal.com/sdk/js?x=1"),
            Some("https://www.paypal.com")
        );
        assert_eq!(origin_of("https://a.example"), Some("https://a.example"));
        assert_eq!(origin_of("no-scheme"), None);
    }

    #[test]
    fn over_acme_the_policy_is_sent_only_with_an_issued_certificate() {
        let key =
            crate::http::tls::self_signed::temporary_certificate(&["shop.example.com".into()])
                .unwrap();
        let resolver = Arc::new(CertResolver::default());
        let hsts = Hsts::WhenIssued(Arc::clone(&resolver));
        resolver.set_temporary_certificate(Arc::clone(&key));
        assert!(!hsts.applies());
        resolver.set_certificate(Arc::clone(&key));
        assert!(hsts.applies());
        resolver.set_temporary_certificate(key);
        assert!(!hsts.applies());
        assert!(Hsts::On.applies());
        assert!(!Hsts::Off.applies());
    }
}
