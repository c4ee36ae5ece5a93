//! Backups while the shop keeps taking orders: one on request (`heimservice backup`),
//! and automatic ones inside the server: every `backup.every_hours` a backup goes to
//! `data/backups/`, and only the newest `backup.keep` automatic ones are kept. The time
//! of the last one written (by hand or automatically) is kept in `data/last-backup`, for
//! `/metrics`: the backup files themselves may go anywhere.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::Shop;
use crate::clock::Clock;
use crate::db::Db;
use crate::db::backup::{BackupError, BackupInfo, default_backup_name};

/// Where backups go unless a file is named.
pub fn backup_dir(data_dir: &Path) -> PathBuf {
    data_dir.join(crate::db::upgrade_backup::BACKUP_DIR)
}

/// The file holding when the last backup was written (Unix seconds, as text).
pub fn last_backup_file(data_dir: &Path) -> PathBuf {
    data_dir.join("last-backup")
}

/// When the last backup was written (Unix seconds), if one was since this file exists.
pub fn last_backup(data_dir: &Path) -> Option<u64> {
    std::fs::read_to_string(last_backup_file(data_dir))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// Notes in `data_dir` that a backup was written at `unix` seconds: a temporary file
/// renamed over the record, so a reader never sees half of it. A failure is logged, and
/// is not the backup's: the backup itself is written.
pub fn note_backup(data_dir: &Path, unix: u64) {
    let record = last_backup_file(data_dir);
    let record = record.as_path();
    let temporary = record.with_extension("partial");
    let written = std::fs::write(&temporary, format!("{unix}\n"))
        .and_then(|()| std::fs::rename(&temporary, record));
    if let Err(error) = written {
        tracing::warn!(%error, path = %record.display(), "cannot note the time of the backup");
    }
}

impl Shop {
    /// Writes a consistent backup to `path` (absolute), or to the default place, while
    /// orders keep flowing; `progress` hears how many tables of how many are copied.
    pub async fn backup(
        &self,
        path: Option<PathBuf>,
        progress: impl FnMut(usize, usize) + Send + 'static,
    ) -> Result<BackupInfo, BackupError> {
        let now = self.clock.now();
        let dest = path
            .unwrap_or_else(|| backup_dir(&self.config.data_dir).join(default_backup_name(now)));
        let info = write_noted(&self.db, &self.config.data_dir, dest, now, progress).await?;
        tracing::info!(path = %info.path.display(), bytes = info.bytes, "backup written");
        Ok(info)
    }
}

/// Writes a backup to `dest` and notes its time for `/metrics`: every backup the server
/// writes, on request or automatically, goes through here.
async fn write_noted(
    db: &Db,
    data_dir: &Path,
    dest: PathBuf,
    now: chrono::DateTime<chrono::Utc>,
    progress: impl FnMut(usize, usize) + Send + 'static,
) -> Result<BackupInfo, BackupError> {
    let info = db
        .backup_to(dest, now.timestamp().max(0) as u64, progress)
        .await?;
    note_backup(data_dir, info.created_at);
    Ok(info)
}

/// The automatic backups in `dir`, oldest first (their names sort by time).
fn automatic_backups(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("heimservice-") && name.ends_with(".redb"))
        })
        .collect();
    found.sort();
    found
}

/// Removes the temporary files of backups that a crash interrupted. Called when the
/// server starts: it holds the database, so no backup of it can be running.
pub fn remove_interrupted(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with('.') && name.contains(".partial-"))
        })
        .filter(|path| std::fs::remove_file(path).is_ok())
        .count()
}

/// Deletes all but the newest `keep` automatic backups in `dir`.
pub fn prune(dir: &Path, keep: usize) -> usize {
    let backups = automatic_backups(dir);
    let excess = backups.len().saturating_sub(keep);
    let mut removed = 0;
    for old in &backups[..excess] {
        if std::fs::remove_file(old).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Runs until `finishing` turns true (a backup under way is completed first); `every`
/// of zero means no automatic backups.
pub fn spawn(
    db: Db,
    clock: Clock,
    data_dir: &Path,
    (every, keep): (Duration, usize),
    mut finishing: tokio::sync::watch::Receiver<bool>,
) -> Option<tokio::task::JoinHandle<()>> {
    let dir = backup_dir(data_dir);
    let data_dir = data_dir.to_path_buf();
    let interrupted = remove_interrupted(&dir);
    if interrupted > 0 {
        tracing::warn!(interrupted, "removed the files of interrupted backups");
    }
    if every.is_zero() {
        return None;
    }
    Some(tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        // The first tick is now; the first backup is one interval after the start.
        ticks.tick().await;
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                _ = finishing.changed() => break,
            }
            let now = clock.now();
            let dest = dir.join(default_backup_name(now));
            match write_noted(&db, &data_dir, dest, now, |_, _| {}).await {
                Ok(info) => {
                    let removed = prune(&dir, keep);
                    tracing::info!(path = %info.path.display(), bytes = info.bytes, removed, "automatic backup written");
                }
                Err(error) => tracing::error!(%error, "automatic backup failed"),
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_of_interrupted_backups_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path()
                .join(".heimservice-20261122-010000.redb.partial-ab12"),
            b"x",
        )
        .unwrap();
        std::fs::write(dir.path().join("heimservice-20261122-010000.redb"), b"x").unwrap();
        assert_eq!(remove_interrupted(dir.path()), 1);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn pruning_keeps_the_newest_automatic_backups_only() {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            "heimservice-20261120-010000.redb",
            "heimservice-20261121-010000.redb",
            "heimservice-20261122-010000.redb",
            "before-the-move.redb",
        ] {
            std::fs::write(dir.path().join(name), b"x").unwrap();
        }
        assert_eq!(prune(dir.path(), 2), 1);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "before-the-move.redb",
                "heimservice-20261121-010000.redb",
                "heimservice-20261122-010000.redb"
            ]
        );
    }
}
