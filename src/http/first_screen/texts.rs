//! The storefront's texts for the first screen: the UI's own locale files for the menu
//! page (`ui/src/locales/menu-page.{de,en}.json`), read the way the UI's i18next reads
//! them, so the page and the app say the same words. A key is a dotted path
//! (`store_status.opens_at`); `{{name}}` is replaced by its value, unescaped (the HTML
//! writer escapes); a key with a count picks its `_one` or `_other` form; an English
//! text that is missing falls back to the German one, and a key missing from both is
//! shown as itself, as i18next does.

use std::sync::LazyLock;

use serde_json::Value;

use crate::config::Language;

static GERMAN: LazyLock<Value> =
    LazyLock::new(|| parse(include_str!("../../../ui/src/locales/menu-page.de.json")));
static ENGLISH: LazyLock<Value> =
    LazyLock::new(|| parse(include_str!("../../../ui/src/locales/menu-page.en.json")));

/// A locale file; the UI's build and its tests check that it is JSON, so this only
/// fails for a broken build, whose first screen then shows the keys.
fn parse(file: &str) -> Value {
    serde_json::from_str(file).unwrap_or_else(|error| {
        tracing::error!(%error, "a locale file of this build is not JSON");
        Value::Null
    })
}

/// The texts of one language.
#[derive(Clone, Copy)]
pub struct Texts {
    language: Language,
}

impl Texts {
    pub fn new(language: Language) -> Texts {
        Texts { language }
    }

    pub fn language(self) -> Language {
        self.language
    }

    /// The text of `key`.
    pub fn t(self, key: &str) -> String {
        self.with(key, &[])
    }

    /// The text of `key` with its `{{name}}` placeholders filled in.
    pub fn with(self, key: &str, values: &[(&str, &str)]) -> String {
        match self.lookup(key) {
            Some(text) => fill(text, values),
            None => key.to_string(),
        }
    }

    /// The `_one` or `_other` form of `key` for `count`, `{{count}}` filled in with
    /// the other values.
    pub fn count(self, key: &str, count: i64, values: &[(&str, &str)]) -> String {
        let form = if count == 1 { "one" } else { "other" };
        let count_text = count.to_string();
        let mut all: Vec<(&str, &str)> = vec![("count", &count_text)];
        all.extend_from_slice(values);
        match self
            .lookup(&format!("{key}_{form}"))
            .or_else(|| self.lookup(key))
        {
            Some(text) => fill(text, &all),
            None => key.to_string(),
        }
    }

    fn lookup(self, key: &str) -> Option<&'static str> {
        let own = match self.language {
            Language::De => &*GERMAN,
            Language::En => &*ENGLISH,
        };
        find(own, key).or_else(|| find(&GERMAN, key))
    }
}

fn find(texts: &'static Value, key: &str) -> Option<&'static str> {
    key.split('.')
        .try_fold(texts, |at, part| at.get(part))
        .and_then(Value::as_str)
}

fn fill(text: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let Some(end) = rest[start..].find("}}") else {
            break;
        };
        out.push_str(&rest[..start]);
        let name = rest[start + 2..start + end].trim();
        match values.iter().find(|(key, _)| *key == name) {
            Some((_, value)) => out.push_str(value),
            None => out.push_str(&rest[start..start + end + 2]),
        }
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_locale_files_are_read() {
        assert!(GERMAN.is_object() && ENGLISH.is_object());
    }

    #[test]
    fn texts_are_looked_up_filled_in_and_fall_back() {
        let de = Texts::new(Language::De);
        let en = Texts::new(Language::En);
        assert_eq!(de.t("menu.heading"), "Unsere Speisekarte");
        assert_eq!(en.t("menu.heading"), "Our menu");
        assert_eq!(
            de.with("menu.welcome", &[("brand", "Bella Napoli")]),
            "Willkommen bei Bella Napoli"
        );
        assert_eq!(de.count("cart.button", 1, &[]), "Warenkorb, 1 Artikel");
        assert_eq!(de.t("no.such.key"), "no.such.key");
        assert_eq!(
            fill("{{ a }}-{{b}}-{{c}}", &[("a", "1"), ("b", "2")]),
            "1-2-{{c}}"
        );
    }
}
