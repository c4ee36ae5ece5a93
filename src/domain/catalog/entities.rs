//! Each entity's rules: how input becomes a record, and what a delete must respect.

use std::collections::BTreeMap;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::price_labels;
use super::validate::{self, MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, MAX_SELECTIONS, MAX_VARIANTS};
use super::*;

pub trait Entity: Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    type Input;
    /// For messages: "there is no tax with id 3".
    const KIND: &'static str;
    fn collection(catalog: &Catalog) -> &BTreeMap<u64, Self>;
    fn collection_mut(catalog: &mut Catalog) -> &mut BTreeMap<u64, Self>;
    /// Validates `input` against the catalog and builds the record.
    fn build(
        catalog: &mut Catalog,
        id: u64,
        input: Self::Input,
        previous: Option<Self>,
    ) -> Result<Self, CatalogError>;
    /// Refuses a delete while others use the record; removes what belongs only to it.
    /// Links (group items, product groups, item allergies, banners) need nothing.
    fn before_delete(_catalog: &mut Catalog, _id: u64) -> Result<(), CatalogError> {
        Ok(())
    }
}

macro_rules! collection {
    ($field:ident) => {
        fn collection(catalog: &Catalog) -> &BTreeMap<u64, Self> {
            &catalog.$field
        }
        fn collection_mut(catalog: &mut Catalog) -> &mut BTreeMap<u64, Self> {
            &mut catalog.$field
        }
    };
}

fn reference<E: Entity>(
    catalog: &Catalog,
    field: &'static str,
    id: u64,
) -> Result<(), CatalogError> {
    if E::collection(catalog).contains_key(&id) {
        Ok(())
    } else {
        Err(CatalogError::invalid(
            field,
            format!("there is no {} with id {id}", E::KIND),
        ))
    }
}

fn in_use(what: &str, users: &str, names: Vec<&str>) -> Result<(), CatalogError> {
    if names.is_empty() {
        return Ok(());
    }
    Err(CatalogError::InUse(format!(
        "{what} is still used by {} {users}: {}. Change or delete those first.",
        names.len(),
        validate::name_list(names.into_iter())
    )))
}

impl Entity for Tax {
    type Input = TaxInput;
    const KIND: &'static str = "tax";
    collection!(taxes);

    fn build(
        _: &mut Catalog,
        id: u64,
        input: TaxInput,
        _: Option<Tax>,
    ) -> Result<Tax, CatalogError> {
        if input.rate_basis_points > 10_000 {
            return Err(CatalogError::invalid(
                "percentage",
                "must be between 0 and 100",
            ));
        }
        Ok(Tax {
            id,
            name: validate::name("name", &input.name)?,
            rate_basis_points: input.rate_basis_points,
        })
    }

    fn before_delete(catalog: &mut Catalog, id: u64) -> Result<(), CatalogError> {
        let tax = catalog.get::<Tax>(id)?.name.clone();
        let users = catalog.products.values().filter(|p| p.tax_id == id);
        in_use(
            &format!("The tax “{tax}”"),
            "products",
            users.map(|p| p.name.as_str()).collect(),
        )
    }
}

impl Entity for Category {
    type Input = CategoryInput;
    const KIND: &'static str = "category";
    collection!(categories);

    fn build(
        _: &mut Catalog,
        id: u64,
        input: CategoryInput,
        _: Option<Category>,
    ) -> Result<Category, CatalogError> {
        Ok(Category {
            id,
            name: validate::name("name", &input.name)?,
            name_en: validate::optional_text("name_en", input.name_en.as_deref(), MAX_NAME_CHARS)?,
            description: validate::optional_text(
                "description",
                input.description.as_deref(),
                MAX_DESCRIPTION_CHARS,
            )?
            .unwrap_or_default(),
            description_en: validate::optional_text(
                "description_en",
                input.description_en.as_deref(),
                MAX_DESCRIPTION_CHARS,
            )?,
            sort_order: validate::sort_order(input.sort_order)?,
            visible: input.visible,
        })
    }

    fn before_delete(catalog: &mut Catalog, id: u64) -> Result<(), CatalogError> {
        let category = catalog.get::<Category>(id)?.name.clone();
        let users = catalog.products.values().filter(|p| p.category_id == id);
        in_use(
            &format!("The category “{category}”"),
            "products",
            users.map(|p| p.name.as_str()).collect(),
        )
    }
}

impl Entity for Product {
    type Input = ProductInput;
    const KIND: &'static str = "product";
    collection!(products);

    fn build(
        catalog: &mut Catalog,
        id: u64,
        input: ProductInput,
        previous: Option<Product>,
    ) -> Result<Product, CatalogError> {
        reference::<Category>(catalog, "category_id", input.category_id)?;
        reference::<Tax>(catalog, "tax_id", input.tax_id)?;
        let name = validate::name("name", &input.name)?;
        let previous_variants: Vec<u64> = previous
            .as_ref()
            .map(|p| p.variants.iter().map(|v| v.id).collect())
            .unwrap_or_default();
        let (variants, price_cents) = match input.kind {
            ProductType::Simple => {
                if !input.variants.is_empty() {
                    return Err(CatalogError::invalid(
                        "variants",
                        "a simple product has no variants",
                    ));
                }
                (Vec::new(), validate::price("price", input.price_cents)?)
            }
            ProductType::Variable if input.deposit_cents != 0 => {
                return Err(CatalogError::invalid(
                    "deposit",
                    "a variable product keeps its deposit on each variant",
                ));
            }
            ProductType::Variable if input.net_content.is_some() => {
                return Err(CatalogError::invalid(
                    "net_content",
                    "a variable product keeps its net content on each variant",
                ));
            }
            ProductType::Variable => {
                if input.variants.is_empty() {
                    return Err(CatalogError::invalid(
                        "variants",
                        "a variable product needs at least one variant",
                    ));
                }
                if input.variants.len() > MAX_VARIANTS {
                    return Err(CatalogError::invalid(
                        "variants",
                        format!("at most {MAX_VARIANTS} variants"),
                    ));
                }
                let mut variants = Vec::with_capacity(input.variants.len());
                for variant in input.variants {
                    let variant_id = match variant.id {
                        Some(existing) if previous_variants.contains(&existing) => existing,
                        Some(unknown) => {
                            return Err(CatalogError::invalid(
                                "variants",
                                format!("variant {unknown} does not belong to this product"),
                            ));
                        }
                        None => catalog.allocate_id(),
                    };
                    if variants.iter().any(|v: &Variant| v.id == variant_id) {
                        return Err(CatalogError::invalid(
                            "variants",
                            format!("variant {variant_id} is listed twice"),
                        ));
                    }
                    // Left out, a kept variant keeps its mark; still sold out, it keeps
                    // when the mark ends.
                    let kept = previous
                        .as_ref()
                        .and_then(|p| p.variants.iter().find(|v| v.id == variant_id));
                    let available = variant
                        .available
                        .unwrap_or_else(|| kept.is_none_or(|v| v.available));
                    variants.push(Variant {
                        available,
                        sold_out_until: kept
                            .filter(|v| !available && !v.available)
                            .and_then(|v| v.sold_out_until),
                        id: variant_id,
                        name: validate::name("variants", &variant.name)?,
                        name_en: validate::optional_text(
                            "variants",
                            variant.name_en.as_deref(),
                            MAX_NAME_CHARS,
                        )?,
                        price_cents: validate::price("variants", variant.price_cents)?,
                        deposit_cents: price_labels::deposit("variants", variant.deposit_cents)?,
                        net_content: price_labels::net_content("variants", variant.net_content)?,
                    });
                }
                let lowest = variants.iter().map(|v| v.price_cents).min().unwrap_or(0);
                (variants, lowest)
            }
        };
        let no_allergens = input
            .no_allergens
            .unwrap_or_else(|| previous.as_ref().is_some_and(|p| p.no_allergens));
        // A product still sold out keeps when its mark ends; on sale, it has none.
        let sold_out_until = previous
            .as_ref()
            .filter(|p| !input.available && !p.available)
            .and_then(|p| p.sold_out_until);
        Ok(Product {
            id,
            category_id: input.category_id,
            name,
            name_en: validate::optional_text("name_en", input.name_en.as_deref(), MAX_NAME_CHARS)?,
            description: validate::optional_text(
                "description",
                input.description.as_deref(),
                MAX_DESCRIPTION_CHARS,
            )?
            .unwrap_or_default(),
            description_en: validate::optional_text(
                "description_en",
                input.description_en.as_deref(),
                MAX_DESCRIPTION_CHARS,
            )?,
            price_cents,
            tax_id: input.tax_id,
            kind: input.kind,
            variants,
            sort_order: validate::sort_order(input.sort_order)?,
            available: input.available,
            sold_out_until,
            daily_stock: stock::daily_stock("daily_stock", input.daily_stock)?,
            image_key: previous.and_then(|p| p.image_key),
            no_allergens,
            age_restriction: validate::age_restriction(input.age_restriction)?,
            deposit_cents: price_labels::deposit("deposit", input.deposit_cents)?,
            net_content: price_labels::net_content("net_content", input.net_content)?,
        })
    }

    fn before_delete(catalog: &mut Catalog, id: u64) -> Result<(), CatalogError> {
        catalog
            .product_groups
            .retain(|_, link| link.product_id != id);
        catalog
            .item_allergies
            .retain(|_, link| !(link.item_type == ItemKind::Product && link.item_id == id));
        Ok(())
    }
}

impl Entity for Topping {
    type Input = ToppingInput;
    const KIND: &'static str = "topping";
    collection!(toppings);

    fn build(
        _: &mut Catalog,
        id: u64,
        input: ToppingInput,
        previous: Option<Topping>,
    ) -> Result<Topping, CatalogError> {
        // Left out, the topping keeps its mark (as a variant does).
        let available = input
            .available
            .unwrap_or_else(|| previous.as_ref().is_none_or(|t| t.available));
        Ok(Topping {
            id,
            name: validate::name("name", &input.name)?,
            name_en: validate::optional_text("name_en", input.name_en.as_deref(), MAX_NAME_CHARS)?,
            price_cents: validate::price("price", input.price_cents)?,
            no_allergens: input
                .no_allergens
                .unwrap_or_else(|| previous.as_ref().is_some_and(|t| t.no_allergens)),
            available,
            sold_out_until: previous
                .filter(|t| !available && !t.available)
                .and_then(|t| t.sold_out_until),
        })
    }

    fn before_delete(catalog: &mut Catalog, id: u64) -> Result<(), CatalogError> {
        let topping = catalog.get::<Topping>(id)?.name.clone();
        let groups: Vec<&str> = catalog
            .group_items
            .values()
            .filter(|item| item.topping_id == id)
            .filter_map(|item| catalog.topping_groups.get(&item.topping_group_id))
            .map(|group| group.name.as_str())
            .collect();
        in_use(
            &format!("The topping “{topping}”"),
            "topping groups",
            groups,
        )?;
        catalog
            .item_allergies
            .retain(|_, link| !(link.item_type == ItemKind::Topping && link.item_id == id));
        Ok(())
    }
}

impl Entity for ToppingGroup {
    type Input = ToppingGroupInput;
    const KIND: &'static str = "topping group";
    collection!(topping_groups);

    fn build(
        _: &mut Catalog,
        id: u64,
        input: ToppingGroupInput,
        _: Option<ToppingGroup>,
    ) -> Result<ToppingGroup, CatalogError> {
        if input.max_selections == 0 || input.max_selections > MAX_SELECTIONS {
            return Err(CatalogError::invalid(
                "max_selections",
                format!("must be between 1 and {MAX_SELECTIONS}"),
            ));
        }
        if input.min_selections > input.max_selections {
            return Err(CatalogError::invalid(
                "min_selections",
                "must not be more than max_selections",
            ));
        }
        Ok(ToppingGroup {
            id,
            name: validate::name("name", &input.name)?,
            name_en: validate::optional_text("name_en", input.name_en.as_deref(), MAX_NAME_CHARS)?,
            min_selections: input.min_selections,
            max_selections: input.max_selections,
        })
    }

    fn before_delete(catalog: &mut Catalog, id: u64) -> Result<(), CatalogError> {
        let group = catalog.get::<ToppingGroup>(id)?.name.clone();
        let products: Vec<&str> = catalog
            .product_groups
            .values()
            .filter(|link| link.topping_group_id == id)
            .filter_map(|link| catalog.products.get(&link.product_id))
            .map(|product| product.name.as_str())
            .collect();
        in_use(
            &format!("The topping group “{group}”"),
            "products",
            products,
        )?;
        catalog
            .group_items
            .retain(|_, item| item.topping_group_id != id);
        Ok(())
    }
}

impl Entity for GroupItem {
    type Input = GroupItemInput;
    const KIND: &'static str = "group item";
    collection!(group_items);

    fn build(
        catalog: &mut Catalog,
        id: u64,
        input: GroupItemInput,
        _: Option<GroupItem>,
    ) -> Result<GroupItem, CatalogError> {
        reference::<ToppingGroup>(catalog, "topping_group_id", input.topping_group_id)?;
        reference::<Topping>(catalog, "topping_id", input.topping_id)?;
        let duplicate = catalog.group_items.values().any(|item| {
            item.id != id
                && item.topping_group_id == input.topping_group_id
                && item.topping_id == input.topping_id
        });
        if duplicate {
            return Err(CatalogError::Duplicate(
                "This topping is already in that group.".into(),
            ));
        }
        Ok(GroupItem {
            id,
            topping_group_id: input.topping_group_id,
            topping_id: input.topping_id,
            price_cents: validate::price("price", input.price_cents)?,
            sort_order: validate::sort_order(input.sort_order)?,
        })
    }
}

impl Entity for ProductGroup {
    type Input = ProductGroupInput;
    const KIND: &'static str = "product group";
    collection!(product_groups);

    fn build(
        catalog: &mut Catalog,
        id: u64,
        input: ProductGroupInput,
        _: Option<ProductGroup>,
    ) -> Result<ProductGroup, CatalogError> {
        reference::<Product>(catalog, "product_id", input.product_id)?;
        reference::<ToppingGroup>(catalog, "topping_group_id", input.topping_group_id)?;
        let duplicate = catalog.product_groups.values().any(|link| {
            link.id != id
                && link.product_id == input.product_id
                && link.topping_group_id == input.topping_group_id
        });
        if duplicate {
            return Err(CatalogError::Duplicate(
                "The product already offers this topping group.".into(),
            ));
        }
        Ok(ProductGroup {
            id,
            product_id: input.product_id,
            topping_group_id: input.topping_group_id,
            sort_order: validate::sort_order(input.sort_order)?,
        })
    }
}

impl Entity for Allergy {
    type Input = AllergyInput;
    const KIND: &'static str = "allergy";
    collection!(allergies);

    fn build(
        catalog: &mut Catalog,
        id: u64,
        input: AllergyInput,
        _: Option<Allergy>,
    ) -> Result<Allergy, CatalogError> {
        let code = input.code.trim().to_string();
        if code.is_empty() || code.chars().count() > 4 || !code.chars().all(|c| c.is_alphanumeric())
        {
            return Err(CatalogError::invalid(
                "code",
                "must be 1 to 4 letters or digits, like A or 11",
            ));
        }
        if catalog
            .allergies
            .values()
            .any(|allergy| allergy.id != id && allergy.code.eq_ignore_ascii_case(&code))
        {
            return Err(CatalogError::Duplicate(format!(
                "The code {code} is already used."
            )));
        }
        Ok(Allergy {
            id,
            code,
            name: validate::name("name", &input.name)?,
            name_en: validate::optional_text("name_en", input.name_en.as_deref(), MAX_NAME_CHARS)?,
        })
    }

    fn before_delete(catalog: &mut Catalog, id: u64) -> Result<(), CatalogError> {
        let allergy = catalog.get::<Allergy>(id)?.name.clone();
        let items: Vec<&str> = catalog
            .item_allergies
            .values()
            .filter(|link| link.allergy_id == id)
            .filter_map(|link| item_name(catalog, link.item_type, link.item_id))
            .collect();
        in_use(&format!("The allergy “{allergy}”"), "items", items)
    }
}

fn item_name(catalog: &Catalog, item_type: ItemKind, item_id: u64) -> Option<&str> {
    match item_type {
        ItemKind::Product => catalog.products.get(&item_id).map(|p| p.name.as_str()),
        ItemKind::Topping => catalog.toppings.get(&item_id).map(|t| t.name.as_str()),
    }
}

impl Entity for ItemAllergy {
    type Input = ItemAllergyInput;
    const KIND: &'static str = "item allergy";
    collection!(item_allergies);

    fn build(
        catalog: &mut Catalog,
        id: u64,
        input: ItemAllergyInput,
        _: Option<ItemAllergy>,
    ) -> Result<ItemAllergy, CatalogError> {
        match input.item_type {
            ItemKind::Product => reference::<Product>(catalog, "item_id", input.item_id)?,
            ItemKind::Topping => reference::<Topping>(catalog, "item_id", input.item_id)?,
        }
        reference::<Allergy>(catalog, "allergy_id", input.allergy_id)?;
        let duplicate = catalog.item_allergies.values().any(|link| {
            link.id != id
                && link.item_type == input.item_type
                && link.item_id == input.item_id
                && link.allergy_id == input.allergy_id
        });
        if duplicate {
            return Err(CatalogError::Duplicate(
                "The item already has this allergy.".into(),
            ));
        }
        // A labelled allergen ends a "contains none" declaration.
        match input.item_type {
            ItemKind::Product => {
                if let Some(product) = catalog.products.get_mut(&input.item_id) {
                    product.no_allergens = false;
                }
            }
            ItemKind::Topping => {
                if let Some(topping) = catalog.toppings.get_mut(&input.item_id) {
                    topping.no_allergens = false;
                }
            }
        }
        Ok(ItemAllergy {
            id,
            item_type: input.item_type,
            item_id: input.item_id,
            allergy_id: input.allergy_id,
        })
    }
}

impl Entity for Banner {
    type Input = BannerInput;
    const KIND: &'static str = "banner";
    collection!(banners);

    fn build(
        _: &mut Catalog,
        id: u64,
        input: BannerInput,
        previous: Option<Banner>,
    ) -> Result<Banner, CatalogError> {
        let image_key = input
            .image_key
            .or(previous.map(|b| b.image_key))
            .ok_or_else(|| CatalogError::invalid("image", "a banner needs an image"))?;
        Ok(Banner {
            id,
            image_key,
            alt: validate::optional_text("alt", Some(&input.alt), MAX_NAME_CHARS * 2)?
                .unwrap_or_default(),
            sort_order: validate::sort_order(input.sort_order)?,
        })
    }
}
