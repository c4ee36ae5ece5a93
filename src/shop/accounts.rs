//! A customer's account beyond signing in: the password reset by mail, deleting the
//! account, and the contact form's message to the restaurant.

use sha2::{Digest, Sha256};

use super::{Shop, ShopError};
use crate::auth::passwords;
use crate::auth::tokens::unix_now;
use crate::db::{AccountDeletionRefusal, DbError, SupportMessage};
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::hex::hex;
use crate::domain::user::{User, check_name, check_password, normalize_phone};

/// How long a reset link works.
const RESET_LIFETIME_SECONDS: i64 = 60 * 60;

fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

impl Shop {
    /// Sends `email` a single-use reset link (valid for an hour) if an account has
    /// that address; nothing happens otherwise. Never fails the caller: the answer to
    /// the request must not depend on the account.
    pub async fn send_password_reset(&self, email: &str, link_origin: &str) {
        let user = match self.db.user_by_email(email.to_string()).await {
            Ok(Some(user)) => user,
            Ok(None) => return,
            Err(error) => {
                tracing::error!(%error, "reset: cannot read the account");
                return;
            }
        };
        let mut random = [0u8; 32];
        if let Err(error) = getrandom::fill(&mut random) {
            tracing::error!(%error, "reset: no random token");
            return;
        }
        let token = hex(&random);
        let expires_at = unix_now() as i64 + RESET_LIFETIME_SECONDS;
        if let Err(error) = self
            .db
            .add_reset_token(token_hash(&token), user.id, expires_at)
            .await
        {
            tracing::error!(%error, "reset: cannot store the token");
            return;
        }
        let link = format!(
            "{link_origin}{}/reset-password?token={token}",
            self.config.base_path
        );
        let brand = &self.config.brand;
        let text = format!(
            "Hallo {name},\n\nüber diesen Link können Sie ein neues Passwort für Ihr Konto bei {brand} setzen. \
             Er gilt eine Stunde lang und nur einmal:\n\n{link}\n\nWenn Sie kein neues Passwort angefordert haben, \
             ignorieren Sie diese E-Mail einfach.\n\n---\n\nHello {name},\n\nuse this link to set a new password for \
             your {brand} account. It works once, for one hour:\n\n{link}\n\nIf you did not ask for this, ignore this email.\n",
            name = user.name
        );
        let subject = format!("{brand}: Passwort zurücksetzen / reset your password");
        self.mailer.send(&user.email, &subject, text).await;
    }

    /// Sets a new password with the token of a reset link; every earlier login of the
    /// account stops working.
    pub async fn reset_password(&self, token: &str, password: String) -> Result<User, ShopError> {
        check_password(&password).map_err(|message| Refusal::invalid("password", &message))?;
        let password_hash = passwords::hash(password).await.map_err(|error| {
            tracing::error!(%error, "reset: hashing failed");
            Refusal::internal()
        })?;
        let user = self
            .db
            .reset_password(token_hash(token.trim()), unix_now() as i64, password_hash)
            .await?
            .ok_or_else(|| {
                Refusal::new(
                    ErrorStatus::BadRequest,
                    ErrorCode::InvalidToken,
                    "This reset link is invalid or has expired. Please request a new one.",
                )
            })?;
        tracing::info!(user = user.id, "password reset");
        Ok(user)
    }

    /// A customer changes their name and phone.
    pub async fn update_profile(
        &self,
        user_id: u64,
        name: &str,
        phone: &str,
    ) -> Result<User, ShopError> {
        let name =
            check_name(name).map_err(|message| Refusal::invalid("customer_name", &message))?;
        let phone =
            normalize_phone(phone).map_err(|message| Refusal::invalid("phone", &message))?;
        let user = self
            .db
            .update_profile(user_id, name, phone)
            .await?
            .ok_or_else(no_account)?;
        tracing::info!(user = user.id, "profile changed");
        Ok(user)
    }

    /// Sets a new password (the current one was checked by the caller); every other
    /// session of the account ends.
    pub async fn change_password(&self, user_id: u64, password: String) -> Result<User, ShopError> {
        check_password(&password).map_err(|message| Refusal::invalid("new_password", &message))?;
        let password_hash = passwords::hash(password).await.map_err(|error| {
            tracing::error!(%error, "password change: hashing failed");
            Refusal::internal()
        })?;
        let user = self
            .db
            .change_password(user_id, password_hash)
            .await?
            .ok_or_else(no_account)?;
        tracing::info!(user = user.id, "password changed");
        Ok(user)
    }

    /// Deletes a customer's account (its orders are kept without the person's data):
    /// the number of orders kept, or why not.
    pub async fn delete_account(
        &self,
        user_id: u64,
    ) -> Result<Result<usize, AccountDeletionRefusal>, DbError> {
        self.db.delete_customer(user_id, self.clock.now()).await
    }

    /// Keeps a message from the contact form and, with an SMTP server, mails it to the
    /// restaurant.
    pub async fn contact(&self, message: SupportMessage) -> Result<SupportMessage, DbError> {
        let saved = self.db.add_support_message(message).await?;
        if let Some(smtp) = &self.config.smtp {
            let mailer = self.mailer.clone();
            let to = smtp.from.clone();
            let subject = format!("Kontaktanfrage von {}", saved.name);
            let text = format!(
                "{} <{}> {}\n\n{}",
                saved.name, saved.email, saved.phone, saved.message
            );
            tokio::spawn(async move { mailer.send(&to, &subject, text).await });
        }
        Ok(saved)
    }
}

/// The account behind a token is gone (deleted meanwhile).
fn no_account() -> Refusal {
    Refusal::new(
        ErrorStatus::Unauthorized,
        ErrorCode::Unauthorized,
        "Please log in: this needs a valid access token.",
    )
}
