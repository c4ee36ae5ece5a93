use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::AppState;
use super::error::ApiError;
use crate::domain::store_profile::StoreHoursEntry;

pub struct StoreApi {
    pub state: AppState,
}

#[derive(Debug, Object)]
pub struct StoreHoursView {
    /// 0 = Sunday … 6 = Saturday.
    pub day_of_week: u8,
    /// `HH:mm` in the store's time zone.
    pub open_time: String,
    /// `HH:mm`; before `open_time` means the slot runs past midnight.
    pub close_time: String,
    pub label: String,
}

#[derive(Debug, Object)]
pub struct StoreView {
    pub id: u64,
    pub brand: String,
    pub company_name: String,
    pub address_line: String,
    pub phone: String,
    /// Whether the footer links to the Impressum page.
    pub show_impressum: bool,
    pub impressum_text: String,
    /// IANA time zone the hours are meant in.
    pub timezone: String,
    /// Public PayPal client id for the payment script; empty when PayPal is off.
    pub paypal_client_id: String,
    pub store_hours: Vec<StoreHoursView>,
}

impl From<StoreHoursEntry> for StoreHoursView {
    fn from(entry: StoreHoursEntry) -> Self {
        StoreHoursView {
            day_of_week: entry.day_of_week,
            open_time: entry.open_time,
            close_time: entry.close_time,
            label: entry.label,
        }
    }
}

#[OpenApi]
impl StoreApi {
    /// The restaurant: contact details, Impressum and opening hours.
    #[oai(path = "/stores/:id", method = "get")]
    async fn get_store(
        &self,
        /// The store id (the storefront sends 14).
        #[oai(name = "id")]
        id: Path<u64>,
    ) -> Result<Json<StoreView>, ApiError> {
        let config = &self.state.config;
        if id.0 != config.store_id {
            return Err(ApiError::store_not_found(id.0));
        }
        let profile = self
            .state
            .store
            .store_profile(id.0)
            .await?
            .ok_or_else(|| ApiError::store_not_found(id.0))?;
        Ok(Json(StoreView {
            id: id.0,
            brand: config.brand.clone(),
            company_name: profile.company_name,
            address_line: profile.address_line,
            phone: profile.phone,
            show_impressum: profile.show_impressum,
            impressum_text: profile.impressum_text,
            timezone: config.timezone.name().to_string(),
            paypal_client_id: config.paypal.client_id.clone(),
            store_hours: profile.store_hours.into_iter().map(Into::into).collect(),
        }))
    }
}
