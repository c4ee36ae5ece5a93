//! Backups are consistent snapshots, never copies of the live file (redb issue #634):
//! every table is copied inside one read transaction into a new database, which is
//! then integrity-checked, fsynced and renamed into place, so orders keep flowing and a
//! half-written backup never carries the final name. A restore accepts only a file that
//! opens as a database, passes the integrity check, carries the backup marker and a
//! schema this build understands.

use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};

use super::storage::PRIVATE_FILE_MODE;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use redb::{
    Database, Key, ReadTransaction, ReadableDatabase, ReadableTable, ReadableTableMetadata,
    TableDefinition, TableHandle, Value, WriteTransaction,
};

use super::migrations::{LATEST_SCHEMA_VERSION, read_schema_version};
use super::tables::*;
use super::{DATABASE_FILE_NAME, DbError};

/// Written into the backup's `meta` table: its format and when it was taken.
pub const META_BACKUP_FORMAT: &str = "backup_format";
pub const META_BACKUP_CREATED_AT: &str = "backup_created_at";
pub(super) const BACKUP_FORMAT: u64 = 1;

/// redb's page cache for the copy and for its check. Both go through the file once, in
/// key order, so a small cache costs them little; everything it holds is memory the
/// server needs on top of its own while a backup runs (redb's default is a gigabyte).
const BACKUP_CACHE_BYTES: usize = 4 * 1024 * 1024;

/// The first bytes of every redb file.
const REDB_MAGIC: [u8; 9] = [b'r', b'e', b'd', b'b', 0x1A, 0x0A, 0xA9, 0x0D, 0x0A];

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("cannot write the backup {path}: {reason}")]
    Write { path: PathBuf, reason: String },
    #[error("{path} is not a heimservice backup: {reason}")]
    NotABackup { path: PathBuf, reason: String },
    #[error(
        "{path} was written by a newer heimservice (schema version {found}; this build understands up to {LATEST_SCHEMA_VERSION})"
    )]
    Newer { path: PathBuf, found: u64 },
    #[error("{0}")]
    Db(#[from] DbError),
}

/// What a finished backup holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupInfo {
    pub path: PathBuf,
    pub bytes: u64,
    pub schema_version: u64,
    /// Unix seconds.
    pub created_at: u64,
    pub orders: u64,
}

fn copy<K: Key + 'static, V: Value + 'static>(
    from: &ReadTransaction,
    to: &WriteTransaction,
    table: TableDefinition<K, V>,
) -> Result<(), DbError> {
    let source = from.open_table(table)?;
    let mut target = to.open_table(table)?;
    for entry in source.iter()? {
        let (key, value) = entry?;
        target.insert(key.value(), value.value())?;
    }
    Ok(())
}

/// Copies every table of the schema, listed in one place so a new table cannot be
/// forgotten: the test below compares this list with the tables a fresh database has.
fn copy_every_table(
    from: &ReadTransaction,
    to: &WriteTransaction,
    progress: &mut impl FnMut(usize, usize),
) -> Result<Vec<&'static str>, DbError> {
    macro_rules! copy_tables {
        ($($table:ident),* $(,)?) => {{
            let names: Vec<&'static str> = vec![$($table.name()),*];
            let total = names.len();
            let mut done = 0;
            $(
                copy(from, to, $table)?;
                done += 1;
                progress(done, total);
            )*
            names
        }};
    }
    Ok(copy_tables!(
        META,
        STORE_ID_TO_PROFILE,
        TAX_ID_TO_TAX,
        CATEGORY_ID_TO_CATEGORY,
        PRODUCT_ID_TO_PRODUCT,
        TOPPING_ID_TO_TOPPING,
        TOPPING_GROUP_ID_TO_TOPPING_GROUP,
        GROUP_ITEM_ID_TO_GROUP_ITEM,
        PRODUCT_GROUP_ID_TO_PRODUCT_GROUP,
        ALLERGY_ID_TO_ALLERGY,
        ITEM_ALLERGY_ID_TO_ITEM_ALLERGY,
        BANNER_ID_TO_BANNER,
        IMAGE_RENDITIONS,
        USER_ID_TO_USER,
        USER_EMAIL_TO_USER_ID,
        POSTCODE_ID_TO_POSTCODE,
        DISCOUNT_CODE_TO_DISCOUNT,
        ADDRESS_ID_TO_ADDRESS,
        RESET_TOKEN_HASH_TO_RESET,
        OUTBOX_ID_TO_MAIL,
        SUPPORT_ID_TO_MESSAGE,
        ORDER_ID_TO_ORDER,
        ORDER_TOKEN_TO_ORDER_ID,
        ORDER_DAY_TO_LAST_NUMBER,
        ORDER_DAY_AND_ID,
        ORDER_USER_AND_ID,
        OPEN_ORDER_IDS,
        ORDER_DEADLINE_AND_ID,
        IDEMPOTENCY_KEY_TO_ORDER,
        PAYPAL_ID_TO_ORDER_ID,
        STORE_ID_TO_READINESS_CONFIRMATION,
        STORE_ID_TO_UNANSWERED,
        PRINTER_ID_TO_PRINTER,
        PRINT_JOB_ID_TO_JOB,
        PRINT_JOB_ATTEMPT_AND_ID,
        GUEST_ORDER_CREATED_AND_ID,
        PAYMENT_ID_TO_PAYMENT,
        PAYPAL_ORDER_ID_TO_PAYMENT_ID,
        OPEN_PAYMENT_IDS,
        DAY_TO_TOTALS,
        STORE_ID_TO_FISCAL_RECORD,
        CLOSING_NUMBER_TO_CLOSING,
        CLOSING_DAY_TO_NUMBER,
        PRODUCT_ID_TO_DAY_SOLD,
        CUSTOMER_ID_TO_CUSTOMER,
        CUSTOMER_KEY_TO_ID,
        CUSTOMER_ID_AND_ORDER_ID,
        CUSTOMER_LAST_ORDER_TO_ID,
        CUSTOMER_TERM_AND_ID,
        SLOT_AND_TYPE_TO_COUNT,
        COUPON_ID_TO_COUPON,
        COUPON_CODE_TO_ID,
        COUPON_AND_CUSTOMER_TO_USES,
        ORDER_ID_TO_PUSH,
        PUSH_ENDPOINT_TO_STAFF,
        DINING_TABLE_ID_TO_TABLE,
    ))
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> BackupError + '_ {
    move |error| BackupError::Write {
        path: path.to_path_buf(),
        reason: error.to_string(),
    }
}

/// Copies `db` into a new database at `dest` (see the module comment). `progress` is
/// told `(tables done, tables in all)`.
pub fn write_backup(
    db: &Database,
    dest: &Path,
    now_unix: u64,
    mut progress: impl FnMut(usize, usize),
) -> Result<BackupInfo, BackupError> {
    if let Some(dir) = dest.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io_error(dest))?;
    }
    let temp = partial_path(dest)?;
    let written = write_into(db, &temp, now_unix, &mut progress);
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(error);
    }
    put_in_place(&temp, dest)
}

/// Where a backup to `dest` is written until it is complete: a hidden name beside it,
/// unique per attempt (two backups to one name never share it), which the server's
/// clean-up of interrupted backups recognises (`.<name>.partial-<tag>`).
pub(super) fn partial_path(dest: &Path) -> Result<PathBuf, BackupError> {
    let file_name = dest
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "backup".into());
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|error| BackupError::Write {
        path: dest.to_path_buf(),
        reason: error.to_string(),
    })?;
    let tag = crate::domain::hex::hex(&random);
    Ok(dest.with_file_name(format!(".{file_name}.partial-{tag}")))
}

/// The complete backup at `temp` checked (read back from the disk) and only then given
/// its name `dest`, with the folder synced; `temp` is removed when anything fails.
pub(super) fn put_in_place(temp: &Path, dest: &Path) -> Result<BackupInfo, BackupError> {
    let result = verify_backup(temp).and_then(|info| {
        std::fs::rename(temp, dest).map_err(io_error(dest))?;
        if let Some(dir) = dest.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            File::open(dir)
                .and_then(|dir| dir.sync_all())
                .map_err(io_error(dest))?;
        }
        Ok(BackupInfo {
            path: dest.to_path_buf(),
            ..info
        })
    });
    if result.is_err() {
        let _ = std::fs::remove_file(temp);
    }
    result
}

fn write_into(
    db: &Database,
    temp: &Path,
    now_unix: u64,
    progress: &mut impl FnMut(usize, usize),
) -> Result<(), BackupError> {
    let _ = std::fs::remove_file(temp);
    let written = |error: &dyn std::fmt::Display| BackupError::Write {
        path: temp.to_path_buf(),
        reason: error.to_string(),
    };
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(PRIVATE_FILE_MODE)
        .open(temp)
        .map_err(|error| written(&error))?;
    let backend = redb::backends::FileBackend::new(file).map_err(|error| written(&error))?;
    let target = redb::Builder::new()
        .set_cache_size(BACKUP_CACHE_BYTES)
        .create_with_backend(backend)
        .map_err(|error| written(&error))?;
    {
        // The one read transaction: everything copied is one consistent moment.
        let snapshot = db.begin_read().map_err(DbError::from)?;
        let txn = target.begin_write().map_err(DbError::from)?;
        copy_every_table(&snapshot, &txn, progress)?;
        {
            let mut meta = txn.open_table(META).map_err(DbError::from)?;
            meta.insert(META_BACKUP_FORMAT, BACKUP_FORMAT)
                .map_err(DbError::from)?;
            meta.insert(META_BACKUP_CREATED_AT, now_unix)
                .map_err(DbError::from)?;
        }
        txn.commit().map_err(DbError::from)?;
    }
    drop(target);
    File::open(temp)
        .and_then(|file| file.sync_all())
        .map_err(io_error(temp))?;
    Ok(())
}

/// Checks that `path` is a complete heimservice backup this build can restore.
pub fn verify_backup(path: &Path) -> Result<BackupInfo, BackupError> {
    let not_a_backup = |reason: &str| BackupError::NotABackup {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    };
    let mut magic = [0u8; REDB_MAGIC.len()];
    let mut file = File::open(path).map_err(|error| not_a_backup(&error.to_string()))?;
    let bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
    if file.read_exact(&mut magic).is_err() || magic != REDB_MAGIC {
        return Err(not_a_backup("it is not a database file"));
    }
    drop(file);
    let mut db = redb::Builder::new()
        .set_cache_size(BACKUP_CACHE_BYTES)
        .open(path)
        .map_err(|error| not_a_backup(&error.to_string()))?;
    match db.check_integrity() {
        Ok(true) => {}
        Ok(false) => return Err(not_a_backup("it failed the integrity check")),
        Err(error) => {
            return Err(not_a_backup(&format!(
                "it failed the integrity check ({error})"
            )));
        }
    }
    let txn = db.begin_read().map_err(DbError::from)?;
    let meta = |key: &str| -> Result<Option<u64>, BackupError> {
        let table = txn
            .open_table(META)
            .map_err(|_| not_a_backup("it has no heimservice data"))?;
        Ok(table
            .get(key)
            .map_err(DbError::from)?
            .map(|value| value.value()))
    };
    if meta(META_BACKUP_FORMAT)?.is_none() {
        return Err(not_a_backup("it carries no backup marker"));
    }
    let schema_version = read_schema_version(&txn)?;
    if schema_version > LATEST_SCHEMA_VERSION {
        return Err(BackupError::Newer {
            path: path.to_path_buf(),
            found: schema_version,
        });
    }
    let orders = match txn.open_table(ORDER_ID_TO_ORDER) {
        Ok(table) => table.len().map_err(DbError::from)?,
        Err(_) => 0,
    };
    Ok(BackupInfo {
        path: path.to_path_buf(),
        bytes,
        schema_version,
        created_at: meta(META_BACKUP_CREATED_AT)?.unwrap_or(0),
        orders,
    })
}

/// Puts a verified backup in place of the database in `data_dir`; the previous file is
/// kept beside it. Answers where the previous file went, if there was one. The caller
/// makes sure no process has the database open.
pub fn restore_backup(
    backup: &Path,
    data_dir: &Path,
    now_unix: u64,
) -> Result<(BackupInfo, Option<PathBuf>), BackupError> {
    let info = verify_backup(backup)?;
    let live = data_dir.join(DATABASE_FILE_NAME);
    let incoming = data_dir.join(format!(".{DATABASE_FILE_NAME}.restoring"));
    std::fs::copy(backup, &incoming).map_err(io_error(&incoming))?;
    // A copy keeps the backup's mode, which an older version left readable by all.
    std::fs::set_permissions(
        &incoming,
        std::fs::Permissions::from_mode(PRIVATE_FILE_MODE),
    )
    .map_err(io_error(&incoming))?;
    File::open(&incoming)
        .and_then(|file| file.sync_all())
        .map_err(io_error(&incoming))?;
    let kept = if live.exists() {
        let aside = data_dir.join(format!("{DATABASE_FILE_NAME}.before-restore-{now_unix}"));
        std::fs::rename(&live, &aside).map_err(io_error(&aside))?;
        Some(aside)
    } else {
        None
    };
    std::fs::rename(&incoming, &live).map_err(io_error(&live))?;
    File::open(data_dir)
        .and_then(|dir| dir.sync_all())
        .map_err(io_error(data_dir))?;
    Ok((info, kept))
}

/// `heimservice-YYYYMMDD-HHMMSS.redb`, UTC.
pub fn default_backup_name(now: chrono::DateTime<chrono::Utc>) -> String {
    format!("heimservice-{}.redb", now.format("%Y%m%d-%H%M%S"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copy list names every table a fresh database has, so none is left out.
    #[test]
    fn the_backup_copies_every_table() {
        let dir = tempfile::tempdir().unwrap();
        let (_, _) = crate::db::Db::open(dir.path(), 14).unwrap();
        let db = Database::open(dir.path().join(DATABASE_FILE_NAME)).unwrap();
        let mut existing: Vec<String> = db
            .begin_read()
            .unwrap()
            .list_tables()
            .unwrap()
            .map(|table| table.name().to_string())
            .collect();
        existing.sort();
        let target_path = dir.path().join("copy.redb");
        let target = Database::create(&target_path).unwrap();
        let snapshot = db.begin_read().unwrap();
        let txn = target.begin_write().unwrap();
        let mut copied = copy_every_table(&snapshot, &txn, &mut |_, _| {}).unwrap();
        copied.sort();
        assert_eq!(copied, existing);
    }

    #[test]
    fn a_backup_verifies_and_other_files_are_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let (db, _) = crate::db::Db::open(dir.path(), 14).unwrap();
        drop(db);
        let db = Database::open(dir.path().join(DATABASE_FILE_NAME)).unwrap();
        let dest = dir.path().join("backups/b.redb");
        let mut steps = Vec::new();
        let info = write_backup(&db, &dest, 1_700_000_000, |done, total| {
            steps.push((done, total))
        })
        .unwrap();
        assert_eq!(info.schema_version, LATEST_SCHEMA_VERSION);
        assert_eq!(info.created_at, 1_700_000_000);
        assert_eq!(steps.last().map(|(d, t)| d == t), Some(true));
        assert!(verify_backup(&dest).is_ok());

        let text = dir.path().join("notes.txt");
        std::fs::write(&text, "hello").unwrap();
        let error = verify_backup(&text).unwrap_err().to_string();
        assert!(
            error.contains("is not a heimservice backup: it is not a database file"),
            "{error}"
        );

        // The live database is a database, but not a backup.
        drop(db);
        let error = verify_backup(&dir.path().join(DATABASE_FILE_NAME))
            .unwrap_err()
            .to_string();
        assert!(error.contains("carries no backup marker"), "{error}");

        // A backup from a newer version is refused by name.
        let newer = dir.path().join("newer.redb");
        std::fs::copy(&dest, &newer).unwrap();
        {
            let db = Database::open(&newer).unwrap();
            let txn = db.begin_write().unwrap();
            txn.open_table(META)
                .unwrap()
                .insert(META_SCHEMA_VERSION, LATEST_SCHEMA_VERSION + 1)
                .unwrap();
            txn.commit().unwrap();
        }
        let error = verify_backup(&newer).unwrap_err().to_string();
        assert!(
            error.contains("was written by a newer heimservice"),
            "{error}"
        );

        // A truncated copy fails.
        let bytes = std::fs::read(&dest).unwrap();
        let cut = dir.path().join("cut.redb");
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
        assert!(verify_backup(&cut).is_err());
    }
}
