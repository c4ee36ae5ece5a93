//! A log line per request, at `info` under the target `heimservice::requests`, which
//! the default log filter leaves out (see logging.rs). While that level is off, a
//! request costs nothing here: no span, no formatted client address.

use std::time::Instant;

use poem::Request;
use poem::http::{Method, StatusCode, Uri};

/// The target the request lines are logged under: `RUST_LOG=info` shows them.
pub const TARGET: &str = "heimservice::requests";

/// What the line says of a request, noted before it is handled.
pub struct RequestLine {
    method: Method,
    uri: Uri,
    remote: String,
    started: Instant,
}

impl RequestLine {
    /// `None` while request lines are not logged.
    pub fn start(req: &Request) -> Option<RequestLine> {
        if !tracing::enabled!(target: TARGET, tracing::Level::INFO) {
            return None;
        }
        let remote = match req.remote_addr().as_socket_addr() {
            Some(addr) => addr.to_string(),
            None => req.remote_addr().to_string(),
        };
        Some(RequestLine {
            method: req.method().clone(),
            uri: req.original_uri().clone(),
            remote,
            started: Instant::now(),
        })
    }

    pub fn finish(self, status: StatusCode) {
        let RequestLine {
            method,
            uri,
            remote,
            started,
        } = self;
        tracing::info!(
            target: TARGET,
            %method,
            %uri,
            %remote,
            status = status.as_u16(),
            elapsed_ms = %format_args!("{:.1}", started.elapsed().as_secs_f64() * 1000.0),
            "request"
        );
    }
}
