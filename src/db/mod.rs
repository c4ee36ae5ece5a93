//! The one place that owns redb: tables, value encoding, schema migrations, seeding and
//! the typed repositories the API uses.

pub mod backup;
mod backup_thread;
mod catalog;
mod closings;
mod corrections;
pub mod coupons;
mod customer_index;
mod customers;
mod database_slot;
mod day_totals;
mod demo_seed;
pub mod dining_tables;
mod erasure;
mod fiscal;
mod group_commit;
mod guards;
mod migrations;
mod order_lists;
mod order_search;
mod orders;
mod payments;
mod printing;
mod push_subscriptions;
mod record;
pub mod repack;
mod slot_counts;
mod stock;
mod storage;
mod store_profile;
mod tables;
pub mod upgrade_backup;
mod users;

use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use redb::{
    DatabaseError, ReadTransaction, ReadableDatabase, ReadableTable, StorageError, WriteTransaction,
};

pub use catalog::{ChangeError, Changed};
pub use customer_index::{Caller, CustomersPage, SearchCursor};
pub use customers::{Mail, SupportMessage};
pub use erasure::{AccountDeletionRefusal, GuestBatch};
pub use guards::{ReadinessConfirmation, ReadinessInputs, UnansweredCount, UnansweredOrders};
pub use migrations::LATEST_SCHEMA_VERSION;
pub use order_lists::{DayOrdersPage, DayPage, DaySummariesPage, OpenOrdersPage};
pub use order_search::{CustomersOrders, FoundOrders, MAX_CUSTOMERS_SEARCHED};
pub use printing::SavedPrinter;
pub use storage::{Opened, Storage, open_file};
pub use users::{AccountChangeError, NewUser, UserError};

/// The database file inside the data directory.
pub const DATABASE_FILE_NAME: &str = "heimservice.redb";

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("the database {path} is in use by another heimservice process")]
    Locked { path: PathBuf },
    #[error(
        "the database {path} was written by a newer heimservice (schema version {found}; this build understands up to {supported})"
    )]
    NewerSchema {
        path: PathBuf,
        found: u64,
        supported: u64,
    },
    #[error("cannot open the database {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot open the database {path}: {detail}")]
    Other { path: PathBuf, detail: String },
    #[error(
        "the database {path} (schema version {found}) was not migrated: the backup before the upgrade could not be written ({detail}); free some space and start again"
    )]
    UpgradeBackup {
        path: PathBuf,
        found: u64,
        detail: String,
    },
}

/// Anything that went wrong while reading or writing: always a server-side fault.
#[derive(Debug, Clone, thiserror::Error)]
pub enum DbError {
    #[error("database error: {0}")]
    Database(String),
    /// The disk failed (full, or an I/O error): nothing was written, and writes are
    /// refused until the database is reopened (see `database_slot.rs`).
    #[error("database storage failed: {0}")]
    Unavailable(String),
    #[error("stored record is unreadable: {0}")]
    Decode(String),
    #[error("the database worker stopped unexpectedly")]
    Worker,
}

macro_rules! store_error_from {
    ($($error:ty),*) => {
        $(impl From<$error> for DbError {
            fn from(error: $error) -> Self {
                DbError::from_redb(error.into())
            }
        })*
    };
}

impl DbError {
    fn from_redb(error: redb::Error) -> DbError {
        match error {
            redb::Error::Io(_)
            | redb::Error::PreviousIo
            | redb::Error::Backend(_)
            | redb::Error::DatabaseClosed => DbError::Unavailable(error.to_string()),
            other => DbError::Database(other.to_string()),
        }
    }
}
store_error_from!(
    redb::Error,
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError,
    redb::DatabaseError
);

/// A handle to the open database; cheap to clone.
#[derive(Clone)]
pub struct Db {
    db: Arc<database_slot::DatabaseSlot>,
    group_commit: Arc<group_commit::GroupCommit>,
}

/// What happened while opening, for the startup log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenReport {
    pub migrated_from: Option<u64>,
    /// The copy of the database taken before it was migrated.
    pub upgrade_backup: Option<PathBuf>,
    pub seeded_demo: bool,
    pub opened: Opened,
}

impl Db {
    /// Opens (or creates) the database in `data_dir`, migrates it to the latest schema and
    /// seeds the demo restaurant on the very first start.
    pub fn open(data_dir: &Path, store_id: u64) -> Result<(Db, OpenReport), OpenError> {
        Db::open_with(data_dir, store_id, Storage::default())
    }

    /// Like [`Store::open`], reaching the file through `storage`.
    pub fn open_with(
        data_dir: &Path,
        store_id: u64,
        storage: Storage,
    ) -> Result<(Db, OpenReport), OpenError> {
        let path = data_dir.join(DATABASE_FILE_NAME);
        let (mut db, opened) = storage
            .open(&path)
            .map_err(|error| open_error(&path, error))?;
        let found = db
            .begin_read()
            .map_err(DbError::from)
            .and_then(|txn| migrations::read_schema_version(&txn))
            .map_err(|error| OpenError::Other {
                path: path.clone(),
                detail: error.to_string(),
            })?;
        let mut upgrade_backup = None;
        if upgrade_backup::needed(found) {
            // Closed first: the copy is the file exactly as the previous binary left it.
            drop(db);
            let copy =
                upgrade_backup::write(&path, found, chrono::Utc::now()).map_err(|detail| {
                    OpenError::UpgradeBackup {
                        path: path.clone(),
                        found,
                        detail,
                    }
                })?;
            upgrade_backup = Some(copy);
            db = storage
                .open(&path)
                .map_err(|error| open_error(&path, error))?
                .0;
        }
        let migrated_from =
            migrations::migrate(&db).map_err(|error| migration_error(&path, error))?;
        let seeded_demo =
            demo_seed::seed_if_first_start(&db, store_id).map_err(|error| OpenError::Other {
                path: path.clone(),
                detail: error.to_string(),
            })?;
        let db = Db {
            db: Arc::new(database_slot::DatabaseSlot::new(db, path, storage)),
            group_commit: Arc::default(),
        };
        Ok((
            db,
            OpenReport {
                migrated_from,
                upgrade_backup,
                seeded_demo,
                opened,
            },
        ))
    }

    pub fn path(&self) -> &Path {
        self.db.path()
    }

    /// Drops this handle and waits until the database is closed: until the other
    /// handles are gone too (work still finishing on blocking threads holds one) and
    /// redb has written its clean-shutdown state. Then the file can be opened again.
    pub async fn close(self) {
        let mut closed = self.db.closed();
        drop(self);
        // Nothing is ever sent: this ends when the sender is dropped with the database.
        while closed.changed().await.is_ok() {}
    }

    /// Runs `read` inside one read transaction on a blocking thread, so a slow disk
    /// never stalls the async workers. The transaction ends before this returns.
    pub async fn read<T, F>(&self, read: F) -> Result<T, DbError>
    where
        T: Send + 'static,
        F: FnOnce(&ReadTransaction) -> Result<T, DbError> + Send + 'static,
    {
        let slot = Arc::clone(&self.db);
        tokio::task::spawn_blocking(move || {
            slot.noting(slot.with(|db| {
                let txn = db.begin_read()?;
                read(&txn)
            }))
        })
        .await
        .map_err(|_| DbError::Worker)?
    }

    /// Runs `write` in one write transaction on a blocking thread. The transaction is
    /// committed durably (before this returns) when `write` returns `Ok(Ok(_))`, and
    /// aborted otherwise, so a refused change leaves nothing behind.
    pub async fn write<T, E, F>(&self, write: F) -> Result<Result<T, E>, DbError>
    where
        T: Send + 'static,
        E: Send + 'static,
        F: FnOnce(&WriteTransaction) -> Result<Result<T, E>, DbError> + Send + 'static,
    {
        let slot = Arc::clone(&self.db);
        tokio::task::spawn_blocking(move || {
            slot.noting(slot.with(|db| {
                let txn = storage::begin_write(db)?;
                match write(&txn) {
                    Ok(Ok(value)) => {
                        txn.commit()?;
                        Ok(Ok(value))
                    }
                    Ok(Err(refused)) => {
                        txn.abort()?;
                        Ok(Err(refused))
                    }
                    Err(error) => Err(error),
                }
            }))
        })
        .await
        .map_err(|_| DbError::Worker)?
    }

    /// Like [`Store::write`] for changes that are never refused: committed durably
    /// whenever `write` succeeds.
    pub async fn commit<T, F>(&self, write: F) -> Result<T, DbError>
    where
        T: Send + 'static,
        F: FnOnce(&WriteTransaction) -> Result<T, DbError> + Send + 'static,
    {
        match self
            .write(move |txn| write(txn).map(Ok::<T, std::convert::Infallible>))
            .await?
        {
            Ok(value) => Ok(value),
            Err(never) => match never {},
        }
    }

    /// Writes a consistent backup of the whole database to `dest` while the shop keeps
    /// taking orders (see [`backup`]).
    pub async fn backup_to(
        &self,
        dest: PathBuf,
        now_unix: u64,
        progress: impl FnMut(usize, usize) + Send + 'static,
    ) -> Result<backup::BackupInfo, backup::BackupError> {
        let slot = Arc::clone(&self.db);
        backup_thread::run(move || {
            slot.with(|db| backup::write_backup(db, &dest, now_unix, progress))
        })
        .await
        .ok_or(backup::BackupError::Db(DbError::Worker))?
    }

    /// Writes fail since a storage fault (until the database is reopened); for the
    /// health check.
    pub fn storage_failed(&self) -> bool {
        self.db.is_broken()
    }

    /// The schema version recorded in the database; used by the health check.
    pub async fn schema_version(&self) -> Result<u64, DbError> {
        self.read(migrations::read_schema_version).await
    }
}

/// The next id of a counter in `META` (`next_order_id`, `next_user_id`, …), counted up.
fn next_id(txn: &WriteTransaction, key: &str) -> Result<u64, DbError> {
    let mut meta = txn.open_table(tables::META)?;
    let id = meta.get(key)?.map(|v| v.value()).unwrap_or(0) + 1;
    meta.insert(key, id)?;
    Ok(id)
}

fn open_error(path: &Path, error: DatabaseError) -> OpenError {
    let path = path.to_path_buf();
    match error {
        DatabaseError::DatabaseAlreadyOpen | DatabaseError::LockProtocolMismatch => {
            OpenError::Locked { path }
        }
        DatabaseError::Storage(StorageError::Io(source)) => OpenError::Io { path, source },
        other => OpenError::Other {
            path,
            detail: other.to_string(),
        },
    }
}

fn migration_error(path: &Path, error: migrations::MigrationError) -> OpenError {
    match error {
        migrations::MigrationError::Newer { found } => OpenError::NewerSchema {
            path: path.to_path_buf(),
            found,
            supported: LATEST_SCHEMA_VERSION,
        },
        migrations::MigrationError::Db(error) => OpenError::Other {
            path: path.to_path_buf(),
            detail: error.to_string(),
        },
    }
}

/// The demo restaurant's catalog as a fresh shop has it, for unit tests.
#[cfg(test)]
pub fn demo_seed_catalog() -> crate::domain::catalog::Catalog {
    #![allow(clippy::unwrap_used)]
    let dir = tempfile::tempdir().unwrap();
    let (db, _) = Db::open(dir.path(), 14).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(db.catalog()).unwrap().0
}

impl PublicError for DbError {
    fn code(&self) -> ErrorCode {
        match self {
            DbError::Unavailable(_) => ErrorCode::StorageUnavailable,
            _ => ErrorCode::InternalError,
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            DbError::Unavailable(_) => ErrorStatus::Unavailable,
            _ => ErrorStatus::Internal,
        }
    }

    fn detail(&self) -> String {
        match self {
            DbError::Unavailable(_) => "The shop cannot save anything right now because the server's storage failed. Nothing was saved; please try again in a few minutes.".into(),
            _ => "Something went wrong on the server.".into(),
        }
    }
}
