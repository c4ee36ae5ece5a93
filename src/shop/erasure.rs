//! The erasure of old personal data (`privacy.guest_data_days`): at start and every
//! hour, guest orders (phone orders included) placed before the period and finished are
//! anonymised — amounts, VAT, payment method and status stay for the tax records — and
//! contact messages and kept mails older than the period are deleted. Work goes in
//! batches of [`BATCH`] records per write transaction, so orders keep flowing meanwhile.

use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::clock::Clock;
use crate::db::{Db, DbError};
use crate::domain::erasure::retention_cutoff;

const CHECK_EVERY: Duration = Duration::from_secs(60 * 60);
/// Records per write transaction.
pub const BATCH: usize = 100;

/// What one pass removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Erased {
    pub orders: usize,
    pub support_messages: usize,
    pub mails: usize,
}

/// One pass over everything due at `now`; `stop` is asked between batches.
pub async fn erase_due(
    db: &Db,
    now: DateTime<Utc>,
    days: u32,
    stop: impl Fn() -> bool,
) -> Result<Erased, DbError> {
    let mut erased = Erased::default();
    let Some(cutoff) = retention_cutoff(now, days) else {
        return Ok(erased);
    };
    let mut after = None;
    while !stop() {
        let batch = db.anonymise_guest_orders(cutoff, after, BATCH, now).await?;
        erased.orders += batch.anonymised;
        match batch.next {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    while !stop() {
        let deleted = db
            .delete_support_messages_before(cutoff.timestamp(), BATCH)
            .await?;
        erased.support_messages += deleted;
        if deleted < BATCH {
            break;
        }
    }
    while !stop() {
        let deleted = db.delete_outbox_before(cutoff.timestamp(), BATCH).await?;
        erased.mails += deleted;
        if deleted < BATCH {
            break;
        }
    }
    Ok(erased)
}

/// Runs until `finishing` turns true (a batch under way is finished first); `None`
/// when `days` is 0 (keep everything).
pub fn spawn(
    db: Db,
    clock: Clock,
    days: u32,
    mut finishing: tokio::sync::watch::Receiver<bool>,
) -> Option<tokio::task::JoinHandle<()>> {
    if days == 0 {
        return None;
    }
    Some(tokio::spawn(async move {
        let mut ticks = tokio::time::interval(CHECK_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            // The first tick is at once: a pass runs at every start.
            tokio::select! {
                _ = ticks.tick() => {}
                _ = finishing.changed() => break,
            }
            let stopping = finishing.clone();
            match erase_due(&db, clock.now(), days, || *stopping.borrow()).await {
                Ok(erased) if erased != Erased::default() => tracing::info!(
                    orders = erased.orders,
                    support_messages = erased.support_messages,
                    mails = erased.mails,
                    days,
                    "old personal data erased"
                ),
                Ok(_) => {}
                Err(error) => tracing::error!(%error, "erasing old personal data failed"),
            }
        }
    }))
}
