//! The HTTP server loop. poem's own `Server` gives hyper no timer, so a client that
//! stops in the middle of its request header keeps its connection for good; here hyper
//! runs with a header timeout (which also ends idle kept-alive connections), every
//! connection holds its place in the [`ConnectionLimits`] until it closes (live sockets
//! included), a connection whose response is stuck because the client stopped reading
//! is closed after the idle timeout, and a stop lets open requests finish for a while.

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper::body::Incoming as IncomingBody;
use hyper::server::conn::{http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use poem::Endpoint;
use poem::http::uri::Scheme;
use poem::web::{LocalAddr, RemoteAddr};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::http::connection_limits::{Admission, ConnectionLimits, ConnectionSlot};

/// Marks a request that came on a connection over its address's cap; the app answers
/// it 503 (see `api::app`).
#[derive(Clone, Copy, Debug)]
pub struct OverConnectionCap;

/// The largest request header accepted (hyper answers 431 beyond it).
const MAX_HEADER_BYTES: usize = 64 * 1024;
/// How long a connection closed for quiet may take to say goodbye (HTTP/2's GOAWAY).
const GOODBYE_LIMIT: Duration = Duration::from_secs(1);

#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// For a request's header, and for the next request on a kept-alive connection.
    pub header: Duration,
    /// A connection with no request being handled and no bytes moving for this long
    /// is closed (a response the client stopped reading, an idle HTTP/2 connection).
    pub idle: Duration,
    /// How long open requests may take to finish after the stop signal.
    pub shutdown_grace: Duration,
}

/// Where connections come from: plain TCP, or finished TLS handshakes.
pub trait Connections: Send + 'static {
    type Io: AsyncRead + AsyncWrite + Send + Unpin + 'static;
    /// The next connection the caps let in; `None` when the listener has stopped.
    fn next(&mut self) -> impl Future<Output = Option<(Self::Io, SocketAddr, Admission)>> + Send;
    fn local_addr(&self) -> SocketAddr;
    fn scheme(&self) -> Scheme;
    /// Whether the client chose HTTP/2 (over TLS, by ALPN); otherwise HTTP/1.1 is spoken,
    /// without guessing from the first bytes (which a silent client never sends).
    fn speaks_http2(io: &Self::Io) -> bool;
}

/// Plain HTTP connections from a TCP listener.
pub struct PlainConnections {
    listener: TcpListener,
    local: SocketAddr,
    limits: Arc<ConnectionLimits>,
}

impl PlainConnections {
    pub fn new(listener: TcpListener, limits: Arc<ConnectionLimits>) -> io::Result<Self> {
        let local = listener.local_addr()?;
        Ok(PlainConnections {
            listener,
            local,
            limits,
        })
    }
}

impl Connections for PlainConnections {
    type Io = tokio::net::TcpStream;

    async fn next(&mut self) -> Option<(Self::Io, SocketAddr, Admission)> {
        Some(self.limits.accept(&self.listener).await)
    }

    fn local_addr(&self) -> SocketAddr {
        self.local
    }

    fn scheme(&self) -> Scheme {
        Scheme::HTTP
    }

    fn speaks_http2(_: &Self::Io) -> bool {
        false
    }
}

/// Serves `app` on every connection until `stopped` completes, then waits up to the
/// grace period for open requests.
pub async fn serve<C: Connections, E: Endpoint + 'static>(
    mut connections: C,
    app: E,
    timeouts: Timeouts,
    stopped: impl Future<Output = ()> + Send,
) -> io::Result<()> {
    let app = Arc::new(app);
    let (stop_all, stopping) = watch::channel(false);
    let mut open = JoinSet::new();
    let local = connections.local_addr();
    let scheme = connections.scheme();
    tokio::pin!(stopped);
    loop {
        tokio::select! {
            _ = &mut stopped => break,
            Some(_) = open.join_next(), if !open.is_empty() => {}
            next = connections.next() => {
                let Some((io, remote, admission)) = next else { break };
                let connection = Connection {
                    local,
                    remote,
                    scheme: scheme.clone(),
                    http2: C::speaks_http2(&io),
                    timeouts,
                };
                open.spawn(connection.serve(io, admission, Arc::clone(&app), stopping.clone()));
            }
        }
    }
    drop(connections);
    let _ = stop_all.send(true);
    let drained = tokio::time::timeout(timeouts.shutdown_grace, async {
        while open.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            connections = open.len(),
            "requests still open after the grace period were cut off"
        );
        open.abort_all();
        // Until they are dropped they hold the app, and with it the database.
        while open.join_next().await.is_some() {}
    }
    Ok(())
}

struct Connection {
    local: SocketAddr,
    remote: SocketAddr,
    scheme: Scheme,
    http2: bool,
    timeouts: Timeouts,
}

impl Connection {
    async fn serve<Io, E>(
        self,
        io: Io,
        admission: Admission,
        app: Arc<E>,
        stopping: watch::Receiver<bool>,
    ) where
        Io: AsyncRead + AsyncWrite + Send + Unpin + 'static,
        E: Endpoint + 'static,
    {
        let (slot, over_cap) = match admission {
            Admission::Serve(slot) => (slot, false),
            Admission::Refuse(slot) => (slot, true),
        };
        let activity = Arc::new(Activity::new());
        let handling = Arc::new(AtomicUsize::new(0));
        let io = CountedIo {
            inner: io,
            activity: Arc::clone(&activity),
            _slot: slot,
        };
        let Connection {
            local,
            remote,
            scheme,
            http2,
            timeouts,
        } = self;
        let service = {
            let handling = Arc::clone(&handling);
            hyper::service::service_fn(move |mut request: hyper::Request<IncomingBody>| {
                let (app, handling, scheme) =
                    (Arc::clone(&app), Arc::clone(&handling), scheme.clone());
                async move {
                    let _handling = Handling::enter(&handling);
                    if over_cap {
                        request.extensions_mut().insert(OverConnectionCap);
                    }
                    let request = poem::Request::from((
                        request,
                        LocalAddr(local.into()),
                        RemoteAddr(remote.into()),
                        scheme,
                    ));
                    let response = app.get_response(request).await;
                    Ok::<_, Infallible>(hyper::Response::<ResponseBody>::from(response))
                }
            })
        };
        let io = TokioIo::new(io);
        let watch = Watch {
            remote,
            activity,
            handling,
            // HTTP/1.1's idle time between requests is bounded by hyper's header timeout;
            // HTTP/2 has no header timeout in hyper, so a quiet one ends sooner.
            quiet_limit: if http2 {
                timeouts.header
            } else {
                timeouts.idle
            },
        };
        if http2 && !over_cap {
            let connection = http2::Builder::new(TokioExecutor::new())
                .timer(TokioTimer::new())
                .max_pending_accept_reset_streams(20)
                .max_header_list_size(MAX_HEADER_BYTES as u32)
                .keep_alive_interval(timeouts.idle)
                .keep_alive_timeout(timeouts.header)
                .serve_connection(io, service);
            watch.drive(connection, stopping).await;
        } else {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(timeouts.header)
                .max_header_size(MAX_HEADER_BYTES)
                .keep_alive(!over_cap)
                .serve_connection(io, service)
                .with_upgrades();
            watch.drive(connection, stopping).await;
        }
    }
}

/// hyper's HTTP/1.1 and HTTP/2 connections, driven alike.
trait HttpConnection: Future {
    fn shut_down(self: Pin<&mut Self>);
}

impl<I, S, B> HttpConnection for http1::UpgradeableConnection<I, S>
where
    Self: Future,
    S: hyper::service::HttpService<IncomingBody, ResBody = B>,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
    B: hyper::body::Body + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    fn shut_down(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

impl<I, S, B, E> HttpConnection for http2::Connection<I, S, E>
where
    Self: Future,
    S: hyper::service::HttpService<IncomingBody, ResBody = B>,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    I: hyper::rt::Read + hyper::rt::Write + Unpin,
    B: hyper::body::Body + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    E: hyper::rt::bounds::Http2ServerConnExec<S::Future, B>,
{
    fn shut_down(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

/// Watches a connection while hyper serves it.
struct Watch {
    remote: SocketAddr,
    activity: Arc<Activity>,
    handling: Arc<AtomicUsize>,
    /// With no request being handled, nothing may stay quiet longer than this.
    quiet_limit: Duration,
}

impl Watch {
    async fn drive<C: HttpConnection>(self, connection: C, mut stopping: watch::Receiver<bool>) {
        tokio::pin!(connection);
        let mut tick = tokio::time::interval(self.quiet_limit.min(Duration::from_secs(4)) / 4);
        loop {
            tokio::select! {
                _ = connection.as_mut() => return,
                changed = stopping.changed() => {
                    if changed.is_err() || *stopping.borrow() {
                        connection.as_mut().shut_down();
                        let _ = connection.await;
                        return;
                    }
                }
                _ = tick.tick() => {
                    if self.handling.load(Ordering::Acquire) == 0
                        && self.activity.quiet_for() >= self.quiet_limit
                    {
                        tracing::debug!(remote = %self.remote, "connection closed: nothing moved for too long");
                        // HTTP/2 says GOAWAY first, so a request crossing it is retried
                        // by the browser instead of failing; a peer that does not read
                        // it is dropped all the same.
                        connection.as_mut().shut_down();
                        let _ = tokio::time::timeout(GOODBYE_LIMIT, connection).await;
                        return;
                    }
                }
            }
        }
    }
}

type ResponseBody = http_body_util::combinators::BoxBody<Bytes, io::Error>;

/// Counts a request being handled while it lives.
struct Handling(Arc<AtomicUsize>);

impl Handling {
    fn enter(count: &Arc<AtomicUsize>) -> Handling {
        count.fetch_add(1, Ordering::AcqRel);
        Handling(Arc::clone(count))
    }
}

impl Drop for Handling {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// When bytes last moved on a connection.
struct Activity {
    start: Instant,
    last_ms: AtomicU64,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
        }
    }

    fn touch(&self) {
        let now = self.start.elapsed().as_millis() as u64;
        self.last_ms.store(now, Ordering::Relaxed);
    }

    fn quiet_for(&self) -> Duration {
        let now = self.start.elapsed().as_millis() as u64;
        Duration::from_millis(now.saturating_sub(self.last_ms.load(Ordering::Relaxed)))
    }
}

/// A connection's stream: records activity, and holds the connection's place in the
/// caps until it is dropped, which for a live socket is when the socket closes.
struct CountedIo<Io> {
    inner: Io,
    activity: Arc<Activity>,
    _slot: ConnectionSlot,
}

impl<Io: AsyncRead + Unpin> AsyncRead for CountedIo<Io> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let result = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(result, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touch();
        }
        result
    }
}

impl<Io: AsyncWrite + Unpin> AsyncWrite for CountedIo<Io> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(result, Poll::Ready(Ok(written)) if written > 0) {
            self.activity.touch();
        }
        result
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(result, Poll::Ready(Ok(written)) if written > 0) {
            self.activity.touch();
        }
        result
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
