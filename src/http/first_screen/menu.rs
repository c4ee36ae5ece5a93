//! The menu page's menu (`ui/src/app/routes/home.tsx` from `menu-page` on): the menu
//! section with its category bar and search, the first category, and the basket.
//!
//! The app's first render shows the first category only (`menu-body--partial`); the
//! others and the allergen legend follow in the task after the paint, below it. The
//! search field is empty, and so is the cart of a first visit: the basket column says
//! so, and the basket bar (shown only with items) is not there.

use std::cmp::Ordering;

use serde_json::Value;

use super::js::{js_text, localized};
use super::product_card;
use super::{Html, Screen, Texts};

/// The first cards are above the fold on a phone: their photos are not lazy
/// (`EAGER_CARDS` in `menu.tsx`).
const EAGER_CARDS: usize = 4;

/// `useId` of the basket column's title: the third id of the app's tree, after those
/// of the header's account area and language dropdown (`P0-0`, `P0-1`).
const BASKET_TITLE_ID: &str = "P0-2";

/// The search icon (`ui/src/features/menu/components/search-icon.tsx`).
pub(super) const SEARCH_ICON: &str = "<svg viewBox=\"0 0 24 24\" width=\"20\" height=\"20\" \
aria-hidden=\"true\" focusable=\"false\"><path fill=\"currentColor\" d=\"M10.5 3a7.5 7.5 0 0 1 \
5.96 12.05l4.24 4.24a1 1 0 0 1-1.41 1.42l-4.25-4.25A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 \
5.5 5.5 0 0 0 0-11Z\"></path></svg>";

/// `HomeRoute` (`home.tsx`) from `<div className="menu-page">` on: the menu, the basket
/// column beside it, and the basket bar (nothing with an empty cart).
pub fn write(html: &mut Html, screen: &Screen) {
    html.open("div", &[("class", Some("menu-page"))]);
    html.open("div", &[("class", Some("menu-page__menu"))]);
    menu(html, screen);
    html.close("div");
    basket_column(html, screen.texts);
    html.close("div");
}

/// One category with its products (`MenuSection` of `menu-data.ts`).
struct Section<'a> {
    category: &'a Value,
    products: Vec<&'a Value>,
}

/// `groupByCategory` (`ui/src/features/menu/lib/menu-data.ts`): the categories by sort
/// order, then id, each with its products in the answer's order; empty ones left out.
fn group_by_category<'a>(categories: &'a [Value], products: &'a [Value]) -> Vec<Section<'a>> {
    let mut sorted: Vec<&Value> = categories.iter().collect();
    sorted.sort_by(|a, b| {
        js_difference(&a["sort_order"], &b["sort_order"])
            .or_else(|| js_difference(&a["id"], &b["id"]))
            .unwrap_or(Ordering::Equal)
    });
    sorted
        .into_iter()
        .map(|category| Section {
            category,
            products: products
                .iter()
                .filter(|product| strictly_equal(&product["category_id"], &category["id"]))
                .collect(),
        })
        .filter(|section| !section.products.is_empty())
        .collect()
}

/// `a - b` as a sort comparator's part of `x || y`: `None` when it is 0 or NaN.
fn js_difference(a: &Value, b: &Value) -> Option<Ordering> {
    let difference = a.as_f64().unwrap_or(f64::NAN) - b.as_f64().unwrap_or(f64::NAN);
    difference
        .partial_cmp(&0.0)
        .filter(|ordering| *ordering != Ordering::Equal)
}

/// JavaScript's `===` for JSON values (numbers by value, strings by text).
fn strictly_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::String(a), Value::String(b)) => a == b,
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Null, Value::Null) => true,
        _ => false,
    }
}

/// `category-{id}`, the section's element id (`sectionId` in `menu.tsx`).
fn section_id(category: &Value) -> String {
    format!(
        "category-{}",
        js_text(&category["id"]).unwrap_or_else(|| "undefined".to_string())
    )
}

/// `categoryName` (`localized-category.ts`): English when the UI is English and one is set.
fn category_name(category: &Value, texts: Texts) -> &str {
    localized(
        category["name"].as_str(),
        category["name_en"].as_str(),
        texts.language(),
    )
    .unwrap_or("")
}

/// `Menu` (`ui/src/features/menu/components/menu.tsx`): heading, category bar and the
/// first category. Without the menu in the page the app is still loading it.
fn menu(html: &mut Html, screen: &Screen) {
    let texts = screen.texts;
    let categories = screen.menu_part("categories").as_array();
    let products = screen.menu_part("products").as_array();
    let data = categories.zip(products);
    let sections = data.map_or_else(Vec::new, |(categories, products)| {
        group_by_category(categories, products)
    });

    html.open(
        "section",
        &[
            ("class", Some("menu-section")),
            ("aria-labelledby", Some("menu-heading")),
            (
                "aria-busy",
                Some(if data.is_none() { "true" } else { "false" }),
            ),
        ],
    );
    html.open("div", &[("class", Some("container"))]);
    html.element(
        "h2",
        &[
            ("id", Some("menu-heading")),
            ("class", Some("section-title")),
            ("tabindex", Some("-1")),
        ],
        &texts.t("menu.heading"),
    );
    if data.is_none() {
        loading_message(html, &texts.t("menu.loading"));
    } else if sections.is_empty() {
        html.element("p", &[("class", Some("status"))], &texts.t("menu.empty"));
    }
    html.close("div");

    if let Some(first) = sections.first() {
        category_nav(html, texts, &sections);
        html.open(
            "div",
            &[("class", Some("container menu-body menu-body--partial"))],
        );
        category_section(html, texts, first);
        html.close("div");
    }
    html.close("section");
}

/// `LoadingMessage` (`ui/src/components/status-message.tsx`).
fn loading_message(html: &mut Html, text: &str) {
    html.open(
        "p",
        &[
            ("class", Some("status status--loading")),
            ("role", Some("status")),
        ],
    );
    html.empty(
        "span",
        &[("class", Some("spinner")), ("aria-hidden", Some("true"))],
    );
    html.text(text);
    html.close("p");
}

/// One category of `Menu`'s body (`menu.tsx`): its title, description and cards; the
/// first section's first cards load their photos at once.
fn category_section(html: &mut Html, texts: Texts, section: &Section) {
    let id = section_id(section.category);
    let title_id = format!("{id}-title");
    html.open(
        "section",
        &[
            ("id", Some(&id)),
            ("class", Some("menu-category")),
            ("aria-labelledby", Some(&title_id)),
        ],
    );
    html.open("header", &[("class", Some("menu-category__header"))]);
    html.element(
        "h3",
        &[
            ("id", Some(&title_id)),
            ("class", Some("menu-category__title")),
        ],
        category_name(section.category, texts),
    );
    // `categoryDescription`: like the name; no paragraph when it is empty or null.
    let description = localized(
        section.category["description"].as_str(),
        section.category["description_en"].as_str(),
        texts.language(),
    );
    if let Some(description) = description.filter(|text| !text.is_empty()) {
        html.element(
            "p",
            &[("class", Some("menu-category__description"))],
            description,
        );
    }
    html.close("header");
    html.open("div", &[("class", Some("product-grid"))]);
    for (index, product) in section.products.iter().enumerate() {
        product_card::write(html, texts, product, index < EAGER_CARDS);
    }
    html.close("div");
    html.close("section");
}

/// `CategoryNav` (`category-nav.tsx`) as first rendered: one chip per category with
/// products, the first one current; no scroll arrows (the row is measured after the
/// render); the compact search field, empty.
fn category_nav(html: &mut Html, texts: Texts, sections: &[Section]) {
    let label = texts.t("menu.categories");
    html.open(
        "nav",
        &[
            ("class", Some("category-nav")),
            ("aria-label", Some(&label)),
        ],
    );
    html.open("div", &[("class", Some("container category-nav__inner"))]);
    html.open("div", &[("class", Some("category-nav__row"))]);
    html.open("ul", &[("class", Some("category-nav__list"))]);
    for (index, section) in sections.iter().enumerate() {
        let href = format!("#{}", section_id(section.category));
        html.open("li", &[("class", Some("category-nav__item"))]);
        html.element(
            "a",
            &[
                ("href", Some(&href)),
                ("class", Some("category-nav__chip")),
                ("aria-current", (index == 0).then_some("true")),
            ],
            category_name(section.category, texts),
        );
        html.close("li");
    }
    html.close("ul");
    html.close("div");
    html.open(
        "form",
        &[
            ("role", Some("search")),
            ("class", Some("category-nav__search")),
        ],
    );
    search_field(html, texts);
    html.close("form");
    html.close("div");
    html.close("nav");
}

/// `SearchField` (`search-field.tsx`), compact, with the empty query (a value set as a
/// property, not an attribute).
fn search_field(html: &mut Html, texts: Texts) {
    let placeholder = texts.t("search.placeholder");
    html.open(
        "label",
        &[("class", Some("search-field search-field--compact"))],
    );
    html.element(
        "span",
        &[("class", Some("visually-hidden"))],
        &texts.t("search.label"),
    );
    html.trusted(SEARCH_ICON);
    html.empty(
        "input",
        &[
            ("type", Some("search")),
            ("class", Some("search-field__input")),
            ("placeholder", Some(&placeholder)),
            ("autocomplete", Some("off")),
        ],
    );
    html.close("label");
}

/// `BasketColumn` (`ui/src/features/cart/components/basket-column.tsx`) with the empty
/// cart of a first visit (`EmptyCart`, `empty-cart.tsx`). The app renders it only on a
/// wide screen (`WIDE_LAYOUT_QUERY`); narrower ones hide it by CSS until the app has
/// taken the page over and removed it.
fn basket_column(html: &mut Html, texts: Texts) {
    html.open(
        "aside",
        &[
            ("id", Some("basket-column")),
            ("class", Some("basket-column")),
            ("aria-labelledby", Some(BASKET_TITLE_ID)),
        ],
    );
    html.element(
        "h2",
        &[
            ("id", Some(BASKET_TITLE_ID)),
            ("class", Some("basket-column__title")),
            ("tabindex", Some("-1")),
        ],
        &texts.t("cart.title"),
    );
    html.open("div", &[("class", Some("basket-column__body"))]);
    html.open("div", &[("class", Some("cart-empty"))]);
    html.element(
        "span",
        &[
            ("class", Some("cart-empty__icon")),
            ("aria-hidden", Some("true")),
        ],
        "🛒",
    );
    html.element(
        "p",
        &[("class", Some("cart-empty__title"))],
        &texts.t("cart.empty"),
    );
    html.element(
        "p",
        &[("class", Some("cart-empty__hint"))],
        &texts.t("cart.empty_hint"),
    );
    html.close("div");
    html.close("div");
    html.close("aside");
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::config::Language;

    #[test]
    fn categories_are_sorted_and_empty_ones_left_out() {
        let categories = json!([
            {"id": 3, "name": "Getränke", "sort_order": 30},
            {"id": 2, "name": "Pizza", "sort_order": 10},
            {"id": 1, "name": "Leer", "sort_order": 10},
            {"id": 4, "name": "Salate", "sort_order": 10}
        ]);
        let products = json!([
            {"id": 10, "category_id": 3},
            {"id": 11, "category_id": 2},
            {"id": 12, "category_id": 4},
            {"id": 13, "category_id": 2}
        ]);
        let sections =
            group_by_category(categories.as_array().unwrap(), products.as_array().unwrap());
        let shape: Vec<(i64, Vec<i64>)> = sections
            .iter()
            .map(|section| {
                (
                    section.category["id"].as_i64().unwrap(),
                    section
                        .products
                        .iter()
                        .map(|p| p["id"].as_i64().unwrap())
                        .collect(),
                )
            })
            .collect();
        assert_eq!(shape, vec![(2, vec![11, 13]), (4, vec![12]), (3, vec![10])]);
    }

    #[test]
    fn the_nav_marks_the_first_chip_and_names_categories_in_the_language() {
        let categories = json!([
            {"id": 98, "name": "Vorspeisen", "name_en": "Starters", "sort_order": 1},
            {"id": 113, "name": "Salate", "name_en": "", "sort_order": 2}
        ]);
        let products = json!([{"id": 1, "category_id": 98}, {"id": 2, "category_id": 113}]);
        let sections =
            group_by_category(categories.as_array().unwrap(), products.as_array().unwrap());
        let mut html = Html::new();
        category_nav(&mut html, Texts::new(Language::En), &sections);
        let html = html.finish();
        assert!(html.starts_with(
            "<nav class=\"category-nav\" aria-label=\"Categories\"><div class=\"container category-nav__inner\">\
             <div class=\"category-nav__row\"><ul class=\"category-nav__list\">\
             <li class=\"category-nav__item\"><a href=\"#category-98\" class=\"category-nav__chip\" aria-current=\"true\">Starters</a></li>\
             <li class=\"category-nav__item\"><a href=\"#category-113\" class=\"category-nav__chip\">Salate</a></li></ul></div>\
             <form role=\"search\" class=\"category-nav__search\"><label class=\"search-field search-field--compact\">\
             <span class=\"visually-hidden\">Search the menu</span><svg "
        ));
        assert!(html.ends_with(
            "</svg><input type=\"search\" class=\"search-field__input\" placeholder=\"search anything...\" autocomplete=\"off\">\
             </label></form></div></nav>"
        ));
    }

    fn menu_of(page: Value, language: Language) -> String {
        let page = page.as_object().unwrap().clone();
        let screen = Screen {
            page: &page,
            store_id: 14,
            base_path: "/order-online",
            brand: "Bella Napoli",
            texts: Texts::new(language),
            timezone: chrono_tz::Europe::Berlin,
            now: chrono::Utc::now(),
        };
        let mut html = Html::new();
        menu(&mut html, &screen);
        html.finish()
    }

    #[test]
    fn the_first_render_shows_the_first_category_only() {
        let html = menu_of(
            json!({
                "/categories/?store_id=14": [
                    {"id": 5, "name": "Pizza", "description": null, "description_en": "Stone-baked", "sort_order": 2},
                    {"id": 4, "name": "Salate", "description": "Frisch", "description_en": null, "sort_order": 1}
                ],
                "/products/?store_id=14": (1..=6).map(|id| json!({
                    "id": id, "category_id": if id == 6 { 5 } else { 4 }, "name": format!("Salat {id}"),
                    "price": 6.5, "type": "simple", "variants": [], "available": true, "allergens": [],
                    "image": {"url": format!("/images/{id}"), "width": 100, "height": 100, "widths": [100]},
                    "image_url": format!("/images/{id}/100.jpg")
                })).collect::<Vec<_>>()
            }),
            Language::De,
        );
        assert!(html.starts_with(
            "<section class=\"menu-section\" aria-labelledby=\"menu-heading\" aria-busy=\"false\">\
             <div class=\"container\"><h2 id=\"menu-heading\" class=\"section-title\" tabindex=\"-1\">Unsere Speisekarte</h2></div>\
             <nav class=\"category-nav\""
        ), "{html}");
        assert!(html.contains(
            "<div class=\"container menu-body menu-body--partial\">\
             <section id=\"category-4\" class=\"menu-category\" aria-labelledby=\"category-4-title\">\
             <header class=\"menu-category__header\"><h3 id=\"category-4-title\" class=\"menu-category__title\">Salate</h3>\
             <p class=\"menu-category__description\">Frisch</p></header><div class=\"product-grid\"><article "
        ), "{html}");
        assert_eq!(html.matches("<article ").count(), 5, "{html}");
        assert_eq!(html.matches("loading=\"eager\"").count(), 4, "{html}");
        assert_eq!(html.matches("loading=\"lazy\"").count(), 1, "{html}");
        assert!(!html.contains("category-5-title"), "{html}");
        assert!(
            html.ends_with("</article></div></section></div></section>"),
            "{html}"
        );
    }

    #[test]
    fn without_the_menu_in_the_page_it_is_loading_and_an_empty_menu_says_so() {
        let loading = menu_of(json!({"/categories/?store_id=14": []}), Language::En);
        assert_eq!(
            loading,
            "<section class=\"menu-section\" aria-labelledby=\"menu-heading\" aria-busy=\"true\">\
             <div class=\"container\"><h2 id=\"menu-heading\" class=\"section-title\" tabindex=\"-1\">Our menu</h2>\
             <p class=\"status status--loading\" role=\"status\"><span class=\"spinner\" aria-hidden=\"true\"></span>\
             Loading the menu …</p></div></section>"
        );
        let empty = menu_of(
            json!({
                "/categories/?store_id=14": [{"id": 1, "name": "Leer", "sort_order": 1}],
                "/products/?store_id=14": []
            }),
            Language::De,
        );
        assert!(empty.contains(
            "Unsere Speisekarte</h2><p class=\"status\">Zurzeit sind keine Kategorien verfügbar.</p></div></section>"
        ), "{empty}");
    }

    #[test]
    fn the_basket_column_shows_the_empty_cart() {
        let mut html = Html::new();
        basket_column(&mut html, Texts::new(Language::De));
        assert_eq!(
            html.finish(),
            format!(
                "<aside id=\"basket-column\" class=\"basket-column\" aria-labelledby=\"{BASKET_TITLE_ID}\">\
                 <h2 id=\"{BASKET_TITLE_ID}\" class=\"basket-column__title\" tabindex=\"-1\">Warenkorb</h2>\
                 <div class=\"basket-column__body\"><div class=\"cart-empty\">\
                 <span class=\"cart-empty__icon\" aria-hidden=\"true\">🛒</span>\
                 <p class=\"cart-empty__title\">Ihr Warenkorb ist leer</p>\
                 <p class=\"cart-empty__hint\">Stöbern Sie in unserer Speisekarte und legen Sie Ihre Lieblingsgerichte in den Warenkorb.</p>\
                 </div></div></aside>"
            )
        );
    }
}
