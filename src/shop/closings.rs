//! Daily closings as use cases: the shop closes each business day by itself once its
//! last opening hour is over (or the next day), checked at start and every five
//! minutes; the owner may close today on demand. Earlier days are always closed first,
//! so the numbers follow the dates.

use std::time::Duration;

use chrono::NaiveDate;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{Shop, ShopError};
use crate::db::DbError;
use crate::domain::fiscal::closing::{ClosedBy, ClosingRefusal, DailyClosing, due_automatically};
use crate::domain::fiscal::mode::ChosenBy;
use crate::domain::user::User;

const CHECK_EVERY: Duration = Duration::from_secs(300);

impl Shop {
    /// The store's date now.
    pub(super) fn today(&self) -> NaiveDate {
        self.clock
            .now()
            .with_timezone(&self.config.timezone)
            .date_naive()
    }

    /// Closes every business day that is over and not closed yet, oldest first; stops
    /// at a day whose orders still wait for an answer. Answers the new closings.
    pub async fn close_due_days(&self) -> Result<Vec<DailyClosing>, DbError> {
        let profile = self.db.store_profile(self.config.store_id).await?;
        let mut closed = Vec::new();
        for date in self.db.unclosed_days(self.today()).await? {
            let now = self.clock.now();
            if !due_automatically(profile.as_ref(), date, now, self.config.timezone) {
                break;
            }
            match self.db.close_day(date, now, ClosedBy::Automatic).await? {
                Ok(closing) => {
                    tracing::info!(number = closing.number, %date, "business day closed");
                    self.day_closed().await;
                    closed.push(closing);
                }
                Err(ClosingRefusal::Closed(_)) => {}
                Err(refused @ ClosingRefusal::Waiting { .. }) => {
                    tracing::warn!(%date, %refused, "the business day cannot be closed yet");
                    break;
                }
            }
        }
        Ok(closed)
    }

    /// The owner closes today (earlier days that are over are closed first).
    pub async fn close_today(&self, admin: &User) -> Result<DailyClosing, ShopError> {
        self.close_due_days().await?;
        let by = ClosedBy::Admin {
            by: ChosenBy::Admin {
                id: admin.id,
                email: admin.email.clone(),
                name: admin.name.clone(),
            },
        };
        let closing = self
            .db
            .close_day(self.today(), self.clock.now(), by)
            .await?
            .map_err(ShopError::Closing)?;
        tracing::info!(
            number = closing.number,
            admin = admin.id,
            "business day closed on demand"
        );
        self.day_closed().await;
        Ok(closing)
    }
}

/// Closes the days that are over at start and every five minutes, until `finishing`.
pub fn spawn(shop: Shop, mut finishing: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(error) = shop.close_due_days().await {
                tracing::error!(%error, "the daily closings could not be written");
            }
            tokio::select! {
                _ = tokio::time::sleep(CHECK_EVERY) => {}
                _ = finishing.changed() => return,
            }
        }
    })
}
