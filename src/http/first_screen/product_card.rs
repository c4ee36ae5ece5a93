//! One dish of the menu (`ui/src/features/menu/components/product-card.tsx`) with the
//! parts it is made of: the price labels (`ui/src/components/price-labels.tsx`), the
//! allergen codes (`allergen-codes.tsx`), the age notice (`age-notice.tsx`) and the
//! photo (`ui/src/lib/picture.tsx`).

use serde_json::Value;

use super::js::{format_price, format_price_of, js_number, js_text, localized, truthy};
use super::picture::{Picture, picture};
use super::{Html, Texts};

/// `ProductCard` (`product-card.tsx`): name, sold-out badge, description, allergen
/// codes, age notice, price with its labels, the add button and the photo; `eager` for
/// the cards near the top of the menu (their photo is not lazy).
pub(super) fn write(html: &mut Html, texts: Texts, product: &Value, eager: bool) {
    let language = texts.language();
    let name = localized(
        product["name"].as_str(),
        product["name_en"].as_str(),
        language,
    )
    .unwrap_or("");
    let description = localized(
        Some(product["description"].as_str().unwrap_or("")),
        product["description_en"].as_str(),
        language,
    )
    .unwrap_or("");
    let sold_out = !truthy(&product["available"]);
    let id = js_text(&product["id"]).unwrap_or_else(|| "undefined".to_string());
    let heading_id = format!("product-{id}-name");
    let class = if sold_out {
        "product-card product-card--sold-out"
    } else {
        "product-card"
    };

    html.open(
        "article",
        &[
            ("class", Some(class)),
            ("aria-labelledby", Some(&heading_id)),
            ("data-product-id", Some(&id)),
        ],
    );
    html.open("div", &[("class", Some("product-card__body"))]);
    html.open("div", &[("class", Some("product-card__title-row"))]);
    html.element(
        "h4",
        &[
            ("id", Some(&heading_id)),
            ("class", Some("product-card__name")),
        ],
        name,
    );
    if sold_out {
        html.element(
            "span",
            &[("class", Some("product-card__badge"))],
            &texts.t("menu.sold_out"),
        );
    }
    html.close("div");
    if !description.is_empty() {
        html.element(
            "p",
            &[("class", Some("product-card__description"))],
            description,
        );
    }
    allergen_codes(html, texts, &product["allergens"]);
    age_notice(html, texts, &product["age_restriction"]);
    html.open("div", &[("class", Some("product-card__footer"))]);
    html.open("div", &[("class", Some("product-card__price-block"))]);
    html.element(
        "span",
        &[("class", Some("product-card__price"))],
        &price_label(texts, product),
    );
    price_labels(html, texts, card_price_labels(product));
    html.close("div");
    let label = if sold_out {
        texts.with("menu.sold_out_item", &[("name", name)])
    } else {
        texts.with("menu.add_item", &[("name", name)])
    };
    html.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("product-card__add")),
            ("disabled", sold_out.then_some("")),
            ("aria-label", Some(&label)),
        ],
    );
    html.element("span", &[("aria-hidden", Some("true"))], "+");
    html.close("button");
    html.close("div");
    html.close("div");
    let image = &product["image"];
    if truthy(image) {
        let src = product["image_url"].as_str().unwrap_or("");
        let sizes = card_sizes(
            image["width"].as_f64().unwrap_or(f64::NAN),
            image["height"].as_f64().unwrap_or(f64::NAN),
        );
        picture(
            html,
            &Picture {
                image,
                src,
                sizes: &sizes,
                alt: "",
                class: Some("product-card__image"),
                eager,
                high: false,
                phone_cap: false,
            },
        );
    }
    html.close("article");
}

/// `usePriceLabel` (`product-card.tsx`): `7,50 €`, or `ab 7,90 €` when the price
/// depends on the chosen variant.
fn price_label(texts: Texts, product: &Value) -> String {
    let price = format_price_of(&product["price"]);
    let variants = product["variants"].as_array().map_or(0, Vec::len);
    if product["type"] == "variable" && variants > 1 {
        texts.with("menu.price_from", &[("price", &price)])
    } else {
        price
    }
}

/// `cardPriceLabels` (`product-card.tsx`): the product's own unit price and deposit,
/// or for a variable product those of its (first) cheapest variant; none without one.
fn card_price_labels(product: &Value) -> &Value {
    if product["type"] != "variable" {
        return product;
    }
    let mut shown: Option<&Value> = None;
    for variant in product["variants"].as_array().into_iter().flatten() {
        let cheaper = match shown {
            None => true,
            Some(lowest) => match (variant["price"].as_f64(), lowest["price"].as_f64()) {
                (Some(price), Some(lowest)) => price < lowest,
                _ => false,
            },
        };
        if cheaper {
            shown = Some(variant);
        }
    }
    shown.unwrap_or(&Value::Null)
}

/// `PriceLabels` (`ui/src/components/price-labels.tsx`): the unit price `(3,00 €/l)`
/// and the deposit `zzgl. 0,25 € Pfand`; nothing when there is neither.
pub(super) fn price_labels(html: &mut Html, texts: Texts, labels: &Value) {
    // `labels.net_content?.unit`: present (even as null) when the content has the key.
    let unit = labels["net_content"]
        .as_object()
        .and_then(|c| c.get("unit"));
    let unit_price = labels["unit_price"].as_f64().filter(|_| unit.is_some());
    let deposit = labels["deposit"].as_f64().filter(|deposit| *deposit > 0.0);
    if unit_price.is_none() && deposit.is_none() {
        return;
    }
    html.open(
        "span",
        &[
            ("class", Some("price-labels")),
            ("data-testid", Some("price-labels")),
        ],
    );
    if let Some(unit_price) = unit_price {
        let unit = unit.and_then(js_text).unwrap_or_default();
        let text = texts.with(
            "menu.unit_price",
            &[("price", &format_price(unit_price)), ("unit", &unit)],
        );
        html.element(
            "span",
            &[
                ("class", Some("price-labels__unit-price")),
                ("data-testid", Some("unit-price")),
            ],
            &text,
        );
        if deposit.is_some() {
            html.text(" ");
        }
    }
    if let Some(deposit) = deposit {
        let text = texts.with("menu.deposit", &[("amount", &format_price(deposit))]);
        html.element(
            "span",
            &[
                ("class", Some("price-labels__deposit")),
                ("data-testid", Some("deposit")),
            ],
            &text,
        );
    }
    html.close("span");
}

/// `AllergenCodes` (`ui/src/components/allergen-codes.tsx`): each code as a chip with
/// its name as the tooltip and, for screen readers, in brackets; nothing without any.
pub(super) fn allergen_codes(html: &mut Html, texts: Texts, allergens: &Value) {
    let Some(allergens) = allergens.as_array().filter(|all| !all.is_empty()) else {
        return;
    };
    html.open("p", &[("class", Some("allergen-codes"))]);
    html.element(
        "span",
        &[("class", Some("visually-hidden"))],
        &format!("{}: ", texts.t("allergens.label")),
    );
    for (index, allergen) in allergens.iter().enumerate() {
        let name = localized(
            allergen["name"].as_str(),
            allergen["name_en"].as_str(),
            texts.language(),
        );
        html.open("abbr", &[("class", Some("allergen-code")), ("title", name)]);
        html.text(&js_text(&allergen["code"]).unwrap_or_default());
        let comma = if index < allergens.len() - 1 { "," } else { "" };
        html.element(
            "span",
            &[("class", Some("visually-hidden"))],
            &format!(" ({}){comma}", name.unwrap_or("")),
        );
        html.close("abbr");
    }
    html.close("p");
}

/// `AgeNotice` (`ui/src/components/age-notice.tsx`): "Abgabe nur an Personen ab 16
/// Jahren" with a `16+` badge for a product sold from 16 or 18; nothing otherwise.
pub(super) fn age_notice(html: &mut Html, texts: Texts, age: &Value) {
    let Some(age) = age.as_f64().filter(|age| *age == 16.0 || *age == 18.0) else {
        return;
    };
    let age = js_number(age);
    html.open(
        "p",
        &[
            ("class", Some("age-notice")),
            ("data-testid", Some("age-notice")),
        ],
    );
    html.element(
        "span",
        &[
            ("class", Some("age-notice__badge")),
            ("aria-hidden", Some("true")),
        ],
        &format!("{age}+"),
    );
    html.text(&texts.with("menu.age_notice", &[("age", &age)]));
    html.close("p");
}

/// `cardSizes` (`product-card.tsx`): the photo fills a square of 112 CSS pixels (88 on
/// phones) by its shorter side, so a landscape photo is drawn wider.
fn card_sizes(width: f64, height: f64) -> String {
    // `Math.max(1, NaN)` is NaN.
    let ratio = width / height;
    let wide = if ratio.is_nan() {
        ratio
    } else {
        ratio.max(1.0)
    };
    format!(
        "(max-width: 576px) {}px, {}px",
        js_number((88.0 * wide).ceil()),
        js_number((112.0 * wide).ceil())
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::config::Language;

    fn card(language: Language, product: &Value, eager: bool) -> String {
        let mut html = Html::new();
        write(&mut html, Texts::new(language), product, eager);
        html.finish()
    }

    #[test]
    fn photo_sizes_follow_the_aspect_ratio() {
        assert_eq!(card_sizes(640.0, 480.0), "(max-width: 576px) 118px, 150px");
        assert_eq!(card_sizes(480.0, 640.0), "(max-width: 576px) 88px, 112px");
    }

    #[test]
    fn a_simple_dish_with_allergens_and_no_photo() {
        let product = json!({
            "id": 101, "name": "Knoblauchbrot", "name_en": "Garlic bread",
            "description": "Aus dem Steinofen", "description_en": null,
            "price": 4.5, "type": "simple", "variants": [], "image": null, "image_url": null,
            "available": true, "age_restriction": null,
            "deposit": null, "net_content": null, "unit_price": null,
            "allergens": [
                {"id": 1, "code": "A", "name": "Glutenhaltiges Getreide", "name_en": "Cereals containing gluten"},
                {"id": 7, "code": "G", "name": "Milch und Laktose", "name_en": null}
            ]
        });
        assert_eq!(
            card(Language::De, &product, true),
            "<article class=\"product-card\" aria-labelledby=\"product-101-name\" data-product-id=\"101\">\
             <div class=\"product-card__body\"><div class=\"product-card__title-row\">\
             <h4 id=\"product-101-name\" class=\"product-card__name\">Knoblauchbrot</h4></div>\
             <p class=\"product-card__description\">Aus dem Steinofen</p>\
             <p class=\"allergen-codes\"><span class=\"visually-hidden\">Allergene und Zusatzstoffe: </span>\
             <abbr class=\"allergen-code\" title=\"Glutenhaltiges Getreide\">A<span class=\"visually-hidden\"> (Glutenhaltiges Getreide),</span></abbr>\
             <abbr class=\"allergen-code\" title=\"Milch und Laktose\">G<span class=\"visually-hidden\"> (Milch und Laktose)</span></abbr></p>\
             <div class=\"product-card__footer\"><div class=\"product-card__price-block\">\
             <span class=\"product-card__price\">4,50 €</span></div>\
             <button type=\"button\" class=\"product-card__add\" aria-label=\"Knoblauchbrot in den Warenkorb legen\">\
             <span aria-hidden=\"true\">+</span></button></div></div></article>"
        );
        let english = card(Language::En, &product, true);
        assert!(english.contains(">Garlic bread</h4>"), "{english}");
        // No English description: the German one.
        assert!(english.contains(">Aus dem Steinofen</p>"), "{english}");
        assert!(english.contains("title=\"Milch und Laktose\""), "{english}");
        assert!(
            english.contains("aria-label=\"Add Garlic bread to the cart\""),
            "{english}"
        );
    }

    #[test]
    fn variants_show_from_the_cheapest_with_its_labels_and_the_photo() {
        let product = json!({
            "id": 260, "name": "Coca-Cola", "name_en": null, "description": null, "description_en": null,
            "price": 2.8, "type": "variable", "available": true, "allergens": [],
            "deposit": null, "net_content": null, "unit_price": null,
            "image": {"url": "/images/drink", "width": 640, "height": 480, "widths": [128, 640]},
            "image_url": "/images/drink/640.jpg",
            "variants": [
                {"id": 262, "price": 4.5, "deposit": 0.25, "net_content": {"amount": 1.0, "unit": "l"}, "unit_price": 4.5},
                {"id": 261, "price": 2.8, "deposit": 0.15, "net_content": {"amount": 0.33, "unit": "l"}, "unit_price": 8.48},
                {"id": 263, "price": 2.8, "deposit": null, "net_content": null, "unit_price": null}
            ]
        });
        let html = card(Language::De, &product, false);
        assert!(
            html.contains(
                "<span class=\"product-card__price\">ab 2,80 €</span>\
                 <span class=\"price-labels\" data-testid=\"price-labels\">\
                 <span class=\"price-labels__unit-price\" data-testid=\"unit-price\">(8,48 €/l)</span> \
                 <span class=\"price-labels__deposit\" data-testid=\"deposit\">zzgl. 0,15 € Pfand</span></span></div>"
            ),
            "{html}"
        );
        assert!(!html.contains("product-card__description"), "{html}");
        assert!(
            html.ends_with(
                "<picture><source type=\"image/webp\" srcset=\"/images/drink/128.webp 128w,/images/drink/640.webp 640w\" \
                 sizes=\"(max-width: 576px) 118px, 150px\">\
                 <img class=\"product-card__image\" src=\"/images/drink/640.jpg\" \
                 srcset=\"/images/drink/128.jpg 128w,/images/drink/640.jpg 640w\" \
                 sizes=\"(max-width: 576px) 118px, 150px\" width=\"640\" height=\"480\" alt=\"\" loading=\"lazy\">\
                 </picture></article>"
            ),
            "{html}"
        );
        // One variant: its price alone, no "ab".
        let single = json!({"price": 3.0, "type": "variable", "variants": [{"price": 3.0}], "available": true});
        assert!(card(Language::En, &single, true).contains(">3,00 €</span>"));
    }

    #[test]
    fn a_sold_out_drink_with_an_age_limit() {
        let product = json!({
            "id": 271, "name": "Peroni 0,33 l", "name_en": null, "description": "", "description_en": "Beer",
            "price": 3.5, "type": "simple", "variants": [], "available": false, "allergens": [],
            "deposit": 0.08, "net_content": {"amount": 0.33, "unit": "l"}, "unit_price": null,
            "age_restriction": 16
        });
        let german = card(Language::De, &product, true);
        assert!(german.starts_with("<article class=\"product-card product-card--sold-out\""));
        assert!(german.contains("<span class=\"product-card__badge\">Ausverkauft</span>"));
        assert!(!german.contains("product-card__description"), "{german}");
        assert!(german.contains(
            "<p class=\"age-notice\" data-testid=\"age-notice\"><span class=\"age-notice__badge\" aria-hidden=\"true\">16+</span>\
             Abgabe nur an Personen ab 16 Jahren</p>"
        ));
        assert!(german.contains(
            "<span class=\"price-labels\" data-testid=\"price-labels\">\
             <span class=\"price-labels__deposit\" data-testid=\"deposit\">zzgl. 0,08 € Pfand</span></span>"
        ));
        assert!(german.contains(
            "<button type=\"button\" class=\"product-card__add\" disabled=\"\" aria-label=\"Peroni 0,33 l – ausverkauft\">"
        ));
        let english = card(Language::En, &product, true);
        assert!(english.contains("<p class=\"product-card__description\">Beer</p>"));
        assert!(english.contains("Sold only to persons aged 16 or over</p>"));
        assert!(english.contains(">plus 0,08 € deposit</span>"));
    }
}
