//! Starting and stopping the HTTP server.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

use crate::http::middleware::security_headers::Hsts;

use crate::auth::tokens::TokenKeys;
use crate::clock::Clock;
use crate::config::{Config, TlsSetup};
use crate::control;
use crate::db::{Db, Storage};
use crate::http::connection_limits::{ConnectionLimits, fit_to_open_files};
use crate::http::menu_snapshot::MenuCache;
use crate::http::serve::{PlainConnections, Timeouts};
use crate::http::tls::acme::AcmeCertificates;
use crate::http::{self, AppState, serve as http_serve, tls};
use crate::shop::Shop;
use crate::startup_error::StartupError;

/// How long open requests may take to finish after a shutdown signal.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);
/// A connection on which nothing moves and no request is being handled for this long
/// is closed, so a stalled client cannot hold it (and a Pi's few file descriptors)
/// forever. Idle kept-alive connections end sooner, at the header timeout.
const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// A started server. [`RunningServer::stop`] stops it gracefully; dropping the handle
/// also starts a graceful shutdown.
pub struct RunningServer {
    /// The address actually bound (the real port when the config asked for port 0).
    pub addr: SocketAddr,
    pub config: Arc<Config>,
    pub db: Db,
    /// The server's clock; tests move a started one forward.
    pub clock: Clock,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

impl RunningServer {
    /// The storefront's address, e.g. `http://127.0.0.1:8080/order-online/`.
    pub fn storefront_url(&self) -> String {
        let scheme = if self.config.tls.is_some() {
            "https"
        } else {
            "http"
        };
        format!(
            "{scheme}://{}{}/",
            display_addr(self.addr),
            self.config.base_path
        )
    }

    /// Stops accepting connections, lets open requests finish, and waits for it and
    /// (at most [`SHUTDOWN_GRACE`]) for the database to close, so that a server can be
    /// started again on the same data directory at once.
    pub async fn stop(self) -> Result<(), StartupError> {
        let RunningServer {
            shutdown, task, db, ..
        } = self;
        let _ = shutdown.send(());
        let result = join(task).await;
        if tokio::time::timeout(SHUTDOWN_GRACE, db.close())
            .await
            .is_err()
        {
            tracing::warn!("the database is still in use after the shutdown");
        }
        result
    }

    /// Waits until the server ends (after a shutdown signal).
    pub async fn wait(self) -> Result<(), StartupError> {
        let RunningServer { shutdown, task, .. } = self;
        let result = join(task).await;
        drop(shutdown);
        result
    }

    /// Stops the server when `signal` completes.
    pub fn stop_on(self, signal: impl Future<Output = ()> + Send + 'static) -> Self {
        let RunningServer {
            addr,
            config,
            db,
            clock,
            shutdown,
            task,
        } = self;
        let (forward, shutdown_rx) = oneshot::channel();
        tokio::spawn(async move {
            tokio::select! {
                _ = signal => { let _ = shutdown.send(()); }
                _ = shutdown_rx => { let _ = shutdown.send(()); }
            }
        });
        RunningServer {
            addr,
            config,
            db,
            clock,
            shutdown: forward,
            task,
        }
    }
}

async fn join(task: JoinHandle<std::io::Result<()>>) -> Result<(), StartupError> {
    match task.await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(error)) => Err(StartupError::Serve(error.to_string())),
        Err(error) => Err(StartupError::Serve(error.to_string())),
    }
}

/// Opens the data directory and database, binds the listener and starts serving.
pub async fn start(config: Config) -> Result<RunningServer, StartupError> {
    start_with(config, Storage::default()).await
}

/// Like [`start`], reaching the database file through `storage` (tests use it to
/// inject storage faults).
pub async fn start_with(config: Config, storage: Storage) -> Result<RunningServer, StartupError> {
    prepare_data_dir(&config.data_dir)?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|error| StartupError::listen(config.listen, &error))?;
    let addr = listener
        .local_addr()
        .map_err(|error| StartupError::listen(config.listen, &error))?;
    let links_origin = config
        .links_origin(addr)
        .ok_or(StartupError::PublicOriginMissing { listen: addr })?;
    let (db, report) = Db::open_with(&config.data_dir, config.store_id, storage)?;
    tracing::info!(
        open_ms = report.opened.took.as_millis() as u64,
        repaired = report.opened.repaired,
        path = %db.path().display(),
        "database opened"
    );
    if let Some(backup) = &report.upgrade_backup {
        tracing::info!(backup = %backup.display(), "database backed up before the upgrade");
    }
    if let Some(from) = report.migrated_from {
        tracing::info!(from, path = %db.path().display(), "database migrated");
    }
    if report.seeded_demo {
        tracing::info!("first start: seeded the demo restaurant");
    }
    let tokens = TokenKeys::load_or_create(&config.data_dir)
        .map_err(|error| StartupError::Secret(error.to_string()))?;
    let clock = config
        .testing
        .clock_start
        .map_or_else(Clock::system, Clock::starting_at);
    let today = clock.now().with_timezone(&config.timezone).date_naive();
    let (catalog, version, stock) = db
        .menu_state(today)
        .await
        .map_err(|error| StartupError::Serve(error.to_string()))?;
    let limits = ConnectionLimits::new(
        fit_to_open_files(config.limits.connections),
        config.limits.connections_per_ip,
        config.trusted_proxies.clone(),
    );
    let mut acme_certificates = None;
    let mut hsts = Hsts::Off;
    let acceptor = match &config.tls {
        Some(TlsSetup::Files(files)) => {
            hsts = Hsts::On;
            let tls =
                tls::server_config(&files.cert_file, &files.key_file).map_err(StartupError::Tls)?;
            Acceptors::Tls(
                tls::TlsAcceptorTask::start(listener, tls, limits)
                    .map_err(|error| StartupError::listen(addr, &error))?,
            )
        }
        Some(TlsSetup::Acme(settings)) => {
            let certificates = AcmeCertificates::prepare(settings, &config.data_dir)
                .map_err(StartupError::Acme)?;
            let tls =
                tls::acme_server_config(certificates.resolver()).map_err(StartupError::Acme)?;
            hsts = Hsts::WhenIssued(certificates.resolver());
            acme_certificates = Some(certificates);
            Acceptors::Tls(
                tls::TlsAcceptorTask::start(listener, tls, limits)
                    .map_err(|error| StartupError::listen(addr, &error))?,
            )
        }
        None => Acceptors::Plain(
            PlainConnections::new(listener, limits)
                .map_err(|error| StartupError::listen(addr, &error))?,
        ),
    };
    let timeouts = Timeouts {
        header: config.limits.header_timeout,
        idle: IDLE_TIMEOUT,
        shutdown_grace: SHUTDOWN_GRACE,
    };
    let config = Arc::new(config);
    let menu = Arc::new(MenuCache::new(&catalog, version, &stock));
    let shop = Shop::open(Arc::clone(&config), db.clone(), clock, vec![menu.clone()])
        .await?
        .with_web_push()?;
    // Background work that holds the database ends when this turns true.
    let (finishing, finishing_rx) = watch::channel(false);
    let background = shop.start_background(finishing_rx).await;
    let (stop_requested, mut stop_rx) = watch::channel(false);
    let control =
        control::listen(&config.data_dir, shop.clone(), stop_requested).map_err(|error| {
            StartupError::DataDir {
                path: control::socket_path(&config.data_dir),
                reason: format!("cannot open the control socket: {error}"),
            }
        })?;
    let state = AppState::new(shop, Arc::clone(&config), tokens, menu, links_origin);
    // Started once the listener answers, which the TLS-ALPN-01 validation needs.
    let acme = acme_certificates.map(AcmeCertificates::spawn);
    let data_dir = config.data_dir.clone();
    let app = http::app(state, hsts);
    let (shutdown, shutdown_rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let stopped = async move {
            tokio::select! {
                _ = shutdown_rx => {}
                _ = stop_rx.wait_for(|stop| *stop) => {}
            }
        };
        let served = match acceptor {
            Acceptors::Plain(acceptor) => http_serve::serve(acceptor, app, timeouts, stopped).await,
            Acceptors::Tls(acceptor) => http_serve::serve(acceptor, app, timeouts, stopped).await,
        };
        // Each of these holds the database, which must be closed when `stop` returns (a
        // restart opens it again at once): they finish what they are doing (a database
        // read on a blocking thread goes on even when its task is aborted) and end.
        let _ = finishing.send(true);
        control.abort();
        for helper in background.into_iter().chain([control]) {
            let _ = helper.await;
        }
        if let Some(acme) = acme {
            acme.abort();
        }
        control::remove_socket(&data_dir);
        served
    });
    Ok(RunningServer {
        addr,
        config,
        db,
        clock,
        shutdown,
        task,
    })
}

/// Plain HTTP, or HTTPS with the configured certificate.
enum Acceptors {
    Plain(PlainConnections),
    Tls(tls::TlsAcceptorTask),
}

/// Resolves on Ctrl-C or SIGTERM (what systemd sends). The handlers are installed
/// when this is called, not when the future is first polled, so a signal that arrives
/// right after startup is not lost.
#[cfg(unix)]
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    use tokio::signal::unix::{SignalKind, signal};
    let interrupt = signal(SignalKind::interrupt());
    let terminate = signal(SignalKind::terminate());
    async move {
        let (Ok(mut interrupt), Ok(mut terminate)) = (interrupt, terminate) else {
            tracing::warn!("cannot install signal handlers; stop the server with SIGKILL");
            return std::future::pending().await;
        };
        tokio::select! {
            _ = interrupt.recv() => {},
            _ = terminate.recv() => {},
        }
        tracing::info!("shutting down");
    }
}

#[cfg(not(unix))]
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    async {
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("shutting down");
    }
}

/// Creates the data directory (mode 0700) if needed and checks that it is writable.
pub fn prepare_data_dir(dir: &Path) -> Result<(), StartupError> {
    let fail = |reason: String| StartupError::DataDir {
        path: dir.to_path_buf(),
        reason,
    };
    if dir.exists() && !dir.is_dir() {
        return Err(fail("it exists but is not a directory".into()));
    }
    if !dir.exists() {
        create_private_dir(dir).map_err(|error| fail(error.to_string()))?;
    }
    let probe = dir.join(".heimservice-write-check");
    std::fs::write(&probe, b"ok")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|error| fail(format!("it is not writable ({error})")))
}

#[cfg(unix)]
pub(crate) fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

#[cfg(not(unix))]
pub(crate) fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)
}

/// An address a browser on this machine can open: 0.0.0.0 becomes 127.0.0.1.
fn display_addr(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => {
            SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port())
        }
        IpAddr::V6(ip) if ip.is_unspecified() => {
            SocketAddr::new(IpAddr::V6(Ipv6Addr::LOCALHOST), addr.port())
        }
        _ => addr,
    }
}
