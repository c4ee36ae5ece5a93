//! Group commit for orders. Every durable commit costs an fsync, and an fsync costs the
//! same for one order as for fifty; so the orders that arrive while a commit is under
//! way are placed together in the next write transaction. Each caller is answered only
//! after the commit that holds its order, and a failed commit fails every order in it:
//! none of them was stored.
//!
//! One thread places the batches; it starts with the first order and ends when the
//! last handle to the store is gone.

use std::sync::{Arc, Mutex, Weak, mpsc};

use redb::Database;
use tokio::sync::oneshot;

use super::StoreError;
use super::database_slot::DatabaseSlot;
use super::orders::{NewOrder, PlaceRefusal, Placement, place};

/// Orders placed in one write transaction at most.
const MAX_BATCH: usize = 64;

pub(super) type Answer = Result<Result<Placement, PlaceRefusal>, StoreError>;

struct Job {
    order: NewOrder,
    reply: oneshot::Sender<Answer>,
}

#[derive(Default)]
pub(super) struct OrderBatcher {
    queue: Mutex<Option<mpsc::Sender<Job>>>,
}

impl OrderBatcher {
    /// Queues `order` for the next batch and waits for its commit.
    pub(super) async fn place(&self, db: &Arc<DatabaseSlot>, order: NewOrder) -> Answer {
        let (reply, answer) = oneshot::channel();
        self.sender(db)?
            .send(Job { order, reply })
            .map_err(|_| StoreError::Worker)?;
        answer.await.map_err(|_| StoreError::Worker)?
    }

    fn sender(&self, db: &Arc<DatabaseSlot>) -> Result<mpsc::Sender<Job>, StoreError> {
        let mut queue = match self.queue.lock() {
            Ok(queue) => queue,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(sender) = queue.as_ref() {
            return Ok(sender.clone());
        }
        let (sender, jobs) = mpsc::channel();
        let db = Arc::downgrade(db);
        std::thread::Builder::new()
            .name("order-commits".into())
            .spawn(move || run(&db, &jobs))
            .map_err(|error| {
                StoreError::Database(format!("cannot start the order writer: {error}"))
            })?;
        *queue = Some(sender.clone());
        Ok(sender)
    }
}

/// Places batches until the store is dropped. The thread holds the database only while
/// it commits, so closing the store closes the file.
fn run(db: &Weak<DatabaseSlot>, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let Some(slot) = db.upgrade() else {
            fail(batch, &StoreError::Worker);
            continue;
        };
        // `commit_batch` answers every job it takes; a batch the database never saw is
        // answered here.
        let outcome = slot.noting(slot.with(|db| commit_batch(db, std::mem::take(&mut batch))));
        if let Err(error) = outcome {
            fail(batch, &error);
        }
    }
}

/// Places `batch` in one transaction and answers each order; the error (also sent to
/// every order in the batch) when nothing was committed.
fn commit_batch(db: &Database, batch: Vec<Job>) -> Result<(), StoreError> {
    let txn = match db.begin_write() {
        Ok(txn) => txn,
        Err(error) => {
            let error = StoreError::from(error);
            fail(batch, &error);
            return Err(error);
        }
    };
    let mut answered = Vec::with_capacity(batch.len());
    let mut pricing = None;
    let mut jobs = batch.into_iter();
    while let Some(job) = jobs.next() {
        // A refusal writes nothing (every check comes before the first insert), so
        // refused orders can share the transaction with placed ones.
        match place(&txn, job.order, &mut pricing) {
            Ok(outcome) => answered.push((job.reply, outcome)),
            Err(error) => {
                let _ = txn.abort();
                let replies = answered
                    .into_iter()
                    .map(|(reply, _)| reply)
                    .chain(std::iter::once(job.reply))
                    .chain(jobs.map(|job| job.reply));
                for reply in replies {
                    let _ = reply.send(Err(error.clone()));
                }
                return Err(error);
            }
        }
    }
    let wrote = answered
        .iter()
        .any(|(_, outcome)| matches!(outcome, Ok(Placement::Created(_))));
    let finished = if wrote {
        txn.commit().map_err(StoreError::from)
    } else {
        txn.abort().map_err(StoreError::from)
    };
    match finished {
        Ok(()) => {
            for (reply, outcome) in answered {
                let _ = reply.send(Ok(outcome));
            }
            Ok(())
        }
        Err(error) => {
            for (reply, _) in answered {
                let _ = reply.send(Err(error.clone()));
            }
            Err(error)
        }
    }
}

fn fail(batch: Vec<Job>, error: &StoreError) {
    for job in batch {
        let _ = job.reply.send(Err(error.clone()));
    }
}
