//! Packs the order records an older version stored as plain JSON (`record.rs` format 1)
//! into the packed format, a batch per transaction; `heimservice compact` runs it
//! before it gives the freed space back to the disk.

use redb::{Database, ReadableDatabase, ReadableTable};

use super::migrations::{LATEST_SCHEMA_VERSION, read_schema_version};
use super::tables::ORDER_ID_TO_ORDER;
use super::{DbError, record, storage};
use crate::domain::order::Order;

/// Orders packed per write transaction.
const BATCH: usize = 1_000;

/// Packs every order record still stored as plain JSON; how many it packed. `None`
/// when the database is of another schema version than this build's (an older one is
/// migrated by the next start; a newer one's records may hold what this build would
/// drop), and then nothing is changed.
pub fn pack_stored_orders(db: &Database) -> Result<Option<u64>, DbError> {
    let version = read_schema_version(&db.begin_read()?)?;
    if version != LATEST_SCHEMA_VERSION {
        return Ok(None);
    }
    let mut packed = 0;
    let mut after = None;
    loop {
        let txn = storage::begin_write(db)?;
        let (last, done) = {
            let mut table = txn.open_table(ORDER_ID_TO_ORDER)?;
            let mut plain = Vec::new();
            let mut last = None;
            let from = after.map_or(0, |id: u64| id + 1);
            for entry in table.range(from..)?.take(BATCH) {
                let (id, bytes) = entry?;
                last = Some(id.value());
                if record::is_plain(bytes.value()) {
                    plain.push((id.value(), record::decode::<Order>(bytes.value())?));
                }
            }
            for (id, order) in &plain {
                table.insert(id, record::encode_packed(order)?.as_slice())?;
            }
            packed += plain.len() as u64;
            (last, last.is_none())
        };
        txn.commit()?;
        if done {
            return Ok(Some(packed));
        }
        after = last;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::migrations::migrate;
    use crate::domain::erasure::sample_order;

    #[test]
    fn plain_order_records_are_packed_and_read_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate(&db).unwrap();
        let at = "2026-11-23T11:00:00Z".parse().unwrap();
        let orders: Vec<Order> = (1..=2_500).map(|id| sample_order(id, at)).collect();
        let txn = db.begin_write().unwrap();
        {
            let mut table = txn.open_table(ORDER_ID_TO_ORDER).unwrap();
            for order in &orders {
                let bytes = if order.id % 2 == 0 {
                    record::encode(order).unwrap()
                } else {
                    record::encode_packed(order).unwrap()
                };
                table.insert(order.id, bytes.as_slice()).unwrap();
            }
        }
        txn.commit().unwrap();

        assert_eq!(pack_stored_orders(&db).unwrap(), Some(1_250));
        let read = db.begin_read().unwrap();
        let table = read.open_table(ORDER_ID_TO_ORDER).unwrap();
        for order in &orders {
            let bytes = table.get(order.id).unwrap().unwrap();
            assert!(!record::is_plain(bytes.value()), "order {}", order.id);
            assert_eq!(&record::decode::<Order>(bytes.value()).unwrap(), order);
        }
        drop((table, read));
        assert_eq!(
            pack_stored_orders(&db).unwrap(),
            Some(0),
            "a second run packs nothing"
        );
    }
}
