//! The restaurant's accounts: owners (everything) and staff (the day's orders). The
//! owner manages them in the admin area (`/admin/accounts`) and on the command line
//! (`heimservice admin …`, carried out by the running server over the control socket or
//! by the command on the database file); both call the methods here. Passwords arrive
//! already read from the form, the prompt or the environment.

use serde::{Deserialize, Serialize};

use super::{Shop, ShopError};
use crate::auth::passwords;
use crate::auth::tokens::unix_now;
use crate::db::{AccountChangeError, NewUser, UserError};
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::user::{Role, User, check_name, check_password, normalize_email};

/// A restaurant account to create, as the owner entered it.
#[derive(Debug, Clone)]
pub struct NewRestaurantAccount {
    pub email: String,
    /// Empty: the part of the email before `@`.
    pub name: String,
    pub role: Role,
    pub password: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum AdminRequest {
    Create {
        email: String,
        name: Option<String>,
        password: String,
        #[serde(default = "owner")]
        role: Role,
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

fn owner() -> Role {
    Role::Owner
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct AdminSummary {
    pub email: String,
    pub name: String,
    #[serde(default = "owner")]
    pub role: Role,
    /// Unix seconds.
    pub created_at: i64,
}

/// What the operation did, for the person at the terminal.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum AdminOutcome {
    Done(String),
    Admins(Vec<AdminSummary>),
}

impl From<AccountChangeError> for Refusal {
    fn from(error: AccountChangeError) -> Self {
        match error {
            AccountChangeError::NoSuchAccount => Refusal::new(
                ErrorStatus::NotFound,
                ErrorCode::NotFound,
                "There is no owner or staff account with this id.",
            ),
            AccountChangeError::LastOwner => Refusal::new(
                ErrorStatus::Conflict,
                ErrorCode::LastOwner,
                "This is the only owner account; make another owner first.",
            ),
        }
    }
}

async fn hash(password: String) -> Result<String, ShopError> {
    check_password(&password).map_err(|problem| Refusal::invalid("password", &problem))?;
    passwords::hash(password)
        .await
        .map_err(|_| ShopError::Refused(Refusal::internal()))
}

impl Shop {
    /// Creates an owner or staff account.
    pub async fn create_restaurant_account(
        &self,
        new: NewRestaurantAccount,
    ) -> Result<User, ShopError> {
        let email =
            normalize_email(&new.email).map_err(|problem| Refusal::invalid("email", &problem))?;
        if !new.role.is_restaurant() {
            return Err(Refusal::invalid("role", "must be owner or staff").into());
        }
        let name = match new.name.trim() {
            "" => email.split('@').next().unwrap_or("Staff").to_string(),
            name => check_name(name).map_err(|problem| Refusal::invalid("name", &problem))?,
        };
        let password_hash = hash(new.password).await?;
        let created = self
            .db
            .create_user(NewUser {
                email,
                name,
                role: new.role,
                password_hash,
                created_at: unix_now() as i64,
                phone: String::new(),
            })
            .await?;
        created.map_err(|UserError::EmailTaken| {
            Refusal::new(
                ErrorStatus::Conflict,
                ErrorCode::EmailTaken,
                "An account with this email already exists.",
            )
            .on_field("email")
            .into()
        })
    }

    /// The owners and staff, oldest first.
    pub async fn restaurant_accounts(&self) -> Result<Vec<User>, ShopError> {
        Ok(self.db.restaurant_accounts().await?)
    }

    /// Sets a new password for an owner or staff account and ends its sessions; never
    /// for the account of `by`, whose own session would end with it.
    pub async fn set_restaurant_password(
        &self,
        id: u64,
        password: String,
        by: Option<u64>,
    ) -> Result<User, ShopError> {
        refuse_own_account(id, by)?;
        let password_hash = hash(password).await?;
        Ok(self
            .db
            .set_restaurant_password(id, password_hash)
            .await?
            .map_err(Refusal::from)?)
    }

    /// Deletes an owner or staff account; never the last owner, and never the account
    /// of `by` (an owner cannot lock themselves out from the admin area).
    pub async fn delete_restaurant_account(
        &self,
        id: u64,
        by: Option<u64>,
    ) -> Result<User, ShopError> {
        refuse_own_account(id, by)?;
        Ok(self
            .db
            .delete_restaurant_account(id)
            .await?
            .map_err(Refusal::from)?)
    }

    /// The restaurant account with `email`, for the command line.
    async fn restaurant_account_by_email(&self, email: &str) -> Result<User, String> {
        let email = normalize_email(email).map_err(|problem| format!("--email {problem}"))?;
        self.db
            .user_by_email(email.clone())
            .await
            .map_err(|error| error.to_string())?
            .filter(|user| user.role.is_restaurant())
            .ok_or_else(|| format!("there is no owner or staff account with this email: {email}"))
    }

    /// Creates, lists, changes or deletes restaurant accounts for the command line; the
    /// error is the sentence for the person at the terminal.
    pub async fn admin_command(&self, request: AdminRequest) -> Result<AdminOutcome, String> {
        let for_terminal = |error: ShopError| terminal_sentence(&error);
        match request {
            AdminRequest::Create {
                email,
                name,
                password,
                role,
            } => {
                let user = self
                    .create_restaurant_account(NewRestaurantAccount {
                        email,
                        name: name.unwrap_or_default(),
                        role,
                        password,
                    })
                    .await
                    .map_err(for_terminal)?;
                Ok(AdminOutcome::Done(format!(
                    "created the {} {} ({})",
                    role_word(user.role),
                    user.email,
                    user.name
                )))
            }
            AdminRequest::List => Ok(AdminOutcome::Admins(
                self.restaurant_accounts()
                    .await
                    .map_err(for_terminal)?
                    .into_iter()
                    .map(|user| AdminSummary {
                        email: user.email,
                        name: user.name,
                        role: user.role,
                        created_at: user.created_at,
                    })
                    .collect(),
            )),
            AdminRequest::ResetPassword { email, password } => {
                let user = self.restaurant_account_by_email(&email).await?;
                self.set_restaurant_password(user.id, password, None)
                    .await
                    .map_err(for_terminal)?;
                Ok(AdminOutcome::Done(format!(
                    "set a new password for {}; their open sessions have ended",
                    user.email
                )))
            }
            AdminRequest::Delete { email } => {
                let user = self.restaurant_account_by_email(&email).await?;
                self.delete_restaurant_account(user.id, None)
                    .await
                    .map_err(for_terminal)?;
                Ok(AdminOutcome::Done(format!(
                    "deleted the {} {}",
                    role_word(user.role),
                    user.email
                )))
            }
        }
    }
}

/// An owner manages the other accounts in the admin area; their own (a deletion, a
/// new password) is another owner's or the command line's to change.
fn refuse_own_account(id: u64, by: Option<u64>) -> Result<(), Refusal> {
    if by == Some(id) {
        return Err(Refusal::new(
            ErrorStatus::Conflict,
            ErrorCode::OwnAccount,
            "This is your own account: another owner (or heimservice admin) deletes it or sets its password.",
        ));
    }
    Ok(())
}

/// "owner" or "staff member", for the terminal.
pub fn role_word(role: Role) -> &'static str {
    match role {
        Role::Owner => "owner",
        Role::Staff => "staff member",
        Role::Customer => "customer",
    }
}

/// A refusal as the command line says it: the field as its flag.
fn terminal_sentence(error: &ShopError) -> String {
    use crate::domain::error::PublicError;
    match error.field() {
        Some("email") if error.code() == ErrorCode::Invalid => {
            format!("--{}", error.detail())
        }
        Some("password") => format!(
            "the password {}",
            error.detail().trim_start_matches("password: ")
        ),
        _ => error.detail(),
    }
}
