//! Repricing an order from what the customer chose, never from what the client says it
//! costs: every product, variant and extra is looked up in the current menu, checked
//! (sold out, variant required, extras offered by the product, each group's min/max,
//! what is left of a daily stock) and priced with the cart rules. The result is a
//! snapshot of names, prices, taxes and allergens as they were when the order was
//! placed.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::cart::{CartExtra, CartLine};
use crate::domain::catalog::{
    Catalog, MenuProduct, ProductType, StockLevels, menu_product, sells_at,
};
use crate::domain::error::ErrorCode;

pub const MAX_LINES: usize = 50;
pub const MAX_QUANTITY: u32 = 99;
pub const MAX_EXTRA_QUANTITY: u32 = 10;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ExtraRequest {
    pub topping_id: u64,
    pub quantity: u32,
}

/// One line as the customer chose it: ids and quantities only.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct LineRequest {
    pub product_id: u64,
    pub variant_id: Option<u64>,
    pub extras: Vec<ExtraRequest>,
    pub quantity: u32,
}

/// An allergen or additive as it was labelled when the order was placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AllergenRef {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PricedExtra {
    pub topping_id: u64,
    pub name: String,
    pub price_cents: i64,
    pub quantity: u32,
    pub allergens: Vec<AllergenRef>,
}

/// A line as it was sold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PricedLine {
    pub product_id: u64,
    pub variant_id: Option<u64>,
    /// Product name plus the variant in brackets.
    pub name: String,
    pub unit_price_cents: i64,
    pub quantity: u32,
    pub extras: Vec<PricedExtra>,
    pub tax_basis_points: u32,
    pub allergens: Vec<AllergenRef>,
    pub total_cents: i64,
    /// The product's minimum age (see [`Product::age_restriction`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_restriction: Option<u8>,
    /// The deposit (Pfand) per unit: charged beside `total_cents`, not in it.
    #[serde(default, skip_serializing_if = "crate::domain::money::is_zero")]
    pub deposit_cents: i64,
    /// The line took its quantity from the product's daily stock, which a rejection
    /// gives back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub from_daily_stock: bool,
}

/// The deposit of all `lines`: each line's deposit times its quantity.
pub fn deposit_cents(lines: &[PricedLine]) -> i64 {
    lines.iter().map(PricedLine::deposit_total_cents).sum()
}

/// The highest minimum age among `lines`: what the customer must confirm and the driver
/// check.
pub fn age_restriction(lines: &[PricedLine]) -> Option<u8> {
    lines.iter().filter_map(|line| line.age_restriction).max()
}

impl PricedLine {
    pub fn deposit_total_cents(&self) -> i64 {
        self.deposit_cents * i64::from(self.quantity)
    }

    pub fn cart_line(&self) -> CartLine {
        CartLine {
            product_id: self.product_id,
            variant_id: self.variant_id,
            price_cents: self.unit_price_cents,
            extras: self
                .extras
                .iter()
                .map(|extra| CartExtra {
                    topping_id: extra.topping_id,
                    quantity: extra.quantity,
                    price_cents: extra.price_cents,
                })
                .collect(),
            quantity: self.quantity,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("The cart is empty.")]
    EmptyCart,
    #[error("An order may have at most {MAX_LINES} lines.")]
    TooManyLines,
    #[error("Product {0} is not on the menu.")]
    UnknownProduct(u64),
    #[error("{0} is sold out.")]
    SoldOut(String),
    #[error("{product} ({variant}) is sold out.")]
    VariantSoldOut { product: String, variant: String },
    #[error("{extra} is sold out ({product}).")]
    ExtraSoldOut { product: String, extra: String },
    #[error("Only {left} of {product} are left today.")]
    NotEnoughStock { product: String, left: u32 },
    #[error("Please choose a size or variant of {0}.")]
    VariantRequired(String),
    #[error("{product} has no variant {variant}.")]
    UnknownVariant { product: String, variant: u64 },
    #[error("{product} cannot have extra {topping}.")]
    UnknownExtra { product: String, topping: u64 },
    #[error("{product}: choose at least {min} from \"{group}\".")]
    TooFewExtras {
        product: String,
        group: String,
        min: u8,
    },
    #[error("{product}: choose at most {max} from \"{group}\".")]
    TooManyExtras {
        product: String,
        group: String,
        max: u8,
    },
    #[error("The quantity must be between 1 and {MAX_QUANTITY}.")]
    BadQuantity,
    #[error("An extra's quantity must be between 1 and {MAX_EXTRA_QUANTITY}.")]
    BadExtraQuantity,
}

impl LineError {
    /// The error code of a line the menu cannot sell as asked (the caller maps the
    /// malformed ones, empty cart and quantities, itself).
    pub fn code(&self) -> ErrorCode {
        match self {
            LineError::EmptyCart => ErrorCode::EmptyCart,
            LineError::TooManyLines | LineError::BadQuantity | LineError::BadExtraQuantity => {
                ErrorCode::Invalid
            }
            LineError::UnknownProduct(_) => ErrorCode::ProductUnavailable,
            LineError::SoldOut(_) => ErrorCode::SoldOut,
            LineError::VariantSoldOut { .. } => ErrorCode::VariantSoldOut,
            LineError::ExtraSoldOut { .. } => ErrorCode::ExtraSoldOut,
            LineError::NotEnoughStock { .. } => ErrorCode::NotEnoughStock,
            LineError::VariantRequired(_) => ErrorCode::VariantRequired,
            LineError::UnknownVariant { .. } => ErrorCode::VariantUnavailable,
            LineError::UnknownExtra { .. } => ErrorCode::ExtraUnavailable,
            LineError::TooFewExtras { .. } => ErrorCode::TooFewExtras,
            LineError::TooManyExtras { .. } => ErrorCode::TooManyExtras,
        }
    }

    /// The values the code's sentence names.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            LineError::SoldOut(product) | LineError::VariantRequired(product) => {
                vec![("product", product.clone())]
            }
            LineError::UnknownVariant { product, .. } | LineError::UnknownExtra { product, .. } => {
                vec![("product", product.clone())]
            }
            LineError::VariantSoldOut { product, variant } => {
                vec![("product", product.clone()), ("variant", variant.clone())]
            }
            LineError::ExtraSoldOut { product, extra } => {
                vec![("product", product.clone()), ("extra", extra.clone())]
            }
            LineError::NotEnoughStock { product, left } => {
                vec![("product", product.clone()), ("left", left.to_string())]
            }
            LineError::TooFewExtras {
                product,
                group,
                min,
            } => vec![
                ("product", product.clone()),
                ("group", group.clone()),
                ("min", min.to_string()),
            ],
            LineError::TooManyExtras {
                product,
                group,
                max,
            } => vec![
                ("product", product.clone()),
                ("group", group.clone()),
                ("max", max.to_string()),
            ],
            _ => Vec::new(),
        }
    }
}

fn codes(allergens: &[crate::domain::catalog::Allergy]) -> Vec<AllergenRef> {
    allergens
        .iter()
        .map(|allergy| AllergenRef {
            code: allergy.code.clone(),
            name: allergy.name.clone(),
        })
        .collect()
}

/// What decides besides the menu whether a line sells now: the clock (a sold-out mark
/// may have ended) and what the business day's orders took of the daily stocks.
#[derive(Debug, Clone, Copy)]
pub struct SaleCheck<'a> {
    pub now: DateTime<Utc>,
    pub stock: &'a StockLevels,
}

/// Prices every line against the current menu.
pub fn reprice(
    catalog: &Catalog,
    sale: SaleCheck<'_>,
    lines: &[LineRequest],
) -> Result<Vec<PricedLine>, LineError> {
    if lines.is_empty() {
        return Err(LineError::EmptyCart);
    }
    if lines.len() > MAX_LINES {
        return Err(LineError::TooManyLines);
    }
    // Only the products the lines name, each resolved once.
    let mut menu: HashMap<u64, MenuProduct> = HashMap::new();
    for line in lines {
        if !menu.contains_key(&line.product_id)
            && let Some(item) = menu_product(catalog, line.product_id)
        {
            menu.insert(line.product_id, item);
        }
    }
    let priced = lines
        .iter()
        .map(|line| price_line(&menu, sale, line))
        .collect::<Result<Vec<_>, _>>()?;
    check_stock(&menu, sale.stock, &priced)?;
    Ok(priced)
}

/// Refuses lines that together ask more of a product than its daily stock has left.
fn check_stock(
    menu: &HashMap<u64, MenuProduct>,
    stock: &StockLevels,
    lines: &[PricedLine],
) -> Result<(), LineError> {
    let mut wanted: BTreeMap<u64, u32> = BTreeMap::new();
    for line in lines.iter().filter(|line| line.from_daily_stock) {
        *wanted.entry(line.product_id).or_default() += line.quantity;
    }
    for (product_id, quantity) in wanted {
        let Some(item) = menu.get(&product_id) else {
            continue;
        };
        if let Some(left) = stock.left(&item.product)
            && quantity > left
        {
            return Err(LineError::NotEnoughStock {
                product: item.product.name.clone(),
                left,
            });
        }
    }
    Ok(())
}

fn price_line(
    menu: &HashMap<u64, MenuProduct>,
    sale: SaleCheck<'_>,
    line: &LineRequest,
) -> Result<PricedLine, LineError> {
    if !(1..=MAX_QUANTITY).contains(&line.quantity) {
        return Err(LineError::BadQuantity);
    }
    let item = menu
        .get(&line.product_id)
        .ok_or(LineError::UnknownProduct(line.product_id))?;
    let product = &item.product;
    if !sells_at(product.available, product.sold_out_until, sale.now)
        || sale.stock.exhausted(product)
    {
        return Err(LineError::SoldOut(product.name.clone()));
    }
    let (name, unit_price_cents) = match (product.kind, line.variant_id) {
        (ProductType::Simple, None) => (product.name.clone(), product.price_cents),
        (ProductType::Simple, Some(variant)) => {
            return Err(LineError::UnknownVariant {
                product: product.name.clone(),
                variant,
            });
        }
        (ProductType::Variable, None) => {
            return Err(LineError::VariantRequired(product.name.clone()));
        }
        (ProductType::Variable, Some(variant_id)) => {
            let variant = product
                .variants
                .iter()
                .find(|variant| variant.id == variant_id)
                .ok_or_else(|| LineError::UnknownVariant {
                    product: product.name.clone(),
                    variant: variant_id,
                })?;
            if !sells_at(variant.available, variant.sold_out_until, sale.now) {
                return Err(LineError::VariantSoldOut {
                    product: product.name.clone(),
                    variant: variant.name.clone(),
                });
            }
            (
                format!("{} ({})", product.name, variant.name),
                variant.price_cents,
            )
        }
    };
    let mut extras = Vec::new();
    let mut per_group: HashMap<u64, u32> = HashMap::new();
    for extra in &line.extras {
        if !(1..=MAX_EXTRA_QUANTITY).contains(&extra.quantity) {
            return Err(LineError::BadExtraQuantity);
        }
        let found = item.groups.iter().find_map(|group| {
            group
                .toppings
                .iter()
                .find(|topping| topping.topping.id == extra.topping_id)
                .map(|topping| (group, topping))
        });
        let Some((group, topping)) = found else {
            return Err(LineError::UnknownExtra {
                product: product.name.clone(),
                topping: extra.topping_id,
            });
        };
        if extras
            .iter()
            .any(|e: &PricedExtra| e.topping_id == extra.topping_id)
        {
            return Err(LineError::BadExtraQuantity);
        }
        if !sells_at(
            topping.topping.available,
            topping.topping.sold_out_until,
            sale.now,
        ) {
            return Err(LineError::ExtraSoldOut {
                product: product.name.clone(),
                extra: topping.topping.name.clone(),
            });
        }
        *per_group.entry(group.group.id).or_default() += extra.quantity;
        extras.push(PricedExtra {
            topping_id: extra.topping_id,
            name: topping.topping.name.clone(),
            price_cents: topping.price_cents,
            quantity: extra.quantity,
            allergens: codes(&topping.allergens),
        });
    }
    for group in &item.groups {
        let chosen = per_group.get(&group.group.id).copied().unwrap_or(0);
        if chosen < u32::from(group.group.min_selections) {
            return Err(LineError::TooFewExtras {
                product: product.name.clone(),
                group: group.group.name.clone(),
                min: group.group.min_selections,
            });
        }
        if chosen > u32::from(group.group.max_selections) {
            return Err(LineError::TooManyExtras {
                product: product.name.clone(),
                group: group.group.name.clone(),
                max: group.group.max_selections,
            });
        }
    }
    extras.sort_by_key(|extra| extra.topping_id);
    let mut priced = PricedLine {
        product_id: product.id,
        variant_id: line.variant_id,
        name,
        unit_price_cents,
        quantity: line.quantity,
        extras,
        tax_basis_points: item.tax.rate_basis_points,
        allergens: codes(&item.allergens),
        total_cents: 0,
        age_restriction: product.age_restriction,
        deposit_cents: product.labels_of(line.variant_id).0,
        from_daily_stock: product.daily_stock.is_some(),
    };
    priced.total_cents = priced.cart_line().total_cents();
    Ok(priced)
}

#[cfg(test)]
mod tests;
