//! `heimservice admin create|list|reset-password|delete`. Passwords come from
//! HEIMSERVICE_ADMIN_PASSWORD or a hidden prompt, never from the command line, where
//! other users could read them in the process list. While a server runs on the data
//! directory it carries the change out (over the control socket); otherwise the
//! command opens the database itself.

use clap::{Args, Subcommand};

use crate::config::Config;
use crate::control::{self, Answer, Request};
use crate::db::Db;
use crate::domain::user::{Role, normalize_email};
use crate::shop::admin_accounts::{AdminOutcome, AdminRequest};
use crate::startup_error::StartupError;

pub const PASSWORD_ENV: &str = "HEIMSERVICE_ADMIN_PASSWORD";

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Create an owner or staff account (password from HEIMSERVICE_ADMIN_PASSWORD or a prompt)
    Create(CreateArgs),
    /// List the owner and staff accounts
    List,
    /// Set a new password for an owner or staff account and end its sessions
    ResetPassword(EmailArgs),
    /// Delete an owner or staff account (never the last owner)
    Delete(EmailArgs),
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    /// The account's email address, used to log in
    #[arg(long, value_name = "EMAIL")]
    pub email: String,
    /// The name shown in the admin area and in the orders' history [default: the part
    /// of the email before @]
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// owner: everything; staff: the orders board, phone orders, pause, a printer's
    /// test print and sold out (no menu prices, settings, accounts or exports)
    #[arg(long, value_enum, default_value_t = RoleArg::Owner)]
    pub role: RoleArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RoleArg {
    Owner,
    Staff,
}

impl From<RoleArg> for Role {
    fn from(role: RoleArg) -> Self {
        match role {
            RoleArg::Owner => Role::Owner,
            RoleArg::Staff => Role::Staff,
        }
    }
}

#[derive(Debug, Args)]
pub struct EmailArgs {
    /// The admin's email address
    #[arg(long, value_name = "EMAIL")]
    pub email: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0}")]
    Startup(#[from] StartupError),
    #[error("--email {0}")]
    Email(String),
    #[error("the password {0}")]
    Password(String),
    #[error("cannot read the password: {0}. Set {PASSWORD_ENV} when no terminal is attached")]
    Prompt(String),
    #[error("{0}")]
    Failed(String),
}

fn read_password(prompt: &str) -> Result<String, AdminError> {
    if let Ok(password) = std::env::var(PASSWORD_ENV) {
        return Ok(password);
    }
    let first = rpassword::prompt_password(prompt)
        .map_err(|error| AdminError::Prompt(error.to_string()))?;
    let second = rpassword::prompt_password("Repeat the password: ")
        .map_err(|error| AdminError::Prompt(error.to_string()))?;
    if first != second {
        return Err(AdminError::Password("entries do not match".into()));
    }
    Ok(first)
}

/// The email checked before anything is asked or opened.
fn checked_email(email: &str) -> Result<String, AdminError> {
    normalize_email(email).map_err(AdminError::Email)
}

fn request_for(command: AdminCommand) -> Result<AdminRequest, AdminError> {
    Ok(match command {
        AdminCommand::Create(args) => {
            let email = checked_email(&args.email)?;
            let password = read_password("Password for the new account: ")?;
            crate::domain::user::check_password(&password).map_err(AdminError::Password)?;
            AdminRequest::Create {
                email,
                name: args.name,
                password,
                role: args.role.into(),
            }
        }
        AdminCommand::List => AdminRequest::List,
        AdminCommand::ResetPassword(args) => {
            let email = checked_email(&args.email)?;
            let password = read_password("New password: ")?;
            crate::domain::user::check_password(&password).map_err(AdminError::Password)?;
            AdminRequest::ResetPassword { email, password }
        }
        AdminCommand::Delete(args) => AdminRequest::Delete {
            email: checked_email(&args.email)?,
        },
    })
}

pub fn run(config: Config, command: AdminCommand) -> Result<(), AdminError> {
    let creating = matches!(command, AdminCommand::Create(_));
    let request = request_for(command)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| AdminError::Failed(error.to_string()))?;
    let outcome = runtime.block_on(async {
        if let Some(stream) = control::connect(&config.data_dir).await {
            let mut outcome = Err("the server ended the connection without an answer".into());
            control::ask(stream, &Request::Admin(request), |answer| match answer {
                Answer::Admin { outcome: done } => outcome = Ok(done),
                Answer::Error { detail } => outcome = Err(detail),
                _ => {}
            })
            .await
            .map_err(|error| {
                AdminError::Failed(format!("the running server did not answer: {error}"))
            })?;
            return outcome.map_err(AdminError::Failed);
        }
        crate::server::prepare_data_dir(&config.data_dir)?;
        let (db, _) = Db::open(&config.data_dir, config.store_id).map_err(StartupError::from)?;
        let shop = super::offline_shop(&config, db).await?;
        shop.admin_command(request)
            .await
            .map_err(AdminError::Failed)
    })?;
    match outcome {
        AdminOutcome::Done(message) if creating => println!(
            "heimservice: {message}. Log in at {}/admin",
            config.base_path
        ),
        AdminOutcome::Done(message) => println!("heimservice: {message}"),
        AdminOutcome::Admins(admins) if admins.is_empty() => {
            println!(
                "heimservice: no owner or staff accounts yet; create one with `heimservice admin create`"
            )
        }
        AdminOutcome::Admins(admins) => {
            for admin in admins {
                let since = chrono::DateTime::from_timestamp(admin.created_at, 0)
                    .map(|at| at.format("%Y-%m-%d").to_string())
                    .unwrap_or_default();
                println!(
                    "{}\t{}\tsince {since}\t{}",
                    admin.email,
                    admin.name,
                    admin.role.as_str()
                );
            }
        }
    }
    Ok(())
}
