//! `heimservice admin create`: the restaurant's first (and further) admin accounts.
//! The password comes from HEIMSERVICE_ADMIN_PASSWORD or a hidden prompt, never from
//! the command line, where other users could read it in the process list.

use clap::{Args, Subcommand};

use crate::auth::passwords;
use crate::auth::tokens::unix_now;
use crate::config::Config;
use crate::domain::user::{Role, check_password, normalize_email};
use crate::startup_error::StartupError;
use crate::store::{NewUser, Store, UserError};

pub const PASSWORD_ENV: &str = "HEIMSERVICE_ADMIN_PASSWORD";

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Create an admin account (password from HEIMSERVICE_ADMIN_PASSWORD or a prompt)
    Create(CreateArgs),
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    /// The admin's email address, used to log in
    #[arg(long, value_name = "EMAIL")]
    pub email: String,
    /// The name shown in the admin area [default: the part of the email before @]
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
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
    #[error("an account with the email {0} already exists")]
    Exists(String),
    #[error("{0}")]
    Failed(String),
}

pub fn run(config: Config, command: AdminCommand) -> Result<(), AdminError> {
    match command {
        AdminCommand::Create(args) => create(config, args),
    }
}

fn read_password() -> Result<String, AdminError> {
    if let Ok(password) = std::env::var(PASSWORD_ENV) {
        return Ok(password);
    }
    let first = rpassword::prompt_password("Password for the new admin: ")
        .map_err(|error| AdminError::Prompt(error.to_string()))?;
    let second = rpassword::prompt_password("Repeat the password: ")
        .map_err(|error| AdminError::Prompt(error.to_string()))?;
    if first != second {
        return Err(AdminError::Password("entries do not match".into()));
    }
    Ok(first)
}

fn create(config: Config, args: CreateArgs) -> Result<(), AdminError> {
    let email = normalize_email(&args.email).map_err(AdminError::Email)?;
    let name = args
        .name
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| email.split('@').next().unwrap_or("Admin").to_string());
    let password = read_password()?;
    check_password(&password).map_err(AdminError::Password)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| AdminError::Failed(error.to_string()))?;
    runtime.block_on(async {
        crate::server::prepare_data_dir(&config.data_dir)?;
        let (store, _) =
            Store::open(&config.data_dir, config.store_id).map_err(StartupError::from)?;
        let password_hash = passwords::hash(password)
            .await
            .map_err(|error| AdminError::Failed(error.to_string()))?;
        let created = store
            .create_user(NewUser {
                email: email.clone(),
                name,
                role: Role::Admin,
                password_hash,
                created_at: unix_now() as i64,
                phone: String::new(),
            })
            .await
            .map_err(|error| AdminError::Failed(error.to_string()))?;
        match created {
            Ok(user) => {
                println!(
                    "heimservice: created the admin {} ({}). Log in at {}/admin",
                    user.email, user.name, config.base_path
                );
                Ok(())
            }
            Err(UserError::EmailTaken) => Err(AdminError::Exists(email)),
        }
    })
}
