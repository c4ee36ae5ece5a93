//! Headers every answer carries. The CSP allows PayPal's script, frames and API
//! because the storefront pays through PayPal's JavaScript SDK (and the configured SDK
//! location, when it is not PayPal's own); COOP must allow popups for PayPal's checkout
//! window. No inline style or script applies without a nonce: an HTML answer carries a
//! fresh [`PageNonce`] in its policy and in the page, and the page hands it to PayPal's
//! SDK, which puts it on the `<style>` elements it adds for its buttons. The menu page
//! also has its style sheet and a small script inline (`http/web/menu_page.rs`); only its
//! policy allows a script, by a second nonce of its own that the page never shows (the
//! style nonce stands in a meta element for PayPal's SDK to read).

use std::sync::Arc;

use base64::Engine;
use poem::Response;
use poem::http::{HeaderName, HeaderValue, header};

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

/// The policy in three parts, cut where an HTML answer's nonce goes: at the end of
/// `script-src` and at the end of `style-src`.
fn content_security_policy(config: &Config) -> Policy {
    let sdk = origin_of(&config.paypal.sdk_url)
        .filter(|origin| !origin.ends_with(".paypal.com"))
        .map(|origin| format!(" {origin}"))
        .unwrap_or_default();
    Policy {
        scripts: format!("default-src 'self'; script-src 'self' {PAYPAL}{sdk}"),
        styles: "; style-src 'self'".into(),
        rest: format!(
            "; img-src 'self' data: {PAYPAL}; \
             connect-src 'self' https://*.paypal.com{sdk}; \
             frame-src https://*.paypal.com{sdk}; \
             frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'"
        ),
    }
}

/// The policy, cut after the sources of `script-src` and after those of `style-src`.
struct Policy {
    scripts: String,
    styles: String,
    rest: String,
}

impl Policy {
    fn with(&self, nonce: Option<&PageNonce>) -> String {
        let Policy {
            scripts,
            styles,
            rest,
        } = self;
        match nonce {
            None => format!("{scripts}{styles}{rest}"),
            Some(nonce) => {
                let source = |value: &str| format!(" 'nonce-{value}'");
                let script_source = nonce.script.as_deref().map(source).unwrap_or_default();
                let style_source = source(nonce.as_str());
                format!("{scripts}{script_source}{styles}{style_source}{rest}")
            }
        }
    }
}

/// The nonce that lets the inline `<style>` elements of one HTML answer apply, and for a
/// page with an inline script a second one for it: each 128 random bits from the
/// operating system, base64. The handler that serves the page puts them into the page
/// and into the answer's extensions; [`SecurityHeaders::apply`] adds them to that
/// answer's `style-src` and `script-src`.
#[derive(Clone)]
pub struct PageNonce {
    value: String,
    script: Option<String>,
}

fn random_nonce() -> Result<String, getrandom::Error> {
    let mut random = [0u8; 16];
    getrandom::fill(&mut random)?;
    Ok(base64::engine::general_purpose::STANDARD.encode(random))
}

impl PageNonce {
    pub fn fresh() -> Result<PageNonce, getrandom::Error> {
        Ok(PageNonce {
            value: random_nonce()?,
            script: None,
        })
    }

    /// The same style nonce with a script nonce of its own.
    pub fn with_script_nonce(self) -> Result<PageNonce, getrandom::Error> {
        Ok(PageNonce {
            script: Some(random_nonce()?),
            ..self
        })
    }

    /// Base64 (`A-Z a-z 0-9 + / =`): safe in a header and in an HTML attribute.
    pub fn as_str(&self) -> &str {
        &self.value
    }

    /// The script nonce, for a page with an inline script.
    pub fn script(&self) -> Option<&str> {
        self.script.as_deref()
    }
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
    /// The policy around the places of a nonce, for the answers that carry one.
    policy: Option<Policy>,
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
        let policy = content_security_policy(config);
        let policy = match HeaderValue::try_from(policy.with(None)) {
            Ok(csp) => {
                fixed.insert(0, (header::CONTENT_SECURITY_POLICY, csp));
                Some(policy)
            }
            Err(error) => {
                tracing::error!(%error, "the Content-Security-Policy is not a valid header value");
                None
            }
        };
        SecurityHeaders {
            fixed,
            policy,
            hsts,
        }
    }

    /// Sets the headers on an answer, replacing any the handler set; an answer with a
    /// [`PageNonce`] gets it in its `style-src` (and `script-src`).
    pub fn apply(&self, response: &mut Response) {
        let nonce = response.extensions_mut().remove::<PageNonce>();
        let headers = response.headers_mut();
        for (name, value) in &self.fixed {
            headers.insert(name.clone(), value.clone());
        }
        if let (Some(nonce), Some(policy)) = (nonce, &self.policy) {
            // Base64 between valid parts: a valid header value.
            if let Ok(csp) = HeaderValue::try_from(policy.with(Some(&nonce))) {
                headers.insert(header::CONTENT_SECURITY_POLICY, csp);
            }
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

    fn policy_of(response: &Response) -> &str {
        response.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap()
    }

    #[test]
    fn only_an_answer_with_a_style_nonce_allows_inline_styles_and_only_with_it() {
        let config = Config::load_from(&crate::config::FlagValues::default(), &[]).unwrap();
        let headers = SecurityHeaders::new(&config, Hsts::Off);
        let mut plain = Response::builder().body("{}");
        headers.apply(&mut plain);
        let policy = policy_of(&plain);
        assert!(policy.contains("; style-src 'self'; img-src "), "{policy}");
        assert!(!policy.contains("unsafe-inline") && !policy.contains("nonce"));

        let nonce = PageNonce::fresh().unwrap();
        let mut page = Response::builder().body("<html>");
        page.extensions_mut().insert(nonce.clone());
        headers.apply(&mut page);
        let with_nonce = policy_of(&page);
        assert_eq!(
            with_nonce,
            policy.replace(
                "style-src 'self';",
                &format!("style-src 'self' 'nonce-{}';", nonce.as_str())
            )
        );
        assert!(page.extensions().get::<PageNonce>().is_none());

        let mut menu = Response::builder().body("<html>");
        let both = nonce.clone().with_script_nonce().unwrap();
        let script = both.script().unwrap().to_string();
        assert_ne!(script, nonce.as_str(), "a nonce of its own");
        menu.extensions_mut().insert(both);
        headers.apply(&mut menu);
        assert_eq!(
            policy_of(&menu),
            with_nonce.replace(
                "https://*.paypalobjects.com; style-src",
                &format!("https://*.paypalobjects.com 'nonce-{script}'; style-src")
            )
        );
    }

    #[test]
    fn a_style_nonce_is_128_random_bits_in_base64() {
        let first = PageNonce::fresh().unwrap();
        let second = PageNonce::fresh().unwrap();
        for nonce in [&first, &second] {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(nonce.as_str())
                .unwrap();
            assert_eq!(bytes.len(), 16, "{}", nonce.as_str());
        }
        assert_ne!(first.as_str(), second.as_str());
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
