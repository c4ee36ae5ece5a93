use super::*;

fn tax_input(name: &str, percent: u32) -> TaxInput {
    TaxInput {
        name: name.into(),
        rate_basis_points: percent * 100,
    }
}

fn category_input(name: &str, sort_order: i32, visible: bool) -> CategoryInput {
    CategoryInput {
        name: name.into(),
        name_en: None,
        description: None,
        description_en: None,
        sort_order,
        visible,
    }
}

fn simple_product(category_id: u64, tax_id: u64, name: &str, price_cents: i64) -> ProductInput {
    ProductInput {
        category_id,
        name: name.into(),
        name_en: None,
        description: None,
        description_en: None,
        price_cents,
        tax_id,
        kind: ProductType::Simple,
        variants: vec![],
        sort_order: 0,
        available: true,
        no_allergens: Some(true),
        age_restriction: None,
        deposit_cents: 0,
        net_content: None,
        daily_stock: None,
    }
}

fn variant(id: Option<u64>, name: &str, price_cents: i64) -> VariantInput {
    VariantInput {
        id,
        name: name.into(),
        name_en: None,
        price_cents,
        deposit_cents: 0,
        net_content: None,
        available: None,
    }
}

struct Menu {
    catalog: Catalog,
    tax: u64,
    category: u64,
}

fn menu() -> Menu {
    let mut catalog = Catalog::default();
    let tax = catalog.create::<Tax>(tax_input("Speisen", 7)).unwrap().id;
    let category = catalog
        .create::<Category>(category_input("Pizza", 1, true))
        .unwrap()
        .id;
    Menu {
        catalog,
        tax,
        category,
    }
}

#[test]
fn names_are_trimmed_and_must_not_be_empty() {
    let mut catalog = Catalog::default();
    let tax = catalog.create::<Tax>(tax_input("  Speisen  ", 7)).unwrap();
    assert_eq!(tax.name, "Speisen");
    let error = catalog.create::<Tax>(tax_input("   ", 7)).unwrap_err();
    assert_eq!(error, CatalogError::invalid("name", "must not be empty"));
    let long = "x".repeat(101);
    assert!(matches!(
        catalog.create::<Tax>(tax_input(&long, 7)),
        Err(CatalogError::Invalid { field: "name", .. })
    ));
}

#[test]
fn percentages_and_prices_are_bounded() {
    let mut m = menu();
    assert!(matches!(
        m.catalog.create::<Tax>(TaxInput {
            name: "x".into(),
            rate_basis_points: 10_001
        }),
        Err(CatalogError::Invalid {
            field: "percentage",
            ..
        })
    ));
    let too_dear = simple_product(m.category, m.tax, "Gold", 100_000);
    assert!(matches!(
        m.catalog.create::<Product>(too_dear),
        Err(CatalogError::Invalid { field: "price", .. })
    ));
    let negative = simple_product(m.category, m.tax, "Refund", -1);
    assert!(m.catalog.create::<Product>(negative).is_err());
}

#[test]
fn a_product_must_point_at_an_existing_category_and_tax() {
    let mut m = menu();
    let error = m
        .catalog
        .create::<Product>(simple_product(999, m.tax, "Ghost", 100))
        .unwrap_err();
    assert_eq!(
        error,
        CatalogError::invalid("category_id", "there is no category with id 999")
    );
    assert!(matches!(
        m.catalog
            .create::<Product>(simple_product(m.category, 998, "Ghost", 100)),
        Err(CatalogError::Invalid {
            field: "tax_id",
            ..
        })
    ));
}

#[test]
fn a_variable_product_is_priced_by_its_cheapest_variant_and_keeps_variant_ids() {
    let mut m = menu();
    let mut input = simple_product(m.category, m.tax, "Margherita", 0);
    input.kind = ProductType::Variable;
    input.variants = vec![variant(None, "Ø 32 cm", 990), variant(None, "Ø 26 cm", 790)];
    let product = m.catalog.create::<Product>(input.clone()).unwrap();
    assert_eq!(product.price_cents, 790);
    let small = product.variants[1].id;
    assert_ne!(small, product.id);

    input.variants = vec![
        variant(Some(small), "Klein", 800),
        variant(None, "Familie", 1990),
    ];
    let updated = m
        .catalog
        .update::<Product>(product.id, input.clone())
        .unwrap();
    assert_eq!(
        updated.variants[0].id, small,
        "an existing variant keeps its id"
    );
    assert_eq!(updated.price_cents, 800);

    input.variants = vec![variant(Some(12345), "Fremd", 800)];
    assert!(matches!(
        m.catalog.update::<Product>(product.id, input.clone()),
        Err(CatalogError::Invalid {
            field: "variants",
            ..
        })
    ));
    input.variants = vec![];
    assert!(
        m.catalog.update::<Product>(product.id, input).is_err(),
        "needs a variant"
    );
}

#[test]
fn a_simple_product_has_no_variants() {
    let mut m = menu();
    let mut input = simple_product(m.category, m.tax, "Cola", 280);
    input.variants = vec![variant(None, "1 l", 450)];
    assert!(matches!(
        m.catalog.create::<Product>(input),
        Err(CatalogError::Invalid {
            field: "variants",
            ..
        })
    ));
}

#[test]
fn a_tax_or_category_in_use_cannot_be_deleted() {
    let mut m = menu();
    m.catalog
        .create::<Product>(simple_product(m.category, m.tax, "Salami", 890))
        .unwrap();
    let error = m.catalog.delete::<Tax>(m.tax).unwrap_err();
    assert!(
        matches!(&error, CatalogError::InUse(text) if text.contains("Speisen") && text.contains("Salami")),
        "{error}"
    );
    let error = m.catalog.delete::<Category>(m.category).unwrap_err();
    assert!(
        matches!(&error, CatalogError::InUse(text) if text.contains("1 products: Salami")),
        "{error}"
    );
    assert_eq!(
        m.catalog.delete::<Tax>(4242).unwrap_err(),
        CatalogError::NotFound {
            kind: "tax",
            id: 4242
        }
    );
}

fn group_input(name: &str, min: u8, max: u8) -> ToppingGroupInput {
    ToppingGroupInput {
        name: name.into(),
        name_en: None,
        min_selections: min,
        max_selections: max,
    }
}

#[test]
fn topping_groups_check_min_and_max() {
    let mut catalog = Catalog::default();
    assert!(matches!(
        catalog.create::<ToppingGroup>(group_input("x", 2, 1)),
        Err(CatalogError::Invalid {
            field: "min_selections",
            ..
        })
    ));
    assert!(matches!(
        catalog.create::<ToppingGroup>(group_input("x", 0, 0)),
        Err(CatalogError::Invalid {
            field: "max_selections",
            ..
        })
    ));
    assert!(
        catalog
            .create::<ToppingGroup>(group_input("x", 1, 2))
            .is_ok()
    );
}

#[test]
fn links_are_unique_and_follow_their_owners() {
    let mut m = menu();
    let product = m
        .catalog
        .create::<Product>(simple_product(m.category, m.tax, "Salat", 690))
        .unwrap();
    let group = m
        .catalog
        .create::<ToppingGroup>(group_input("Dressing", 1, 1))
        .unwrap();
    let topping = m
        .catalog
        .create::<Topping>(ToppingInput {
            name: "Joghurt".into(),
            name_en: None,
            price_cents: 0,
            no_allergens: Some(true),
            available: None,
        })
        .unwrap();
    let item = GroupItemInput {
        topping_group_id: group.id,
        topping_id: topping.id,
        price_cents: 0,
        sort_order: 0,
    };
    m.catalog.create::<GroupItem>(item.clone()).unwrap();
    assert!(matches!(
        m.catalog.create::<GroupItem>(item),
        Err(CatalogError::Duplicate(_))
    ));
    let link = ProductGroupInput {
        product_id: product.id,
        topping_group_id: group.id,
        sort_order: 0,
    };
    m.catalog.create::<ProductGroup>(link.clone()).unwrap();
    assert!(matches!(
        m.catalog.create::<ProductGroup>(link),
        Err(CatalogError::Duplicate(_))
    ));

    let error = m.catalog.delete::<ToppingGroup>(group.id).unwrap_err();
    assert!(
        matches!(&error, CatalogError::InUse(text) if text.contains("Salat")),
        "{error}"
    );
    let error = m.catalog.delete::<Topping>(topping.id).unwrap_err();
    assert!(
        matches!(&error, CatalogError::InUse(text) if text.contains("Dressing")),
        "{error}"
    );

    let allergy = m
        .catalog
        .create::<Allergy>(AllergyInput {
            code: "G".into(),
            name: "Milch".into(),
            name_en: None,
        })
        .unwrap();
    m.catalog
        .create::<ItemAllergy>(ItemAllergyInput {
            item_type: ItemKind::Product,
            item_id: product.id,
            allergy_id: allergy.id,
        })
        .unwrap();
    assert!(matches!(
        m.catalog.delete::<Allergy>(allergy.id),
        Err(CatalogError::InUse(_))
    ));

    // Deleting the product takes its links with it; then the group can go, with its items.
    m.catalog.delete::<Product>(product.id).unwrap();
    assert!(m.catalog.product_groups.is_empty());
    assert!(m.catalog.item_allergies.is_empty());
    m.catalog.delete::<ToppingGroup>(group.id).unwrap();
    assert!(m.catalog.group_items.is_empty());
    m.catalog.delete::<Topping>(topping.id).unwrap();
    m.catalog.delete::<Allergy>(allergy.id).unwrap();
}

#[test]
fn allergy_codes_are_unique_and_short() {
    let mut catalog = Catalog::default();
    let input = |code: &str| AllergyInput {
        code: code.into(),
        name: "x".into(),
        name_en: None,
    };
    catalog.create::<Allergy>(input("A")).unwrap();
    assert!(matches!(
        catalog.create::<Allergy>(input("a")),
        Err(CatalogError::Duplicate(_))
    ));
    assert!(catalog.create::<Allergy>(input("ABCDE")).is_err());
    assert!(catalog.create::<Allergy>(input("1 2")).is_err());
}

#[test]
fn ids_are_never_reused() {
    let mut m = menu();
    let first = m
        .catalog
        .create::<Product>(simple_product(m.category, m.tax, "A", 100))
        .unwrap()
        .id;
    m.catalog.delete::<Product>(first).unwrap();
    let second = m
        .catalog
        .create::<Product>(simple_product(m.category, m.tax, "B", 100))
        .unwrap()
        .id;
    assert!(second > first);
}

#[test]
fn the_menu_lists_visible_categories_in_order_with_resolved_links() {
    let mut m = menu();
    let hidden = m
        .catalog
        .create::<Category>(category_input("Geheim", 0, false))
        .unwrap()
        .id;
    let drinks = m
        .catalog
        .create::<Category>(category_input("Getränke", 5, true))
        .unwrap()
        .id;
    let hidden_product = m
        .catalog
        .create::<Product>(simple_product(hidden, m.tax, "Hidden", 100))
        .unwrap()
        .id;
    let mut sold_out = simple_product(drinks, m.tax, "Cola", 280);
    sold_out.available = false;
    m.catalog.create::<Product>(sold_out).unwrap();
    let mut second = simple_product(m.category, m.tax, "Zweite", 900);
    second.sort_order = 2;
    let pizza_two = m.catalog.create::<Product>(second).unwrap();
    let mut first = simple_product(m.category, m.tax, "Erste", 800);
    first.sort_order = 1;
    let pizza_one = m.catalog.create::<Product>(first).unwrap();

    let group = m
        .catalog
        .create::<ToppingGroup>(group_input("Extras", 0, 3))
        .unwrap();
    let topping = m
        .catalog
        .create::<Topping>(ToppingInput {
            name: "Salami".into(),
            name_en: None,
            price_cents: 100,
            no_allergens: Some(true),
            available: None,
        })
        .unwrap();
    m.catalog
        .create::<GroupItem>(GroupItemInput {
            topping_group_id: group.id,
            topping_id: topping.id,
            price_cents: 150,
            sort_order: 0,
        })
        .unwrap();
    m.catalog
        .create::<ProductGroup>(ProductGroupInput {
            product_id: pizza_one.id,
            topping_group_id: group.id,
            sort_order: 0,
        })
        .unwrap();
    for code in ["7", "A", "12"] {
        let allergy = m
            .catalog
            .create::<Allergy>(AllergyInput {
                code: code.into(),
                name: code.into(),
                name_en: None,
            })
            .unwrap();
        m.catalog
            .create::<ItemAllergy>(ItemAllergyInput {
                item_type: ItemKind::Product,
                item_id: pizza_one.id,
                allergy_id: allergy.id,
            })
            .unwrap();
    }

    let menu = menu_products(&m.catalog);
    let names: Vec<&str> = menu.iter().map(|p| p.product.name.as_str()).collect();
    assert_eq!(names, ["Erste", "Zweite", "Cola"]);
    assert!(!menu[2].product.available, "sold out is still listed");
    let codes: Vec<&str> = menu[0].allergens.iter().map(|a| a.code.as_str()).collect();
    assert_eq!(codes, ["A", "7", "12"]);
    assert_eq!(menu[0].groups.len(), 1);
    assert_eq!(
        menu[0].groups[0].toppings[0].price_cents, 150,
        "the group's price counts"
    );
    assert_eq!(menu[0].tax.rate_basis_points, 700);
    assert!(menu[1].groups.is_empty());
    assert_eq!(pizza_two.name, "Zweite");
    // One product alone resolves exactly as the menu lists it.
    for listed in &menu {
        assert_eq!(
            menu_product(&m.catalog, listed.product.id).as_ref(),
            Some(listed)
        );
    }
    assert_eq!(menu_product(&m.catalog, hidden_product), None);
    assert_eq!(menu_product(&m.catalog, 9_999), None);
}

#[test]
fn sold_out_marks_end_by_themselves_and_survive_the_owners_edits() {
    let mut c = Catalog::default();
    let tax = test_builders::tax(&mut c, "7 %", 700);
    let category = test_builders::category(&mut c, "Pizza");
    let pizza = test_builders::product(
        &mut c,
        category,
        "Salami",
        0,
        tax,
        &[("26 cm", 890), ("32 cm", 1090)],
    );
    let (small, large) = (pizza.variants[0].id, pizza.variants[1].id);
    let ham = c
        .create::<Topping>(ToppingInput {
            name: "Schinken".into(),
            name_en: None,
            price_cents: 150,
            no_allergens: Some(true),
            available: None,
        })
        .unwrap()
        .id;
    let monday: chrono::DateTime<chrono::Utc> = "2026-11-23T11:00:00Z".parse().unwrap();
    let tuesday = monday + chrono::Duration::hours(23);
    let until_tuesday = Sale::SoldOut {
        until: Some(tuesday),
    };
    c.set_product_sale(pizza.id, until_tuesday).unwrap();
    c.set_variant_sale(pizza.id, large, Sale::SoldOut { until: None })
        .unwrap();
    c.set_topping_sale(ham, until_tuesday).unwrap();
    assert_eq!(
        c.set_variant_sale(pizza.id, 999, Sale::OnSale),
        Err(CatalogError::NotFound {
            kind: "variant",
            id: 999
        })
    );
    assert_eq!(c.next_sold_out_end(), Some(tuesday));

    // The owner edits the product and the topping: the marks stay as they are.
    let mut input = test_builders::product_input(
        category,
        "Salami",
        0,
        tax,
        &[("26 cm", 890), ("32 cm", 990)],
    );
    input.available = false;
    input.variants[0].id = Some(small);
    input.variants[1].id = Some(large);
    let edited = c.update::<Product>(pizza.id, input.clone()).unwrap();
    assert_eq!(edited.sold_out_until, Some(tuesday));
    assert!(edited.variants[0].available);
    assert!(!edited.variants[1].available);
    let topping = c
        .update::<Topping>(
            ham,
            ToppingInput {
                name: "Schinken".into(),
                name_en: None,
                price_cents: 180,
                no_allergens: None,
                available: None,
            },
        )
        .unwrap();
    assert_eq!(
        (topping.available, topping.sold_out_until),
        (false, Some(tuesday))
    );

    // Before Tuesday nothing ends; at Tuesday the two marks until then do, the one
    // until switched back does not.
    assert_eq!(
        c.end_sold_out_marks(tuesday - chrono::Duration::seconds(1)),
        0
    );
    assert_eq!(c.end_sold_out_marks(tuesday), 2);
    let product = &c.products[&pizza.id];
    assert!(product.available && product.sold_out_until.is_none());
    assert!(!product.variants[1].available);
    assert!(c.toppings[&ham].available);
    assert_eq!(c.next_sold_out_end(), None);

    // Switched on in the form, a product has no end of a mark left.
    c.set_product_sale(pizza.id, until_tuesday).unwrap();
    input.available = true;
    let on_sale = c.update::<Product>(pizza.id, input).unwrap();
    assert!(on_sale.available && on_sale.sold_out_until.is_none());
}

#[test]
fn records_from_before_the_sold_out_fields_read_as_on_sale() {
    let variant: Variant =
        serde_json::from_str(r#"{"id": 3, "name": "26 cm", "price_cents": 890}"#).unwrap();
    assert!(variant.available && variant.sold_out_until.is_none());
    let topping: Topping =
        serde_json::from_str(r#"{"id": 4, "name": "Salami", "price_cents": 100}"#).unwrap();
    assert!(topping.available);
    // On sale is not written, so such a record's stored form (and version) stays.
    assert_eq!(
        serde_json::to_string(&variant).unwrap(),
        r#"{"id":3,"name":"26 cm","name_en":null,"price_cents":890}"#
    );
}
