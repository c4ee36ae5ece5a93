//! The menu as one document, for `heimservice menu export` and `menu import`: taxes,
//! toppings, topping groups and categories with their products, referring to each
//! other by key (taxes, toppings, groups) and to allergens by code. Importing makes the
//! catalog's menu equal to the document: entities are matched by name, so a product
//! keeps its id (and photo) and a variant its id, which open carts refer to; what the
//! document lacks is removed. Every record goes through the catalog's own rules.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::*;

pub const MENU_FORMAT: &str = "heimservice-menu/1";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MenuDocument {
    /// Always `heimservice-menu/1`.
    pub format: String,
    pub taxes: Vec<TaxDoc>,
    pub toppings: Vec<ToppingDoc>,
    pub topping_groups: Vec<GroupDoc>,
    pub categories: Vec<CategoryDoc>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaxDoc {
    pub key: String,
    pub name: String,
    /// 7 % is 700.
    pub rate_basis_points: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToppingDoc {
    pub key: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub price_cents: i64,
    /// Allergen and additive codes, e.g. `["G", "3"]`.
    #[serde(default)]
    pub allergens: Vec<String>,
    /// Declared to contain no labelled allergens or additives (with `allergens` empty);
    /// absent means "not yet labelled".
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_allergens: bool,
}

fn is_false(value: &bool) -> bool {
    !value
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDoc {
    pub key: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub min_selections: u8,
    pub max_selections: u8,
    pub items: Vec<GroupItemDoc>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupItemDoc {
    /// A topping's key.
    pub topping: String,
    pub price_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CategoryDoc {
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub description_en: Option<String>,
    pub sort_order: i32,
    pub visible: bool,
    pub products: Vec<ProductDoc>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProductDoc {
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub description_en: Option<String>,
    pub price_cents: i64,
    /// A tax's key.
    pub tax: String,
    pub sort_order: i32,
    pub available: bool,
    /// Sizes or kinds with their own price; empty for a simple product.
    #[serde(default)]
    pub variants: Vec<VariantDoc>,
    /// Topping groups' keys, in the order offered.
    #[serde(default)]
    pub topping_groups: Vec<String>,
    #[serde(default)]
    pub allergens: Vec<String>,
    /// As [`ToppingDoc::no_allergens`].
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_allergens: bool,
    /// Sold only to persons of at least this age (16 or 18).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_restriction: Option<u8>,
    /// The deposit (Pfand) per unit, charged beside the price (simple products).
    #[serde(default, skip_serializing_if = "crate::domain::money::is_zero")]
    pub deposit_cents: i64,
    /// The net content the unit price is computed from, e.g.
    /// `{"milli": 330, "unit": "l"}` for 0,33 l (simple products).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net_content: Option<NetContent>,
    /// How many are made a business day (see [`Product::daily_stock`]); absent: no
    /// limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily_stock: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantDoc {
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub price_cents: i64,
    /// As [`ProductDoc::deposit_cents`], for this variant.
    #[serde(default, skip_serializing_if = "crate::domain::money::is_zero")]
    pub deposit_cents: i64,
    /// As [`ProductDoc::net_content`], for this variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net_content: Option<NetContent>,
}

/// What an import changed, by kind: names created, changed and removed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MenuChanges {
    pub created: BTreeMap<String, Vec<String>>,
    pub changed: BTreeMap<String, Vec<String>>,
    pub removed: BTreeMap<String, Vec<String>>,
}

impl MenuChanges {
    fn note(map: &mut BTreeMap<String, Vec<String>>, kind: &str, name: &str) {
        map.entry(kind.to_string())
            .or_default()
            .push(name.to_string());
    }

    pub fn is_empty(&self) -> bool {
        self.created.is_empty() && self.changed.is_empty() && self.removed.is_empty()
    }
}

/// A key for a name: lower case, letters and digits joined by dashes, made unique.
fn key_for(name: &str, taken: &mut HashSet<String>) -> String {
    let base: String = name
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let base = if base.is_empty() { "item".into() } else { base };
    let mut key = base.clone();
    let mut n = 2;
    while !taken.insert(key.clone()) {
        key = format!("{base}-{n}");
        n += 1;
    }
    key
}

fn allergen_codes(catalog: &Catalog, item_type: ItemKind, item_id: u64) -> Vec<String> {
    let mut codes: Vec<String> = catalog
        .item_allergies
        .values()
        .filter(|link| link.item_type == item_type && link.item_id == item_id)
        .filter_map(|link| catalog.allergies.get(&link.allergy_id))
        .map(|allergy| allergy.code.clone())
        .collect();
    codes.sort_by_key(|code| allergy_order(code));
    codes
}

fn optional(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_string())
}

/// A distinct document key for each named record, by id.
fn keys_for<'a>(named: impl Iterator<Item = (u64, &'a str)>) -> HashMap<u64, String> {
    let mut taken = HashSet::new();
    named
        .map(|(id, name)| (id, key_for(name, &mut taken)))
        .collect()
}

/// The catalog's menu as a document.
pub fn export(catalog: &Catalog) -> MenuDocument {
    let tax_keys = keys_for(
        catalog
            .taxes
            .values()
            .map(|tax| (tax.id, tax.name.as_str())),
    );
    let topping_keys = keys_for(catalog.toppings.values().map(|t| (t.id, t.name.as_str())));
    let group_keys = keys_for(
        catalog
            .topping_groups
            .values()
            .map(|g| (g.id, g.name.as_str())),
    );
    let mut group_items: Vec<&GroupItem> = catalog.group_items.values().collect();
    group_items.sort_by_key(|item| (item.sort_order, item.id));
    let mut product_groups: Vec<&ProductGroup> = catalog.product_groups.values().collect();
    product_groups.sort_by_key(|link| (link.sort_order, link.id));
    let mut categories: Vec<&Category> = catalog.categories.values().collect();
    categories.sort_by_key(|c| (c.sort_order, c.id));
    MenuDocument {
        format: MENU_FORMAT.into(),
        taxes: catalog
            .taxes
            .values()
            .map(|tax| TaxDoc {
                key: tax_keys[&tax.id].clone(),
                name: tax.name.clone(),
                rate_basis_points: tax.rate_basis_points,
            })
            .collect(),
        toppings: catalog
            .toppings
            .values()
            .map(|t| {
                let allergens = allergen_codes(catalog, ItemKind::Topping, t.id);
                ToppingDoc {
                    key: topping_keys[&t.id].clone(),
                    name: t.name.clone(),
                    name_en: t.name_en.clone(),
                    price_cents: t.price_cents,
                    no_allergens: t.no_allergens && allergens.is_empty(),
                    allergens,
                }
            })
            .collect(),
        topping_groups: catalog
            .topping_groups
            .values()
            .map(|g| GroupDoc {
                key: group_keys[&g.id].clone(),
                name: g.name.clone(),
                name_en: g.name_en.clone(),
                min_selections: g.min_selections,
                max_selections: g.max_selections,
                items: group_items
                    .iter()
                    .filter(|item| item.topping_group_id == g.id)
                    .map(|item| GroupItemDoc {
                        topping: topping_keys[&item.topping_id].clone(),
                        price_cents: item.price_cents,
                    })
                    .collect(),
            })
            .collect(),
        categories: categories
            .into_iter()
            .map(|c| {
                let mut products: Vec<&Product> = catalog
                    .products
                    .values()
                    .filter(|p| p.category_id == c.id)
                    .collect();
                products.sort_by_key(|p| (p.sort_order, p.id));
                CategoryDoc {
                    name: c.name.clone(),
                    name_en: c.name_en.clone(),
                    description: optional(&c.description),
                    description_en: c.description_en.clone(),
                    sort_order: c.sort_order,
                    visible: c.visible,
                    products: products
                        .into_iter()
                        .map(|p| ProductDoc {
                            name: p.name.clone(),
                            name_en: p.name_en.clone(),
                            description: optional(&p.description),
                            description_en: p.description_en.clone(),
                            price_cents: p.price_cents,
                            tax: tax_keys[&p.tax_id].clone(),
                            sort_order: p.sort_order,
                            available: p.available,
                            variants: p
                                .variants
                                .iter()
                                .map(|v| VariantDoc {
                                    name: v.name.clone(),
                                    name_en: v.name_en.clone(),
                                    price_cents: v.price_cents,
                                    deposit_cents: v.deposit_cents,
                                    net_content: v.net_content,
                                })
                                .collect(),
                            topping_groups: product_groups
                                .iter()
                                .filter(|link| link.product_id == p.id)
                                .map(|link| group_keys[&link.topping_group_id].clone())
                                .collect(),
                            no_allergens: p.no_allergens
                                && allergen_codes(catalog, ItemKind::Product, p.id).is_empty(),
                            allergens: allergen_codes(catalog, ItemKind::Product, p.id),
                            age_restriction: p.age_restriction,
                            deposit_cents: p.deposit_cents,
                            net_content: p.net_content,
                            daily_stock: p.daily_stock,
                        })
                        .collect(),
                }
            })
            .collect(),
    }
}

/// An error at a place in the document, e.g. `categories[2].products[0].tax`.
fn at(path: String, error: CatalogError) -> CatalogError {
    match error {
        CatalogError::Invalid { field, message } => CatalogError::Invalid {
            field,
            message: format!("{path}.{field}: {message}"),
        },
        other => other,
    }
}

fn unknown(path: String, what: &str, key: &str) -> CatalogError {
    CatalogError::Invalid {
        field: "menu",
        message: format!("{path}: there is no {what} `{key}` in the document"),
    }
}

/// Updates the entity named `name` (by `find`) or creates it; notes the change.
fn upsert<E: Entity + Clone + PartialEq>(
    catalog: &mut Catalog,
    changes: &mut MenuChanges,
    kind: &str,
    name: &str,
    existing: Option<u64>,
    input: E::Input,
) -> Result<u64, CatalogError> {
    match existing {
        Some(id) => {
            let before = catalog.get::<E>(id)?.clone();
            let after = catalog.update::<E>(id, input)?;
            if after != before {
                MenuChanges::note(&mut changes.changed, kind, name);
            }
            Ok(id)
        }
        None => {
            let created = catalog.create::<E>(input)?;
            let id = E::collection(catalog)
                .iter()
                .rev()
                .find(|(_, entity)| **entity == created)
                .map(|(id, _)| *id)
                .ok_or(CatalogError::Invalid {
                    field: "menu",
                    message: format!("{kind} {name} was not stored"),
                })?;
            MenuChanges::note(&mut changes.created, kind, name);
            Ok(id)
        }
    }
}

/// The ids of one kind of entity by name.
fn ids_by_name<E: Entity>(catalog: &Catalog, name: impl Fn(&E) -> &String) -> HashMap<String, u64> {
    E::collection(catalog)
        .iter()
        .map(|(id, entity)| (name(entity).clone(), *id))
        .collect()
}

/// Updates or creates (matched by name) each entry of one section of the document;
/// answers the ids by the entries' keys. `kind` is (what it is, the section's name).
fn upsert_section<E: Entity, D>(
    catalog: &mut Catalog,
    changes: &mut MenuChanges,
    (kind, section): (&str, &str),
    entries: &[D],
    key_and_name: impl Fn(&D) -> (&String, &String),
    entity_name: impl Fn(&E) -> &String,
    input: impl Fn(&D) -> E::Input,
) -> Result<HashMap<String, u64>, CatalogError> {
    let existing = ids_by_name::<E>(catalog, entity_name);
    let mut ids = HashMap::new();
    for (i, entry) in entries.iter().enumerate() {
        let (key, name) = key_and_name(entry);
        let id = upsert::<E>(
            catalog,
            changes,
            kind,
            name,
            existing.get(name).copied(),
            input(entry),
        )
        .map_err(|e| at(format!("{section}[{i}]"), e))?;
        ids.insert(key.clone(), id);
    }
    Ok(ids)
}

/// Deletes the entities of one kind that the document did not keep.
fn remove_missing<E: Entity>(
    catalog: &mut Catalog,
    changes: &mut MenuChanges,
    kind: &str,
    kept: &HashSet<u64>,
    name: impl Fn(&E) -> &String,
) -> Result<(), CatalogError> {
    let gone: Vec<(u64, String)> = E::collection(catalog)
        .iter()
        .filter(|(id, _)| !kept.contains(id))
        .map(|(id, entity)| (*id, name(entity).clone()))
        .collect();
    for (id, gone_name) in gone {
        catalog.delete::<E>(id)?;
        MenuChanges::note(&mut changes.removed, kind, &gone_name);
    }
    Ok(())
}

/// Makes the catalog's menu equal to `document` (see the module comment). On an error
/// the catalog may be half-changed: callers apply this to a copy, or in a transaction
/// that the error aborts.
pub fn import(catalog: &mut Catalog, document: &MenuDocument) -> Result<MenuChanges, CatalogError> {
    if document.format != MENU_FORMAT {
        return Err(CatalogError::Invalid {
            field: "format",
            message: format!("must be \"{MENU_FORMAT}\", not \"{}\"", document.format),
        });
    }
    let mut changes = MenuChanges::default();
    let allergies: HashMap<String, u64> = catalog
        .allergies
        .values()
        .map(|a| (a.code.clone(), a.id))
        .collect();
    // Links are rebuilt from the document; their ids are referred to by nothing else.
    let links: Vec<u64> = catalog.item_allergies.keys().copied().collect();
    for id in links {
        catalog.delete::<ItemAllergy>(id)?;
    }
    let links: Vec<u64> = catalog.product_groups.keys().copied().collect();
    for id in links {
        catalog.delete::<ProductGroup>(id)?;
    }
    let links: Vec<u64> = catalog.group_items.keys().copied().collect();
    for id in links {
        catalog.delete::<GroupItem>(id)?;
    }

    let taxes = upsert_section::<Tax, _>(
        catalog,
        &mut changes,
        ("tax", "taxes"),
        &document.taxes,
        |tax| (&tax.key, &tax.name),
        |tax| &tax.name,
        |tax| TaxInput {
            name: tax.name.clone(),
            rate_basis_points: tax.rate_basis_points,
        },
    )?;
    let toppings = upsert_section::<Topping, _>(
        catalog,
        &mut changes,
        ("topping", "toppings"),
        &document.toppings,
        |topping| (&topping.key, &topping.name),
        |topping| &topping.name,
        |topping| ToppingInput {
            name: topping.name.clone(),
            name_en: topping.name_en.clone(),
            price_cents: topping.price_cents,
            no_allergens: Some(topping.no_allergens && topping.allergens.is_empty()),
            available: None,
        },
    )?;
    let groups = upsert_section::<ToppingGroup, _>(
        catalog,
        &mut changes,
        ("topping group", "topping_groups"),
        &document.topping_groups,
        |group| (&group.key, &group.name),
        |group| &group.name,
        |group| ToppingGroupInput {
            name: group.name.clone(),
            name_en: group.name_en.clone(),
            min_selections: group.min_selections,
            max_selections: group.max_selections,
        },
    )?;
    let existing = ids_by_name::<Category>(catalog, |c| &c.name);
    let existing_products = ids_by_name::<Product>(catalog, |p| &p.name);
    let mut kept_categories = HashSet::new();
    let mut kept_products = HashSet::new();
    let mut product_links = Vec::new();
    for (i, category) in document.categories.iter().enumerate() {
        let input = CategoryInput {
            name: category.name.clone(),
            name_en: category.name_en.clone(),
            description: category.description.clone(),
            description_en: category.description_en.clone(),
            sort_order: category.sort_order,
            visible: category.visible,
        };
        let category_id = upsert::<Category>(
            catalog,
            &mut changes,
            "category",
            &category.name,
            existing.get(&category.name).copied(),
            input,
        )
        .map_err(|e| at(format!("categories[{i}]"), e))?;
        kept_categories.insert(category_id);
        for (j, product) in category.products.iter().enumerate() {
            let path = format!("categories[{i}].products[{j}]");
            let tax_id = *taxes
                .get(&product.tax)
                .ok_or_else(|| unknown(format!("{path}.tax"), "tax", &product.tax))?;
            let current = existing_products.get(&product.name).copied();
            let old_variants: Vec<Variant> = current
                .and_then(|id| catalog.products.get(&id))
                .map(|p| p.variants.clone())
                .unwrap_or_default();
            let input = ProductInput {
                category_id,
                name: product.name.clone(),
                name_en: product.name_en.clone(),
                description: product.description.clone(),
                description_en: product.description_en.clone(),
                price_cents: product.price_cents,
                tax_id,
                kind: if product.variants.is_empty() {
                    ProductType::Simple
                } else {
                    ProductType::Variable
                },
                variants: product
                    .variants
                    .iter()
                    .map(|v| VariantInput {
                        id: old_variants
                            .iter()
                            .find(|old| old.name == v.name)
                            .map(|old| old.id),
                        name: v.name.clone(),
                        name_en: v.name_en.clone(),
                        price_cents: v.price_cents,
                        deposit_cents: v.deposit_cents,
                        net_content: v.net_content,
                        // Sold out is the day's state, not the menu's: kept as it is.
                        available: None,
                    })
                    .collect(),
                sort_order: product.sort_order,
                available: product.available,
                no_allergens: Some(product.no_allergens && product.allergens.is_empty()),
                age_restriction: product.age_restriction,
                deposit_cents: product.deposit_cents,
                net_content: product.net_content,
                daily_stock: product.daily_stock,
            };
            let id = upsert::<Product>(
                catalog,
                &mut changes,
                "product",
                &product.name,
                current,
                input,
            )
            .map_err(|e| at(path.clone(), e))?;
            kept_products.insert(id);
            product_links.push((path, id, product));
        }
    }

    // What the document no longer has goes, products first (they use the rest).
    remove_missing::<Product>(catalog, &mut changes, "product", &kept_products, |p| {
        &p.name
    })?;
    remove_missing::<Category>(catalog, &mut changes, "category", &kept_categories, |c| {
        &c.name
    })?;
    let kept: HashSet<u64> = groups.values().copied().collect();
    remove_missing::<ToppingGroup>(catalog, &mut changes, "topping group", &kept, |g| &g.name)?;
    let kept: HashSet<u64> = toppings.values().copied().collect();
    remove_missing::<Topping>(catalog, &mut changes, "topping", &kept, |t| &t.name)?;
    let kept: HashSet<u64> = taxes.values().copied().collect();
    remove_missing::<Tax>(catalog, &mut changes, "tax", &kept, |t| &t.name)?;

    // The links, as the document has them.
    let label =
        |catalog: &mut Catalog, path: &str, item_type: ItemKind, item_id: u64, codes: &[String]| {
            for code in codes {
                let allergy_id = *allergies
                    .get(code)
                    .ok_or_else(|| unknown(format!("{path}.allergens"), "allergen code", code))?;
                catalog
                    .create::<ItemAllergy>(ItemAllergyInput {
                        item_type,
                        item_id,
                        allergy_id,
                    })
                    .map_err(|e| at(path.to_string(), e))?;
            }
            Ok::<(), CatalogError>(())
        };
    for (i, topping) in document.toppings.iter().enumerate() {
        label(
            catalog,
            &format!("toppings[{i}]"),
            ItemKind::Topping,
            toppings[&topping.key],
            &topping.allergens,
        )?;
    }
    for (i, group) in document.topping_groups.iter().enumerate() {
        for (j, item) in group.items.iter().enumerate() {
            let path = format!("topping_groups[{i}].items[{j}]");
            let topping_id = *toppings
                .get(&item.topping)
                .ok_or_else(|| unknown(format!("{path}.topping"), "topping", &item.topping))?;
            catalog
                .create::<GroupItem>(GroupItemInput {
                    topping_group_id: groups[&group.key],
                    topping_id,
                    price_cents: item.price_cents,
                    sort_order: j as i32 * 10,
                })
                .map_err(|e| at(path, e))?;
        }
    }
    for (path, product_id, product) in product_links {
        for (k, key) in product.topping_groups.iter().enumerate() {
            let group_id = *groups
                .get(key)
                .ok_or_else(|| unknown(format!("{path}.topping_groups"), "topping group", key))?;
            catalog
                .create::<ProductGroup>(ProductGroupInput {
                    product_id,
                    topping_group_id: group_id,
                    sort_order: k as i32 * 10,
                })
                .map_err(|e| at(path.clone(), e))?;
        }
        label(
            catalog,
            &path,
            ItemKind::Product,
            product_id,
            &product.allergens,
        )?;
    }
    Ok(changes)
}

#[cfg(test)]
mod tests;
