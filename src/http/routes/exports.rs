//! The exports for the tax office and the tax adviser, as downloads (admin only):
//! `GET /admin/exports/dsfinvk?from=…&to=…`, the DSFinV-K export of the daily closings
//! of a period (a ZIP file), and `GET /admin/exports/tax?month=…&format=csv|datev`, a
//! month's orders for the tax adviser.

use poem::http::HeaderValue;
use poem::{IntoResponse, Response};
use poem_openapi::param::Query;
use poem_openapi::registry::{
    MetaHeader, MetaMediaType, MetaResponse, MetaResponses, MetaSchema, MetaSchemaRef, Registry,
};
use poem_openapi::{ApiResponse, OpenApi};

use crate::domain::period::Period;
use crate::domain::tax_export::TaxFormat;
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::{ApiError, required};
use crate::shop::exports::ExportFile;

pub struct ExportsApi {
    pub state: AppState,
}

/// The answer of a download: the file with its content type, `Content-Disposition:
/// attachment; filename="…"` and `Cache-Control: no-store`.
fn download(file: ExportFile) -> Response {
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

/// The documentation of a download answered with one of `content_types`.
fn download_meta(content_types: &[&'static str]) -> MetaResponses {
    let binary = || {
        MetaSchemaRef::Inline(Box::new(MetaSchema {
            format: Some("binary"),
            ..MetaSchema::new("string")
        }))
    };
    MetaResponses {
        responses: vec![MetaResponse {
            description: "The file, to be saved under the name its Content-Disposition gives.",
            status: Some(200),
            status_range: None,
            content: content_types
                .iter()
                .map(|content_type| MetaMediaType {
                    content_type,
                    schema: binary(),
                })
                .collect(),
            headers: vec![MetaHeader {
                name: "Content-Disposition".into(),
                description: Some("`attachment; filename=\"…\"`".into()),
                required: true,
                deprecated: false,
                schema: MetaSchemaRef::Inline(Box::new(MetaSchema::new("string"))),
            }],
        }],
    }
}

/// A ZIP file to download.
pub struct ZipDownload(ExportFile);

impl IntoResponse for ZipDownload {
    fn into_response(self) -> Response {
        download(self.0)
    }
}

impl ApiResponse for ZipDownload {
    fn meta() -> MetaResponses {
        download_meta(&["application/zip"])
    }

    fn register(_registry: &mut Registry) {}
}

/// The tax adviser's file: a ZIP of CSV files, or a DATEV file.
pub struct TaxDownload(ExportFile);

impl IntoResponse for TaxDownload {
    fn into_response(self) -> Response {
        download(self.0)
    }
}

impl ApiResponse for TaxDownload {
    fn meta() -> MetaResponses {
        download_meta(&["application/zip", "text/csv; charset=windows-1252"])
    }

    fn register(_registry: &mut Registry) {}
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
        _admin: OwnerAuth,
        /// `YYYY-MM-DD`, the first business day.
        from: Query<Option<String>>,
        /// `YYYY-MM-DD`, the last business day.
        to: Query<Option<String>>,
    ) -> Result<ZipDownload, ApiError> {
        let from = required("from", from.0)?;
        let to = required("to", to.0)?;
        let period = Period::between(&from, &to)?;
        Ok(ZipDownload(self.state.shop.dsfinvk_export(period).await?))
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
        _admin: OwnerAuth,
        /// `YYYY-MM`.
        month: Query<Option<String>>,
        /// `csv` (default) or `datev`.
        format: Query<Option<String>>,
    ) -> Result<TaxDownload, ApiError> {
        let month = required("month", month.0)?;
        let period = Period::month(&month)?;
        let format = match format.0.as_deref() {
            None => TaxFormat::Csv,
            Some(text) => TaxFormat::parse(text)
                .ok_or_else(|| ApiError::invalid("format", "must be csv or datev"))?,
        };
        Ok(TaxDownload(
            self.state.shop.tax_export(period, format).await?,
        ))
    }
}
