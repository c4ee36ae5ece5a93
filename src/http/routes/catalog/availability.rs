//! Sold out and back on sale: the one change of the menu the staff may make.

use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::edit_versions::{Saved, Versioned};
use crate::http::error::{ApiError, required};
use crate::http::routes::catalog::versioned;
use crate::http::routes::catalog::views::ProductRecord;

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct AvailabilityBody {
    /// `false`: sold out (shown on the menu, not orderable); `true`: on sale again.
    pub available: Option<bool>,
}

pub struct AvailabilityApi {
    pub state: AppState,
}

#[OpenApi]
impl AvailabilityApi {
    /// Mark a product sold out or back on sale (owner and staff). Nothing else of the
    /// product changes; the menu shows it at once. The answer has the product's new
    /// `version`.
    #[oai(path = "/products/:id/availability", method = "put")]
    async fn set_availability(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<AvailabilityBody>,
    ) -> Result<Saved<Versioned<ProductRecord>>, ApiError> {
        let available = required("available", body.0.available)?;
        let product = self
            .state
            .shop
            .set_product_available(id.0, available)
            .await?;
        tracing::info!(
            staff = staff.0.id,
            product = id.0,
            available,
            "product availability set"
        );
        Ok(Saved::record(versioned(&product)))
    }
}
