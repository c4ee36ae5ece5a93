//! The ordering guards as the handlers meet them: an order is refused while the clock
//! is not trusted or the readiness check is unconfirmed; orders rejected in a row
//! because nobody answered pause ordering (`orders.pause_after_unanswered`), and any
//! staff answer starts the count again.

use super::Shop;
use super::hubs::store_status::ClosedReason;
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
        let store_id = self.config.store_id;
        let limit = self.config.orders.pause_after_unanswered;
        if limit == 0 {
            return;
        }
        let now = self.clock.now();
        if !self.status.someone_could_answer(now) {
            return;
        }
        match self.db.count_unanswered(store_id, limit, now).await {
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
