//! The backup taken before a schema migration: when a new binary finds a database of an
//! older schema, it copies the file, closed, into `<data_dir>/backups/` before changing
//! anything, so the previous binary can be put back with exactly the database it left
//! (`heimservice restore` accepts the copy: it carries the backup marker). A fresh
//! database has nothing to keep; a database already at the latest schema needs no copy.
//! If the copy cannot be written, nothing is migrated and the start fails.

use std::fs::File;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use redb::Database;

use super::DbError;
use super::backup::{self, BACKUP_FORMAT, META_BACKUP_CREATED_AT, META_BACKUP_FORMAT};
use super::migrations::LATEST_SCHEMA_VERSION;
use super::storage::PRIVATE_FILE_MODE;
use super::tables::META;

/// The folder backups go in, inside the data directory.
pub const BACKUP_DIR: &str = "backups";

/// `before-upgrade-schema-v<found>-YYYYMMDD-HHMMSS.redb`, UTC.
pub fn upgrade_backup_name(found: u64, now: chrono::DateTime<chrono::Utc>) -> String {
    format!(
        "before-upgrade-schema-v{found}-{}.redb",
        now.format("%Y%m%d-%H%M%S")
    )
}

/// Copies the closed database file `live` (at schema `found`) into the backups folder
/// beside it and marks the copy as a backup; like every backup it is written under a
/// temporary name, checked, and only then named. Answers the copy's path.
pub fn write(
    live: &Path,
    found: u64,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<PathBuf, String> {
    let data_dir = live.parent().unwrap_or(Path::new("."));
    let dir = data_dir.join(BACKUP_DIR);
    std::fs::create_dir_all(&dir)
        .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    let name = upgrade_backup_name(found, now);
    // Two upgrades within a second never share a name.
    let dest = (1..)
        .map(|n| match n {
            1 => dir.join(&name),
            n => dir.join(name.replace(".redb", &format!("-{n}.redb"))),
        })
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| dir.join(&name));
    let partial = backup::partial_path(&dest).map_err(|error| error.to_string())?;
    let failed = |error: &dyn std::fmt::Display| format!("{}: {error}", partial.display());
    let copied = (|| {
        std::fs::copy(live, &partial).map_err(|error| failed(&error))?;
        std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(PRIVATE_FILE_MODE))
            .map_err(|error| failed(&error))?;
        mark(&partial, now).map_err(|error| failed(&error))?;
        File::open(&partial)
            .and_then(|file| file.sync_all())
            .map_err(|error| failed(&error))
    })();
    if let Err(error) = copied {
        let _ = std::fs::remove_file(&partial);
        return Err(error);
    }
    backup::put_in_place(&partial, &dest)
        .map(|info| info.path)
        .map_err(|error| error.to_string())
}

/// Writes the backup marker into the copy's `meta` table (nothing else changes).
fn mark(copy: &Path, now: chrono::DateTime<chrono::Utc>) -> Result<(), DbError> {
    let db = Database::open(copy)?;
    let txn = db.begin_write()?;
    {
        let mut meta = txn.open_table(META)?;
        meta.insert(META_BACKUP_FORMAT, BACKUP_FORMAT)?;
        meta.insert(META_BACKUP_CREATED_AT, now.timestamp().max(0) as u64)?;
    }
    txn.commit()?;
    Ok(())
}

/// Whether a database at schema `found` is migrated by this build and so is copied
/// first: not a fresh one (0), not one at the latest schema.
pub fn needed(found: u64) -> bool {
    found > 0 && found < LATEST_SCHEMA_VERSION
}
