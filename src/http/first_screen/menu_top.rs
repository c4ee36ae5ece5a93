//! The menu page's top (`ui/src/app/routes/home.tsx` up to the menu): the hero, the
//! closed banner with its pre-order button, the standing discounts and the banners.
//!
//! The store's status is the one the app's first render computes: from the page's store
//! record and the clock in the store's zone, before the live connection has spoken.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Utc};
use chrono_tz::Tz;
use serde_json::Value;

use super::js::{js_text, truthy};
use super::picture::{Picture, picture};
use super::status::{FirstStatus, first_status, local_time, store_timezone};
use super::{Html, Screen};
use crate::config::Language;

/// `home.tsx` before `menu-page`: `MenuHero`, then a container with `ClosedBanner`
/// (its action `PreorderNow`) and `DiscountAdvert`, then a container with `MenuBanners`.
pub fn write(html: &mut Html, screen: &Screen) {
    menu_hero(html, screen);
    html.open("div", &[("class", Some("container"))]);
    closed_banner(html, screen);
    discount_advert(html, screen);
    html.close("div");
    html.open("div", &[("class", Some("container"))]);
    menu_banners(html, screen);
    html.close("div");
}

/// `MenuHero` (`menu-hero.tsx`): the brand, the info button, the welcome and tagline.
fn menu_hero(html: &mut Html, screen: &Screen) {
    let texts = screen.texts;
    html.open("section", &[("class", Some("menu-hero"))])
        .open("div", &[("class", Some("container"))])
        .open("div", &[("class", Some("menu-hero__title-row"))])
        .element("h1", &[("class", Some("menu-hero__title"))], screen.brand);
    restaurant_info_button(html, screen);
    html.close("div")
        .element(
            "p",
            &[("class", Some("menu-hero__welcome"))],
            &texts.with("menu.welcome", &[("brand", screen.brand)]),
        )
        .element(
            "p",
            &[("class", Some("menu-hero__tagline"))],
            &texts.t("menu.tagline"),
        )
        .close("div")
        .close("section");
}

/// `RestaurantInfoButton` (`restaurant-info-button.tsx`), its modal closed (not
/// mounted until first opened).
fn restaurant_info_button(html: &mut Html, screen: &Screen) {
    let texts = screen.texts;
    html.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("restaurant-info-button")),
            ("aria-haspopup", Some("dialog")),
            ("aria-label", Some(&texts.t("menu.info_label"))),
        ],
    )
    .element(
        "span",
        &[
            ("class", Some("restaurant-info-button__icon")),
            ("aria-hidden", Some("true")),
        ],
        "i",
    )
    .text(&texts.t("menu.info"))
    .close("button");
}

/// `ClosedBanner` (`closed-banner.tsx`): why the store is closed and when it opens
/// again, with `home.tsx`'s action, the pre-order button. Nothing while open.
fn closed_banner(html: &mut Html, screen: &Screen) {
    let timezone = store_timezone(screen.store(), screen.timezone);
    let Some(status) =
        first_status(screen.store(), screen.now, timezone).filter(|status| !status.is_open())
    else {
        return;
    };
    let Some(reason) = status.closed_reason.as_deref() else {
        return;
    };
    let texts = screen.texts;
    html.open(
        "section",
        &[
            ("class", Some("closed-banner")),
            ("data-testid", Some("closed-banner")),
            ("data-reason", Some(reason)),
            ("aria-labelledby", Some("closed-banner-title")),
        ],
    )
    .open(
        "div",
        &[
            ("class", Some("closed-banner__text")),
            ("role", Some("status")),
        ],
    )
    .element(
        "h2",
        &[
            ("id", Some("closed-banner-title")),
            ("class", Some("closed-banner__title")),
        ],
        &texts.t("closed_banner.title"),
    )
    .element(
        "p",
        &[("class", Some("closed-banner__reason"))],
        &reason_text(screen, &status, reason),
    );
    let opening = status
        .next_opening
        .as_deref()
        .and_then(|next| next_opening_in(next, status.timezone, status.local_time));
    if let Some(opening) = opening {
        html.element(
            "p",
            &[
                ("class", Some("closed-banner__opening")),
                ("data-testid", Some("next-opening")),
            ],
            &next_opening_sentence(&opening, screen),
        );
    }
    html.close("div");
    preorder_now(html, screen);
    html.close("section");
}

/// `useReasonText` (`closed-banner.tsx`): the sentence for why the store is closed.
fn reason_text(screen: &Screen, status: &FirstStatus, reason: &str) -> String {
    let texts = screen.texts;
    match reason {
        "auto_paused" => texts.count(
            "store_status.auto_paused",
            status.auto_paused_after.unwrap_or(0),
            &[],
        ),
        "paused" | "clock_untrusted" | "not_ready" => texts.t(&format!("store_status.{reason}")),
        "closure" => texts.t("store_status.closed_for_today"),
        _ => texts.t("closed_banner.outside_hours"),
    }
}

/// The day of the next opening relative to the store's today (`NextOpening.day`).
#[derive(Debug, PartialEq, Eq)]
enum OpeningDay {
    Today,
    Tomorrow,
    Later,
}

/// `NextOpening` (`next-opening.ts`): the next opening on the store's wall clock.
#[derive(Debug, PartialEq, Eq)]
struct NextOpening {
    day: OpeningDay,
    date: NaiveDate,
    /// `HH:mm`.
    time: String,
}

/// `nextOpeningIn` (`next-opening.ts`): the instant `next_opening` on the store's wall
/// clock, compared with its time now; `None` when it does not parse or has passed.
fn next_opening_in(
    next_opening: &str,
    timezone: Tz,
    now_local: NaiveDateTime,
) -> Option<NextOpening> {
    let instant = DateTime::parse_from_rfc3339(next_opening).ok()?;
    let local = local_time(instant.with_timezone(&Utc), timezone);
    if local <= now_local {
        return None;
    }
    let date = local.date();
    let today = now_local.date();
    let day = if date == today {
        OpeningDay::Today
    } else if today.succ_opt() == Some(date) {
        OpeningDay::Tomorrow
    } else {
        OpeningDay::Later
    };
    Some(NextOpening {
        day,
        date,
        time: local.format("%H:%M").to_string(),
    })
}

/// `nextOpeningSentence` (`next-opening.ts`): "Wir öffnen wieder heute um 17:00 Uhr." /
/// "… morgen um …" / "… am Mittwoch, 25.11., um …" and the English sentences.
fn next_opening_sentence(opening: &NextOpening, screen: &Screen) -> String {
    let texts = screen.texts;
    let time = [("time", opening.time.as_str())];
    match opening.day {
        OpeningDay::Today => texts.with("closed_banner.reopens_today", &time),
        OpeningDay::Tomorrow => texts.with("closed_banner.reopens_tomorrow", &time),
        OpeningDay::Later => {
            let language = screen.language();
            let day = format!(
                "{}, {}",
                weekday_name(opening.date, language),
                format_day_month(&opening.date.to_string(), language)
            );
            texts.with(
                "closed_banner.reopens_on",
                &[("day", &day), ("time", &opening.time)],
            )
        }
    }
}

/// `weekdayName` (`calendar-date.ts`): "Mittwoch" / "Wednesday".
fn weekday_name(date: NaiveDate, language: Language) -> &'static str {
    const GERMAN: [&str; 7] = [
        "Sonntag",
        "Montag",
        "Dienstag",
        "Mittwoch",
        "Donnerstag",
        "Freitag",
        "Samstag",
    ];
    const ENGLISH: [&str; 7] = [
        "Sunday",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
    ];
    let day = date.weekday().num_days_from_sunday() as usize;
    match language {
        Language::De => GERMAN[day],
        Language::En => ENGLISH[day],
    }
}

/// `formatDayMonth` (`calendar-date.ts`) of a date `YYYY-MM-DD`: "25.11." in German,
/// "25 Nov" in English (the `en-GB` short months, "Sept" among them).
fn format_day_month(date: &str, language: Language) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec",
    ];
    let mut parts = date.split('-');
    let (_, month, day) = (parts.next(), parts.next(), parts.next());
    match language {
        Language::De => format!(
            "{}.{}.",
            day.unwrap_or("undefined"),
            month.unwrap_or("undefined")
        ),
        Language::En => match date.parse::<NaiveDate>() {
            Ok(parsed) => format!("{} {}", parsed.day(), MONTHS[parsed.month0() as usize]),
            Err(_) => date.to_string(),
        },
    }
}

/// `PreorderNow` (`preorder-now.tsx`) as a first visit has it: the button when the page
/// carries both order types' pre-order times and either has one, today or on a later
/// day (the cart is empty, the order type the default); nothing otherwise.
fn preorder_now(html: &mut Html, screen: &Screen) {
    let answers = ["delivery", "pickup"].map(|order_type| screen.slots(order_type));
    if answers
        .iter()
        .any(|answer| answer.get("slots").and_then(Value::as_array).is_none())
    {
        return;
    }
    if !answers.iter().any(|answer| has_time(answer)) {
        return;
    }
    html.open("div", &[("class", Some("preorder-now"))])
        .element(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("button preorder-now__button")),
            ],
            &screen.texts.t("closed_banner.preorder"),
        )
        .close("div");
}

/// Whether an answer of `GET /stores/{id}/slots` offers a time: today's, else a later
/// day's (`firstDay` in `preorder-now.tsx`).
fn has_time(answer: &Value) -> bool {
    let listed = |list: Option<&Value>| {
        list.and_then(Value::as_array)
            .is_some_and(|list| !list.is_empty())
    };
    listed(answer.get("slots"))
        || answer
            .get("days")
            .and_then(Value::as_array)
            .is_some_and(|days| days.iter().any(|day| listed(day.get("slots"))))
}

/// The standing discounts the advert names (`ADVERTISED` in `discount-text.ts`), in order.
const ADVERTISED: [&str; 2] = ["PICKUP_DISCOUNT", "DELIVERY_DISCOUNT"];

/// `ActiveDiscount` (`discount-text.ts`).
#[derive(Debug, PartialEq)]
struct ActiveDiscount<'a> {
    code: &'static str,
    /// Percent, as JavaScript writes the number.
    value: String,
    /// Last day it applies (`YYYY-MM-DD`, store zone).
    expires_on: Option<&'a str>,
}

/// `activeDiscounts` (`discount-text.ts`): the pickup and delivery discounts that apply
/// on `today` with a value above zero, pickup first, the first one of each code.
fn active_discounts<'a>(list: &'a [Value], today: &str) -> Vec<ActiveDiscount<'a>> {
    let mut found: Vec<ActiveDiscount> = Vec::new();
    for discount in list {
        let Some(code) = discount
            .get("code")
            .and_then(Value::as_str)
            .and_then(|code| {
                ADVERTISED
                    .into_iter()
                    .find(|advertised| *advertised == code)
            })
        else {
            continue;
        };
        if found.iter().any(|active| active.code == code) {
            continue;
        }
        let Some(value) = discount
            .get("value")
            .filter(|value| value.as_f64().is_some_and(|v| v > 0.0))
        else {
            continue;
        };
        let expires_on = discount.get("expires_on").and_then(Value::as_str);
        if expires_on.is_some_and(|last| last < today) {
            continue;
        }
        found.push(ActiveDiscount {
            code,
            value: js_text(value).unwrap_or_default(),
            expires_on,
        });
    }
    found.sort_by_key(|active| ADVERTISED.iter().position(|code| *code == active.code));
    found
}

/// `discountText` (`discount-text.ts`): "10 % Rabatt bei Abholung", "5 % Rabatt auf
/// Lieferungen bis 31.12." (a decimal comma in German) and the English texts.
fn discount_text(discount: &ActiveDiscount, screen: &Screen) -> String {
    let language = screen.language();
    let value = match language {
        Language::En => discount.value.clone(),
        Language::De => discount.value.replacen('.', ",", 1),
    };
    let text = screen.texts.with(
        &format!("discount_advert.{}", discount.code),
        &[("value", &value)],
    );
    match discount.expires_on {
        None => text,
        Some(last) => screen.texts.with(
            "discount_advert.until",
            &[("text", &text), ("date", &format_day_month(last, language))],
        ),
    }
}

/// `DiscountAdvert` (`discount-advert.tsx`): the standing discounts as a list; nothing
/// without any or without the store record (the app waits for it).
fn discount_advert(html: &mut Html, screen: &Screen) {
    let Some(list) = screen.discounts().as_array() else {
        return;
    };
    if screen.store().is_null() {
        return;
    }
    let today = local_time(screen.now, store_timezone(screen.store(), screen.timezone))
        .date()
        .to_string();
    let active = active_discounts(list, &today);
    if active.is_empty() {
        return;
    }
    html.open(
        "ul",
        &[
            ("class", Some("discount-advert")),
            ("aria-label", Some(&screen.texts.t("discount_advert.label"))),
            ("data-testid", Some("discount-advert")),
        ],
    );
    for discount in &active {
        html.open(
            "li",
            &[
                ("class", Some("discount-advert__item")),
                ("data-code", Some(discount.code)),
            ],
        )
        .element(
            "span",
            &[
                ("class", Some("discount-advert__icon")),
                ("aria-hidden", Some("true")),
            ],
            "%",
        )
        .text(&discount_text(discount, screen))
        .close("li");
    }
    html.close("ul");
}

/// `MenuBanners` (`menu-banners.tsx`): the banners by `sort_order` in a `Carousel`;
/// nothing without banners.
fn menu_banners(html: &mut Html, screen: &Screen) {
    let Some(banners) = screen.menu_part("banners").as_array() else {
        return;
    };
    if banners.is_empty() {
        return;
    }
    let mut slides: Vec<&Value> = banners.iter().collect();
    slides.sort_by(|a, b| {
        let order = |banner: &Value| banner.get("sort_order").and_then(Value::as_f64);
        order(a)
            .zip(order(b))
            .and_then(|(a, b)| a.partial_cmp(&b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    carousel(html, screen, &slides, &screen.texts.t("carousel.label"));
}

/// `Carousel` (`carousel.tsx`) on its first render: the first slide shown, playing on
/// its own when it has several (the app leaves it still for visitors who prefer reduced
/// motion, which only the browser knows: their app sets `aria-live` to `polite`).
fn carousel(html: &mut Html, screen: &Screen, slides: &[&Value], label: &str) {
    let texts = screen.texts;
    let count = slides.len();
    let auto_play = count > 1;
    let count_text = count.to_string();
    html.open(
        "section",
        &[
            ("class", Some("carousel")),
            ("aria-roledescription", Some("carousel")),
            ("aria-label", Some(label)),
        ],
    )
    .open(
        "div",
        &[
            ("class", Some("carousel__viewport")),
            ("aria-live", Some(if auto_play { "off" } else { "polite" })),
        ],
    )
    // The first slide needs no transform, and the page's policy refuses inline style
    // attributes (the app sets its transform through the style object once it moves).
    .open("div", &[("class", Some("carousel__track"))]);
    for (at, slide) in slides.iter().enumerate() {
        let index = (at + 1).to_string();
        html.open(
            "div",
            &[
                ("class", Some("carousel__slide")),
                ("role", Some("group")),
                ("aria-roledescription", Some("slide")),
                (
                    "aria-label",
                    Some(&texts.with(
                        "carousel.slide_of",
                        &[("index", &index), ("count", &count_text)],
                    )),
                ),
                ("aria-hidden", Some(if at == 0 { "false" } else { "true" })),
            ],
        );
        slide_image(html, slide, at == 0);
        html.close("div");
    }
    html.close("div").close("div");
    if count > 1 {
        for (modifier, key, arrow) in [
            ("prev", "carousel.previous", "‹"),
            ("next", "carousel.next", "›"),
        ] {
            html.open(
                "button",
                &[
                    ("type", Some("button")),
                    (
                        "class",
                        Some(&format!("carousel__arrow carousel__arrow--{modifier}")),
                    ),
                    ("aria-label", Some(&texts.t(key))),
                ],
            )
            .element("span", &[("aria-hidden", Some("true"))], arrow)
            .close("button");
        }
        html.open("div", &[("class", Some("carousel__dots"))]);
        for at in 0..count {
            let index = (at + 1).to_string();
            html.empty(
                "button",
                &[
                    ("type", Some("button")),
                    ("class", Some("carousel__dot")),
                    (
                        "aria-label",
                        Some(&texts.with("carousel.go_to", &[("index", &index)])),
                    ),
                    ("aria-current", (at == 0).then_some("true")),
                ],
            );
        }
        html.close("div");
    }
    html.close("section");
}

/// One slide's photo in `Carousel`: `Picture` (`picture.tsx`, `sizes="100vw"`, the
/// first one fetched first) when the banner has renditions, else a plain `img`.
fn slide_image(html: &mut Html, slide: &Value, first: bool) {
    let src = slide.get("image_url").and_then(Value::as_str);
    let alt = slide.get("alt").and_then(Value::as_str);
    let loading = Some(if first { "eager" } else { "lazy" });
    let image = slide.get("image").filter(|image| truthy(image));
    let Some(image) = image else {
        html.empty(
            "img",
            &[
                ("src", src),
                ("alt", alt),
                ("draggable", Some("false")),
                ("loading", loading),
            ],
        );
        return;
    };
    picture(
        html,
        &Picture {
            image,
            src: src.unwrap_or(""),
            sizes: "100vw",
            alt: alt.unwrap_or(""),
            class: None,
            eager: first,
            high: first,
            phone_cap: true,
        },
    );
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, json};

    use super::*;
    use crate::http::first_screen::Texts;

    /// The demo shop's week: lunch and evening on weekdays, a late night on Saturday.
    fn store(fields: Value) -> Value {
        let mut store = json!({
            "id": 14,
            "timezone": "Europe/Berlin",
            "store_hours": [
                {"day_of_week": 1, "open_time": "11:30", "close_time": "14:30", "label": "Mittagstisch", "label_en": ""},
                {"day_of_week": 1, "open_time": "17:00", "close_time": "22:30", "label": "", "label_en": ""},
                {"day_of_week": 3, "open_time": "11:30", "close_time": "14:30", "label": "", "label_en": ""},
                {"day_of_week": 6, "open_time": "12:00", "close_time": "01:00", "label": "**Late night**", "label_en": ""},
            ],
            "closures": [],
            "paused": false,
            "closed_reason": null,
            "auto_pause": null,
            "next_opening": null,
        });
        for (name, value) in fields.as_object().expect("fields") {
            store[name] = value.clone();
        }
        store
    }

    /// The page's initial reads.
    fn page(entries: &[(&str, Value)]) -> Map<String, Value> {
        entries
            .iter()
            .map(|(path, answer)| (path.to_string(), answer.clone()))
            .collect()
    }

    /// The demo shop's screen at `now` in `language`.
    fn screen<'a>(page: &'a Map<String, Value>, language: Language, now: &str) -> Screen<'a> {
        Screen {
            page,
            store_id: 14,
            base_path: "/order-online",
            brand: "Bella Napoli",
            texts: Texts::new(language),
            timezone: chrono_tz::Europe::Berlin,
            now: now.parse().expect("an instant"),
        }
    }

    /// What `write` writes.
    fn written(write: impl FnOnce(&mut Html)) -> String {
        let mut html = Html::new();
        write(&mut html);
        html.finish()
    }

    /// A `GET /stores/{id}/slots` answer with these pre-order times.
    fn slots(times: &[(&str, &str)]) -> Value {
        let slots: Vec<Value> = times
            .iter()
            .map(|(time, starts_at)| json!({"time": time, "starts_at": starts_at}))
            .collect();
        json!({"immediately": false, "slots": slots, "days": []})
    }

    /// Monday 23 November 2026.
    const MONDAY_LUNCH: &str = "2026-11-23T11:00:00Z";
    const MONDAY_MORNING: &str = "2026-11-23T05:00:00Z";

    #[test]
    fn open_at_lunchtime_the_top_has_the_hero_the_discount_and_the_banner() {
        let page = page(&[
            ("/stores/14", store(json!({}))),
            (
                "/discounts/14",
                json!([{"code": "PICKUP_DISCOUNT", "expires_on": null, "value": 10}]),
            ),
            (
                "/banners/?store_id=14",
                json!([{"id": 275, "image_url": "/images/b/640.jpg", "alt": "Pizza",
                    "sort_order": 0,
                    "image": {"url": "/images/b", "width": 1280, "height": 480, "widths": [640, 1280]}}]),
            ),
        ]);
        let screen = screen(&page, Language::De, MONDAY_LUNCH);
        assert_eq!(
            written(|html| write(html, &screen)),
            concat!(
                "<section class=\"menu-hero\"><div class=\"container\"><div class=\"menu-hero__title-row\">",
                "<h1 class=\"menu-hero__title\">Bella Napoli</h1>",
                "<button type=\"button\" class=\"restaurant-info-button\" aria-haspopup=\"dialog\" ",
                "aria-label=\"Info: Öffnungszeiten, Adresse und Liefergebiete\">",
                "<span class=\"restaurant-info-button__icon\" aria-hidden=\"true\">i</span>Info</button></div>",
                "<p class=\"menu-hero__welcome\">Willkommen bei Bella Napoli</p>",
                "<p class=\"menu-hero__tagline\">Frisch zubereitet – geliefert oder zum Abholen.</p></div></section>",
                "<div class=\"container\">",
                "<ul class=\"discount-advert\" aria-label=\"Aktuelle Rabatte\" data-testid=\"discount-advert\">",
                "<li class=\"discount-advert__item\" data-code=\"PICKUP_DISCOUNT\">",
                "<span class=\"discount-advert__icon\" aria-hidden=\"true\">%</span>10 % Rabatt bei Abholung</li></ul>",
                "</div><div class=\"container\">",
                "<section class=\"carousel\" aria-roledescription=\"carousel\" aria-label=\"Aktionen\">",
                "<div class=\"carousel__viewport\" aria-live=\"polite\">",
                "<div class=\"carousel__track\">",
                "<div class=\"carousel__slide\" role=\"group\" aria-roledescription=\"slide\" aria-label=\"1 von 1\" aria-hidden=\"false\">",
                // A phone is offered the renditions up to 960 px only (`picture::PHONE_SCREEN`).
                "<picture><source type=\"image/webp\" media=\"(max-width: 480px)\" srcset=\"/images/b/640.webp 640w\" sizes=\"100vw\">",
                "<source type=\"image/webp\" srcset=\"/images/b/640.webp 640w,/images/b/1280.webp 1280w\" sizes=\"100vw\">",
                "<img src=\"/images/b/640.jpg\" srcset=\"/images/b/640.jpg 640w,/images/b/1280.jpg 1280w\" sizes=\"100vw\" ",
                "width=\"1280\" height=\"480\" alt=\"Pizza\" loading=\"eager\" fetchpriority=\"high\"></picture>",
                "</div></div></div></section></div>",
            )
        );
    }

    #[test]
    fn closed_in_the_morning_the_banner_names_the_opening_and_offers_pre_orders() {
        let page = page(&[
            (
                "/stores/14",
                store(
                    json!({"closed_reason": "outside_hours", "next_opening": "2026-11-23T10:30:00Z"}),
                ),
            ),
            (
                "/stores/14/slots?order_type=delivery",
                slots(&[("11:30", "2026-11-23T10:30:00Z")]),
            ),
            ("/stores/14/slots?order_type=pickup", slots(&[])),
        ]);
        let screen = screen(&page, Language::De, MONDAY_MORNING);
        assert_eq!(
            written(|html| closed_banner(html, &screen)),
            concat!(
                "<section class=\"closed-banner\" data-testid=\"closed-banner\" data-reason=\"outside_hours\" ",
                "aria-labelledby=\"closed-banner-title\"><div class=\"closed-banner__text\" role=\"status\">",
                "<h2 id=\"closed-banner-title\" class=\"closed-banner__title\">Wir haben gerade geschlossen</h2>",
                "<p class=\"closed-banner__reason\">Außerhalb unserer Öffnungszeiten nehmen wir keine Bestellungen für sofort an.</p>",
                "<p class=\"closed-banner__opening\" data-testid=\"next-opening\">Wir öffnen wieder heute um 11:30 Uhr.</p></div>",
                "<div class=\"preorder-now\"><button type=\"button\" class=\"button preorder-now__button\">Jetzt vorbestellen</button></div>",
                "</section>",
            )
        );
    }

    #[test]
    fn the_pre_order_button_needs_both_lists_and_a_time_in_one_today_or_later() {
        let closed = store(json!({"closed_reason": "outside_hours"}));
        let one = slots(&[("11:30", "2026-11-23T10:30:00Z")]);
        // No time today, the first on a later day (`orders.preorder_days`).
        let mut tomorrow = slots(&[]);
        tomorrow["days"] = json!([{"date": "2026-11-24", "slots": [{"time": "11:30", "starts_at": "2026-11-24T10:30:00Z"}]}]);
        let cases = [
            (Some(slots(&[])), Some(one.clone()), true),
            (Some(slots(&[])), Some(slots(&[])), false),
            (Some(one.clone()), None, false),
            (None, None, false),
            (Some(slots(&[])), Some(tomorrow.clone()), true),
            (Some(tomorrow.clone()), Some(slots(&[])), true),
        ];
        for (delivery, pickup, button) in cases {
            let mut entries = vec![("/stores/14", closed.clone())];
            if let Some(delivery) = &delivery {
                entries.push(("/stores/14/slots?order_type=delivery", delivery.clone()));
            }
            if let Some(pickup) = &pickup {
                entries.push(("/stores/14/slots?order_type=pickup", pickup.clone()));
            }
            let page = page(&entries);
            let screen = screen(&page, Language::En, MONDAY_MORNING);
            let html = written(|html| closed_banner(html, &screen));
            assert_eq!(
                html.contains("<button type=\"button\" class=\"button preorder-now__button\">Pre-order now</button>"),
                button,
                "{delivery:?} {pickup:?}: {html}"
            );
        }
    }

    #[test]
    fn the_reason_follows_the_store_record_and_the_hours() {
        let reason = |fields: Value, now: &str, language: Language| {
            let page = page(&[("/stores/14", store(fields))]);
            let screen = screen(&page, language, now);
            let html = written(|html| closed_banner(html, &screen));
            html.split("<p class=\"closed-banner__reason\">")
                .nth(1)
                .map(|rest| rest.split("</p>").next().unwrap_or_default().to_string())
        };
        // Open by the hours: no banner, whatever a stale record says.
        assert_eq!(reason(json!({}), MONDAY_LUNCH, Language::De), None);
        assert_eq!(
            reason(
                json!({"closed_reason": "outside_hours"}),
                MONDAY_LUNCH,
                Language::De
            ),
            None
        );
        // Closed by the hours without a reason in the record.
        assert_eq!(
            reason(json!({}), MONDAY_MORNING, Language::En).as_deref(),
            Some("Outside our opening hours we take no orders for right away.")
        );
        assert_eq!(
            reason(
                json!({"paused": true, "closed_reason": "paused"}),
                MONDAY_LUNCH,
                Language::De
            )
            .as_deref(),
            Some("Bestellungen pausiert")
        );
        assert_eq!(
            reason(
                json!({"paused": true, "closed_reason": "auto_paused",
                    "auto_pause": {"unanswered": 3, "since": "2026-11-23T10:00:00Z"}}),
                MONDAY_LUNCH,
                Language::De
            )
            .as_deref(),
            Some("Automatisch pausiert: 3 Bestellungen in Folge blieben unbeantwortet.")
        );
        assert_eq!(
            reason(
                json!({"closed_reason": "not_ready"}),
                MONDAY_LUNCH,
                Language::En
            )
            .as_deref(),
            Some("Not taking orders yet: the shop is still being set up.")
        );
        assert_eq!(
            reason(
                json!({"closed_reason": "clock_untrusted"}),
                MONDAY_LUNCH,
                Language::De
            )
            .as_deref(),
            Some("Gerade keine Bestellungen: Die Uhr des Shops wird nach einem Neustart gestellt.")
        );
        assert_eq!(
            reason(
                json!({"closures": [{"date": "2026-11-23", "note": ""}], "closed_reason": "closure"}),
                MONDAY_LUNCH,
                Language::De
            )
            .as_deref(),
            Some("Heute geschlossen")
        );
    }

    #[test]
    fn the_next_opening_is_today_tomorrow_or_a_named_day_on_the_stores_clock() {
        let berlin = chrono_tz::Europe::Berlin;
        let now: NaiveDateTime = "2026-11-23T23:10:05".parse().unwrap();
        let sentence = |next: &str, language: Language| {
            let page = Map::new();
            let screen = screen(&page, language, MONDAY_LUNCH);
            next_opening_in(next, berlin, now)
                .map(|opening| next_opening_sentence(&opening, &screen))
        };
        assert_eq!(
            sentence("2026-11-23T22:30:00Z", Language::De).as_deref(),
            Some("Wir öffnen wieder heute um 23:30 Uhr.")
        );
        assert_eq!(
            sentence("2026-11-24T10:30:00Z", Language::De).as_deref(),
            Some("Wir öffnen wieder morgen um 11:30 Uhr.")
        );
        assert_eq!(
            sentence("2026-11-24T10:30:00Z", Language::En).as_deref(),
            Some("We open again tomorrow at 11:30.")
        );
        assert_eq!(
            sentence("2026-11-25T10:30:00Z", Language::De).as_deref(),
            Some("Wir öffnen wieder am Mittwoch, 25.11., um 11:30 Uhr.")
        );
        assert_eq!(
            sentence("2026-11-25T10:30:00Z", Language::En).as_deref(),
            Some("We open again on Wednesday, 25 Nov at 11:30.")
        );
        // Summer time: the instant is read in the store's zone.
        let september: NaiveDateTime = "2026-09-01T08:00:00".parse().unwrap();
        assert_eq!(
            next_opening_in("2026-09-08T09:30:00Z", berlin, september),
            Some(NextOpening {
                day: OpeningDay::Later,
                date: "2026-09-08".parse().unwrap(),
                time: "11:30".into(),
            })
        );
        assert_eq!(format_day_month("2026-09-08", Language::En), "8 Sept");
        assert_eq!(format_day_month("2026-09-08", Language::De), "08.09.");
        // Passed, this very second, or unreadable: no sentence.
        assert_eq!(sentence("2026-11-23T22:10:05Z", Language::De), None);
        assert_eq!(sentence("2026-11-23T20:00:00Z", Language::De), None);
        assert_eq!(sentence("soon", Language::De), None);
    }

    #[test]
    fn the_advert_shows_the_active_pickup_and_delivery_discounts() {
        let list = json!([
            {"code": "DELIVERY_DISCOUNT", "value": 2.5, "expires_on": "2026-12-31"},
            {"code": "PICKUP_DISCOUNT", "value": 0, "expires_on": null},
            {"code": "PICKUP_DISCOUNT", "value": 10, "expires_on": null},
            {"code": "PICKUP_DISCOUNT", "value": 20, "expires_on": null},
            {"code": "FIRST_ORDER", "value": 5, "expires_on": null},
        ]);
        let list = list.as_array().unwrap();
        assert_eq!(
            active_discounts(list, "2026-11-23"),
            vec![
                ActiveDiscount {
                    code: "PICKUP_DISCOUNT",
                    value: "10".into(),
                    expires_on: None
                },
                ActiveDiscount {
                    code: "DELIVERY_DISCOUNT",
                    value: "2.5".into(),
                    expires_on: Some("2026-12-31")
                },
            ]
        );
        // The last day still counts; the day after it does not.
        assert_eq!(active_discounts(list, "2026-12-31").len(), 2);
        assert_eq!(active_discounts(list, "2027-01-01").len(), 1);

        let texts = |language: Language| {
            let page = page(&[
                ("/stores/14", store(json!({}))),
                ("/discounts/14", Value::Array(list.clone())),
            ]);
            let screen = screen(&page, language, MONDAY_LUNCH);
            active_discounts(list, "2026-11-23")
                .iter()
                .map(|discount| discount_text(discount, &screen))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            texts(Language::De),
            [
                "10 % Rabatt bei Abholung",
                "2,5 % Rabatt auf Lieferungen bis 31.12."
            ]
        );
        assert_eq!(
            texts(Language::En),
            ["10% off pickup orders", "2.5% off deliveries until 31 Dec"]
        );
    }

    #[test]
    fn without_the_store_record_or_discounts_or_banners_the_containers_stay_empty() {
        let discounts = json!([{"code": "PICKUP_DISCOUNT", "value": 10, "expires_on": null}]);
        let without_store = page(&[("/discounts/14", discounts)]);
        let no_discounts = page(&[
            ("/stores/14", store(json!({}))),
            ("/discounts/14", json!([])),
            ("/banners/?store_id=14", json!([])),
        ]);
        for page in [without_store, no_discounts] {
            let screen = screen(&page, Language::De, MONDAY_MORNING);
            let html = written(|html| write(html, &screen));
            let after_hero = html.split("</section>").nth(1).unwrap_or_default();
            if page.contains_key("/stores/14") {
                assert!(
                    after_hero
                        .starts_with("<div class=\"container\"><section class=\"closed-banner\"")
                );
            } else {
                assert_eq!(
                    after_hero,
                    "<div class=\"container\"></div><div class=\"container\"></div>"
                );
            }
            assert!(!html.contains("discount-advert"), "{html}");
            assert!(!html.contains("carousel"), "{html}");
        }
    }

    #[test]
    fn several_banners_play_by_sort_order_with_arrows_and_dots() {
        let page = page(&[(
            "/banners/?store_id=14",
            json!([
                {"id": 2, "image_url": "/b.jpg", "alt": "B", "sort_order": 5, "image": null},
                {"id": 1, "image_url": "/a.jpg", "alt": "A & more", "sort_order": 1, "image": null},
            ]),
        )]);
        let screen = screen(&page, Language::En, MONDAY_LUNCH);
        assert_eq!(
            written(|html| menu_banners(html, &screen)),
            concat!(
                "<section class=\"carousel\" aria-roledescription=\"carousel\" aria-label=\"Offers\">",
                "<div class=\"carousel__viewport\" aria-live=\"off\">",
                "<div class=\"carousel__track\">",
                "<div class=\"carousel__slide\" role=\"group\" aria-roledescription=\"slide\" aria-label=\"1 of 2\" aria-hidden=\"false\">",
                "<img src=\"/a.jpg\" alt=\"A &amp; more\" draggable=\"false\" loading=\"eager\"></div>",
                "<div class=\"carousel__slide\" role=\"group\" aria-roledescription=\"slide\" aria-label=\"2 of 2\" aria-hidden=\"true\">",
                "<img src=\"/b.jpg\" alt=\"B\" draggable=\"false\" loading=\"lazy\"></div></div></div>",
                "<button type=\"button\" class=\"carousel__arrow carousel__arrow--prev\" aria-label=\"Previous slide\">",
                "<span aria-hidden=\"true\">‹</span></button>",
                "<button type=\"button\" class=\"carousel__arrow carousel__arrow--next\" aria-label=\"Next slide\">",
                "<span aria-hidden=\"true\">›</span></button>",
                "<div class=\"carousel__dots\">",
                "<button type=\"button\" class=\"carousel__dot\" aria-label=\"Go to slide 1\" aria-current=\"true\"></button>",
                "<button type=\"button\" class=\"carousel__dot\" aria-label=\"Go to slide 2\"></button></div></section>",
            )
        );
    }
}
