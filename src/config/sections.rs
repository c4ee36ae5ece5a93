//! One struct per TOML table (`[tls]` and `[limits]` have their own files), each read
//! from the stacked values key by key, with the rules that join keys of the table.

use std::path::PathBuf;
use std::time::Duration;

use super::ConfigError;
use super::keys::{
    BACKUP_EVERY_HOURS, BACKUP_KEEP, CLOCK_SYNCHRONIZED_FILE, CLOCK_TRUST, FISCAL_MODE,
    FISCAL_POS_CONFIRMED_BY, FISCAL_TAX_NUMBER, FISCAL_TILL_SERIAL, FISCAL_TSE_API_BASE,
    FISCAL_TSE_API_KEY, FISCAL_TSE_API_SECRET, FISCAL_TSE_TIMEOUT_SECONDS, FISCAL_VAT_ID,
    ORDERS_AUTO_REJECT_SECONDS, ORDERS_MAX_WAITING, ORDERS_PAUSE_AFTER_UNANSWERED,
    ORDERS_PREORDER_ANSWER_BEFORE_SLOT_MINUTES, ORDERS_PREORDER_DAYS,
    ORDERS_SLOT_CAPACITY_DELIVERY, ORDERS_SLOT_CAPACITY_PICKUP, PAYPAL_API_BASE, PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET, PAYPAL_CURRENCY, PAYPAL_SDK_URL, PAYPAL_TIMEOUT_SECONDS,
    PRINTING_TIMEOUT_SECONDS, PRIVACY_GUEST_DATA_DAYS, SMTP_FROM, SMTP_HOST, SMTP_PASSWORD,
    SMTP_PORT, SMTP_SECURITY, SMTP_USERNAME, TESTING_CLOCK_START,
};
use super::keys::{
    DATEV_ACCOUNT_CASH, DATEV_ACCOUNT_LENGTH, DATEV_ACCOUNT_PAYPAL, DATEV_ACCOUNT_REVENUE_7,
    DATEV_ACCOUNT_REVENUE_19, DATEV_ACCOUNT_REVENUE_OTHER, DATEV_ACCOUNT_TIPS, DATEV_CHART,
    DATEV_CLIENT_NUMBER, DATEV_CONSULTANT_NUMBER, DATEV_TAX_KEY_7, DATEV_TAX_KEY_19,
};
use super::keys::{METRICS_TOKEN, PUSH_CONTACT, PUSH_SERVICES};
use super::sources::Values;
use super::values::{Secret, SmtpSecurity, TrustMode};
use crate::domain::fiscal::mode::FiscalMode;
use crate::domain::tax_export::datev::{Accounts, DatevSettings};

/// `[paypal]`
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
    pub timeout: Duration,
}

impl PaypalConfig {
    pub(super) fn read(values: &mut Values) -> Result<PaypalConfig, ConfigError> {
        Ok(PaypalConfig {
            client_id: values.get(&PAYPAL_CLIENT_ID)?,
            client_secret: values.get(&PAYPAL_CLIENT_SECRET)?,
            api_base: values.get(&PAYPAL_API_BASE)?,
            sdk_url: values.get(&PAYPAL_SDK_URL)?,
            currency: values.get(&PAYPAL_CURRENCY)?,
            timeout: values.get(&PAYPAL_TIMEOUT_SECONDS)?,
        })
    }
}

/// `[orders]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrdersConfig {
    /// An order nobody accepted or rejected within this time is rejected automatically.
    pub auto_reject_after: Duration,
    /// After this many orders in a row were rejected automatically, ordering pauses
    /// itself (0: never).
    pub pause_after_unanswered: u32,
    /// At most this many orders wait for an answer at once; more are refused with
    /// "the restaurant is busy" until staff answer some.
    pub max_waiting: u32,
    /// A pre-order may wait for an answer until this long before its time, if that is
    /// later than the usual time counted from the opening (None: off).
    pub preorder_answer_before_slot: Option<Duration>,
    /// Pre-orders may be placed for today and this many days after it (0: today only).
    pub preorder_days: u16,
    /// At most this many delivery pre-orders for one 15-minute slot (0: unlimited).
    pub slot_capacity_delivery: u32,
    /// At most this many pickup pre-orders for one 15-minute slot (0: unlimited).
    pub slot_capacity_pickup: u32,
}

impl OrdersConfig {
    pub(super) fn read(values: &mut Values) -> Result<OrdersConfig, ConfigError> {
        Ok(OrdersConfig {
            auto_reject_after: values.get(&ORDERS_AUTO_REJECT_SECONDS)?,
            pause_after_unanswered: values.get(&ORDERS_PAUSE_AFTER_UNANSWERED)?,
            max_waiting: values.get(&ORDERS_MAX_WAITING)?,
            preorder_answer_before_slot: values.get(&ORDERS_PREORDER_ANSWER_BEFORE_SLOT_MINUTES)?,
            preorder_days: values.get(&ORDERS_PREORDER_DAYS)?,
            slot_capacity_delivery: values.get(&ORDERS_SLOT_CAPACITY_DELIVERY)?,
            slot_capacity_pickup: values.get(&ORDERS_SLOT_CAPACITY_PICKUP)?,
        })
    }
}

/// `[clock]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockConfig {
    /// How the server decides that the system clock can be believed.
    pub trust: ClockTrust,
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

impl ClockConfig {
    pub(super) fn read(values: &mut Values) -> Result<ClockConfig, ConfigError> {
        let mode = values.get(&CLOCK_TRUST)?;
        let file = values.get(&CLOCK_SYNCHRONIZED_FILE)?;
        let trust = match mode {
            TrustMode::Auto => ClockTrust::Auto {
                synchronized_file: file,
            },
            TrustMode::Always => ClockTrust::Always,
            TrustMode::File => ClockTrust::File(file),
        };
        Ok(ClockConfig { trust })
    }
}

/// `[printing]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintingConfig {
    /// How long a network printer may take to answer, and to take a document.
    pub timeout: Duration,
}

impl PrintingConfig {
    pub(super) fn read(values: &mut Values) -> Result<PrintingConfig, ConfigError> {
        Ok(PrintingConfig {
            timeout: values.get(&PRINTING_TIMEOUT_SECONDS)?,
        })
    }
}

/// `[privacy]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrivacyConfig {
    /// Guest orders older than this many days (and finished) lose their personal data;
    /// contact messages and kept mails are deleted. 0: keep everything.
    pub guest_data_days: u32,
}

impl PrivacyConfig {
    pub(super) fn read(values: &mut Values) -> Result<PrivacyConfig, ConfigError> {
        Ok(PrivacyConfig {
            guest_data_days: values.get(&PRIVACY_GUEST_DATA_DAYS)?,
        })
    }
}

/// `[fiscal]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FiscalConfig {
    /// How cash is recorded, while the shop has no choice of its own yet (after that,
    /// the admin area's choice holds); `None`: the owner chooses in the admin area.
    pub mode: Option<FiscalMode>,
    /// For `pos`: the name of the person who confirms that every cash payment is booked
    /// in the restaurant's own certified POS (empty: confirmed in the admin area).
    pub pos_confirmed_by: String,
    /// The cloud TSE (fiskaly SIGN DE); its key and secret may be empty (the readiness
    /// check then says so when the mode is `tse`).
    pub tse: TseConfig,
    /// The business's tax number (Steuernummer) and VAT id (USt-IdNr.), for the
    /// DSFinV-K export (at least one of them); empty: not given.
    pub tax_number: String,
    pub vat_id: String,
}

/// How the shop reaches its cloud TSE (`fiscal.tse_*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TseConfig {
    pub api_base: String,
    pub api_key: String,
    pub api_secret: Secret,
    /// How long one call to the TSE may take before it counts as an outage.
    pub timeout: Duration,
    /// The till's serial number (the fiskaly client's, registered with the tax office).
    pub till_serial: String,
}

impl TseConfig {
    /// The till's serial number: the configured one, else `heimservice-<store_id>`.
    pub fn till_serial_of(&self, store_id: u64) -> String {
        if self.till_serial.is_empty() {
            format!("heimservice-{store_id}")
        } else {
            self.till_serial.clone()
        }
    }

    /// Both the key and the secret are set.
    pub fn configured(&self) -> bool {
        !self.api_key.is_empty() && self.api_secret.is_set()
    }
}

impl FiscalConfig {
    pub(super) fn read(values: &mut Values) -> Result<FiscalConfig, ConfigError> {
        Ok(FiscalConfig {
            mode: values.get(&FISCAL_MODE)?,
            pos_confirmed_by: values.get(&FISCAL_POS_CONFIRMED_BY)?,
            tse: TseConfig {
                api_base: values.get(&FISCAL_TSE_API_BASE)?,
                api_key: values.get(&FISCAL_TSE_API_KEY)?,
                api_secret: values.get(&FISCAL_TSE_API_SECRET)?,
                timeout: values.get(&FISCAL_TSE_TIMEOUT_SECONDS)?,
                till_serial: values.get(&FISCAL_TILL_SERIAL)?,
            },
            tax_number: values.get(&FISCAL_TAX_NUMBER)?,
            vat_id: values.get(&FISCAL_VAT_ID)?,
        })
    }
}

/// `[datev]`: the DATEV file for the tax adviser, each account the chart's unless
/// named.
pub(super) fn read_datev(values: &mut Values) -> Result<DatevSettings, ConfigError> {
    let chart = values.get(&DATEV_CHART)?;
    let defaults = chart.accounts();
    let accounts = Accounts {
        cash: values.get(&DATEV_ACCOUNT_CASH)?.unwrap_or(defaults.cash),
        paypal: values
            .get(&DATEV_ACCOUNT_PAYPAL)?
            .unwrap_or(defaults.paypal),
        revenue_19: values
            .get(&DATEV_ACCOUNT_REVENUE_19)?
            .unwrap_or(defaults.revenue_19),
        revenue_7: values
            .get(&DATEV_ACCOUNT_REVENUE_7)?
            .unwrap_or(defaults.revenue_7),
        revenue_other: values
            .get(&DATEV_ACCOUNT_REVENUE_OTHER)?
            .unwrap_or(defaults.revenue_other),
        tips: values.get(&DATEV_ACCOUNT_TIPS)?.unwrap_or(defaults.tips),
    };
    Ok(DatevSettings {
        consultant_number: values.get(&DATEV_CONSULTANT_NUMBER)?,
        client_number: values.get(&DATEV_CLIENT_NUMBER)?,
        account_length: u8::try_from(values.get(&DATEV_ACCOUNT_LENGTH)?).unwrap_or(4),
        accounts,
        tax_key_19: values.get(&DATEV_TAX_KEY_19)?,
        tax_key_7: values.get(&DATEV_TAX_KEY_7)?,
    })
}

/// `[backup]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupConfig {
    /// How often the server writes an automatic backup to `data/backups/` (zero: never).
    pub every: Duration,
    /// How many automatic backups are kept.
    pub keep: usize,
}

impl BackupConfig {
    pub(super) fn read(values: &mut Values) -> Result<BackupConfig, ConfigError> {
        Ok(BackupConfig {
            every: values.get(&BACKUP_EVERY_HOURS)?,
            keep: values.get(&BACKUP_KEEP)?,
        })
    }
}

/// `[metrics]`: who may read `/metrics` besides this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetricsConfig {
    /// Sent as `Authorization: Bearer <token>`, it opens `/metrics` to any address;
    /// empty: only this machine's own requests (loopback, not forwarded) are answered.
    pub token: Secret,
}

impl MetricsConfig {
    pub(super) fn read(values: &mut Values) -> Result<MetricsConfig, ConfigError> {
        Ok(MetricsConfig {
            token: values.get(&METRICS_TOKEN)?,
        })
    }
}

/// `[push]`: Web Push notifications.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushConfig {
    /// The push services the shop posts notifications to (empty: no Web Push).
    pub services: crate::domain::push::PushServices,
    /// The VAPID contact; empty: the shop's public origin.
    pub contact: String,
}

impl PushConfig {
    pub(super) fn read(values: &mut Values) -> Result<PushConfig, ConfigError> {
        Ok(PushConfig {
            services: values.get(&PUSH_SERVICES)?,
            contact: values.get(&PUSH_CONTACT)?,
        })
    }
}

/// `[smtp]`, when `smtp.host` is set.
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

impl SmtpConfig {
    /// Every key is checked even when no host is set, so a mistake shows at once.
    pub(super) fn read(values: &mut Values) -> Result<Option<SmtpConfig>, ConfigError> {
        let host = values.get(&SMTP_HOST)?;
        let smtp = SmtpConfig {
            port: values.get(&SMTP_PORT)?,
            security: values.get(&SMTP_SECURITY)?,
            username: values.get(&SMTP_USERNAME)?,
            password: values.get(&SMTP_PASSWORD)?,
            from: values.get(&SMTP_FROM)?,
            host,
        };
        if smtp.host.is_empty() {
            return Ok(None);
        }
        if !smtp.from.contains('@') {
            return Err(values.invalid_with(
                &SMTP_FROM.spec,
                &SMTP_HOST.spec,
                "must be a sender address like Bella Napoli <bestellung@example.com> when smtp.host is set".into(),
            ));
        }
        Ok(Some(smtp))
    }
}

/// `[testing]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestingConfig {
    /// Tests and demos only: the clock starts at this instant.
    pub clock_start: Option<chrono::DateTime<chrono::Utc>>,
}

impl TestingConfig {
    pub(super) fn read(values: &mut Values) -> Result<TestingConfig, ConfigError> {
        Ok(TestingConfig {
            clock_start: values.get(&TESTING_CLOCK_START)?,
        })
    }
}
