//! A hard cap on request bodies, in size and in time. poem's own `SizeLimit` trusts
//! `Content-Length` alone (and rejects requests without one), so a chunked upload could
//! be endless: here a declared length over the cap is refused at once, and a body is
//! read up to the cap and refused beyond it. A body that does not arrive within
//! `limits.body_timeout_seconds` (a client sending a byte now and then to hold the
//! connection) is answered 408.

use std::time::Duration;

use poem::http::{StatusCode, header};
use poem::{Request, Response};

use crate::domain::error::ErrorCode;
use crate::http::MAX_BODY_BYTES;
use crate::http::error::json_response;

/// Reads the request's body into memory, or answers why not. `limit`: how long the
/// whole body may take (`limits.body_timeout_seconds`).
pub async fn read_body(limit: Duration, req: &mut Request) -> Result<(), Response> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    let has_body = match declared {
        Some(length) if length > MAX_BODY_BYTES as u64 => return Err(too_large()),
        Some(length) => length > 0,
        None => req.headers().contains_key(header::TRANSFER_ENCODING),
    };
    if has_body {
        let body = req.take_body();
        match tokio::time::timeout(limit, body.into_bytes_limit(MAX_BODY_BYTES)).await {
            Ok(Ok(bytes)) => req.set_body(bytes),
            Ok(Err(poem::error::ReadBodyError::PayloadTooLarge)) => return Err(too_large()),
            Ok(Err(_)) => return Err(incomplete()),
            Err(_) => return Err(too_slow(limit)),
        }
    }
    Ok(())
}

fn too_large() -> Response {
    json_response(
        StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::PayloadTooLarge,
        &format!(
            "The request body is larger than {} KiB.",
            MAX_BODY_BYTES / 1024
        ),
    )
}

fn incomplete() -> Response {
    json_response(
        StatusCode::BAD_REQUEST,
        ErrorCode::IncompleteBody,
        "The request body could not be read completely.",
    )
}

fn too_slow(limit: Duration) -> Response {
    let mut response = json_response(
        StatusCode::REQUEST_TIMEOUT,
        ErrorCode::RequestTimeout,
        &format!(
            "The request body did not arrive within {} seconds.",
            limit.as_secs()
        ),
    );
    response.headers_mut().insert(
        header::CONNECTION,
        header::HeaderValue::from_static("close"),
    );
    response
}
