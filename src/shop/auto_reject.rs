//! No customer waits forever: an order nobody accepted or rejected in time
//! (`orders.auto_reject_seconds`) is rejected, and refunded if it was paid.

use std::time::Duration;

use super::Shop;
use crate::domain::order::{Order, OrderStatus, PaymentStatus};

const CHECK_EVERY: Duration = Duration::from_secs(1);
/// Unpaid overdue orders rejected in one commit.
const BATCH: usize = 100;

/// Checks the open orders once; answers how many were rejected. Orders paid online are
/// rejected one by one, each followed by its refund (a call to PayPal); the others in
/// commits of up to [`BATCH`]. Stops between two commits once the server is finishing:
/// a backlog (after a long downtime) is taken up again on the next start, and a stop
/// never waits for it.
async fn reject_overdue(shop: &Shop, finishing: &tokio::sync::watch::Receiver<bool>) -> usize {
    let now = shop.clock.now();
    let Ok(due) = shop.db.orders_due(now).await else {
        return 0;
    };
    let (paid, unpaid): (Vec<Order>, Vec<Order>) = due
        .into_iter()
        .filter(|order| {
            order.status == OrderStatus::WaitingForConfirmation
                && order.auto_reject_at.is_some_and(|at| at <= now)
        })
        .partition(|order| order.payment.status == PaymentStatus::Paid);
    let mut rejected = 0;
    let stopping = |rejected: usize| {
        let stop = *finishing.borrow();
        if stop {
            tracing::info!(
                rejected,
                "stopping: the other overdue orders wait for the next start"
            );
        }
        stop
    };
    for batch in unpaid.chunks(BATCH) {
        if stopping(rejected) {
            return rejected;
        }
        match shop
            .reject_unanswered_batch(batch.iter().map(|order| order.id).collect())
            .await
        {
            Ok(orders) => {
                for order in &orders {
                    tracing::warn!(
                        order = order.id,
                        number = order.number,
                        "order rejected automatically: nobody answered"
                    );
                }
                rejected += orders.len();
            }
            Err(error) => tracing::error!(%error, "cannot reject the overdue orders"),
        }
    }
    for order in paid {
        if stopping(rejected) {
            return rejected;
        }
        // An error means someone answered in the meantime: nothing to do.
        if shop.reject_unanswered(order.id).await.is_ok() {
            tracing::warn!(
                order = order.id,
                number = order.number,
                "order rejected automatically: nobody answered"
            );
            rejected += 1;
        }
    }
    rejected
}

/// Runs until `finishing` turns true (at shutdown). A check under way is finished
/// first, so that no database read outlives the server.
pub(super) fn spawn(
    shop: Shop,
    mut finishing: tokio::sync::watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(CHECK_EVERY);
        loop {
            tokio::select! {
                _ = ticks.tick() => {
                    reject_overdue(&shop, &finishing).await;
                }
                _ = finishing.changed() => break,
            }
        }
    })
}
