//! The layer every request passes through, as one endpoint rather than a stack of
//! middleware (each `around` layer costs a shared reference count per request). In
//! order: a connection over its address's cap is refused (`over_cap`), the body is
//! read within its size and time limits (`body_limit`), `/` sends visitors to the
//! storefront, the storefront's menu reads are answered from memory without routing
//! (`menu`), the handlers get the shared state, a large JSON or HTML answer is compressed
//! for a client that takes it (`compression`), and every answer gets the security
//! headers and, when asked for, a log line; it is counted by route for `/metrics`
//! (`request_metrics`), with the time it took until its answer was ready.

use std::sync::Arc;
use std::time::{Duration, Instant};

use poem::PathPattern;
use poem::web::Redirect;
use poem::{Endpoint, IntoResponse, Request, Response, Result};

use super::{body_limit, over_cap};
use crate::http::AppState;
use crate::http::compression::{self, Coding};
use crate::http::middleware::request_log::RequestLine;
use crate::http::middleware::security_headers::SecurityHeaders;
use crate::http::request_metrics::RouteIndex;
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
        let started = Instant::now();
        let line = RequestLine::start(&req);
        let coding = Coding::of_request(req.headers());
        let (response, route) = self.respond(req).await;
        let mut response = compression::on_the_fly(response, coding).await;
        self.headers.apply(&mut response);
        self.state
            .0
            .requests
            .record(route, response.status(), started.elapsed());
        if let Some(line) = line {
            line.finish(response.status());
        }
        Ok(response)
    }
}

impl<E: Endpoint> Frame<E> {
    /// The answer, and the route it is counted under: the router's pattern of the
    /// route that answered (a menu read answered here is its own route's).
    async fn respond(&self, mut req: Request) -> (Response, RouteIndex) {
        let other = |response| (response, RouteIndex::OTHER);
        if let Some(refusal) = over_cap::refusal(&req) {
            return other(refusal);
        }
        if let Err(refusal) = body_limit::read_body(self.body_timeout, &mut req).await {
            return other(refusal);
        }
        if req.uri().path() == "/" && (req.method() == "GET" || req.method() == "HEAD") {
            return other(Redirect::temporary(self.home.as_str()).into_response());
        }
        let requests = &self.state.0.requests;
        if let Some(menu) = menu::read_before_routing(&self.state.0, &req) {
            let path = req.uri().path();
            let route = requests.route(Some(path.strip_suffix('/').unwrap_or(path)));
            return (menu, route);
        }
        req.extensions_mut().insert(self.state.clone());
        let response = match self.inner.call(req).await {
            Ok(output) => output.into_response(),
            Err(error) => error.into_response(),
        };
        let pattern = response.data::<PathPattern>().map(|pattern| &*pattern.0);
        let route = requests.route(pattern);
        (response, route)
    }
}
