//! A storage backend that fails like a full disk while its switch is on: every write,
//! sync and resize of the database file (and of the server's write probe) answers
//! `ENOSPC`; reads pass through.

use std::ops::Bound;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use heimservice::db::Storage;
use redb::backends::FileBackend;
use redb::{BackendError, StorageBackend};

/// The switch, shared by every backend the server opens.
#[derive(Clone, Default)]
pub struct DiskSwitch {
    full: Arc<AtomicBool>,
    refused: Arc<AtomicU64>,
}

impl DiskSwitch {
    /// The storage for `TestServerBuilder::storage`.
    pub fn storage(&self) -> Storage {
        let switch = self.clone();
        Storage::wrapped(move |file| {
            Box::new(FailingDisk {
                file,
                switch: switch.clone(),
            })
        })
    }

    pub fn set_full(&self, full: bool) {
        self.full.store(full, Ordering::SeqCst);
    }

    /// How many writes, syncs and resizes were refused so far.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::SeqCst)
    }

    fn check(&self) -> std::io::Result<()> {
        if self.full.load(Ordering::SeqCst) {
            self.refused.fetch_add(1, Ordering::SeqCst);
            // ENOSPC, as the kernel reports a full disk.
            return Err(std::io::Error::from_raw_os_error(28));
        }
        Ok(())
    }
}

#[derive(Debug)]
struct FailingDisk {
    file: FileBackend,
    switch: DiskSwitch,
}

impl std::fmt::Debug for DiskSwitch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiskSwitch")
            .field("full", &self.full.load(Ordering::SeqCst))
            .finish()
    }
}

impl StorageBackend for FailingDisk {
    fn len(&self) -> Result<u64, std::io::Error> {
        self.file.len()
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), std::io::Error> {
        self.file.read(offset, out)
    }

    fn set_len(&self, len: u64) -> Result<(), std::io::Error> {
        self.switch.check()?;
        self.file.set_len(len)
    }

    fn sync_data(&self) -> Result<(), std::io::Error> {
        self.switch.check()?;
        self.file.sync_data()
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), std::io::Error> {
        self.switch.check()?;
        self.file.write(offset, data)
    }

    fn close(&self) -> Result<(), std::io::Error> {
        self.file.close()
    }

    fn try_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.file.try_lock_range(start, end)
    }

    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, BackendError> {
        self.file.try_lock_shared_range(start, end)
    }

    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.lock_range(start, end)
    }

    fn lock_shared_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.lock_shared_range(start, end)
    }

    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.unlock_range(start, end)
    }

    fn query_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.file.query_lock_range(start, end)
    }
}
