//! `heimservice check`: what the shop still lacks before it may open (the admin
//! dashboard's checklist). Asks the running server over the control socket, or reads
//! the database file when no server runs. Exits 0 when nothing is missing, 1 otherwise.

use clap::Args;

use crate::config::Config;
use crate::control::{Answer, Request};
use crate::db::DATABASE_FILE_NAME;
use crate::shop::readiness::ReadinessReport;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Print the findings as JSON (as `GET /admin/readiness` lists them)
    #[arg(long)]
    pub json: bool,
}

type Failure = (String, u8);

async fn report(config: &Config) -> Result<ReadinessReport, String> {
    // Checked first: opening the file would create an empty shop.
    let path = config.data_dir.join(DATABASE_FILE_NAME);
    if !path.exists() {
        return Err(format!(
            "there is no database at {}; start the shop once to create it",
            path.display()
        ));
    }
    let pick = |answer| match answer {
        Answer::Readiness { report } => Some(*report),
        _ => None,
    };
    super::on_shop(config, Request::Check, pick).await
}

/// One line per finding: severity, code, what is wrong, where to fix it.
pub fn describe(report: &ReadinessReport) -> String {
    let mut out = String::new();
    if report.findings.is_empty() {
        out.push_str("heimservice: nothing is missing before the shop may open\n");
        return out;
    }
    out.push_str(&format!(
        "heimservice: {} thing{} to fix:\n",
        report.findings.len(),
        if report.findings.len() == 1 { "" } else { "s" }
    ));
    for finding in &report.findings {
        let key = finding.key();
        let state = if !finding.severity.blocks_ordering() {
            " (not sold until fixed)"
        } else if report.unconfirmed.contains(&key) {
            ""
        } else {
            " (confirmed)"
        };
        let place = finding
            .subject
            .admin_link()
            .map(|link| format!(" → {link}"))
            .unwrap_or_default();
        out.push_str(&format!(
            "  [{}] {}{state}: {}{place}\n",
            finding.severity.as_str(),
            finding.code,
            finding.detail
        ));
    }
    let blocking = report
        .findings
        .iter()
        .any(|finding| finding.severity.blocks_ordering());
    if !blocking {
        out.push_str("heimservice: the shop takes orders by its opening hours; what is marked hidden is not sold until it is fixed\n");
    } else if report.ready() {
        out.push_str(
            "heimservice: the owner confirmed these; the shop takes orders by its opening hours\n",
        );
    } else {
        out.push_str("heimservice: the shop takes no orders until each is fixed, or confirmed on the admin dashboard\n");
    }
    out
}

pub fn run(config: &Config, args: CheckArgs) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| (format!("cannot start: {error}"), 1))?;
    let report = runtime
        .block_on(report(config))
        .map_err(|message| (message, 1))?;
    if args.json {
        let view = poem_openapi::types::ToJSON::to_json(&crate::http::readiness_view(&report))
            .unwrap_or_default();
        let json = serde_json::to_string_pretty(&view)
            .map_err(|error| (format!("cannot write the report: {error}"), 1))?;
        println!("{json}");
    } else {
        print!("{}", describe(&report));
    }
    if report.findings.is_empty() {
        Ok(())
    } else {
        Err((
            format!(
                "{} finding{} to fix",
                report.findings.len(),
                if report.findings.len() == 1 { "" } else { "s" }
            ),
            1,
        ))
    }
}
