//! Headers every answer carries. The CSP allows PayPal's script, frames and API
//! because the storefront pays through PayPal's JavaScript SDK; COOP must allow popups
//! for PayPal's checkout window.

use poem::middleware::SetHeader;

const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    script-src 'self' https://*.paypal.com https://*.paypalobjects.com; \
    style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: https://*.paypal.com https://*.paypalobjects.com; \
    connect-src 'self' https://*.paypal.com; \
    frame-src https://*.paypal.com; \
    frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

pub fn middleware() -> SetHeader {
    SetHeader::new()
        .overriding("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        .overriding("X-Content-Type-Options", "nosniff")
        .overriding("X-Frame-Options", "DENY")
        .overriding("Referrer-Policy", "strict-origin-when-cross-origin")
        .overriding("Cross-Origin-Opener-Policy", "same-origin-allow-popups")
        .overriding(
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=()",
        )
}
