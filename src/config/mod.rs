//! One `Config` from four layers: command-line flags > `HEIMSERVICE_*` environment >
//! the TOML file named by `--config` > built-in defaults. Every key is listed in
//! [`KEYS`]; anything else in the file or the environment is an error naming the key.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

mod limits;
mod sources;
mod values;

pub use limits::{LIMIT_RANGES, Limits};
pub use sources::Source;
use sources::{Layer, env_layer, flag_layer, read_file_layer};
use values::*;

/// Prefix of every environment variable the server reads.
pub const ENV_PREFIX: &str = "HEIMSERVICE_";

#[derive(Debug, PartialEq, Eq)]
pub struct KeySpec {
    pub key: &'static str,
    pub default: &'static str,
    /// Secrets are masked when printed and may be read from a file (`*_file` / `*_FILE`).
    pub secret: bool,
}

/// Let's Encrypt's production ACME directory.
pub const LETS_ENCRYPT_DIRECTORY: &str = "https://acme-v02.api.letsencrypt.org/directory";

/// Top-level keys first, then each table's, so the printed TOML reads back.
pub const KEYS: &[KeySpec] = &[
    key("listen", "127.0.0.1:8080"),
    key("data_dir", "./data"),
    key("base_path", "/order-online"),
    key("store_id", "14"),
    key("timezone", "Europe/Berlin"),
    key("brand", "Bella Napoli"),
    key("default_language", "de"),
    key("log_format", "human"),
    key("public_origin", ""),
    key("trusted_proxies", ""),
    key("country", "DE"),
    key("paypal.client_id", ""),
    KeySpec {
        key: "paypal.client_secret",
        default: "",
        secret: true,
    },
    key("paypal.api_base", "https://api-m.sandbox.paypal.com"),
    key("paypal.sdk_url", "https://www.paypal.com/sdk/js"),
    key("paypal.currency", "EUR"),
    key("paypal.timeout_seconds", "20"),
    key("orders.auto_reject_seconds", "600"),
    key("orders.pause_after_unanswered", "3"),
    key("clock.trust", "auto"),
    key(
        "clock.synchronized_file",
        "/run/systemd/timesync/synchronized",
    ),
    key("printing.timeout_seconds", "5"),
    key("privacy.guest_data_days", "90"),
    key("tls.cert_file", ""),
    key("tls.key_file", ""),
    key("tls.acme_domains", ""),
    key("tls.acme_email", ""),
    key("tls.acme_directory", LETS_ENCRYPT_DIRECTORY),
    key("tls.acme_ca_file", ""),
    key("backup.every_hours", "24"),
    key("backup.keep", "7"),
    key("smtp.host", ""),
    key("smtp.port", "587"),
    key("smtp.security", "starttls"),
    key("smtp.username", ""),
    KeySpec {
        key: "smtp.password",
        default: "",
        secret: true,
    },
    key("smtp.from", ""),
    key("limits.connections", "25000"),
    key("limits.connections_per_ip", "256"),
    key("limits.header_timeout_seconds", "5"),
    key("limits.body_timeout_seconds", "60"),
    key("limits.websockets", "20000"),
    key("limits.websockets_per_ip", "64"),
    key("limits.websocket_ping_seconds", "30"),
    key("limits.websocket_timeout_seconds", "75"),
    key("testing.clock_start", ""),
];

const fn key(key: &'static str, default: &'static str) -> KeySpec {
    KeySpec {
        key,
        default,
        secret: false,
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {reason}")]
    FileUnreadable { path: PathBuf, reason: String },
    #[error("the config file {path} is not valid TOML: {reason}")]
    FileSyntax { path: PathBuf, reason: String },
    #[error("unknown key `{key}` in {origin}; known keys: {known}")]
    UnknownKey {
        key: String,
        origin: Source,
        known: String,
    },
    #[error("`{key}` (from {origin}) {problem}")]
    Invalid {
        key: &'static str,
        origin: Source,
        problem: String,
    },
}

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

#[derive(Debug, Clone, PartialEq)]
pub struct PaypalConfig {
    /// Public: the storefront loads the PayPal script with it.
    pub client_id: String,
    pub client_secret: Secret,
    pub api_base: String,
    /// Where the storefront loads PayPal's JavaScript SDK from (tests use a fake).
    pub sdk_url: String,
    /// ISO 4217 code of the shop's prices, e.g. `EUR`.
    pub currency: String,
    /// How long one call to PayPal may take before the outcome is checked again.
    pub timeout: std::time::Duration,
}

/// When the system clock counts as right (a Raspberry Pi has no battery clock and may
/// start with a wrong time). A clock earlier than the build date never counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockTrust {
    /// systemd-timesyncd's flag file exists, or systemd reports the clock synchronised;
    /// on a machine without systemd, any clock after the build date.
    Auto { synchronized_file: PathBuf },
    /// Any clock after the build date.
    Always,
    /// Only once this file exists (e.g. written by a GPS or NTP hook).
    File(PathBuf),
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

/// How the shop serves HTTPS itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TlsSetup {
    Files(TlsFiles),
    Acme(AcmeSettings),
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

#[derive(Debug, Clone, PartialEq)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub security: SmtpSecurity,
    pub username: String,
    pub password: Secret,
    /// The sender, e.g. `Bella Napoli <bestellung@bella-napoli.example>`.
    pub from: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub listen: SocketAddr,
    pub data_dir: PathBuf,
    pub config_file: Option<PathBuf>,
    pub base_path: String,
    pub store_id: u64,
    pub timezone: chrono_tz::Tz,
    pub brand: String,
    pub default_language: Language,
    pub log_format: LogFormat,
    pub paypal: PaypalConfig,
    /// An order nobody accepted or rejected within this time is rejected automatically.
    pub auto_reject_after: std::time::Duration,
    /// After this many orders in a row were rejected automatically, ordering pauses
    /// itself (0: never).
    pub pause_after_unanswered: u32,
    /// How the server decides that the system clock can be believed.
    pub clock_trust: ClockTrust,
    /// How long a network printer may take to answer, and to take a document.
    pub printer_timeout: std::time::Duration,
    /// Serve HTTPS (with PEM files or an ACME certificate) instead of plain HTTP.
    pub tls: Option<TlsSetup>,
    /// How often the server writes an automatic backup to `data/backups/` (zero: never).
    pub backup_every: std::time::Duration,
    /// How many automatic backups are kept.
    pub backup_keep: usize,
    /// The address customers use, e.g. `https://pizza.example.com`, when the shop runs
    /// behind a reverse proxy; live-status connections must come from it. `None`: the
    /// page's origin must match the request's Host.
    pub public_origin: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` is believed (login throttling per client).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Country of shipping addresses, e.g. `DE`.
    pub country: String,
    pub smtp: Option<SmtpConfig>,
    /// What one client and all clients together may hold of the server.
    pub limits: Limits,
    /// Guest orders older than this many days (and finished) lose their personal data;
    /// contact messages and kept mails are deleted. 0: keep everything.
    pub guest_data_days: u32,
    /// Tests and demos only: the clock starts at this instant.
    pub clock_start: Option<chrono::DateTime<chrono::Utc>>,
    /// Every key's value (secrets masked) and its source, for `config check`.
    pub effective: Vec<(&'static KeySpec, String, Source)>,
}

/// Values given on the command line; `None` where a flag was not given.
#[derive(Debug, Default, Clone)]
pub struct FlagValues {
    pub config: Option<PathBuf>,
    pub listen: Option<String>,
    pub data_dir: Option<PathBuf>,
    pub log_format: Option<String>,
}

impl Config {
    /// Loads the configuration from the process environment and the given flags.
    pub fn load(flags: &FlagValues) -> Result<Config, ConfigError> {
        let env: Vec<(String, String)> = std::env::vars().collect();
        Config::load_from(flags, &env)
    }

    /// Like [`Config::load`], with the environment passed in (for tests).
    pub fn load_from(flags: &FlagValues, env: &[(String, String)]) -> Result<Config, ConfigError> {
        let mut values: Layer = KEYS
            .iter()
            .map(|spec| (spec.key, (spec.default.to_string(), Source::Default)))
            .collect();
        let env_config_file = env
            .iter()
            .find(|(name, _)| name == "HEIMSERVICE_CONFIG")
            .map(|(_, value)| PathBuf::from(value));
        let config_file = flags.config.clone().or(env_config_file);
        if let Some(path) = &config_file {
            values.extend(read_file_layer(path)?);
        }
        values.extend(env_layer(env)?);
        values.extend(flag_layer(flags));
        Config::from_values(values, config_file)
    }

    fn from_values(values: Layer, config_file: Option<PathBuf>) -> Result<Config, ConfigError> {
        let get = |key: &'static str| -> Result<(String, Source), ConfigError> {
            values.get(key).cloned().ok_or(ConfigError::Invalid {
                key,
                origin: Source::Default,
                problem: "is missing".into(),
            })
        };
        let parse = |key: &'static str, check: &dyn Fn(&str) -> Result<(), String>| {
            let (value, source) = get(key)?;
            check(&value).map_err(|problem| ConfigError::Invalid {
                key,
                origin: source.clone(),
                problem,
            })?;
            Ok::<String, ConfigError>(value)
        };
        let listen = parse("listen", &|v| parse_listen(v).map(|_| ()))?;
        let data_dir = parse("data_dir", &|v| non_empty(v, "a directory path"))?;
        let base_path = parse("base_path", &validate_base_path)?;
        let store_id = parse("store_id", &|v| parse_store_id(v).map(|_| ()))?;
        let timezone = parse("timezone", &|v| parse_timezone(v).map(|_| ()))?;
        let brand = parse("brand", &validate_brand)?;
        let language = parse("default_language", &|v| parse_language(v).map(|_| ()))?;
        let log_format = parse("log_format", &|v| parse_log_format(v).map(|_| ()))?;
        let paypal_api_base = parse("paypal.api_base", &validate_url)?;
        let paypal_sdk_url = parse("paypal.sdk_url", &validate_url)?;
        let paypal_currency = parse("paypal.currency", &|v| {
            if v.len() == 3 && v.chars().all(|c| c.is_ascii_uppercase()) {
                Ok(())
            } else {
                Err(format!("must be a currency code like EUR, not `{v}`"))
            }
        })?;
        let paypal_timeout = parse("paypal.timeout_seconds", &|v| {
            parse_seconds(v, 120).map(|_| ())
        })?;
        let tls_cert = get("tls.cert_file")?.0;
        let tls_key = parse("tls.key_file", &|v| {
            if v.is_empty() == tls_cert.is_empty() {
                Ok(())
            } else {
                Err("tls.cert_file and tls.key_file must be set together".into())
            }
        })?;
        let acme_domains = parse("tls.acme_domains", &|v| {
            let domains = parse_domains(v)?;
            // tls.key_file was checked above: set exactly when tls.cert_file is.
            if !domains.is_empty() && !tls_cert.is_empty() {
                Err("cannot be used together with tls.cert_file and tls.key_file: choose certificate files or ACME, not both".into())
            } else {
                Ok(())
            }
        })?;
        let acme_email = parse("tls.acme_email", &|v| {
            if v.trim().to_ascii_lowercase().starts_with("mailto:") {
                Err(format!(
                    "is the address alone, without `mailto:`: write `{}`",
                    v.trim()["mailto:".len()..].trim()
                ))
            } else if acme_domains.trim().is_empty() || is_email(v) {
                Ok(())
            } else {
                Err(format!(
                    "must be a contact address like owner@example.com when tls.acme_domains is set, not `{v}`"
                ))
            }
        })?;
        let acme_directory = parse("tls.acme_directory", &|v| {
            if v.starts_with("https://") && v.len() > "https://".len() {
                Ok(())
            } else {
                Err(format!("must be an https:// URL, not `{v}`"))
            }
        })?;
        let acme_ca_file = get("tls.acme_ca_file")?.0;
        let backup_every = parse("backup.every_hours", &|v| parse_hours(v).map(|_| ()))?;
        let backup_keep = parse("backup.keep", &|v| parse_keep(v).map(|_| ()))?;
        let auto_reject = parse("orders.auto_reject_seconds", &|v| {
            parse_auto_reject(v).map(|_| ())
        })?;
        let pause_after = parse("orders.pause_after_unanswered", &|v| {
            parse_pause_after(v).map(|_| ())
        })?;
        let clock_trust = parse("clock.trust", &|v| parse_clock_trust(v, "").map(|_| ()))?;
        let synchronized_file = parse("clock.synchronized_file", &|v| non_empty(v, "a file path"))?;
        let printer_timeout = parse("printing.timeout_seconds", &|v| {
            parse_seconds(v, 60).map(|_| ())
        })?;
        let guest_data_days = parse("privacy.guest_data_days", &|v| {
            parse_retention_days(v).map(|_| ())
        })?;
        let public_origin = parse("public_origin", &|v| {
            if v.is_empty() {
                Ok(())
            } else {
                parse_origin(v).map(|_| ())
            }
        })?;
        let trusted_proxies = parse("trusted_proxies", &|v| parse_ip_list(v).map(|_| ()))?;
        let country = parse("country", &|v| {
            if (2..=60).contains(&v.trim().chars().count()) {
                Ok(())
            } else {
                Err(format!("must be a country code or name like DE, not `{v}`"))
            }
        })?;
        let smtp_port = parse("smtp.port", &|v| {
            v.parse::<u16>()
                .ok()
                .filter(|port| *port > 0)
                .map(|_| ())
                .ok_or_else(|| format!("must be a port number, not `{v}`"))
        })?;
        let smtp_security = parse("smtp.security", &|v| parse_smtp_security(v).map(|_| ()))?;
        let smtp_host = get("smtp.host")?.0;
        let smtp_from = parse("smtp.from", &|v| {
            if !smtp_host.is_empty() && !v.contains('@') {
                Err("must be a sender address like Bella Napoli <bestellung@example.com> when smtp.host is set".into())
            } else {
                Ok(())
            }
        })?;
        let clock_start = parse("testing.clock_start", &|v| {
            if v.is_empty() {
                Ok(())
            } else {
                parse_instant(v).map(|_| ())
            }
        })?;
        let mut limit_values = Vec::new();
        for &(key, _, _) in LIMIT_RANGES {
            let value = parse(key, &|v| limits::parse_limit(key, v).map(|_| ()))?;
            limit_values.push((key, limits::parse_limit(key, &value).unwrap_or_default()));
        }
        let limits = Limits::from_values(|key| {
            limit_values
                .iter()
                .find(|(name, _)| *name == key)
                .map_or(0, |(_, value)| *value)
        })
        .map_err(|problem| ConfigError::Invalid {
            key: "limits.websocket_timeout_seconds",
            origin: get("limits.websocket_timeout_seconds")
                .map(|(_, source)| source)
                .unwrap_or(Source::Default),
            problem,
        })?;
        let effective = KEYS
            .iter()
            .filter_map(|spec| {
                values
                    .get(spec.key)
                    .map(|(value, source)| (spec, masked(spec, value), source.clone()))
            })
            .collect();
        // Each `parse` above validated its value, so these conversions cannot fail; they
        // map to the same error anyway rather than panic.
        let invalid = |key: &'static str, problem: String| ConfigError::Invalid {
            key,
            origin: Source::Default,
            problem,
        };
        Ok(Config {
            listen: parse_listen(&listen).map_err(|p| invalid("listen", p))?,
            data_dir: PathBuf::from(data_dir),
            config_file,
            base_path,
            store_id: parse_store_id(&store_id).map_err(|p| invalid("store_id", p))?,
            timezone: parse_timezone(&timezone).map_err(|p| invalid("timezone", p))?,
            brand,
            default_language: parse_language(&language)
                .map_err(|p| invalid("default_language", p))?,
            log_format: parse_log_format(&log_format).map_err(|p| invalid("log_format", p))?,
            paypal: PaypalConfig {
                client_id: get("paypal.client_id")?.0,
                client_secret: Secret(get("paypal.client_secret")?.0),
                api_base: paypal_api_base.trim_end_matches('/').to_string(),
                sdk_url: paypal_sdk_url,
                currency: paypal_currency,
                timeout: parse_seconds(&paypal_timeout, 120)
                    .map_err(|p| invalid("paypal.timeout_seconds", p))?,
            },
            printer_timeout: parse_seconds(&printer_timeout, 60)
                .map_err(|p| invalid("printing.timeout_seconds", p))?,
            tls: tls_setup(
                &tls_cert,
                &tls_key,
                AcmeSettings {
                    domains: parse_domains(&acme_domains)
                        .map_err(|p| invalid("tls.acme_domains", p))?,
                    email: acme_email.trim().to_string(),
                    directory: acme_directory,
                    ca_file: (!acme_ca_file.is_empty()).then(|| PathBuf::from(&acme_ca_file)),
                },
            ),
            backup_every: parse_hours(&backup_every)
                .map_err(|p| invalid("backup.every_hours", p))?,
            backup_keep: parse_keep(&backup_keep).map_err(|p| invalid("backup.keep", p))?,
            auto_reject_after: parse_auto_reject(&auto_reject)
                .map_err(|p| invalid("orders.auto_reject_seconds", p))?,
            pause_after_unanswered: parse_pause_after(&pause_after)
                .map_err(|p| invalid("orders.pause_after_unanswered", p))?,
            clock_trust: parse_clock_trust(&clock_trust, &synchronized_file)
                .map_err(|p| invalid("clock.trust", p))?,
            trusted_proxies: parse_ip_list(&trusted_proxies)
                .map_err(|p| invalid("trusted_proxies", p))?,
            country: country.trim().to_string(),
            smtp: if smtp_host.is_empty() {
                None
            } else {
                Some(SmtpConfig {
                    host: smtp_host.clone(),
                    port: smtp_port
                        .parse()
                        .map_err(|_| invalid("smtp.port", "must be a port number".into()))?,
                    security: parse_smtp_security(&smtp_security)
                        .map_err(|p| invalid("smtp.security", p))?,
                    username: get("smtp.username")?.0,
                    password: Secret(get("smtp.password")?.0),
                    from: smtp_from,
                })
            },
            public_origin: if public_origin.is_empty() {
                None
            } else {
                Some(parse_origin(&public_origin).map_err(|p| invalid("public_origin", p))?)
            },
            limits,
            guest_data_days: parse_retention_days(&guest_data_days)
                .map_err(|p| invalid("privacy.guest_data_days", p))?,
            clock_start: if clock_start.is_empty() {
                None
            } else {
                Some(parse_instant(&clock_start).map_err(|p| invalid("testing.clock_start", p))?)
            },
            effective,
        })
    }

    /// The effective configuration as TOML, secrets masked, each line naming its source.
    pub fn to_masked_toml(&self) -> String {
        let mut out = String::new();
        let mut section = "";
        for (spec, value, source) in &self.effective {
            let (table, name) = spec.key.split_once('.').unwrap_or(("", spec.key));
            if table != section {
                out.push_str(&format!("\n[{table}]\n"));
                section = table;
            }
            let literal = if spec.key == "store_id" {
                value.clone()
            } else {
                toml_string(value)
            };
            out.push_str(&format!("{name} = {literal}  # {source}\n"));
        }
        out
    }
}

fn masked(spec: &KeySpec, value: &str) -> String {
    if spec.secret && !value.is_empty() {
        "********".to_string()
    } else {
        value.to_string()
    }
}

fn toml_string(value: &str) -> String {
    toml::Value::String(value.to_string()).to_string()
}

#[cfg(test)]
mod tests;
