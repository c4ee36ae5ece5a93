//! Group commit for the writes that come many at a time: orders, and the mails kept in
//! the outbox (one per order when no SMTP server is configured). Every durable commit
//! costs an fsync, and an fsync costs the same for one order as for fifty; so the writes
//! that arrive while a commit is under way are made together in the next write
//! transaction. Each caller is answered only after the commit that holds its write, and
//! a failed commit fails every write in it: none of them was stored.
//!
//! One thread commits the batches; it starts with the first write and ends when the
//! last handle to the store is gone.

use std::sync::{Arc, Mutex, Weak, mpsc};

use redb::Database;
use tokio::sync::oneshot;

use super::DbError;
use super::customers::{NewMail, insert_mail};
use super::database_slot::DatabaseSlot;
use super::orders::place;
use crate::domain::order::placing::{NewOrder, PlaceRefusal, Placement};

/// Writes made in one write transaction at most.
const MAX_BATCH: usize = 64;

pub(super) type Answer = Result<Result<Placement, PlaceRefusal>, DbError>;

enum Job {
    Order {
        order: Box<NewOrder>,
        reply: oneshot::Sender<Answer>,
    },
    Mail {
        mail: NewMail,
        reply: oneshot::Sender<Result<(), DbError>>,
    },
}

impl Job {
    fn fail(self, error: &DbError) {
        match self {
            Job::Order { reply, .. } => {
                let _ = reply.send(Err(error.clone()));
            }
            Job::Mail { reply, .. } => {
                let _ = reply.send(Err(error.clone()));
            }
        }
    }
}

/// A job that was carried out in the open transaction, answered once it commits.
enum Done {
    Order(
        oneshot::Sender<Answer>,
        Box<Result<Placement, PlaceRefusal>>,
    ),
    Mail(oneshot::Sender<Result<(), DbError>>),
}

impl Done {
    fn wrote(&self) -> bool {
        match self {
            Done::Order(_, outcome) => matches!(**outcome, Ok(Placement::Created(_))),
            Done::Mail(_) => true,
        }
    }

    fn answer(self, committed: &Result<(), DbError>) {
        match (self, committed) {
            (Done::Order(reply, outcome), Ok(())) => {
                let _ = reply.send(Ok(*outcome));
            }
            (Done::Mail(reply), Ok(())) => {
                let _ = reply.send(Ok(()));
            }
            (Done::Order(reply, _), Err(error)) => {
                let _ = reply.send(Err(error.clone()));
            }
            (Done::Mail(reply), Err(error)) => {
                let _ = reply.send(Err(error.clone()));
            }
        }
    }
}

#[derive(Default)]
pub(super) struct GroupCommit {
    queue: Mutex<Option<mpsc::Sender<Job>>>,
}

impl GroupCommit {
    /// Queues `order` for the next batch and waits for its commit.
    pub(super) async fn place(&self, db: &Arc<DatabaseSlot>, order: NewOrder) -> Answer {
        let (reply, answer) = oneshot::channel();
        self.sender(db)?
            .send(Job::Order {
                order: Box::new(order),
                reply,
            })
            .map_err(|_| DbError::Worker)?;
        answer.await.map_err(|_| DbError::Worker)?
    }

    /// Queues `mail` for the outbox in the next batch and waits for its commit.
    pub(super) async fn keep_mail(
        &self,
        db: &Arc<DatabaseSlot>,
        mail: NewMail,
    ) -> Result<(), DbError> {
        let (reply, answer) = oneshot::channel();
        self.sender(db)?
            .send(Job::Mail { mail, reply })
            .map_err(|_| DbError::Worker)?;
        answer.await.map_err(|_| DbError::Worker)?
    }

    fn sender(&self, db: &Arc<DatabaseSlot>) -> Result<mpsc::Sender<Job>, DbError> {
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
            .name("group-commits".into())
            .spawn(move || run(&db, &jobs))
            .map_err(|error| {
                DbError::Database(format!("cannot start the group writer: {error}"))
            })?;
        *queue = Some(sender.clone());
        Ok(sender)
    }
}

/// Commits batches until the store is dropped. The thread holds the database only while
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
            fail(batch, &DbError::Worker);
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

/// Makes the writes of `batch` in one transaction and answers each; the error (also
/// sent to every job in the batch) when nothing was committed.
fn commit_batch(db: &Database, batch: Vec<Job>) -> Result<(), DbError> {
    let txn = match super::storage::begin_write(db) {
        Ok(txn) => txn,
        Err(error) => {
            let error = DbError::from(error);
            fail(batch, &error);
            return Err(error);
        }
    };
    let mut done = Vec::with_capacity(batch.len());
    let mut pricing = None;
    let mut jobs = batch.into_iter();
    while let Some(job) = jobs.next() {
        // A refusal writes nothing (every check comes before the first insert), so
        // refused orders can share the transaction with placed ones.
        let outcome = match job {
            Job::Order { order, reply } => match place(&txn, *order, &mut pricing) {
                Ok(outcome) => Ok(Done::Order(reply, Box::new(outcome))),
                Err(error) => {
                    let _ = reply.send(Err(error.clone()));
                    Err(error)
                }
            },
            Job::Mail { mail, reply } => match insert_mail(&txn, mail) {
                Ok(()) => Ok(Done::Mail(reply)),
                Err(error) => {
                    let _ = reply.send(Err(error.clone()));
                    Err(error)
                }
            },
        };
        match outcome {
            Ok(finished) => done.push(finished),
            Err(error) => {
                let _ = txn.abort();
                let nothing_stored = Err(error.clone());
                for finished in done {
                    finished.answer(&nothing_stored);
                }
                fail(jobs.collect(), &error);
                return Err(error);
            }
        }
    }
    let wrote = done.iter().any(Done::wrote);
    let finished = if wrote {
        txn.commit().map_err(DbError::from)
    } else {
        txn.abort().map_err(DbError::from)
    };
    for finished_job in done {
        finished_job.answer(&finished);
    }
    finished
}

fn fail(batch: Vec<Job>, error: &DbError) {
    for job in batch {
        job.fail(error);
    }
}
