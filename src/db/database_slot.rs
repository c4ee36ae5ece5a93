//! The open database, and reopening it after a storage failure. When a write fails on
//! the disk (full, or an I/O error) redb refuses every later write with `PreviousIo`
//! until the database is closed and opened again; reads of what it has cached keep
//! working. So a storage fault marks the slot for reopening, and the next operation
//! (at most once a second) checks with a write probe whether the disk takes writes
//! again; only then is the database closed and reopened (redb repairs it, as after a
//! crash). Until then reads go to the old database and writes answer "unavailable".

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use redb::Database;
use tokio::sync::watch;

use super::DbError;
use super::storage::Storage;

/// The least time between two attempts to recover from a storage failure.
const RETRY_EVERY: Duration = Duration::from_secs(1);

pub(super) struct DatabaseSlot {
    path: PathBuf,
    storage: Storage,
    /// `None` only when a reopen failed; every operation then tries again.
    database: RwLock<Option<Database>>,
    /// A storage fault happened since the database was opened.
    broken: AtomicBool,
    /// When recovery was last attempted; held while one is under way.
    last_attempt: Mutex<Option<Instant>>,
    /// Dropped after `database` (fields drop in order), so its receivers learn when the
    /// database is closed.
    closed: watch::Sender<()>,
}

impl DatabaseSlot {
    pub(super) fn new(database: Database, path: PathBuf, storage: Storage) -> DatabaseSlot {
        DatabaseSlot {
            path,
            storage,
            database: RwLock::new(Some(database)),
            broken: AtomicBool::new(false),
            last_attempt: Mutex::new(None),
            closed: watch::Sender::new(()),
        }
    }

    /// Its `changed()` fails once the database is closed.
    pub(super) fn closed(&self) -> watch::Receiver<()> {
        self.closed.subscribe()
    }

    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// A storage fault happened and the database has not been reopened since.
    pub(super) fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Acquire)
    }

    /// Runs `op` (on a blocking thread) with the open database. Operations share the
    /// database; a reopen waits for the running ones to finish.
    pub(super) fn with<T, E: From<DbError>>(
        &self,
        op: impl FnOnce(&Database) -> Result<T, E>,
    ) -> Result<T, E> {
        self.recover_if_due();
        let database = self.database.read().unwrap_or_else(PoisonError::into_inner);
        match database.as_ref() {
            Some(database) => op(database),
            None => Err(DbError::Unavailable("the database could not be reopened".into()).into()),
        }
    }

    /// Passes `result` on; a storage fault in it marks the database for reopening.
    pub(super) fn noting<T>(&self, result: Result<T, DbError>) -> Result<T, DbError> {
        if let Err(DbError::Unavailable(error)) = &result
            && !self.broken.swap(true, Ordering::AcqRel)
        {
            tracing::error!(
                %error,
                "the database storage failed: writes are refused until the disk takes writes again"
            );
        }
        result
    }

    fn recover_if_due(&self) {
        if !self.broken.load(Ordering::Acquire) {
            return;
        }
        // Another thread is recovering: this operation waits for it at the lock.
        let Ok(mut last_attempt) = self.last_attempt.try_lock() else {
            return;
        };
        if !self.broken.load(Ordering::Acquire)
            || last_attempt.is_some_and(|at| at.elapsed() < RETRY_EVERY)
        {
            return;
        }
        *last_attempt = Some(Instant::now());
        let dir = self.path.parent().unwrap_or(Path::new("."));
        if let Err(error) = self.storage.probe(dir) {
            tracing::warn!(%error, "the disk still refuses writes; the database stays read-only");
            return;
        }
        let mut database = self
            .database
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        // Closes the file, so it can be opened again.
        drop(database.take());
        match self.storage.open(&self.path) {
            Ok((reopened, opened)) => {
                *database = Some(reopened);
                self.broken.store(false, Ordering::Release);
                tracing::info!(
                    open_ms = opened.took.as_millis() as u64,
                    repaired = opened.repaired,
                    "database reopened after the storage failure; writes work again"
                );
            }
            Err(error) => tracing::error!(%error, "cannot reopen the database"),
        }
    }
}
