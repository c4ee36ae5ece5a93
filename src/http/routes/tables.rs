//! Dining tables: the owner's list (each with the link its QR code carries), and the
//! guest's lookup of the table a scanned QR code names. A dine-in order names its table
//! in the order body (`table`); the order's transaction checks it again.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::db::dining_tables::TableChange;
use crate::domain::error::ErrorCode;
use crate::domain::tables::{DiningTable, TableKey, check_label};
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::{self, ApiError, ErrorBody, required};
use crate::http::middleware::throttle::{ClientBuckets, retry_after_seconds};
use crate::http::routes::catalog::{Created, Deleted};

/// Wrong table lookups one client address may make at once, and how often one more: a
/// guest mistypes nothing (the QR code is scanned), so only guessing runs them out.
pub const WRONG_LOOKUPS_PER_CLIENT: u32 = 20;
pub const WRONG_LOOKUP_REFILL: Duration = Duration::from_secs(30);

/// The throttle of wrong table lookups per client address.
pub fn lookup_throttle() -> ClientBuckets {
    ClientBuckets::new(WRONG_LOOKUPS_PER_CLIENT, WRONG_LOOKUP_REFILL)
}

pub struct TablesApi {
    pub state: AppState,
}

/// A table as the owner sees it.
#[derive(Debug, Object)]
pub struct TableView {
    pub id: u64,
    /// What guests and the kitchen read ("12", "Terrasse 3").
    pub label: String,
    /// An inactive table takes no orders; its QR code answers `table_unknown`.
    pub active: bool,
    /// The storefront link its QR code carries, with the table's secret.
    pub link: String,
    pub created_at: DateTime<Utc>,
}

/// A table's label and state. POST and PUT take the whole record.
#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct TableBody {
    /// 1–20 characters, unique among the tables (case does not matter).
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub label: Option<String>,
    /// Default true.
    #[oai(nullable)]
    pub active: Option<bool>,
}

/// The table a guest's QR code names.
#[derive(Debug, Object)]
pub struct GuestTableView {
    pub id: u64,
    pub label: String,
}

#[derive(ApiResponse)]
pub enum TableLookup {
    /// The table: order with `order_type` `dine_in` and `table` `{id, key}`.
    #[oai(status = 200)]
    Found(Json<GuestTableView>),
    /// Too many wrong lookups from this client; try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
}

fn change(body: TableBody) -> Result<TableChange, ApiError> {
    let label = check_label(&required("label", body.label)?)
        .map_err(|problem| ApiError::invalid("label", &problem))?;
    Ok(TableChange {
        label,
        active: body.active.unwrap_or(true),
    })
}

impl TablesApi {
    fn view(&self, table: DiningTable) -> TableView {
        TableView {
            link: format!(
                "{}{}/tisch/{}/{}",
                self.state.link_origin(),
                self.state.config.base_path,
                table.id,
                table.secret
            ),
            id: table.id,
            label: table.label,
            active: table.active,
            created_at: table.created_at,
        }
    }
}

#[OpenApi]
impl TablesApi {
    /// Every table with its QR code's link, in the order they were made (owner).
    #[oai(path = "/admin/tables", method = "get")]
    async fn list(&self, _owner: OwnerAuth) -> Result<Json<Vec<TableView>>, ApiError> {
        let tables = self.state.shop.dining_tables().await?;
        Ok(Json(
            tables.into_iter().map(|table| self.view(table)).collect(),
        ))
    }

    /// Make a table with a fresh secret (owner). A label another table has answers 409
    /// `table_label_taken`.
    #[oai(path = "/admin/tables", method = "post")]
    async fn create(
        &self,
        owner: OwnerAuth,
        body: Json<TableBody>,
    ) -> Result<Created<TableView>, ApiError> {
        let table = self.state.shop.create_dining_table(change(body.0)?).await?;
        tracing::info!(admin = owner.0.id, table = table.id, "table made");
        Ok(Created::Created(Json(self.view(table))))
    }

    /// Rename a table or switch it on or off (owner); its QR code stays the same.
    #[oai(path = "/admin/tables/:id", method = "put")]
    async fn update(
        &self,
        owner: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<TableBody>,
    ) -> Result<Json<TableView>, ApiError> {
        let table = self
            .state
            .shop
            .update_dining_table(id.0, change(body.0)?)
            .await?;
        tracing::info!(admin = owner.0.id, table = table.id, "table changed");
        Ok(Json(self.view(table)))
    }

    /// Give a table a new secret (owner): its printed QR codes stop working at once;
    /// print the new one.
    #[oai(path = "/admin/tables/:id/secret", method = "post")]
    async fn rotate(
        &self,
        owner: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Json<TableView>, ApiError> {
        let table = self.state.shop.rotate_dining_table_secret(id.0).await?;
        tracing::info!(admin = owner.0.id, table = table.id, "table secret rotated");
        Ok(Json(self.view(table)))
    }

    /// Delete a table (owner); orders placed at it keep its label.
    #[oai(path = "/admin/tables/:id", method = "delete")]
    async fn delete(
        &self,
        owner: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Deleted, ApiError> {
        self.state.shop.delete_dining_table(id.0).await?;
        tracing::info!(admin = owner.0.id, table = id.0, "table deleted");
        Ok(Deleted::NoContent)
    }

    /// The table a scanned QR code names (public): its label for the table's current
    /// secret; 404 `table_unknown` alike for an unknown or inactive table and a wrong
    /// or rotated secret. Wrong lookups are counted per client address (429 when too
    /// many).
    #[oai(path = "/tables/:id", method = "get")]
    async fn lookup(
        &self,
        #[oai(name = "id")] id: Path<u64>,
        key: Query<Option<String>>,
        remote: &RemoteAddr,
        headers: &HeaderMap,
    ) -> Result<TableLookup, ApiError> {
        let client = self.state.client_ip(remote, headers);
        let throttle = &self.state.table_lookup_throttle;
        if let Some(wait) = throttle.wait(client, Instant::now()) {
            let seconds = retry_after_seconds(wait);
            tracing::warn!(%client, "table lookups throttled");
            return Ok(TableLookup::TooMany(
                error::body(
                    ErrorCode::TooManyAttempts,
                    format!(
                        "Too many wrong table codes from this address. Please wait {seconds} seconds or ask the staff."
                    ),
                ),
                seconds,
            ));
        }
        let key = key.0.unwrap_or_default();
        match self
            .state
            .shop
            .guest_table(TableKey { id: id.0, key })
            .await
        {
            Ok(label) => Ok(TableLookup::Found(Json(GuestTableView { id: id.0, label }))),
            Err(refused) => {
                throttle.spend(client, Instant::now());
                Err(refused.into())
            }
        }
    }
}
