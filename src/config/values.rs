//! The value types of single keys and their parsers: each parser turns a key's text into
//! its typed value or says what the text must be.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

/// A secret value; its `Debug` and `Display` never show it.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
    pub fn is_set(&self) -> bool {
        !self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_set() {
            "\"********\""
        } else {
            "\"\""
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    De,
    En,
}

impl Language {
    pub fn code(self) -> &'static str {
        match self {
            Language::De => "de",
            Language::En => "en",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Human,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpSecurity {
    /// Plain connection upgraded with STARTTLS (port 587).
    StartTls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: only for a mail server on this machine.
    None,
}

/// The word `clock.trust` holds; the clock section joins it with `clock.synchronized_file`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TrustMode {
    Auto,
    Always,
    File,
}

/// Any text, taken as it is.
pub(super) fn text(value: &str) -> Result<String, String> {
    Ok(value.to_string())
}

pub(super) fn secret(value: &str) -> Result<Secret, String> {
    Ok(Secret(value.to_string()))
}

/// A path, or `None` when empty.
pub(super) fn optional_path(value: &str) -> Result<Option<PathBuf>, String> {
    Ok((!value.is_empty()).then(|| PathBuf::from(value)))
}

pub(super) fn directory(value: &str) -> Result<PathBuf, String> {
    non_empty(value, "a directory path")?;
    Ok(PathBuf::from(value))
}

pub(super) fn file_path(value: &str) -> Result<PathBuf, String> {
    non_empty(value, "a file path")?;
    Ok(PathBuf::from(value))
}

fn non_empty(value: &str, what: &str) -> Result<(), String> {
    if value.trim().is_empty() {
        Err(format!("must be {what}, not empty"))
    } else {
        Ok(())
    }
}

pub(super) fn listen(value: &str) -> Result<SocketAddr, String> {
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

pub(super) fn base_path(value: &str) -> Result<String, String> {
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
    Ok(value.to_string())
}

pub(super) fn store_id(value: &str) -> Result<u64, String> {
    match value.trim().parse::<u64>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(format!("must be a positive whole number, not `{value}`")),
    }
}

pub(super) fn timezone(value: &str) -> Result<chrono_tz::Tz, String> {
    value
        .parse()
        .map_err(|_| format!("must be an IANA time zone like Europe/Berlin, not `{value}`"))
}

pub(super) fn brand(value: &str) -> Result<String, String> {
    non_empty(value, "the restaurant's name")?;
    if value.chars().count() > 80 {
        return Err("must be at most 80 characters".into());
    }
    Ok(value.to_string())
}

pub(super) fn language(value: &str) -> Result<Language, String> {
    match value {
        "de" => Ok(Language::De),
        "en" => Ok(Language::En),
        _ => Err(format!("must be de or en, not `{value}`")),
    }
}

pub(super) fn log_format(value: &str) -> Result<LogFormat, String> {
    match value {
        "human" => Ok(LogFormat::Human),
        "json" => Ok(LogFormat::Json),
        _ => Err(format!("must be human or json, not `{value}`")),
    }
}

/// `scheme://host[:port]`, without a path or trailing slash; `None` when empty.
pub(super) fn optional_origin(value: &str) -> Result<Option<String>, String> {
    if value.is_empty() {
        return Ok(None);
    }
    let trimmed = value.trim().trim_end_matches('/');
    let rest = trimmed
        .strip_prefix("https://")
        .or_else(|| trimmed.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains('/') => Ok(Some(trimmed.to_string())),
        _ => Err(format!(
            "must be an origin like https://pizza.example.com (scheme and host, no path), not `{value}`"
        )),
    }
}

pub(super) fn ip_list(value: &str) -> Result<Vec<IpAddr>, String> {
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

pub(super) fn country(value: &str) -> Result<String, String> {
    let country = value.trim();
    if (2..=60).contains(&country.chars().count()) {
        Ok(country.to_string())
    } else {
        Err(format!(
            "must be a country code or name like DE, not `{value}`"
        ))
    }
}

pub(super) fn url(value: &str) -> Result<String, String> {
    if !(value.starts_with("https://") || value.starts_with("http://")) {
        return Err(format!("must be an http:// or https:// URL, not `{value}`"));
    }
    // The SDK's origin goes into the Content-Security-Policy header.
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!(
            "must be a URL without spaces or control characters, not `{value}`"
        ));
    }
    Ok(value.to_string())
}

/// A URL that paths are appended to, so without a trailing slash.
pub(super) fn base_url(value: &str) -> Result<String, String> {
    Ok(url(value)?.trim_end_matches('/').to_string())
}

pub(super) fn https_url(value: &str) -> Result<String, String> {
    if value.starts_with("https://") && value.len() > "https://".len() {
        Ok(value.to_string())
    } else {
        Err(format!("must be an https:// URL, not `{value}`"))
    }
}

/// Who the push services may write to about the shop's notifications (the VAPID
/// `sub`): a `mailto:` address or an `https://` page; empty: the shop's public origin.
pub(super) fn push_contact(value: &str) -> Result<String, String> {
    if value.is_empty()
        || (value.starts_with("mailto:") && value.len() > "mailto:".len() && value.contains('@'))
        || https_url(value).is_ok()
    {
        Ok(value.to_string())
    } else {
        Err(format!(
            "must be a mailto: address or an https:// URL, not `{value}`"
        ))
    }
}

pub(super) fn currency(value: &str) -> Result<String, String> {
    if value.len() == 3 && value.chars().all(|c| c.is_ascii_uppercase()) {
        Ok(value.to_string())
    } else {
        Err(format!("must be a currency code like EUR, not `{value}`"))
    }
}

/// 1 second to `max` seconds.
pub(super) fn seconds(value: &str, max: u64) -> Result<Duration, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|seconds| (1..=max).contains(seconds))
        .map(Duration::from_secs)
        .ok_or_else(|| format!("must be a number of seconds from 1 to {max}, not `{value}`"))
}

/// 0 (no automatic backups) to 720 hours (a month).
pub(super) fn backup_hours(value: &str) -> Result<Duration, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|hours| *hours <= 720)
        .map(|hours| Duration::from_secs(hours * 3600))
        .ok_or_else(|| format!("must be a number of hours from 0 (off) to 720, not `{value}`"))
}

pub(super) fn backup_count(value: &str) -> Result<usize, String> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|keep| (1..=1000).contains(keep))
        .ok_or_else(|| format!("must be a number of backups from 1 to 1000, not `{value}`"))
}

/// 0 (never pause) to 100 orders in a row.
pub(super) fn unanswered_count(value: &str) -> Result<u32, String> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|count| *count <= 100)
        .ok_or_else(|| format!("must be a number of orders from 0 (off) to 100, not `{value}`"))
}

/// 1 to 100,000 orders waiting for an answer at once.
pub(super) fn waiting_limit(value: &str) -> Result<u32, String> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|count| (1..=100_000).contains(count))
        .ok_or_else(|| format!("must be a number of orders from 1 to 100000, not `{value}`"))
}

/// 0 (today only) to 60 days ahead.
pub(super) fn preorder_days(value: &str) -> Result<u16, String> {
    value
        .trim()
        .parse::<u16>()
        .ok()
        .filter(|days| *days <= crate::domain::preorder::MAX_PREORDER_DAYS)
        .ok_or_else(|| format!("must be a number of days from 0 (today only) to 60, not `{value}`"))
}

/// 0 (unlimited) to 10000 pre-orders in one 15-minute slot.
pub(super) fn slot_capacity(value: &str) -> Result<u32, String> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|count| *count <= 10_000)
        .ok_or_else(|| {
            format!("must be a number of orders from 0 (unlimited) to 10000, not `{value}`")
        })
}

/// 0 (off) to 1440 minutes (a day) before a pre-order's time.
pub(super) fn optional_lead_minutes(value: &str) -> Result<Option<Duration>, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|minutes| *minutes <= 1440)
        .map(|minutes| (minutes > 0).then(|| Duration::from_secs(minutes * 60)))
        .ok_or_else(|| format!("must be a number of minutes from 0 (off) to 1440, not `{value}`"))
}

/// 0 (keep) to ten years.
pub(super) fn retention_days(value: &str) -> Result<u32, String> {
    let max = crate::domain::erasure::MAX_RETENTION_DAYS;
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|days| *days <= max)
        .ok_or_else(|| format!("must be a number of days from 0 (keep) to {max}, not `{value}`"))
}

pub(super) fn trust_mode(value: &str) -> Result<TrustMode, String> {
    match value.trim() {
        "auto" => Ok(TrustMode::Auto),
        "always" => Ok(TrustMode::Always),
        "file" => Ok(TrustMode::File),
        _ => Err(format!("must be auto, always or file, not `{value}`")),
    }
}

/// Host names separated by commas, lower-cased, without duplicates. Wildcards and IP
/// addresses are refused: the TLS-ALPN-01 challenge cannot prove either.
pub(super) fn domains(value: &str) -> Result<Vec<String>, String> {
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
fn is_host_name(name: &str) -> bool {
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

/// The ACME account's contact: the address alone. Whether one is needed depends on
/// `tls.acme_domains`, so an empty or odd value passes here.
pub(super) fn acme_contact(value: &str) -> Result<String, String> {
    if value.trim().to_ascii_lowercase().starts_with("mailto:") {
        return Err(format!(
            "is the address alone, without `mailto:`: write `{}`",
            value.trim()["mailto:".len()..].trim()
        ));
    }
    Ok(value.to_string())
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

pub(super) fn port(value: &str) -> Result<u16, String> {
    value
        .parse::<u16>()
        .ok()
        .filter(|port| *port > 0)
        .ok_or_else(|| format!("must be a port number, not `{value}`"))
}

pub(super) fn smtp_security(value: &str) -> Result<SmtpSecurity, String> {
    match value {
        "starttls" => Ok(SmtpSecurity::StartTls),
        "tls" => Ok(SmtpSecurity::Tls),
        "none" => Ok(SmtpSecurity::None),
        _ => Err(format!("must be starttls, tls or none, not `{value}`")),
    }
}

/// The till's serial number for the TSE and the tax office, or empty (then derived from
/// the store id).
pub(super) fn till_serial(value: &str) -> Result<String, String> {
    if value.is_empty() || crate::domain::fiscal::tse::is_client_serial(value) {
        return Ok(value.to_string());
    }
    Err("must be 1 to 70 letters, digits, spaces or ' ( ) + , - . : = ?".into())
}

/// `tse`, `pos` or `cashless`, or `None` when empty (the owner chooses in the admin area).
pub(super) fn fiscal_mode(
    value: &str,
) -> Result<Option<crate::domain::fiscal::mode::FiscalMode>, String> {
    if value.is_empty() {
        return Ok(None);
    }
    crate::domain::fiscal::mode::FiscalMode::parse(value)
        .map(Some)
        .ok_or_else(|| format!("must be tse, pos or cashless, not `{value}`"))
}

/// An RFC 3339 instant, or `None` when empty.
pub(super) fn optional_instant(
    value: &str,
) -> Result<Option<chrono::DateTime<chrono::Utc>>, String> {
    if value.is_empty() {
        return Ok(None);
    }
    value.parse().map(Some).map_err(|_| {
        format!("must be an RFC 3339 instant like 2026-11-23T05:00:00Z, not `{value}`")
    })
}

/// A German tax number (Steuernummer) as the tax office writes it, e.g. `30/123/45678`
/// (at most 20 characters: digits, `/` and spaces), or empty.
pub(super) fn tax_number(value: &str) -> Result<String, String> {
    let value = value.trim();
    if value.chars().count() <= 20
        && value
            .chars()
            .all(|c| c.is_ascii_digit() || c == '/' || c == ' ')
    {
        return Ok(value.to_string());
    }
    Err("must be a tax number like 30/123/45678 (digits, / and spaces, at most 20)".into())
}

/// A VAT identification number (USt-IdNr.), e.g. `DE123456789`: a country code and up
/// to 13 letters or digits, or empty.
pub(super) fn vat_id(value: &str) -> Result<String, String> {
    let value = value.trim();
    let valid = value.is_empty()
        || (value.is_ascii()
            && (4..=15).contains(&value.len())
            && value[..2].chars().all(|c| c.is_ascii_uppercase())
            && value[2..].chars().all(|c| c.is_ascii_alphanumeric()));
    if valid {
        return Ok(value.to_string());
    }
    Err("must be a VAT id like DE123456789".into())
}

/// A whole number from `min` to `max`.
pub(super) fn number_in(value: &str, min: u32, max: u32) -> Result<u32, String> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|number| (min..=max).contains(number))
        .ok_or_else(|| format!("must be a whole number from {min} to {max}"))
}

/// `SKR03` or `SKR04`.
pub(super) fn chart(value: &str) -> Result<crate::domain::tax_export::datev::Chart, String> {
    crate::domain::tax_export::datev::Chart::parse(value)
        .ok_or_else(|| format!("must be SKR03 or SKR04, not `{value}`"))
}

/// An account number (4 to 8 digits), or `None` when empty (the chart's account).
pub(super) fn optional_account(value: &str) -> Result<Option<String>, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    if (4..=8).contains(&value.len()) && value.chars().all(|c| c.is_ascii_digit()) {
        return Ok(Some(value.to_string()));
    }
    Err("must be an account number of 4 to 8 digits, or empty for the chart's account".into())
}

/// A DATEV tax key (BU-Schlüssel, 1 to 4 digits), or empty.
pub(super) fn tax_key(value: &str) -> Result<String, String> {
    let value = value.trim();
    if value.len() <= 4 && value.chars().all(|c| c.is_ascii_digit()) {
        return Ok(value.to_string());
    }
    Err("must be a DATEV tax key of 1 to 4 digits, or empty".into())
}
