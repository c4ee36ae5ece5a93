//! Changing the menu: an admin's edit, an uploaded picture, a menu import from the
//! command line. Each change is one durable transaction; once committed, the listeners
//! (the public menu) are told and the readiness check is recomputed. An admin's change
//! of one record may name the version it was made on: the database checks it inside
//! the change's transaction and refuses a stale one (`CatalogError::Conflict`).

use serde::{Deserialize, Serialize};

use super::{Shop, ShopError};
use crate::db::DbError;
use crate::domain::catalog::menu_document::{MenuChanges, MenuDocument, export, import};
use crate::domain::catalog::{Catalog, CatalogError, RecordPrecondition, StockLevels};
use crate::domain::image::{ImageKey, Rendered};

/// Told of every committed catalog change, before the change's caller gets its answer,
/// and of every change of what the daily stocks have left (an order placed or
/// rejected, a new business day): the catalog, its version and the stocks, read
/// together after the change. Told one at a time, in the order they were read.
pub trait CatalogListener: Send + Sync {
    fn menu_changed(&self, catalog: &Catalog, version: u64, stock: &StockLevels);
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ImportOutcome {
    pub changes: MenuChanges,
    pub dry_run: bool,
}

impl Shop {
    /// Applies a catalog operation durably.
    pub async fn change_catalog<T, F>(&self, operation: F) -> Result<T, ShopError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Catalog) -> Result<T, CatalogError> + Send + 'static,
    {
        self.change_catalog_with_image(None, None, operation).await
    }

    /// Like [`Shop::change_catalog`], when the record `precondition` names (if any) is
    /// still at the version the change was made on.
    pub async fn change_catalog_if<T, F>(
        &self,
        precondition: Option<RecordPrecondition>,
        operation: F,
    ) -> Result<T, ShopError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Catalog) -> Result<T, CatalogError> + Send + 'static,
    {
        self.change_catalog_with_image(None, precondition, operation)
            .await
    }

    /// Like [`Shop::change_catalog_if`], storing a photo's renditions
    /// ([`Shop::render_upload`]) in the same commit.
    pub async fn change_catalog_with_image<T, F>(
        &self,
        image: Option<(ImageKey, Rendered)>,
        precondition: Option<RecordPrecondition>,
        operation: F,
    ) -> Result<T, ShopError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Catalog) -> Result<T, CatalogError> + Send + 'static,
    {
        let changed = self
            .db
            .change_catalog(image, precondition, operation)
            .await?;
        self.catalog_changed().await;
        Ok(changed.value)
    }

    /// The whole menu as a document (`heimservice menu export`).
    pub async fn export_menu(&self) -> Result<MenuDocument, DbError> {
        let (catalog, _) = self.db.catalog().await?;
        Ok(export(&catalog))
    }

    /// Makes the menu equal to `document` in one transaction: all of it or nothing.
    /// With `dry_run`, only says what would change.
    pub async fn import_menu(
        &self,
        document: MenuDocument,
        dry_run: bool,
    ) -> Result<ImportOutcome, ShopError> {
        let changes = if dry_run {
            let (mut catalog, _) = self.db.catalog().await?;
            import(&mut catalog, &document)?
        } else {
            self.change_catalog(move |catalog| import(catalog, &document))
                .await?
        };
        Ok(ImportOutcome { changes, dry_run })
    }
}
