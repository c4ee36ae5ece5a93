//! The raw durable-commit rate: one write transaction per record, each committed with
//! redb's default (immediate, fsynced) durability, for a fixed time.

use std::time::{Duration, Instant};

use redb::{Database, TableDefinition};

const RECORDS: TableDefinition<u64, &[u8]> = TableDefinition::new("records");
/// About the size of a stored two-line order.
const RECORD_BYTES: usize = 1200;

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let dir = super::arg(args, 0, "DIR")?;
    let seconds: u64 = super::arg(args, 1, "SECONDS")?.parse()?;
    let path = std::path::Path::new(dir).join("commit-rate.redb");
    let database = Database::create(&path)?;
    let record = vec![7u8; RECORD_BYTES];
    let started = Instant::now();
    let mut commits = 0u64;
    while started.elapsed() < Duration::from_secs(seconds) {
        let transaction = database.begin_write()?;
        {
            let mut table = transaction.open_table(RECORDS)?;
            table.insert(commits, record.as_slice())?;
        }
        transaction.commit()?;
        commits += 1;
    }
    let elapsed = started.elapsed().as_secs_f64();
    drop(database);
    std::fs::remove_file(&path)?;
    println!(
        "{{\"commits\": {commits}, \"seconds\": {elapsed:.3}, \"per_second\": {:.1}}}",
        commits as f64 / elapsed
    );
    Ok(())
}
