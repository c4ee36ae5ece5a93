//! The fiscal mode as a use case: the owner chooses it in the admin area (or the
//! configuration file does, while the shop has none), and checkout and phone orders
//! ask whether cash may be taken. The mode that holds is kept in memory beside the
//! stored record, so an order does not read it from the database.

use std::sync::{Arc, RwLock};

use tokio::sync::watch;

use super::super::{Shop, ShopError};
use crate::db::{Db, DbError};
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::fiscal::mode::{
    ChosenBy, FiscalMode, FiscalRecord, FiscalRefusal, FiscalRequest, choose, from_configuration,
};
use crate::domain::fiscal::signing::TseOutage;
use crate::domain::user::User;

/// The fiscal record as last committed, and the TSE's outage that lasts now (the
/// board follows it).
#[derive(Clone)]
pub struct FiscalState(
    Arc<RwLock<FiscalRecord>>,
    Arc<watch::Sender<Option<TseOutage>>>,
);

/// The outage of `record` that lasts now.
fn open_outage(record: &FiscalRecord) -> Option<TseOutage> {
    record
        .tse_outages
        .last()
        .filter(|last| last.ended_at.is_none())
        .cloned()
}

impl FiscalState {
    /// Loads the record, adding the configuration file's choice (`fiscal.mode`,
    /// `fiscal.pos_confirmed_by`) while the shop has none of its own.
    pub async fn load(
        db: &Db,
        store_id: u64,
        configured: &crate::config::FiscalConfig,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<FiscalState, DbError> {
        let mode = configured.mode;
        let confirmed_by = configured.pos_confirmed_by.clone();
        let mut record = db.fiscal_record(store_id).await?;
        // Written only when the configuration adds a choice: a start commits nothing.
        if from_configuration(&record, mode, &confirmed_by, now).is_some() {
            let Ok(stored) = db
                .choose_fiscal_mode(store_id, move |record| {
                    Ok::<_, std::convert::Infallible>(from_configuration(
                        record,
                        mode,
                        &confirmed_by,
                        now,
                    ))
                })
                .await?;
            record = stored;
        }
        if let (Some(configured), Some(chosen)) = (mode, record.mode())
            && configured != chosen
        {
            tracing::warn!(
                configured = configured.as_str(),
                chosen = chosen.as_str(),
                "fiscal.mode in the configuration differs from the mode chosen in the admin area, which holds"
            );
        }
        let outage = watch::Sender::new(open_outage(&record));
        Ok(FiscalState(Arc::new(RwLock::new(record)), Arc::new(outage)))
    }

    pub(super) fn set(&self, record: FiscalRecord) {
        let outage = open_outage(&record);
        *self
            .0
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = record;
        self.1.send_if_modified(|current| {
            let changed = *current != outage;
            *current = outage;
            changed
        });
    }

    /// The record as last committed.
    pub fn record(&self) -> FiscalRecord {
        self.0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// The mode that holds, if one was chosen.
    pub fn mode(&self) -> Option<FiscalMode> {
        self.0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .mode()
    }

    pub fn takes_cash(&self) -> bool {
        self.mode().is_none_or(FiscalMode::takes_cash)
    }
}

fn refusal(refused: FiscalRefusal) -> Refusal {
    match refused {
        FiscalRefusal::PosNotConfirmed => Refusal::new(
            ErrorStatus::BadRequest,
            ErrorCode::PosNotConfirmed,
            refused.to_string(),
        )
        .on_field("pos_confirmed"),
    }
}

impl Shop {
    /// Every fiscal mode the shop chose, the one that holds last.
    pub fn fiscal_record(&self) -> FiscalRecord {
        self.fiscal.record()
    }

    /// The mode that holds, if one was chosen.
    pub fn fiscal_mode(&self) -> Option<FiscalMode> {
        self.fiscal.mode()
    }

    /// The TSE's outage that lasts now, and each change of it.
    pub fn watch_tse_outage(&self) -> watch::Receiver<Option<TseOutage>> {
        self.fiscal.1.subscribe()
    }

    /// Whether cash may be offered (not in the fiscal mode `cashless`).
    pub fn takes_cash(&self) -> bool {
        self.fiscal.takes_cash()
    }

    /// Refuses a cash payment in the fiscal mode `cashless`.
    pub(in crate::shop) fn refuse_cash_if_cashless(&self) -> Result<(), Refusal> {
        if self.takes_cash() {
            return Ok(());
        }
        Err(Refusal::new(
            ErrorStatus::BadRequest,
            ErrorCode::CashNotAccepted,
            "This restaurant takes no cash. Please pay online.",
        )
        .on_field("payment_method"))
    }

    /// The owner chooses the fiscal mode (`pos` only with the confirmation, kept with
    /// who and when). Choosing the mode that holds changes nothing.
    pub async fn choose_fiscal_mode(
        &self,
        admin: &User,
        request: FiscalRequest,
    ) -> Result<FiscalRecord, ShopError> {
        let by = ChosenBy::Admin {
            id: admin.id,
            email: admin.email.clone(),
            name: admin.name.clone(),
        };
        let now = self.clock.now();
        let record = self
            .db
            .choose_fiscal_mode(self.config.store_id, move |record| {
                choose(record, request, by, now)
            })
            .await?
            .map_err(refusal)?;
        self.fiscal.set(record.clone());
        tracing::info!(
            mode = request.mode.as_str(),
            admin = admin.id,
            "fiscal mode chosen"
        );
        self.fiscal_mode_changed().await;
        Ok(record)
    }
}
