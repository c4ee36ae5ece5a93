//! The durable state of the ordering guards: the owner's confirmation of readiness
//! findings, and the orders rejected in a row because nobody answered, with the
//! automatic pause they cause. The pause itself is the store profile's switch; the
//! reason is written in the same transaction, so the two never disagree.

use chrono::{DateTime, Utc};
use redb::{ReadTransaction, ReadableTable, WriteTransaction};
use serde::{Deserialize, Serialize};

use super::catalog::load_catalog;
use super::tables::{
    STORE_ID_TO_FISCAL_RECORD, STORE_ID_TO_PROFILE, STORE_ID_TO_READINESS_CONFIRMATION,
    STORE_ID_TO_UNANSWERED,
};
use super::{Db, DbError, record};
use crate::domain::catalog::Catalog;
use crate::domain::fiscal::mode::FiscalRecord;
use crate::domain::readiness::{Finding, ReadinessSettings, findings};
use crate::domain::store_profile::{AutoPause, StoreProfile};

/// "The shop may open with these findings": their keys, when and by whom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadinessConfirmation {
    pub finding_keys: Vec<String>,
    pub confirmed_at: DateTime<Utc>,
    /// The admin who confirmed; `None` for the findings an upgrade found.
    pub admin_id: Option<u64>,
}

/// Orders rejected in a row because nobody answered; reset by any staff answer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnansweredOrders {
    pub in_row: u32,
    /// Set while ordering is paused because of them.
    #[serde(default)]
    pub auto_pause: Option<AutoPause>,
}

/// Everything the readiness check reads, from one transaction.
pub struct ReadinessInputs {
    pub catalog: Catalog,
    pub profile: Option<StoreProfile>,
    pub confirmation: Option<ReadinessConfirmation>,
    pub fiscal: FiscalRecord,
}

pub(super) fn read_record<T: serde::de::DeserializeOwned>(
    txn: &ReadTransaction,
    table: redb::TableDefinition<u64, &[u8]>,
    store_id: u64,
) -> Result<Option<T>, DbError> {
    txn.open_table(table)?
        .get(store_id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}

fn unanswered_in(txn: &WriteTransaction, store_id: u64) -> Result<UnansweredOrders, DbError> {
    Ok(txn
        .open_table(STORE_ID_TO_UNANSWERED)?
        .get(store_id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()?
        .unwrap_or_default())
}

fn put_unanswered(
    txn: &WriteTransaction,
    store_id: u64,
    state: &UnansweredOrders,
) -> Result<(), DbError> {
    txn.open_table(STORE_ID_TO_UNANSWERED)?
        .insert(store_id, record::encode(state)?.as_slice())?;
    Ok(())
}

/// Staff resumed ordering (or saved the settings with the switch off): the automatic
/// pause's reason and the count end with it. Called inside the profile's transaction.
pub(super) fn clear_when_resumed(
    txn: &WriteTransaction,
    store_id: u64,
    profile: &StoreProfile,
) -> Result<(), DbError> {
    if profile.paused {
        return Ok(());
    }
    if unanswered_in(txn, store_id)? != UnansweredOrders::default() {
        put_unanswered(txn, store_id, &UnansweredOrders::default())?;
    }
    Ok(())
}

/// Each store's profile and what the readiness check finds in it and the catalog now.
fn findings_of_each_store(txn: &WriteTransaction) -> Result<Vec<(u64, Vec<Finding>)>, DbError> {
    let catalog = load_catalog(txn)?;
    let mut found = Vec::new();
    for entry in txn.open_table(STORE_ID_TO_PROFILE)?.iter()? {
        let (id, bytes) = entry?;
        let profile = record::decode::<StoreProfile>(bytes.value())?;
        let fiscal = super::fiscal::fiscal_record_in(txn, id.value())?;
        found.push((
            id.value(),
            findings(&catalog, &profile, &fiscal, &ReadinessSettings::default()),
        ));
    }
    Ok(found)
}

/// The upgrade that brought the readiness check: what it finds in a shop that took
/// orders before counts as confirmed by the upgrade.
pub(super) fn confirm_findings_of_upgrade(
    txn: &WriteTransaction,
    now: DateTime<Utc>,
) -> Result<(), DbError> {
    let stores = findings_of_each_store(txn)?;
    let mut confirmations = txn.open_table(STORE_ID_TO_READINESS_CONFIRMATION)?;
    for (store_id, found) in stores {
        if found.is_empty() {
            continue;
        }
        let confirmation = ReadinessConfirmation {
            finding_keys: found.iter().map(|finding| finding.key()).collect(),
            confirmed_at: now,
            admin_id: None,
        };
        confirmations.insert(store_id, record::encode(&confirmation)?.as_slice())?;
    }
    Ok(())
}

/// An upgrade that adds checks (`codes`): what they find in a shop that took orders
/// before is added to its confirmation, as confirmed by the upgrade, so the new version
/// does not close a shop at lunchtime; the dashboard lists the findings until they are
/// fixed. Nothing else is confirmed: a shop its owner left closed stays closed.
pub(super) fn confirm_new_findings_of_upgrade(
    txn: &WriteTransaction,
    now: DateTime<Utc>,
    codes: &[&str],
) -> Result<(), DbError> {
    let stores = findings_of_each_store(txn)?;
    let mut confirmations = txn.open_table(STORE_ID_TO_READINESS_CONFIRMATION)?;
    for (store_id, found) in stores {
        let new: Vec<String> = found
            .iter()
            .filter(|finding| codes.contains(&finding.code.as_str()))
            .map(Finding::key)
            .collect();
        if new.is_empty() {
            continue;
        }
        let mut finding_keys = match confirmations.get(store_id)? {
            Some(bytes) => record::decode::<ReadinessConfirmation>(bytes.value())?.finding_keys,
            None => Vec::new(),
        };
        for key in new {
            if !finding_keys.contains(&key) {
                finding_keys.push(key);
            }
        }
        let confirmation = ReadinessConfirmation {
            finding_keys,
            confirmed_at: now,
            admin_id: None,
        };
        confirmations.insert(store_id, record::encode(&confirmation)?.as_slice())?;
    }
    Ok(())
}

impl Db {
    pub async fn readiness_inputs(&self, store_id: u64) -> Result<ReadinessInputs, DbError> {
        self.read(move |txn| {
            Ok(ReadinessInputs {
                catalog: load_catalog(txn)?,
                profile: read_record(txn, STORE_ID_TO_PROFILE, store_id)?,
                confirmation: read_record(txn, STORE_ID_TO_READINESS_CONFIRMATION, store_id)?,
                fiscal: read_record(txn, STORE_ID_TO_FISCAL_RECORD, store_id)?.unwrap_or_default(),
            })
        })
        .await
    }

    /// Replaces the confirmation, durably.
    pub async fn confirm_readiness(
        &self,
        store_id: u64,
        confirmation: ReadinessConfirmation,
    ) -> Result<(), DbError> {
        self.commit(move |txn| {
            txn.open_table(STORE_ID_TO_READINESS_CONFIRMATION)?
                .insert(store_id, record::encode(&confirmation)?.as_slice())?;
            Ok(())
        })
        .await
    }

    pub async fn unanswered_orders(&self, store_id: u64) -> Result<UnansweredOrders, DbError> {
        self.read(move |txn| {
            Ok(read_record(txn, STORE_ID_TO_UNANSWERED, store_id)?.unwrap_or_default())
        })
        .await
    }

    /// One more order was rejected because nobody answered. At `limit` in a row (0:
    /// never) ordering pauses, with the reason, in the same transaction; the answer
    /// carries the paused profile then.
    pub async fn count_unanswered(
        &self,
        store_id: u64,
        limit: u32,
        now: DateTime<Utc>,
    ) -> Result<UnansweredCount, DbError> {
        self.commit(move |txn| count_unanswered_in(txn, store_id, limit, now, 1))
            .await
    }

    /// Staff accepted or rejected an order: the count starts again. Writes only when
    /// there is something to reset.
    pub async fn reset_unanswered(&self, store_id: u64) -> Result<(), DbError> {
        if self.unanswered_orders(store_id).await?.in_row == 0 {
            return Ok(());
        }
        self.commit(move |txn| {
            let mut state = unanswered_in(txn, store_id)?;
            if state.in_row != 0 {
                state.in_row = 0;
                put_unanswered(txn, store_id, &state)?;
            }
            Ok(())
        })
        .await
    }
}

/// The count of orders nobody answered after an addition, and the profile it paused.
pub type UnansweredCount = (UnansweredOrders, Option<StoreProfile>);

/// Adds `orders` rejected because nobody answered to the store's count, in `txn`; at
/// `limit` in a row (0: never) ordering pauses, unless already paused by hand. Answers
/// the count and the profile it paused.
pub(super) fn count_unanswered_in(
    txn: &WriteTransaction,
    store_id: u64,
    limit: u32,
    now: DateTime<Utc>,
    orders: u32,
) -> Result<UnansweredCount, DbError> {
    let mut state = unanswered_in(txn, store_id)?;
    state.in_row = state.in_row.saturating_add(orders);
    let mut paused = None;
    if limit > 0 && state.in_row >= limit && state.auto_pause.is_none() {
        let mut profiles = txn.open_table(STORE_ID_TO_PROFILE)?;
        let current = profiles
            .get(store_id)?
            .map(|bytes| record::decode::<StoreProfile>(bytes.value()))
            .transpose()?;
        // Already paused by hand: the kitchen knows; no automatic reason.
        if let Some(mut profile) = current.filter(|profile| !profile.paused) {
            profile.paused = true;
            profiles.insert(store_id, record::encode(&profile)?.as_slice())?;
            state.auto_pause = Some(AutoPause {
                unanswered: state.in_row,
                since: now,
            });
            paused = Some(profile);
        }
    }
    put_unanswered(txn, store_id, &state)?;
    Ok((state, paused))
}
