//! The storefront's first reads, answered inside its page: `index.html` carries the
//! store and the public menu as they are now, so a phone paints the menu as soon as the
//! script runs, without another round trip per read (the UI's `apiFetch` takes each
//! answer from the page once, then asks the server as before). The page's head also asks
//! for the first banner's photo (the largest picture of the first screen) at once, so it
//! loads beside the script instead of after it.
//!
//! The store's legal texts (Impressum, privacy policy, terms, withdrawal information:
//! about half of the page's bytes) stay out of it: the page names the ones the store
//! has, for the footer's links, and the pages that show them ask for the store.

use crate::http::AppState;
use crate::http::first_screen::{self, Screen, Texts};
use crate::http::menu_snapshot::MenuSnapshot;
use crate::http::routes::delivery::discounts_json;
use crate::http::routes::stores::{closed_slots_json, store_json};

/// What a storefront page carries beyond the built `index.html`.
pub struct PageData {
    /// `{"<path the UI reads>": <its answer>, …}`, safe inside a `<script>` element:
    /// every `<` is written `\u003c` (it can only occur inside a JSON string), so no text
    /// of the menu can close the element.
    pub json: String,
    /// Elements for the page's head: the preload of the first banner's photo, if any.
    pub head: String,
    /// The menu page's first screen as HTML for `#root` (`http/first_screen/`); `None`
    /// for the other pages, whose first render needs more than the page has.
    pub first_screen: Option<String>,
}

/// The data for a storefront page; `menu_page` when it is the menu (the base path).
pub async fn page_data(state: &AppState, menu_page: bool) -> PageData {
    let snapshot = state.menu.get();
    let entries = initial_reads(state, &snapshot).await;
    PageData {
        json: script_json(&entries),
        head: snapshot.banner_preload.clone(),
        first_screen: menu_page
            .then(|| first_screen_of(state, &entries))
            .filter(|html| !html.is_empty()),
    }
}

/// The menu page's first screen, made from the same answers the page carries.
fn first_screen_of(state: &AppState, entries: &[(String, String)]) -> String {
    let page = entries
        .iter()
        .filter_map(|(path, answer)| {
            let answer = serde_json::from_str(answer).ok()?;
            Some((path.clone(), answer))
        })
        .collect();
    let config = &state.config;
    first_screen::render(&Screen {
        page: &page,
        store_id: config.store_id,
        base_path: &config.base_path,
        brand: &config.brand,
        texts: Texts::new(config.default_language),
        timezone: config.timezone,
        now: state.shop.clock().now(),
    })
}

/// `(path the UI reads, its answer as JSON)` for every read the page answers.
async fn initial_reads(state: &AppState, snapshot: &MenuSnapshot) -> Vec<(String, String)> {
    let store_id = state.config.store_id;
    let mut entries: Vec<(String, String)> = Vec::with_capacity(8);
    match store_json(state).await {
        Ok(store) => entries.push((format!("/stores/{store_id}"), without_legal_texts(store))),
        Err(error) => tracing::warn!(
            ?error,
            "the store's settings could not be read for the page"
        ),
    }
    match discounts_json(state).await {
        Ok(discounts) => entries.push((format!("/discounts/{store_id}"), discounts)),
        Err(error) => tracing::warn!(?error, "the discounts could not be read for the page"),
    }
    match closed_slots_json(state).await {
        Ok(Some(slots)) => {
            for (order_type, answer) in slots {
                let path = format!(
                    "/stores/{store_id}/slots?order_type={}",
                    order_type.as_str()
                );
                entries.push((path, answer));
            }
        }
        Ok(None) => {}
        Err(error) => tracing::warn!(?error, "the pre-order times could not be read for the page"),
    }
    for (name, bytes) in snapshot.plain_parts() {
        let path = format!("/{name}/?store_id={store_id}");
        entries.push((path, String::from_utf8_lossy(bytes).into_owned()));
    }
    entries
}

/// The reads as one JSON object, safe inside a `<script>` element.
fn script_json(entries: &[(String, String)]) -> String {
    let size = entries
        .iter()
        .map(|(k, v)| k.len() + v.len() + 4)
        .sum::<usize>();
    let mut json = String::with_capacity(size + 2);
    json.push('{');
    for (at, (path, answer)) in entries.iter().enumerate() {
        if at > 0 {
            json.push(',');
        }
        json.push_str(&serde_json::Value::String(path.clone()).to_string());
        json.push(':');
        json.push_str(answer);
    }
    json.push('}');
    json.replace('<', "\\u003c")
}

/// The store's legal texts: long, and shown only on their own pages.
const LEGAL_TEXTS: [&str; 8] = [
    "impressum_text",
    "impressum_text_en",
    "privacy_text",
    "privacy_text_en",
    "terms_text",
    "terms_text_en",
    "withdrawal_text",
    "withdrawal_text_en",
];

/// `GET /stores/{id}`'s answer without the legal texts, with `legal_texts` naming
/// those that are not blank (the storefront links to them).
fn without_legal_texts(store: serde_json::Value) -> String {
    let serde_json::Value::Object(mut fields) = store else {
        return store.to_string();
    };
    let mut present = Vec::new();
    for name in LEGAL_TEXTS {
        if let Some(serde_json::Value::String(text)) = fields.remove(name)
            && !text.trim().is_empty()
        {
            present.push(serde_json::Value::from(name));
        }
    }
    fields.insert("legal_texts".into(), serde_json::Value::Array(present));
    serde_json::Value::Object(fields).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_the_legal_texts_it_leaves_out() {
        let store = serde_json::json!({"id":14,"brand":"B","impressum_text":"Inhaber: A","impressum_text_en":"",
            "privacy_text":"  ","terms_text":"AGB","terms_text_en":"Terms",
            "withdrawal_text":"Widerruf"});
        let page: serde_json::Value = serde_json::from_str(&without_legal_texts(store)).unwrap();
        assert_eq!(
            page,
            serde_json::json!({
                "id": 14, "brand": "B",
                "legal_texts": ["impressum_text", "terms_text", "terms_text_en", "withdrawal_text"],
            })
        );
    }
}
