//! Why the server could not start, as one sentence that says what to do.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::config::ConfigError;
use crate::db::OpenError;

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("{0}. Fix the configuration and start again.")]
    Config(#[from] ConfigError),
    #[error(
        "cannot use the data directory {path}: {reason}. Choose a writable directory with --data-dir."
    )]
    DataDir { path: PathBuf, reason: String },
    #[error(
        "{0}. Stop the other process first (only one server may use a data directory), or choose another --data-dir."
    )]
    DatabaseLocked(OpenError),
    #[error("{0}. Run that newer version, or restore a backup made by this one.")]
    DatabaseNewer(OpenError),
    #[error("{0}. Check that the data directory is writable and the disk is not full.")]
    Database(OpenError),
    #[error("{0}. Check the data directory's permissions.")]
    Secret(String),
    #[error("{0}. Check tls.cert_file and tls.key_file (PEM files readable by the service).")]
    Tls(String),
    #[error("{0}. Check the tls.acme_* settings and the data directory.")]
    Acme(String),
    #[error("cannot listen on {addr}: {reason}")]
    Listen { addr: SocketAddr, reason: String },
    #[error(
        "public_origin is not set, but heimservice listens on {listen}, where others can reach it: links in mails (password reset, order status) must point to the address customers type. Set public_origin = \"https://pizza.example.com\" in the config file (or HEIMSERVICE_PUBLIC_ORIGIN), or listen on 127.0.0.1 behind a reverse proxy, and start again."
    )]
    PublicOriginMissing { listen: SocketAddr },
    #[error("the server stopped with an error: {0}")]
    Serve(String),
}

impl From<OpenError> for StartupError {
    fn from(error: OpenError) -> Self {
        match error {
            OpenError::Locked { .. } => StartupError::DatabaseLocked(error),
            OpenError::NewerSchema { .. } => StartupError::DatabaseNewer(error),
            OpenError::Io { .. } | OpenError::Other { .. } | OpenError::UpgradeBackup { .. } => {
                StartupError::Database(error)
            }
        }
    }
}

impl StartupError {
    /// Exit status: 2 for a configuration mistake, 1 for anything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            StartupError::Config(_) | StartupError::PublicOriginMissing { .. } => 2,
            _ => 1,
        }
    }

    pub fn listen(addr: SocketAddr, error: &std::io::Error) -> StartupError {
        let reason = match error.kind() {
            std::io::ErrorKind::AddrInUse => {
                "the address is already in use (is another heimservice or web server running?). Stop it, or choose another address with --listen".to_string()
            }
            std::io::ErrorKind::PermissionDenied => {
                "permission denied (ports below 1024 need extra privileges). Use a port such as 8080, or a reverse proxy".to_string()
            }
            std::io::ErrorKind::AddrNotAvailable => {
                "this machine has no such address. Use 127.0.0.1 or 0.0.0.0 with --listen".to_string()
            }
            _ => format!("{error}. Choose another address with --listen"),
        };
        StartupError::Listen { addr, reason }
    }
}
