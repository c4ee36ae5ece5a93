use chrono::{DateTime, Utc};

use super::*;
use crate::domain::catalog::stock::DaySold;
use crate::domain::catalog::*;

fn noon() -> DateTime<Utc> {
    "2026-11-23T11:00:00Z".parse().unwrap()
}

/// Prices at noon with nothing taken of any daily stock.
fn reprice(catalog: &Catalog, lines: &[LineRequest]) -> Result<Vec<PricedLine>, LineError> {
    super::reprice(
        catalog,
        SaleCheck {
            now: noon(),
            stock: &StockLevels::default(),
        },
        lines,
    )
}

struct Menu {
    catalog: Catalog,
    pizza: u64,
    small: u64,
    large: u64,
    salad: u64,
    cola: u64,
    salami: u64,
    ham: u64,
    dressing: u64,
    sold_out: u64,
}

fn menu() -> Menu {
    let mut c = Catalog::default();
    let tax = test_builders::tax(&mut c, "7", 700);
    let drinks_tax = test_builders::tax(&mut c, "19", 1900);
    let category = test_builders::category(&mut c, "Pizza");
    let product =
        |c: &mut Catalog, name: &str, price: i64, tax_id: u64, variants: &[(&str, i64)]| {
            test_builders::product(c, category, name, price, tax_id, variants)
        };
    let pizza = product(&mut c, "Salami", 0, tax, &[("26 cm", 890), ("32 cm", 1090)]);
    let salad = product(&mut c, "Mista", 690, tax, &[]).id;
    let cola = product(&mut c, "Cola", 280, drinks_tax, &[]).id;
    let mut sold = test_builders::product_input(category, "Cannoli", 520, tax, &[]);
    sold.available = false;
    let sold_out = c.create::<Product>(sold).unwrap().id;
    let topping = |c: &mut Catalog, name: &str| {
        c.create::<Topping>(ToppingInput {
            name: name.into(),
            name_en: None,
            price_cents: 100,
            no_allergens: Some(true),
            available: None,
        })
        .unwrap()
        .id
    };
    let salami = topping(&mut c, "Salami");
    let ham = topping(&mut c, "Schinken");
    let dressing = topping(&mut c, "Joghurt");
    let extras = c
        .create::<ToppingGroup>(ToppingGroupInput {
            name: "Extras".into(),
            name_en: None,
            min_selections: 0,
            max_selections: 2,
        })
        .unwrap()
        .id;
    let dressings = c
        .create::<ToppingGroup>(ToppingGroupInput {
            name: "Dressing".into(),
            name_en: None,
            min_selections: 1,
            max_selections: 1,
        })
        .unwrap()
        .id;
    for (group, topping, price) in [
        (extras, salami, 150),
        (extras, ham, 180),
        (dressings, dressing, 0),
    ] {
        c.create::<GroupItem>(GroupItemInput {
            topping_group_id: group,
            topping_id: topping,
            price_cents: price,
            sort_order: 0,
        })
        .unwrap();
    }
    c.create::<ProductGroup>(ProductGroupInput {
        product_id: pizza.id,
        topping_group_id: extras,
        sort_order: 0,
    })
    .unwrap();
    c.create::<ProductGroup>(ProductGroupInput {
        product_id: salad,
        topping_group_id: dressings,
        sort_order: 0,
    })
    .unwrap();
    Menu {
        pizza: pizza.id,
        small: pizza.variants[0].id,
        large: pizza.variants[1].id,
        salad,
        cola,
        salami,
        ham,
        dressing,
        sold_out,
        catalog: c,
    }
}

fn line(
    product_id: u64,
    variant_id: Option<u64>,
    extras: &[(u64, u32)],
    quantity: u32,
) -> LineRequest {
    LineRequest {
        product_id,
        variant_id,
        extras: extras
            .iter()
            .map(|&(topping_id, quantity)| ExtraRequest {
                topping_id,
                quantity,
            })
            .collect(),
        quantity,
    }
}

#[test]
fn prices_come_from_the_menu_with_group_prices_and_quantities() {
    let m = menu();
    let priced = reprice(
        &m.catalog,
        &[
            line(m.pizza, Some(m.large), &[(m.salami, 1), (m.ham, 1)], 2),
            line(m.cola, None, &[], 3),
            line(m.salad, None, &[(m.dressing, 1)], 1),
        ],
    )
    .unwrap();
    assert_eq!(priced[0].name, "Salami (32 cm)");
    assert_eq!(priced[0].total_cents, (1090 + 150 + 180) * 2);
    assert_eq!(priced[0].tax_basis_points, 700);
    assert_eq!(priced[1].total_cents, 840);
    assert_eq!(priced[1].tax_basis_points, 1900);
    assert_eq!(priced[2].total_cents, 690);
    let lines: Vec<_> = priced.iter().map(PricedLine::cart_line).collect();
    assert_eq!(
        crate::domain::order::cart::subtotal_cents(&lines),
        2840 + 840 + 690
    );
}

#[test]
fn tampering_and_mistakes_are_refused() {
    let m = menu();
    let cases = [
        (vec![], LineError::EmptyCart),
        (
            vec![line(999, None, &[], 1)],
            LineError::UnknownProduct(999),
        ),
        (
            vec![line(m.sold_out, None, &[], 1)],
            LineError::SoldOut("Cannoli".into()),
        ),
        (
            vec![line(m.pizza, None, &[], 1)],
            LineError::VariantRequired("Salami".into()),
        ),
        (
            vec![line(m.pizza, Some(m.small), &[], 0)],
            LineError::BadQuantity,
        ),
        (
            vec![line(m.pizza, Some(m.small), &[], 1000)],
            LineError::BadQuantity,
        ),
        (
            vec![line(m.pizza, Some(m.small), &[(m.salami, 0)], 1)],
            LineError::BadExtraQuantity,
        ),
        (
            vec![line(m.salad, None, &[], 1)],
            LineError::TooFewExtras {
                product: "Mista".into(),
                group: "Dressing".into(),
                min: 1,
            },
        ),
        (
            vec![line(
                m.pizza,
                Some(m.small),
                &[(m.salami, 2), (m.ham, 1)],
                1,
            )],
            LineError::TooManyExtras {
                product: "Salami".into(),
                group: "Extras".into(),
                max: 2,
            },
        ),
        (
            vec![line(m.cola, None, &[(m.salami, 1)], 1)],
            LineError::UnknownExtra {
                product: "Cola".into(),
                topping: m.salami,
            },
        ),
        (
            vec![line(m.cola, Some(m.small), &[], 1)],
            LineError::UnknownVariant {
                product: "Cola".into(),
                variant: m.small,
            },
        ),
        (
            vec![line(m.salad, Some(m.large), &[(m.dressing, 1)], 1)],
            LineError::UnknownVariant {
                product: "Mista".into(),
                variant: m.large,
            },
        ),
    ];
    for (lines, expected) in cases {
        assert_eq!(
            reprice(&m.catalog, &lines),
            Err(expected.clone()),
            "{expected}"
        );
    }
    let too_many: Vec<_> = (0..=MAX_LINES)
        .map(|_| line(m.cola, None, &[], 1))
        .collect();
    assert_eq!(reprice(&m.catalog, &too_many), Err(LineError::TooManyLines));
}

#[test]
fn a_variant_of_another_product_is_refused() {
    let mut m = menu();
    let other = m
        .catalog
        .create::<Product>(ProductInput {
            category_id: *m.catalog.categories.keys().next().unwrap(),
            name: "Funghi".into(),
            name_en: None,
            description: None,
            description_en: None,
            price_cents: 0,
            tax_id: *m.catalog.taxes.keys().next().unwrap(),
            kind: ProductType::Variable,
            variants: vec![VariantInput {
                id: None,
                name: "26 cm".into(),
                name_en: None,
                price_cents: 1,
                deposit_cents: 0,
                net_content: None,
                available: None,
            }],
            sort_order: 0,
            available: true,
            no_allergens: Some(true),
            age_restriction: None,
            deposit_cents: 0,
            net_content: None,
            daily_stock: None,
        })
        .unwrap();
    let foreign = other.variants[0].id;
    assert_eq!(
        reprice(&m.catalog, &[line(m.pizza, Some(foreign), &[], 1)]),
        Err(LineError::UnknownVariant {
            product: "Salami".into(),
            variant: foreign
        })
    );
}

mod shared_vectors {
    //! `assets/test-vectors/order-repricing.json`, which the storefront's cart passes too.

    use std::collections::HashMap;

    use serde::Deserialize;

    use super::super::*;
    use super::reprice;
    use crate::domain::catalog::*;
    use crate::domain::order::cart::subtotal_cents;
    use crate::domain::order::{
        OrderType,
        totals::{DeliveryTerms, order_totals},
    };

    #[derive(Deserialize)]
    struct File {
        menu: VectorMenu,
        carts: Vec<Cart>,
    }

    #[derive(Deserialize)]
    struct VectorMenu {
        taxes: Vec<VectorTax>,
        groups: Vec<VectorGroup>,
        products: Vec<VectorProduct>,
    }

    #[derive(Deserialize)]
    struct VectorTax {
        key: String,
        percentage: u32,
    }

    #[derive(Deserialize)]
    struct VectorGroup {
        key: String,
        name: String,
        min: u8,
        max: u8,
        toppings: Vec<VectorTopping>,
    }

    #[derive(Deserialize)]
    struct VectorTopping {
        key: String,
        name: String,
        price_cents: i64,
    }

    #[derive(Deserialize)]
    struct VectorProduct {
        key: String,
        name: String,
        #[serde(rename = "type")]
        kind: String,
        price_cents: i64,
        tax: String,
        variants: Vec<VectorVariant>,
        groups: Vec<String>,
    }

    #[derive(Deserialize)]
    struct VectorVariant {
        key: String,
        name: String,
        price_cents: i64,
    }

    #[derive(Deserialize)]
    struct Cart {
        name: String,
        discount_percent: Option<f64>,
        lines: Vec<CartLineChoice>,
        expect: Expect,
    }

    #[derive(Deserialize)]
    struct CartLineChoice {
        product: String,
        variant: Option<String>,
        extras: Vec<ExtraChoice>,
        quantity: u32,
    }

    #[derive(Deserialize)]
    struct ExtraChoice {
        topping: String,
        quantity: u32,
    }

    #[derive(Deserialize)]
    struct Expect {
        lines: Vec<ExpectedLine>,
        subtotal_cents: i64,
        discount_cents: i64,
        total_cents: i64,
    }

    #[derive(Deserialize)]
    struct ExpectedLine {
        name: String,
        unit_cents: i64,
        total_cents: i64,
    }

    /// The vector's menu as a catalog, and its keys mapped to the ids given out.
    fn build(menu: &VectorMenu) -> (Catalog, HashMap<String, u64>) {
        let mut c = Catalog::default();
        let mut ids = HashMap::new();
        for tax in &menu.taxes {
            let id = test_builders::tax(&mut c, &tax.key, tax.percentage * 100);
            ids.insert(format!("tax:{}", tax.key), id);
        }
        let category = test_builders::category(&mut c, "Menu");
        for group in &menu.groups {
            let group_id = c
                .create::<ToppingGroup>(ToppingGroupInput {
                    name: group.name.clone(),
                    name_en: None,
                    min_selections: group.min,
                    max_selections: group.max,
                })
                .unwrap()
                .id;
            ids.insert(format!("group:{}", group.key), group_id);
            for (order, topping) in group.toppings.iter().enumerate() {
                let topping_id = c
                    .create::<Topping>(ToppingInput {
                        name: topping.name.clone(),
                        name_en: None,
                        price_cents: topping.price_cents,
                        no_allergens: Some(true),
                        available: None,
                    })
                    .unwrap()
                    .id;
                ids.insert(format!("topping:{}", topping.key), topping_id);
                c.create::<GroupItem>(GroupItemInput {
                    topping_group_id: group_id,
                    topping_id,
                    price_cents: topping.price_cents,
                    sort_order: order as i32,
                })
                .unwrap();
            }
        }
        for product in &menu.products {
            let variants: Vec<(&str, i64)> = product
                .variants
                .iter()
                .map(|v| (v.name.as_str(), v.price_cents))
                .collect();
            let created = test_builders::product(
                &mut c,
                category,
                &product.name,
                product.price_cents,
                ids[&format!("tax:{}", product.tax)],
                &variants,
            );
            assert_eq!(created.kind.as_str(), product.kind, "{}", product.name);
            ids.insert(format!("product:{}", product.key), created.id);
            for (variant, given) in product.variants.iter().zip(&created.variants) {
                ids.insert(format!("variant:{}:{}", product.key, variant.key), given.id);
            }
            for (order, group) in product.groups.iter().enumerate() {
                c.create::<ProductGroup>(ProductGroupInput {
                    product_id: created.id,
                    topping_group_id: ids[&format!("group:{group}")],
                    sort_order: order as i32,
                })
                .unwrap();
            }
        }
        (c, ids)
    }

    #[test]
    fn the_shared_repricing_vectors_hold() {
        let file: File = serde_json::from_str(include_str!(
            "../../../../assets/test-vectors/order-repricing.json"
        ))
        .unwrap();
        let (catalog, ids) = build(&file.menu);
        assert!(file.carts.len() >= 5);
        for cart in file.carts {
            let lines: Vec<LineRequest> = cart
                .lines
                .iter()
                .map(|line| LineRequest {
                    product_id: ids[&format!("product:{}", line.product)],
                    variant_id: line
                        .variant
                        .as_ref()
                        .map(|v| ids[&format!("variant:{}:{v}", line.product)]),
                    extras: line
                        .extras
                        .iter()
                        .map(|e| ExtraRequest {
                            topping_id: ids[&format!("topping:{}", e.topping)],
                            quantity: e.quantity,
                        })
                        .collect(),
                    quantity: line.quantity,
                })
                .collect();
            let priced = reprice(&catalog, &lines).unwrap_or_else(|e| panic!("{}: {e}", cart.name));
            for (got, want) in priced.iter().zip(&cart.expect.lines) {
                assert_eq!(got.name, want.name, "{}", cart.name);
                assert_eq!(
                    got.cart_line().unit_cents(),
                    want.unit_cents,
                    "{}",
                    cart.name
                );
                assert_eq!(got.total_cents, want.total_cents, "{}", cart.name);
            }
            let cart_lines: Vec<_> = priced.iter().map(PricedLine::cart_line).collect();
            let totals = order_totals(
                subtotal_cents(&cart_lines),
                OrderType::Pickup,
                cart.discount_percent.map(|p| (p * 100.0).round() as u32),
                DeliveryTerms::default(),
                0,
            );
            assert_eq!(
                totals.subtotal_cents, cart.expect.subtotal_cents,
                "{}",
                cart.name
            );
            assert_eq!(
                totals.discount_cents, cart.expect.discount_cents,
                "{}",
                cart.name
            );
            assert_eq!(totals.total_cents, cart.expect.total_cents, "{}", cart.name);
        }
    }
}

#[test]
fn a_sold_out_variant_or_extra_is_refused_by_name_until_its_mark_ends() {
    let mut m = menu();
    let later = noon() + chrono::Duration::hours(20);
    m.catalog
        .set_variant_sale(m.pizza, m.large, Sale::SoldOut { until: Some(later) })
        .unwrap();
    m.catalog
        .set_topping_sale(m.ham, Sale::SoldOut { until: None })
        .unwrap();
    let large = [line(m.pizza, Some(m.large), &[], 1)];
    assert_eq!(
        reprice(&m.catalog, &large),
        Err(LineError::VariantSoldOut {
            product: "Salami".into(),
            variant: "32 cm".into()
        })
    );
    assert_eq!(
        LineError::VariantSoldOut {
            product: "Salami".into(),
            variant: "32 cm".into()
        }
        .code(),
        ErrorCode::VariantSoldOut
    );
    // The other size sells, and so does the extra still on sale.
    assert!(
        reprice(
            &m.catalog,
            &[line(m.pizza, Some(m.small), &[(m.salami, 1)], 1)]
        )
        .is_ok()
    );
    let error = reprice(
        &m.catalog,
        &[line(m.pizza, Some(m.small), &[(m.ham, 1)], 1)],
    )
    .unwrap_err();
    assert_eq!(
        error,
        LineError::ExtraSoldOut {
            product: "Salami".into(),
            extra: "Schinken".into()
        }
    );
    assert_eq!(
        error.params(),
        vec![("product", "Salami".into()), ("extra", "Schinken".into())]
    );
    // Once its instant has come the mark holds no more, cleared or not.
    let stock = StockLevels::default();
    let at = |now| SaleCheck { now, stock: &stock };
    assert!(super::reprice(&m.catalog, at(later), &large).is_ok());
    assert!(super::reprice(&m.catalog, at(later - chrono::Duration::seconds(1)), &large).is_err());
}

#[test]
fn a_daily_stock_sells_what_is_left_and_names_it() {
    let mut m = menu();
    let mut product = m.catalog.products[&m.salad].clone();
    product.daily_stock = Some(5);
    m.catalog.products.insert(m.salad, product);
    let today: chrono::NaiveDate = "2026-11-23".parse().unwrap();
    let sold = |count| {
        StockLevels::of_day(
            today,
            [(
                m.salad,
                DaySold {
                    business_date: today,
                    sold: count,
                },
            )],
        )
    };
    let two = |quantity| {
        vec![
            line(m.salad, None, &[(m.dressing, 1)], quantity),
            line(m.salad, None, &[(m.dressing, 1)], 1),
        ]
    };
    let check = |stock: &StockLevels, lines: &[LineRequest]| {
        super::reprice(&m.catalog, SaleCheck { now: noon(), stock }, lines)
    };
    // Three left: two lines of the salad asking for three together sell.
    let priced = check(&sold(2), &two(2)).unwrap();
    assert!(priced.iter().all(|line| line.from_daily_stock));
    // Asking four of three: refused, naming what is left.
    assert_eq!(
        check(&sold(2), &two(3)),
        Err(LineError::NotEnoughStock {
            product: "Mista".into(),
            left: 3
        })
    );
    // None left: sold out, like a switched product.
    assert_eq!(
        check(&sold(5), &two(1)),
        Err(LineError::SoldOut("Mista".into()))
    );
    // A product without a daily stock takes nothing from one.
    let cola = check(&sold(5), &[line(m.cola, None, &[], 99)]).unwrap();
    assert!(!cola[0].from_daily_stock);
}
