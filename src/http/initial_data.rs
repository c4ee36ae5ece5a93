//! The storefront's first reads, answered inside its page: `index.html` carries the
//! store and the public menu as they are now, so a phone paints the menu as soon as the
//! script runs, without another round trip per read (the UI's `apiFetch` takes each
//! answer from the page once, then asks the server as before). The page's head also asks
//! for the first banner's photo (the largest picture of the first screen) at once, so it
//! loads beside the script instead of after it.

use crate::http::AppState;
use crate::http::menu_snapshot::MenuSnapshot;
use crate::http::routes::stores::store_json;

/// What a storefront page carries beyond the built `index.html`.
pub struct PageData {
    /// `{"<path the UI reads>": <its answer>, …}`, safe inside a `<script>` element:
    /// every `<` is written `\u003c` (it can only occur inside a JSON string), so no text
    /// of the menu can close the element.
    pub json: String,
    /// Elements for the page's head: the preload of the first banner's photo, if any.
    pub head: String,
}

pub async fn page_data(state: &AppState) -> PageData {
    let snapshot = state.menu.get();
    PageData {
        json: initial_data(state, &snapshot).await,
        head: snapshot.banner_preload.clone(),
    }
}

async fn initial_data(state: &AppState, snapshot: &MenuSnapshot) -> String {
    let store_id = state.config.store_id;
    let mut entries: Vec<(String, String)> = Vec::with_capacity(5);
    match store_json(state).await {
        Ok(store) => entries.push((format!("/stores/{store_id}"), store)),
        Err(error) => tracing::warn!(
            ?error,
            "the store's settings could not be read for the page"
        ),
    }
    for (name, bytes) in snapshot.plain_parts() {
        let path = match name {
            "allergies" => "/allergies/".to_string(),
            _ => format!("/{name}/?store_id={store_id}"),
        };
        entries.push((path, String::from_utf8_lossy(bytes).into_owned()));
    }
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
