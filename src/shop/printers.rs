//! The kitchen printers the owner sets up. Switching one on wakes the print queue;
//! switching it off or removing it drops its waiting documents and its alarm.

use super::Shop;
use crate::db::{DbError, SavedPrinter};
use crate::domain::printing::{PrinterError, PrinterInput};

impl Shop {
    /// Adds a printer (`id` `None`) or changes one; `None` when there is no such
    /// printer.
    pub async fn save_printer(
        &self,
        id: Option<u64>,
        input: PrinterInput,
    ) -> Result<Result<Option<SavedPrinter>, PrinterError>, DbError> {
        let saved = match self.db.save_printer(id, input, self.clock.now()).await? {
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

    /// Removes a printer and the documents waiting for it: how many were dropped, or
    /// `None` when there is no such printer.
    pub async fn delete_printer(&self, id: u64) -> Result<Option<usize>, DbError> {
        let Some(dropped) = self.db.delete_printer(id).await? else {
            return Ok(None);
        };
        self.printing.clear_alarm(id);
        if dropped > 0 {
            tracing::warn!(
                printer = id,
                jobs = dropped,
                "print jobs dropped: the printer was deleted"
            );
        }
        Ok(Some(dropped))
    }
}
