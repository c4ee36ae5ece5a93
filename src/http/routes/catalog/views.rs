//! The catalog as JSON: the storefront's menu (spec §3 product fields) and the admin's
//! raw records. Money is shown in euros.

use chrono::{DateTime, Utc};
use poem_openapi::{Enum, Object};
use serde::Serialize;

use crate::domain::catalog::*;
use crate::domain::image::ImageKey;
use crate::domain::money::cents_to_euros;
use crate::http::edit_versions::Versioned;
use crate::http::routes::catalog::price_labels::{NetContentView, label_views};

/// The JPEG for clients without `srcset` (at most 640 pixels wide): never the upload.
pub fn image_url(key: &str) -> String {
    match ImageKey::parse(key) {
        Some(key) => format!("/images/{key}/{}.jpg", key.fallback_width()),
        None => format!("/images/{key}"),
    }
}

/// What a page needs to show a photo without layout shift and at the size it needs:
/// `{url}/{w}.webp` and `{url}/{w}.jpg` exist for every `w` in `widths`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize)]
#[oai(rename = "Image")]
pub struct ImageView {
    /// The renditions' path prefix (`/images/{key}`).
    pub url: String,
    /// The largest rendition's size in pixels: its aspect ratio is every rendition's.
    pub width: u32,
    pub height: u32,
    /// The renditions' widths, smallest first.
    pub widths: Vec<u32>,
}

impl ImageView {
    pub fn of(key: &str) -> Option<ImageView> {
        let key = ImageKey::parse(key)?;
        Some(ImageView {
            url: format!("/images/{key}"),
            width: key.width,
            height: key.height,
            widths: key.widths(),
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, serde::Deserialize)]
#[oai(rename = "ProductType", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ProductTypeView {
    Simple,
    Variable,
}

impl From<ProductType> for ProductTypeView {
    fn from(kind: ProductType) -> Self {
        match kind {
            ProductType::Simple => ProductTypeView::Simple,
            ProductType::Variable => ProductTypeView::Variable,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, serde::Deserialize)]
#[oai(rename = "ItemKind", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ItemKindView {
    Product,
    Topping,
}

impl From<ItemKind> for ItemKindView {
    fn from(item_type: ItemKind) -> Self {
        match item_type {
            ItemKind::Product => ItemKindView::Product,
            ItemKind::Topping => ItemKindView::Topping,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct TaxView {
    pub id: u64,
    pub name: String,
    /// e.g. 7 or 19.
    pub percentage: f64,
}

impl From<&Tax> for TaxView {
    fn from(tax: &Tax) -> Self {
        TaxView {
            id: tax.id,
            name: tax.name.clone(),
            percentage: tax.percentage(),
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct CategoryView {
    pub id: u64,
    pub name: String,
    /// English name, shown when the storefront is in English; falls back to `name`.
    #[oai(nullable)]
    pub name_en: Option<String>,
    pub description: String,
    #[oai(nullable)]
    pub description_en: Option<String>,
    pub sort_order: i32,
    pub visible: bool,
}

impl From<&Category> for CategoryView {
    fn from(category: &Category) -> Self {
        CategoryView {
            id: category.id,
            name: category.name.clone(),
            name_en: category.name_en.clone(),
            description: category.description.clone(),
            description_en: category.description_en.clone(),
            sort_order: category.sort_order,
            visible: category.visible,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct VariantView {
    pub id: u64,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
    /// Euros.
    pub price: f64,
    /// Euros per unit, shown beside the price ("zzgl. 0,25 € Pfand") and charged as
    /// its own line; null: none. A variable product's is on each variant.
    #[oai(nullable)]
    pub deposit: Option<f64>,
    /// The content the unit price is computed from; null: none.
    #[oai(nullable)]
    pub net_content: Option<NetContentView>,
    /// Euros per litre or kilogram (the unit of `net_content`), rounded half up; null:
    /// no content.
    #[oai(nullable)]
    pub unit_price: Option<f64>,
    /// `false` = this size or variant is sold out (the storefront shows it disabled).
    pub available: bool,
}

impl From<&Variant> for VariantView {
    fn from(variant: &Variant) -> Self {
        let labels = label_views(
            variant.price_cents,
            variant.deposit_cents,
            variant.net_content,
        );
        VariantView {
            id: variant.id,
            name: variant.name.clone(),
            name_en: variant.name_en.clone(),
            price: cents_to_euros(variant.price_cents),
            deposit: labels.deposit,
            net_content: labels.net_content,
            unit_price: labels.unit_price,
            available: variant.available,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct AllergyView {
    pub id: u64,
    /// `A`–`R` for allergens, `1`–`12` for additives.
    pub code: String,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
}

impl From<&Allergy> for AllergyView {
    fn from(allergy: &Allergy) -> Self {
        AllergyView {
            id: allergy.id,
            code: allergy.code.clone(),
            name: allergy.name.clone(),
            name_en: allergy.name_en.clone(),
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct MenuToppingView {
    pub id: u64,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
    /// Euros, the price in this group.
    pub price: f64,
    pub allergens: Vec<AllergyView>,
    /// `false` = sold out (the storefront shows it disabled).
    pub available: bool,
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct MenuGroupView {
    pub id: u64,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
    pub min_selections: u8,
    pub max_selections: u8,
    pub toppings: Vec<MenuToppingView>,
}

/// A product as the storefront reads it.
#[derive(Debug, Clone, Object, Serialize)]
pub struct ProductView {
    pub id: u64,
    pub category_id: u64,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
    pub description: String,
    #[oai(nullable)]
    pub description_en: Option<String>,
    /// Euros; for variable products the lowest variant price.
    pub price: f64,
    #[oai(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ProductTypeView,
    pub tax: TaxView,
    pub variants: Vec<VariantView>,
    #[oai(nullable)]
    pub image_url: Option<String>,
    /// The photo's renditions (`srcset`) and size; null: no photo.
    #[oai(nullable)]
    pub image: Option<ImageView>,
    pub sort_order: i32,
    /// `false` = sold out: switched so by staff, or nothing is left of its daily stock
    /// today.
    pub available: bool,
    pub allergens: Vec<AllergyView>,
    pub enriched_topping_groups: Vec<MenuGroupView>,
    /// Sold only to persons of at least this age (16 or 18); null: to anyone.
    #[oai(nullable)]
    pub age_restriction: Option<u8>,
    /// Euros per unit, shown beside the price ("zzgl. 0,25 € Pfand") and charged as
    /// its own line; null: none. A variable product's is on each variant.
    #[oai(nullable)]
    pub deposit: Option<f64>,
    /// The content the unit price is computed from; null: none.
    #[oai(nullable)]
    pub net_content: Option<NetContentView>,
    /// Euros per litre or kilogram (the unit of `net_content`), rounded half up; null:
    /// no content.
    #[oai(nullable)]
    pub unit_price: Option<f64>,
}

impl ProductView {
    /// The product on the menu, sold out also when `stock` has nothing left of it.
    pub fn on_menu(menu: &MenuProduct, stock: &StockLevels) -> Self {
        let mut view = ProductView::from(menu);
        view.available = view.available && !stock.exhausted(&menu.product);
        view
    }
}

impl From<&MenuProduct> for ProductView {
    fn from(menu: &MenuProduct) -> Self {
        let product = &menu.product;
        let labels = label_views(
            product.price_cents,
            product.deposit_cents,
            product.net_content,
        );
        ProductView {
            deposit: labels.deposit,
            net_content: labels.net_content,
            unit_price: labels.unit_price,
            id: product.id,
            category_id: product.category_id,
            name: product.name.clone(),
            name_en: product.name_en.clone(),
            description: product.description.clone(),
            description_en: product.description_en.clone(),
            price: cents_to_euros(product.price_cents),
            kind: product.kind.into(),
            tax: TaxView::from(&menu.tax),
            variants: product.variants.iter().map(VariantView::from).collect(),
            image_url: product.image_key.as_deref().map(image_url),
            image: product.image_key.as_deref().and_then(ImageView::of),
            sort_order: product.sort_order,
            available: product.available,
            allergens: menu.allergens.iter().map(AllergyView::from).collect(),
            age_restriction: product.age_restriction,
            enriched_topping_groups: menu
                .groups
                .iter()
                .map(|group| MenuGroupView {
                    id: group.group.id,
                    name: group.group.name.clone(),
                    name_en: group.group.name_en.clone(),
                    min_selections: group.group.min_selections,
                    max_selections: group.group.max_selections,
                    toppings: group
                        .toppings
                        .iter()
                        .map(|topping| MenuToppingView {
                            id: topping.topping.id,
                            name: topping.topping.name.clone(),
                            name_en: topping.topping.name_en.clone(),
                            price: cents_to_euros(topping.price_cents),
                            allergens: topping.allergens.iter().map(AllergyView::from).collect(),
                            available: topping.topping.available,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// A variant as the admin edits it: what the product body's variant takes back.
#[derive(Debug, Clone, Object, Serialize)]
pub struct VariantRecord {
    pub id: u64,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
    /// Euros.
    pub price: f64,
    /// Euros per unit; null: none.
    #[oai(nullable)]
    pub deposit: Option<f64>,
    #[oai(nullable)]
    pub net_content: Option<NetContentView>,
    /// `false` = sold out (set with `PUT /products/{id}/variants/{variant_id}/availability`).
    pub available: bool,
    /// When a sold-out mark ends by itself ("until tomorrow"); null: it holds until
    /// switched back, or the variant is on sale.
    #[oai(nullable)]
    pub sold_out_until: Option<DateTime<Utc>>,
}

impl From<&Variant> for VariantRecord {
    fn from(variant: &Variant) -> Self {
        VariantRecord {
            available: variant.available,
            sold_out_until: variant.sold_out_until,
            id: variant.id,
            name: variant.name.clone(),
            name_en: variant.name_en.clone(),
            price: cents_to_euros(variant.price_cents),
            deposit: (variant.deposit_cents > 0).then(|| cents_to_euros(variant.deposit_cents)),
            net_content: variant.net_content.map(NetContentView::from),
        }
    }
}

/// A product as the admin edits it.
#[derive(Debug, Clone, Object, Serialize)]
pub struct ProductRecord {
    pub id: u64,
    pub category_id: u64,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
    pub description: String,
    #[oai(nullable)]
    pub description_en: Option<String>,
    pub price: f64,
    pub tax_id: u64,
    #[oai(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ProductTypeView,
    pub variants: Vec<VariantRecord>,
    #[oai(nullable)]
    pub image_url: Option<String>,
    /// The photo's renditions (`srcset`) and size; null: no photo.
    #[oai(nullable)]
    pub image: Option<ImageView>,
    pub sort_order: i32,
    pub available: bool,
    /// When a sold-out mark ends by itself ("until tomorrow"); null: it holds until
    /// switched back, or the product is on sale.
    #[oai(nullable)]
    pub sold_out_until: Option<DateTime<Utc>>,
    /// How many are made a business day (orders take from it; at 0 it is sold out until
    /// the next business day); null: no limit.
    #[oai(nullable)]
    pub daily_stock: Option<u32>,
    /// Declared to contain no labelled allergens or additives.
    pub no_allergens: bool,
    /// Sold only to persons of at least this age (16 or 18); null: to anyone.
    #[oai(nullable)]
    pub age_restriction: Option<u8>,
    /// Euros per unit, shown beside the price ("zzgl. 0,25 € Pfand") and charged as
    /// its own line; null: none. A variable product's is on each variant.
    #[oai(nullable)]
    pub deposit: Option<f64>,
    /// The content the unit price is computed from; null: none.
    #[oai(nullable)]
    pub net_content: Option<NetContentView>,
}

impl From<&Product> for ProductRecord {
    fn from(product: &Product) -> Self {
        ProductRecord {
            deposit: (product.deposit_cents > 0).then(|| cents_to_euros(product.deposit_cents)),
            net_content: product.net_content.map(NetContentView::from),
            id: product.id,
            category_id: product.category_id,
            name: product.name.clone(),
            name_en: product.name_en.clone(),
            description: product.description.clone(),
            description_en: product.description_en.clone(),
            price: cents_to_euros(product.price_cents),
            tax_id: product.tax_id,
            kind: product.kind.into(),
            variants: product.variants.iter().map(VariantRecord::from).collect(),
            image_url: product.image_key.as_deref().map(image_url),
            image: product.image_key.as_deref().and_then(ImageView::of),
            sort_order: product.sort_order,
            available: product.available,
            sold_out_until: product.sold_out_until,
            daily_stock: product.daily_stock,
            no_allergens: product.no_allergens,
            age_restriction: product.age_restriction,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct ToppingView {
    pub id: u64,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
    /// Euros; the default price when adding the topping to a group.
    pub price: f64,
    /// Declared to contain no labelled allergens or additives.
    pub no_allergens: bool,
    /// `false` = sold out wherever it is offered (set with
    /// `PUT /toppings/{id}/availability`).
    pub available: bool,
    /// When a sold-out mark ends by itself; null: none.
    #[oai(nullable)]
    pub sold_out_until: Option<DateTime<Utc>>,
}

impl From<&Topping> for ToppingView {
    fn from(topping: &Topping) -> Self {
        ToppingView {
            available: topping.available,
            sold_out_until: topping.sold_out_until,
            id: topping.id,
            name: topping.name.clone(),
            name_en: topping.name_en.clone(),
            price: cents_to_euros(topping.price_cents),
            no_allergens: topping.no_allergens,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct ToppingGroupView {
    pub id: u64,
    pub name: String,
    #[oai(nullable)]
    pub name_en: Option<String>,
    pub min_selections: u8,
    pub max_selections: u8,
}

impl From<&ToppingGroup> for ToppingGroupView {
    fn from(group: &ToppingGroup) -> Self {
        ToppingGroupView {
            id: group.id,
            name: group.name.clone(),
            name_en: group.name_en.clone(),
            min_selections: group.min_selections,
            max_selections: group.max_selections,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct GroupItemView {
    pub id: u64,
    pub topping_group_id: u64,
    pub topping_id: u64,
    /// Euros, the topping's price in this group.
    pub price: f64,
    pub sort_order: i32,
}

impl From<&GroupItem> for GroupItemView {
    fn from(item: &GroupItem) -> Self {
        GroupItemView {
            id: item.id,
            topping_group_id: item.topping_group_id,
            topping_id: item.topping_id,
            price: cents_to_euros(item.price_cents),
            sort_order: item.sort_order,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct ProductGroupView {
    pub id: u64,
    pub product_id: u64,
    pub topping_group_id: u64,
    pub sort_order: i32,
}

impl From<&ProductGroup> for ProductGroupView {
    fn from(link: &ProductGroup) -> Self {
        ProductGroupView {
            id: link.id,
            product_id: link.product_id,
            topping_group_id: link.topping_group_id,
            sort_order: link.sort_order,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct ItemAllergyView {
    pub id: u64,
    pub item_type: ItemKindView,
    pub item_id: u64,
    pub allergy_id: u64,
}

impl From<&ItemAllergy> for ItemAllergyView {
    fn from(link: &ItemAllergy) -> Self {
        ItemAllergyView {
            id: link.id,
            item_type: link.item_type.into(),
            item_id: link.item_id,
            allergy_id: link.allergy_id,
        }
    }
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct BannerView {
    pub id: u64,
    pub image_url: String,
    /// The picture's renditions (`srcset`) and size.
    #[oai(nullable)]
    pub image: Option<ImageView>,
    pub alt: String,
    pub sort_order: i32,
}

impl From<&Banner> for BannerView {
    fn from(banner: &Banner) -> Self {
        BannerView {
            id: banner.id,
            image_url: image_url(&banner.image_key),
            image: ImageView::of(&banner.image_key),
            alt: banner.alt.clone(),
            sort_order: banner.sort_order,
        }
    }
}

/// Everything, for the admin area: each record with the `version` its changes send
/// back in `If-Match`.
#[derive(Debug, Clone, Object, Serialize)]
pub struct AdminCatalog {
    pub taxes: Vec<Versioned<TaxView>>,
    pub categories: Vec<Versioned<CategoryView>>,
    pub products: Vec<Versioned<ProductRecord>>,
    pub toppings: Vec<Versioned<ToppingView>>,
    pub topping_groups: Vec<Versioned<ToppingGroupView>>,
    pub group_items: Vec<Versioned<GroupItemView>>,
    pub product_groups: Vec<Versioned<ProductGroupView>>,
    pub allergies: Vec<Versioned<AllergyView>>,
    pub item_allergies: Vec<Versioned<ItemAllergyView>>,
    pub banners: Vec<Versioned<BannerView>>,
}

fn all<'a, E, V>(map: &'a std::collections::BTreeMap<u64, E>) -> Vec<Versioned<V>>
where
    E: Serialize + 'a,
    V: From<&'a E> + poem_openapi::types::ParseFromJSON + poem_openapi::types::ToJSON,
{
    map.values()
        .map(|record| Versioned::of(record, V::from(record)))
        .collect()
}

impl From<&Catalog> for AdminCatalog {
    fn from(catalog: &Catalog) -> Self {
        AdminCatalog {
            taxes: all(&catalog.taxes),
            categories: all(&catalog.categories),
            products: all(&catalog.products),
            toppings: all(&catalog.toppings),
            topping_groups: all(&catalog.topping_groups),
            group_items: all(&catalog.group_items),
            product_groups: all(&catalog.product_groups),
            allergies: all(&catalog.allergies),
            item_allergies: all(&catalog.item_allergies),
            banners: all(&catalog.banners),
        }
    }
}
