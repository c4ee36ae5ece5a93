//! `tables DB_FILE`: where a (closed) database's bytes go. Prints one JSON line: the
//! file size, redb's totals, and for each table its entries, the bytes of its keys and
//! values, its leaf and branch pages, and the bytes lost to fragmentation.

use redb::{ReadableDatabase, ReadableTableMetadata, TableHandle};
use serde_json::{Value, json};

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let path = super::arg(args, 0, "DB_FILE")?;
    let file_bytes = std::fs::metadata(path)?.len();
    let db = redb::Database::open(path)?;
    let txn = db.begin_read()?;
    let mut tables: Vec<Value> = Vec::new();
    for handle in txn.list_tables()? {
        let table = txn.open_untyped_table(handle.clone())?;
        let stats = table.stats()?;
        tables.push(json!({
            "table": handle.name(),
            "entries": table.len()?,
            "stored_bytes": stats.stored_bytes(),
            "leaf_pages": stats.leaf_pages(),
            "branch_pages": stats.branch_pages(),
            "fragmented_bytes": stats.fragmented_bytes(),
        }));
    }
    tables.sort_by_key(|table| std::cmp::Reverse(table["leaf_pages"].as_u64()));
    let write = db.begin_write()?;
    let total = write.stats()?;
    write.abort()?;
    println!(
        "{}",
        json!({
            "file_bytes": file_bytes,
            "page_size": total.page_size(),
            "allocated_pages": total.allocated_pages(),
            "leaf_pages": total.leaf_pages(),
            "branch_pages": total.branch_pages(),
            "stored_bytes": total.stored_bytes(),
            "metadata_bytes": total.metadata_bytes(),
            "fragmented_bytes": total.fragmented_bytes(),
            "tables": tables,
        })
    );
    Ok(())
}
