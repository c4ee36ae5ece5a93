//! Outgoing mail (password-reset links, contact-form messages). With an SMTP server
//! configured, mail is sent through it (STARTTLS or TLS); without one — or when sending
//! fails — it is kept in the outbox the admin can read, and logged, so a self-hoster
//! without mail still gets the link.

use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use std::sync::Arc;
use std::time::Duration;

use super::recent_events::RecentEvents;
use crate::clock::Clock;
use crate::config::{SmtpConfig, SmtpSecurity};
use crate::db::Db;

/// Mails to one recipient are counted over an hour, whatever the kind
/// (`limits.mails_per_address`): beyond them nothing is sent or kept, so nobody can use
/// the shop to fill someone's inbox.
const RECIPIENT_WINDOW: Duration = Duration::from_secs(60 * 60);

#[derive(Clone)]
pub struct Mailer {
    smtp: Option<(AsyncSmtpTransport<Tokio1Executor>, Mailbox)>,
    recent: Arc<RecentEvents>,
    db: Db,
    /// Stamps kept mails, so their age is the shop's (the erasure deletes old ones).
    clock: Clock,
}

#[derive(Debug, thiserror::Error)]
#[error("the mail settings are not usable: {0}")]
pub struct MailConfigError(String);

impl Mailer {
    /// `per_address`: mails to one address in an hour (`limits.mails_per_address`).
    pub fn new(
        config: Option<&SmtpConfig>,
        per_address: u32,
        db: Db,
        clock: Clock,
    ) -> Result<Mailer, MailConfigError> {
        let smtp = match config {
            None => None,
            Some(config) => {
                let from: Mailbox = config
                    .from
                    .parse()
                    .map_err(|error| MailConfigError(format!("smtp.from: {error}")))?;
                let builder = match config.security {
                    SmtpSecurity::StartTls => {
                        AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&config.host)
                    }
                    SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&config.host),
                    SmtpSecurity::None => Ok(
                        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&config.host),
                    ),
                }
                .map_err(|error| MailConfigError(format!("smtp.host: {error}")))?;
                let mut builder = builder
                    .port(config.port)
                    .timeout(Some(std::time::Duration::from_secs(20)));
                if !config.username.is_empty() {
                    builder = builder.credentials(Credentials::new(
                        config.username.clone(),
                        config.password.expose().to_string(),
                    ));
                }
                Some((builder.build(), from))
            }
        };
        Ok(Mailer {
            smtp,
            db,
            clock,
            recent: Arc::new(RecentEvents::new(per_address as usize, RECIPIENT_WINDOW)),
        })
    }

    /// Sends, or keeps the mail in the outbox. Never fails the caller: a lost mail is
    /// logged as an error and stays readable in the admin area.
    pub async fn send(&self, to: &str, subject: &str, body: String) {
        if !self
            .recent
            .allow(&to.trim().to_lowercase(), std::time::Instant::now())
        {
            tracing::warn!(%to, %subject, "mail not sent: too many to this address in the last hour");
            return;
        }
        if let Some((transport, from)) = &self.smtp {
            match self.deliver(transport, from, to, subject, &body).await {
                Ok(()) => {
                    tracing::info!(%to, %subject, "mail sent");
                    return;
                }
                Err(error) => {
                    tracing::error!(%error, %to, "sending mail failed; kept in the outbox")
                }
            }
        } else {
            tracing::info!(%to, %subject, %body, "no SMTP server configured; mail kept in the outbox");
        }
        let now = self.clock.now().timestamp();
        if let Err(error) = self
            .db
            .add_to_outbox(to.to_string(), subject.to_string(), body, now)
            .await
        {
            tracing::error!(%error, %to, "cannot keep the mail in the outbox");
        }
    }

    async fn deliver(
        &self,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        from: &Mailbox,
        to: &str,
        subject: &str,
        body: &str,
    ) -> Result<(), String> {
        let to: Mailbox = to.parse().map_err(|error| format!("recipient: {error}"))?;
        let message = Message::builder()
            .from(from.clone())
            .to(to)
            .subject(subject)
            .body(body.to_string())
            .map_err(|error| error.to_string())?;
        transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|error| error.to_string())
    }
}
