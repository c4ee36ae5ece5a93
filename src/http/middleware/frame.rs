//! The layer every request passes through, as one endpoint rather than a stack of
//! middleware (each `around` layer costs a shared reference count per request). In
//! order: a connection over its address's cap is refused (`over_cap`), the body is
//! read within its size and time limits (`body_limit`), `/` sends visitors to the
//! storefront, the storefront's menu reads are answered from memory without routing
//! (`menu`), the handlers get the shared state, a large JSON or HTML answer is compressed
//! for a client that takes it (`compression`), and every answer gets the security
//! headers and, when asked for, a log line.

use std::sync::Arc;
use std::time::Duration;

use poem::web::Redirect;
use poem::{Endpoint, IntoResponse, Request, Response, Result};

use super::{body_limit, over_cap};
use crate::http::AppState;
use crate::http::compression::{self, Coding};
use crate::http::middleware::request_log::RequestLine;
use crate::http::middleware::security_headers::SecurityHeaders;
use crate::http::routes::catalog::menu;

/// The application state as request data, for the extractors that are not handler
/// methods (the bearer-token checks).
#[derive(Clone)]
pub struct SharedState(pub Arc<AppState>);

pub struct Frame<E> {
    pub inner: E,
    pub state: SharedState,
    /// Where `/` leads: the storefront, e.g. `/order-online/`.
    pub home: String,
    pub headers: SecurityHeaders,
    pub body_timeout: Duration,
}

impl<E: Endpoint> Endpoint for Frame<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let line = RequestLine::start(&req);
        let coding = Coding::of_request(req.headers());
        let mut response = compression::on_the_fly(self.respond(req).await, coding).await;
        self.headers.apply(&mut response);
        if let Some(line) = line {
            line.finish(response.status());
        }
        Ok(response)
    }
}

impl<E: Endpoint> Frame<E> {
    async fn respond(&self, mut req: Request) -> Response {
        if let Some(refusal) = over_cap::refusal(&req) {
            return refusal;
        }
        if let Err(refusal) = body_limit::read_body(self.body_timeout, &mut req).await {
            return refusal;
        }
        if req.uri().path() == "/" && (req.method() == "GET" || req.method() == "HEAD") {
            return Redirect::temporary(self.home.as_str()).into_response();
        }
        if let Some(menu) = menu::read_before_routing(&self.state.0, &req) {
            return menu;
        }
        req.extensions_mut().insert(self.state.clone());
        match self.inner.call(req).await {
            Ok(output) => output.into_response(),
            Err(error) => error.into_response(),
        }
    }
}
