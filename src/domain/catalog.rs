//! The menu as the restaurant defines it: taxes, categories and products.

use serde::{Deserialize, Serialize};

/// A VAT rate. German menus use 7 % (food) and 19 % (drinks, delivery).
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
pub enum ProductKind {
    /// One price.
    Simple,
    /// Priced by variant (e.g. pizza sizes); the customer must pick one.
    Variable,
}

/// One choice of a variable product, e.g. "Ø 32 cm".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    pub id: u64,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub price_cents: i64,
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
    pub kind: ProductKind,
    #[serde(default)]
    pub variants: Vec<Variant>,
    pub sort_order: i32,
    pub available: bool,
}

/// Orders categories the way the storefront lists them: by sort order, then id.
pub fn sort_categories(categories: &mut [Category]) {
    categories.sort_by_key(|category| (category.sort_order, category.id));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn category(id: u64, sort_order: i32) -> Category {
        Category {
            id,
            name: format!("c{id}"),
            name_en: None,
            description: String::new(),
            description_en: None,
            sort_order,
            visible: true,
        }
    }

    #[test]
    fn categories_sort_by_sort_order_then_id() {
        let mut categories = vec![category(3, 2), category(1, 5), category(2, 2)];
        sort_categories(&mut categories);
        let ids: Vec<u64> = categories.iter().map(|c| c.id).collect();
        assert_eq!(ids, vec![2, 3, 1]);
    }

    #[test]
    fn tax_percentage_keeps_fractional_rates() {
        let tax = Tax {
            id: 1,
            name: "CH".into(),
            rate_basis_points: 810,
        };
        assert!((tax.percentage() - 8.1).abs() < f64::EPSILON);
    }
}
