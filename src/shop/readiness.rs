//! The readiness check of the running shop (and of the database file, for
//! `heimservice check` without a server): the findings of
//! [`crate::domain::readiness::findings`], the owner's confirmation, and whether the
//! shop may take orders. The server recomputes it after every change to the menu, the
//! store settings or the confirmation and tells the live status.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::db::{Db, DbError, ReadinessConfirmation, ReadinessInputs};
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use crate::domain::readiness::{Finding, OnlinePayment, ReadinessSettings, findings, unconfirmed};
use crate::shop::hubs::store_status::StatusHub;

/// The storefront's German texts, as built into this binary's UI.
const STOREFRONT_DE: &str = include_str!("../../ui/src/locales/other-screens.de.json");

/// The German text of the final order button (`orders.place`), empty if it is missing.
pub fn order_button_de() -> String {
    serde_json::from_str::<serde_json::Value>(STOREFRONT_DE)
        .ok()
        .and_then(|texts| texts["orders"]["place"].as_str().map(str::to_string))
        .unwrap_or_default()
}

/// What the check needs from the configuration.
pub fn settings(config: &Config) -> ReadinessSettings {
    ReadinessSettings {
        online_payment: Some(OnlinePayment {
            enabled: !config.paypal.client_id.is_empty(),
            secret_set: config.paypal.client_secret.is_set(),
        }),
        order_button_de: Some(order_button_de()),
        tse_configured: Some(config.fiscal.tse.configured()),
    }
}

/// The findings and what the owner confirmed of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadinessReport {
    pub findings: Vec<Finding>,
    /// Keys of the findings no confirmation covers; the shop takes no orders while any
    /// is left.
    pub unconfirmed: Vec<String>,
    pub confirmation: Option<ReadinessConfirmation>,
}

impl ReadinessReport {
    pub fn ready(&self) -> bool {
        self.unconfirmed.is_empty()
    }

    /// The keys of all findings, in order: what a confirmation must name.
    pub fn keys(&self) -> Vec<String> {
        self.findings.iter().map(Finding::key).collect()
    }
}

/// The report for what was read from the database.
pub fn report_of(inputs: ReadinessInputs, settings: &ReadinessSettings) -> ReadinessReport {
    let Some(profile) = inputs.profile else {
        return ReadinessReport {
            findings: Vec::new(),
            unconfirmed: Vec::new(),
            confirmation: inputs.confirmation,
        };
    };
    let found = findings(&inputs.catalog, &profile, &inputs.fiscal, settings);
    let confirmed = inputs
        .confirmation
        .as_ref()
        .map(|confirmation| confirmation.finding_keys.clone())
        .unwrap_or_default();
    let open = unconfirmed(&found, &confirmed)
        .into_iter()
        .map(Finding::key)
        .collect();
    ReadinessReport {
        findings: found,
        unconfirmed: open,
        confirmation: inputs.confirmation,
    }
}

/// Why a confirmation was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfirmRefusal {
    /// The findings changed since the owner looked: the list to confirm now.
    #[error(
        "The list of findings has changed since it was shown ({} now). Please look at it again and confirm the current list.",
        current.len()
    )]
    Changed { current: Vec<String> },
}

impl PublicError for ConfirmRefusal {
    fn code(&self) -> ErrorCode {
        ErrorCode::ReadinessChanged
    }

    fn status(&self) -> ErrorStatus {
        ErrorStatus::Conflict
    }

    fn field(&self) -> Option<&str> {
        Some("finding_keys")
    }
}

pub struct Readiness {
    db: Db,
    status: Arc<StatusHub>,
    store_id: u64,
    settings: ReadinessSettings,
}

impl Readiness {
    pub fn new(config: &Config, db: Db, status: Arc<StatusHub>) -> Readiness {
        Readiness {
            db,
            status,
            store_id: config.store_id,
            settings: settings(config),
        }
    }

    /// What the check reads and how it decides.
    pub async fn report(&self) -> Result<ReadinessReport, DbError> {
        let inputs = self.db.readiness_inputs(self.store_id).await?;
        Ok(report_of(inputs, &self.settings))
    }

    /// Recomputes the report and opens or closes ordering by it.
    pub async fn refresh(&self) -> Result<ReadinessReport, DbError> {
        let report = self.report().await?;
        self.status.set_ready(report.ready());
        Ok(report)
    }

    /// Like [`Readiness::refresh`], logging a failure instead of answering it: used
    /// after a change that already succeeded.
    pub async fn refresh_logged(&self) {
        if let Err(error) = self.refresh().await {
            tracing::error!(%error, "the readiness check could not be recomputed");
        }
    }

    /// The owner confirms the findings they saw (`keys`); refused when the findings
    /// have changed since.
    pub async fn confirm(
        &self,
        admin_id: u64,
        keys: Vec<String>,
        now: DateTime<Utc>,
    ) -> Result<Result<ReadinessReport, ConfirmRefusal>, DbError> {
        let report = self.report().await?;
        let mut current = report.keys();
        let mut given = keys;
        current.sort();
        given.sort();
        given.dedup();
        if current != given {
            return Ok(Err(ConfirmRefusal::Changed {
                current: report.keys(),
            }));
        }
        self.db
            .confirm_readiness(
                self.store_id,
                ReadinessConfirmation {
                    finding_keys: report.keys(),
                    confirmed_at: now,
                    admin_id: Some(admin_id),
                },
            )
            .await?;
        self.refresh().await.map(Ok)
    }
}

impl super::Shop {
    /// What the shop still lacks before it may take orders, and what the owner
    /// confirmed of it.
    pub async fn readiness_report(&self) -> Result<ReadinessReport, DbError> {
        self.readiness.report().await
    }

    /// The owner opens with the findings they saw (`keys`); refused when the findings
    /// have changed since. Ordering opens or stays shut by the new report.
    pub async fn confirm_readiness(
        &self,
        admin_id: u64,
        keys: Vec<String>,
    ) -> Result<Result<ReadinessReport, ConfirmRefusal>, DbError> {
        self.readiness
            .confirm(admin_id, keys, self.clock.now())
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::readiness::order_button_complies;

    #[test]
    fn the_storefront_order_button_says_it_costs_money() {
        let text = order_button_de();
        assert!(
            order_button_complies(&text),
            "ui/src/locales/other-screens.de.json orders.place = {text:?}"
        );
    }
}
