//! The menu page's own version of `index.html`, made once at startup: it paints the
//! server-rendered first screen (`http/first_screen/`) from the page alone.
//!
//! - **The style sheet is in the page** (`<style nonce>`), so nothing holds the first
//!   paint once the page is in: a linked sheet is one more request, and on a slow
//!   connection it shares the line with the script.
//! - **The app's script starts once the first screen's photo is in** (the banner's, the
//!   largest element of the first screen), or at once when the page asks for no photo.
//!   Its ~55 KB would otherwise share the line with the photo and then occupy a slow
//!   phone's processor for half a second before the photo could be painted. The first
//!   screen is on show meanwhile; until the app runs, its category bar and search take
//!   no taps (`first-screen-starting` on `<html>`, see `ui/src/styles/global.css`): the
//!   page holds the first category only, and the search needs the app. A photo that
//!   takes longer than [`PHOTO_WAIT_MS`] starts the app anyway.
//! - **The first screen paints whole.** A slow line delivers the page in pieces, and a
//!   frame of half a header (a button before its label) moves when the rest arrives.
//!   `<link rel="expect" href="#initial-data" blocking="render">` keeps the browser from
//!   painting before the element after `#root` has arrived: Chromium lets an expected
//!   element unblock rendering once its start tag is parsed, so `#root` itself would
//!   unblock it at the screen's first byte. Browsers without `rel="expect"` ignore it.
//!   It names the page's own address, so a link with a query of its own (a flyer's, a
//!   social network's) gets its query in it.
//! - **Nobody sees a server-rendered screen that is not theirs.** The screen is in the
//!   store's default language and shows the menu: the script hides it
//!   (`first-screen-hidden`) and starts the app at once when the visitor chose another
//!   language (`app_language`, the UI's `LANGUAGE_STORAGE_KEY`), or when the page is a
//!   copy the service worker serves for another path. `ui/src/main.tsx` removes both
//!   classes once the app has rendered.
//!
//! The style element carries the answer's style nonce, the script its script nonce
//! (`security_headers`).

use super::{INITIAL_DATA_PLACEHOLDER, ROOT_PLACEHOLDER};
/// Where each answer's style nonce goes in a template: a text no build of `index.html`
/// has.
pub const NONCE_MARK: &str = "\u{0}nonce\u{0}";

/// Where each answer's script nonce goes.
pub const SCRIPT_NONCE_MARK: &str = "\u{0}script-nonce\u{0}";

/// Where a page's extra head elements go (the preload of the first screen's photo):
/// before the menu page's style, so the browser asks for the photo before the style's
/// bytes are in.
pub const HEAD_MARK: &str = "\u{0}head\u{0}";

/// Where each answer's query goes (with its `?`, for the expect link).
pub const QUERY_MARK: &str = "\u{0}query\u{0}";

/// Holds the first paint until the first screen (`#root`) is parsed to its end: until
/// the element after it, the page's initial reads (`ui/index.html`), has arrived. The
/// link applies only when it names the page's own address, query included (the page's
/// `<base>` is the menu's path), so each answer fills in its query at [`QUERY_MARK`].
const EXPECT_FIRST_SCREEN: &str =
    "<link rel=\"expect\" href=\"\u{0}query\u{0}#initial-data\" blocking=\"render\" />";

/// How long the app waits for the first screen's photo before it starts anyway.
const PHOTO_WAIT_MS: u32 = 3000;

const STYLESHEET_START: &str = "<link rel=\"stylesheet\" crossorigin href=\"";
const ENTRY_START: &str = "<script type=\"module\" crossorigin src=\"";

/// The menu page's template made from `index`, the filled-in `index.html` with
/// [`NONCE_MARK`] for its nonce and [`HEAD_MARK`] before `</head>`; `menu_path` is the
/// menu's path (`/order-online/`); `css` reads a built file by its path under the UI's
/// root (`assets/…`). An error (the reason) when this build's page does not have the
/// elements Vite writes.
pub fn menu_template(
    index: &str,
    default_language: &str,
    menu_path: &str,
    css: impl Fn(&str) -> Option<String>,
) -> Result<String, &'static str> {
    let (page, sheet) =
        cut_element(index, STYLESHEET_START, ">").ok_or("the page links no style sheet")?;
    let style =
        css(sheet.trim_start_matches("./")).ok_or("the page's style sheet is not in this build")?;
    if style.contains("</") {
        return Err("the style sheet cannot stand inside a <style> element");
    }
    // The build has one script for the first visit (vite.config.ts): no module preloads.
    let (page, entry) =
        cut_element(&page, ENTRY_START, "</script>").ok_or("the page has no module script")?;
    let head = format!(
        "{HEAD_MARK}{EXPECT_FIRST_SCREEN}<style nonce=\"{NONCE_MARK}\">{style}</style>\
         <script nonce=\"{SCRIPT_NONCE_MARK}\">{}</script></head>",
        starter(&entry, default_language, menu_path)
    );
    let head_end = format!("{HEAD_MARK}</head>");
    if !page.contains(&head_end) {
        return Err("the page has no head end");
    }
    // EXPECT_FIRST_SCREEN names the element after the first screen: without it the
    // browser would hold the first paint until the whole page is parsed.
    let root = page.find(ROOT_PLACEHOLDER).ok_or("the page has no #root")?;
    if !page[root..].contains(INITIAL_DATA_PLACEHOLDER) {
        return Err("the page has no #initial-data after #root");
    }
    Ok(page.replacen(&head_end, &head, 1))
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

/// The head's script: hides the first screen and starts the app at once for a visitor
/// who chose another language or on another path; otherwise marks the screen as
/// starting and starts the app (its module) when the first screen's photo is in, at once
/// when the page asks for none.
fn starter(entry: &str, language: &str, menu_path: &str) -> String {
    let json = |value: serde_json::Value| value.to_string().replace('<', "\\u003c");
    format!(
        "(()=>{{const html=document.documentElement;let started=false;\
         const start=()=>{{if(started)return;started=true;\
         const script=document.createElement(\"script\");script.type=\"module\";\
         script.crossOrigin=\"\";script.src={entry};document.head.append(script)}};\
         let other=false;try{{const chosen=localStorage.getItem(\"app_language\");\
         other=chosen!==null&&chosen!=={language}}}catch(e){{}}\
         if(other||location.pathname!=={menu_path}){{html.classList.add(\"first-screen-hidden\");start();return}}\
         html.classList.add(\"first-screen-starting\");\
         if(document.querySelector('link[rel=\"preload\"][as=\"image\"]')===null){{start();return}}\
         const photo='#root img[fetchpriority=\"high\"]';\
         const loaded=(event)=>{{if(event.target instanceof Element&&event.target.matches(photo))start()}};\
         document.addEventListener(\"load\",loaded,true);document.addEventListener(\"error\",loaded,true);\
         document.addEventListener(\"DOMContentLoaded\",()=>{{const image=document.querySelector(photo);\
         if(image===null||image.complete)start()}});setTimeout(start,{PHOTO_WAIT_MS})}})()",
        entry = json(serde_json::Value::from(entry)),
        language = json(serde_json::Value::from(language)),
        menu_path = json(serde_json::Value::from(menu_path)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUILT: &str = "<html><head><title>x</title>\
        <script type=\"module\" crossorigin src=\"./assets/index-A.js\"></script>\
        <link rel=\"stylesheet\" crossorigin href=\"./assets/index-C.css\">\
        \u{0}head\u{0}</head><body><div id=\"root\"></div>\
        <script type=\"application/json\" id=\"initial-data\">{}</script></body></html>";

    #[test]
    fn the_menu_page_carries_its_style_and_starts_its_scripts_itself() {
        let page = menu_template(BUILT, "de", "/order-online/", |path| {
            (path == "assets/index-C.css").then(|| "p{color:red}".to_string())
        })
        .unwrap();
        assert!(!page.contains("<link rel=\"stylesheet\""), "{page}");
        assert!(!page.contains("<script type=\"module\""), "{page}");
        assert!(page.contains(&format!(
            "{HEAD_MARK}<link rel=\"expect\" href=\"{QUERY_MARK}#initial-data\" blocking=\"render\" /><style nonce=\"{NONCE_MARK}\">p{{color:red}}</style><script nonce=\"{SCRIPT_NONCE_MARK}\">"
        )));
        assert!(
            page.contains("script.src=\"./assets/index-A.js\""),
            "{page}"
        );
        assert!(page.contains("chosen!==\"de\""), "{page}");
        assert!(
            page.contains("location.pathname!==\"/order-online/\""),
            "{page}"
        );
        assert!(page.contains("setTimeout(start,3000)"), "{page}");
        let data = page.matches("<script type=\"application/json\"").count();
        assert_eq!(page.matches("<script").count() - data, 1, "{page}");
        assert!(page.find("<script").unwrap() < page.find("<body>").unwrap());
    }

    #[test]
    fn a_page_without_the_built_elements_gets_no_menu_template() {
        let no_css = |_: &str| None;
        assert!(
            menu_template("<html><head></head><body></body></html>", "de", "/", no_css).is_err()
        );
        assert!(menu_template(BUILT, "de", "/", no_css).is_err());
        assert!(
            menu_template(BUILT, "de", "/", |_| Some("a{content:\"</style>\"}".into())).is_err()
        );
        let css = |_: &str| Some("p{}".to_string());
        let no_data = BUILT.replace(" id=\"initial-data\"", "");
        assert_eq!(
            menu_template(&no_data, "de", "/", css),
            Err("the page has no #initial-data after #root")
        );
    }
}
