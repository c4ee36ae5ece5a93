//! The kitchen printers the owner sets up. Switching one on wakes the print queue;
//! switching it off or removing it drops its waiting documents and its alarm. A change
//! may name the version of the printer it was made on; a stale one changes nothing.
//! Staff print an order's documents again from its page.

use super::{Shop, ShopError, order_not_found};
use crate::db::{DbError, SavedPrinter};
use crate::domain::edit_version::{EditConflict, EditRefusal, Precondition};
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::printing::job::ReprintRefusal;
use crate::domain::printing::{PrinterError, PrinterInput, TicketKind};

impl Shop {
    /// Adds a printer (`id` `None`) or changes one that meets `precondition`; `None`
    /// when there is no such printer.
    pub async fn save_printer(
        &self,
        id: Option<u64>,
        input: PrinterInput,
        precondition: Option<Precondition>,
    ) -> Result<Result<Option<SavedPrinter>, EditRefusal<PrinterError>>, DbError> {
        let _turn = self.printing.changing().await;
        let saved = match self
            .db
            .save_printer(id, input, self.clock.now(), precondition)
            .await?
        {
            Ok(Some(saved)) => saved,
            other => return Ok(other),
        };
        let printer = &saved.printer;
        if printer.enabled {
            self.printing.wake();
        } else {
            self.printing.clear_alarm(printer.id);
        }
        if saved.dropped_jobs > 0 {
            tracing::warn!(
                printer = %printer.name,
                jobs = saved.dropped_jobs,
                "print jobs dropped: the printer was switched off"
            );
        }
        Ok(Ok(Some(saved)))
    }

    /// Prints the documents `kinds` of order `id` again, marked as such, on every
    /// printer switched on that prints them; how many were queued.
    pub async fn reprint(&self, id: u64, kinds: Vec<TicketKind>) -> Result<usize, ShopError> {
        let queued = self
            .db
            .queue_reprint(id, kinds, self.clock.now())
            .await?
            .map_err(|refusal| match refusal {
                ReprintRefusal::NoSuchOrder => order_not_found(),
                ReprintRefusal::NotAccepted => Refusal::new(
                    ErrorStatus::Conflict,
                    ErrorCode::InvalidTransition,
                    "The order has no tickets: it was not accepted.",
                ),
                ReprintRefusal::NoPrinter => Refusal::new(
                    ErrorStatus::Conflict,
                    ErrorCode::NoPrinter,
                    "No printer that is switched on prints this document: set one up under Printers.",
                ),
            })?;
        self.printing.wake();
        Ok(queued)
    }

    /// Removes a printer that meets `precondition` and the documents waiting for it:
    /// how many were dropped, or `None` when there is no such printer.
    pub async fn delete_printer(
        &self,
        id: u64,
        precondition: Option<Precondition>,
    ) -> Result<Result<Option<usize>, EditConflict>, DbError> {
        let _turn = self.printing.changing().await;
        let dropped = match self.db.delete_printer(id, precondition).await? {
            Ok(Some(dropped)) => dropped,
            other => return Ok(other),
        };
        self.printing.clear_alarm(id);
        if dropped > 0 {
            tracing::warn!(
                printer = id,
                jobs = dropped,
                "print jobs dropped: the printer was deleted"
            );
        }
        Ok(Ok(Some(dropped)))
    }
}
