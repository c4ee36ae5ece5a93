//! The shop's fiscal mode: every choice, kept (`domain::fiscal::mode::FiscalRecord`).

use redb::{ReadableTable, WriteTransaction};

use super::tables::STORE_ID_TO_FISCAL_RECORD;
use super::{Db, DbError, record};
use crate::domain::fiscal::mode::{FiscalChoice, FiscalRecord};

/// The store's fiscal record inside a write transaction (empty when it has none).
pub(super) fn fiscal_record_in(
    txn: &WriteTransaction,
    store_id: u64,
) -> Result<FiscalRecord, DbError> {
    let table = txn.open_table(STORE_ID_TO_FISCAL_RECORD)?;
    let stored = table.get(store_id)?;
    match stored {
        Some(bytes) => Ok(record::decode(bytes.value())?),
        None => Ok(FiscalRecord::default()),
    }
}

impl Db {
    /// Every fiscal mode the store chose; empty when it chose none.
    pub async fn fiscal_record(&self, store_id: u64) -> Result<FiscalRecord, DbError> {
        self.read(move |txn| {
            Ok(
                super::guards::read_record(txn, STORE_ID_TO_FISCAL_RECORD, store_id)?
                    .unwrap_or_default(),
            )
        })
        .await
    }

    /// Adds the choice `decide` makes (given the record as stored) as the one that
    /// holds, durably; `Ok(None)` writes nothing, a refusal writes nothing. Answers the
    /// record after the write.
    pub async fn choose_fiscal_mode<E, F>(
        &self,
        store_id: u64,
        decide: F,
    ) -> Result<Result<FiscalRecord, E>, DbError>
    where
        E: Send + 'static,
        F: FnOnce(&FiscalRecord) -> Result<Option<FiscalChoice>, E> + Send + 'static,
    {
        self.write(move |txn| {
            let mut record = fiscal_record_in(txn, store_id)?;
            let choice = match decide(&record) {
                Ok(choice) => choice,
                Err(refused) => return Ok(Err(refused)),
            };
            if let Some(choice) = choice {
                record.choices.push(choice);
                txn.open_table(STORE_ID_TO_FISCAL_RECORD)?
                    .insert(store_id, record::encode(&record)?.as_slice())?;
            }
            Ok(Ok(record))
        })
        .await
    }
}

impl Db {
    /// Changes the store's fiscal record with `change` (the TSE's setup and outages),
    /// durably when it says it changed something; answers the record as stored after.
    pub async fn update_fiscal_record<F>(
        &self,
        store_id: u64,
        change: F,
    ) -> Result<FiscalRecord, DbError>
    where
        F: FnOnce(&mut FiscalRecord) -> bool + Send + 'static,
    {
        self.commit(move |txn| {
            let mut record = fiscal_record_in(txn, store_id)?;
            if change(&mut record) {
                txn.open_table(STORE_ID_TO_FISCAL_RECORD)?
                    .insert(store_id, record::encode(&record)?.as_slice())?;
            }
            Ok(record)
        })
        .await
    }
}
