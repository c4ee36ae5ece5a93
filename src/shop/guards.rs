//! The ordering guards as the handlers meet them: an order is refused while the clock
//! is not trusted or the readiness check is unconfirmed; orders rejected in a row
//! because nobody answered pause ordering (`orders.pause_after_unanswered`), and any
//! staff answer starts the count again.

use super::Shop;
use super::hubs::store_status::ClosedReason;
use crate::db::{DbError, UnansweredCount};
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};

fn clock_untrusted() -> Refusal {
    Refusal::new(
        ErrorStatus::Conflict,
        ErrorCode::ClockUntrusted,
        "The restaurant is not taking orders right now: its clock has not been confirmed yet after a restart. Please try again in a few minutes.",
    )
}

fn store_not_ready() -> Refusal {
    Refusal::new(
        ErrorStatus::Conflict,
        ErrorCode::StoreNotReady,
        "The restaurant is not taking orders yet: its shop setup is not complete.",
    )
}

impl Shop {
    /// Refuses an order (or a PayPal payment for one) while a guard keeps the shop shut,
    /// whatever the opening hours say.
    pub(super) fn ordering_gate(&self) -> Result<(), Refusal> {
        match self.status.ordering_blocked() {
            Some(ClosedReason::ClockUntrusted) => Err(clock_untrusted()),
            Some(_) => Err(store_not_ready()),
            None => Ok(()),
        }
    }

    /// An order was rejected because nobody answered it in time. It counts only if
    /// someone could have answered: the opening hours said open.
    pub(super) async fn note_unanswered(&self) {
        let Some((store_id, limit)) = self.unanswered_count_rule() else {
            return;
        };
        let counted = self
            .db
            .count_unanswered(store_id, limit, self.clock.now())
            .await;
        self.unanswered_counted(counted);
    }

    /// Whether orders rejected now because nobody answered count towards the automatic
    /// pause, and for which store up to which limit: not while it is off, nor while the
    /// opening hours say closed (nobody could have answered).
    pub(super) fn unanswered_count_rule(&self) -> Option<(u64, u32)> {
        let limit = self.config.orders.pause_after_unanswered;
        (limit > 0 && self.status.someone_could_answer(self.clock.now()))
            .then_some((self.config.store_id, limit))
    }

    /// The count after unanswered orders: a pause it caused reaches every storefront.
    pub(super) fn unanswered_counted(&self, counted: Result<UnansweredCount, DbError>) {
        match counted {
            Ok((state, Some(profile))) => {
                tracing::warn!(
                    unanswered = state.in_row,
                    "ordering paused automatically: orders in a row were not answered"
                );
                self.status.auto_paused(profile, state.auto_pause);
            }
            Ok(_) => {}
            Err(error) => tracing::error!(%error, "cannot count the unanswered order"),
        }
    }

    /// Staff accepted or rejected an order: they are there, the count starts again.
    pub(super) async fn note_answered(&self) {
        if self.config.orders.pause_after_unanswered == 0 {
            return;
        }
        if let Err(error) = self.db.reset_unanswered(self.config.store_id).await {
            tracing::error!(%error, "cannot reset the count of unanswered orders");
        }
    }
}
