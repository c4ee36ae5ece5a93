//! The restaurant's own record: contact details, Impressum and opening hours.

use redb::ReadTransaction;

use super::tables::STORE_ID_TO_PROFILE;
use super::{Store, StoreError, record};
use crate::domain::store_profile::StoreProfile;

impl Store {
    /// The profile of `store_id`, or `None` for a store this shop does not have.
    pub async fn store_profile(&self, store_id: u64) -> Result<Option<StoreProfile>, StoreError> {
        self.read(move |txn| read_profile(txn, store_id)).await
    }
}

fn read_profile(txn: &ReadTransaction, store_id: u64) -> Result<Option<StoreProfile>, StoreError> {
    let table = txn.open_table(STORE_ID_TO_PROFILE)?;
    table
        .get(store_id)?
        .map(|bytes| record::decode(bytes.value()))
        .transpose()
}
