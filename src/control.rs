//! The local control channel. redb lets one process open the database, so while the
//! shop runs, the command line asks the server to do the work: a Unix socket in the
//! data directory (mode 0600, so only the service's user may use it), one JSON request
//! line per connection, JSON answer lines back (progress, then a result or an error).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::watch;

use crate::admin_accounts::{AdminOutcome, AdminRequest, carry_out};
use crate::clock::Clock;
use crate::db::Db;
use crate::db::backup::{BackupInfo, default_backup_name};
use crate::domain::catalog::menu_document::MenuDocument;
use crate::http::menu_snapshot::MenuCache;
use crate::menu_transfer::{ImportOutcome, export_menu, import_menu};
use crate::readiness::{Readiness, ReadinessReport};

pub const SOCKET_FILE_NAME: &str = "control.sock";
/// A menu document is the largest request; the socket is the owner's alone (mode 0600).
const MAX_REQUEST_BYTES: usize = 8 * 1024 * 1024;

pub fn socket_path(data_dir: &Path) -> PathBuf {
    data_dir.join(SOCKET_FILE_NAME)
}

/// Where backups go unless a file is named.
pub fn backup_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("backups")
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
/// What the control requests work on.
#[derive(Clone)]
pub struct Shop {
    pub db: Db,
    pub clock: Clock,
    /// The public menu, refreshed after an import.
    pub menu: Arc<MenuCache>,
    /// Recomputed after an import; asked by `heimservice check`.
    pub readiness: Arc<Readiness>,
}

pub fn listen(
    data_dir: &Path,
    shop: Shop,
    stop: watch::Sender<bool>,
) -> std::io::Result<tokio::task::JoinHandle<()>> {
    let path = socket_path(data_dir);
    let _ = std::fs::remove_file(&path);
    let listener = UnixListener::bind(&path)?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
    let data_dir = data_dir.to_path_buf();
    Ok(tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let (shop, stop, data_dir) = (shop.clone(), stop.clone(), data_dir.clone());
            tokio::spawn(async move {
                if let Err(error) = serve(stream, &data_dir, shop, stop).await {
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
    data_dir: &Path,
    shop: Shop,
    stop: watch::Sender<bool>,
) -> std::io::Result<()> {
    let Shop {
        db,
        clock,
        menu,
        readiness,
    } = shop;
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
        Request::Ping => {
            send(
                &mut stream,
                &Answer::Pong {
                    pid: std::process::id(),
                },
            )
            .await
        }
        Request::Admin(request) => {
            let answer = match carry_out(&db, request).await {
                Ok(outcome) => Answer::Admin { outcome },
                Err(detail) => Answer::Error { detail },
            };
            send(&mut stream, &answer).await
        }
        Request::MenuExport => {
            let answer = match export_menu(&db).await {
                Ok(document) => Answer::Menu {
                    document: Box::new(document),
                },
                Err(detail) => Answer::Error { detail },
            };
            send(&mut stream, &answer).await
        }
        Request::MenuImport { document, dry_run } => {
            let answer = match import_menu(&db, Some(&menu), *document, dry_run).await {
                Ok(outcome) => {
                    if !dry_run {
                        readiness.refresh_logged().await;
                    }
                    Answer::MenuImported { outcome }
                }
                Err(detail) => Answer::Error { detail },
            };
            send(&mut stream, &answer).await
        }
        Request::Check => {
            let answer = match readiness.report().await {
                Ok(report) => Answer::Readiness {
                    report: Box::new(report),
                },
                Err(error) => Answer::Error {
                    detail: error.to_string(),
                },
            };
            send(&mut stream, &answer).await
        }
        Request::Stop => {
            send(&mut stream, &Answer::Stopping).await?;
            tracing::info!("stopping on request of the command line");
            let _ = stop.send(true);
            Ok(())
        }
        Request::Backup { path } => {
            let now = clock.now();
            let dest = path.unwrap_or_else(|| backup_dir(data_dir).join(default_backup_name(now)));
            let (progress_tx, mut progress_rx) = tokio::sync::mpsc::unbounded_channel();
            let backup = db.backup_to(dest, now.timestamp().max(0) as u64, move |done, total| {
                let _ = progress_tx.send((done, total));
            });
            tokio::pin!(backup);
            let result = loop {
                tokio::select! {
                    result = &mut backup => break result,
                    Some((done, total)) = progress_rx.recv() => {
                        send(&mut stream, &Answer::Progress { done, total }).await?;
                    }
                }
            };
            let answer = match result {
                Ok(info) => {
                    tracing::info!(path = %info.path.display(), bytes = info.bytes, "backup written");
                    Answer::from(info)
                }
                Err(error) => Answer::Error {
                    detail: error.to_string(),
                },
            };
            send(&mut stream, &answer).await
        }
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
