//! The menu as customers see it: visible categories, and their products with tax,
//! allergens and the topping groups they offer, resolved from the catalog's links.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct MenuTopping {
    pub topping: Topping,
    /// The price in this group (the group item's price).
    pub price_cents: i64,
    pub allergens: Vec<Allergy>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MenuGroup {
    pub group: ToppingGroup,
    pub toppings: Vec<MenuTopping>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MenuProduct {
    pub product: Product,
    pub tax: Tax,
    pub allergens: Vec<Allergy>,
    pub groups: Vec<MenuGroup>,
}

/// Visible categories in menu order.
pub fn visible_categories(catalog: &Catalog) -> Vec<&Category> {
    let mut categories: Vec<&Category> =
        catalog.categories.values().filter(|c| c.visible).collect();
    categories.sort_by_key(|c| (c.sort_order, c.id));
    categories
}

/// Products of visible categories, in menu order (category, then product order).
/// Sold-out products are included: the storefront shows them greyed out. Products and
/// toppings without allergen labels are not.
pub fn menu_products(catalog: &Catalog) -> Vec<MenuProduct> {
    let mut products = Vec::new();
    for category in visible_categories(catalog) {
        let mut in_category: Vec<&Product> = catalog
            .products
            .values()
            .filter(|p| p.category_id == category.id)
            .collect();
        in_category.sort_by_key(|p| (p.sort_order, p.id));
        products.extend(in_category.into_iter().filter_map(|p| resolve(catalog, p)));
    }
    products
}

/// One product as [`menu_products`] lists it, or `None` when the menu does not list it
/// (no such product, its category hidden, its tax missing, or no allergen labels). Pricing an order needs
/// only its own products, not the whole menu.
pub fn menu_product(catalog: &Catalog, product_id: u64) -> Option<MenuProduct> {
    let product = catalog.products.get(&product_id)?;
    catalog
        .categories
        .get(&product.category_id)
        .filter(|category| category.visible)?;
    resolve(catalog, product)
}

fn resolve(catalog: &Catalog, product: &Product) -> Option<MenuProduct> {
    let tax = catalog.taxes.get(&product.tax_id)?;
    let allergens = allergens_of(catalog, ItemKind::Product, product.id);
    if !labelled(&allergens, product.no_allergens) {
        return None;
    }
    Some(MenuProduct {
        product: product.clone(),
        tax: tax.clone(),
        allergens,
        groups: groups_of(catalog, product.id),
    })
}

/// German law wants allergens and additives declared: an item is sold only with its
/// codes, or marked as containing none (the readiness check lists the others).
fn labelled(allergens: &[Allergy], no_allergens: bool) -> bool {
    no_allergens || !allergens.is_empty()
}

fn allergens_of(catalog: &Catalog, item_type: ItemKind, item_id: u64) -> Vec<Allergy> {
    let mut allergens: Vec<Allergy> = catalog
        .item_allergies
        .values()
        .filter(|link| link.item_type == item_type && link.item_id == item_id)
        .filter_map(|link| catalog.allergies.get(&link.allergy_id).cloned())
        .collect();
    allergens.sort_by_key(|allergy| allergy_order(&allergy.code));
    allergens
}

/// Letters (allergens) before numbers (additives), numbers numerically.
pub fn allergy_order(code: &str) -> (bool, u32, String) {
    match code.parse::<u32>() {
        Ok(number) => (true, number, String::new()),
        Err(_) => (false, 0, code.to_string()),
    }
}

fn groups_of(catalog: &Catalog, product_id: u64) -> Vec<MenuGroup> {
    let mut links: Vec<&ProductGroup> = catalog
        .product_groups
        .values()
        .filter(|link| link.product_id == product_id)
        .collect();
    links.sort_by_key(|link| (link.sort_order, link.id));
    links
        .into_iter()
        .filter_map(|link| catalog.topping_groups.get(&link.topping_group_id))
        .map(|group| {
            let mut items: Vec<&GroupItem> = catalog
                .group_items
                .values()
                .filter(|item| item.topping_group_id == group.id)
                .collect();
            items.sort_by_key(|item| (item.sort_order, item.id));
            MenuGroup {
                group: group.clone(),
                toppings: items
                    .into_iter()
                    .filter_map(|item| {
                        let topping = catalog.toppings.get(&item.topping_id)?;
                        let allergens = allergens_of(catalog, ItemKind::Topping, topping.id);
                        labelled(&allergens, topping.no_allergens).then(|| MenuTopping {
                            topping: topping.clone(),
                            price_cents: item.price_cents,
                            allergens,
                        })
                    })
                    .collect(),
            }
        })
        .collect()
}
