//! `heimservice menu export [--format json|csv] [--output FILE]` and `heimservice menu
//! import FILE [--dry-run]`: the menu as a JSON document (format `heimservice-menu/1`,
//! see `src/domain/catalog/menu_document.rs`) or as CSV rows for a spreadsheet
//! (`menu_csv.rs`), for editing, moving or versioning it.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::on_shop;
use crate::config::Config;
use crate::control::{Answer, Request};
use crate::domain::catalog::menu_csv::{from_csv, name_line, to_csv};
use crate::domain::catalog::menu_document::{MenuChanges, MenuDocument};
use crate::shop::catalog::ImportOutcome;

#[derive(Debug, Subcommand)]
pub enum MenuCommand {
    /// Write the menu as JSON (to standard output, or to --output)
    Export(ExportArgs),
    /// Make the menu equal to a JSON document: all of it or nothing
    Import(ImportArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The whole menu (taxes, toppings, groups, categories, products)
    Json,
    /// One row per product or size, for spreadsheets (`;`-separated, prices like 8,90)
    Csv,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Write to this file instead of standard output
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// json or csv
    #[arg(long, value_enum, default_value = "json")]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A document written by `heimservice menu export` (and edited)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Only print what would be created, changed and removed
    #[arg(long)]
    pub dry_run: bool,
    /// json or csv [default: csv for a .csv file, else json]
    #[arg(long, value_enum)]
    pub format: Option<Format>,
}

type Failure = String;

/// "1 product", "2 products", "2 categories", "2 taxes".
fn counted(kind: &str, count: usize) -> String {
    if count == 1 {
        kind.to_string()
    } else if let Some(stem) = kind.strip_suffix('y') {
        format!("{stem}ies")
    } else if kind.ends_with('x') {
        format!("{kind}es")
    } else {
        format!("{kind}s")
    }
}

fn describe(changes: &MenuChanges) -> String {
    if changes.is_empty() {
        return "nothing to change: the menu already is this document".into();
    }
    let mut lines = Vec::new();
    for (verb, map) in [
        ("create", &changes.created),
        ("change", &changes.changed),
        ("remove", &changes.removed),
    ] {
        for (kind, names) in map {
            lines.push(format!(
                "{verb} {} {}: {}",
                names.len(),
                counted(kind, names.len()),
                names.join(", ")
            ));
        }
    }
    lines.join("\n")
}

pub fn run(config: Config, command: MenuCommand) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start: {error}"))?;
    match command {
        MenuCommand::Export(args) => {
            let document =
                runtime.block_on(on_shop(
                    &config,
                    Request::MenuExport,
                    |answer| match answer {
                        Answer::Menu { document } => Some(*document),
                        _ => None,
                    },
                ))?;
            let text = match args.format {
                Format::Json => {
                    let mut json = serde_json::to_string_pretty(&document)
                        .map_err(|error| format!("cannot write the menu: {error}"))?;
                    json.push('\n');
                    json
                }
                Format::Csv => to_csv(&document)?,
            };
            match args.output {
                Some(path) => {
                    std::fs::write(&path, text)
                        .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
                    eprintln!("heimservice: menu written to {}", path.display());
                }
                None => print!("{text}"),
            }
            Ok(())
        }
        MenuCommand::Import(args) => {
            let text = std::fs::read_to_string(&args.file)
                .map_err(|error| format!("cannot read {}: {error}", args.file.display()))?;
            let csv = args.format.unwrap_or_else(|| {
                if args
                    .file
                    .extension()
                    .is_some_and(|ext| ext.eq_ignore_ascii_case("csv"))
                {
                    Format::Csv
                } else {
                    Format::Json
                }
            }) == Format::Csv;
            let file = args.file.display().to_string();
            let (document, lines) = if csv {
                // The rows replace the products; the rest of the menu is the shop's own.
                let current = runtime.block_on(on_shop(
                    &config,
                    Request::MenuExport,
                    |answer| match answer {
                        Answer::Menu { document } => Some(*document),
                        _ => None,
                    },
                ))?;
                let read = from_csv(&text, &current)
                    .map_err(|error| format!("{file}: {error}; nothing was changed"))?;
                (read.document, read.lines)
            } else {
                // serde names the line and column of a mistake.
                let document: MenuDocument =
                    serde_json::from_str(&text).map_err(|error| format!("{file}: {error}"))?;
                (document, Default::default())
            };
            let dry_run = args.dry_run;
            let outcome: ImportOutcome = runtime
                .block_on(on_shop(
                    &config,
                    Request::MenuImport {
                        document: Box::new(document.clone()),
                        dry_run,
                    },
                    |answer| match answer {
                        Answer::MenuImported { outcome } => Some(outcome),
                        _ => None,
                    },
                ))
                .map_err(|error| {
                    format!("{file}: {}; nothing was changed", name_line(&error, &lines))
                })?;
            let summary = describe(&outcome.changes);
            if outcome.dry_run {
                println!("heimservice: a dry run; the import would:\n{summary}");
            } else {
                println!("heimservice: menu imported:\n{summary}");
            }
            Ok(())
        }
    }
}
