//! Dining tables (`domain::tables`): the owner's list, and the check of a guest's table
//! and secret, which an order makes inside its own transaction so a secret rotated a
//! moment before refuses it.

use redb::{ReadableTable, WriteTransaction};

use super::catalog::OpenTables;
use super::tables::{DINING_TABLE_ID_TO_TABLE, META_NEXT_DINING_TABLE_ID};
use super::{Db, DbError, next_id, record};
use crate::domain::tables::{DiningTable, TableKey, admit, same_label};

/// Why the owner's change of a table was not made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableSaveRefusal {
    /// Another table has the label.
    LabelTaken(String),
    NotFound,
}

/// What the owner sets for a table.
#[derive(Debug, Clone)]
pub struct TableChange {
    pub label: String,
    pub active: bool,
}

/// The label of the table `key` admits (active, its current secret); `None` alike for
/// an unknown or inactive table and a wrong secret.
pub(super) fn admitted(txn: &impl OpenTables, key: &TableKey) -> Result<Option<String>, DbError> {
    let table = txn.record::<DiningTable>(DINING_TABLE_ID_TO_TABLE, key.id)?;
    Ok(admit(table, &key.key).map(|table| table.label))
}

fn stored(txn: &WriteTransaction, id: u64) -> Result<Option<DiningTable>, DbError> {
    txn.open_table(DINING_TABLE_ID_TO_TABLE)?
        .get(id)?
        .map(|bytes| record::decode::<DiningTable>(bytes.value()))
        .transpose()
}

fn put(txn: &WriteTransaction, table: &DiningTable) -> Result<(), DbError> {
    txn.open_table(DINING_TABLE_ID_TO_TABLE)?
        .insert(table.id, record::encode(table)?.as_slice())?;
    Ok(())
}

/// Whether a table other than `id` has `label`.
fn label_taken(txn: &WriteTransaction, label: &str, id: Option<u64>) -> Result<bool, DbError> {
    let tables: Vec<DiningTable> = txn.records(DINING_TABLE_ID_TO_TABLE)?;
    Ok(tables
        .iter()
        .any(|table| Some(table.id) != id && same_label(&table.label, label)))
}

impl Db {
    /// Every table, in the order they were made (a restaurant has tens).
    pub async fn dining_tables(&self) -> Result<Vec<DiningTable>, DbError> {
        self.read(|txn| txn.records(DINING_TABLE_ID_TO_TABLE)).await
    }

    /// The label of the table `key` admits (see [`admitted`]).
    pub async fn admitted_table(&self, key: TableKey) -> Result<Option<String>, DbError> {
        self.read(move |txn| admitted(txn, &key)).await
    }

    /// Makes a table with `secret`.
    pub async fn create_dining_table(
        &self,
        change: TableChange,
        secret: String,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Result<DiningTable, TableSaveRefusal>, DbError> {
        self.write(move |txn| {
            if label_taken(txn, &change.label, None)? {
                return Ok(Err(TableSaveRefusal::LabelTaken(change.label)));
            }
            let table = DiningTable {
                id: next_id(txn, META_NEXT_DINING_TABLE_ID)?,
                label: change.label,
                active: change.active,
                secret,
                created_at: now,
            };
            put(txn, &table)?;
            Ok(Ok(table))
        })
        .await
    }

    /// Renames a table or switches it on or off; its secret stays.
    pub async fn update_dining_table(
        &self,
        id: u64,
        change: TableChange,
    ) -> Result<Result<DiningTable, TableSaveRefusal>, DbError> {
        self.write(move |txn| {
            let Some(mut table) = stored(txn, id)? else {
                return Ok(Err(TableSaveRefusal::NotFound));
            };
            if label_taken(txn, &change.label, Some(id))? {
                return Ok(Err(TableSaveRefusal::LabelTaken(change.label)));
            }
            table.label = change.label;
            table.active = change.active;
            put(txn, &table)?;
            Ok(Ok(table))
        })
        .await
    }

    /// Gives a table a new secret: the old one admits no order from now on.
    pub async fn rotate_dining_table_secret(
        &self,
        id: u64,
        secret: String,
    ) -> Result<Result<DiningTable, TableSaveRefusal>, DbError> {
        self.write(move |txn| {
            let Some(mut table) = stored(txn, id)? else {
                return Ok(Err(TableSaveRefusal::NotFound));
            };
            table.secret = secret;
            put(txn, &table)?;
            Ok(Ok(table))
        })
        .await
    }

    /// Deletes a table; orders placed at it keep its label.
    pub async fn delete_dining_table(
        &self,
        id: u64,
    ) -> Result<Result<(), TableSaveRefusal>, DbError> {
        self.write(move |txn| {
            let removed = txn
                .open_table(DINING_TABLE_ID_TO_TABLE)?
                .remove(id)?
                .is_some();
            Ok(if removed {
                Ok(())
            } else {
                Err(TableSaveRefusal::NotFound)
            })
        })
        .await
    }
}
