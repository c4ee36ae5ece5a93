//! The app's frame around every page (`ui/src/components/layout/app-layout.tsx`): the
//! skip link, the header with its toolbar, the main element, the footer, and the toast
//! region beside the frame (`ui/src/app/app.tsx`).
//!
//! As a first visit has it: online (no offline banner), not signed in, an empty cart,
//! delivery without a postcode, every dropdown and dialog closed, the store's default
//! language, and no word yet from the live status connection (the header's status comes
//! from the store's hours at the server's clock in the store's zone).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde_json::Value;

use super::js::{js_trim, localized, truthy};
use super::menu::SEARCH_ICON;
use super::status::{first_status, store_timezone};
use super::{Html, Screen, Texts};
use crate::config::Language;
use crate::domain::store_hours::{HoursText, clean_label};

/// `ui/src/components/header/logo-mark.tsx`.
const LOGO_MARK: &str = concat!(
    r##"<svg class="logo-mark" viewBox="0 0 64 64" width="36" height="36" aria-hidden="true" focusable="false">"##,
    r##"<circle cx="32" cy="32" r="30" fill="currentColor"></circle>"##,
    r##"<circle cx="32" cy="32" r="22" fill="#f4c542"></circle>"##,
    r##"<circle cx="24" cy="26" r="4" fill="currentColor"></circle>"##,
    r##"<circle cx="40" cy="24" r="4" fill="currentColor"></circle>"##,
    r##"<circle cx="36" cy="40" r="4" fill="currentColor"></circle>"##,
    r##"<circle cx="22" cy="40" r="3" fill="#3d7a3a"></circle>"##,
    "</svg>"
);

/// `BasketIcon` in `ui/src/features/cart/components/cart-button.tsx`.
const BASKET_ICON: &str = concat!(
    r#"<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">"#,
    r#"<path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM2 3a1 1 0 0 1 1-1h1.7a1.5 1.5 0 0 1 1.46 1.15L6.5 5H20a1 1 0 0 1 .97 1.24l-1.6 6.4A2 2 0 0 1 17.43 14H8.1l.4 1.6a.5.5 0 0 0 .48.4H19a1 1 0 1 1 0 2H8.98a2.5 2.5 0 0 1-2.42-1.89L4.3 4H3a1 1 0 0 1-1-1Z"></path>"#,
    "</svg>"
);

/// `PinIcon` in `ui/src/features/delivery/components/postcode-selector.tsx`.
const PIN_ICON: &str = concat!(
    r#"<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">"#,
    r#"<path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"></path>"#,
    "</svg>"
);

/// The language dropdown's list id: React's `useId` in the order the app calls it, the
/// account area's (`P0-0`, called signed out too) first.
const LANGUAGE_LIST_ID: &str = "P0-1";

/// `MOBILE_POSTCODE_LENGTH` in `ui/src/features/delivery/lib/postcodes.ts`.
const MOBILE_POSTCODE_LENGTH: usize = 14;

/// The app inside `#root`: `ToastProvider` (`ui/src/components/toast/toast.tsx`) puts
/// its empty region after the route's `AppLayout`
/// (`ui/src/components/layout/app-layout.tsx`), whose `<main>` holds the page.
pub fn app(html: &mut Html, screen: &Screen, main: impl FnOnce(&mut Html)) {
    let texts = screen.texts;
    html.open("div", &[("class", Some("app-shell"))]).element(
        "a",
        &[
            ("class", Some("skip-link")),
            ("href", Some("#main-content")),
        ],
        &texts.t("common.skip_to_content"),
    );
    header(html, screen);
    // OfflineBanner: the browser is online when the page has just loaded.
    html.open(
        "main",
        &[
            ("id", Some("main-content")),
            ("class", Some("app-main")),
            ("tabindex", Some("-1")),
        ],
    );
    main(html);
    html.close("main");
    footer(html, screen);
    html.close("div").empty(
        "div",
        &[
            ("class", Some("toast-region")),
            ("aria-live", Some("polite")),
        ],
    );
}

/// `Header` (`ui/src/components/header/header.tsx`) with the storefront's slots from
/// `ui/src/app/storefront-provider.tsx`: `StorefrontActions` and `StorefrontToolbar`.
fn header(html: &mut Html, screen: &Screen) {
    let texts = screen.texts;
    let home = screen.href("");
    let home_title = texts.with("header.home_link", &[("brand", screen.brand)]);
    html.open("header", &[("class", Some("site-header"))])
        .open("div", &[("class", Some("container site-header__inner"))])
        .open(
            "a",
            &[
                ("class", Some("brand-link")),
                ("title", Some(&home_title)),
                ("href", Some(&home)),
                ("data-discover", Some("true")),
            ],
        )
        .trusted(LOGO_MARK)
        .element("span", &[("class", Some("brand-link__name"))], screen.brand)
        .close("a")
        .open("div", &[("class", Some("site-header__actions"))]);
    mobile_search(html, texts);
    cart_button(html, texts);
    account_area(html, screen);
    language_dropdown(html, texts);
    html.close("div").close("div");

    html.open("div", &[("class", Some("site-header__toolbar"))])
        .open(
            "div",
            &[("class", Some("container site-header__toolbar-inner"))],
        );
    store_status_badge(html, screen);
    html.open("div", &[("class", Some("site-header__toolbar-end"))]);
    order_type_switch(html, texts);
    postcode_selector(html, texts);
    html.close("div").close("div").close("div").close("header");
}

/// `MobileSearch` (`ui/src/features/menu/components/mobile-search.tsx`) on the menu
/// page with an empty query; its dialog is closed.
fn mobile_search(html: &mut Html, texts: Texts) {
    html.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("icon-button mobile-search__toggle")),
            ("aria-label", Some(&texts.t("search.open"))),
            ("aria-haspopup", Some("dialog")),
        ],
    )
    .trusted(SEARCH_ICON)
    .close("button");
}

/// `CartButton` (`ui/src/features/cart/components/cart-button.tsx`) with an empty cart.
/// The first render has no basket column yet (it announces itself from an effect), so
/// the button opens the dialog on every screen width.
fn cart_button(html: &mut Html, texts: Texts) {
    html.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("cart-button")),
            ("aria-label", Some(&texts.count("cart.button", 0, &[]))),
            ("aria-haspopup", Some("dialog")),
        ],
    )
    .trusted(BASKET_ICON)
    .element(
        "span",
        &[
            ("class", Some("cart-button__label")),
            ("aria-hidden", Some("true")),
        ],
        &texts.t("cart.title"),
    )
    .element(
        "span",
        &[
            (
                "class",
                Some("cart-button__count cart-button__count--empty"),
            ),
            ("aria-hidden", Some("true")),
        ],
        "0",
    )
    .close("button");
}

/// `AccountArea` (`ui/src/components/header/account-area.tsx`) signed out: the login
/// link, which opens the storefront's login dialog.
fn account_area(html: &mut Html, screen: &Screen) {
    let login = screen.href("login");
    html.open("div", &[("class", Some("account-area"))])
        .element(
            "a",
            &[
                ("class", Some("button button--ghost")),
                ("aria-haspopup", Some("dialog")),
                ("href", Some(&login)),
                ("data-discover", Some("true")),
            ],
            &screen.texts.t("header.login"),
        )
        .close("div");
}

/// `LanguageDropdown` (`ui/src/components/header/language-dropdown.tsx`), closed, in
/// the store's default language (`LANGUAGES` in `ui/src/lib/languages.ts`).
fn language_dropdown(html: &mut Html, texts: Texts) {
    let (code, name) = match texts.language() {
        Language::De => ("de", "GER"),
        Language::En => ("en", "ENG"),
    };
    html.open("div", &[("class", Some("language-dropdown"))])
        .open(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("language-dropdown__toggle")),
                ("aria-haspopup", Some("true")),
                ("aria-expanded", Some("false")),
                ("aria-controls", Some(LANGUAGE_LIST_ID)),
            ],
        )
        .element(
            "span",
            &[("class", Some("visually-hidden"))],
            &format!("{}: ", texts.t("header.language")),
        )
        .element("span", &[("lang", Some(code))], name)
        .empty(
            "span",
            &[
                ("class", Some("language-dropdown__caret")),
                ("aria-hidden", Some("true")),
            ],
        )
        .close("button")
        .close("div");
}

/// What `StoreStatusBadge` shows on its first render.
#[derive(Debug, PartialEq, Eq)]
enum Badge {
    /// No store record yet: the pending placeholder.
    Pending,
    Known {
        is_open: bool,
        /// The hours text, the guard's or the pause's notice; empty: no element.
        detail: String,
        /// The current slot's label; empty: no element.
        label: String,
    },
}

/// The texts `StoreStatusBadge` makes of the store's first status (`status.rs`) at
/// `now` in `timezone`.
fn badge(store: &Value, texts: Texts, now: DateTime<Utc>, timezone: Tz) -> Badge {
    let Some(status) = first_status(store, now, timezone) else {
        return Badge::Pending;
    };
    let (guard, auto_paused_after, paused) =
        (status.guard, status.auto_paused_after, status.hours.paused);
    let detail = if let Some(guard) = guard {
        texts.t(&format!("store_status.{guard}"))
    } else if let Some(count) = auto_paused_after {
        texts.count("store_status.auto_paused", count, &[])
    } else if paused {
        texts.t("store_status.paused")
    } else {
        match &status.hours.hours_text {
            HoursText::Current { open, close } => format!("{open} - {close}"),
            HoursText::OpensAt { time } => texts.with("store_status.opens_at", &[("time", time)]),
            HoursText::ClosedForToday => texts.t("store_status.closed_for_today"),
        }
    };
    let label = match (&status.hours.hours_text, paused || guard.is_some()) {
        (HoursText::Current { open, close }, false) => status
            .hours
            .today_hours
            .iter()
            .find(|slot| slot.open_time == *open && slot.close_time == *close)
            .map(|slot| {
                clean_label(
                    localized(Some(&slot.label), Some(&slot.label_en), texts.language())
                        .unwrap_or_default(),
                )
            })
            .unwrap_or_default(),
        _ => String::new(),
    };
    Badge::Known {
        is_open: status.is_open(),
        detail,
        label,
    }
}

/// `StoreStatusBadge` (`ui/src/features/store-status/components/store-status-badge.tsx`),
/// at the server's clock in the zone the store record names (`localTimeIn`), the
/// configured one when the record names none the server knows.
fn store_status_badge(html: &mut Html, screen: &Screen) {
    let texts = screen.texts;
    let store = screen.store();
    let timezone = store_timezone(store, screen.timezone);
    let (is_open, detail, label) = match badge(store, texts, screen.now, timezone) {
        Badge::Pending => {
            html.empty(
                "div",
                &[
                    ("class", Some("store-status store-status--pending")),
                    ("aria-hidden", Some("true")),
                ],
            );
            return;
        }
        Badge::Known {
            is_open,
            detail,
            label,
        } => (is_open, detail, label),
    };
    let (badge_class, badge_text) = if is_open {
        (
            "store-status__badge store-status__badge--open",
            "store_status.open",
        )
    } else {
        (
            "store-status__badge store-status__badge--closed",
            "store_status.closed",
        )
    };
    html.open(
        "div",
        &[
            ("class", Some("store-status")),
            ("data-testid", Some("store-status")),
            ("role", Some("status")),
        ],
    )
    .element(
        "span",
        &[("class", Some(badge_class))],
        &texts.t(badge_text),
    );
    if !detail.is_empty() {
        html.element(
            "span",
            &[
                ("class", Some("store-status__hours")),
                ("data-testid", Some("store-hours")),
            ],
            &detail,
        );
    }
    if !label.is_empty() {
        html.element("span", &[("class", Some("store-status__label"))], &label);
    }
    html.close("div");
}

/// `OrderTypeSwitch` (`ui/src/features/delivery/components/order-type-switch.tsx`) with
/// the default order type, delivery.
fn order_type_switch(html: &mut Html, texts: Texts) {
    html.open(
        "div",
        &[
            ("class", Some("order-type-switch")),
            ("role", Some("group")),
            ("aria-label", Some(&texts.t("order_type.label"))),
        ],
    );
    for (order_type, pressed) in [("delivery", "true"), ("pickup", "false")] {
        html.element(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("order-type-switch__option")),
                ("aria-pressed", Some(pressed)),
            ],
            &texts.t(&format!("order_type.{order_type}")),
        );
    }
    html.close("div");
}

/// `PostcodeSelector` (`ui/src/features/delivery/components/postcode-selector.tsx`) for
/// delivery without a postcode, its text in the part every screen shows and the rest
/// (see [`postcode_parts`]).
fn postcode_selector(html: &mut Html, texts: Texts) {
    let choose = texts.t("postcode.choose");
    html.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("postcode-selector")),
            ("aria-haspopup", Some("dialog")),
            ("aria-label", Some(&choose)),
            ("title", Some(&choose)),
        ],
    )
    .trusted(PIN_ICON)
    .open("span", &[("class", Some("postcode-selector__text"))]);
    let (shown, rest) = postcode_parts(&choose);
    html.text(&shown);
    if !rest.is_empty() {
        html.element("span", &[("class", Some("postcode-selector__rest"))], &rest)
            .element(
                "span",
                &[
                    ("class", Some("postcode-selector__cut")),
                    ("aria-hidden", Some("true")),
                ],
                "...",
            );
    }
    html.close("span").close("button");
}

/// `postcodeParts` (`ui/src/features/delivery/lib/postcodes.ts`): the first 14
/// characters (UTF-16 units, as JavaScript counts them) and the rest, which phones show
/// as `...` by the style sheet.
fn postcode_parts(text: &str) -> (String, String) {
    let units: Vec<u16> = text.encode_utf16().collect();
    let cut = units.len().min(MOBILE_POSTCODE_LENGTH);
    (
        String::from_utf16_lossy(&units[..cut]),
        String::from_utf16_lossy(&units[cut..]),
    )
}

/// `Footer` (`ui/src/components/footer/footer.tsx`): the company, its address and the
/// legal links the store has texts for; without a store record only the brand.
fn footer(html: &mut Html, screen: &Screen) {
    let texts = screen.texts;
    let store = screen.store();
    let data = store.is_object().then_some(store);
    let text_of = |field: &str| {
        data.and_then(|store| store.get(field))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let company = match text_of("company_name") {
        "" => screen.brand,
        name => name,
    };
    let address = text_of("address_line");
    let impressum = data
        .and_then(|store| store.get("show_impressum"))
        .is_some_and(truthy);
    let (terms, withdrawal) = terms_links(data, texts.language());

    html.open("footer", &[("class", Some("site-footer"))])
        .open("div", &[("class", Some("container site-footer__inner"))])
        .open("div", &[("class", Some("site-footer__company"))])
        .element("p", &[("class", Some("site-footer__name"))], company);
    if !address.is_empty() {
        html.element("p", &[("class", Some("site-footer__address"))], address);
    }
    html.close("div")
        .open("div", &[("class", Some("site-footer__links"))]);
    let links = [
        (impressum, "privacypolicy", "footer.impressum"),
        (terms, "terms", "footer.terms"),
        (withdrawal, "terms#withdrawal", "footer.withdrawal"),
    ];
    for (shown, path, text) in links {
        if shown {
            legal_link(html, screen, path, &texts.t(text));
        }
    }
    html.close("div").close("div").close("footer");
}

/// `LegalLink` in `ui/src/components/footer/footer.tsx`: a legal page in a new tab.
fn legal_link(html: &mut Html, screen: &Screen, path: &str, text: &str) {
    let href = screen.href(path);
    html.open(
        "a",
        &[
            ("class", Some("site-footer__link")),
            ("target", Some("_blank")),
            ("rel", Some("noopener noreferrer")),
            ("href", Some(&href)),
            ("data-discover", Some("true")),
        ],
    )
    .text(text)
    .element(
        "span",
        &[("class", Some("visually-hidden"))],
        &format!(" {}", screen.texts.t("footer.opens_new_tab")),
    )
    .close("a");
}

/// `termsLinks` (`ui/src/lib/legal-texts.ts`): whether the terms and the withdrawal
/// information can be linked, from the names of the texts the page's store lists
/// (`legal_texts`), else from the texts themselves (`termsTexts`).
fn terms_links(store: Option<&Value>, language: Language) -> (bool, bool) {
    let english = language == Language::En;
    if let Some(listed) = store
        .and_then(|store| store.get("legal_texts"))
        .and_then(Value::as_array)
    {
        let has = |field: &str| {
            let named = |name: &str| listed.iter().any(|entry| entry.as_str() == Some(name));
            named(field) || (english && named(&format!("{field}_en")))
        };
        return (has("terms_text"), has("withdrawal_text"));
    }
    let shown = |field: &str| {
        let text_of = |name: &str| {
            store
                .and_then(|store| store.get(name))
                .and_then(Value::as_str)
        };
        let german = text_of(field).or(Some(""));
        let english = text_of(&format!("{field}_en"));
        !js_trim(localized(german, english, language).unwrap_or_default()).is_empty()
    };
    (shown("terms_text"), shown("withdrawal_text"))
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use serde_json::json;

    use super::*;

    const BERLIN: Tz = chrono_tz::Europe::Berlin;

    /// The demo shop's hours: Mon–Thu lunch (labelled) and evening, Saturday past
    /// midnight.
    fn store(extra: Value) -> Value {
        let mut store = json!({
            "store_hours": [
                {"day_of_week": 1, "open_time": "11:30", "close_time": "14:30", "label": "Mittagstisch", "label_en": ""},
                {"day_of_week": 1, "open_time": "17:00", "close_time": "22:30", "label": "", "label_en": ""},
                {"day_of_week": 2, "open_time": "11:30", "close_time": "14:30", "label": "Mittagstisch", "label_en": "Lunch"},
                {"day_of_week": 6, "open_time": "12:00", "close_time": "01:00", "label": "**Late night**", "label_en": ""}
            ],
            "closures": [{"date": "2025-03-04", "note": ""}],
            "paused": false,
            "closed_reason": null,
            "auto_pause": null,
            "timezone": "Europe/Berlin"
        });
        for (key, value) in extra.as_object().unwrap() {
            store[key] = value.clone();
        }
        store
    }

    /// Berlin wall-clock time (winter, UTC+1).
    fn at(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
        BERLIN
            .with_ymd_and_hms(2025, 3, day, hour, minute, 0)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn known(is_open: bool, detail: &str, label: &str) -> Badge {
        Badge::Known {
            is_open,
            detail: detail.into(),
            label: label.into(),
        }
    }

    const DE: Language = Language::De;
    const EN: Language = Language::En;

    fn badge(store: &Value, language: Language, now: DateTime<Utc>, timezone: Tz) -> Badge {
        super::badge(store, Texts::new(language), now, timezone)
    }

    #[test]
    fn the_badge_follows_the_hours_in_the_stores_zone() {
        // 2025-03-03 is a Monday.
        let open = store(json!({}));
        assert_eq!(
            badge(&open, DE, at(3, 12, 0), BERLIN),
            known(true, "11:30 - 14:30", "Mittagstisch")
        );
        assert_eq!(
            badge(&open, EN, at(3, 18, 0), BERLIN),
            known(true, "17:00 - 22:30", "")
        );
        assert_eq!(
            badge(&open, DE, at(3, 6, 0), BERLIN),
            known(false, "Öffnet um 11:30", "")
        );
        assert_eq!(
            badge(&open, EN, at(3, 15, 0), BERLIN),
            known(false, "Opens at 17:00", "")
        );
        assert_eq!(
            badge(&open, DE, at(3, 23, 0), BERLIN),
            known(false, "Heute geschlossen", "")
        );
        // Tuesday 2025-03-04 is a closure day.
        assert_eq!(
            badge(&open, EN, at(4, 12, 0), BERLIN),
            known(false, "Closed for today", "")
        );
        // Saturday's slot runs into Sunday; its label is cleaned of the stars.
        assert_eq!(
            badge(&open, DE, at(1, 23, 0), BERLIN),
            known(true, "12:00 - 01:00", "Late night")
        );
        assert_eq!(
            badge(&open, EN, at(2, 0, 30), BERLIN),
            known(true, "00:00 - 01:00", "Late night")
        );
        // The server's clock in UTC is 11:00 while Berlin has 12:00.
        assert_eq!(
            badge(
                &open,
                DE,
                Utc.with_ymd_and_hms(2025, 3, 3, 11, 0, 0).unwrap(),
                BERLIN
            ),
            known(true, "11:30 - 14:30", "Mittagstisch")
        );
    }

    #[test]
    fn the_label_is_english_where_one_is_set() {
        let open = store(json!({"closures": []}));
        assert_eq!(
            badge(&open, EN, at(4, 12, 0), BERLIN),
            known(true, "11:30 - 14:30", "Lunch")
        );
        assert_eq!(
            badge(&open, EN, at(3, 12, 0), BERLIN),
            known(true, "11:30 - 14:30", "Mittagstisch")
        );
    }

    #[test]
    fn pauses_and_guards_close_the_badge_and_replace_the_hours() {
        let paused = store(json!({"paused": true, "closed_reason": "paused"}));
        assert_eq!(
            badge(&paused, DE, at(3, 12, 0), BERLIN),
            known(false, "Bestellungen pausiert", "")
        );
        let auto = store(json!({
            "paused": true,
            "closed_reason": "auto_paused",
            "auto_pause": {"unanswered": 3, "since": "2025-03-03T10:00:00Z"}
        }));
        assert_eq!(
            badge(&auto, DE, at(3, 12, 0), BERLIN),
            known(
                false,
                "Automatisch pausiert: 3 Bestellungen in Folge blieben unbeantwortet.",
                ""
            )
        );
        // An automatic pause that was lifted says nothing.
        let lifted =
            store(json!({"auto_pause": {"unanswered": 3, "since": "2025-03-03T10:00:00Z"}}));
        assert_eq!(
            badge(&lifted, DE, at(3, 12, 0), BERLIN),
            known(true, "11:30 - 14:30", "Mittagstisch")
        );
        let not_ready = store(json!({"closed_reason": "not_ready"}));
        assert_eq!(
            badge(&not_ready, DE, at(3, 12, 0), BERLIN),
            known(
                false,
                "Noch keine Bestellungen: Der Shop wird gerade eingerichtet.",
                ""
            )
        );
        let untrusted = store(json!({"closed_reason": "clock_untrusted", "paused": true}));
        assert_eq!(
            badge(&untrusted, EN, at(3, 6, 0), BERLIN),
            known(
                false,
                "Not taking orders right now: the shop's clock is being set after a restart.",
                ""
            )
        );
        // Other reasons are the server's view at its read; the hours decide.
        let outside = store(json!({"closed_reason": "outside_hours"}));
        assert_eq!(
            badge(&outside, DE, at(3, 12, 0), BERLIN),
            known(true, "11:30 - 14:30", "Mittagstisch")
        );
        assert_eq!(
            badge(&Value::Null, DE, at(3, 12, 0), BERLIN),
            Badge::Pending
        );
    }

    #[test]
    fn the_postcode_text_is_cut_after_14_characters_as_javascript_counts_them() {
        let parts = |text: &str| {
            let (shown, rest) = postcode_parts(text);
            (shown, rest)
        };
        assert_eq!(
            parts("Postleitzahl wählen"),
            ("Postleitzahl w".into(), "ählen".into())
        );
        assert_eq!(
            parts("Choose postcode"),
            ("Choose postcod".into(), "e".into())
        );
        assert_eq!(
            parts("12345 Berlin"),
            ("12345 Berlin".into(), String::new())
        );
        // A character outside the Basic Plane counts twice, as in `String.slice`.
        assert_eq!(
            parts("🍕🍕🍕🍕🍕🍕🍕🍕"),
            ("🍕🍕🍕🍕🍕🍕🍕".into(), "🍕".into())
        );
    }

    #[test]
    fn terms_links_follow_the_listed_texts_and_the_language() {
        let german_only = json!({"legal_texts": ["impressum_text", "terms_text"]});
        assert_eq!(terms_links(Some(&german_only), Language::En), (true, false));
        let english_only = json!({"legal_texts": ["terms_text_en", "withdrawal_text_en"]});
        assert_eq!(
            terms_links(Some(&english_only), Language::De),
            (false, false)
        );
        assert_eq!(terms_links(Some(&english_only), Language::En), (true, true));
        let texts = json!({"terms_text": " ", "terms_text_en": "Terms", "withdrawal_text": "W"});
        assert_eq!(terms_links(Some(&texts), Language::De), (false, true));
        assert_eq!(terms_links(Some(&texts), Language::En), (true, true));
        assert_eq!(terms_links(None, Language::De), (false, false));
    }

    fn screen_html(page: &serde_json::Map<String, Value>, language: Language) -> String {
        let screen = Screen {
            page,
            store_id: 14,
            base_path: "/order-online",
            brand: "Bella Napoli",
            texts: Texts::new(language),
            timezone: BERLIN,
            now: at(3, 12, 0),
        };
        let mut html = Html::new();
        app(&mut html, &screen, |html| {
            html.text("MENU");
        });
        html.finish()
    }

    #[test]
    fn the_frame_holds_the_page_between_header_and_footer() {
        let mut page = serde_json::Map::new();
        page.insert(
            "/stores/14".into(),
            store(json!({
                "company_name": "Pizzeria Bella Napoli GmbH",
                "address_line": "Hauptstraße 12, 10115 Berlin",
                "show_impressum": true,
                "legal_texts": ["impressum_text", "terms_text", "withdrawal_text"]
            })),
        );
        let html = screen_html(&page, Language::De);
        assert!(html.starts_with(
            "<div class=\"app-shell\"><a class=\"skip-link\" href=\"#main-content\">Zum Inhalt springen</a><header class=\"site-header\">"
        ));
        assert!(html.contains(
            "<main id=\"main-content\" class=\"app-main\" tabindex=\"-1\">MENU</main><footer class=\"site-footer\">"
        ));
        assert!(
            html.ends_with(
                "</footer></div><div class=\"toast-region\" aria-live=\"polite\"></div>"
            )
        );
        assert!(html.contains(
            "<div class=\"store-status\" data-testid=\"store-status\" role=\"status\"><span class=\"store-status__badge store-status__badge--open\">Geöffnet</span><span class=\"store-status__hours\" data-testid=\"store-hours\">11:30 - 14:30</span><span class=\"store-status__label\">Mittagstisch</span></div>"
        ));
        assert!(html.contains(
            "<a class=\"site-footer__link\" target=\"_blank\" rel=\"noopener noreferrer\" href=\"/order-online/terms#withdrawal\" data-discover=\"true\">Widerrufsbelehrung<span class=\"visually-hidden\"> (öffnet in neuem Tab)</span></a>"
        ));
        assert!(html.contains("<p class=\"site-footer__name\">Pizzeria Bella Napoli GmbH</p>"));
        assert!(html.contains("<span lang=\"de\">GER</span>"));
        assert!(html.contains("aria-label=\"Warenkorb, 0 Artikel\""));
    }

    #[test]
    fn without_a_store_the_status_is_pending_and_the_footer_names_the_brand() {
        let html = screen_html(&serde_json::Map::new(), Language::En);
        assert!(html.contains(
            "<div class=\"store-status store-status--pending\" aria-hidden=\"true\"></div>"
        ));
        assert!(html.contains(
            "<div class=\"site-footer__company\"><p class=\"site-footer__name\">Bella Napoli</p></div><div class=\"site-footer__links\"></div>"
        ));
        assert!(html.contains("<span lang=\"en\">ENG</span>"));
        assert!(html.contains("<span class=\"visually-hidden\">Language: </span>"));
        assert!(html.contains("aria-label=\"Cart, 0 items\""));
    }
}
