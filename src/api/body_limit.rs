//! A hard cap on request bodies. poem's own `SizeLimit` trusts `Content-Length` alone
//! (and rejects requests without one), so a chunked upload could be endless: here a
//! declared length over the cap is refused at once, and a body without a declared
//! length is read up to the cap and refused beyond it.

use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response, Result};

use super::MAX_BODY_BYTES;
use super::error::json_response;

pub async fn limit_body<E: Endpoint>(next: Arc<E>, mut req: Request) -> Result<Response> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    match declared {
        Some(length) if length > MAX_BODY_BYTES as u64 => return Ok(too_large()),
        Some(_) => {}
        None if req.headers().contains_key(header::TRANSFER_ENCODING) => {
            match req.take_body().into_bytes_limit(MAX_BODY_BYTES).await {
                Ok(bytes) => req.set_body(bytes),
                Err(_) => return Ok(too_large()),
            }
        }
        None => {}
    }
    Ok(next.call(req).await?.into_response())
}

fn too_large() -> Response {
    json_response(
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        &format!(
            "The request body is larger than {} KiB.",
            MAX_BODY_BYTES / 1024
        ),
    )
}
