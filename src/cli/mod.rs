//! The command line. `heimservice` alone means `heimservice serve`.

mod admin;
mod backup;
mod check;
mod config_check;
mod export;
mod maintenance;
mod menu;
mod serve;
mod version;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::clock::Clock;
use crate::config::{Config, FlagValues};
use crate::control::{self, Answer, Request};
use crate::db::Db;
use crate::shop::Shop;
use crate::startup_error::StartupError;
use std::sync::Arc;

#[derive(Debug, Parser)]
#[command(
    name = "heimservice",
    version,
    about = "Online ordering for one restaurant: storefront, admin area and API in one program.",
    long_about = "Online ordering for one restaurant: storefront, admin area and API in one program.\n\nWithout a command it serves the shop (the same as `heimservice serve`)."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Flags every command accepts, before or after the command name.
#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Read settings from this TOML file (see config.example.toml) [env: HEIMSERVICE_CONFIG]
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Address and port to listen on [default: 127.0.0.1:8080] [env: HEIMSERVICE_LISTEN]
    #[arg(long, global = true, value_name = "HOST:PORT")]
    pub listen: Option<String>,
    /// Directory for the database and keys [default: ./data] [env: HEIMSERVICE_DATA_DIR]
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Log output: human or json [default: human] [env: HEIMSERVICE_LOG_FORMAT]
    #[arg(long, global = true, value_name = "FORMAT")]
    pub log_format: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the storefront and the API (the default)
    Serve,
    /// Inspect the configuration
    #[command(subcommand)]
    Config(ConfigCommand),
    /// Print the version, the database schema version and the platform
    Version,
    /// Manage admin accounts (also while the shop is open)
    #[command(subcommand)]
    Admin(admin::AdminCommand),
    /// Write a consistent backup, also while the shop is open
    Backup(backup::BackupArgs),
    /// Replace the database with a backup (the previous file is kept beside it)
    Restore(backup::RestoreArgs),
    /// Export or import the menu as a JSON document (also while the shop is open)
    #[command(subcommand)]
    Menu(menu::MenuCommand),
    /// Exit 0 if the configured server and its database answer, 1 otherwise
    Healthcheck,
    /// List what the shop still lacks before it may open (Impressum, privacy policy,
    /// allergens, taxes, order button, PayPal secret); exit 1 if anything
    Check(check::CheckArgs),
    /// Give free space in the database file back to the disk (stop the shop first)
    Compact,
    /// Export the records for the tax office (DSFinV-K) or the tax adviser (CSV, DATEV),
    /// also while the shop is open
    #[command(subcommand)]
    Export(export::ExportCommand),
}

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Validate the configuration and print the effective values, secrets masked
    Check,
    /// Print every configuration key (environment variable, default, description) as
    /// Markdown: the book's configuration reference
    Reference,
}

impl GlobalArgs {
    fn flag_values(&self) -> FlagValues {
        FlagValues {
            config: self.config.clone(),
            listen: self.listen.clone(),
            data_dir: self.data_dir.clone(),
            log_format: self.log_format.clone(),
        }
    }
}

/// Runs `request` on the running server, or on the database file when no server runs:
/// the same use case of the shop either way (see [`control::carry_out`]).
pub(crate) async fn on_shop<T>(
    config: &Config,
    request: Request,
    pick: impl Fn(Answer) -> Option<T>,
) -> Result<T, String> {
    if let Some(stream) = control::connect(&config.data_dir).await {
        let mut outcome = Err("the server ended the connection without an answer".to_string());
        control::ask(stream, &request, |answer| {
            if let Answer::Error { detail } = &answer {
                outcome = Err(detail.clone());
            } else if let Some(value) = pick(answer) {
                outcome = Ok(value);
            }
        })
        .await
        .map_err(|error| format!("the running server did not answer: {error}"))?;
        return outcome;
    }
    crate::server::prepare_data_dir(&config.data_dir).map_err(|error| error.to_string())?;
    let (db, _) = Db::open(&config.data_dir, config.store_id).map_err(|error| error.to_string())?;
    let shop = offline_shop(config, db)
        .await
        .map_err(|error| error.to_string())?;
    match control::carry_out(&shop, request, |_, _| {}).await {
        Answer::Error { detail } => Err(detail),
        answer => pick(answer).ok_or_else(|| "the shop gave no answer to this request".to_string()),
    }
}

/// The shop on the database file, for a command while no server runs: no background
/// work, no listeners.
pub(crate) async fn offline_shop(config: &Config, db: Db) -> Result<Shop, StartupError> {
    let clock = config
        .testing
        .clock_start
        .map_or_else(Clock::system, Clock::starting_at);
    Shop::open(Arc::new(config.clone()), db, clock, Vec::new()).await
}

/// Parses the command line, runs the command, and turns any failure into one clear
/// sentence on stderr and a non-zero exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err((message, code)) => {
            eprintln!("heimservice: error: {message}");
            ExitCode::from(code)
        }
    }
}

/// Runs a command; a failure is its message and exit status.
pub fn run(cli: Cli) -> Result<(), (String, u8)> {
    let startup = |error: StartupError| (error.to_string(), error.exit_code());
    let load = || Config::load(&cli.global.flag_values()).map_err(StartupError::from);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => load().and_then(serve::run).map_err(startup),
        Command::Config(ConfigCommand::Check) => load()
            .and_then(|config| config_check::run(&config))
            .map_err(startup),
        Command::Config(ConfigCommand::Reference) => {
            print!("{}", crate::config::reference());
            Ok(())
        }
        Command::Version => {
            version::run();
            Ok(())
        }
        Command::Backup(args) => {
            let config = load().map_err(startup)?;
            backup::backup(&config, args).map_err(|message| (message, 1))
        }
        Command::Restore(args) => {
            let config = load().map_err(startup)?;
            backup::restore(&config, args).map_err(|message| (message, 1))
        }
        Command::Menu(command) => {
            let config = load().map_err(startup)?;
            menu::run(config, command).map_err(|message| (message, 1))
        }
        Command::Check(args) => {
            let config = load().map_err(startup)?;
            check::run(&config, args)
        }
        Command::Healthcheck => {
            let config = load().map_err(startup)?;
            maintenance::healthcheck(&config).map_err(|message| (message, 1))
        }
        Command::Export(command) => {
            let config = load().map_err(startup)?;
            export::run(config, command).map_err(|message| (message, 1))
        }
        Command::Compact => {
            let config = load().map_err(startup)?;
            maintenance::compact(&config).map_err(|message| (message, 1))
        }
        Command::Admin(command) => {
            let config = load().map_err(startup)?;
            admin::run(config, command).map_err(|error| match error {
                admin::AdminError::Startup(error) => startup(error),
                other => (format!("{other}."), 1),
            })
        }
    }
}
