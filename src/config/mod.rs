//! One `Config` from four layers: command-line flags > `HEIMSERVICE_*` environment >
//! the TOML file named by `--config` > built-in defaults.
//!
//! Each key is declared once in `keys` (name, default, secret or not, parser); anything
//! else in the file or the environment is an error naming the key. `sources` reads the
//! layers and stacks them; the sections (`sections`, `tls`, `limits`) parse each key's
//! text once into their typed fields and check the rules that join several keys. Every
//! error names where the offending text came from.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

mod keys;
mod limits;
mod reference;
mod sections;
mod sources;
mod tls;
mod values;

pub use keys::{KEYS, KeySpec, LETS_ENCRYPT_DIRECTORY};
pub use limits::{LIMIT_RANGES, Limits};
pub use reference::reference;
pub use sections::{
    BackupConfig, ClockConfig, ClockTrust, FiscalConfig, MetricsConfig, OrdersConfig, PaypalConfig,
    PrintingConfig, PrivacyConfig, PushConfig, SmtpConfig, TestingConfig, TseConfig,
};
pub use sources::Source;
pub use tls::{AcmeSettings, TlsFiles, TlsSetup};
pub use values::{Language, LogFormat, Secret, SmtpSecurity};

use keys::{
    BASE_PATH, BRAND, COUNTRY, DATA_DIR, DEFAULT_LANGUAGE, LISTEN, LOG_FORMAT, PUBLIC_ORIGIN,
    STORE_ID, TIMEZONE, TRUSTED_PROXIES,
};
use sources::{Layer, Values, env_layer, flag_layer, read_file_layer};

/// Prefix of every environment variable the server reads.
pub const ENV_PREFIX: &str = "HEIMSERVICE_";

/// Where the Debian package installs the configuration. Every command reads it when it
/// exists and neither `--config` nor `HEIMSERVICE_CONFIG` names another file, so
/// `sudo -u heimservice heimservice backup` needs no flags.
pub const SYSTEM_CONFIG_FILE: &str = "/etc/heimservice/config.toml";

/// The data directory of an installed shop (the package's `StateDirectory`): the default
/// while [`SYSTEM_CONFIG_FILE`] is in use.
pub const INSTALLED_DATA_DIR: &str = "/var/lib/heimservice";

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
    /// A rule that joins two keys: names where each of them came from, as either may be
    /// the value to change.
    #[error("`{key}` (from {origin}, with {other} from {other_origin}) {problem}")]
    InvalidWith {
        key: &'static str,
        origin: Source,
        other: &'static str,
        other_origin: Source,
        problem: String,
    },
}

/// The effective configuration: the top-level keys, then one field per TOML table.
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
    /// The address customers use, e.g. `https://pizza.example.com`, when the shop runs
    /// behind a reverse proxy; live-status connections must come from it. `None`: the
    /// page's origin must match the request's Host.
    pub public_origin: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` is believed (login throttling per client).
    pub trusted_proxies: Vec<IpAddr>,
    /// Country of shipping addresses, e.g. `DE`.
    pub country: String,
    pub paypal: PaypalConfig,
    pub orders: OrdersConfig,
    pub clock: ClockConfig,
    pub printing: PrintingConfig,
    pub privacy: PrivacyConfig,
    /// Serve HTTPS (with PEM files or an ACME certificate) instead of plain HTTP.
    pub tls: Option<TlsSetup>,
    pub fiscal: FiscalConfig,
    /// `[datev]`: the tax adviser's DATEV file.
    pub datev: crate::domain::tax_export::datev::DatevSettings,
    pub backup: BackupConfig,
    /// `[metrics]`: access to `/metrics`.
    pub metrics: MetricsConfig,
    /// `[push]`: Web Push notifications.
    pub push: PushConfig,
    /// Mail is sent only when `smtp.host` is set.
    pub smtp: Option<SmtpConfig>,
    /// What one client and all clients together may hold of the server.
    pub limits: Limits,
    pub testing: TestingConfig,
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
    /// Where links in mails point (password reset, order status): `public_origin`;
    /// else the first ACME domain over https; else, for a listener on loopback, this
    /// server's own address (`bound`: the port it really got). `None` for a listener
    /// others can reach without either: links never come from a request's Host header,
    /// which anyone can set.
    pub fn links_origin(&self, bound: SocketAddr) -> Option<String> {
        if let Some(origin) = &self.public_origin {
            return Some(origin.clone());
        }
        if let Some(TlsSetup::Acme(acme)) = &self.tls
            && let Some(domain) = acme.domains.first()
        {
            return Some(format!("https://{domain}"));
        }
        let scheme = if self.tls.is_some() { "https" } else { "http" };
        bound
            .ip()
            .is_loopback()
            .then(|| format!("{scheme}://{bound}"))
    }

    /// Loads the configuration from the process environment and the given flags, and
    /// from [`SYSTEM_CONFIG_FILE`] when it exists and neither names another file.
    pub fn load(flags: &FlagValues) -> Result<Config, ConfigError> {
        let env: Vec<(String, String)> = std::env::vars().collect();
        let system_file = Path::new(SYSTEM_CONFIG_FILE);
        Config::load_discovering(flags, &env, system_file.exists().then_some(system_file))
    }

    /// Like [`Config::load`], with the environment passed in and no system file (for
    /// tests).
    pub fn load_from(flags: &FlagValues, env: &[(String, String)]) -> Result<Config, ConfigError> {
        Config::load_discovering(flags, env, None)
    }

    /// The file the flag names, else the one `HEIMSERVICE_CONFIG` names, else
    /// `system_file` (the installed package's configuration), else none.
    pub(crate) fn load_discovering(
        flags: &FlagValues,
        env: &[(String, String)],
        system_file: Option<&Path>,
    ) -> Result<Config, ConfigError> {
        let env_config_file = env
            .iter()
            .find(|(name, value)| name == "HEIMSERVICE_CONFIG" && !value.is_empty())
            .map(|(_, value)| PathBuf::from(value));
        let config_file = flags
            .config
            .clone()
            .or(env_config_file)
            .or_else(|| system_file.map(Path::to_path_buf));
        let file_layer = match &config_file {
            Some(path) => read_file_layer(path)?,
            None => Layer::new(),
        };
        // An installed shop keeps its data where the package's unit and user expect it,
        // also when its configuration (kept across upgrades) does not say so.
        let mut installed = Layer::new();
        if system_file.is_some_and(|system| config_file.as_deref() == Some(system)) {
            installed.insert(
                DATA_DIR.spec.key,
                (INSTALLED_DATA_DIR.to_string(), Source::Installed),
            );
        }
        // Lowest first: a key the flags give wins over the environment, and so on.
        let mut values = Values::new([installed, file_layer, env_layer(env)?, flag_layer(flags)]);
        Config::read(&mut values, config_file)
    }

    /// Parses every key once, section by section.
    fn read(values: &mut Values, config_file: Option<PathBuf>) -> Result<Config, ConfigError> {
        Ok(Config {
            listen: values.get(&LISTEN)?,
            data_dir: values.get(&DATA_DIR)?,
            config_file,
            base_path: values.get(&BASE_PATH)?,
            store_id: values.get(&STORE_ID)?,
            timezone: values.get(&TIMEZONE)?,
            brand: values.get(&BRAND)?,
            default_language: values.get(&DEFAULT_LANGUAGE)?,
            log_format: values.get(&LOG_FORMAT)?,
            public_origin: values.get(&PUBLIC_ORIGIN)?,
            trusted_proxies: values.get(&TRUSTED_PROXIES)?,
            country: values.get(&COUNTRY)?,
            paypal: PaypalConfig::read(values)?,
            orders: OrdersConfig::read(values)?,
            clock: ClockConfig::read(values)?,
            printing: PrintingConfig::read(values)?,
            privacy: PrivacyConfig::read(values)?,
            tls: TlsSetup::read(values)?,
            fiscal: FiscalConfig::read(values)?,
            datev: sections::read_datev(values)?,
            backup: BackupConfig::read(values)?,
            metrics: MetricsConfig::read(values)?,
            push: PushConfig::read(values)?,
            smtp: SmtpConfig::read(values)?,
            limits: Limits::read(values)?,
            testing: TestingConfig::read(values)?,
            effective: values.effective(),
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
            let literal = if *spec == &STORE_ID.spec {
                value.clone()
            } else {
                toml::Value::String(value.clone()).to_string()
            };
            out.push_str(&format!("{name} = {literal}  # {source}\n"));
        }
        out
    }
}

#[cfg(test)]
mod tests;
