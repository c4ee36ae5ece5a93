//! Parsers from a key's text to its value; each error says what the key must be.

use std::net::SocketAddr;
use std::path::PathBuf;

use super::{AcmeSettings, ClockTrust, Language, LogFormat, SmtpSecurity, TlsFiles, TlsSetup};

pub(super) fn parse_listen(value: &str) -> Result<SocketAddr, String> {
    let value = value.trim();
    let value = value
        .strip_prefix("localhost:")
        .map(|port| format!("127.0.0.1:{port}"))
        .unwrap_or_else(|| value.to_string());
    value.parse().map_err(|_| {
        format!(
            "must be HOST:PORT with an IP address, like 127.0.0.1:8080 or [::]:8080, not `{value}`"
        )
    })
}

pub(super) fn non_empty(value: &str, what: &str) -> Result<(), String> {
    if value.trim().is_empty() {
        Err(format!("must be {what}, not empty"))
    } else {
        Ok(())
    }
}

/// API paths live at the host root, so the UI's base path must not shadow one of them.
const RESERVED_PATHS: &[&str] = &[
    "/addresses",
    "/categories",
    "/discounts",
    "/forgot-password",
    "/healthz",
    "/login",
    "/openapi.json",
    "/orders",
    "/postcodes",
    "/products",
    "/register",
    "/reset-password",
    "/stores",
    "/users",
    "/ws",
    "/admin",
    "/taxes",
    "/toppings",
    "/topping-groups",
    "/group-items",
    "/product-groups",
    "/allergies",
    "/item-allergies",
    "/banners",
    "/images",
];

pub(super) fn validate_base_path(value: &str) -> Result<(), String> {
    let well_formed = value.len() > 1
        && value.starts_with('/')
        && !value.ends_with('/')
        && !value.contains("//")
        && value[1..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/'));
    if !well_formed {
        return Err(format!(
            "must look like /order-online: a leading slash, letters, digits, - _ or /, no trailing slash; not `{value}`"
        ));
    }
    let first_segment = value[1..].split('/').next().unwrap_or_default();
    if RESERVED_PATHS.contains(&format!("/{first_segment}").as_str()) {
        return Err(format!(
            "`{value}` would hide the API path /{first_segment}"
        ));
    }
    Ok(())
}

pub(super) fn parse_store_id(value: &str) -> Result<u64, String> {
    match value.trim().parse::<u64>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(format!("must be a positive whole number, not `{value}`")),
    }
}

pub(super) fn parse_timezone(value: &str) -> Result<chrono_tz::Tz, String> {
    value
        .parse()
        .map_err(|_| format!("must be an IANA time zone like Europe/Berlin, not `{value}`"))
}

pub(super) fn validate_brand(value: &str) -> Result<(), String> {
    non_empty(value, "the restaurant's name")?;
    if value.chars().count() > 80 {
        return Err("must be at most 80 characters".into());
    }
    Ok(())
}

pub(super) fn parse_language(value: &str) -> Result<Language, String> {
    match value {
        "de" => Ok(Language::De),
        "en" => Ok(Language::En),
        _ => Err(format!("must be de or en, not `{value}`")),
    }
}

pub(super) fn parse_log_format(value: &str) -> Result<LogFormat, String> {
    match value {
        "human" => Ok(LogFormat::Human),
        "json" => Ok(LogFormat::Json),
        _ => Err(format!("must be human or json, not `{value}`")),
    }
}

pub(super) fn parse_ip_list(value: &str) -> Result<Vec<std::net::IpAddr>, String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            item.parse()
                .map_err(|_| format!("must be IP addresses separated by commas, like 127.0.0.1, ::1; `{item}` is not one"))
        })
        .collect()
}

/// Certificate files, ACME (when it names domains), or plain HTTP; the checks above
/// made sure not both are set.
pub(super) fn tls_setup(cert_file: &str, key_file: &str, acme: AcmeSettings) -> Option<TlsSetup> {
    if !cert_file.is_empty() {
        Some(TlsSetup::Files(TlsFiles {
            cert_file: PathBuf::from(cert_file),
            key_file: PathBuf::from(key_file),
        }))
    } else if !acme.domains.is_empty() {
        Some(TlsSetup::Acme(acme))
    } else {
        None
    }
}

/// Host names separated by commas, lower-cased, without duplicates. Wildcards and IP
/// addresses are refused: the TLS-ALPN-01 challenge cannot prove either.
pub(super) fn parse_domains(value: &str) -> Result<Vec<String>, String> {
    let mut domains: Vec<String> = Vec::new();
    for item in value
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let name = item.trim_end_matches('.').to_ascii_lowercase();
        if name.starts_with("*.") {
            return Err(format!(
                "cannot hold the wildcard `{item}`: list each host name, like pizza.example.com, www.pizza.example.com"
            ));
        }
        if !is_host_name(&name) {
            return Err(format!(
                "must be host names separated by commas, like pizza.example.com, www.pizza.example.com; `{item}` is not one"
            ));
        }
        if !domains.contains(&name) {
            domains.push(name);
        }
    }
    if domains.len() > 100 {
        return Err("may hold at most 100 names".into());
    }
    Ok(domains)
}

/// A DNS name with at least two labels of letters, digits and inner hyphens (not an IP).
pub(super) fn is_host_name(name: &str) -> bool {
    let labels: Vec<&str> = name.split('.').collect();
    name.len() <= 253
        && labels.len() >= 2
        && labels.iter().all(|label| {
            (1..=63).contains(&label.len())
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|top| !top.chars().all(|c| c.is_ascii_digit()))
}

pub(super) fn is_email(value: &str) -> bool {
    let value = value.trim();
    match value.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !value.contains(char::is_whitespace)
                && !domain.contains('@')
        }
        None => false,
    }
}

pub(super) fn parse_smtp_security(value: &str) -> Result<SmtpSecurity, String> {
    match value {
        "starttls" => Ok(SmtpSecurity::StartTls),
        "tls" => Ok(SmtpSecurity::Tls),
        "none" => Ok(SmtpSecurity::None),
        _ => Err(format!("must be starttls, tls or none, not `{value}`")),
    }
}

/// `scheme://host[:port]`, without a path or trailing slash.
pub(super) fn parse_origin(value: &str) -> Result<String, String> {
    let trimmed = value.trim().trim_end_matches('/');
    let rest = trimmed
        .strip_prefix("https://")
        .or_else(|| trimmed.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains('/') => Ok(trimmed.to_string()),
        _ => Err(format!(
            "must be an origin like https://pizza.example.com (scheme and host, no path), not `{value}`"
        )),
    }
}

pub(super) fn parse_instant(value: &str) -> Result<chrono::DateTime<chrono::Utc>, String> {
    value.parse().map_err(|_| {
        format!("must be an RFC 3339 instant like 2026-11-23T05:00:00Z, not `{value}`")
    })
}

/// 1 second to `max` seconds.
pub(super) fn parse_seconds(value: &str, max: u64) -> Result<std::time::Duration, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|seconds| (1..=max).contains(seconds))
        .map(std::time::Duration::from_secs)
        .ok_or_else(|| format!("must be a number of seconds from 1 to {max}, not `{value}`"))
}

/// 0 (no automatic backups) to 720 hours (a month).
pub(super) fn parse_hours(value: &str) -> Result<std::time::Duration, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|hours| *hours <= 720)
        .map(|hours| std::time::Duration::from_secs(hours * 3600))
        .ok_or_else(|| format!("must be a number of hours from 0 (off) to 720, not `{value}`"))
}

pub(super) fn parse_keep(value: &str) -> Result<usize, String> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|keep| (1..=1000).contains(keep))
        .ok_or_else(|| format!("must be a number of backups from 1 to 1000, not `{value}`"))
}

/// 0 (never pause) to 100 orders in a row.
pub(super) fn parse_pause_after(value: &str) -> Result<u32, String> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|count| *count <= 100)
        .ok_or_else(|| format!("must be a number of orders from 0 (off) to 100, not `{value}`"))
}

pub(super) fn parse_clock_trust(
    value: &str,
    synchronized_file: &str,
) -> Result<ClockTrust, String> {
    let file = PathBuf::from(synchronized_file);
    match value.trim() {
        "auto" => Ok(ClockTrust::Auto {
            synchronized_file: file,
        }),
        "always" => Ok(ClockTrust::Always),
        "file" => Ok(ClockTrust::File(file)),
        _ => Err(format!("must be auto, always or file, not `{value}`")),
    }
}

/// At most a day: a customer must never wait forever for an answer.
pub(super) fn parse_auto_reject(value: &str) -> Result<std::time::Duration, String> {
    parse_seconds(value, 86_400)
}

/// 0 (keep) to ten years.
pub(super) fn parse_retention_days(value: &str) -> Result<u32, String> {
    let max = crate::domain::erasure::MAX_RETENTION_DAYS;
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|days| *days <= max)
        .ok_or_else(|| format!("must be a number of days from 0 (keep) to {max}, not `{value}`"))
}

pub(super) fn validate_url(value: &str) -> Result<(), String> {
    if !(value.starts_with("https://") || value.starts_with("http://")) {
        return Err(format!("must be an http:// or https:// URL, not `{value}`"));
    }
    // The SDK's origin goes into the Content-Security-Policy header.
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!(
            "must be a URL without spaces or control characters, not `{value}`"
        ));
    }
    Ok(())
}
