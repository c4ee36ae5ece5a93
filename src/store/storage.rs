//! Opening the database file: how long it took, and whether redb had to repair the file
//! after an unclean shutdown (a crash or `kill -9`), for the startup log.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use redb::{Database, DatabaseError};

/// How an open went, for the startup log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opened {
    /// From opening the file until the database was ready (including any repair).
    pub took: Duration,
    /// redb found the file not closed cleanly (a crash or `kill -9`) and repaired it.
    pub repaired: bool,
}

/// Opens (or creates) the database at `path`, repairing it if it was not closed cleanly.
pub(super) fn open(path: &Path) -> Result<(Database, Opened), DatabaseError> {
    let started = Instant::now();
    let repaired = Arc::new(AtomicBool::new(false));
    let noticed = Arc::clone(&repaired);
    let db = redb::Builder::new()
        .set_repair_callback(move |session| {
            if noticed.swap(true, Ordering::Relaxed) {
                tracing::debug!(progress = session.progress(), "repairing the database");
            } else {
                tracing::warn!("repairing the database after an unclean shutdown");
            }
        })
        .create(path)?;
    let opened = Opened {
        took: started.elapsed(),
        repaired: repaired.load(Ordering::Relaxed),
    };
    Ok((db, opened))
}
