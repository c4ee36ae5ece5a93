//! Headers every answer carries. The CSP allows PayPal's script, frames and API
//! because the storefront pays through PayPal's JavaScript SDK (and the configured SDK
//! location, when it is not PayPal's own); COOP must allow popups for PayPal's checkout
//! window.

use std::sync::Arc;

use poem::http::HeaderValue;
use poem::middleware::SetHeader;
use poem::{Endpoint, IntoResponse, Request, Response};

use crate::config::Config;
use crate::tls::resolver::CertResolver;

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

/// Adds `Strict-Transport-Security` to the answer when `hsts` says so.
pub async fn strict_transport<E: Endpoint>(
    hsts: Arc<Hsts>,
    next: Arc<E>,
    req: Request,
) -> poem::Result<Response> {
    let mut response = next.call(req).await?.into_response();
    if hsts.applies() {
        response.headers_mut().insert(
            "Strict-Transport-Security",
            HeaderValue::from_static("max-age=31536000"),
        );
    }
    Ok(response)
}

pub fn middleware(config: &Config) -> SetHeader {
    SetHeader::new()
        .overriding("Content-Security-Policy", content_security_policy(config))
        .overriding("X-Content-Type-Options", "nosniff")
        .overriding("X-Frame-Options", "DENY")
        .overriding("Referrer-Policy", "strict-origin-when-cross-origin")
        .overriding("Cross-Origin-Opener-Policy", "same-origin-allow-popups")
        .overriding(
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=()",
        )
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
            crate::tls::self_signed::temporary_certificate(&["shop.example.com".into()]).unwrap();
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
