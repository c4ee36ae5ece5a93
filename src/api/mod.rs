//! The HTTP surface: the typed API at the host root (spec §7 paths), the OpenAPI
//! document, the embedded storefront under the base path, and the middleware every
//! answer passes through.

mod body_limit;
mod categories;
pub mod error;
mod health;
mod security_headers;
mod stores;

use std::sync::Arc;

use poem::middleware::{NormalizePath, Tracing, TrailingSlash};
use poem::web::Redirect;
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response, Route};
use poem_openapi::OpenApiService;

use crate::config::Config;
use crate::store::Store;
use crate::web::WebUi;

/// Largest request body accepted anywhere.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// What every handler may use.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub store: Store,
}

pub fn openapi_service(state: &AppState) -> OpenApiService<impl poem_openapi::OpenApi, ()> {
    OpenApiService::new(
        (
            health::HealthApi {
                store: state.store.clone(),
            },
            stores::StoreApi {
                state: state.clone(),
            },
            categories::CategoryApi {
                state: state.clone(),
            },
        ),
        "heimservice",
        env!("CARGO_PKG_VERSION"),
    )
    .description("Online ordering for one restaurant: storefront, menu and store API.")
}

/// The whole application as one endpoint.
pub fn app(state: AppState) -> impl Endpoint {
    let api = openapi_service(&state);
    let spec = api.spec_endpoint();
    let base_path = state.config.base_path.clone();
    let home = Arc::new(format!("{base_path}/"));
    Route::new()
        .at("/openapi.json", spec)
        .nest(&base_path, WebUi::new(&state.config))
        // The spec's paths end in a slash (`/categories/`); the typed routes do not.
        .nest("/", api.with(NormalizePath::new(TrailingSlash::Trim)))
        .around(move |next, req| redirect_root(Arc::clone(&home), next, req))
        .around(body_limit::limit_body)
        .catch_all_error(error::into_json_response)
        .with(security_headers::middleware())
        .with(Tracing)
}

/// `/` sends visitors to the storefront.
async fn redirect_root<E: Endpoint>(
    home: Arc<String>,
    next: Arc<E>,
    req: Request,
) -> poem::Result<Response> {
    if req.uri().path() == "/" && (req.method() == "GET" || req.method() == "HEAD") {
        return Ok(Redirect::temporary(home.as_str()).into_response());
    }
    Ok(next.call(req).await?.into_response())
}
