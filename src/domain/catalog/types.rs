use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::price_labels::NetContent;
use super::sold_out::{available_by_default, is_available};

/// A VAT rate. German menus use 7 % (food) and 19 % (drinks).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tax {
    pub id: u64,
    pub name: String,
    /// The rate in basis points, so 19 % is 1900 and 8.1 % is 810.
    pub rate_basis_points: u32,
}

impl Tax {
    /// The rate as the API shows it, e.g. `19.0` or `8.1`.
    pub fn percentage(&self) -> f64 {
        f64::from(self.rate_basis_points) / 100.0
    }
}

/// A menu section such as "Pizza" or "Getränke".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    pub id: u64,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub description_en: Option<String>,
    pub sort_order: i32,
    pub visible: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProductType {
    /// One price.
    Simple,
    /// Priced by variant (e.g. pizza sizes); the customer must pick one.
    Variable,
}

impl ProductType {
    pub fn as_str(self) -> &'static str {
        match self {
            ProductType::Simple => "simple",
            ProductType::Variable => "variable",
        }
    }
}

/// One choice of a variable product, e.g. "Ø 32 cm".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    pub id: u64,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub price_cents: i64,
    /// The deposit (Pfand) per unit, shown beside the price and charged as its own line.
    #[serde(default, skip_serializing_if = "crate::domain::money::is_zero")]
    pub deposit_cents: i64,
    /// The content a unit price is computed from (PAngV).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net_content: Option<NetContent>,
    /// `false` = this variant is sold out (the product's others are not).
    #[serde(default = "available_by_default", skip_serializing_if = "is_available")]
    pub available: bool,
    /// A sold-out mark that ends by itself: on sale again from this instant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sold_out_until: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Product {
    pub id: u64,
    pub category_id: u64,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub description_en: Option<String>,
    /// Gross price including VAT; for variable products the lowest variant price.
    pub price_cents: i64,
    pub tax_id: u64,
    pub kind: ProductType,
    #[serde(default)]
    pub variants: Vec<Variant>,
    pub sort_order: i32,
    /// `false` = sold out: shown on the menu, not orderable.
    pub available: bool,
    /// With `available: false`: the sold-out mark ends by itself at this instant (staff
    /// chose "until tomorrow"); `None`: it holds until switched back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sold_out_until: Option<DateTime<Utc>>,
    /// How many the kitchen makes a business day: each order takes from it, and at 0
    /// the product is sold out until the next business day. `None`: no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily_stock: Option<u32>,
    /// Key of the product photo in the image table.
    #[serde(default)]
    pub image_key: Option<String>,
    /// The owner declared that the product contains none of the allergens and additives
    /// that must be labelled. Without it, a product without allergen links is "not yet
    /// labelled" (a readiness finding), not "contains none".
    #[serde(default)]
    pub no_allergens: bool,
    /// Sold only to persons of at least this age (beer and wine 16, spirits 18, JuSchG
    /// § 9): the storefront says so and checkout asks for a confirmation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_restriction: Option<u8>,
    /// As [`Variant::deposit_cents`]; a variable product keeps it on each variant.
    #[serde(default, skip_serializing_if = "crate::domain::money::is_zero")]
    pub deposit_cents: i64,
    /// As [`Variant::net_content`]; a variable product keeps it on each variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net_content: Option<NetContent>,
}

impl Product {
    /// The deposit and content of what a line sells: the variant's for a variable
    /// product, the product's otherwise.
    pub fn labels_of(&self, variant_id: Option<u64>) -> (i64, Option<NetContent>) {
        match variant_id.and_then(|id| self.variants.iter().find(|v| v.id == id)) {
            Some(variant) => (variant.deposit_cents, variant.net_content),
            None => (self.deposit_cents, self.net_content),
        }
    }
}

/// An extra such as "Salami" or "Extra Käse". Its price in a group is the group
/// item's; `price_cents` is the default offered when adding it to a group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Topping {
    pub id: u64,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub price_cents: i64,
    /// Declared free of labelled allergens and additives (see [`Product::no_allergens`]).
    #[serde(default)]
    pub no_allergens: bool,
    /// `false` = sold out wherever the topping is offered.
    #[serde(default = "available_by_default", skip_serializing_if = "is_available")]
    pub available: bool,
    /// As [`Variant::sold_out_until`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sold_out_until: Option<DateTime<Utc>>,
}

/// A choice offered with a product, e.g. "Dressing" (exactly 1) or "Extra Beläge"
/// (up to 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToppingGroup {
    pub id: u64,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub min_selections: u8,
    pub max_selections: u8,
}

/// A topping inside a group, with its price there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupItem {
    pub id: u64,
    pub topping_group_id: u64,
    pub topping_id: u64,
    pub price_cents: i64,
    pub sort_order: i32,
}

/// A topping group offered with a product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductGroup {
    pub id: u64,
    pub product_id: u64,
    pub topping_group_id: u64,
    pub sort_order: i32,
}

/// An allergen (EU-14, codes A–R) or an additive (German codes 1–12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Allergy {
    pub id: u64,
    pub code: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    Product,
    Topping,
}

impl ItemKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Product => "product",
            ItemKind::Topping => "topping",
        }
    }
}

/// "This product (or topping) contains that allergen."
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemAllergy {
    pub id: u64,
    pub item_type: ItemKind,
    pub item_id: u64,
    pub allergy_id: u64,
}

/// A picture in the menu page's carousel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Banner {
    pub id: u64,
    pub image_key: String,
    #[serde(default)]
    pub alt: String,
    pub sort_order: i32,
}

// Inputs: what an admin sends, already in cents. Names are trimmed and checked by
// the entity's `build`.

#[derive(Debug, Clone, PartialEq)]
pub struct TaxInput {
    pub name: String,
    pub rate_basis_points: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CategoryInput {
    pub name: String,
    pub name_en: Option<String>,
    pub description: Option<String>,
    pub description_en: Option<String>,
    pub sort_order: i32,
    pub visible: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VariantInput {
    /// An existing variant's id keeps it (carts refer to it); `None` makes a new one.
    pub id: Option<u64>,
    pub name: String,
    pub name_en: Option<String>,
    pub price_cents: i64,
    pub deposit_cents: i64,
    pub net_content: Option<NetContent>,
    /// `Some(false)`: sold out (until switched back, or as it was marked when it was
    /// sold out already); `Some(true)`: on sale; `None`: as it is (on sale when new).
    pub available: Option<bool>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ProductInput {
    pub category_id: u64,
    pub name: String,
    pub name_en: Option<String>,
    pub description: Option<String>,
    pub description_en: Option<String>,
    pub price_cents: i64,
    pub tax_id: u64,
    pub kind: ProductType,
    pub variants: Vec<VariantInput>,
    pub sort_order: i32,
    pub available: bool,
    /// `Some`: declare (or withdraw) "contains no labelled allergens"; `None` keeps
    /// what the product had (false for a new one).
    pub no_allergens: Option<bool>,
    /// 16 or 18; `None`: sold to anyone.
    pub age_restriction: Option<u8>,
    /// Simple products only; a variable product's are on its variants.
    pub deposit_cents: i64,
    pub net_content: Option<NetContent>,
    /// See [`Product::daily_stock`].
    pub daily_stock: Option<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ToppingInput {
    pub name: String,
    pub name_en: Option<String>,
    pub price_cents: i64,
    /// As [`ProductInput::no_allergens`].
    pub no_allergens: Option<bool>,
    /// As [`VariantInput::available`].
    pub available: Option<bool>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ToppingGroupInput {
    pub name: String,
    pub name_en: Option<String>,
    pub min_selections: u8,
    pub max_selections: u8,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GroupItemInput {
    pub topping_group_id: u64,
    pub topping_id: u64,
    pub price_cents: i64,
    pub sort_order: i32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ProductGroupInput {
    pub product_id: u64,
    pub topping_group_id: u64,
    pub sort_order: i32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AllergyInput {
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ItemAllergyInput {
    pub item_type: ItemKind,
    pub item_id: u64,
    pub allergy_id: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BannerInput {
    /// Set by the image upload, kept by metadata edits.
    pub image_key: Option<String>,
    pub alt: String,
    pub sort_order: i32,
}
