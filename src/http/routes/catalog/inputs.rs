//! What an admin sends to create or change catalog records. Unknown fields are refused;
//! euro amounts become cents here, with the field named when they are wrong.

use chrono::{DateTime, Utc};
use poem_openapi::Object;

use crate::domain::catalog::*;
use crate::domain::money::{MAX_PRICE_CENTS, euros_to_cents, percent_to_basis_points};
use crate::http::error::{ApiError, required};
use crate::http::routes::catalog::price_labels::{NetContentView, deposit_cents, net_content};
use crate::http::routes::catalog::views::{ItemKindView, ProductTypeView};

fn cents(field: &str, euros: f64) -> Result<i64, ApiError> {
    euros_to_cents(euros, MAX_PRICE_CENTS).map_err(|message| ApiError::invalid(field, &message))
}

/// Converts a request body into the domain's input.
pub trait IntoInput {
    type Input;
    fn into_input(self) -> Result<Self::Input, ApiError>;
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct TaxBody {
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    /// 0–100, at most two decimals (e.g. 7, 19, 8.1).
    pub percentage: Option<f64>,
}

impl IntoInput for TaxBody {
    type Input = TaxInput;
    fn into_input(self) -> Result<TaxInput, ApiError> {
        let rate_basis_points = percent_to_basis_points(required("percentage", self.percentage)?)
            .map_err(|message| ApiError::invalid("percentage", &message))?;
        Ok(TaxInput {
            name: required("name", self.name)?,
            rate_basis_points,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct CategoryBody {
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name_en: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub description: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub description_en: Option<String>,
    #[oai(default)]
    pub sort_order: i32,
    #[oai(default = "yes")]
    pub visible: bool,
}

fn yes() -> bool {
    true
}

impl IntoInput for CategoryBody {
    type Input = CategoryInput;
    fn into_input(self) -> Result<CategoryInput, ApiError> {
        Ok(CategoryInput {
            name: required("name", self.name)?,
            name_en: self.name_en,
            description: self.description,
            description_en: self.description_en,
            sort_order: self.sort_order,
            visible: self.visible,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct VariantBody {
    /// Send an existing variant's id back to keep it.
    pub id: Option<u64>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name_en: Option<String>,
    /// Euros.
    pub price: Option<f64>,
    /// The deposit (Pfand) in euros per unit, shown beside the price and charged as its
    /// own line; at most 10. Omitted or null: none.
    #[oai(nullable)]
    pub deposit: Option<f64>,
    /// The net content, e.g. `{"amount": 0.33, "unit": "l"}`, from which the unit price
    /// (PAngV) is computed. Omitted or null: none.
    #[oai(nullable)]
    pub net_content: Option<NetContentView>,
    /// `false`: this size is sold out (until switched back; one sold out until tomorrow
    /// stays so); `true`: on sale. Omitted: as it is.
    pub available: Option<bool>,
    /// As the record shows it; not changed here (see
    /// `PUT /products/{id}/variants/{variant_id}/availability`).
    #[oai(nullable)]
    pub sold_out_until: Option<DateTime<Utc>>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ProductBody {
    pub category_id: Option<u64>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name_en: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub description: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub description_en: Option<String>,
    /// Euros; ignored for variable products (their lowest variant price counts).
    #[oai(default)]
    pub price: f64,
    pub tax_id: Option<u64>,
    #[oai(rename = "type")]
    pub kind: Option<ProductTypeView>,
    #[oai(default)]
    pub variants: Vec<VariantBody>,
    #[oai(default)]
    pub sort_order: i32,
    #[oai(default = "yes")]
    pub available: bool,
    /// `true`: the product contains none of the allergens and additives that must be
    /// labelled (an explicit statement, unlike having no codes yet). Omitted: unchanged.
    pub no_allergens: Option<bool>,
    /// Sold only to persons of at least this age: 16 (beer, wine) or 18 (spirits).
    /// Omitted or null: sold to anyone.
    #[oai(nullable)]
    pub age_restriction: Option<u8>,
    /// The deposit (Pfand) in euros per unit, for a simple product (a
    /// variable product's are on its variants), shown beside the price and charged as its
    /// own line; at most 10. Omitted or null: none.
    #[oai(nullable)]
    pub deposit: Option<f64>,
    /// The net content, e.g. `{"amount": 0.33, "unit": "l"}`, from which the unit price
    /// (PAngV) is computed. Omitted or null: none.
    #[oai(nullable)]
    pub net_content: Option<NetContentView>,
    /// How many are made a business day (1 to 9999): each order takes from it, and at 0
    /// the product shows sold out until the next business day starts from this number
    /// again. Omitted or null: no limit.
    #[oai(nullable)]
    pub daily_stock: Option<u32>,
    /// As the record shows it; not changed here: a product still sold out keeps when its
    /// mark ends, one on sale has none (see `PUT /products/{id}/availability`).
    #[oai(nullable)]
    pub sold_out_until: Option<DateTime<Utc>>,
}

impl IntoInput for ProductBody {
    type Input = ProductInput;
    fn into_input(self) -> Result<ProductInput, ApiError> {
        let variants = self
            .variants
            .into_iter()
            .map(|variant| {
                Ok(VariantInput {
                    id: variant.id,
                    name: required("variants", variant.name)?,
                    name_en: variant.name_en,
                    price_cents: cents("variants", required("variants", variant.price)?)?,
                    deposit_cents: deposit_cents("variants", variant.deposit)?,
                    net_content: net_content("variants", variant.net_content)?,
                    available: variant.available,
                })
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        Ok(ProductInput {
            category_id: required("category_id", self.category_id)?,
            name: required("name", self.name)?,
            name_en: self.name_en,
            description: self.description,
            description_en: self.description_en,
            price_cents: cents("price", self.price)?,
            tax_id: required("tax_id", self.tax_id)?,
            kind: match required("type", self.kind)? {
                ProductTypeView::Simple => ProductType::Simple,
                ProductTypeView::Variable => ProductType::Variable,
            },
            variants,
            sort_order: self.sort_order,
            available: self.available,
            no_allergens: self.no_allergens,
            age_restriction: self.age_restriction,
            deposit_cents: deposit_cents("deposit", self.deposit)?,
            net_content: net_content("net_content", self.net_content)?,
            daily_stock: self.daily_stock,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ToppingBody {
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name_en: Option<String>,
    /// Euros.
    pub price: Option<f64>,
    /// `true`: contains no labelled allergens or additives. Omitted: unchanged.
    pub no_allergens: Option<bool>,
    /// `false`: sold out wherever it is offered (until switched back; one sold out until
    /// tomorrow stays so); `true`: on sale. Omitted: as it is.
    pub available: Option<bool>,
    /// As the record shows it; not changed here (see `PUT /toppings/{id}/availability`).
    #[oai(nullable)]
    pub sold_out_until: Option<DateTime<Utc>>,
}

impl IntoInput for ToppingBody {
    type Input = ToppingInput;
    fn into_input(self) -> Result<ToppingInput, ApiError> {
        Ok(ToppingInput {
            name: required("name", self.name)?,
            name_en: self.name_en,
            price_cents: cents("price", required("price", self.price)?)?,
            no_allergens: self.no_allergens,
            available: self.available,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ToppingGroupBody {
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name_en: Option<String>,
    pub min_selections: Option<u8>,
    pub max_selections: Option<u8>,
}

impl IntoInput for ToppingGroupBody {
    type Input = ToppingGroupInput;
    fn into_input(self) -> Result<ToppingGroupInput, ApiError> {
        Ok(ToppingGroupInput {
            name: required("name", self.name)?,
            name_en: self.name_en,
            min_selections: required("min_selections", self.min_selections)?,
            max_selections: required("max_selections", self.max_selections)?,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct GroupItemBody {
    pub topping_group_id: Option<u64>,
    pub topping_id: Option<u64>,
    /// Euros, the topping's price in this group.
    pub price: Option<f64>,
    #[oai(default)]
    pub sort_order: i32,
}

impl IntoInput for GroupItemBody {
    type Input = GroupItemInput;
    fn into_input(self) -> Result<GroupItemInput, ApiError> {
        Ok(GroupItemInput {
            topping_group_id: required("topping_group_id", self.topping_group_id)?,
            topping_id: required("topping_id", self.topping_id)?,
            price_cents: cents("price", required("price", self.price)?)?,
            sort_order: self.sort_order,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ProductGroupBody {
    pub product_id: Option<u64>,
    pub topping_group_id: Option<u64>,
    #[oai(default)]
    pub sort_order: i32,
}

impl IntoInput for ProductGroupBody {
    type Input = ProductGroupInput;
    fn into_input(self) -> Result<ProductGroupInput, ApiError> {
        Ok(ProductGroupInput {
            product_id: required("product_id", self.product_id)?,
            topping_group_id: required("topping_group_id", self.topping_group_id)?,
            sort_order: self.sort_order,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct AllergyBody {
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub code: Option<String>,
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name: Option<String>,
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub name_en: Option<String>,
}

impl IntoInput for AllergyBody {
    type Input = AllergyInput;
    fn into_input(self) -> Result<AllergyInput, ApiError> {
        Ok(AllergyInput {
            code: required("code", self.code)?,
            name: required("name", self.name)?,
            name_en: self.name_en,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ItemAllergyBody {
    pub item_type: Option<ItemKindView>,
    pub item_id: Option<u64>,
    pub allergy_id: Option<u64>,
}

impl IntoInput for ItemAllergyBody {
    type Input = ItemAllergyInput;
    fn into_input(self) -> Result<ItemAllergyInput, ApiError> {
        Ok(ItemAllergyInput {
            item_type: match required("item_type", self.item_type)? {
                ItemKindView::Product => ItemKind::Product,
                ItemKindView::Topping => ItemKind::Topping,
            },
            item_id: required("item_id", self.item_id)?,
            allergy_id: required("allergy_id", self.allergy_id)?,
        })
    }
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct BannerBody {
    /// Omitted: empty.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub alt: Option<String>,
    #[oai(default)]
    pub sort_order: i32,
}

impl IntoInput for BannerBody {
    type Input = BannerInput;
    fn into_input(self) -> Result<BannerInput, ApiError> {
        Ok(BannerInput {
            image_key: None,
            alt: self.alt.unwrap_or_default(),
            sort_order: self.sort_order,
        })
    }
}
