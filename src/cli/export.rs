//! `heimservice export dsfinvk --from DATE --to DATE [--output FILE]` and `heimservice
//! export tax --month YYYY-MM [--format csv|datev] [--output FILE]`: the exports for the
//! tax office and the tax adviser, written by the running server (over the control socket) or from the
//! database file when none runs, the same as the admin area's downloads.

use std::path::PathBuf;

use base64::Engine;
use clap::{Args, Subcommand};

use super::on_shop;
use crate::config::Config;
use crate::control::{Answer, Request};
use crate::domain::tax_export::TaxFormat;

#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// The DSFinV-K export (ZIP) of the daily closings of a period, for a tax audit
    Dsfinvk(DsfinvkArgs),
    /// A month's orders for the tax adviser: CSV files (zipped) or a DATEV file
    Tax(TaxArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// bestellungen.csv and umsatzsteuer.csv for a spreadsheet, zipped
    Csv,
    /// A DATEV Buchungsstapel (EXTF) of the month's revenue
    Datev,
}

#[derive(Debug, Args)]
pub struct TaxArgs {
    /// The month, YYYY-MM
    #[arg(long, value_name = "YYYY-MM")]
    pub month: String,
    /// csv or datev
    #[arg(long, value_enum, default_value = "csv")]
    pub format: Format,
    /// Where to write the file [default: its own name in the current directory]
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct DsfinvkArgs {
    /// The first business day, YYYY-MM-DD
    #[arg(long, value_name = "DATE")]
    pub from: String,
    /// The last business day, YYYY-MM-DD (at most 366 days after --from)
    #[arg(long, value_name = "DATE")]
    pub to: String,
    /// Where to write the ZIP file [default: dsfinvk_<period>.zip in the current directory]
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

type Failure = String;

/// Asks the shop for an export and writes it to `output` (or its own name).
fn write_export(config: &Config, request: Request, output: Option<PathBuf>) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start: {error}"))?;
    let (file_name, base64) =
        runtime.block_on(on_shop(config, request, |answer| match answer {
            Answer::Exported { file_name, base64 } => Some((file_name, base64)),
            _ => None,
        }))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(base64)
        .map_err(|error| format!("the server sent an unreadable file: {error}"))?;
    let path = output.unwrap_or_else(|| PathBuf::from(&file_name));
    std::fs::write(&path, &bytes)
        .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    println!(
        "heimservice: {} written ({} bytes)",
        path.display(),
        bytes.len()
    );
    Ok(())
}

pub fn run(config: Config, command: ExportCommand) -> Result<(), Failure> {
    match command {
        ExportCommand::Dsfinvk(args) => write_export(
            &config,
            Request::ExportDsfinvk {
                from: args.from,
                to: args.to,
            },
            args.output,
        ),
        ExportCommand::Tax(args) => write_export(
            &config,
            Request::ExportTax {
                month: args.month,
                format: match args.format {
                    Format::Csv => TaxFormat::Csv,
                    Format::Datev => TaxFormat::Datev,
                },
            },
            args.output,
        ),
    }
}
