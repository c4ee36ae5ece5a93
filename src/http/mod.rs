//! The HTTP surface: the typed API at the host root (spec §7 paths), the OpenAPI
//! document, the embedded storefront under the base path, and the middleware every
//! answer passes through.

pub mod auth;
pub mod auto_reject;
pub mod connection_limits;
pub mod error;
pub mod guards;
pub mod live;
pub mod menu_snapshot;
pub mod middleware;
pub mod order_mail;
pub mod ordering;
pub mod routes;
pub mod serve;
pub mod text_fields;
pub mod tls;
pub mod web;

use std::sync::Arc;

use poem::{Endpoint, EndpointExt, Route};
use poem_openapi::OpenApiService;

use crate::auth::tokens::TokenKeys;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{ChangeError, Db};
use crate::domain::catalog::{Catalog, CatalogError};
use crate::domain::image::Image;
use crate::http::web::WebUi;
use crate::live::orders::OrderHub;
use crate::live::socket_caps::SocketCaps;
use crate::live::store_status::StatusHub;
use crate::mail::Mailer;
use crate::payments::paypal::PaypalClient;
use crate::printing::Printing;
use crate::readiness::Readiness;
use menu_snapshot::MenuCache;
pub use routes::readiness::{link as readiness_link, readiness_view};

/// Largest request body accepted anywhere (image uploads are the largest).
pub const MAX_BODY_BYTES: usize = 5 * 1024 * 1024;

/// What every handler may use.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Db,
    pub tokens: Arc<TokenKeys>,
    pub menu: Arc<MenuCache>,
    pub clock: Clock,
    pub status: Arc<StatusHub>,
    pub mailer: Mailer,
    pub login_throttle: Arc<middleware::throttle::LoginThrottle>,
    pub reset_throttle: Arc<middleware::reset_throttle::ResetThrottle>,
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
        db: Db,
        tokens: TokenKeys,
        (catalog, version): (&Catalog, u64),
        clock: Clock,
        status: Arc<StatusHub>,
        mailer: Mailer,
    ) -> AppState {
        let sockets = SocketCaps::new(config.limits.websockets, config.limits.websockets_per_ip);
        let readiness = Arc::new(Readiness::new(&config, db.clone(), Arc::clone(&status)));
        let printing = Arc::new(Printing::new(db.clone(), clock, &config));
        AppState {
            paypal: PaypalClient::new(&config.paypal).map(Arc::new),
            config,
            db,
            tokens: Arc::new(tokens),
            menu: Arc::new(MenuCache::new(catalog, version)),
            clock,
            status,
            mailer,
            login_throttle: Arc::new(middleware::throttle::LoginThrottle::default()),
            reset_throttle: Arc::new(middleware::reset_throttle::ResetThrottle::default()),
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
        let changed = self.db.change_catalog(image, operation).await?;
        self.menu.refresh(&changed.catalog, changed.version);
        self.readiness.refresh_logged().await;
        Ok(changed.value)
    }
}

pub fn openapi_service(state: &AppState) -> OpenApiService<impl poem_openapi::OpenApi, ()> {
    let s = || state.clone();
    let public = (
        routes::health::HealthApi {
            db: state.db.clone(),
        },
        routes::stores::StoreApi { state: s() },
        routes::accounts::login::LoginApi { state: s() },
        routes::delivery::DeliveryApi { state: s() },
        routes::accounts::AccountsApi { state: s() },
        routes::accounts::password_reset::PasswordResetApi { state: s() },
        live::status::LiveStatusApi { state: s() },
        routes::orders::OrdersApi { state: s() },
        live::orders::LiveOrdersApi { state: s() },
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
        routes::catalog::images::ImageApi { state: s() },
        routes::orders::admin::OrdersAdminApi { state: s() },
        routes::readiness::ReadinessApi { state: s() },
        routes::printers::PrintersApi { state: s() },
        routes::orders::phone::PhoneOrdersApi { state: s() },
    );
    OpenApiService::new((public, admin), "heimservice", env!("CARGO_PKG_VERSION"))
        .description("Online ordering for one restaurant: storefront, menu and store API.")
}

/// The whole application as one endpoint; `hsts` says when it sends
/// `Strict-Transport-Security`.
pub fn app(state: AppState, hsts: middleware::security_headers::Hsts) -> impl Endpoint {
    let api = openapi_service(&state);
    let spec = api.spec_endpoint();
    let routes = Route::new()
        .at("/openapi.json", spec)
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
