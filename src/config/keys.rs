//! Every configuration key, declared once: its name (`table.key` for a key in a TOML
//! table), its default, whether it is a secret, and the parser that turns its text into
//! the typed value a section holds. [`KEYS`] lists them in this order, which is also the
//! order `config check` prints them in: top-level keys first, then each table's.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use super::limits::Within;
use super::values::{self, Language, LogFormat, Secret, SmtpSecurity, TrustMode};
use crate::domain::fiscal::mode::FiscalMode;
use crate::domain::tax_export::datev::Chart;

#[derive(Debug, PartialEq, Eq)]
pub struct KeySpec {
    pub key: &'static str,
    pub default: &'static str,
    /// Secrets are masked when printed and may be read from a file (`*_file` / `*_FILE`).
    pub secret: bool,
}

/// Turns a key's text into its value, or says what the text must be.
pub(super) trait Parse {
    type Value;
    fn parse(&self, text: &str) -> Result<Self::Value, String>;
}

/// The parser of most keys: a plain function.
pub(super) type ParseFn<T> = fn(&str) -> Result<T, String>;

impl<T> Parse for ParseFn<T> {
    type Value = T;
    fn parse(&self, text: &str) -> Result<T, String> {
        self(text)
    }
}

/// A key and how its value is parsed.
pub(super) struct Key<P> {
    pub spec: KeySpec,
    pub parser: P,
}

/// Let's Encrypt's production ACME directory.
pub const LETS_ENCRYPT_DIRECTORY: &str = "https://acme-v02.api.letsencrypt.org/directory";

/// `NAME: parser type = plain|secret("key", "default", parser);` declares the constant
/// `NAME` and adds the key to [`KEYS`].
macro_rules! keys {
    ($($name:ident: $parser:ty = $kind:ident($key:literal, $default:expr, $parse:expr);)*) => {
        $(
            pub(super) const $name: Key<$parser> = Key {
                spec: KeySpec {
                    key: $key,
                    default: $default,
                    secret: keys!(@secret $kind),
                },
                parser: $parse,
            };
        )*
        /// Every key, in the order of the TOML file.
        pub const KEYS: &[KeySpec] = &[$($name.spec),*];
    };
    (@secret plain) => { false };
    (@secret secret) => { true };
}

keys! {
    LISTEN: ParseFn<SocketAddr> = plain("listen", "127.0.0.1:8080", values::listen);
    DATA_DIR: ParseFn<PathBuf> = plain("data_dir", "./data", values::directory);
    BASE_PATH: ParseFn<String> = plain("base_path", "/order-online", values::base_path);
    STORE_ID: ParseFn<u64> = plain("store_id", "14", values::store_id);
    TIMEZONE: ParseFn<chrono_tz::Tz> = plain("timezone", "Europe/Berlin", values::timezone);
    BRAND: ParseFn<String> = plain("brand", "Bella Napoli", values::brand);
    DEFAULT_LANGUAGE: ParseFn<Language> = plain("default_language", "de", values::language);
    LOG_FORMAT: ParseFn<LogFormat> = plain("log_format", "human", values::log_format);
    PUBLIC_ORIGIN: ParseFn<Option<String>> = plain("public_origin", "", values::optional_origin);
    TRUSTED_PROXIES: ParseFn<Vec<IpAddr>> = plain("trusted_proxies", "", values::ip_list);
    COUNTRY: ParseFn<String> = plain("country", "DE", values::country);

    PAYPAL_CLIENT_ID: ParseFn<String> = plain("paypal.client_id", "", values::text);
    PAYPAL_CLIENT_SECRET: ParseFn<Secret> = secret("paypal.client_secret", "", values::secret);
    PAYPAL_API_BASE: ParseFn<String> =
        plain("paypal.api_base", "https://api-m.sandbox.paypal.com", values::base_url);
    PAYPAL_SDK_URL: ParseFn<String> =
        plain("paypal.sdk_url", "https://www.paypal.com/sdk/js", values::url);
    PAYPAL_CURRENCY: ParseFn<String> = plain("paypal.currency", "EUR", values::currency);
    PAYPAL_TIMEOUT_SECONDS: ParseFn<Duration> =
        plain("paypal.timeout_seconds", "20", |text| values::seconds(text, 120));

    // At most a day: a customer must never wait forever for an answer.
    ORDERS_AUTO_REJECT_SECONDS: ParseFn<Duration> =
        plain("orders.auto_reject_seconds", "600", |text| values::seconds(text, 86_400));
    ORDERS_PAUSE_AFTER_UNANSWERED: ParseFn<u32> =
        plain("orders.pause_after_unanswered", "3", values::unanswered_count);
    ORDERS_MAX_WAITING: ParseFn<u32> = plain("orders.max_waiting", "30", values::waiting_limit);
    ORDERS_PREORDER_ANSWER_BEFORE_SLOT_MINUTES: ParseFn<Option<Duration>> = plain(
        "orders.preorder_answer_before_slot_minutes",
        "0",
        values::optional_lead_minutes
    );
    ORDERS_PREORDER_DAYS: ParseFn<u16> = plain("orders.preorder_days", "0", values::preorder_days);
    ORDERS_SLOT_CAPACITY_DELIVERY: ParseFn<u32> =
        plain("orders.slot_capacity_delivery", "0", values::slot_capacity);
    ORDERS_SLOT_CAPACITY_PICKUP: ParseFn<u32> =
        plain("orders.slot_capacity_pickup", "0", values::slot_capacity);

    CLOCK_TRUST: ParseFn<TrustMode> = plain("clock.trust", "auto", values::trust_mode);
    CLOCK_SYNCHRONIZED_FILE: ParseFn<PathBuf> = plain(
        "clock.synchronized_file",
        "/run/systemd/timesync/synchronized",
        values::file_path
    );

    PRINTING_TIMEOUT_SECONDS: ParseFn<Duration> =
        plain("printing.timeout_seconds", "5", |text| values::seconds(text, 60));

    PRIVACY_GUEST_DATA_DAYS: ParseFn<u32> =
        plain("privacy.guest_data_days", "90", values::retention_days);

    TLS_CERT_FILE: ParseFn<Option<PathBuf>> = plain("tls.cert_file", "", values::optional_path);
    TLS_KEY_FILE: ParseFn<Option<PathBuf>> = plain("tls.key_file", "", values::optional_path);
    TLS_ACME_DOMAINS: ParseFn<Vec<String>> = plain("tls.acme_domains", "", values::domains);
    TLS_ACME_EMAIL: ParseFn<String> = plain("tls.acme_email", "", values::acme_contact);
    TLS_ACME_DIRECTORY: ParseFn<String> =
        plain("tls.acme_directory", LETS_ENCRYPT_DIRECTORY, values::https_url);
    TLS_ACME_CA_FILE: ParseFn<Option<PathBuf>> =
        plain("tls.acme_ca_file", "", values::optional_path);

    FISCAL_MODE: ParseFn<Option<FiscalMode>> = plain("fiscal.mode", "", values::fiscal_mode);
    FISCAL_POS_CONFIRMED_BY: ParseFn<String> = plain("fiscal.pos_confirmed_by", "", values::text);
    FISCAL_TSE_API_BASE: ParseFn<String> =
        plain("fiscal.tse_api_base", "https://kassensichv-middleware.fiskaly.com", values::base_url);
    FISCAL_TSE_API_KEY: ParseFn<String> = plain("fiscal.tse_api_key", "", values::text);
    FISCAL_TSE_API_SECRET: ParseFn<Secret> = secret("fiscal.tse_api_secret", "", values::secret);
    FISCAL_TSE_TIMEOUT_SECONDS: ParseFn<Duration> =
        plain("fiscal.tse_timeout_seconds", "10", |text| values::seconds(text, 60));
    FISCAL_TILL_SERIAL: ParseFn<String> = plain("fiscal.till_serial", "", values::till_serial);
    FISCAL_TAX_NUMBER: ParseFn<String> = plain("fiscal.tax_number", "", values::tax_number);
    FISCAL_VAT_ID: ParseFn<String> = plain("fiscal.vat_id", "", values::vat_id);

    DATEV_CONSULTANT_NUMBER: ParseFn<u32> =
        plain("datev.consultant_number", "1001", |text| values::number_in(text, 1001, 9_999_999));
    DATEV_CLIENT_NUMBER: ParseFn<u32> =
        plain("datev.client_number", "1", |text| values::number_in(text, 1, 99_999));
    DATEV_ACCOUNT_LENGTH: ParseFn<u32> =
        plain("datev.account_length", "4", |text| values::number_in(text, 4, 8));
    DATEV_CHART: ParseFn<Chart> = plain("datev.chart", "SKR03", values::chart);
    DATEV_ACCOUNT_CASH: ParseFn<Option<String>> =
        plain("datev.account_cash", "", values::optional_account);
    DATEV_ACCOUNT_PAYPAL: ParseFn<Option<String>> =
        plain("datev.account_paypal", "", values::optional_account);
    DATEV_ACCOUNT_REVENUE_19: ParseFn<Option<String>> =
        plain("datev.account_revenue_19", "", values::optional_account);
    DATEV_ACCOUNT_REVENUE_7: ParseFn<Option<String>> =
        plain("datev.account_revenue_7", "", values::optional_account);
    DATEV_ACCOUNT_REVENUE_OTHER: ParseFn<Option<String>> =
        plain("datev.account_revenue_other", "", values::optional_account);
    DATEV_ACCOUNT_TIPS: ParseFn<Option<String>> =
        plain("datev.account_tips", "", values::optional_account);
    DATEV_TAX_KEY_19: ParseFn<String> = plain("datev.tax_key_19", "", values::tax_key);
    DATEV_TAX_KEY_7: ParseFn<String> = plain("datev.tax_key_7", "", values::tax_key);

    BACKUP_EVERY_HOURS: ParseFn<Duration> = plain("backup.every_hours", "24", values::backup_hours);
    BACKUP_KEEP: ParseFn<usize> = plain("backup.keep", "7", values::backup_count);

    PUSH_SERVICES: ParseFn<crate::domain::push::PushServices> = plain(
        "push.services",
        "https://fcm.googleapis.com, https://updates.push.services.mozilla.com, https://web.push.apple.com, https://*.notify.windows.com",
        crate::domain::push::PushServices::parse
    );
    PUSH_CONTACT: ParseFn<String> = plain("push.contact", "", values::push_contact);

    SMTP_HOST: ParseFn<String> = plain("smtp.host", "", values::text);
    SMTP_PORT: ParseFn<u16> = plain("smtp.port", "587", values::port);
    SMTP_SECURITY: ParseFn<SmtpSecurity> =
        plain("smtp.security", "starttls", values::smtp_security);
    SMTP_USERNAME: ParseFn<String> = plain("smtp.username", "", values::text);
    SMTP_PASSWORD: ParseFn<Secret> = secret("smtp.password", "", values::secret);
    SMTP_FROM: ParseFn<String> = plain("smtp.from", "", values::text);

    LIMITS_CONNECTIONS: Within = plain("limits.connections", "25000", Within::new(16, 1_000_000));
    LIMITS_CONNECTIONS_PER_IP: Within =
        plain("limits.connections_per_ip", "256", Within::new(2, 1_000_000));
    LIMITS_HEADER_TIMEOUT_SECONDS: Within =
        plain("limits.header_timeout_seconds", "5", Within::new(1, 60));
    LIMITS_BODY_TIMEOUT_SECONDS: Within =
        plain("limits.body_timeout_seconds", "60", Within::new(1, 600));
    LIMITS_WEBSOCKETS: Within = plain("limits.websockets", "20000", Within::new(1, 1_000_000));
    LIMITS_WEBSOCKETS_PER_IP: Within =
        plain("limits.websockets_per_ip", "64", Within::new(1, 1_000_000));
    LIMITS_WEBSOCKET_PING_SECONDS: Within =
        plain("limits.websocket_ping_seconds", "30", Within::new(1, 300));
    LIMITS_WEBSOCKET_TIMEOUT_SECONDS: Within =
        plain("limits.websocket_timeout_seconds", "75", Within::new(2, 900));
    LIMITS_ORDERS_PER_IP: Within =
        plain("limits.orders_per_ip", "20", Within::new(1, 1_000_000));
    LIMITS_ORDERS_PER_CONTACT: Within =
        plain("limits.orders_per_contact", "5", Within::new(1, 1_000_000));
    LIMITS_MAILS_PER_ADDRESS: Within =
        plain("limits.mails_per_address", "10", Within::new(1, 1_000_000));

    TESTING_CLOCK_START: ParseFn<Option<chrono::DateTime<chrono::Utc>>> =
        plain("testing.clock_start", "", values::optional_instant);
}
