//! Typed reads of the menu.

use redb::{ReadTransaction, ReadableTable};

use super::tables::CATEGORY_ID_TO_CATEGORY;
use super::{Store, StoreError, record};
use crate::domain::catalog::{Category, sort_categories};

impl Store {
    /// Every category, in storefront order.
    pub async fn categories(&self) -> Result<Vec<Category>, StoreError> {
        self.read(read_categories).await
    }
}

fn read_categories(txn: &ReadTransaction) -> Result<Vec<Category>, StoreError> {
    let table = txn.open_table(CATEGORY_ID_TO_CATEGORY)?;
    let mut categories = Vec::new();
    for entry in table.iter()? {
        let (_, bytes) = entry?;
        categories.push(record::decode::<Category>(bytes.value())?);
    }
    sort_categories(&mut categories);
    Ok(categories)
}
