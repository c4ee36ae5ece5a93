//! The public menu reads (spec §7) are answered from the in-memory snapshot. The
//! handlers sit with the writes of the same path (an OpenAPI path item must come from
//! one API), and call [`public_read`].

use poem::http::HeaderMap;
use poem_openapi::ApiResponse;

use super::AppState;
use super::error::ApiError;
use super::menu_snapshot::{MenuSnapshot, PreEncodedJson};

#[derive(ApiResponse)]
pub enum Cached<T: poem_openapi::types::Type + Send> {
    /// The current data.
    #[oai(status = 200)]
    Ok(
        PreEncodedJson<T>,
        #[oai(header = "ETag")] String,
        #[oai(header = "Cache-Control")] String,
    ),
    /// Unchanged since the ETag sent in `If-None-Match`.
    #[oai(status = 304)]
    NotModified(#[oai(header = "ETag")] String),
}

/// Revalidate every time; cheap thanks to the ETag.
const REVALIDATE: &str = "no-cache";

/// Answers a public menu read from the current snapshot: 404 for another store, 304
/// when the client's ETag is current.
pub fn public_read<T: poem_openapi::types::Type + Send>(
    state: &AppState,
    store_id: Option<u64>,
    headers: &HeaderMap,
    pick: impl FnOnce(&MenuSnapshot) -> PreEncodedJson<T>,
) -> Result<Cached<T>, ApiError> {
    if let Some(store_id) = store_id {
        state.check_store(store_id)?;
    }
    let snapshot = state.menu.get();
    let if_none_match = headers
        .get(poem::http::header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok());
    if snapshot.matches(if_none_match) {
        return Ok(Cached::NotModified(snapshot.etag.clone()));
    }
    Ok(Cached::Ok(
        pick(&snapshot),
        snapshot.etag.clone(),
        REVALIDATE.into(),
    ))
}
