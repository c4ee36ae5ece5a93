//! The storefront's first screen as HTML, in the page itself: a phone shows the menu
//! as soon as the page and its style sheet are in, instead of after the app's script
//! has arrived and run (about half a second on a slow phone, more on 3G).
//!
//! The markup is what the app's first render makes of the same answers: the page's
//! initial reads (`initial_data.rs`) are its only input besides the clock and the
//! store's default language. Each file here follows the storefront components it is
//! named after, element by element and attribute by attribute, so when the app starts
//! it takes the page's elements over (Preact's `render` reuses existing elements and
//! patches whatever differs) and, for a first visit, nothing on the screen changes or
//! moves. The browser test `ui/e2e/server-rendered.test.mjs` compares the two trees for
//! the demo menu on a phone and a wide screen, open and closed; a component changed on
//! one side only fails it. Until the app runs, the screen's category bar and search take
//! no taps (`http/web/menu_page.rs`); its other controls need the app as they always
//! have.
//!
//! What only the browser knows is rendered as a first visit has it: an empty cart,
//! delivery, no postcode, not signed in. A returning customer's app patches those few
//! elements in place. A customer who chose the other language gets no server-rendered
//! screen to see (the page's head hides it until the app has rendered in theirs).

mod html;
mod js;
mod layout;
mod menu;
mod menu_top;
mod picture;
mod product_card;
mod status;
mod texts;

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::config::Language;
pub use html::Html;
pub use picture::{PHONE_SCREEN, phone_widths};
pub use texts::Texts;

/// What the first screen is made of.
pub struct Screen<'a> {
    /// The page's initial reads: `{"<path the UI reads>": <its answer>, …}`.
    pub page: &'a serde_json::Map<String, Value>,
    pub store_id: u64,
    /// The storefront's base path, e.g. `/order-online` (no trailing slash).
    pub base_path: &'a str,
    /// The brand of the runtime configuration (`heimservice-config`'s `brand`).
    pub brand: &'a str,
    /// The store's default language (`heimservice-config`'s `defaultLanguage`).
    pub texts: Texts,
    /// The store's time zone, e.g. `Europe/Berlin`.
    pub timezone: chrono_tz::Tz,
    pub now: DateTime<Utc>,
}

impl Screen<'_> {
    pub fn language(&self) -> Language {
        self.texts.language()
    }

    /// The page's answer to `path`, e.g. `/stores/14`; `Value::Null` when the page has
    /// none (a read that failed).
    pub fn answer(&self, path: &str) -> &Value {
        self.page.get(path).unwrap_or(&Value::Null)
    }

    /// `GET /stores/{id}` without its legal texts, with `legal_texts`.
    pub fn store(&self) -> &Value {
        self.answer(&format!("/stores/{}", self.store_id))
    }

    /// `GET /categories/?store_id=…`, `GET /products/?store_id=…`, `GET /banners/?store_id=…`.
    pub fn menu_part(&self, name: &str) -> &Value {
        self.answer(&format!("/{name}/?store_id={}", self.store_id))
    }

    /// `GET /discounts/{id}`.
    pub fn discounts(&self) -> &Value {
        self.answer(&format!("/discounts/{}", self.store_id))
    }

    /// `GET /stores/{id}/slots?order_type=…` (`delivery` or `pickup`); only a closed
    /// shop's page has them.
    pub fn slots(&self, order_type: &str) -> &Value {
        self.answer(&format!(
            "/stores/{}/slots?order_type={order_type}",
            self.store_id
        ))
    }

    /// A link inside the storefront, e.g. `href("login")` → `/order-online/login`.
    pub fn href(&self, path: &str) -> String {
        format!("{}/{path}", self.base_path)
    }
}

/// The inside of `<div id="root">` for the menu page.
pub fn render(screen: &Screen) -> String {
    let mut html = Html::new();
    layout::app(&mut html, screen, |html| {
        menu_top::write(html, screen);
        menu::write(html, screen);
    });
    html.finish()
}
