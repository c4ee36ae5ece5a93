//! The restaurant's network printers (admin only): list with their state, add, change,
//! remove, and print a test page that tells the owner whether the printer answered.
//! Each printer carries the `version` of its settings; a change or removal sent with it
//! in `If-Match` is refused with 409 `edit_conflict` once someone else changed them.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use poem_openapi::param::{Header, Path};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::edit_version::Precondition;
use crate::domain::error::ErrorCode;
use crate::domain::printing::printer::{DEFAULT_PORT, DEFAULT_WIDTH};
use crate::domain::printing::{Printer, PrinterInput, Prints};
use crate::http::AppState;
use crate::http::auth::{OwnerAuth, StaffAuth};
use crate::http::edit_versions::{Saved, Versioned, if_match};
use crate::http::error::ApiError;
use crate::http::routes::catalog::{Created, Deleted};
use crate::shop::printing::PrinterAlarm;

pub struct PrintersApi {
    pub state: AppState,
}

#[derive(Debug, Object)]
pub struct PrinterAlarmView {
    /// `refused`, `no_answer`, `unreachable`, `stalled` or `network`.
    pub code: String,
    /// What went wrong, in plain English.
    pub detail: String,
    /// The first failed attempt since the printer last printed.
    pub since: DateTime<Utc>,
}

#[derive(Debug, Object)]
pub struct PrinterView {
    pub id: u64,
    pub name: String,
    /// The printer's IP address.
    pub host: String,
    pub port: u16,
    /// `kitchen`, `receipt` or `both`.
    pub prints: String,
    /// Characters per line: 32, 42 or 48.
    pub width: u8,
    pub copies: u8,
    pub enabled: bool,
    /// Documents queued for this printer, including pre-orders not due yet.
    pub waiting: u64,
    /// Set while the printer does not take its documents.
    #[oai(nullable)]
    pub alarm: Option<PrinterAlarmView>,
}

/// A printer's settings. PUT takes the whole record; left-out fields get their default.
#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct PrinterBody {
    /// 1–40 characters, unique, e.g. `Küche`.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    /// The printer's IP address in the restaurant's network (private, loopback or
    /// link-local), e.g. `192.168.1.50`, without the port.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub host: Option<String>,
    /// Its raw printing port, 1–65535 (default 9100).
    pub port: Option<i64>,
    /// `kitchen` (default), `receipt` or `both`.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub prints: Option<String>,
    /// Characters per line: 32 (58 mm paper), 42 (default) or 48.
    pub width: Option<i64>,
    /// How often each document is printed, 1–5 (default 1).
    pub copies: Option<i64>,
    /// Default true. A switched-off printer gets no documents; its queue is dropped.
    pub enabled: Option<bool>,
}

#[derive(Debug, Object)]
pub struct TestPrintView {
    /// The printer took the test page.
    pub printed: bool,
    /// Why not (see the alarm codes).
    #[oai(nullable)]
    pub code: Option<String>,
    #[oai(nullable)]
    pub detail: Option<String>,
}

fn input(body: PrinterBody) -> Result<PrinterInput, ApiError> {
    let prints = match body.prints.as_deref() {
        None => Prints::Kitchen,
        Some(text) => Prints::parse(text.trim())
            .ok_or_else(|| ApiError::invalid("prints", "must be kitchen, receipt or both"))?,
    };
    Ok(PrinterInput {
        name: crate::http::error::required("name", body.name)?,
        host: crate::http::error::required("host", body.host)?,
        port: body.port.unwrap_or(i64::from(DEFAULT_PORT)),
        prints,
        width: body.width.unwrap_or(i64::from(DEFAULT_WIDTH)),
        copies: body.copies.unwrap_or(1),
        enabled: body.enabled.unwrap_or(true),
    })
}

fn printer_not_found(id: u64) -> ApiError {
    ApiError::not_found(
        ErrorCode::NotFound,
        format!("There is no printer with id {id}."),
    )
}

fn view(
    printer: Printer,
    waiting: &HashMap<u64, u64>,
    alarms: &[PrinterAlarm],
) -> Versioned<PrinterView> {
    let stored = printer.clone();
    let alarm = alarms
        .iter()
        .find(|alarm| alarm.printer_id == printer.id)
        .map(|alarm| PrinterAlarmView {
            code: alarm.code.to_string(),
            detail: alarm.detail.clone(),
            since: alarm.since,
        });
    let record = PrinterView {
        waiting: waiting.get(&printer.id).copied().unwrap_or(0),
        id: printer.id,
        name: printer.name,
        host: printer.host,
        port: printer.port,
        prints: printer.prints.as_str().to_string(),
        width: printer.width,
        copies: printer.copies,
        enabled: printer.enabled,
        alarm,
    };
    Versioned::of(&stored, record)
}

impl PrintersApi {
    async fn waiting(&self) -> Result<HashMap<u64, u64>, ApiError> {
        let mut waiting = HashMap::new();
        for job in self.state.shop.db().print_jobs().await? {
            *waiting.entry(job.printer_id).or_default() += 1;
        }
        Ok(waiting)
    }

    async fn view_of(&self, printer: Printer) -> Result<Versioned<PrinterView>, ApiError> {
        let waiting = self.waiting().await?;
        Ok(view(
            printer,
            &waiting,
            &self.state.shop.printing().alarms(),
        ))
    }

    async fn save(
        &self,
        admin: &OwnerAuth,
        id: Option<u64>,
        precondition: Option<Precondition>,
        body: PrinterBody,
    ) -> Result<Versioned<PrinterView>, ApiError> {
        let input = input(body)?;
        let saved = self
            .state
            .shop
            .save_printer(id, input, precondition)
            .await??
            .ok_or_else(|| printer_not_found(id.unwrap_or(0)))?;
        let printer = saved.printer;
        tracing::info!(
            admin = admin.0.id,
            printer = %printer.name,
            address = %printer.address(),
            enabled = printer.enabled,
            "printer saved"
        );
        self.view_of(printer).await
    }
}

#[OpenApi]
impl PrintersApi {
    /// The printers, with what waits for each, any alarm, and the `version` of each
    /// one's settings for `If-Match` (owner and staff).
    #[oai(path = "/admin/printers", method = "get")]
    async fn list(&self, _staff: StaffAuth) -> Result<Json<Vec<Versioned<PrinterView>>>, ApiError> {
        let printers = self.state.shop.db().printers().await?;
        let waiting = self.waiting().await?;
        let alarms = self.state.shop.printing().alarms();
        Ok(Json(
            printers
                .into_iter()
                .map(|printer| view(printer, &waiting, &alarms))
                .collect(),
        ))
    }

    /// Add a printer (admin). Orders accepted from now on print on it.
    #[oai(path = "/admin/printers", method = "post")]
    async fn create(
        &self,
        admin: OwnerAuth,
        body: Json<PrinterBody>,
    ) -> Result<Created<Versioned<PrinterView>>, ApiError> {
        let printer = self.save(&admin, None, None, body.0).await?;
        Ok(Created::Created(Json(printer)))
    }

    /// Change a printer (admin). Its waiting documents are tried again at once; a
    /// printer switched off loses them. With `If-Match` (its `version`), a printer
    /// someone else changed meanwhile answers 409 `edit_conflict` and nothing is saved.
    #[oai(path = "/admin/printers/:id", method = "put")]
    async fn update(
        &self,
        admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The version the change was made on; omitted: saved whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
        body: Json<PrinterBody>,
    ) -> Result<Saved<Versioned<PrinterView>>, ApiError> {
        let precondition = if_match(version.0.as_deref())?;
        let printer = self.save(&admin, Some(id.0), precondition, body.0).await?;
        Ok(Saved::record(printer))
    }

    /// Remove a printer and the documents waiting for it (admin). With `If-Match` (its
    /// `version`), a printer someone else changed meanwhile answers 409 `edit_conflict`
    /// and stays.
    #[oai(path = "/admin/printers/:id", method = "delete")]
    async fn delete(
        &self,
        admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The version the removal was decided on; omitted: removed whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
    ) -> Result<Deleted, ApiError> {
        let precondition = if_match(version.0.as_deref())?;
        self.state
            .shop
            .delete_printer(id.0, precondition)
            .await??
            .ok_or_else(|| printer_not_found(id.0))?;
        tracing::info!(admin = admin.0.id, printer = id.0, "printer removed");
        Ok(Deleted::NoContent)
    }

    /// Print a test page now and say whether the printer took it (admin). The answer
    /// comes within the printer timeout (`printing.timeout_seconds`). A printer that
    /// takes it is clear of its alarm, and its waiting documents print at once. Owner
    /// and staff.
    #[oai(path = "/admin/printers/:id/test", method = "post")]
    async fn test_print(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Json<TestPrintView>, ApiError> {
        let printer = self
            .state
            .shop
            .db()
            .printer(id.0)
            .await?
            .ok_or_else(|| printer_not_found(id.0))?;
        let outcome = self.state.shop.printing().test_print(&printer).await?;
        tracing::info!(
            staff = staff.0.id,
            printer = %printer.name,
            printed = outcome.is_ok(),
            "test page"
        );
        Ok(Json(match outcome {
            Ok(()) => TestPrintView {
                printed: true,
                code: None,
                detail: None,
            },
            Err(error) => TestPrintView {
                printed: false,
                code: Some(error.code().to_string()),
                detail: Some(error.to_string()),
            },
        }))
    }
}

/// The alarm list as the board's live socket sends it.
pub fn alarms_message(alarms: &[PrinterAlarm], now: DateTime<Utc>) -> String {
    serde_json::json!({ "type": "printers", "alarms": alarms, "server_time": now }).to_string()
}
