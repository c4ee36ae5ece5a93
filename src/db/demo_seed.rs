//! The demo restaurant loaded on the very first start, so a new owner sees a working
//! shop at once. It is loaded once: deleting it later does not bring it back. Every
//! record goes through the same catalog rules as an admin's edits.

use std::collections::HashMap;

use redb::{Database, ReadableTable, WriteTransaction};
use serde::Deserialize;

use super::tables::{
    DISCOUNT_CODE_TO_DISCOUNT, META, META_DEMO_SEEDED, META_NEXT_POSTCODE_ID,
    POSTCODE_ID_TO_POSTCODE, STORE_ID_TO_PROFILE,
};
use super::{DbError, record};
use crate::domain::catalog::*;
use crate::domain::delivery::{Discount, Postcode, PostcodeInput, check_postcode};
use crate::domain::image::{ImageKey, render};
use crate::domain::store_profile::StoreProfile;

/// `assets/demo-restaurant.json` without its indentation, gzip-compressed (see `build.rs`).
const DEMO_RESTAURANT_GZ: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/demo-restaurant.json.gz"));

/// The demo's photos (drawn by scripts/demo-photos.py), by the name the menu gives
/// them; rendered on the first start like any upload.
const DEMO_PHOTOS: &[(&str, &[u8])] = &[
    (
        "pizza",
        include_bytes!("../../assets/demo-photos/pizza.webp"),
    ),
    (
        "salad",
        include_bytes!("../../assets/demo-photos/salad.webp"),
    ),
    (
        "pasta",
        include_bytes!("../../assets/demo-photos/pasta.webp"),
    ),
    (
        "tiramisu",
        include_bytes!("../../assets/demo-photos/tiramisu.webp"),
    ),
    (
        "drink",
        include_bytes!("../../assets/demo-photos/drink.webp"),
    ),
    (
        "banner",
        include_bytes!("../../assets/demo-photos/banner.webp"),
    ),
];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoRestaurant {
    pub store: StoreProfile,
    pub taxes: Vec<DemoTax>,
    pub toppings: Vec<DemoTopping>,
    pub topping_groups: Vec<DemoGroup>,
    pub categories: Vec<DemoCategory>,
    pub postcodes: Vec<DemoPostcode>,
    pub discounts: Vec<Discount>,
    /// The carousel: a photo of `DEMO_PHOTOS` each.
    #[serde(default)]
    pub banners: Vec<DemoBanner>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoBanner {
    photo: String,
    alt: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoPostcode {
    postcode: String,
    minimum_order_cents: i64,
    delivery_fee_cents: i64,
    delivery_minutes: u16,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoTax {
    key: String,
    name: String,
    rate_basis_points: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoTopping {
    key: String,
    name: String,
    name_en: Option<String>,
    price_cents: i64,
    allergens: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoGroup {
    key: String,
    name: String,
    name_en: Option<String>,
    min_selections: u8,
    max_selections: u8,
    items: Vec<DemoGroupItem>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoGroupItem {
    topping: String,
    price_cents: i64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoCategory {
    name: String,
    name_en: Option<String>,
    description: Option<String>,
    description_en: Option<String>,
    sort_order: i32,
    visible: bool,
    products: Vec<DemoProduct>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoProduct {
    name: String,
    name_en: Option<String>,
    description: Option<String>,
    description_en: Option<String>,
    price_cents: i64,
    tax: String,
    sort_order: i32,
    available: bool,
    variants: Vec<DemoVariant>,
    topping_groups: Vec<String>,
    allergens: Vec<String>,
    #[serde(default)]
    age_restriction: Option<u8>,
    #[serde(default)]
    deposit_cents: i64,
    #[serde(default)]
    net_content: Option<NetContent>,
    /// A photo of `DEMO_PHOTOS`.
    #[serde(default)]
    photo: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoVariant {
    name: String,
    name_en: Option<String>,
    price_cents: i64,
    #[serde(default)]
    deposit_cents: i64,
    #[serde(default)]
    net_content: Option<NetContent>,
}

pub fn demo_restaurant() -> Result<DemoRestaurant, DbError> {
    let decode = |error: String| DbError::Decode(format!("assets/demo-restaurant.json: {error}"));
    let mut json = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(DEMO_RESTAURANT_GZ),
        &mut json,
    )
    .map_err(|error| decode(error.to_string()))?;
    serde_json::from_slice(&json).map_err(|error| decode(error.to_string()))
}

fn lookup(map: &HashMap<String, u64>, kind: &str, key: &str) -> Result<u64, CatalogError> {
    map.get(key).copied().ok_or_else(|| {
        CatalogError::InUse(format!("the demo menu names an unknown {kind} `{key}`"))
    })
}

/// Adds the demo menu to `catalog` through the normal catalog rules; `photos` are the
/// keys of the rendered demo photos by name.
pub fn add_demo_menu(
    catalog: &mut Catalog,
    demo: DemoRestaurant,
    photos: &HashMap<String, String>,
) -> Result<(), CatalogError> {
    let allergies: HashMap<String, u64> = catalog
        .allergies
        .values()
        .map(|a| (a.code.clone(), a.id))
        .collect();
    let mut taxes = HashMap::new();
    for tax in demo.taxes {
        let id = catalog
            .create::<Tax>(TaxInput {
                name: tax.name,
                rate_basis_points: tax.rate_basis_points,
            })?
            .id;
        taxes.insert(tax.key, id);
    }
    let mut toppings = HashMap::new();
    for topping in demo.toppings {
        let id = catalog
            .create::<Topping>(ToppingInput {
                name: topping.name,
                name_en: topping.name_en,
                price_cents: topping.price_cents,
                // The demo lists every allergen; an empty list means "contains none".
                no_allergens: Some(topping.allergens.is_empty()),
                available: None,
            })?
            .id;
        label(
            catalog,
            &allergies,
            ItemKind::Topping,
            id,
            &topping.allergens,
        )?;
        toppings.insert(topping.key, id);
    }
    let mut groups = HashMap::new();
    for group in demo.topping_groups {
        let group_id = catalog
            .create::<ToppingGroup>(ToppingGroupInput {
                name: group.name,
                name_en: group.name_en,
                min_selections: group.min_selections,
                max_selections: group.max_selections,
            })?
            .id;
        for (position, item) in group.items.into_iter().enumerate() {
            catalog.create::<GroupItem>(GroupItemInput {
                topping_group_id: group_id,
                topping_id: lookup(&toppings, "topping", &item.topping)?,
                price_cents: item.price_cents,
                sort_order: position as i32 * 10,
            })?;
        }
        groups.insert(group.key, group_id);
    }
    for category in demo.categories {
        let category_id = catalog
            .create::<Category>(CategoryInput {
                name: category.name,
                name_en: category.name_en,
                description: category.description,
                description_en: category.description_en,
                sort_order: category.sort_order,
                visible: category.visible,
            })?
            .id;
        for product in category.products {
            let kind = if product.variants.is_empty() {
                ProductType::Simple
            } else {
                ProductType::Variable
            };
            let product_id = catalog
                .create::<Product>(ProductInput {
                    category_id,
                    name: product.name,
                    name_en: product.name_en,
                    description: product.description,
                    description_en: product.description_en,
                    price_cents: product.price_cents,
                    tax_id: lookup(&taxes, "tax", &product.tax)?,
                    kind,
                    variants: product
                        .variants
                        .into_iter()
                        .map(|v| VariantInput {
                            id: None,
                            name: v.name,
                            name_en: v.name_en,
                            price_cents: v.price_cents,
                            deposit_cents: v.deposit_cents,
                            net_content: v.net_content,
                            available: None,
                        })
                        .collect(),
                    sort_order: product.sort_order,
                    available: product.available,
                    no_allergens: Some(product.allergens.is_empty()),
                    age_restriction: product.age_restriction,
                    deposit_cents: product.deposit_cents,
                    net_content: product.net_content,
                    daily_stock: None,
                })?
                .id;
            if let Some(photo) = &product.photo {
                let key = lookup_key(photos, photo)?;
                if let Some(stored) = catalog.products.get_mut(&product_id) {
                    stored.image_key = Some(key);
                }
            }
            for (position, group) in product.topping_groups.iter().enumerate() {
                catalog.create::<ProductGroup>(ProductGroupInput {
                    product_id,
                    topping_group_id: lookup(&groups, "topping group", group)?,
                    sort_order: position as i32 * 10,
                })?;
            }
            label(
                catalog,
                &allergies,
                ItemKind::Product,
                product_id,
                &product.allergens,
            )?;
        }
    }
    for (position, banner) in demo.banners.into_iter().enumerate() {
        catalog.create::<Banner>(BannerInput {
            image_key: Some(lookup_key(photos, &banner.photo)?),
            alt: banner.alt,
            sort_order: position as i32 * 10,
        })?;
    }
    Ok(())
}

fn lookup_key(photos: &HashMap<String, String>, name: &str) -> Result<String, CatalogError> {
    photos.get(name).cloned().ok_or_else(|| {
        CatalogError::InUse(format!("the demo menu names an unknown photo `{name}`"))
    })
}

/// Renders the demo photos like uploads and stores their renditions; their keys by
/// name. The stems are fixed (`demo{name}`): every shop's demo photos are the same.
fn store_demo_photos(txn: &WriteTransaction) -> Result<HashMap<String, String>, DbError> {
    let mut keys = HashMap::new();
    for (name, bytes) in DEMO_PHOTOS {
        let rendered = render(bytes)
            .map_err(|error| DbError::Decode(format!("assets/demo-photos/{name}: {error}")))?;
        let key = ImageKey {
            stem: format!("demo{name}"),
            width: rendered.width,
            height: rendered.height,
        };
        super::catalog::store_renditions(txn, &key, &rendered)?;
        keys.insert(name.to_string(), key.to_string());
    }
    Ok(keys)
}

fn label(
    catalog: &mut Catalog,
    allergies: &HashMap<String, u64>,
    item_type: ItemKind,
    item_id: u64,
    codes: &[String],
) -> Result<(), CatalogError> {
    for code in codes {
        catalog.create::<ItemAllergy>(ItemAllergyInput {
            item_type,
            item_id,
            allergy_id: lookup(allergies, "allergy code", code)?,
        })?;
    }
    Ok(())
}

/// Seeds the demo restaurant in one write transaction unless it was seeded before.
pub fn seed_if_first_start(db: &Database, store_id: u64) -> Result<bool, DbError> {
    let txn = super::storage::begin_write(db)?;
    {
        let mut meta = txn.open_table(META)?;
        if meta.get(META_DEMO_SEEDED)?.is_some() {
            return Ok(false);
        }
        meta.insert(META_DEMO_SEEDED, 1)?;
    }
    let mut demo = demo_restaurant()?;
    txn.open_table(STORE_ID_TO_PROFILE)?
        .insert(store_id, record::encode(&demo.store)?.as_slice())?;
    let mut seeded: Vec<Postcode> = Vec::new();
    for (index, zone) in std::mem::take(&mut demo.postcodes).into_iter().enumerate() {
        let input = PostcodeInput {
            postcode: zone.postcode,
            minimum_order_cents: zone.minimum_order_cents,
            delivery_fee_cents: zone.delivery_fee_cents,
            delivery_minutes: zone.delivery_minutes,
        };
        let postcode = check_postcode(index as u64 + 1, input, &seeded).map_err(|refused| {
            DbError::Decode(format!(
                "assets/demo-restaurant.json postcodes: {refused:?}"
            ))
        })?;
        seeded.push(postcode);
    }
    {
        let mut table = txn.open_table(POSTCODE_ID_TO_POSTCODE)?;
        for postcode in &seeded {
            table.insert(postcode.id, record::encode(postcode)?.as_slice())?;
        }
        txn.open_table(META)?
            .insert(META_NEXT_POSTCODE_ID, seeded.len() as u64)?;
        let mut discounts = txn.open_table(DISCOUNT_CODE_TO_DISCOUNT)?;
        for discount in std::mem::take(&mut demo.discounts) {
            discounts.insert(
                discount.code.as_str(),
                record::encode(&discount)?.as_slice(),
            )?;
        }
    }
    let photos = store_demo_photos(&txn)?;
    super::catalog::change_in(&txn, None, |catalog| add_demo_menu(catalog, demo, &photos))?
        .map_err(|refused| DbError::Decode(format!("assets/demo-restaurant.json: {refused}")))?;
    txn.commit()?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Db;

    #[tokio::test]
    async fn the_demo_menu_uses_the_full_model() {
        let dir = tempfile::tempdir().unwrap();
        let (db, report) = Db::open(dir.path(), 14).unwrap();
        assert!(report.seeded_demo);
        let (catalog, _) = db.catalog().await.unwrap();
        let menu = menu_products(&catalog);
        assert!(menu.len() >= 30, "a realistic menu");
        assert!(
            menu.iter().all(|p| !p.allergens.is_empty()),
            "allergens on every product"
        );
        assert!(menu.iter().any(|p| p.product.kind == ProductType::Variable));
        assert!(
            menu.iter().any(|p| !p.product.available),
            "one dish is sold out"
        );
        let salad = menu
            .iter()
            .find(|p| p.product.name == "Insalata Mista")
            .unwrap();
        assert_eq!(
            salad.groups[0].group.min_selections, 1,
            "a required dressing"
        );
        let pizza = menu
            .iter()
            .find(|p| p.product.name == "Pizza Salami")
            .unwrap();
        assert!(pizza.groups[0].toppings.len() >= 10);
        assert_eq!(
            catalog.allergies.len(),
            26,
            "EU-14 allergens and 12 additives"
        );
    }

    #[test]
    fn the_demo_is_seeded_once() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("seed.redb")).unwrap();
        super::super::migrations::migrate(&db).unwrap();
        assert!(seed_if_first_start(&db, 14).unwrap());
        assert!(!seed_if_first_start(&db, 14).unwrap());
    }
}
