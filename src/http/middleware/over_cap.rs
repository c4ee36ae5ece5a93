//! The answer for a connection over its address's cap (see `connection_limits`): 503
//! with `Retry-After`, and the connection is closed after it.

use poem::http::{StatusCode, header};
use poem::{Request, Response};

use crate::domain::error::ErrorCode;
use crate::http::error::json_response;
use crate::http::serve::OverConnectionCap;

/// Seconds a refused client is asked to wait.
const RETRY_AFTER_SECONDS: u32 = 5;

/// The refusal for a request on a connection over its address's cap, `None` for the
/// others.
pub fn refusal(req: &Request) -> Option<Response> {
    req.extensions().get::<OverConnectionCap>()?;
    let mut response = json_response(
        StatusCode::SERVICE_UNAVAILABLE,
        ErrorCode::TooManyConnections,
        "Too many open connections from your address; please try again in a few seconds.",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, RETRY_AFTER_SECONDS.into());
    response.headers_mut().insert(
        header::CONNECTION,
        header::HeaderValue::from_static("close"),
    );
    Some(response)
}
