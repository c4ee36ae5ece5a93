//! The menu page's own version of `index.html`, made once at startup: it paints the
//! server-rendered first screen (`http/first_screen/`) from the page alone.
//!
//! - **The style sheet is in the page** (`<style nonce>`), so nothing holds the first
//!   paint once the page is in: a linked sheet is one more request, and on a slow
//!   connection it shares the line with the scripts.
//! - **The app's script starts once the first screen's photo is in** (the banner's, the
//!   largest element of the first screen), or at once when the screen has none. Its
//!   ~60 KB would otherwise share the line with the photo and then occupy a slow
//!   phone's processor for half a second before the photo could be painted. The first
//!   screen is already on show meanwhile, and its links work. A photo that takes
//!   longer than [`PHOTO_WAIT_MS`] starts the app anyway.
//! - **A visitor who chose the other language sees no server-rendered screen.** The
//!   screen is in the store's default language; a small script in the head hides it
//!   (`first-screen-hidden` on `<html>`) when the stored choice (`app_language`, the
//!   UI's `LANGUAGE_STORAGE_KEY`) is another one, and the app removes the class once it
//!   has rendered in the visitor's language.
//!
//! Both inline scripts and the style element carry the answer's nonce; the policy
//! allows them by it (`security_headers`).

/// Where each answer's nonce goes in a template: a text no build of `index.html` has.
pub const NONCE_MARK: &str = "\u{0}nonce\u{0}";

/// Where a page's extra head elements go (the preload of the first screen's photo):
/// before the menu page's style, so the browser asks for the photo before the style's
/// bytes are in.
pub const HEAD_MARK: &str = "\u{0}head\u{0}";

/// How long the app waits for the first screen's photo before it starts anyway.
const PHOTO_WAIT_MS: u32 = 3000;

/// The class that hides a first screen in the wrong language; `ui/src/main.tsx`
/// removes it.
const HIDDEN_CLASS: &str = "first-screen-hidden";

const STYLESHEET_START: &str = "<link rel=\"stylesheet\" crossorigin href=\"";
const ENTRY_START: &str = "<script type=\"module\" crossorigin src=\"";
const MODULEPRELOAD_START: &str = "<link rel=\"modulepreload\" crossorigin href=\"";

/// The menu page's template made from `index`, the filled-in `index.html` with
/// [`NONCE_MARK`] for its nonce and [`HEAD_MARK`] before `</head>`; `css` reads a built file by its path under the UI's
/// root (`assets/…`). `None` (with the reason) when this build's page does not have
/// the elements Vite writes.
pub fn menu_template(
    index: &str,
    default_language: &str,
    css: impl Fn(&str) -> Option<String>,
) -> Result<String, &'static str> {
    let (page, sheet) =
        cut_element(index, STYLESHEET_START, ">").ok_or("the page links no style sheet")?;
    let style =
        css(sheet.trim_start_matches("./")).ok_or("the page's style sheet is not in this build")?;
    if style.contains("</") {
        return Err("the style sheet cannot stand inside a <style> element");
    }
    let (page, entry) =
        cut_element(&page, ENTRY_START, "</script>").ok_or("the page has no module script")?;
    let mut page = page;
    let mut preloads = Vec::new();
    while let Some((rest, href)) = cut_element(&page, MODULEPRELOAD_START, ">") {
        page = rest;
        preloads.push(href);
    }
    let head = format!(
        "{HEAD_MARK}<style nonce=\"{NONCE_MARK}\">{style}.{HIDDEN_CLASS} #root{{visibility:hidden}}</style>\
         <script nonce=\"{NONCE_MARK}\">{}</script></head>",
        language_guard(default_language)
    );
    let body = format!(
        "<script nonce=\"{NONCE_MARK}\">{}</script></body>",
        app_starter(&entry, &preloads)
    );
    let head_end = format!("{HEAD_MARK}</head>");
    if !page.contains(&head_end) || !page.contains("</body>") {
        return Err("the page has no head or body end");
    }
    Ok(page
        .replacen(&head_end, &head, 1)
        .replacen("</body>", &body, 1))
}

/// `page` without the first element that starts with `start` (up to `end`), and the
/// value of its URL attribute (the quoted text right after `start`).
fn cut_element(page: &str, start: &str, end: &str) -> Option<(String, String)> {
    let at = page.find(start)?;
    let value_end = at + start.len() + page[at + start.len()..].find('"')?;
    let element_end = value_end + page[value_end..].find(end)? + end.len();
    let value = page[at + start.len()..value_end].to_string();
    Some((format!("{}{}", &page[..at], &page[element_end..]), value))
}

/// Hides the first screen when the visitor chose another language than the store's.
fn language_guard(default_language: &str) -> String {
    format!(
        "try{{var l=localStorage.getItem(\"app_language\");\
         if(l&&l!=={language})document.documentElement.classList.add(\"{HIDDEN_CLASS}\")}}\
         catch(e){{}}",
        language = serde_json::Value::from(default_language)
    )
}

/// Starts the app (its module and the modules it imports at once) when the first
/// screen's photo is in, at once when there is none or the screen is hidden.
fn app_starter(entry: &str, preloads: &[String]) -> String {
    let json = |value: serde_json::Value| value.to_string().replace('<', "\\u003c");
    format!(
        "(()=>{{let started=false;const start=()=>{{if(started)return;started=true;\
         for(const href of {preloads}){{const link=document.createElement(\"link\");\
         link.rel=\"modulepreload\";link.crossOrigin=\"\";link.href=href;document.head.append(link)}}\
         const script=document.createElement(\"script\");script.type=\"module\";\
         script.crossOrigin=\"\";script.src={entry};document.head.append(script)}};\
         const photo=document.querySelector('#root img[fetchpriority=\"high\"]');\
         if(photo===null||photo.complete||document.documentElement.classList.contains(\"{HIDDEN_CLASS}\"))start();\
         else{{photo.addEventListener(\"load\",start);photo.addEventListener(\"error\",start);\
         setTimeout(start,{PHOTO_WAIT_MS})}}}})()",
        preloads = json(serde_json::json!(preloads)),
        entry = json(serde_json::Value::from(entry)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUILT: &str = "<html><head><title>x</title>\
        <script type=\"module\" crossorigin src=\"./assets/index-A.js\"></script>\
        <link rel=\"modulepreload\" crossorigin href=\"./assets/vendor-B.js\">\
        <link rel=\"stylesheet\" crossorigin href=\"./assets/index-C.css\">\
        \u{0}head\u{0}</head><body><div id=\"root\"></div></body></html>";

    #[test]
    fn the_menu_page_carries_its_style_and_starts_its_scripts_itself() {
        let page = menu_template(BUILT, "de", |path| {
            (path == "assets/index-C.css").then(|| "p{color:red}".to_string())
        })
        .unwrap();
        assert!(!page.contains("<link rel=\"stylesheet\""), "{page}");
        assert!(!page.contains("<script type=\"module\""), "{page}");
        assert!(!page.contains("<link rel=\"modulepreload\""), "{page}");
        assert!(page.contains(&format!(
            "{HEAD_MARK}<style nonce=\"{NONCE_MARK}\">p{{color:red}}.first-screen-hidden #root{{visibility:hidden}}</style>"
        )));
        assert!(
            page.contains("script.src=\"./assets/index-A.js\""),
            "{page}"
        );
        assert!(
            page.contains("for(const href of [\"./assets/vendor-B.js\"])"),
            "{page}"
        );
        assert!(page.contains("if(l&&l!==\"de\")"), "{page}");
        assert_eq!(page.matches(&format!("nonce=\"{NONCE_MARK}\"")).count(), 3);
        let body = page.find("<body>").unwrap();
        assert!(
            page.find("script.src").unwrap() > body,
            "the starter runs after #root"
        );
        assert!(
            page.find("localStorage").unwrap() < body,
            "the guard runs before #root"
        );
    }

    #[test]
    fn a_page_without_the_built_elements_gets_no_menu_template() {
        assert!(menu_template("<html><head></head><body></body></html>", "de", |_| None).is_err());
        assert!(menu_template(BUILT, "de", |_| None).is_err());
        assert!(menu_template(BUILT, "de", |_| Some("a{content:\"</style>\"}".into())).is_err());
    }
}
