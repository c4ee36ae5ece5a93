//! The local control channel. redb lets one process open the database, so while the
//! shop runs, the command line asks the server to do the work: a Unix socket in the
//! data directory (mode 0600, so only the service's user may use it), one JSON request
//! line per connection, JSON answer lines back (progress, then a result or an error).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::watch;

use crate::db::backup::BackupInfo;
use crate::domain::catalog::menu_document::MenuDocument;
use crate::domain::period::Period;
use crate::domain::tax_export::TaxFormat;
use crate::shop::admin_accounts::{AdminOutcome, AdminRequest};
use crate::shop::catalog::ImportOutcome;
use crate::shop::exports::ExportFile;
use crate::shop::readiness::ReadinessReport;
use crate::shop::{Shop, ShopError};

pub const SOCKET_FILE_NAME: &str = "control.sock";
/// A menu document is the largest request; the socket is the owner's alone (mode 0600).
const MAX_REQUEST_BYTES: usize = 8 * 1024 * 1024;

pub fn socket_path(data_dir: &Path) -> PathBuf {
    data_dir.join(SOCKET_FILE_NAME)
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Request {
    /// Is a server there?
    Ping,
    /// Write a backup to `path` (absolute), or to the default place.
    Backup { path: Option<PathBuf> },
    /// Stop serving (for a restore).
    Stop,
    /// Create, list, change or delete admin accounts.
    Admin(AdminRequest),
    /// The menu as a document.
    MenuExport,
    /// Make the menu equal to `document` (or only say what would change).
    MenuImport {
        document: Box<MenuDocument>,
        dry_run: bool,
    },
    /// The readiness check as the running server sees it.
    Check,
    /// The DSFinV-K export of the daily closings from `from` to `to` (`YYYY-MM-DD`).
    ExportDsfinvk { from: String, to: String },
    /// The month's records for the tax adviser (`YYYY-MM`).
    ExportTax { month: String, format: TaxFormat },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "answer", rename_all = "snake_case")]
pub enum Answer {
    Pong {
        pid: u32,
    },
    Progress {
        done: usize,
        total: usize,
    },
    BackupWritten {
        path: PathBuf,
        bytes: u64,
        orders: u64,
        schema_version: u64,
    },
    Stopping,
    Admin {
        outcome: AdminOutcome,
    },
    Menu {
        document: Box<MenuDocument>,
    },
    MenuImported {
        outcome: ImportOutcome,
    },
    Readiness {
        report: Box<ReadinessReport>,
    },
    /// An export's file, its bytes in base64.
    Exported {
        file_name: String,
        base64: String,
    },
    Error {
        detail: String,
    },
}

impl From<BackupInfo> for Answer {
    fn from(info: BackupInfo) -> Self {
        Answer::BackupWritten {
            path: info.path,
            bytes: info.bytes,
            orders: info.orders,
            schema_version: info.schema_version,
        }
    }
}

/// Binds the socket (replacing a stale one: this process holds the database lock, so
/// no other server can be behind it) and serves requests until the task is aborted.
pub fn listen(
    data_dir: &Path,
    shop: Shop,
    stop: watch::Sender<bool>,
) -> std::io::Result<tokio::task::JoinHandle<()>> {
    let path = socket_path(data_dir);
    let _ = std::fs::remove_file(&path);
    let listener = UnixListener::bind(&path)?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
    Ok(tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let (shop, stop) = (shop.clone(), stop.clone());
            tokio::spawn(async move {
                if let Err(error) = serve(stream, shop, stop).await {
                    tracing::warn!(%error, "control connection failed");
                }
            });
        }
    }))
}

async fn send(stream: &mut UnixStream, answer: &Answer) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(answer).map_err(std::io::Error::other)?;
    line.push(b'\n');
    stream.write_all(&line).await
}

async fn serve(
    mut stream: UnixStream,
    shop: Shop,
    stop: watch::Sender<bool>,
) -> std::io::Result<()> {
    let mut line = String::new();
    let read = {
        let mut reader = BufReader::new(&mut stream).take(MAX_REQUEST_BYTES as u64);
        tokio::time::timeout(Duration::from_secs(10), reader.read_line(&mut line)).await
    };
    let request = match read {
        Ok(Ok(_)) => serde_json::from_str::<Request>(line.trim()),
        _ => return Ok(()),
    };
    let request = match request {
        Ok(request) => request,
        Err(error) => {
            let detail = format!("not a control request: {error}");
            return send(&mut stream, &Answer::Error { detail }).await;
        }
    };
    match request {
        Request::Stop => {
            send(&mut stream, &Answer::Stopping).await?;
            tracing::info!("stopping on request of the command line");
            let _ = stop.send(true);
            Ok(())
        }
        request => {
            let (progress_tx, mut progress_rx) = tokio::sync::mpsc::unbounded_channel();
            let carried = carry_out(&shop, request, move |done, total| {
                let _ = progress_tx.send(Answer::Progress { done, total });
            });
            tokio::pin!(carried);
            let answer = loop {
                tokio::select! {
                    answer = &mut carried => break answer,
                    Some(progress) = progress_rx.recv() => send(&mut stream, &progress).await?,
                }
            };
            send(&mut stream, &answer).await
        }
    }
}

/// Carries out a request on `shop`: what the running server does for the command line,
/// and what the command line does itself on the database file when no server runs.
/// `progress` hears how far a long request (a backup) is.
pub async fn carry_out(
    shop: &Shop,
    request: Request,
    progress: impl FnMut(usize, usize) + Send + 'static,
) -> Answer {
    let failed = |detail: String| Answer::Error { detail };
    match request {
        Request::Ping => Answer::Pong {
            pid: std::process::id(),
        },
        Request::Stop => failed("only a running server can be stopped".into()),
        Request::Admin(request) => match shop.admin_command(request).await {
            Ok(outcome) => Answer::Admin { outcome },
            Err(detail) => failed(detail),
        },
        Request::MenuExport => match shop.export_menu().await {
            Ok(document) => Answer::Menu {
                document: Box::new(document),
            },
            Err(error) => failed(error.to_string()),
        },
        Request::MenuImport { document, dry_run } => {
            match shop.import_menu(*document, dry_run).await {
                Ok(outcome) => Answer::MenuImported { outcome },
                Err(error) => failed(error.to_string()),
            }
        }
        Request::Check => match shop.readiness_report().await {
            Ok(report) => Answer::Readiness {
                report: Box::new(report),
            },
            Err(error) => failed(error.to_string()),
        },
        Request::ExportDsfinvk { from, to } => match Period::between(&from, &to) {
            Ok(period) => exported(shop.dsfinvk_export(period).await),
            Err(refused) => failed(refused.to_string()),
        },
        Request::ExportTax { month, format } => match Period::month(&month) {
            Ok(period) => exported(shop.tax_export(period, format).await),
            Err(refused) => failed(refused.to_string()),
        },
        Request::Backup { path } => match shop.backup(path, progress).await {
            Ok(info) => Answer::from(info),
            Err(error) => failed(error.to_string()),
        },
    }
}
fn exported(file: Result<ExportFile, ShopError>) -> Answer {
    use base64::Engine;
    match file {
        Ok(file) => Answer::Exported {
            file_name: file.file_name,
            base64: base64::engine::general_purpose::STANDARD.encode(&file.bytes),
        },
        Err(error) => Answer::Error {
            detail: crate::domain::error::PublicError::detail(&error),
        },
    }
}

/// A connection to the running server, if one answers on the data directory's socket.
pub async fn connect(data_dir: &Path) -> Option<UnixStream> {
    let path = socket_path(data_dir);
    if !path.exists() {
        return None;
    }
    UnixStream::connect(&path).await.ok()
}

/// Sends `request` and hands every answer line to `on_answer` until the server closes.
pub async fn ask(
    mut stream: UnixStream,
    request: &Request,
    mut on_answer: impl FnMut(Answer),
) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(request).map_err(std::io::Error::other)?;
    line.push(b'\n');
    stream.write_all(&line).await?;
    let mut lines = BufReader::new(stream).lines();
    while let Some(line) = lines.next_line().await? {
        let answer = serde_json::from_str(&line).map_err(std::io::Error::other)?;
        on_answer(answer);
    }
    Ok(())
}

/// Removes the socket when the server stops.
pub fn remove_socket(data_dir: &Path) {
    let _ = std::fs::remove_file(socket_path(data_dir));
}
