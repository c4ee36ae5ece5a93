//! The menu as a spreadsheet: one row per product, or per variant of a product with
//! sizes, separated by `;` with prices like `8,90` (what German spreadsheet programs
//! write). Taxes, toppings and topping groups are referred to by name and must exist;
//! the CSV replaces the categories and products, everything else of the menu stays.
//! Reading it builds a [`MenuDocument`], so an import follows the same rules.

use std::collections::HashMap;

use super::menu_document::{CategoryDoc, MenuDocument, ProductDoc, VariantDoc};
use super::price_labels::{ContentUnit, MAX_CONTENT_MILLI, NetContent};

/// The columns before the deposit and the content were added: such a file still reads,
/// and its products keep the deposit and content they have.
const COLUMNS_BEFORE_DEPOSITS: usize = 12;

pub const COLUMNS: [&str; 14] = [
    "category",
    "product",
    "product_en",
    "variant",
    "variant_en",
    "price",
    "tax",
    "available",
    "allergens",
    "topping_groups",
    "description",
    "description_en",
    "deposit",
    "content",
];

fn euros(cents: i64) -> String {
    format!("{},{:02}", cents / 100, cents % 100)
}

/// `8,90`, `8.90`, `8` → cents.
fn parse_euros(text: &str) -> Option<i64> {
    let text = text.trim().replace(',', ".");
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    if whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) || fraction.len() > 2 {
        return None;
    }
    if !fraction.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(fraction)
}

/// `0,33 l`, `1.5 l`, `1 kg` → the net content.
fn parse_content(text: &str) -> Option<NetContent> {
    let (amount, unit) = text.trim().rsplit_once(' ')?;
    let unit = ContentUnit::parse(unit)?;
    let amount = amount.trim().replace(',', ".");
    let (whole, fraction) = amount.split_once('.').unwrap_or((&amount, ""));
    let digits = |part: &str| part.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
        return None;
    }
    let whole: u32 = whole.parse().ok()?;
    let fraction: u32 = format!("{fraction:0<3}").parse().ok()?;
    let milli = whole.checked_mul(1000)?.checked_add(fraction)?;
    (1..=MAX_CONTENT_MILLI)
        .contains(&milli)
        .then_some(NetContent { milli, unit })
}

fn list(items: &[String]) -> String {
    items.join(", ")
}

fn parse_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::to_string)
        .collect()
}

/// What the allergens cell says for a product declared free of them.
const NO_ALLERGENS_CELL: &str = "-";

/// The allergen codes, or `-` for "contains none"; empty means not yet labelled.
fn allergen_cell(product: &ProductDoc) -> String {
    if product.no_allergens && product.allergens.is_empty() {
        NO_ALLERGENS_CELL.to_string()
    } else {
        list(&product.allergens)
    }
}

/// `-`, `keine` or `none`: the product contains no labelled allergens.
fn declares_none(cell: &str) -> bool {
    let cell = cell.trim();
    cell == NO_ALLERGENS_CELL
        || cell.eq_ignore_ascii_case("keine")
        || cell.eq_ignore_ascii_case("none")
}

/// The document's categories and products as CSV.
pub fn to_csv(document: &MenuDocument) -> Result<String, String> {
    let tax_names: HashMap<&str, &str> = document
        .taxes
        .iter()
        .map(|t| (t.key.as_str(), t.name.as_str()))
        .collect();
    let group_names: HashMap<&str, &str> = document
        .topping_groups
        .iter()
        .map(|g| (g.key.as_str(), g.name.as_str()))
        .collect();
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b';')
        .from_writer(Vec::new());
    writer.write_record(COLUMNS).map_err(|e| e.to_string())?;
    for category in &document.categories {
        for product in &category.products {
            let groups: Vec<String> = product
                .topping_groups
                .iter()
                .map(|key| {
                    group_names
                        .get(key.as_str())
                        .unwrap_or(&key.as_str())
                        .to_string()
                })
                .collect();
            let tax = tax_names
                .get(product.tax.as_str())
                .unwrap_or(&product.tax.as_str())
                .to_string();
            type Row = (String, String, i64, i64, Option<NetContent>);
            let rows: Vec<Row> = if product.variants.is_empty() {
                vec![(
                    String::new(),
                    String::new(),
                    product.price_cents,
                    product.deposit_cents,
                    product.net_content,
                )]
            } else {
                product
                    .variants
                    .iter()
                    .map(|v| {
                        (
                            v.name.clone(),
                            v.name_en.clone().unwrap_or_default(),
                            v.price_cents,
                            v.deposit_cents,
                            v.net_content,
                        )
                    })
                    .collect()
            };
            for (variant, variant_en, price, deposit, content) in rows {
                let deposit = if deposit > 0 {
                    euros(deposit)
                } else {
                    String::new()
                };
                let content = content.map(NetContent::label).unwrap_or_default();
                writer
                    .write_record([
                        category.name.as_str(),
                        product.name.as_str(),
                        product.name_en.as_deref().unwrap_or(""),
                        variant.as_str(),
                        variant_en.as_str(),
                        euros(price).as_str(),
                        tax.as_str(),
                        if product.available { "yes" } else { "no" },
                        allergen_cell(product).as_str(),
                        list(&groups).as_str(),
                        product.description.as_deref().unwrap_or(""),
                        product.description_en.as_deref().unwrap_or(""),
                        deposit.as_str(),
                        content.as_str(),
                    ])
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    let bytes = writer.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// Where each product came from in the CSV, to name lines in later errors.
pub struct CsvMenu {
    pub document: MenuDocument,
    /// `categories[i].products[j]` → first line of that product.
    pub lines: HashMap<String, u64>,
}

/// Reads CSV rows into `current` (the shop's menu document): its categories and
/// products are replaced by the rows', the rest is kept. Errors name the line.
pub fn from_csv(text: &str, current: &MenuDocument) -> Result<CsvMenu, String> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .flexible(false)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| format!("line 1: {e}"))?
        .clone();
    let header: Vec<&str> = headers.iter().map(str::trim).collect();
    let labelled = header == COLUMNS;
    if !labelled && header != COLUMNS[..COLUMNS_BEFORE_DEPOSITS] {
        return Err(format!(
            "line 1: the columns must be {} (as `menu export --format csv` writes them)",
            COLUMNS.join(";")
        ));
    }
    let tax_keys: HashMap<&str, &str> = current
        .taxes
        .iter()
        .map(|t| (t.name.as_str(), t.key.as_str()))
        .collect();
    let group_keys: HashMap<&str, &str> = current
        .topping_groups
        .iter()
        .map(|g| (g.name.as_str(), g.key.as_str()))
        .collect();
    let old_categories: HashMap<&str, &CategoryDoc> = current
        .categories
        .iter()
        .map(|c| (c.name.as_str(), c))
        .collect();
    let mut categories: Vec<CategoryDoc> = Vec::new();
    let mut lines = HashMap::new();
    for record in reader.records() {
        let record = record.map_err(|e| match e.position() {
            Some(position) => format!("line {}: {e}", position.line()),
            None => e.to_string(),
        })?;
        let line = record.position().map_or(0, |p| p.line());
        let field = |index: usize| record.get(index).unwrap_or("").trim();
        let fail =
            |column: &str, problem: String| format!("line {line}, column {column}: {problem}");
        let (category, name) = (field(0), field(1));
        if category.is_empty() {
            return Err(fail("category", "must not be empty".into()));
        }
        if name.is_empty() {
            return Err(fail("product", "must not be empty".into()));
        }
        let price = parse_euros(field(5))
            .ok_or_else(|| fail("price", format!("`{}` is not a price like 8,90", field(5))))?;
        let deposit = if labelled {
            Some(match field(12) {
                "" => 0,
                text => parse_euros(text).ok_or_else(|| {
                    fail("deposit", format!("`{text}` is not an amount like 0,25"))
                })?,
            })
        } else {
            None
        };
        let content = if labelled {
            Some(match field(13) {
                "" => None,
                text => Some(parse_content(text).ok_or_else(|| {
                    fail(
                        "content",
                        format!("`{text}` is not a content like 0,33 l or 1 kg"),
                    )
                })?),
            })
        } else {
            None
        };
        let tax = *tax_keys
            .get(field(6))
            .ok_or_else(|| fail("tax", format!("there is no tax `{}` in the shop", field(6))))?;
        let available = match field(7).to_lowercase().as_str() {
            "yes" | "ja" | "true" | "1" | "" => true,
            "no" | "nein" | "false" | "0" => false,
            other => return Err(fail("available", format!("`{other}` is not yes or no"))),
        };
        let mut topping_groups = Vec::new();
        for group in parse_list(field(9)) {
            let key = group_keys.get(group.as_str()).ok_or_else(|| {
                fail(
                    "topping_groups",
                    format!("there is no topping group `{group}` in the shop"),
                )
            })?;
            topping_groups.push(key.to_string());
        }
        let optional = |text: &str| (!text.is_empty()).then(|| text.to_string());
        let category_index = match categories.iter().position(|c| c.name == category) {
            Some(index) => index,
            None => {
                let old = old_categories.get(category);
                let next_category_order = categories
                    .iter()
                    .map(|c| c.sort_order)
                    .chain(current.categories.iter().map(|c| c.sort_order))
                    .max()
                    .unwrap_or(0)
                    + 10;
                categories.push(CategoryDoc {
                    name: category.to_string(),
                    name_en: old.and_then(|c| c.name_en.clone()),
                    description: old.and_then(|c| c.description.clone()),
                    description_en: old.and_then(|c| c.description_en.clone()),
                    // Kept for a known category, so exporting and importing changes nothing.
                    sort_order: old.map_or(next_category_order, |c| c.sort_order),
                    visible: old.is_none_or(|c| c.visible),
                    products: Vec::new(),
                });
                categories.len() - 1
            }
        };
        let products = &mut categories[category_index].products;
        let variant = field(3);
        let existing = products.iter().position(|p| p.name == name);
        match (existing, variant.is_empty()) {
            (Some(index), false) if !products[index].variants.is_empty() => {
                let known = known_variant(&old_categories, category, name, variant);
                products[index].variants.push(VariantDoc {
                    name: variant.to_string(),
                    name_en: optional(field(4)),
                    price_cents: price,
                    deposit_cents: deposit.unwrap_or_else(|| known.map_or(0, |v| v.deposit_cents)),
                    net_content: content.unwrap_or_else(|| known.and_then(|v| v.net_content)),
                });
                products[index].price_cents = products[index].price_cents.min(price);
            }
            (Some(_), _) => {
                return Err(fail(
                    "product",
                    format!(
                        "`{name}` appears twice in `{category}`; only sizes (variant) may repeat a product"
                    ),
                ));
            }
            (None, _) => {
                lines.insert(
                    format!("categories[{category_index}].products[{}]", products.len()),
                    line,
                );
                let known = old_categories
                    .get(category)
                    .and_then(|c| c.products.iter().find(|p| p.name == name));
                let next_order = products.iter().map(|p| p.sort_order).max().unwrap_or(0) + 10;
                products.push(ProductDoc {
                    name: name.to_string(),
                    name_en: optional(field(2)),
                    description: optional(field(10)),
                    description_en: optional(field(11)),
                    price_cents: price,
                    tax: tax.to_string(),
                    sort_order: known.map_or(next_order, |p| p.sort_order),
                    available,
                    variants: if variant.is_empty() {
                        Vec::new()
                    } else {
                        let known = known_variant(&old_categories, category, name, variant);
                        vec![VariantDoc {
                            name: variant.to_string(),
                            name_en: optional(field(4)),
                            price_cents: price,
                            deposit_cents: deposit
                                .unwrap_or_else(|| known.map_or(0, |v| v.deposit_cents)),
                            net_content: content
                                .unwrap_or_else(|| known.and_then(|v| v.net_content)),
                        }]
                    },
                    topping_groups,
                    no_allergens: declares_none(field(8)),
                    allergens: if declares_none(field(8)) {
                        Vec::new()
                    } else {
                        parse_list(field(8))
                    },
                    // The spreadsheet has no column for it: a known product keeps its age.
                    age_restriction: known.and_then(|p| p.age_restriction),
                    // A product with sizes keeps them on its variants.
                    deposit_cents: if variant.is_empty() {
                        deposit.unwrap_or_else(|| known.map_or(0, |p| p.deposit_cents))
                    } else {
                        0
                    },
                    net_content: if variant.is_empty() {
                        content.unwrap_or_else(|| known.and_then(|p| p.net_content))
                    } else {
                        None
                    },
                    // No column either: a known product keeps its daily stock.
                    daily_stock: known.and_then(|p| p.daily_stock),
                });
            }
        }
    }
    let mut document = current.clone();
    document.categories = categories;
    Ok(CsvMenu { document, lines })
}

/// The variant an older file's row refers to, to keep what the file has no column for.
fn known_variant<'a>(
    old_categories: &HashMap<&str, &'a CategoryDoc>,
    category: &str,
    product: &str,
    variant: &str,
) -> Option<&'a VariantDoc> {
    old_categories
        .get(category)?
        .products
        .iter()
        .find(|p| p.name == product)?
        .variants
        .iter()
        .find(|v| v.name == variant)
}

/// Rewrites `categories[i].products[j]` in an import error to the CSV line.
pub fn name_line(error: &str, lines: &HashMap<String, u64>) -> String {
    for (path, line) in lines {
        // With the dot, `products[1]` never matches inside `products[10]`.
        let place = format!("{path}.");
        if error.contains(&place) {
            return error.replacen(&place, &format!("line {line}, "), 1);
        }
    }
    error.to_string()
}

#[cfg(test)]
mod tests {
    use super::super::menu_document::export;
    use super::*;
    use crate::db::demo_seed_catalog;

    #[test]
    fn csv_round_trips_the_menu() {
        let document = export(&demo_seed_catalog());
        let csv = to_csv(&document).unwrap();
        assert!(csv.starts_with("category;product;product_en;variant;"));
        let back = from_csv(&csv, &document).unwrap().document;
        let names = |d: &MenuDocument| -> Vec<(String, Vec<String>, i64)> {
            d.categories
                .iter()
                .flat_map(|c| c.products.iter())
                .map(|p| {
                    (
                        p.name.clone(),
                        p.variants
                            .iter()
                            .map(|v| format!("{}={}", v.name, v.price_cents))
                            .collect(),
                        p.price_cents,
                    )
                })
                .collect()
        };
        assert_eq!(names(&back), names(&document));
        let mut catalog = demo_seed_catalog();
        let changes = super::super::menu_document::import(&mut catalog, &back).unwrap();
        assert!(
            changes.is_empty(),
            "importing the export changes nothing: {changes:?}"
        );
        assert_eq!(
            to_csv(&back).unwrap(),
            csv,
            "writing it again gives the same file"
        );
    }

    #[test]
    fn contains_none_is_a_dash_and_an_empty_cell_is_not_yet_labelled() {
        let mut document = export(&demo_seed_catalog());
        // One product declared free of allergens, one not labelled yet.
        let products = &mut document.categories[0].products;
        products[0].allergens.clear();
        products[0].no_allergens = true;
        products[1].allergens.clear();
        products[1].no_allergens = false;
        let csv = to_csv(&document).unwrap();
        assert!(csv.contains(";yes;-;"), "{csv}");
        let back = from_csv(&csv, &document).unwrap().document;
        let marks = |d: &MenuDocument| -> Vec<(String, bool, Vec<String>)> {
            d.categories
                .iter()
                .flat_map(|c| c.products.iter())
                .map(|p| (p.name.clone(), p.no_allergens, p.allergens.clone()))
                .collect()
        };
        assert_eq!(marks(&back), marks(&document));
        for cell in ["-", "keine", "none", " Keine "] {
            assert!(declares_none(cell), "{cell}");
        }
        assert!(!declares_none(""));
        assert!(!declares_none("A, G"));
    }

    #[test]
    fn a_bad_row_names_its_line_and_column() {
        let document = export(&demo_seed_catalog());
        let mut csv = to_csv(&document).unwrap();
        csv.push_str("Pizza;Pizza Neu;;;;acht;Speisen 7 %;yes;;;;;;\n");
        let error = from_csv(&csv, &document).err().unwrap();
        let last_line = csv.lines().count();
        assert_eq!(
            error,
            format!("line {last_line}, column price: `acht` is not a price like 8,90")
        );
        let csv = csv.replace(";acht;Speisen 7 %;", ";8,50;Steuerfrei;");
        let error = from_csv(&csv, &document).err().unwrap();
        assert!(
            error.contains("column tax: there is no tax `Steuerfrei`"),
            "{error}"
        );
    }

    #[test]
    fn import_errors_point_at_csv_lines() {
        let lines = HashMap::from([
            ("categories[0].products[1]".to_string(), 3),
            ("categories[0].products[10]".to_string(), 12),
        ]);
        assert_eq!(
            name_line(
                "categories[0].products[10].tax: there is no tax `x`",
                &lines
            ),
            "line 12, tax: there is no tax `x`"
        );
        assert_eq!(name_line("something else", &lines), "something else");
    }

    fn labels(d: &MenuDocument) -> Vec<(String, i64, Option<NetContent>)> {
        d.categories
            .iter()
            .flat_map(|c| c.products.iter())
            .flat_map(|p| {
                let own = (p.name.clone(), p.deposit_cents, p.net_content);
                std::iter::once(own).chain(p.variants.iter().map(|v| {
                    (
                        format!("{} ({})", p.name, v.name),
                        v.deposit_cents,
                        v.net_content,
                    )
                }))
            })
            .collect()
    }

    #[test]
    fn deposits_and_contents_round_trip_and_an_older_file_keeps_them() {
        let document = export(&demo_seed_catalog());
        let csv = to_csv(&document).unwrap();
        assert!(csv.contains(";0,25;0,33 l\n"), "{csv}");
        let back = from_csv(&csv, &document).unwrap().document;
        assert_eq!(labels(&back), labels(&document));
        assert!(
            labels(&document).iter().any(|(_, deposit, _)| *deposit > 0),
            "the demo sells drinks with a deposit"
        );
        // A file written before the two columns existed.
        let older: String = csv
            .lines()
            .map(|line| {
                let cells: Vec<&str> = line.split(';').collect();
                format!("{}\n", cells[..COLUMNS_BEFORE_DEPOSITS].join(";"))
            })
            .collect();
        let back = from_csv(&older, &document).unwrap().document;
        assert_eq!(labels(&back), labels(&document));
        // Wrong cells name their column.
        let bad = csv.replacen(";0,25;0,33 l\n", ";25 ct;0,33 l\n", 1);
        let error = from_csv(&bad, &document).err().unwrap();
        assert!(
            error.contains("column deposit: `25 ct` is not an amount like 0,25"),
            "{error}"
        );
        let bad = csv.replacen(";0,25;0,33 l\n", ";0,25;0,33 Liter\n", 1);
        let error = from_csv(&bad, &document).err().unwrap();
        assert!(
            error.contains("column content: `0,33 Liter` is not a content like 0,33 l or 1 kg"),
            "{error}"
        );
    }

    #[test]
    fn contents_read_in_litres_or_kilograms() {
        let litres = |milli| {
            Some(NetContent {
                milli,
                unit: ContentUnit::L,
            })
        };
        assert_eq!(parse_content("0,33 l"), litres(330));
        assert_eq!(parse_content("1.5 l"), litres(1500));
        assert_eq!(
            parse_content("1 kg"),
            Some(NetContent {
                milli: 1000,
                unit: ContentUnit::Kg
            })
        );
        assert_eq!(parse_content("0,3333 l"), None);
        assert_eq!(parse_content("0 l"), None);
        assert_eq!(parse_content("1 Liter"), None);
        assert_eq!(parse_content("l"), None);
    }

    #[test]
    fn prices_read_with_comma_or_dot() {
        assert_eq!(parse_euros("8,90"), Some(890));
        assert_eq!(parse_euros("8.9"), Some(890));
        assert_eq!(parse_euros("12"), Some(1200));
        assert_eq!(parse_euros("-1"), None);
        assert_eq!(parse_euros("1,234"), None);
    }
}
