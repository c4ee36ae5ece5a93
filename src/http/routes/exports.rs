//! The exports for the tax office and the tax adviser, as downloads (admin only):
//! `GET /admin/exports/dsfinvk?from=…&to=…`, the DSFinV-K export of the daily closings
//! of a period (a ZIP file), and `GET /admin/exports/tax?month=…&format=csv|datev`, a
//! month's orders for the tax adviser.

use poem::http::HeaderValue;
use poem::{IntoResponse, Response};
use poem_openapi::param::Query;
use poem_openapi::payload::Payload;
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::{ApiResponse, OpenApi};

use crate::domain::period::Period;
use crate::domain::tax_export::TaxFormat;
use crate::http::AppState;
use crate::http::auth::AdminAuth;
use crate::http::error::{ApiError, required};
use crate::shop::exports::ExportFile;

pub struct ExportsApi {
    pub state: AppState,
}

/// A file to download: its bytes with its own content type (`application/zip`, or
/// `text/csv` for a DATEV file).
pub struct Download(ExportFile);

impl Payload for Download {
    const CONTENT_TYPE: &'static str = "application/octet-stream";

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema {
            format: Some("binary"),
            ..MetaSchema::new("string")
        }))
    }
}

impl IntoResponse for Download {
    fn into_response(self) -> Response {
        let file = self.0;
        let disposition = format!("attachment; filename=\"{}\"", file.file_name);
        let mut response = Response::builder()
            .content_type(file.content_type)
            .body(file.bytes);
        if let Ok(value) = HeaderValue::from_str(&disposition) {
            response
                .headers_mut()
                .insert(poem::http::header::CONTENT_DISPOSITION, value);
        }
        response.headers_mut().insert(
            poem::http::header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        );
        response
    }
}

#[derive(ApiResponse)]
pub enum DownloadAnswer {
    /// The file, with `Content-Disposition: attachment; filename="…"`.
    #[oai(status = 200)]
    Ok(Download),
}

impl From<ExportFile> for DownloadAnswer {
    fn from(file: ExportFile) -> Self {
        DownloadAnswer::Ok(Download(file))
    }
}

#[OpenApi]
impl ExportsApi {
    /// The DSFinV-K export (admin): the daily closings of the business days from `from`
    /// to `to` (both included, at most 366 days) with every order of their days, as the
    /// standard's CSV files with `index.xml` and its DTD, zipped (`application/zip`,
    /// `dsfinvk_<period>.zip`). 400 `invalid` for a malformed date, `period_reversed`
    /// when `to` is before `from`, `period_too_long` beyond 366 days.
    #[oai(path = "/admin/exports/dsfinvk", method = "get")]
    async fn dsfinvk(
        &self,
        _admin: AdminAuth,
        /// `YYYY-MM-DD`, the first business day.
        from: Query<Option<String>>,
        /// `YYYY-MM-DD`, the last business day.
        to: Query<Option<String>>,
    ) -> Result<DownloadAnswer, ApiError> {
        let from = required("from", from.0)?;
        let to = required("to", to.0)?;
        let period = Period::between(&from, &to)?;
        Ok(self.state.shop.dsfinvk_export(period).await?.into())
    }

    /// The month's records for the tax adviser (admin), by business day: `format=csv`
    /// (the default) gives `steuerberater_<month>.zip` with `bestellungen_<month>.csv`
    /// (one row per order) and `umsatzsteuer_<month>.csv` (one row per order and VAT
    /// rate), for a spreadsheet (`;`, decimal comma, UTF-8 with BOM); `format=datev` gives
    /// `EXTF_Buchungsstapel_<month>.csv`, the month's revenue as DATEV bookings (one per
    /// day, payment method and VAT rate; Windows-1252). 400 `invalid` for a malformed
    /// `month` (`YYYY-MM`) or `format`.
    #[oai(path = "/admin/exports/tax", method = "get")]
    async fn tax(
        &self,
        _admin: AdminAuth,
        /// `YYYY-MM`.
        month: Query<Option<String>>,
        /// `csv` (default) or `datev`.
        format: Query<Option<String>>,
    ) -> Result<DownloadAnswer, ApiError> {
        let month = required("month", month.0)?;
        let period = Period::month(&month)?;
        let format = match format.0.as_deref() {
            None => TaxFormat::Csv,
            Some(text) => TaxFormat::parse(text)
                .ok_or_else(|| ApiError::invalid("format", "must be csv or datev"))?,
        };
        Ok(self.state.shop.tax_export(period, format).await?.into())
    }
}
