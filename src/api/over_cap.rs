//! The answer for a connection over its address's cap (see `connection_limits`): 503
//! with `Retry-After`, and the connection is closed after it.

use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response, Result};

use super::error::json_response;
use crate::http_serve::OverConnectionCap;

/// Seconds a refused client is asked to wait.
const RETRY_AFTER_SECONDS: u32 = 5;

pub async fn refuse_over_cap<E: Endpoint>(next: Arc<E>, req: Request) -> Result<Response> {
    if req.extensions().get::<OverConnectionCap>().is_none() {
        return Ok(next.call(req).await?.into_response());
    }
    let mut response = json_response(
        StatusCode::SERVICE_UNAVAILABLE,
        "too_many_connections",
        "Too many open connections from your address; please try again in a few seconds.",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, RETRY_AFTER_SECONDS.into());
    response.headers_mut().insert(
        header::CONNECTION,
        header::HeaderValue::from_static("close"),
    );
    Ok(response)
}
