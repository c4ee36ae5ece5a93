use super::*;
use crate::db::demo_seed_catalog;

#[test]
fn export_then_import_changes_nothing_and_round_trips() {
    let mut catalog = demo_seed_catalog();
    let document = export(&catalog);
    let before = catalog.clone();
    let changes = import(&mut catalog, &document).unwrap();
    assert!(changes.is_empty(), "{changes:?}");
    assert_eq!(export(&catalog), document);
    // Products and variants keep their ids.
    assert_eq!(
        catalog.products.keys().collect::<Vec<_>>(),
        before.products.keys().collect::<Vec<_>>()
    );
    assert_eq!(catalog.products, before.products);
}

#[test]
fn an_import_creates_changes_and_removes_by_name() {
    let mut catalog = demo_seed_catalog();
    let mut document = export(&catalog);
    let pizza = document
        .categories
        .iter_mut()
        .find(|c| c.name == "Pizza")
        .unwrap();
    let salami = pizza
        .products
        .iter_mut()
        .find(|p| p.name == "Pizza Salami")
        .unwrap();
    salami.variants[0].price_cents += 100;
    let salami_in_shop = catalog
        .products
        .values()
        .find(|p| p.name == "Pizza Salami")
        .unwrap();
    let (salami_id, salami_variant_price) =
        (salami_in_shop.id, salami_in_shop.variants[0].price_cents);
    pizza.products.retain(|p| p.name != "Pizza Hawaii");
    let mut new = pizza.products[0].clone();
    new.name = "Pizza Nuova".into();
    pizza.products.push(new);
    let changes = import(&mut catalog, &document).unwrap();
    assert_eq!(changes.changed["product"], ["Pizza Salami"]);
    assert_eq!(changes.created["product"], ["Pizza Nuova"]);
    assert_eq!(changes.removed["product"], ["Pizza Hawaii"]);
    let kept = &catalog.products[&salami_id];
    assert_eq!(kept.name, "Pizza Salami", "kept its id");
    assert_eq!(kept.variants[0].price_cents, salami_variant_price + 100);
    assert!(!catalog.products.values().any(|p| p.name == "Pizza Hawaii"));
}

#[test]
fn errors_name_the_place_in_the_document() {
    let mut catalog = demo_seed_catalog();
    let mut document = export(&catalog);
    document.categories[1].products[0].tax = "nope".into();
    let error = import(&mut catalog.clone(), &document)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("categories[1].products[0].tax: there is no tax `nope`"),
        "{error}"
    );
    let mut document = export(&catalog);
    document.categories[0].products[0].price_cents = -5;
    let error = import(&mut catalog, &document).unwrap_err().to_string();
    assert!(error.contains("categories[0].products[0]"), "{error}");
}
