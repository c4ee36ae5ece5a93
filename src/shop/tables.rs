//! Dining tables as use cases: the owner makes, renames, switches off, deletes them and
//! gives one a new secret when a printed QR code went missing; a guest's QR code is
//! looked up (`domain::tables`, `db/dining_tables.rs`). The order checks the table
//! itself, in its transaction.

use super::checkout::fill_random;
use super::{Shop, ShopError};
use crate::db::dining_tables::{TableChange, TableSaveRefusal};
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use crate::domain::tables::{DiningTable, SECRET_BYTES, TableKey, secret_from};

/// Why the owner's change of a table was not made, or a guest's table not found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableRefused {
    #[error("label: another table is called {0} already.")]
    LabelTaken(String),
    #[error("There is no table with id {0}.")]
    NotFound(u64),
    /// A guest's lookup: unknown, inactive, or not the table's current secret.
    #[error("{}", super::error::TABLE_UNKNOWN)]
    Unknown,
}

impl PublicError for TableRefused {
    fn code(&self) -> ErrorCode {
        match self {
            TableRefused::LabelTaken(_) => ErrorCode::TableLabelTaken,
            TableRefused::NotFound(_) => ErrorCode::NotFound,
            TableRefused::Unknown => ErrorCode::TableUnknown,
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            TableRefused::LabelTaken(_) => ErrorStatus::Conflict,
            TableRefused::NotFound(_) | TableRefused::Unknown => ErrorStatus::NotFound,
        }
    }

    fn field(&self) -> Option<&str> {
        match self {
            TableRefused::LabelTaken(_) => Some("label"),
            TableRefused::NotFound(_) | TableRefused::Unknown => None,
        }
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            TableRefused::LabelTaken(label) => vec![("label", label.clone())],
            TableRefused::NotFound(_) | TableRefused::Unknown => Vec::new(),
        }
    }
}

fn new_secret() -> Result<String, ShopError> {
    let mut random = [0u8; SECRET_BYTES];
    fill_random(&mut random)?;
    Ok(secret_from(random))
}

fn refused(id: u64) -> impl Fn(TableSaveRefusal) -> ShopError {
    move |refusal| match refusal {
        TableSaveRefusal::LabelTaken(label) => TableRefused::LabelTaken(label).into(),
        TableSaveRefusal::NotFound => TableRefused::NotFound(id).into(),
    }
}

impl Shop {
    /// Every table, in the order they were made.
    pub async fn dining_tables(&self) -> Result<Vec<DiningTable>, ShopError> {
        Ok(self.db.dining_tables().await?)
    }

    /// Makes a table with a fresh secret.
    pub async fn create_dining_table(&self, change: TableChange) -> Result<DiningTable, ShopError> {
        let secret = new_secret()?;
        self.db
            .create_dining_table(change, secret, self.clock.now())
            .await?
            .map_err(refused(0))
    }

    /// Renames a table or switches it on or off; its QR code stays valid.
    pub async fn update_dining_table(
        &self,
        id: u64,
        change: TableChange,
    ) -> Result<DiningTable, ShopError> {
        self.db
            .update_dining_table(id, change)
            .await?
            .map_err(refused(id))
    }

    /// Gives a table a new secret: its printed QR codes stop working at once.
    pub async fn rotate_dining_table_secret(&self, id: u64) -> Result<DiningTable, ShopError> {
        let secret = new_secret()?;
        self.db
            .rotate_dining_table_secret(id, secret)
            .await?
            .map_err(refused(id))
    }

    /// Deletes a table; orders placed at it keep its label.
    pub async fn delete_dining_table(&self, id: u64) -> Result<(), ShopError> {
        self.db.delete_dining_table(id).await?.map_err(refused(id))
    }

    /// The label of the table a guest's QR code names; one refusal for an unknown or
    /// inactive table and a wrong secret alike.
    pub async fn guest_table(&self, key: TableKey) -> Result<String, ShopError> {
        self.db
            .admitted_table(key)
            .await?
            .ok_or_else(|| TableRefused::Unknown.into())
    }
}
