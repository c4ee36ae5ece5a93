//! The demo restaurant loaded on the very first start, so a new owner sees a working
//! shop at once. It is loaded once: deleting it later does not bring it back.

use redb::{Database, ReadableTable};
use serde::Deserialize;

use super::tables::{
    CATEGORY_ID_TO_CATEGORY, META, META_DEMO_SEEDED, PRODUCT_ID_TO_PRODUCT, STORE_ID_TO_PROFILE,
    TAX_ID_TO_TAX,
};
use super::{StoreError, record};
use crate::domain::catalog::{Category, Product, Tax};
use crate::domain::store_profile::StoreProfile;

const DEMO_RESTAURANT_JSON: &str = include_str!("../../assets/demo-restaurant.json");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoRestaurant {
    pub store: StoreProfile,
    pub taxes: Vec<Tax>,
    pub categories: Vec<Category>,
    pub products: Vec<Product>,
}

pub fn demo_restaurant() -> Result<DemoRestaurant, StoreError> {
    serde_json::from_str(DEMO_RESTAURANT_JSON)
        .map_err(|error| StoreError::Decode(format!("assets/demo-restaurant.json: {error}")))
}

/// Seeds the demo restaurant in one write transaction unless it was seeded before.
pub fn seed_if_first_start(db: &Database, store_id: u64) -> Result<bool, StoreError> {
    let txn = db.begin_write()?;
    {
        let mut meta = txn.open_table(META)?;
        if meta.get(META_DEMO_SEEDED)?.is_some() {
            return Ok(false);
        }
        meta.insert(META_DEMO_SEEDED, 1)?;
    }
    let demo = demo_restaurant()?;
    txn.open_table(STORE_ID_TO_PROFILE)?
        .insert(store_id, record::encode(&demo.store)?.as_slice())?;
    {
        let mut taxes = txn.open_table(TAX_ID_TO_TAX)?;
        for tax in &demo.taxes {
            taxes.insert(tax.id, record::encode(tax)?.as_slice())?;
        }
    }
    {
        let mut categories = txn.open_table(CATEGORY_ID_TO_CATEGORY)?;
        for category in &demo.categories {
            categories.insert(category.id, record::encode(category)?.as_slice())?;
        }
    }
    {
        let mut products = txn.open_table(PRODUCT_ID_TO_PRODUCT)?;
        for product in &demo.products {
            products.insert(product.id, record::encode(product)?.as_slice())?;
        }
    }
    txn.commit()?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::domain::catalog::ProductKind;
    use redb::ReadableTableMetadata;

    #[test]
    fn the_demo_menu_is_consistent() {
        let demo = demo_restaurant().unwrap();
        let tax_ids: HashSet<u64> = demo.taxes.iter().map(|t| t.id).collect();
        let category_ids: HashSet<u64> = demo.categories.iter().map(|c| c.id).collect();
        assert_eq!(
            category_ids.len(),
            demo.categories.len(),
            "category ids unique"
        );
        let product_ids: HashSet<u64> = demo.products.iter().map(|p| p.id).collect();
        assert_eq!(product_ids.len(), demo.products.len(), "product ids unique");
        assert!(demo.products.len() >= 30, "a realistic menu");
        for product in &demo.products {
            assert!(
                category_ids.contains(&product.category_id),
                "{}",
                product.name
            );
            assert!(tax_ids.contains(&product.tax_id), "{}", product.name);
            assert!(product.price_cents > 0, "{}", product.name);
            match product.kind {
                ProductKind::Simple => assert!(product.variants.is_empty(), "{}", product.name),
                ProductKind::Variable => {
                    assert!(product.variants.len() >= 2, "{}", product.name);
                    let lowest = product.variants.iter().map(|v| v.price_cents).min();
                    assert_eq!(lowest, Some(product.price_cents), "{}", product.name);
                }
            }
        }
        assert!(demo.store.show_impressum);
        assert!(!demo.store.store_hours.is_empty());
    }

    #[test]
    fn the_demo_is_seeded_once() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("seed.redb")).unwrap();
        super::super::migrations::migrate(&db).unwrap();
        assert!(seed_if_first_start(&db, 14).unwrap());
        {
            let txn = db.begin_write().unwrap();
            txn.open_table(CATEGORY_ID_TO_CATEGORY)
                .unwrap()
                .retain(|_, _| false)
                .unwrap();
            txn.commit().unwrap();
        }
        assert!(!seed_if_first_start(&db, 14).unwrap());
        let txn = redb::ReadableDatabase::begin_read(&db).unwrap();
        let categories = txn.open_table(CATEGORY_ID_TO_CATEGORY).unwrap();
        assert_eq!(
            categories.len().unwrap(),
            0,
            "deleted demo data stays deleted"
        );
    }
}
