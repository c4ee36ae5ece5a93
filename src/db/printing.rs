//! Kitchen printers and the print queue. The jobs of an accepted order are written in
//! the same transaction as the acceptance (see `orders::write_order`), so a ticket is
//! never lost to a crash between the two; the printer worker removes a job only after
//! the printer took it.

use chrono::{DateTime, Utc};
use redb::WriteTransaction;

use super::catalog::OpenTables;
use super::tables::*;
use super::{Db, DbError, next_id, record};
use crate::domain::edit_version::{self, EditConflict, EditRefusal, Precondition};
use crate::domain::order::Order;
use crate::domain::order::correction::CorrectionKind;
use crate::domain::printing::job::{
    ReprintRefusal, TicketKind, documents_for, has_documents, print_due_at,
};
use crate::domain::printing::printer::check_printer;
use crate::domain::printing::{PrintJob, Printer, PrinterError, PrinterInput};

/// A printer as written, and how many of its queued jobs went with the change (all of
/// them when it was switched off).
#[derive(Debug, Clone)]
pub struct SavedPrinter {
    pub printer: Printer,
    pub dropped_jobs: usize,
}

fn attempt_key(job: &PrintJob) -> (i64, u64) {
    (job.next_attempt_at.timestamp_millis(), job.id)
}

/// Writes `job`, keeping the attempt index in step (`before` is the stored version).
fn put_job(
    txn: &WriteTransaction,
    before: Option<&PrintJob>,
    job: &PrintJob,
) -> Result<(), DbError> {
    txn.open_table(PRINT_JOB_ID_TO_JOB)?
        .insert(job.id, record::encode(job)?.as_slice())?;
    let mut index = txn.open_table(PRINT_JOB_ATTEMPT_AND_ID)?;
    if let Some(before) = before {
        index.remove(attempt_key(before))?;
    }
    index.insert(attempt_key(job), ())?;
    Ok(())
}

fn remove_job(txn: &WriteTransaction, id: u64) -> Result<bool, DbError> {
    let job: PrintJob = {
        let mut jobs = txn.open_table(PRINT_JOB_ID_TO_JOB)?;
        let Some(bytes) = jobs.remove(id)? else {
            return Ok(false);
        };
        record::decode(bytes.value())?
    };
    txn.open_table(PRINT_JOB_ATTEMPT_AND_ID)?
        .remove(attempt_key(&job))?;
    Ok(true)
}

fn jobs_of_printer(txn: &WriteTransaction, printer_id: u64) -> Result<Vec<PrintJob>, DbError> {
    let jobs: Vec<PrintJob> = txn.records(PRINT_JOB_ID_TO_JOB)?;
    Ok(jobs
        .into_iter()
        .filter(|job| job.printer_id == printer_id)
        .collect())
}

/// Queues the documents of a just-accepted order for every enabled printer, due when
/// the kitchen needs them. Part of the transaction that accepts the order.
pub(super) fn queue_tickets(txn: &WriteTransaction, order: &Order) -> Result<(), DbError> {
    let printers: Vec<Printer> = txn.records(PRINTER_ID_TO_PRINTER)?;
    let due_at = print_due_at(order);
    for (printer_id, kind) in documents_for(&printers) {
        let job = PrintJob {
            id: next_id(txn, META_NEXT_PRINT_JOB_ID)?,
            order_id: order.id,
            printer_id,
            kind,
            due_at,
            next_attempt_at: due_at,
            attempts: 0,
            last_error: None,
            reprint: false,
            correction: None,
        };
        put_job(txn, None, &job)?;
    }
    Ok(())
}

/// Queues the documents of an accepted order the restaurant just cancelled or changed,
/// marked as such, due at `now`, for every printer switched on that prints them (the
/// kitchen ticket only when `kitchen`). Part of the transaction that corrects the order.
pub(super) fn queue_correction_tickets(
    txn: &WriteTransaction,
    order: &Order,
    kind: CorrectionKind,
    kitchen: bool,
    now: DateTime<Utc>,
) -> Result<(), DbError> {
    let printers: Vec<Printer> = txn.records(PRINTER_ID_TO_PRINTER)?;
    let documents = documents_for(&printers)
        .into_iter()
        .filter(|(_, document)| kitchen || *document != TicketKind::Kitchen);
    for (printer_id, document) in documents {
        let job = PrintJob {
            id: next_id(txn, META_NEXT_PRINT_JOB_ID)?,
            order_id: order.id,
            printer_id,
            kind: document,
            due_at: now,
            next_attempt_at: now,
            attempts: 0,
            last_error: None,
            reprint: false,
            correction: Some(kind),
        };
        put_job(txn, None, &job)?;
    }
    Ok(())
}

impl Db {
    /// Queues the documents `kinds` of order `id` once more for every printer switched
    /// on that prints them, due at `now` and marked as printed again; how many.
    pub async fn queue_reprint(
        &self,
        id: u64,
        kinds: Vec<TicketKind>,
        now: DateTime<Utc>,
    ) -> Result<Result<usize, ReprintRefusal>, DbError> {
        self.write(move |txn| {
            let Some(order) = super::orders::read_order(txn, id)? else {
                return Ok(Err(ReprintRefusal::NoSuchOrder));
            };
            if !has_documents(&order) {
                return Ok(Err(ReprintRefusal::NotAccepted));
            }
            let printers: Vec<Printer> = txn.records(PRINTER_ID_TO_PRINTER)?;
            let documents: Vec<(u64, TicketKind)> = documents_for(&printers)
                .into_iter()
                .filter(|(_, kind)| kinds.contains(kind))
                .collect();
            if documents.is_empty() {
                return Ok(Err(ReprintRefusal::NoPrinter));
            }
            for &(printer_id, kind) in &documents {
                let job = PrintJob {
                    id: next_id(txn, META_NEXT_PRINT_JOB_ID)?,
                    order_id: order.id,
                    printer_id,
                    kind,
                    due_at: now,
                    next_attempt_at: now,
                    attempts: 0,
                    last_error: None,
                    reprint: true,
                    correction: None,
                };
                put_job(txn, None, &job)?;
            }
            Ok(Ok(documents.len()))
        })
        .await
    }

    /// Every printer, in id order.
    pub async fn printers(&self) -> Result<Vec<Printer>, DbError> {
        self.read(|txn| txn.records(PRINTER_ID_TO_PRINTER)).await
    }

    pub async fn printer(&self, id: u64) -> Result<Option<Printer>, DbError> {
        self.read(move |txn| txn.record(PRINTER_ID_TO_PRINTER, id))
            .await
    }

    /// Creates (`id` = `None`) or replaces a printer that meets `precondition`.
    /// `Ok(Ok(None))`: no such id. A printer switched off loses its queued jobs; one
    /// that stays on tries the jobs that are already due again at `now`, with the new
    /// settings.
    pub async fn save_printer(
        &self,
        id: Option<u64>,
        input: PrinterInput,
        now: DateTime<Utc>,
        precondition: Option<Precondition>,
    ) -> Result<Result<Option<SavedPrinter>, EditRefusal<PrinterError>>, DbError> {
        self.write(move |txn| {
            let others: Vec<Printer> = txn.records(PRINTER_ID_TO_PRINTER)?;
            let id = match id {
                Some(id) => match others.iter().find(|p| p.id == id) {
                    Some(current) => {
                        if let Err(conflict) =
                            edit_version::check(precondition.as_ref(), Some(current))
                        {
                            return Ok(Err(conflict.into()));
                        }
                        id
                    }
                    None => return Ok(Ok(None)),
                },
                None => next_id(txn, META_NEXT_PRINTER_ID)?,
            };
            let printer = match check_printer(id, input, &others) {
                Ok(printer) => printer,
                Err(refused) => return Ok(Err(EditRefusal::Invalid(refused))),
            };
            txn.open_table(PRINTER_ID_TO_PRINTER)?
                .insert(id, record::encode(&printer)?.as_slice())?;
            let mut dropped_jobs = 0;
            if printer.enabled {
                retry_due_now(txn, id, now)?;
            } else {
                for job in jobs_of_printer(txn, id)? {
                    if remove_job(txn, job.id)? {
                        dropped_jobs += 1;
                    }
                }
            }
            Ok(Ok(Some(SavedPrinter {
                printer,
                dropped_jobs,
            })))
        })
        .await
    }

    /// Removes a printer that meets `precondition`, with its queued jobs; `None` when
    /// there was no such printer, else how many jobs were dropped.
    pub async fn delete_printer(
        &self,
        id: u64,
        precondition: Option<Precondition>,
    ) -> Result<Result<Option<usize>, EditConflict>, DbError> {
        self.write(move |txn| {
            let Some(current) = txn.record::<Printer>(PRINTER_ID_TO_PRINTER, id)? else {
                return Ok(Ok(None));
            };
            if let Err(conflict) = edit_version::check(precondition.as_ref(), Some(&current)) {
                return Ok(Err(conflict));
            }
            txn.open_table(PRINTER_ID_TO_PRINTER)?.remove(id)?;
            let mut dropped = 0;
            for job in jobs_of_printer(txn, id)? {
                if remove_job(txn, job.id)? {
                    dropped += 1;
                }
            }
            Ok(Ok(Some(dropped)))
        })
        .await
    }

    /// Every queued job, in id order.
    pub async fn print_jobs(&self) -> Result<Vec<PrintJob>, DbError> {
        self.read(|txn| txn.records(PRINT_JOB_ID_TO_JOB)).await
    }

    /// Jobs whose next attempt is `now` or earlier, the longest waiting first.
    pub async fn due_print_jobs(&self, now: DateTime<Utc>) -> Result<Vec<PrintJob>, DbError> {
        self.read(move |txn| {
            let mut ids = Vec::new();
            for entry in txn
                .open_table(PRINT_JOB_ATTEMPT_AND_ID)?
                .range(..=(now.timestamp_millis(), u64::MAX))?
            {
                ids.push(entry?.0.value().1);
            }
            let mut jobs = Vec::with_capacity(ids.len());
            for id in ids {
                if let Some(job) = txn.record::<PrintJob>(PRINT_JOB_ID_TO_JOB, id)? {
                    jobs.push(job);
                }
            }
            Ok(jobs)
        })
        .await
    }

    /// Removes jobs (printed, or dropped); answers how many existed.
    pub async fn remove_print_jobs(&self, ids: Vec<u64>) -> Result<usize, DbError> {
        self.commit(move |txn| {
            let mut removed = 0;
            for id in ids {
                if remove_job(txn, id)? {
                    removed += 1;
                }
            }
            Ok(removed)
        })
        .await
    }

    /// Counts a failed attempt on each job and tries them again at `until`.
    pub async fn postpone_print_jobs(
        &self,
        ids: Vec<u64>,
        until: DateTime<Utc>,
        error: String,
    ) -> Result<(), DbError> {
        self.commit(move |txn| {
            for id in ids {
                let Some(job) = txn.record::<PrintJob>(PRINT_JOB_ID_TO_JOB, id)? else {
                    continue;
                };
                let mut again = job.clone();
                again.attempts = again.attempts.saturating_add(1);
                again.next_attempt_at = until;
                again.last_error = Some(error.clone());
                put_job(txn, Some(&job), &again)?;
            }
            Ok(())
        })
        .await
    }

    /// Tries the printer's waiting jobs (those already due) again at `now`, e.g. after
    /// a test page went through. Answers how many there are.
    pub async fn retry_printer_now(
        &self,
        printer_id: u64,
        now: DateTime<Utc>,
    ) -> Result<usize, DbError> {
        self.commit(move |txn| retry_due_now(txn, printer_id, now))
            .await
    }
}

/// Moves the printer's jobs that are due but waiting for a later retry to `now`;
/// answers how many.
fn retry_due_now(
    txn: &WriteTransaction,
    printer_id: u64,
    now: DateTime<Utc>,
) -> Result<usize, DbError> {
    let mut retried = 0;
    for job in jobs_of_printer(txn, printer_id)? {
        if job.due_at <= now && job.next_attempt_at > now {
            let mut again = job.clone();
            again.next_attempt_at = now;
            put_job(txn, Some(&job), &again)?;
            retried += 1;
        }
    }
    Ok(retried)
}
