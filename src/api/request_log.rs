//! A log line per request, at `info` under the target `heimservice::requests`, which
//! the default log filter leaves out (see logging.rs). While that level is off, a
//! request costs nothing here: no span, no formatted client address.

use std::time::Instant;

use poem::{Endpoint, IntoResponse, Middleware, Request, Response, Result};

/// The target the request lines are logged under: `RUST_LOG=info` shows them.
pub const TARGET: &str = "heimservice::requests";

pub struct RequestLog;

impl<E: Endpoint> Middleware<E> for RequestLog {
    type Output = RequestLogEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        RequestLogEndpoint { inner }
    }
}

pub struct RequestLogEndpoint<E> {
    inner: E,
}

impl<E: Endpoint> Endpoint for RequestLogEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        if !tracing::enabled!(target: TARGET, tracing::Level::INFO) {
            return self.inner.call(req).await.map(IntoResponse::into_response);
        }
        let method = req.method().clone();
        let uri = req.original_uri().clone();
        let remote = match req.remote_addr().as_socket_addr() {
            Some(addr) => addr.to_string(),
            None => req.remote_addr().to_string(),
        };
        let started = Instant::now();
        let result = self.inner.call(req).await.map(IntoResponse::into_response);
        let status = match &result {
            Ok(response) => response.status(),
            Err(error) => error.status(),
        };
        tracing::info!(
            target: TARGET,
            %method,
            %uri,
            %remote,
            status = status.as_u16(),
            elapsed_ms = %format_args!("{:.1}", started.elapsed().as_secs_f64() * 1000.0),
            "request"
        );
        result
    }
}
