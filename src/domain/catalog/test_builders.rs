//! Building small catalogs in unit tests, through the same rules as admin edits.
#![allow(clippy::unwrap_used)]

use super::*;

pub fn tax(catalog: &mut Catalog, name: &str, rate_basis_points: u32) -> u64 {
    catalog
        .create::<Tax>(TaxInput {
            name: name.into(),
            rate_basis_points,
        })
        .unwrap()
        .id
}

pub fn category(catalog: &mut Catalog, name: &str) -> u64 {
    catalog
        .create::<Category>(CategoryInput {
            name: name.into(),
            name_en: None,
            description: None,
            description_en: None,
            sort_order: 1,
            visible: true,
        })
        .unwrap()
        .id
}

/// A product's input; `variants` are (name, price) and make it `variable` when given.
pub fn product_input(
    category_id: u64,
    name: &str,
    price_cents: i64,
    tax_id: u64,
    variants: &[(&str, i64)],
) -> ProductInput {
    ProductInput {
        category_id,
        name: name.into(),
        name_en: None,
        description: None,
        description_en: None,
        price_cents,
        tax_id,
        kind: if variants.is_empty() {
            ProductType::Simple
        } else {
            ProductType::Variable
        },
        variants: variants
            .iter()
            .map(|(name, price_cents)| VariantInput {
                id: None,
                name: (*name).into(),
                name_en: None,
                price_cents: *price_cents,
                deposit_cents: 0,
                net_content: None,
                available: None,
            })
            .collect(),
        sort_order: 0,
        available: true,
        no_allergens: Some(true),
        age_restriction: None,
        deposit_cents: 0,
        net_content: None,
        daily_stock: None,
    }
}

/// A product record with `id` and nothing else worth naming, for rules on one record.
pub fn bare_product(id: u64) -> Product {
    let mut catalog = Catalog::default();
    let tax = tax(&mut catalog, "7 %", 700);
    let category = category(&mut catalog, "Pizza");
    Product {
        id,
        ..product(&mut catalog, category, "Margherita", 850, tax, &[])
    }
}

pub fn product(
    catalog: &mut Catalog,
    category_id: u64,
    name: &str,
    price_cents: i64,
    tax_id: u64,
    variants: &[(&str, i64)],
) -> Product {
    catalog
        .create::<Product>(product_input(
            category_id,
            name,
            price_cents,
            tax_id,
            variants,
        ))
        .unwrap()
}
