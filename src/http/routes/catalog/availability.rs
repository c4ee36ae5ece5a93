//! Sold out and back on sale — a product, one variant of it, or a topping wherever it
//! is offered — and the day's daily stocks: the changes of the menu and the reading
//! the staff may make.

use chrono::NaiveDate;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};

use crate::http::AppState;
use crate::http::auth::StaffAuth;
use crate::http::edit_versions::{Saved, Versioned};
use crate::http::error::{ApiError, required};
use crate::http::routes::catalog::versioned;
use crate::http::routes::catalog::views::{ProductRecord, ToppingView};
use crate::shop::sold_out::{Availability, StockReport};

/// How long a sold-out mark holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "SoldOutUntil", rename_all = "snake_case")]
pub enum SoldOutUntil {
    /// Until staff switch it back.
    SwitchedBack,
    /// Until the store's first opening of a later day: it is back on sale by itself.
    Tomorrow,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct AvailabilityBody {
    /// `false`: sold out (shown on the menu, not orderable); `true`: on sale again.
    pub available: Option<bool>,
    /// With `available: false`: `tomorrow` ends the mark by itself at the store's
    /// first opening of a later day; `switched_back` (or omitted) keeps it until it is
    /// switched back. Not with `available: true`.
    pub until: Option<SoldOutUntil>,
}

impl AvailabilityBody {
    fn availability(self) -> Result<Availability, ApiError> {
        match (required("available", self.available)?, self.until) {
            (true, None) => Ok(Availability::OnSale),
            (true, Some(_)) => Err(ApiError::invalid(
                "until",
                "is only for marking sold out (available: false)",
            )),
            (false, None | Some(SoldOutUntil::SwitchedBack)) => Ok(Availability::SoldOut),
            (false, Some(SoldOutUntil::Tomorrow)) => Ok(Availability::SoldOutUntilTomorrow),
        }
    }
}

/// A product's daily stock today.
#[derive(Debug, Object)]
pub struct ProductStockView {
    pub product_id: u64,
    /// The owner's number for a business day.
    pub daily_stock: u32,
    /// What the day's orders took (a rejected order gave its back).
    pub sold: u32,
    /// What can still be ordered today; at 0 the product shows sold out.
    pub left: u32,
}

/// The daily stocks of the current business day.
#[derive(Debug, Object)]
pub struct DailyStocksView {
    /// The business day they count (`YYYY-MM-DD`); the next one starts from the owner's
    /// numbers again.
    pub business_date: NaiveDate,
    /// Every product with a daily stock, in id order.
    pub products: Vec<ProductStockView>,
}

impl From<StockReport> for DailyStocksView {
    fn from(report: StockReport) -> Self {
        DailyStocksView {
            business_date: report.business_date,
            products: report
                .products
                .into_iter()
                .map(|stock| ProductStockView {
                    product_id: stock.product_id,
                    daily_stock: stock.daily_stock,
                    sold: stock.sold,
                    left: stock.left,
                })
                .collect(),
        }
    }
}

fn log(staff: &StaffAuth, what: &str, id: u64, availability: Availability) {
    tracing::info!(
        staff = staff.0.id,
        what,
        id,
        ?availability,
        "availability set"
    );
}

pub struct AvailabilityApi {
    pub state: AppState,
}

#[OpenApi]
impl AvailabilityApi {
    /// Mark a product sold out or back on sale (owner and staff), until switched back
    /// or until tomorrow (`until`). Nothing else of the product changes; the menu shows
    /// it at once. The answer has the product's new `version` and `sold_out_until`.
    #[oai(path = "/products/:id/availability", method = "put")]
    async fn set_availability(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<AvailabilityBody>,
    ) -> Result<Saved<Versioned<ProductRecord>>, ApiError> {
        let availability = body.0.availability()?;
        let product = self
            .state
            .shop
            .set_product_availability(id.0, availability)
            .await?;
        log(&staff, "product", id.0, availability);
        Ok(Saved::record(versioned(&product)))
    }

    /// Mark one size or variant of a product sold out or back on sale (owner and
    /// staff); the product's other variants stay as they are. The answer is the
    /// product, with its new `version`.
    #[oai(
        path = "/products/:id/variants/:variant_id/availability",
        method = "put"
    )]
    async fn set_variant_availability(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        #[oai(name = "variant_id")] variant_id: Path<u64>,
        body: Json<AvailabilityBody>,
    ) -> Result<Saved<Versioned<ProductRecord>>, ApiError> {
        let availability = body.0.availability()?;
        let product = self
            .state
            .shop
            .set_variant_availability(id.0, variant_id.0, availability)
            .await?;
        log(&staff, "variant", variant_id.0, availability);
        Ok(Saved::record(versioned(&product)))
    }

    /// Mark a topping sold out or back on sale in every group that offers it (owner
    /// and staff). The answer has the topping's new `version`.
    #[oai(path = "/toppings/:id/availability", method = "put")]
    async fn set_topping_availability(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<AvailabilityBody>,
    ) -> Result<Saved<Versioned<ToppingView>>, ApiError> {
        let availability = body.0.availability()?;
        let topping = self
            .state
            .shop
            .set_topping_availability(id.0, availability)
            .await?;
        log(&staff, "topping", id.0, availability);
        Ok(Saved::record(versioned(&topping)))
    }

    /// What is left today of each product's daily stock (owner and staff).
    #[oai(path = "/admin/daily-stocks", method = "get")]
    async fn daily_stocks(&self, _staff: StaffAuth) -> Result<Json<DailyStocksView>, ApiError> {
        Ok(Json(self.state.shop.daily_stocks().await?.into()))
    }
}
