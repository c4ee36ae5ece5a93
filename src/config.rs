//! One `Config` from four layers: command-line flags > `HEIMSERVICE_*` environment >
//! the TOML file named by `--config` > built-in defaults. Every key is listed in
//! [`KEYS`]; anything else in the file or the environment is an error naming the key.

use std::collections::BTreeMap;
use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

mod limits;
pub use limits::{LIMIT_RANGES, Limits};

/// Prefix of every environment variable the server reads.
pub const ENV_PREFIX: &str = "HEIMSERVICE_";

/// Environment variables with the prefix that are not configuration keys.
const ENV_NOT_CONFIG: &[&str] = &[
    "HEIMSERVICE_CONFIG",
    "HEIMSERVICE_SKIP_UI_BUILD",
    "HEIMSERVICE_ADMIN_PASSWORD",
];

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

/// Where a value came from, for error messages and `config check`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Default,
    File(PathBuf),
    Env(String),
    Flag(&'static str),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => write!(f, "default"),
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Env(name) => write!(f, "environment {name}"),
            Source::Flag(flag) => write!(f, "flag {flag}"),
        }
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

type Layer = BTreeMap<&'static str, (String, Source)>;

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

fn read_file_layer(path: &Path) -> Result<Layer, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|error| ConfigError::FileUnreadable {
        path: path.to_path_buf(),
        reason: error.to_string(),
    })?;
    let table: toml::Table =
        text.parse()
            .map_err(|error: toml::de::Error| ConfigError::FileSyntax {
                path: path.to_path_buf(),
                reason: error.message().to_string(),
            })?;
    let source = Source::File(path.to_path_buf());
    let mut layer = Layer::new();
    let mut flat = Vec::new();
    for (name, value) in table {
        match value {
            toml::Value::Table(inner) => {
                for (inner_name, inner_value) in inner {
                    flat.push((format!("{name}.{inner_name}"), inner_value));
                }
            }
            other => flat.push((name, other)),
        }
    }
    for (name, value) in flat {
        let (spec, from_file) =
            lookup_key(&name, "_file").ok_or_else(|| ConfigError::UnknownKey {
                key: name.clone(),
                origin: source.clone(),
                known: known_keys(),
            })?;
        let text = match value {
            toml::Value::String(text) => text,
            toml::Value::Integer(number) => number.to_string(),
            other => {
                return Err(ConfigError::Invalid {
                    key: spec.key,
                    origin: source,
                    problem: format!("must be a string or a number, not {}", other.type_str()),
                });
            }
        };
        let text = if from_file {
            read_secret_file(spec, &text, &source)?
        } else {
            text
        };
        layer.insert(spec.key, (text, source.clone()));
    }
    Ok(layer)
}

fn env_layer(env: &[(String, String)]) -> Result<Layer, ConfigError> {
    let mut layer = Layer::new();
    for (name, value) in env {
        let Some(rest) = name.strip_prefix(ENV_PREFIX) else {
            continue;
        };
        if ENV_NOT_CONFIG.contains(&name.as_str()) {
            continue;
        }
        let wanted = rest.to_ascii_lowercase();
        let source = Source::Env(name.clone());
        let (spec, from_file) = KEYS
            .iter()
            .find_map(|spec| {
                let env_key = spec.key.replace('.', "_");
                if env_key == wanted {
                    Some((spec, false))
                } else if spec.secret && format!("{env_key}_file") == wanted {
                    Some((spec, true))
                } else {
                    None
                }
            })
            .ok_or_else(|| ConfigError::UnknownKey {
                key: name.clone(),
                origin: source.clone(),
                known: known_keys(),
            })?;
        let value = if from_file {
            read_secret_file(spec, value, &source)?
        } else {
            value.clone()
        };
        layer.insert(spec.key, (value, source));
    }
    Ok(layer)
}

fn flag_layer(flags: &FlagValues) -> Layer {
    let mut layer = Layer::new();
    if let Some(listen) = &flags.listen {
        layer.insert("listen", (listen.clone(), Source::Flag("--listen")));
    }
    if let Some(dir) = &flags.data_dir {
        let dir = dir.to_string_lossy().into_owned();
        layer.insert("data_dir", (dir, Source::Flag("--data-dir")));
    }
    if let Some(format) = &flags.log_format {
        layer.insert("log_format", (format.clone(), Source::Flag("--log-format")));
    }
    layer
}

/// Finds the spec for a file key; `suffix` marks the "read the secret from this file"
/// form of a secret key.
fn lookup_key(name: &str, suffix: &str) -> Option<(&'static KeySpec, bool)> {
    KEYS.iter().find_map(|spec| {
        if spec.key == name {
            Some((spec, false))
        } else if spec.secret && format!("{}{suffix}", spec.key) == name {
            Some((spec, true))
        } else {
            None
        }
    })
}

fn known_keys() -> String {
    let mut names: Vec<String> = KEYS.iter().map(|spec| spec.key.to_string()).collect();
    names.extend(
        KEYS.iter()
            .filter(|spec| spec.secret)
            .map(|spec| format!("{}_file", spec.key)),
    );
    names.join(", ")
}

fn read_secret_file(
    spec: &'static KeySpec,
    path: &str,
    source: &Source,
) -> Result<String, ConfigError> {
    std::fs::read_to_string(path)
        .map(|text| text.trim_end_matches(['\n', '\r']).to_string())
        .map_err(|error| ConfigError::Invalid {
            key: spec.key,
            origin: source.clone(),
            problem: format!("names the secret file {path}, which cannot be read: {error}"),
        })
}

fn parse_listen(value: &str) -> Result<SocketAddr, String> {
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

fn non_empty(value: &str, what: &str) -> Result<(), String> {
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

fn validate_base_path(value: &str) -> Result<(), String> {
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

fn parse_store_id(value: &str) -> Result<u64, String> {
    match value.trim().parse::<u64>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(format!("must be a positive whole number, not `{value}`")),
    }
}

fn parse_timezone(value: &str) -> Result<chrono_tz::Tz, String> {
    value
        .parse()
        .map_err(|_| format!("must be an IANA time zone like Europe/Berlin, not `{value}`"))
}

fn validate_brand(value: &str) -> Result<(), String> {
    non_empty(value, "the restaurant's name")?;
    if value.chars().count() > 80 {
        return Err("must be at most 80 characters".into());
    }
    Ok(())
}

fn parse_language(value: &str) -> Result<Language, String> {
    match value {
        "de" => Ok(Language::De),
        "en" => Ok(Language::En),
        _ => Err(format!("must be de or en, not `{value}`")),
    }
}

fn parse_log_format(value: &str) -> Result<LogFormat, String> {
    match value {
        "human" => Ok(LogFormat::Human),
        "json" => Ok(LogFormat::Json),
        _ => Err(format!("must be human or json, not `{value}`")),
    }
}

fn parse_ip_list(value: &str) -> Result<Vec<std::net::IpAddr>, String> {
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
fn tls_setup(cert_file: &str, key_file: &str, acme: AcmeSettings) -> Option<TlsSetup> {
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
fn parse_domains(value: &str) -> Result<Vec<String>, String> {
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

fn is_email(value: &str) -> bool {
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

fn parse_smtp_security(value: &str) -> Result<SmtpSecurity, String> {
    match value {
        "starttls" => Ok(SmtpSecurity::StartTls),
        "tls" => Ok(SmtpSecurity::Tls),
        "none" => Ok(SmtpSecurity::None),
        _ => Err(format!("must be starttls, tls or none, not `{value}`")),
    }
}

/// `scheme://host[:port]`, without a path or trailing slash.
fn parse_origin(value: &str) -> Result<String, String> {
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

fn parse_instant(value: &str) -> Result<chrono::DateTime<chrono::Utc>, String> {
    value.parse().map_err(|_| {
        format!("must be an RFC 3339 instant like 2026-11-23T05:00:00Z, not `{value}`")
    })
}

/// 1 second to `max` seconds.
fn parse_seconds(value: &str, max: u64) -> Result<std::time::Duration, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|seconds| (1..=max).contains(seconds))
        .map(std::time::Duration::from_secs)
        .ok_or_else(|| format!("must be a number of seconds from 1 to {max}, not `{value}`"))
}

/// 0 (no automatic backups) to 720 hours (a month).
fn parse_hours(value: &str) -> Result<std::time::Duration, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|hours| *hours <= 720)
        .map(|hours| std::time::Duration::from_secs(hours * 3600))
        .ok_or_else(|| format!("must be a number of hours from 0 (off) to 720, not `{value}`"))
}

fn parse_keep(value: &str) -> Result<usize, String> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|keep| (1..=1000).contains(keep))
        .ok_or_else(|| format!("must be a number of backups from 1 to 1000, not `{value}`"))
}

/// 0 (never pause) to 100 orders in a row.
fn parse_pause_after(value: &str) -> Result<u32, String> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|count| *count <= 100)
        .ok_or_else(|| format!("must be a number of orders from 0 (off) to 100, not `{value}`"))
}

fn parse_clock_trust(value: &str, synchronized_file: &str) -> Result<ClockTrust, String> {
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
fn parse_auto_reject(value: &str) -> Result<std::time::Duration, String> {
    parse_seconds(value, 86_400)
}

/// 0 (keep) to ten years.
fn parse_retention_days(value: &str) -> Result<u32, String> {
    let max = crate::domain::erasure::MAX_RETENTION_DAYS;
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|days| *days <= max)
        .ok_or_else(|| format!("must be a number of days from 0 (keep) to {max}, not `{value}`"))
}

fn validate_url(value: &str) -> Result<(), String> {
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

#[cfg(test)]
mod tests;
