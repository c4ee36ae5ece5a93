//! The printer worker: once a second (and at once when an order is accepted) it sends
//! the jobs that are due, each printer on its own so a dead one does not hold up the
//! others. A job is removed only after its printer took it; a failure keeps it queued
//! for the next attempt after a growing pause and raises the printer's alarm.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{broadcast, watch};
use tokio::task::JoinHandle;

use super::Printing;
use crate::domain::order::OrderStatus;
use crate::domain::printing::job::retry_pause;
use crate::domain::printing::tickets::order_document;
use crate::domain::printing::{PrintJob, Printer};
use crate::domain::store_profile::StoreProfile;
use crate::shop::hubs::orders::OrderHub;

const CHECK_EVERY: Duration = Duration::from_secs(1);

impl Printing {
    /// Sends every job that is due now; answers how many were printed.
    pub async fn print_due(&self) -> usize {
        let now = self.clock.now();
        let due = match self.db.due_print_jobs(now).await {
            Ok(due) => due,
            Err(error) => {
                tracing::error!(%error, "cannot read the print queue");
                return 0;
            }
        };
        if due.is_empty() {
            return 0;
        }
        let (printers, profile) = match (
            self.db.printers().await,
            self.db.store_profile(self.store_id).await,
        ) {
            (Ok(printers), Ok(profile)) => (printers, profile),
            (Err(error), _) | (_, Err(error)) => {
                tracing::error!(%error, "cannot read the printers");
                return 0;
            }
        };
        let printers: HashMap<u64, Printer> = printers
            .into_iter()
            .map(|printer| (printer.id, printer))
            .collect();
        let mut per_printer: BTreeMap<u64, Vec<PrintJob>> = BTreeMap::new();
        for job in due {
            per_printer.entry(job.printer_id).or_default().push(job);
        }
        let rounds = per_printer.into_iter().map(|(printer_id, mut jobs)| {
            jobs.sort_by_key(|job| (job.due_at, job.id));
            self.print_on(
                printer_id,
                printers.get(&printer_id),
                jobs,
                profile.as_ref(),
            )
        });
        futures_util::future::join_all(rounds)
            .await
            .into_iter()
            .sum()
    }

    async fn drop_jobs(&self, jobs: &[PrintJob]) {
        let ids = jobs.iter().map(|job| job.id).collect();
        if let Err(error) = self.db.remove_print_jobs(ids).await {
            tracing::error!(%error, "cannot remove print jobs");
        }
    }

    /// Prints `jobs` (due, oldest first) on one printer until one fails.
    async fn print_on(
        &self,
        printer_id: u64,
        printer: Option<&Printer>,
        jobs: Vec<PrintJob>,
        profile: Option<&StoreProfile>,
    ) -> usize {
        let Some(printer) = printer.filter(|printer| printer.enabled) else {
            tracing::warn!(
                printer = printer_id,
                jobs = jobs.len(),
                "print jobs dropped: their printer was deleted or switched off"
            );
            self.drop_jobs(&jobs).await;
            self.clear_alarm(printer_id);
            return 0;
        };
        let now = self.clock.now();
        let (stale, jobs): (Vec<PrintJob>, Vec<PrintJob>) =
            jobs.into_iter().partition(|job| job.is_stale(now));
        if !stale.is_empty() {
            tracing::warn!(
                printer = %printer.name,
                jobs = stale.len(),
                "print jobs dropped: not printed within 12 hours of their time"
            );
            self.drop_jobs(&stale).await;
        }
        let mut printed = 0;
        for (index, job) in jobs.iter().enumerate() {
            let order = match self.db.order(job.order_id).await {
                Ok(Some(order)) if !order.status.is_open() && job.banner().is_none() => {
                    // Finished before its time came (a pre-order handed out early).
                    tracing::info!(
                        order = order.id,
                        number = order.number,
                        "print job dropped: the order is finished"
                    );
                    self.drop_jobs(std::slice::from_ref(job)).await;
                    continue;
                }
                Ok(Some(order)) => order,
                Ok(None) => {
                    tracing::warn!(order = job.order_id, "print job dropped: the order is gone");
                    self.drop_jobs(std::slice::from_ref(job)).await;
                    continue;
                }
                Err(error) => {
                    tracing::error!(%error, "cannot read the order to print");
                    return printed;
                }
            };
            let document = order_document(
                job.kind,
                &order,
                &self.shop(profile),
                printer.width,
                job.banner(),
            );
            let bytes = document.repeat(usize::from(printer.copies.max(1)));
            match self.send_to(printer, &bytes).await {
                Ok(()) => {
                    if let Err(error) = self.db.remove_print_jobs(vec![job.id]).await {
                        tracing::error!(%error, job = job.id, "printed, but the job could not be removed");
                    }
                    tracing::info!(
                        printer = %printer.name,
                        order = order.id,
                        number = order.number,
                        document = job.kind.as_str(),
                        "printed"
                    );
                    printed += 1;
                }
                Err(error) => {
                    self.counters.print_failed();
                    let waiting = &jobs[index..];
                    let retry_at = self.clock.now() + retry_pause(job.attempts.saturating_add(1));
                    if job.attempts == 0 {
                        tracing::warn!(
                            printer = %printer.name,
                            address = %printer.address(),
                            %error,
                            waiting = waiting.len(),
                            "printer did not take a document; retrying"
                        );
                    } else {
                        tracing::debug!(printer = %printer.name, %error, "printer still failing");
                    }
                    let ids = waiting.iter().map(|job| job.id).collect();
                    if let Err(store_error) = self
                        .db
                        .postpone_print_jobs(ids, retry_at, error.to_string())
                        .await
                    {
                        tracing::error!(error = %store_error, "cannot postpone print jobs");
                    }
                    // Switched off or deleted while this document was being sent: that
                    // dropped the queue and cleared the alarm, which must stay cleared.
                    // A change waits for this turn and clears the alarm itself.
                    let _turn = self.changing().await;
                    match self.db.printer(printer.id).await {
                        Ok(Some(now)) if now.enabled => {
                            self.raise(printer, &error, waiting.len());
                        }
                        Ok(_) => {}
                        Err(read_error) => {
                            tracing::error!(error = %read_error, "cannot read the printer");
                            self.raise(printer, &error, waiting.len());
                        }
                    }
                    return printed;
                }
            }
        }
        // Nothing due is left for this printer (printed, or dropped as too old or
        // orderless): no reason for an alarm.
        self.clear_alarm(printer.id);
        printed
    }
}

/// Runs until `finishing` turns true (at shutdown). A round under way is left at once
/// then: a document being sent stays queued and prints after the next start.
pub fn spawn(
    printing: Arc<Printing>,
    orders: Arc<OrderHub>,
    mut finishing: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut accepted = orders.subscribe();
        let mut ticks = tokio::time::interval(CHECK_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                () = printing.wake.notified() => {}
                change = accepted.recv() => match change {
                    Ok(order) if order.status == OrderStatus::Accepted => {}
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => break,
                },
                _ = finishing.changed() => break,
            }
            tokio::select! {
                _ = printing.print_due() => {}
                _ = finishing.changed() => break,
            }
        }
    })
}
