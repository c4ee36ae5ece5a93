//! Managing admin accounts from the command line (`heimservice admin …`), carried out
//! by the running server over the control socket or by the command on the database
//! file. Passwords arrive already read from the prompt or the environment.

use serde::{Deserialize, Serialize};

use super::Shop;
use crate::auth::passwords;
use crate::auth::tokens::unix_now;
use crate::db::{NewUser, UserError};
use crate::domain::user::{Role, check_password, normalize_email};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum AdminRequest {
    Create {
        email: String,
        name: Option<String>,
        password: String,
    },
    List,
    ResetPassword {
        email: String,
        password: String,
    },
    Delete {
        email: String,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct AdminSummary {
    pub email: String,
    pub name: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// What the operation did, for the person at the terminal.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum AdminOutcome {
    Done(String),
    Admins(Vec<AdminSummary>),
}

fn email_of(email: &str) -> Result<String, String> {
    normalize_email(email).map_err(|problem| format!("--email {problem}"))
}

async fn hash(password: String) -> Result<String, String> {
    check_password(&password).map_err(|problem| format!("the password {problem}"))?;
    passwords::hash(password)
        .await
        .map_err(|error| error.to_string())
}

impl Shop {
    /// Creates, lists, changes or deletes admin accounts; the error is the sentence for
    /// the person at the terminal.
    pub async fn admin_command(&self, request: AdminRequest) -> Result<AdminOutcome, String> {
        let db = &self.db;
        let failed = |error: crate::db::DbError| error.to_string();
        match request {
            AdminRequest::Create {
                email,
                name,
                password,
            } => {
                let email = email_of(&email)?;
                let name = name
                    .map(|name| name.trim().to_string())
                    .filter(|name| !name.is_empty())
                    .unwrap_or_else(|| email.split('@').next().unwrap_or("Admin").to_string());
                let password_hash = hash(password).await?;
                let created = db
                    .create_user(NewUser {
                        email: email.clone(),
                        name,
                        role: Role::Admin,
                        password_hash,
                        created_at: unix_now() as i64,
                        phone: String::new(),
                    })
                    .await
                    .map_err(failed)?;
                match created {
                    Ok(user) => Ok(AdminOutcome::Done(format!(
                        "created the admin {} ({})",
                        user.email, user.name
                    ))),
                    Err(UserError::EmailTaken) => {
                        Err(format!("an account with the email {email} already exists"))
                    }
                }
            }
            AdminRequest::List => {
                let admins = db.users_with_role(Role::Admin).await.map_err(failed)?;
                Ok(AdminOutcome::Admins(
                    admins
                        .into_iter()
                        .map(|user| AdminSummary {
                            email: user.email,
                            name: user.name,
                            created_at: user.created_at,
                        })
                        .collect(),
                ))
            }
            AdminRequest::ResetPassword { email, password } => {
                let email = email_of(&email)?;
                let password_hash = hash(password).await?;
                db.set_admin_password(email.clone(), password_hash)
                    .await
                    .map_err(failed)?
                    .map_err(|error| format!("{error}: {email}"))?;
                Ok(AdminOutcome::Done(format!(
                    "set a new password for {email}; their open sessions have ended"
                )))
            }
            AdminRequest::Delete { email } => {
                let email = email_of(&email)?;
                db.delete_admin(email.clone())
                    .await
                    .map_err(failed)?
                    .map_err(|error| format!("{error}: {email}"))?;
                Ok(AdminOutcome::Done(format!("deleted the admin {email}")))
            }
        }
    }
}
