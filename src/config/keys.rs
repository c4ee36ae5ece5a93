//! Every configuration key, declared once: its name (`table.key` for a key in a TOML
//! table), its default, whether it is a secret, and the parser that turns its text into
//! the typed value a section holds. [`KEYS`] lists them in this order, which is also the
//! order `config check` prints them in: top-level keys first, then each table's.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use super::ENV_PREFIX;
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
    /// What the key does, for the configuration reference: the key's doc comment.
    pub description: &'static str,
}

impl KeySpec {
    /// The key's name inside its TOML table (`client_id` for `paypal.client_id`).
    pub fn name_in_table(&self) -> &'static str {
        self.key.rsplit('.').next().unwrap_or(self.key)
    }

    /// The key's TOML table (`paypal` for `paypal.client_id`); `None` for a top-level key.
    pub fn table(&self) -> Option<&'static str> {
        self.key.split_once('.').map(|(table, _)| table)
    }

    /// The environment variable that sets the key: `HEIMSERVICE_` and the key in
    /// capitals with `.` as `_`.
    pub fn env_name(&self) -> String {
        format!(
            "{ENV_PREFIX}{}",
            self.key.replace('.', "_").to_ascii_uppercase()
        )
    }
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

/// `/// description` and `NAME: parser type = plain|secret("key", "default", parser);`
/// declares the constant `NAME` and adds the key to [`KEYS`]. The doc comment is the
/// key's description in the configuration reference (`heimservice config reference`).
macro_rules! keys {
    ($(
        $(#[doc = $doc:literal])+
        $name:ident: $parser:ty = $kind:ident($key:literal, $default:expr, $parse:expr);
    )*) => {
        $(
            $(#[doc = $doc])+
            pub(super) const $name: Key<$parser> = Key {
                spec: KeySpec {
                    key: $key,
                    default: $default,
                    secret: keys!(@secret $kind),
                    description: concat!($($doc, "\n"),+),
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
    /// Address and port to listen on. `0.0.0.0:8080` accepts connections from the local network;
    /// keep `127.0.0.1` behind a reverse proxy.
    LISTEN: ParseFn<SocketAddr> = plain("listen", "127.0.0.1:8080", values::listen);
    /// Directory for the database, its backups and the generated keys, created with mode 0700; must
    /// be writable. `/var/lib/heimservice` while `/etc/heimservice/config.toml` is the file read.
    DATA_DIR: ParseFn<PathBuf> = plain("data_dir", "./data", values::directory);
    /// Path under which the storefront is served; the API always lives at the host root.
    BASE_PATH: ParseFn<String> = plain("base_path", "/order-online", values::base_path);
    /// The store id the storefront asks for; other ids answer 404.
    STORE_ID: ParseFn<u64> = plain("store_id", "14", values::store_id);
    /// IANA time zone in which the opening hours are evaluated.
    TIMEZONE: ParseFn<chrono_tz::Tz> = plain("timezone", "Europe/Berlin", values::timezone);
    /// The restaurant's name, shown in page titles: "Login | Bella Napoli Heimservice".
    BRAND: ParseFn<String> = plain("brand", "Bella Napoli", values::brand);
    /// Storefront language for first-time visitors: `de` or `en`.
    DEFAULT_LANGUAGE: ParseFn<Language> = plain("default_language", "de", values::language);
    /// Log output: `human` (readable lines) or `json` (one object per line). `RUST_LOG` picks what
    /// is logged with comma-separated `level` and `target=level` items (default: startup, changes,
    /// warnings and failed requests, no line per request; `RUST_LOG=info` adds one, naming the
    /// query's values only where they name no person and hold no secret).
    LOG_FORMAT: ParseFn<LogFormat> = plain("log_format", "human", values::log_format);
    /// The address customers type, e.g. `https://pizza.example.com`. Links in mails (password
    /// reset, order status) start with it, and the live sockets accept pages of this origin only.
    /// Required when `listen` is reachable by others (not 127.0.0.1 or ::1), unless
    /// `tls.acme_domains` names the host (then `https://<first name>`); while empty on loopback,
    /// links use the listener's own address and the page must come from the host the request was
    /// sent to. Links never use a request's `Host` header.
    PUBLIC_ORIGIN: ParseFn<Option<String>> = plain("public_origin", "", values::optional_origin);
    /// Reverse proxies (IP addresses, comma-separated) whose `X-Forwarded-For` header names the
    /// real client, e.g. `127.0.0.1` behind nginx on the same box. Login throttling counts per
    /// client address, so only trust proxies you run.
    TRUSTED_PROXIES: ParseFn<Vec<IpAddr>> = plain("trusted_proxies", "", values::ip_list);
    /// Country of shipping addresses.
    COUNTRY: ParseFn<String> = plain("country", "DE", values::country);

    /// The PayPal REST app's client id for online payments. It is public: the storefront loads
    /// PayPal's script with it. Empty: the shop takes cash only.
    PAYPAL_CLIENT_ID: ParseFn<String> = plain("paypal.client_id", "", values::text);
    /// The PayPal REST app's secret; it never leaves the server. Prefer reading it from a file
    /// readable only by the service user (`client_secret_file`).
    PAYPAL_CLIENT_SECRET: ParseFn<Secret> = secret("paypal.client_secret", "", values::secret);
    /// PayPal's REST endpoint: the sandbox while testing, `https://api-m.paypal.com` when live.
    PAYPAL_API_BASE: ParseFn<String> =
        plain("paypal.api_base", "https://api-m.sandbox.paypal.com", values::base_url);
    /// Where the storefront loads PayPal's JavaScript SDK from.
    PAYPAL_SDK_URL: ParseFn<String> =
        plain("paypal.sdk_url", "https://www.paypal.com/sdk/js", values::url);
    /// Currency of the menu prices and of PayPal payments.
    PAYPAL_CURRENCY: ParseFn<String> = plain("paypal.currency", "EUR", values::currency);
    /// Seconds one call to PayPal may take (at most 120); after a timeout the payment is looked up
    /// again.
    PAYPAL_TIMEOUT_SECONDS: ParseFn<Duration> =
        plain("paypal.timeout_seconds", "20", |text| values::seconds(text, 120));

    // At most a day: a customer must never wait forever for an answer.
    /// An order the restaurant neither accepts nor rejects within this many seconds (at most a day)
    /// is rejected automatically, and refunded if paid online, so no customer waits forever. The
    /// time counts from when someone can be there: at once while the opening hours say open,
    /// otherwise from the next opening (a pre-order placed at night waits for it).
    ORDERS_AUTO_REJECT_SECONDS: ParseFn<Duration> =
        plain("orders.auto_reject_seconds", "600", |text| values::seconds(text, 86_400));
    /// When this many orders in a row were rejected automatically because nobody answered them
    /// while the opening hours said open, ordering pauses itself (the same switch as "Pause
    /// ordering" in the admin area) and the orders board and the storefront say why; staff resume
    /// it there. Any accept or reject by staff starts the count again. 0 turns this off. See
    /// [Auto-pause](owner/auto-pause.md).
    ORDERS_PAUSE_AFTER_UNANSWERED: ParseFn<u32> =
        plain("orders.pause_after_unanswered", "3", values::unanswered_count);
    /// At most this many orders wait for an answer at once (pre-orders included), 1 to 100000.
    /// Beyond it the storefront answers "the restaurant is busy right now" (503 `restaurant_busy`,
    /// nothing is charged) and the orders board shows an alarm until staff answer some. Phone
    /// orders are accepted as they are entered and do not count.
    ORDERS_MAX_WAITING: ParseFn<u32> = plain("orders.max_waiting", "30", values::waiting_limit);
    /// A pre-order may instead wait for an answer until this many minutes before its time, if that
    /// is later than `orders.auto_reject_seconds` after the opening. 0 turns this off.
    ORDERS_PREORDER_ANSWER_BEFORE_SLOT_MINUTES: ParseFn<Option<Duration>> = plain(
        "orders.preorder_answer_before_slot_minutes",
        "0",
        values::optional_lead_minutes
    );
    /// Pre-orders may be placed for today and for this many days after it (0: today only; up to
    /// 60): the storefront then asks for the date first, then the time; each day's times follow its
    /// opening hours and closures. An order belongs to the day it was placed (its number, the day's
    /// totals); its tickets print and its answer is due as for any pre-order. See [Pre-orders and
    /// slot capacity](owner/pre-orders.md).
    ORDERS_PREORDER_DAYS: ParseFn<u16> = plain("orders.preorder_days", "0", values::preorder_days);
    /// At most this many delivery pre-orders for one 15-minute slot of their chosen time (0:
    /// unlimited; up to 10000). Orders for "as soon as possible" do not count; rejected and
    /// cancelled orders free their place. A full slot is no longer offered, and an order for it
    /// gets 409 `slot_full` naming the next free times. See [Pre-orders and slot
    /// capacity](owner/pre-orders.md).
    ORDERS_SLOT_CAPACITY_DELIVERY: ParseFn<u32> =
        plain("orders.slot_capacity_delivery", "0", values::slot_capacity);
    /// At most this many pickup pre-orders for one 15-minute slot of their chosen time, counted
    /// apart from delivery as `orders.slot_capacity_delivery` counts (0: unlimited; up to 10000).
    ORDERS_SLOT_CAPACITY_PICKUP: ParseFn<u32> =
        plain("orders.slot_capacity_pickup", "0", values::slot_capacity);

    /// When the system clock counts as right (see [Clock](owner/clock.md)). Until it is trusted the
    /// shop reports closed ("clock not confirmed yet") and offers no pre-order times; a clock
    /// earlier than the day this program was built is never trusted. `auto`: trusted once
    /// `clock.synchronized_file` exists or systemd reports the clock synchronised (timedatectl); on
    /// a machine without systemd (a container, a development machine) any clock after the build
    /// date. `always`: any clock after the build date. `file`: only once `clock.synchronized_file`
    /// exists (e.g. written by your own NTP or GPS hook).
    CLOCK_TRUST: ParseFn<TrustMode> = plain("clock.trust", "auto", values::trust_mode);
    /// The file whose presence says the clock has synchronised (systemd-timesyncd writes this one),
    /// for `clock.trust` `auto` and `file`.
    CLOCK_SYNCHRONIZED_FILE: ParseFn<PathBuf> = plain(
        "clock.synchronized_file",
        "/run/systemd/timesync/synchronized",
        values::file_path
    );

    /// How many seconds a network printer may take to answer and to take a ticket (1 to 60) before
    /// the try counts as failed: the ticket stays queued and the orders board shows an alarm.
    /// Printers are set up in the admin area (Admin → Printers), see [Kitchen
    /// printer](owner/printer.md).
    PRINTING_TIMEOUT_SECONDS: ParseFn<Duration> =
        plain("printing.timeout_seconds", "5", |text| values::seconds(text, 60));

    /// Guest orders (also phone orders) lose the customer's name, street, phone, e-mail and note
    /// this many days after they were placed, once finished; number, dates, lines, amounts, VAT,
    /// payment method and status stay for the tax records. Contact-form messages and kept mails
    /// (Admin → Outbox) older than this are deleted. Checked at start and every hour. 0 keeps
    /// everything. Customers with an account delete it themselves. See [Personal data and
    /// erasure](owner/personal-data.md).
    PRIVACY_GUEST_DATA_DAYS: ParseFn<u32> =
        plain("privacy.guest_data_days", "90", values::retention_days);

    /// Serve HTTPS directly (no reverse proxy) with this PEM certificate chain, e.g. from certbot,
    /// and `tls.key_file`: both or neither. Under TLS every answer also carries HSTS.
    TLS_CERT_FILE: ParseFn<Option<PathBuf>> = plain("tls.cert_file", "", values::optional_path);
    /// The private key (PEM) of `tls.cert_file`.
    TLS_KEY_FILE: ParseFn<Option<PathBuf>> = plain("tls.key_file", "", values::optional_path);
    /// Or let heimservice obtain and renew the certificate itself over ACME (Let's Encrypt) for
    /// these names, separated by commas, instead of `tls.cert_file` and `tls.key_file` (not both).
    /// The names must point at this machine, and the listen port must be what they reach on port
    /// 443: the CA checks ownership with a TLS-ALPN-01 challenge on that port (port 80 is not
    /// needed). Setting it accepts the CA's subscriber agreement. Account and certificate are kept
    /// in `<data_dir>/acme/`. Until the first certificate arrives, the shop answers with a
    /// temporary self-signed certificate (browsers warn).
    TLS_ACME_DOMAINS: ParseFn<Vec<String>> = plain("tls.acme_domains", "", values::domains);
    /// Contact for the CA's expiry and policy mails, without `mailto:`; required with
    /// `tls.acme_domains`. A changed address is sent to the CA at the next start.
    TLS_ACME_EMAIL: ParseFn<String> = plain("tls.acme_email", "", values::acme_contact);
    /// The ACME directory. Let's Encrypt's staging directory, for trying things out:
    /// `https://acme-staging-v02.api.letsencrypt.org/directory`.
    TLS_ACME_DIRECTORY: ParseFn<String> =
        plain("tls.acme_directory", LETS_ENCRYPT_DIRECTORY, values::https_url);
    /// An extra root certificate (PEM) to trust for the ACME directory, for a private ACME CA.
    TLS_ACME_CA_FILE: ParseFn<Option<PathBuf>> =
        plain("tls.acme_ca_file", "", values::optional_path);

    /// How the cash of the shop's orders is recorded for the tax office (§ 146a AO, KassenSichV);
    /// the shop takes no orders until one is chosen here or on the admin's Fiscal page. `tse`: cash
    /// orders are signed by the shop's cloud TSE. `pos`: the staff book every cash payment in the
    /// restaurant's own certified POS, which signs it (the kitchen ticket says so). `cashless`: no
    /// cash anywhere (customers pay online, no phone orders). This chooses only while the shop has
    /// no choice of its own; after that the Fiscal page's choice holds, and every choice is kept
    /// with who made it and when. See [Fiscal (Germany)](owner/fiscal.md).
    FISCAL_MODE: ParseFn<Option<FiscalMode>> = plain("fiscal.mode", "", values::fiscal_mode);
    /// For `pos`: the name of the person who confirms that every cash payment is booked in the
    /// restaurant's certified POS (or confirm it on the Fiscal page).
    FISCAL_POS_CONFIRMED_BY: ParseFn<String> = plain("fiscal.pos_confirmed_by", "", values::text);
    /// For `tse`: where the cloud TSE (fiskaly SIGN DE, API v2) answers.
    FISCAL_TSE_API_BASE: ParseFn<String> =
        plain("fiscal.tse_api_base", "https://kassensichv-middleware.fiskaly.com", values::base_url);
    /// For `tse`: the API key created in fiskaly's dashboard (a "managed" organisation of your
    /// restaurant). The shop sets up its TSS and its till (client) itself, and Admin → Fiscal shows
    /// what to register with the tax office. See [TSE (cloud,
    /// fiskaly)](owner/fiscal.md#tse-cloud-fiskaly).
    FISCAL_TSE_API_KEY: ParseFn<String> = plain("fiscal.tse_api_key", "", values::text);
    /// The secret of `fiscal.tse_api_key`; prefer reading it from a file (`tse_api_secret_file`).
    FISCAL_TSE_API_SECRET: ParseFn<Secret> = secret("fiscal.tse_api_secret", "", values::secret);
    /// How long one call to the TSE may take (at most 60) before it counts as an outage, and how
    /// often the TSE is asked again during one.
    FISCAL_TSE_TIMEOUT_SECONDS: ParseFn<Duration> =
        plain("fiscal.tse_timeout_seconds", "10", |text| values::seconds(text, 60));
    /// The till's serial number at the TSE and as registered with the tax office (1 to 70 letters,
    /// digits, spaces or `' ( ) + , - . : = ?`); empty: `heimservice-<store_id>`. Set it before the
    /// TSE is set up.
    FISCAL_TILL_SERIAL: ParseFn<String> = plain("fiscal.till_serial", "", values::till_serial);
    /// The business's tax number (Steuernummer, e.g. `30/123/45678`), written into the DSFinV-K
    /// export for the tax office, which needs it or `fiscal.vat_id`. See [Exports for the tax
    /// office and the tax adviser](owner/fiscal.md#exports-for-the-tax-office-and-the-tax-adviser).
    FISCAL_TAX_NUMBER: ParseFn<String> = plain("fiscal.tax_number", "", values::tax_number);
    /// The business's VAT id (USt-IdNr., e.g. `DE123456789`), written into the DSFinV-K export,
    /// which needs it or `fiscal.tax_number`.
    FISCAL_VAT_ID: ParseFn<String> = plain("fiscal.vat_id", "", values::vat_id);

    /// The tax adviser's consultant number (Beraternummer, 1001 to 9999999) in the monthly DATEV
    /// file ("Buchungsstapel", Admin → Daily closings or `heimservice export tax --month 2026-11
    /// --format datev`). See [Exports for the tax office and the tax
    /// adviser](owner/fiscal.md#exports-for-the-tax-office-and-the-tax-adviser).
    DATEV_CONSULTANT_NUMBER: ParseFn<u32> =
        plain("datev.consultant_number", "1001", |text| values::number_in(text, 1001, 9_999_999));
    /// Your client number at the tax adviser (Mandantennummer, 1 to 99999).
    DATEV_CLIENT_NUMBER: ParseFn<u32> =
        plain("datev.client_number", "1", |text| values::number_in(text, 1, 99_999));
    /// The length of the accounts in the DATEV file, 4 to 8; ask the tax adviser.
    DATEV_ACCOUNT_LENGTH: ParseFn<u32> =
        plain("datev.account_length", "4", |text| values::number_in(text, 4, 8));
    /// The chart of accounts, `SKR03` or `SKR04`: it gives the accounts below unless they are set.
    DATEV_CHART: ParseFn<Chart> = plain("datev.chart", "SKR03", values::chart);
    /// Kasse; empty: the chart's (SKR03 1000, SKR04 1600).
    DATEV_ACCOUNT_CASH: ParseFn<Option<String>> =
        plain("datev.account_cash", "", values::optional_account);
    /// Where PayPal payments wait for the bank (Geldtransit); empty: the chart's (SKR03 1360, SKR04
    /// 1460).
    DATEV_ACCOUNT_PAYPAL: ParseFn<Option<String>> =
        plain("datev.account_paypal", "", values::optional_account);
    /// Erlöse 19 % USt; empty: the chart's (SKR03 8400, SKR04 4400).
    DATEV_ACCOUNT_REVENUE_19: ParseFn<Option<String>> =
        plain("datev.account_revenue_19", "", values::optional_account);
    /// Erlöse 7 % USt; empty: the chart's (SKR03 8300, SKR04 4300).
    DATEV_ACCOUNT_REVENUE_7: ParseFn<Option<String>> =
        plain("datev.account_revenue_7", "", values::optional_account);
    /// Erlöse at any other VAT rate; empty: the chart's (SKR03 8200, SKR04 4200).
    DATEV_ACCOUNT_REVENUE_OTHER: ParseFn<Option<String>> =
        plain("datev.account_revenue_other", "", values::optional_account);
    /// Where the customers' tips for the staff are booked from PayPal (Durchlaufende Posten; empty:
    /// SKR03 1590, SKR04 1370): not revenue, no VAT. See [Tips](owner/tips.md).
    DATEV_ACCOUNT_TIPS: ParseFn<Option<String>> =
        plain("datev.account_tips", "", values::optional_account);
    /// Tax key (BU-Schlüssel) written with revenue at 19 %; empty for the chart's revenue accounts,
    /// which are DATEV automatic accounts that carry their VAT themselves.
    DATEV_TAX_KEY_19: ParseFn<String> = plain("datev.tax_key_19", "", values::tax_key);
    /// Tax key (BU-Schlüssel) written with revenue at 7 %; empty for the chart's automatic revenue
    /// accounts.
    DATEV_TAX_KEY_7: ParseFn<String> = plain("datev.tax_key_7", "", values::tax_key);

    /// The running server writes a consistent backup to `<data_dir>/backups/` this often (hours; 0
    /// turns automatic backups off). Take one by hand at any time, also while the shop is open:
    /// `heimservice backup`. See [Backups and restore](operations/backups.md).
    BACKUP_EVERY_HOURS: ParseFn<Duration> = plain("backup.every_hours", "24", values::backup_hours);
    /// How many of the automatic backups the server keeps, the newest.
    BACKUP_KEEP: ParseFn<usize> = plain("backup.keep", "7", values::backup_count);

    /// The bearer token that opens `/metrics` to a scraper that is not on this machine or comes
    /// through a reverse proxy (`Authorization: Bearer <token>`); prefer reading it from a file
    /// (`token_file`). Empty: `/metrics` answers only direct requests from 127.0.0.1 or ::1.
    /// See [Monitoring](operations/monitoring.md).
    METRICS_TOKEN: ParseFn<Secret> = secret("metrics.token", "", values::secret);

    /// The only push services the shop posts Web Push notifications to (origins, comma-separated;
    /// `https://*.example.com` for any subdomain): by default the browsers' makers' own (Chrome,
    /// Firefox, Safari, Edge). An empty list turns Web Push off. Customers may ask for a
    /// notification on the order's status page, staff on the orders board for every new order; the
    /// key the shop signs with is made on first start: `<data_dir>/vapid-key`. See [Customer
    /// notifications](owner/notifications.md).
    PUSH_SERVICES: ParseFn<crate::domain::push::PushServices> = plain(
        "push.services",
        "https://fcm.googleapis.com, https://updates.push.services.mozilla.com, https://web.push.apple.com, https://*.notify.windows.com",
        crate::domain::push::PushServices::parse
    );
    /// Who the push services may contact about the shop's notifications: a `mailto:` address or an
    /// `https://` page. Empty: `public_origin`, else the `smtp.from` address.
    PUSH_CONTACT: ParseFn<String> = plain("push.contact", "", values::push_contact);

    /// Mail server for the shop's mails (password-reset links, contact-form messages, the
    /// customers' order mails). Without a host, mails are kept in the admin area's outbox (Admin →
    /// Outbox) and written to the log.
    SMTP_HOST: ParseFn<String> = plain("smtp.host", "", values::text);
    /// Port: 587 for `starttls`, 465 for `tls`, 25 for a local relay.
    SMTP_PORT: ParseFn<u16> = plain("smtp.port", "587", values::port);
    /// `starttls`, `tls`, or `none` (`none` only for a mail server on this machine).
    SMTP_SECURITY: ParseFn<SmtpSecurity> =
        plain("smtp.security", "starttls", values::smtp_security);
    /// The login at the mail server; empty: none.
    SMTP_USERNAME: ParseFn<String> = plain("smtp.username", "", values::text);
    /// The mail server's password; prefer reading it from a file (`password_file`).
    SMTP_PASSWORD: ParseFn<Secret> = secret("smtp.password", "", values::secret);
    /// The sender, e.g. `Bella Napoli <bestellung@bella-napoli.example>`; required when `smtp.host`
    /// is set.
    SMTP_FROM: ParseFn<String> = plain("smtp.from", "", values::text);

    /// Open TCP connections in all (pages, API calls and live sockets). At the cap the server stops
    /// accepting until one closes: a new visitor waits in the kernel's queue, at most about
    /// `limits.header_timeout_seconds`, since stalled connections are cut by then. The server also
    /// keeps it below its open-files limit (systemd: `LimitNOFILE`).
    LIMITS_CONNECTIONS: Within = plain("limits.connections", "25000", Within::new(16, 1_000_000));
    /// Open connections from one address. One more is answered 503 "too many connections" at once.
    /// Addresses in `trusted_proxies` are exempt: a proxy carries many visitors.
    LIMITS_CONNECTIONS_PER_IP: Within =
        plain("limits.connections_per_ip", "256", Within::new(2, 1_000_000));
    /// Seconds a client may take to send a request's header (also: how long an idle kept-alive
    /// connection stays open). Slower clients are disconnected.
    LIMITS_HEADER_TIMEOUT_SECONDS: Within =
        plain("limits.header_timeout_seconds", "5", Within::new(1, 60));
    /// Seconds a client may take to send a request's body (an image upload is the largest, at most
    /// 5 MiB); slower ones are answered 408.
    LIMITS_BODY_TIMEOUT_SECONDS: Within =
        plain("limits.body_timeout_seconds", "60", Within::new(1, 600));
    /// Open live sockets (open/closed status, order status, the orders board) in all; beyond it
    /// 503.
    LIMITS_WEBSOCKETS: Within = plain("limits.websockets", "20000", Within::new(1, 1_000_000));
    /// Open live sockets from one visitor's address; beyond it 429.
    LIMITS_WEBSOCKETS_PER_IP: Within =
        plain("limits.websockets_per_ip", "64", Within::new(1, 1_000_000));
    /// The server pings every live socket this often.
    LIMITS_WEBSOCKET_PING_SECONDS: Within =
        plain("limits.websocket_ping_seconds", "30", Within::new(1, 300));
    /// A live socket that has answered nothing, not even a pong, for this long is closed; longer
    /// than `limits.websocket_ping_seconds`.
    LIMITS_WEBSOCKET_TIMEOUT_SECONDS: Within =
        plain("limits.websocket_timeout_seconds", "75", Within::new(2, 900));
    /// Online orders one visitor's address may place at once (PayPal payments begun count too);
    /// then one more every 30 seconds. Behind a reverse proxy set `trusted_proxies`, or every
    /// customer counts as the proxy's one address.
    LIMITS_ORDERS_PER_IP: Within =
        plain("limits.orders_per_ip", "20", Within::new(1, 1_000_000));
    /// Online orders per phone number, per e-mail address and per customer account at once; then
    /// one more every 10 minutes. Staff's phone orders do not count.
    LIMITS_ORDERS_PER_CONTACT: Within =
        plain("limits.orders_per_contact", "5", Within::new(1, 1_000_000));
    /// Mails the shop sends to one address in an hour, of every kind (order confirmations and
    /// answers, password resets); more are neither sent nor kept.
    LIMITS_MAILS_PER_ADDRESS: Within =
        plain("limits.mails_per_address", "10", Within::new(1, 1_000_000));

    /// For tests and demos only: the server's clock starts at this instant and runs on from there,
    /// e.g. `2026-11-23T05:00:00Z` to see the shop before opening time. Leave empty.
    TESTING_CLOCK_START: ParseFn<Option<chrono::DateTime<chrono::Utc>>> =
        plain("testing.clock_start", "", values::optional_instant);
}
