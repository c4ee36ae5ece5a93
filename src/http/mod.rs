//! The HTTP surface: the typed API at the host root (spec §7 paths), the OpenAPI
//! document, the embedded storefront under the base path, and the middleware every
//! answer passes through.

pub mod api_document;
pub mod auth;
pub mod compression;
pub mod connection_limits;
pub mod direct_json;
pub mod edit_versions;
pub mod error;
pub mod first_screen;
pub mod initial_data;
pub mod live;
pub mod menu_snapshot;
pub mod metrics_text;
pub mod middleware;
pub mod request_metrics;

pub mod routes;
pub mod serve;
mod state;
pub mod text_fields;
pub mod tls;
pub mod web;

use std::sync::Arc;

use poem::{Endpoint, EndpointExt, Route};
use poem_openapi::OpenApiService;

use crate::http::web::WebUi;
pub use routes::readiness::readiness_view;
pub use state::AppState;

/// The API document's introduction: what it serves, and how concurrent admin edits work.
const API_DESCRIPTION: &str = "Online ordering for one restaurant: storefront, menu and store API.

Concurrent admin edits: the records the admin area edits (taxes, categories, products \
with their variants and photo, toppings, topping groups and their items, the topping groups \
offered with a product, allergens and their assignments, banners, the store settings with \
the pause switch, delivery postcodes, discounts, printers) each carry a version: `version` \
in the lists the admin area reads, and the `ETag` of `GET /stores/{id}` and of every \
change's answer. Send it back in `If-Match` with a PUT or DELETE: when someone else changed \
the record meanwhile, the answer is 409 `edit_conflict` with `params.current_version` and \
nothing is saved. Without `If-Match` a change is saved whatever the version.";

/// Largest request body accepted anywhere (image uploads are the largest).
pub const MAX_BODY_BYTES: usize = 5 * 1024 * 1024;

pub fn openapi_service(state: &AppState) -> OpenApiService<impl poem_openapi::OpenApi, ()> {
    let s = || state.clone();
    let public = (
        routes::health::HealthApi {
            db: state.shop.db().clone(),
        },
        routes::stores::StoreApi { state: s() },
        routes::accounts::login::LoginApi { state: s() },
        routes::delivery::DeliveryApi { state: s() },
        routes::accounts::AccountsApi { state: s() },
        routes::accounts::password_reset::PasswordResetApi { state: s() },
        live::status::LiveStatusApi { state: s() },
        routes::orders::OrdersApi { state: s() },
        live::orders::LiveOrdersApi { state: s() },
        routes::push::PushApi { state: s() },
        routes::metrics::MetricsApi { state: s() },
    );
    let admin = (
        routes::catalog::AdminCatalogApi { state: s() },
        routes::catalog::TaxApi { state: s() },
        routes::catalog::CategoryApi { state: s() },
        routes::catalog::ProductApi { state: s() },
        routes::catalog::ToppingApi { state: s() },
        routes::catalog::ToppingGroupApi { state: s() },
        routes::catalog::GroupItemApi { state: s() },
        routes::catalog::ProductGroupApi { state: s() },
        routes::catalog::AllergyApi { state: s() },
        routes::catalog::ItemAllergyApi { state: s() },
        (
            routes::catalog::images::ImageApi { state: s() },
            routes::catalog::availability::AvailabilityApi { state: s() },
        ),
        (
            routes::orders::admin::OrdersAdminApi { state: s() },
            routes::orders::corrections::OrderCorrectionsApi { state: s() },
        ),
        (
            routes::readiness::ReadinessApi { state: s() },
            routes::fiscal::FiscalApi { state: s() },
            routes::closings::ClosingsApi { state: s() },
        ),
        routes::printers::PrintersApi { state: s() },
        routes::orders::phone::PhoneOrdersApi { state: s() },
        (
            routes::payments::PaymentsApi { state: s() },
            routes::reports::ReportsApi { state: s() },
            routes::exports::ExportsApi { state: s() },
            routes::restaurant_accounts::RestaurantAccountsApi { state: s() },
            routes::customers::CustomersApi { state: s() },
            routes::orders::search::OrderSearchApi { state: s() },
            routes::coupons::CouponsApi { state: s() },
            routes::tables::TablesApi { state: s() },
        ),
    );
    OpenApiService::new((public, admin), "heimservice", env!("CARGO_PKG_VERSION"))
        .description(API_DESCRIPTION)
}

/// The whole application as one endpoint; `hsts` says when it sends
/// `Strict-Transport-Security`.
pub fn app(state: AppState, hsts: middleware::security_headers::Hsts) -> impl Endpoint {
    let api = openapi_service(&state);
    let spec = api.spec();
    state.requests.set_routes(
        routes_of(&spec)
            .iter()
            .map(String::as_str)
            .chain(["/openapi.json"]),
    );
    let document = api_document::with_error_codes(&spec);
    let routes = Route::new()
        .at(
            "/openapi.json",
            poem::get(api_document::ApiDocument(document.into())),
        )
        .nest(&state.config.base_path, WebUi::new(&state.config))
        // The spec's paths end in a slash (`/categories/`); the typed routes do not.
        .nest("/", api.with(middleware::trailing_slash::TrimTrailingSlash))
        .catch_all_error(error::into_json_response);
    middleware::frame::Frame {
        inner: routes,
        home: format!("{}/", state.config.base_path),
        headers: middleware::security_headers::SecurityHeaders::new(&state.config, hsts),
        body_timeout: state.config.limits.body_timeout,
        state: middleware::frame::SharedState(Arc::new(state)),
    }
}

/// The path templates of the API document `spec` (`/orders/{id}`).
fn routes_of(spec: &str) -> Vec<String> {
    serde_json::from_str::<serde_json::Value>(spec)
        .ok()
        .and_then(|document| {
            document["paths"]
                .as_object()
                .map(|paths| paths.keys().cloned().collect())
        })
        .unwrap_or_default()
}
