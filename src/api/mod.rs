//! The HTTP surface: the typed API at the host root (spec §7 paths), the OpenAPI
//! document, the embedded storefront under the base path, and the middleware every
//! answer passes through.

mod account_deletion;
mod accounts;
mod auth_scheme;
pub mod auto_reject;
mod body_limit;
mod catalog_admin;
mod catalog_inputs;
pub mod catalog_views;
mod delivery;
pub mod error;
pub mod frame;
pub mod guards;
mod health;
mod images;
mod live_orders;
mod live_status;
pub mod login;
mod menu;
pub mod menu_snapshot;
mod order_mail;
pub mod order_views;
mod ordering;
mod orders;
mod orders_admin;
mod over_cap;
mod password_reset;
mod phone_orders;
mod printers;
mod readiness;
pub mod request_log;
mod reset_throttle;
pub mod security_headers;
mod stores;
mod text_fields;
mod throttle;
mod trailing_slash;

use std::sync::Arc;

use poem::{Endpoint, EndpointExt, Route};
use poem_openapi::OpenApiService;

use crate::auth::tokens::TokenKeys;
use crate::clock::Clock;
use crate::config::Config;
use crate::domain::catalog::{Catalog, CatalogError};
use crate::domain::image::Image;
use crate::live::orders::OrderHub;
use crate::live::socket_caps::SocketCaps;
use crate::live::store_status::StatusHub;
use crate::mail::Mailer;
use crate::payments::paypal::PaypalClient;
use crate::printing::Printing;
use crate::readiness::Readiness;
use crate::store::{ChangeError, Store};
use crate::web::WebUi;
use menu_snapshot::MenuCache;
pub use readiness::{link as readiness_link, readiness_view};

/// Largest request body accepted anywhere (image uploads are the largest).
pub const MAX_BODY_BYTES: usize = 5 * 1024 * 1024;

/// What every handler may use.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub store: Store,
    pub tokens: Arc<TokenKeys>,
    pub menu: Arc<MenuCache>,
    pub clock: Clock,
    pub status: Arc<StatusHub>,
    pub mailer: Mailer,
    pub login_throttle: Arc<throttle::LoginThrottle>,
    pub reset_throttle: Arc<reset_throttle::ResetThrottle>,
    /// `None` when PayPal is not configured: cash only.
    pub paypal: Option<Arc<PaypalClient>>,
    pub orders: Arc<OrderHub>,
    /// Open live sockets, in all and per client address.
    pub sockets: Arc<SocketCaps>,
    /// What the shop still lacks before it may take orders, and the owner's confirmation.
    pub readiness: Arc<Readiness>,
    /// The kitchen printers' queue and alarms.
    pub printing: Arc<Printing>,
}

impl AppState {
    pub fn new(
        config: Arc<Config>,
        store: Store,
        tokens: TokenKeys,
        (catalog, version): (&Catalog, u64),
        clock: Clock,
        status: Arc<StatusHub>,
        mailer: Mailer,
    ) -> AppState {
        let sockets = SocketCaps::new(config.limits.websockets, config.limits.websockets_per_ip);
        let readiness = Arc::new(Readiness::new(&config, store.clone(), Arc::clone(&status)));
        let printing = Arc::new(Printing::new(store.clone(), clock, &config));
        AppState {
            paypal: PaypalClient::new(&config.paypal).map(Arc::new),
            config,
            store,
            tokens: Arc::new(tokens),
            menu: Arc::new(MenuCache::new(catalog, version)),
            clock,
            status,
            mailer,
            login_throttle: Arc::new(throttle::LoginThrottle::default()),
            reset_throttle: Arc::new(reset_throttle::ResetThrottle::default()),
            orders: Arc::new(OrderHub::default()),
            sockets,
            readiness,
            printing,
        }
    }

    /// The shop has one store; any other id is a 404.
    pub fn check_store(&self, store_id: u64) -> Result<(), error::ApiError> {
        if store_id == self.config.store_id {
            Ok(())
        } else {
            Err(error::ApiError::store_not_found(store_id))
        }
    }

    /// Where links in mails point: the configured public origin, or the host the
    /// request came to.
    pub fn link_origin(&self, headers: &poem::http::HeaderMap) -> String {
        if let Some(origin) = &self.config.public_origin {
            return origin.clone();
        }
        let host = headers
            .get("host")
            .and_then(|value| value.to_str().ok())
            .unwrap_or("127.0.0.1:8080");
        format!("http://{host}")
    }

    /// Applies a catalog operation durably and refreshes the public menu.
    pub async fn change_catalog<T, F>(&self, operation: F) -> Result<T, ChangeError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Catalog) -> Result<T, CatalogError> + Send + 'static,
    {
        self.change_catalog_with_image(None, operation).await
    }

    /// Like [`AppState::change_catalog`], storing an uploaded image in the same commit.
    pub async fn change_catalog_with_image<T, F>(
        &self,
        image: Option<(String, Image)>,
        operation: F,
    ) -> Result<T, ChangeError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Catalog) -> Result<T, CatalogError> + Send + 'static,
    {
        let changed = self.store.change_catalog(image, operation).await?;
        self.menu.refresh(&changed.catalog, changed.version);
        self.readiness.refresh_logged().await;
        Ok(changed.value)
    }
}

pub fn openapi_service(state: &AppState) -> OpenApiService<impl poem_openapi::OpenApi, ()> {
    let s = || state.clone();
    let public = (
        health::HealthApi {
            store: state.store.clone(),
        },
        stores::StoreApi { state: s() },
        login::LoginApi { state: s() },
        delivery::DeliveryApi { state: s() },
        accounts::AccountsApi { state: s() },
        password_reset::PasswordResetApi { state: s() },
        live_status::LiveStatusApi { state: s() },
        orders::OrdersApi { state: s() },
        live_orders::LiveOrdersApi { state: s() },
    );
    let admin = (
        catalog_admin::AdminCatalogApi { state: s() },
        catalog_admin::TaxApi { state: s() },
        catalog_admin::CategoryApi { state: s() },
        catalog_admin::ProductApi { state: s() },
        catalog_admin::ToppingApi { state: s() },
        catalog_admin::ToppingGroupApi { state: s() },
        catalog_admin::GroupItemApi { state: s() },
        catalog_admin::ProductGroupApi { state: s() },
        catalog_admin::AllergyApi { state: s() },
        catalog_admin::ItemAllergyApi { state: s() },
        images::ImageApi { state: s() },
        orders_admin::OrdersAdminApi { state: s() },
        readiness::ReadinessApi { state: s() },
        printers::PrintersApi { state: s() },
        phone_orders::PhoneOrdersApi { state: s() },
    );
    OpenApiService::new((public, admin), "heimservice", env!("CARGO_PKG_VERSION"))
        .description("Online ordering for one restaurant: storefront, menu and store API.")
}

/// The whole application as one endpoint; `hsts` says when it sends
/// `Strict-Transport-Security`.
pub fn app(state: AppState, hsts: security_headers::Hsts) -> impl Endpoint {
    let api = openapi_service(&state);
    let spec = api.spec_endpoint();
    let routes = Route::new()
        .at("/openapi.json", spec)
        .nest(&state.config.base_path, WebUi::new(&state.config))
        // The spec's paths end in a slash (`/categories/`); the typed routes do not.
        .nest("/", api.with(trailing_slash::TrimTrailingSlash))
        .catch_all_error(error::into_json_response);
    frame::Frame {
        inner: routes,
        home: format!("{}/", state.config.base_path),
        headers: security_headers::SecurityHeaders::new(&state.config, hsts),
        body_timeout: state.config.limits.body_timeout,
        state: frame::SharedState(Arc::new(state)),
    }
}
