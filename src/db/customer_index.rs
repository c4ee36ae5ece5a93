//! The customer index (`domain::customers`): one record per customer, changed by
//! `orders.rs::write_order` in the transaction of each of their orders, like the day's
//! figures. Beside the records: a customer's key, their orders (a page at a time),
//! their newest order (the list, whoever ordered last first) and their search terms.
//! Nothing here reads more than a page of the index or a customer's own orders, so a
//! list or a search costs the same at five years of history as on the first day.
//!
//! An order that is anonymised (the erasure, or a deleted account) leaves its customer:
//! their figures go down, and the name, phone, e-mail or address it gave are taken
//! from their next newest order that has them. A customer whose last order leaves is
//! removed with their key and search terms, so an erased customer is found nowhere.

use std::collections::HashMap;
use std::ops::Bound;

use redb::{ReadTransaction, ReadableTable, WriteTransaction};

use super::orders::read_order;
use super::tables::*;
use super::{Db, DbError, next_id, record};
use crate::domain::customers::{CustomerRecord, CustomerSearch, customer_key};
use crate::domain::order::Order;

/// Follows the change of one order (`before` is `None` for a new one) in its
/// customer's record.
pub(super) fn follow_order(
    txn: &WriteTransaction,
    before: Option<&Order>,
    order: &Order,
) -> Result<(), DbError> {
    // Most changes (accept, the next steps) move nothing here: no key is made for them.
    if let Some(before) = before
        && before.anonymised_at == order.anonymised_at
        && !CustomerRecord::differ(before, order)
    {
        return Ok(());
    }
    let old = before.and_then(customer_key);
    let new = customer_key(order);
    if let (Some(before), Some(old_key), Some(new_key)) = (before, &old, &new)
        && old_key == new_key
    {
        return change(txn, old_key, before, order);
    }
    if let (Some(before), Some(old_key)) = (before, &old) {
        remove(txn, old_key, before)?;
    }
    if let Some(new_key) = &new {
        add(txn, new_key, order)?;
    }
    Ok(())
}

fn read_record(
    table: &impl ReadableTable<u64, &'static [u8]>,
    id: u64,
) -> Result<Option<CustomerRecord>, DbError> {
    table
        .get(id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}

fn stored_record(txn: &WriteTransaction, id: u64) -> Result<CustomerRecord, DbError> {
    read_record(&txn.open_table(CUSTOMER_ID_TO_CUSTOMER)?, id)?
        .ok_or_else(|| DbError::Decode(format!("customer {id}: the index names no record")))
}

fn customer_id(txn: &WriteTransaction, key: &str) -> Result<Option<u64>, DbError> {
    Ok(txn
        .open_table(CUSTOMER_KEY_TO_ID)?
        .get(key)?
        .map(|id| id.value()))
}

fn add(txn: &WriteTransaction, key: &str, order: &Order) -> Result<(), DbError> {
    let (before, after) = match customer_id(txn, key)? {
        Some(id) => {
            let before = stored_record(txn, id)?;
            let mut after = before.clone();
            after.add(order);
            (Some(before), after)
        }
        None => {
            let id = next_id(txn, META_NEXT_CUSTOMER_ID)?;
            txn.open_table(CUSTOMER_KEY_TO_ID)?.insert(key, id)?;
            (None, CustomerRecord::new(id, key.to_string(), order))
        }
    };
    txn.open_table(CUSTOMER_ID_AND_ORDER_ID)?
        .insert((after.id, order.id), ())?;
    store(txn, before.as_ref(), &after)
}

fn change(txn: &WriteTransaction, key: &str, before: &Order, order: &Order) -> Result<(), DbError> {
    let Some(id) = customer_id(txn, key)? else {
        return add(txn, key, order);
    };
    let stored = stored_record(txn, id)?;
    let mut changed = stored.clone();
    changed.follow(before, order);
    store(txn, Some(&stored), &changed)
}

/// Takes `order` (as stored before it left its customer) out of the index.
fn remove(txn: &WriteTransaction, key: &str, order: &Order) -> Result<(), DbError> {
    let Some(id) = customer_id(txn, key)? else {
        return Ok(());
    };
    let stored = stored_record(txn, id)?;
    let mut changed = stored.clone();
    let stale = changed.remove(order);
    // The customer's other orders, newest first: only as many as the stale details need.
    let mut others = Vec::new();
    {
        let mut orders = txn.open_table(CUSTOMER_ID_AND_ORDER_ID)?;
        orders.remove((id, order.id))?;
        let mut rest = orders.range((id, 0)..=(id, u64::MAX))?.rev();
        match rest.next() {
            None => return forget(txn, &stored),
            Some(newest) => others.push(newest?.0.value().1),
        }
        if stale.address || stale.email {
            for entry in rest {
                others.push(entry?.0.value().1);
            }
        }
    }
    for (index, other) in others.into_iter().enumerate() {
        if changed.refilled(stale) && (index > 0 || !stale.newest) {
            break;
        }
        let Some(other) = read_order(txn, other)? else {
            continue;
        };
        if index == 0 && stale.newest {
            changed.take_newest(&other);
        }
        changed.offer_details(&other);
    }
    store(txn, Some(&stored), &changed)
}

/// Removes a customer without orders: the record, its key, its place in the list and
/// its search terms.
fn forget(txn: &WriteTransaction, stored: &CustomerRecord) -> Result<(), DbError> {
    txn.open_table(CUSTOMER_ID_TO_CUSTOMER)?.remove(stored.id)?;
    txn.open_table(CUSTOMER_KEY_TO_ID)?
        .remove(stored.key.as_str())?;
    txn.open_table(CUSTOMER_LAST_ORDER_TO_ID)?
        .remove(stored.last_order.id)?;
    let mut terms = txn.open_table(CUSTOMER_TERM_AND_ID)?;
    for term in stored.search_terms() {
        terms.remove((term.as_str(), stored.id))?;
    }
    Ok(())
}

/// Writes `after` (`before`: as it was stored) with its place in the list and its
/// search terms.
fn store(
    txn: &WriteTransaction,
    before: Option<&CustomerRecord>,
    after: &CustomerRecord,
) -> Result<(), DbError> {
    txn.open_table(CUSTOMER_ID_TO_CUSTOMER)?
        .insert(after.id, record::encode(after)?.as_slice())?;
    let old_last = before.map(|before| before.last_order.id);
    if old_last != Some(after.last_order.id) {
        let mut last = txn.open_table(CUSTOMER_LAST_ORDER_TO_ID)?;
        if let Some(old_last) = old_last {
            last.remove(old_last)?;
        }
        last.insert(after.last_order.id, after.id)?;
    }
    let old_terms = before.map(CustomerRecord::search_terms).unwrap_or_default();
    let new_terms = after.search_terms();
    if old_terms != new_terms {
        let mut terms = txn.open_table(CUSTOMER_TERM_AND_ID)?;
        for term in old_terms.iter().filter(|term| !new_terms.contains(term)) {
            terms.remove((term.as_str(), after.id))?;
        }
        for term in new_terms.iter().filter(|term| !old_terms.contains(term)) {
            terms.insert((term.as_str(), after.id), ())?;
        }
    }
    Ok(())
}

/// The schema step that starts the index: every order placed so far, once, in order.
/// Whatever the tables hold is dropped first, so the index is exactly the orders'.
pub(super) fn index_existing_orders(txn: &WriteTransaction) -> Result<(), DbError> {
    txn.delete_table(CUSTOMER_ID_TO_CUSTOMER)?;
    txn.delete_table(CUSTOMER_KEY_TO_ID)?;
    txn.delete_table(CUSTOMER_ID_AND_ORDER_ID)?;
    txn.delete_table(CUSTOMER_LAST_ORDER_TO_ID)?;
    txn.delete_table(CUSTOMER_TERM_AND_ID)?;
    let mut customers: HashMap<String, CustomerRecord> = HashMap::new();
    let mut last_id = 0;
    {
        let orders = txn.open_table(ORDER_ID_TO_ORDER)?;
        let mut by_customer = txn.open_table(CUSTOMER_ID_AND_ORDER_ID)?;
        for entry in orders.iter()? {
            let order: Order = record::decode(entry?.1.value())?;
            let Some(key) = customer_key(&order) else {
                continue;
            };
            let id = match customers.get_mut(&key) {
                Some(customer) => {
                    customer.add(&order);
                    customer.id
                }
                None => {
                    last_id += 1;
                    customers.insert(key.clone(), CustomerRecord::new(last_id, key, &order));
                    last_id
                }
            };
            by_customer.insert((id, order.id), ())?;
        }
    }
    let mut records = txn.open_table(CUSTOMER_ID_TO_CUSTOMER)?;
    let mut keys = txn.open_table(CUSTOMER_KEY_TO_ID)?;
    let mut last = txn.open_table(CUSTOMER_LAST_ORDER_TO_ID)?;
    let mut terms = txn.open_table(CUSTOMER_TERM_AND_ID)?;
    for customer in customers.values() {
        records.insert(customer.id, record::encode(customer)?.as_slice())?;
        keys.insert(customer.key.as_str(), customer.id)?;
        last.insert(customer.last_order.id, customer.id)?;
        for term in customer.search_terms() {
            terms.insert((term.as_str(), customer.id), ())?;
        }
    }
    txn.open_table(META)?
        .insert(META_NEXT_CUSTOMER_ID, last_id)?;
    Ok(())
}

/// A page of customers and where the next one starts.
#[derive(Debug, Clone, Default)]
pub struct CustomersPage<C> {
    pub customers: Vec<CustomerRecord>,
    /// Where the next page starts; `None` on the last page.
    pub next: Option<C>,
}

/// Where a page of a search goes on: after this (search term, customer id).
pub type SearchCursor = (String, u64);

/// At most this many index entries are looked at for one page of a search beyond the
/// page itself: a page may then come back short, with a cursor to go on.
const SEARCH_SLACK: usize = 200;

/// Up to `limit` customers `search` finds after `after`, in the order of their
/// search terms.
pub(super) fn search_in(
    txn: &ReadTransaction,
    search: &CustomerSearch,
    after: Option<&SearchCursor>,
    limit: usize,
) -> Result<CustomersPage<SearchCursor>, DbError> {
    let prefix = search.prefix();
    let terms = txn.open_table(CUSTOMER_TERM_AND_ID)?;
    let records = txn.open_table(CUSTOMER_ID_TO_CUSTOMER)?;
    let start = match after {
        Some((term, id)) if term.as_str() >= prefix.as_str() => {
            Bound::Excluded((term.as_str(), *id))
        }
        _ => Bound::Included((prefix.as_str(), 0)),
    };
    let mut page = CustomersPage::default();
    let mut last = None;
    let entries = terms.range::<(&str, u64)>((start, Bound::Unbounded))?;
    for (looked_at, entry) in entries.enumerate() {
        let (key, _) = entry?;
        let (term, id) = key.value();
        if !term.starts_with(prefix.as_str()) {
            return Ok(page);
        }
        if page.customers.len() == limit || looked_at == limit + SEARCH_SLACK {
            page.next = last;
            return Ok(page);
        }
        if let Some(customer) = read_record(&records, id)?
            && search.hit(term, &customer)
        {
            page.customers.push(customer);
        }
        last = Some((term.to_string(), id));
    }
    Ok(page)
}

/// A customer and their newest order, for the phone.
#[derive(Debug, Clone)]
pub struct Caller {
    pub customer: CustomerRecord,
    pub last_order: Option<Order>,
}

impl Db {
    /// Up to `limit` customers, whoever ordered last first: those whose newest order is
    /// older than order `before` (any when `None`).
    pub async fn customers_page(
        &self,
        before: Option<u64>,
        limit: usize,
    ) -> Result<CustomersPage<u64>, DbError> {
        self.read(move |txn| {
            let last = txn.open_table(CUSTOMER_LAST_ORDER_TO_ID)?;
            let records = txn.open_table(CUSTOMER_ID_TO_CUSTOMER)?;
            let mut page = CustomersPage::default();
            for entry in last.range(..before.unwrap_or(u64::MAX))?.rev() {
                let (_, id) = entry?;
                if page.customers.len() == limit {
                    page.next = page.customers.last().map(|c| c.last_order.id);
                    break;
                }
                if let Some(customer) = read_record(&records, id.value())? {
                    page.customers.push(customer);
                }
            }
            Ok(page)
        })
        .await
    }

    /// Up to `limit` customers `search` finds, going on after `after`.
    pub async fn search_customers(
        &self,
        search: CustomerSearch,
        after: Option<SearchCursor>,
        limit: usize,
    ) -> Result<CustomersPage<SearchCursor>, DbError> {
        self.read(move |txn| search_in(txn, &search, after.as_ref(), limit))
            .await
    }

    pub async fn customer(&self, id: u64) -> Result<Option<CustomerRecord>, DbError> {
        self.read(move |txn| read_record(&txn.open_table(CUSTOMER_ID_TO_CUSTOMER)?, id))
            .await
    }

    /// Up to `limit` customers whose phone number begins with `phone` (as
    /// `domain::customers::phone_key` writes it), each with their newest order.
    pub async fn callers(&self, phone: String, limit: usize) -> Result<Vec<Caller>, DbError> {
        self.read(move |txn| {
            let page = search_in(txn, &CustomerSearch::Phone(phone), None, limit)?;
            let mut callers = Vec::with_capacity(page.customers.len());
            for customer in page.customers {
                let last_order = read_order(txn, customer.last_order.id)?;
                callers.push(Caller {
                    customer,
                    last_order,
                });
            }
            Ok(callers)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, TimeZone, Utc};
    use redb::{Database, ReadableDatabase};

    use super::*;
    use crate::db::migrations::{STEPS, migrate, migrate_with};
    use crate::domain::erasure::sample_order;
    use crate::domain::order::{OrderStatus, OrderType};

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 11, minute, 0).unwrap()
    }

    fn guest(id: u64, phone: &str) -> Order {
        let mut order = sample_order(id, at(id as u32));
        order.user_id = None;
        order.customer.phone = phone.into();
        order
    }

    fn records(db: &Database) -> Vec<CustomerRecord> {
        let txn = db.begin_read().unwrap();
        let table = txn.open_table(CUSTOMER_ID_TO_CUSTOMER).unwrap();
        table
            .iter()
            .unwrap()
            .map(|entry| record::decode(entry.unwrap().1.value()).unwrap())
            .collect()
    }

    fn entries<K: redb::Key + 'static>(
        db: &Database,
        table: redb::TableDefinition<K, impl redb::Value + 'static>,
    ) -> usize {
        let txn = db.begin_read().unwrap();
        let table = txn.open_table(table).unwrap();
        table.iter().unwrap().count()
    }

    #[test]
    fn the_upgrade_indexes_the_orders_stored_before_it() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate_with(&db, &STEPS[..14]).unwrap();
        let mut rejected = guest(3, "+49 30 5551234");
        rejected.status = OrderStatus::Rejected;
        let mut anonymised = guest(5, "0170 1");
        anonymised.anonymise(at(59));
        let orders = [
            guest(1, "030 5551234"),
            sample_order(2, at(2)),
            rejected,
            guest(4, "0170 2"),
            anonymised,
        ];
        let txn = db.begin_write().unwrap();
        {
            let mut table = txn.open_table(ORDER_ID_TO_ORDER).unwrap();
            for order in &orders {
                table
                    .insert(order.id, record::encode(order).unwrap().as_slice())
                    .unwrap();
            }
        }
        txn.commit().unwrap();

        assert_eq!(migrate(&db).unwrap(), Some(14));
        let customers = records(&db);
        let keys: Vec<&str> = customers.iter().map(|c| c.key.as_str()).collect();
        assert_eq!(keys, ["phone:0305551234", "user:9", "phone:01702"]);
        let gina = &customers[0];
        assert_eq!((gina.orders, gina.rejected, gina.total_cents), (1, 1, 1710));
        assert_eq!(gina.last_order.id, 3);
        assert_eq!(entries(&db, CUSTOMER_ID_AND_ORDER_ID), 4);
        assert_eq!(entries(&db, CUSTOMER_LAST_ORDER_TO_ID), 3);
        // The next customer gets the next id.
        let txn = db.begin_write().unwrap();
        write_order_of(&txn, None, &guest(6, "0899"));
        txn.commit().unwrap();
        assert_eq!(records(&db).last().map(|c| c.id), Some(4));
    }

    fn write_order_of(txn: &WriteTransaction, before: Option<&Order>, order: &Order) {
        crate::db::orders::write_order(txn, before, order, at(0)).unwrap();
    }

    #[test]
    fn anonymised_orders_leave_their_customer_and_the_last_one_takes_the_customer_along() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate(&db).unwrap();
        let first = guest(1, "0305551234");
        let mut second = guest(2, "0305551234");
        second.customer.customer_name = "Gina Neu".into();
        second.order_type = OrderType::Pickup;
        second.customer.email.clear();
        let txn = db.begin_write().unwrap();
        write_order_of(&txn, None, &first);
        write_order_of(&txn, None, &second);
        txn.commit().unwrap();
        let [gina] = records(&db).try_into().unwrap();
        assert_eq!((gina.orders, gina.name.as_str()), (2, "Gina Neu"));
        assert_eq!(gina.address.as_ref().map(|a| a.order_id), Some(1));
        assert_eq!(gina.email_order_id, Some(1));

        // The older order is erased first: its address and e-mail go, nothing else has
        // them.
        let mut erased = first.clone();
        erased.anonymise(at(59));
        let txn = db.begin_write().unwrap();
        write_order_of(&txn, Some(&first), &erased);
        txn.commit().unwrap();
        let [gina] = records(&db).try_into().unwrap();
        assert_eq!((gina.orders, gina.total_cents), (1, 1710));
        assert_eq!((&gina.address, gina.email_order_id), (&None, None));
        assert_eq!(gina.name, "Gina Neu");
        let terms = gina.search_terms();
        assert!(
            !terms.iter().any(|term| term.starts_with("e:")),
            "{terms:?}"
        );
        assert_eq!(entries(&db, CUSTOMER_TERM_AND_ID), terms.len());

        // The newest goes too: so does the customer, with key, place and terms.
        let mut last = second.clone();
        last.anonymise(at(59));
        let txn = db.begin_write().unwrap();
        write_order_of(&txn, Some(&second), &last);
        txn.commit().unwrap();
        assert_eq!(records(&db), []);
        assert_eq!(entries(&db, CUSTOMER_KEY_TO_ID), 0);
        assert_eq!(entries(&db, CUSTOMER_ID_AND_ORDER_ID), 0);
        assert_eq!(entries(&db, CUSTOMER_LAST_ORDER_TO_ID), 0);
        assert_eq!(entries(&db, CUSTOMER_TERM_AND_ID), 0);
    }

    #[test]
    fn when_the_newest_order_leaves_the_next_newest_names_the_customer() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        migrate(&db).unwrap();
        let first = guest(1, "0305551234");
        let mut second = guest(2, "0305551234");
        second.customer.customer_name = "Gina Neu".into();
        let txn = db.begin_write().unwrap();
        write_order_of(&txn, None, &first);
        write_order_of(&txn, None, &second);
        let mut erased = second.clone();
        erased.anonymise(at(59));
        write_order_of(&txn, Some(&second), &erased);
        txn.commit().unwrap();
        let [gina] = records(&db).try_into().unwrap();
        assert_eq!(gina.name, "Gina Gast");
        assert_eq!(gina.last_order.id, 1);
        assert_eq!(gina.address.as_ref().map(|a| a.order_id), Some(1));
        assert_eq!(gina.email_order_id, Some(1));
        let txn = db.begin_read().unwrap();
        let last = txn.open_table(CUSTOMER_LAST_ORDER_TO_ID).unwrap();
        assert_eq!(last.get(1).unwrap().map(|id| id.value()), Some(gina.id));
        assert!(last.get(2).unwrap().is_none());
        let terms = txn.open_table(CUSTOMER_TERM_AND_ID).unwrap();
        assert!(terms.get(("n:gast", gina.id)).unwrap().is_some());
        assert!(terms.get(("n:neu", gina.id)).unwrap().is_none());
    }
}
