//! The public menu reads (spec §7) are answered from the in-memory snapshot. The
//! handlers sit with the writes of the same path (an OpenAPI path item must come from
//! one API), and call [`public_read`].
//!
//! They are what a shared link to the shop makes thousands of browsers ask for at once,
//! so the storefront's exact requests (`GET /products/?store_id=14`) are answered by
//! [`read_before_routing`] ahead of the router, which costs more than the answer itself.
//! Anything else (another store, more query parameters, `HEAD`) takes the routed
//! handler; both answer through [`public_read`].

use poem::http::{HeaderMap, Method};
use poem::{IntoResponse, Request, Response};

use poem_openapi::ApiResponse;

use crate::http::AppState;
use crate::http::compression::Coding;
use crate::http::error::ApiError;
use crate::http::menu_snapshot::{MenuSnapshot, PreEncodedJson};

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
    NotModified(
        #[oai(header = "ETag")] String,
        #[oai(header = "Vary")] String,
    ),
}

/// Revalidate every time; cheap thanks to the ETag.
const REVALIDATE: &str = "no-cache";

/// Answers a public menu read from the current snapshot, in the coding the client takes
/// (gzip or none): 404 for another store, 304 when the client's ETag is
/// current.
pub fn public_read<T: poem_openapi::types::Type + Send>(
    state: &AppState,
    store_id: Option<u64>,
    headers: &HeaderMap,
    pick: impl FnOnce(&MenuSnapshot, Option<Coding>) -> PreEncodedJson<T>,
) -> Result<Cached<T>, ApiError> {
    if let Some(store_id) = store_id {
        state.shop.check_store(store_id)?;
    }
    let snapshot = state.menu.get();
    let coding = Coding::of_request(headers);
    let if_none_match = headers
        .get(poem::http::header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok());
    if snapshot.matches(if_none_match) {
        return Ok(Cached::NotModified(
            snapshot.etag(coding),
            "Accept-Encoding".into(),
        ));
    }
    Ok(Cached::Ok(
        pick(&snapshot, coding),
        snapshot.etag(coding),
        REVALIDATE.into(),
    ))
}

/// The answer to one of the storefront's menu reads for this shop, or `None` for any
/// other request.
pub fn read_before_routing(state: &AppState, req: &Request) -> Option<Response> {
    if req.method() != Method::GET {
        return None;
    }
    let path = req.uri().path();
    let path = path.strip_suffix('/').unwrap_or(path);
    // `?store_id=` and this shop's id in plain digits, or no query at all.
    let store_id = match req.uri().query() {
        Some(query) => {
            let digits = query.strip_prefix("store_id=")?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let store_id: u64 = digits.parse().ok()?;
            if store_id != state.config.store_id {
                return None;
            }
            Some(store_id)
        }
        None => None,
    };
    let headers = req.headers();
    let answer = match (path, store_id) {
        ("/products", Some(_)) => public_read(state, store_id, headers, |menu, coding| {
            menu.products(coding)
        })
        .map(IntoResponse::into_response),
        ("/categories", Some(_)) => public_read(state, store_id, headers, |menu, coding| {
            menu.categories(coding)
        })
        .map(IntoResponse::into_response),
        ("/banners", Some(_)) => public_read(state, store_id, headers, |menu, coding| {
            menu.banners(coding)
        })
        .map(IntoResponse::into_response),
        ("/allergies", None) => {
            public_read(state, None, headers, |menu, coding| menu.allergies(coding))
                .map(IntoResponse::into_response)
        }
        _ => return None,
    };
    // Only the shop's own store comes this way, and for it the read cannot fail.
    answer.ok()
}
