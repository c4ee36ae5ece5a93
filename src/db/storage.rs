//! How the database file is reached: redb's file backend, optionally wrapped (tests wrap
//! it to make writes fail like a full disk). Opening reports how long it took and
//! whether redb had to repair the file after an unclean shutdown; the probe tells
//! whether the disk takes writes again after a storage failure.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::ops::Bound;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use redb::backends::FileBackend;
use redb::{
    BackendError, Database, DatabaseError, StorageBackend, TransactionError, WriteTransaction,
};

/// Turns the file's backend into the one the database uses.
type WrapBackend = dyn Fn(FileBackend) -> Box<dyn StorageBackend> + Send + Sync;

/// The database and its backups hold password hashes and customers' addresses: only
/// the service's own user reads them, whatever the umask.
pub const PRIVATE_FILE_MODE: u32 = 0o600;

/// Begins a write on the live database. Every commit records redb's allocator state
/// (quick repair, which also makes it a two-phase commit): after a crash or `kill -9` the
/// next open loads that state instead of walking the whole file to rebuild it, so
/// recovery takes milliseconds however large the order history has grown.
pub(super) fn begin_write(db: &Database) -> Result<WriteTransaction, TransactionError> {
    let mut txn = db.begin_write()?;
    txn.set_quick_repair(true);
    Ok(txn)
}

/// Bytes the write probe writes and syncs: a few pages, as a commit would.
const PROBE_BYTES: usize = 256 * 1024;

/// How the database file is accessed. The default is the file itself.
#[derive(Clone, Default)]
pub struct Storage {
    wrap: Option<Arc<WrapBackend>>,
}

impl fmt::Debug for Storage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Storage")
            .field("wrapped", &self.wrap.is_some())
            .finish()
    }
}

/// How an open went, for the startup log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opened {
    /// From opening the file until the database was ready (including any repair).
    pub took: Duration,
    /// redb found the file not closed cleanly (a crash or `kill -9`) and repaired it.
    pub repaired: bool,
}

impl Storage {
    /// Every open of the database file (and every write probe) goes through `wrap`, e.g.
    /// to inject storage faults in tests.
    pub fn wrapped(
        wrap: impl Fn(FileBackend) -> Box<dyn StorageBackend> + Send + Sync + 'static,
    ) -> Storage {
        Storage {
            wrap: Some(Arc::new(wrap)),
        }
    }

    fn backend(&self, file: File) -> Result<Backend, DatabaseError> {
        let file = FileBackend::new(file)?;
        Ok(Backend(match &self.wrap {
            Some(wrap) => wrap(file),
            None => Box::new(file),
        }))
    }

    /// Opens (or creates) the database at `path`, repairing it if it was not closed
    /// cleanly.
    pub(super) fn open(&self, path: &Path) -> Result<(Database, Opened), DatabaseError> {
        let started = Instant::now();
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(PRIVATE_FILE_MODE)
            .open(path)?;
        // A file an older version made under umask 022 is readable by everyone.
        file.set_permissions(std::fs::Permissions::from_mode(PRIVATE_FILE_MODE))?;
        let repaired = Arc::new(AtomicBool::new(false));
        let noticed = Arc::clone(&repaired);
        let db = redb::Builder::new()
            .set_cache_size(CACHE_BYTES)
            .set_repair_callback(move |session| {
                if noticed.swap(true, Ordering::Relaxed) {
                    tracing::debug!(progress = session.progress(), "repairing the database");
                } else {
                    tracing::warn!("repairing the database after an unclean shutdown");
                }
            })
            .create_with_backend(self.backend(file)?)?;
        let opened = Opened {
            took: started.elapsed(),
            repaired: repaired.load(Ordering::Relaxed),
        };
        Ok((db, opened))
    }

    /// Writes and syncs a scratch file in `dir` through the same backend as the
    /// database: `Ok` when the disk takes writes (again).
    pub(super) fn probe(&self, dir: &Path) -> std::io::Result<()> {
        let path = dir.join(".heimservice-storage-probe");
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)?;
        let result = self
            .backend(file)
            .map_err(std::io::Error::other)
            .and_then(|backend| {
                let written = backend
                    .write(0, &[0; PROBE_BYTES])
                    .and_then(|()| backend.sync_data());
                let closed = backend.close();
                written.and(closed)
            });
        let _ = std::fs::remove_file(&path);
        result
    }
}

/// redb's page cache. Its default is 1 GiB, a ceiling it fills as the file grows: a
/// shop's file grows with every order, and a Raspberry Pi may have 1 GiB in all. The
/// menu is served from memory elsewhere and orders are read rarely, so a small cache
/// costs little; the operating system's file cache still holds what is read often. A
/// backup passes the whole file through it, so a shop holds it full from the first
/// backup on: with 16 MiB a five-year shop (574 MiB file) ended the history benchmark
/// at 68 MiB, above its 64 MiB target.
pub(super) const CACHE_BYTES: usize = 8 * 1024 * 1024;

/// Opens the database file at `path` for a command that works on it while no server
/// runs (a backup, `compact`), with the server's small page cache: redb's default would
/// let the command hold up to a gigabyte of a large file in memory.
pub fn open_file(path: &Path) -> Result<Database, DatabaseError> {
    redb::Builder::new().set_cache_size(CACHE_BYTES).open(path)
}

/// A boxed backend: `Builder::create_with_backend` takes a sized one.
#[derive(Debug)]
struct Backend(Box<dyn StorageBackend>);

impl StorageBackend for Backend {
    fn len(&self) -> Result<u64, std::io::Error> {
        self.0.len()
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), std::io::Error> {
        self.0.read(offset, out)
    }

    fn set_len(&self, len: u64) -> Result<(), std::io::Error> {
        self.0.set_len(len)
    }

    fn sync_data(&self) -> Result<(), std::io::Error> {
        self.0.sync_data()
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), std::io::Error> {
        self.0.write(offset, data)
    }

    fn close(&self) -> Result<(), std::io::Error> {
        self.0.close()
    }

    fn try_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.0.try_lock_range(start, end)
    }

    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, BackendError> {
        self.0.try_lock_shared_range(start, end)
    }

    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.0.lock_range(start, end)
    }

    fn lock_shared_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.0.lock_shared_range(start, end)
    }

    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.0.unlock_range(start, end)
    }

    fn query_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.0.query_lock_range(start, end)
    }
}
