//! Headers every answer carries. The CSP allows PayPal's script, frames and API
//! because the storefront pays through PayPal's JavaScript SDK (and the configured SDK
//! location, when it is not PayPal's own); COOP must allow popups for PayPal's checkout
//! window.

use poem::middleware::SetHeader;

use crate::config::Config;

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

pub fn middleware(config: &Config) -> SetHeader {
    let headers = SetHeader::new();
    // Browsers that saw the shop over HTTPS keep using it for a year.
    let headers = if config.tls.is_some() {
        headers.overriding("Strict-Transport-Security", "max-age=31536000")
    } else {
        headers
    };
    headers
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
    use super::origin_of;

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
}
