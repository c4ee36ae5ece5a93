//! `heimservice menu export|import`: the same operations whether the running server
//! carries them out (and refreshes its public menu at once) or the command opens the
//! database itself. An import is one transaction: all of it or nothing.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::db::{ChangeError, Db};
use crate::domain::catalog::menu_document::{MenuChanges, MenuDocument, export, import};
use crate::http::menu_snapshot::MenuCache;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ImportOutcome {
    pub changes: MenuChanges,
    pub dry_run: bool,
}

pub async fn export_menu(db: &Db) -> Result<MenuDocument, String> {
    let (catalog, _) = db.catalog().await.map_err(|error| error.to_string())?;
    Ok(export(&catalog))
}

/// Imports `document`; with `dry_run` only reports what would change. `menu` is the
/// running server's public menu, refreshed after a real import.
pub async fn import_menu(
    db: &Db,
    menu: Option<&Arc<MenuCache>>,
    document: MenuDocument,
    dry_run: bool,
) -> Result<ImportOutcome, String> {
    if dry_run {
        let (mut catalog, _) = db.catalog().await.map_err(|error| error.to_string())?;
        let changes = import(&mut catalog, &document).map_err(|error| error.to_string())?;
        return Ok(ImportOutcome { changes, dry_run });
    }
    let changed = db
        .change_catalog(None, move |catalog| import(catalog, &document))
        .await
        .map_err(|error| match error {
            ChangeError::Refused(error) => error.to_string(),
            ChangeError::Db(error) => error.to_string(),
        })?;
    if let Some(menu) = menu {
        menu.refresh(&changed.catalog, changed.version);
    }
    Ok(ImportOutcome {
        changes: changed.value,
        dry_run,
    })
}
