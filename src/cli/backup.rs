//! `heimservice backup [FILE]` and `heimservice restore FILE`. While a server runs on
//! the data directory the backup is taken by the server (over the control socket), so
//! orders keep flowing; otherwise the database file is read directly.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use redb::{Database, DatabaseError};

use crate::config::Config;
use crate::control::{self, Answer, Request};
use crate::db::DATABASE_FILE_NAME;
use crate::db::backup::{self, BackupInfo, default_backup_name};

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the backup [default: <data_dir>/backups/heimservice-<UTC time>.redb]
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// A backup written by `heimservice backup`
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Stop the server running on this data directory first
    #[arg(long)]
    pub stop_server: bool,
}

type Failure = String;

fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start: {error}"))
}

fn absolute(path: &Path) -> Result<PathBuf, Failure> {
    std::path::absolute(path).map_err(|error| format!("{}: {error}", path.display()))
}

/// `[#########.....] 18/30 tables` on stderr, redrawn in place; only on a terminal, so
/// a backup run by cron or systemd leaves one line in the log, not one per table.
fn show_progress(done: usize, total: usize) {
    const WIDTH: usize = 30;
    if !std::io::stderr().is_terminal() {
        return;
    }
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let bar = format!("{}{}", "#".repeat(filled), ".".repeat(WIDTH - filled));
    let mut stderr = std::io::stderr();
    let _ = write!(stderr, "\rbackup: [{bar}] {done}/{total} tables");
    if done == total {
        let _ = writeln!(stderr);
    }
    let _ = stderr.flush();
}

fn report(info: &BackupInfo) {
    println!(
        "heimservice: backup written to {} ({} bytes, {} orders, schema version {})",
        info.path.display(),
        info.bytes,
        info.orders,
        info.schema_version
    );
}

/// Opens the database file for reading when no server has it.
fn open_directly(data_dir: &Path) -> Result<Database, Failure> {
    let path = data_dir.join(DATABASE_FILE_NAME);
    if !path.exists() {
        return Err(format!(
            "there is no database at {}; start the shop once to create it",
            path.display()
        ));
    }
    crate::db::open_file(&path).map_err(|error| match error {
        DatabaseError::DatabaseAlreadyOpen => format!(
            "the database {} is in use by another process, and no heimservice server answers on {}; \
             stop that process, or run this command on the machine and data directory of the running server",
            path.display(),
            control::socket_path(data_dir).display()
        ),
        other => format!("cannot open the database {}: {other}", path.display()),
    })
}

pub fn backup(config: &Config, args: BackupArgs) -> Result<(), Failure> {
    let now = chrono::Utc::now();
    let dest = match &args.file {
        Some(file) => absolute(file)?,
        None => absolute(
            &crate::shop::backups::backup_dir(&config.data_dir).join(default_backup_name(now)),
        )?,
    };
    runtime()?.block_on(async {
        if let Some(stream) = control::connect(&config.data_dir).await {
            let mut outcome = Err("the server ended the connection without an answer".to_string());
            control::ask(
                stream,
                &Request::Backup {
                    path: Some(dest.clone()),
                },
                |answer| match answer {
                    Answer::Progress { done, total } => show_progress(done, total),
                    Answer::BackupWritten {
                        path,
                        bytes,
                        orders,
                        schema_version,
                    } => {
                        outcome = Ok(BackupInfo {
                            path,
                            bytes,
                            schema_version,
                            created_at: now.timestamp().max(0) as u64,
                            orders,
                        })
                    }
                    Answer::Error { detail } => outcome = Err(detail),
                    _ => {}
                },
            )
            .await
            .map_err(|error| format!("the running server did not answer: {error}"))?;
            let info = outcome?;
            report(&info);
            return Ok(());
        }
        let db = open_directly(&config.data_dir)?;
        let info = backup::write_backup(&db, &dest, now.timestamp().max(0) as u64, show_progress)
            .map_err(|error| error.to_string())?;
        crate::shop::backups::note_backup(&config.data_dir, info.created_at);
        report(&info);
        Ok(())
    })
}

pub fn restore(config: &Config, args: RestoreArgs) -> Result<(), Failure> {
    let file = absolute(&args.file)?;
    // Refuse a bad file before touching anything.
    backup::verify_backup(&file).map_err(|error| error.to_string())?;
    let data_dir = &config.data_dir;
    runtime()?.block_on(async {
        if let Some(stream) = control::connect(data_dir).await {
            if !args.stop_server {
                return Err(format!(
                    "a heimservice server is running on {}; stop it first, or pass --stop-server",
                    data_dir.display()
                ));
            }
            control::ask(stream, &Request::Stop, |_| {})
                .await
                .map_err(|error| format!("the running server did not answer: {error}"))?;
            wait_until_released(data_dir).await?;
            println!("heimservice: the server on {} stopped", data_dir.display());
        }
        Ok(())
    })?;
    // Nobody else may hold the file while it is swapped.
    if data_dir.join(DATABASE_FILE_NAME).exists() {
        drop(open_directly(data_dir)?);
    } else {
        std::fs::create_dir_all(data_dir)
            .map_err(|error| format!("cannot create {}: {error}", data_dir.display()))?;
    }
    let now = chrono::Utc::now().timestamp().max(0) as u64;
    let (info, kept) =
        backup::restore_backup(&file, data_dir, now).map_err(|error| error.to_string())?;
    println!(
        "heimservice: restored {} (schema version {}, {} orders) into {}",
        file.display(),
        info.schema_version,
        info.orders,
        data_dir.display()
    );
    if let Some(kept) = kept {
        println!(
            "heimservice: the previous database is kept as {}",
            kept.display()
        );
    }
    Ok(())
}

/// Waits (at most 30 s) until the stopping server has closed the database.
async fn wait_until_released(data_dir: &Path) -> Result<(), Failure> {
    let path = data_dir.join(DATABASE_FILE_NAME);
    for _ in 0..300 {
        if control::connect(data_dir).await.is_none()
            && !matches!(
                crate::db::open_file(&path),
                Err(DatabaseError::DatabaseAlreadyOpen)
            )
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!(
        "the server on {} did not stop within 30 seconds",
        data_dir.display()
    ))
}
