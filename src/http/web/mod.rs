//! The embedded storefront: files from `ui/dist` compiled into the binary.
//!
//! Hashed files under `assets/` are cached for a year; everything else, `index.html`
//! above all, is revalidated. Pre-compressed `.br`/`.gz` siblings are sent when the
//! client accepts them; a file that is only stored gzip-compressed (see `build.rs`) is
//! inflated for a client that accepts neither. Unknown GET paths outside `assets/` get
//! `index.html`, because they are client-side routes. Every answer with `index.html`
//! carries a fresh style nonce, in the page and (see `security_headers`) in its policy;
//! the menu page, with its first screen rendered by the server (`menu_page.rs`), also a
//! script nonce.
//! The web app manifest (add to home screen) is filled in with the shop's brand.

use std::io::Read;

use bytes::Bytes;
use poem::http::{HeaderMap, Method, StatusCode, header};
use poem::web::Redirect;
use poem::{Endpoint, IntoResponse, Request, Response, Result};
use rust_embed::RustEmbed;

use crate::config::Config;
use crate::domain::error::ErrorCode;
use crate::domain::hex::hex;
use crate::http::compression::accepts_encoding;
use crate::http::error::json_response;
use crate::http::initial_data::{PageData, page_data};
use crate::http::middleware::frame::SharedState;
use crate::http::middleware::security_headers::PageNonce;

mod menu_page;

use menu_page::{HEAD_MARK, NONCE_MARK, QUERY_MARK, SCRIPT_NONCE_MARK, menu_template};

#[derive(RustEmbed)]
#[folder = "$OUT_DIR/ui-embed"]
struct UiFiles;

/// How the stored file picked for a request is sent.
#[derive(Clone, Copy)]
enum Sent {
    /// A compressed twin the client accepts (`br` or `gzip`).
    Encoded(&'static str),
    Plain,
    /// Only the gzip twin is stored and the client does not take gzip.
    Inflated,
}

/// The stored form of `path` to send to a client with this `Accept-Encoding`.
fn pick(path: &str, accept: &str) -> Option<(rust_embed::EmbeddedFile, Sent)> {
    let twin = |suffix: &str| UiFiles::get(&format!("{path}{suffix}"));
    [("br", ".br"), ("gzip", ".gz")]
        .into_iter()
        .filter(|(coding, _)| accepts_encoding(accept, coding))
        .find_map(|(coding, suffix)| twin(suffix).map(|file| (file, Sent::Encoded(coding))))
        .or_else(|| UiFiles::get(path).map(|file| (file, Sent::Plain)))
        .or_else(|| twin(".gz").map(|file| (file, Sent::Inflated)))
}

fn body_of(data: std::borrow::Cow<'static, [u8]>, sent: Sent) -> std::io::Result<Bytes> {
    match (sent, data) {
        (Sent::Inflated, data) => {
            let mut plain = Vec::new();
            flate2::read::GzDecoder::new(data.as_ref()).read_to_end(&mut plain)?;
            Ok(Bytes::from(plain))
        }
        (_, std::borrow::Cow::Borrowed(data)) => Ok(Bytes::from_static(data)),
        (_, std::borrow::Cow::Owned(data)) => Ok(Bytes::from(data)),
    }
}

/// The type of an embedded file, by the extensions the UI build writes (a table of
/// every type there is would cost the binary its size and tell nothing more).
fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, extension)| extension);
    match extension.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "webp" => "image/webp",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// The placeholders `ui/index.html` carries for the server to fill in.
const BASE_PLACEHOLDER: &str = "<base href=\"/order-online/\"";
const CONFIG_PLACEHOLDER: &str = "name=\"heimservice-config\" content=\"{}\"";
const NONCE_PLACEHOLDER: &str = "name=\"csp-nonce\" content=\"\"";
/// The element the storefront's first reads go in (`http/initial_data.rs`).
const INITIAL_DATA_PLACEHOLDER: &str = "id=\"initial-data\">{}</script>";

/// The element the menu page's first screen goes in (`http/first_screen/`).
const ROOT_PLACEHOLDER: &str = "<div id=\"root\"></div>";

/// `index.html` as filled in at startup, with [`NONCE_MARK`] where each answer's nonce
/// goes.
struct IndexHtml {
    template: String,
    /// The menu page's version (`menu_page.rs`); `None` when this build's page lacks
    /// what it needs.
    menu: Option<String>,
}

impl IndexHtml {
    fn new(html: String, default_language: &str, menu_path: &str) -> IndexHtml {
        let html = html.replacen("</head>", &format!("{HEAD_MARK}</head>"), 1);
        if !html.contains(NONCE_PLACEHOLDER) {
            tracing::error!(
                "this build's index.html has no csp-nonce element: PayPal's button styles will be blocked"
            );
            return IndexHtml {
                template: html,
                menu: None,
            };
        }
        let template = html.replacen(
            NONCE_PLACEHOLDER,
            &format!("name=\"csp-nonce\" content=\"{NONCE_MARK}\""),
            1,
        );
        let menu = menu_template(&template, default_language, menu_path, embedded_text)
            .inspect_err(|reason| {
                tracing::warn!(
                    reason,
                    "the menu page links its style sheet and starts its scripts as the other pages do"
                );
            })
            .ok();
        IndexHtml { template, menu }
    }

    /// The page for one answer, with a fresh nonce in it when one could be made, and a
    /// storefront page's data: its initial reads (JSON made safe for a script element)
    /// in their element, its head's extra elements and, for the menu page, its first
    /// screen and `query`, the address's query (`None` without one). Without its nonces
    /// the menu page is the plain one, without a first screen: its inline style and
    /// script would not apply. The nonces and the query go into the template before any
    /// data, so no text of the shop can stand where they go.
    fn page(&self, data: Option<&PageData>, query: Option<&str>) -> (String, Option<PageNonce>) {
        let fresh = |nonce: Result<PageNonce, getrandom::Error>| {
            nonce
                .inspect_err(|error| tracing::error!(%error, "no random nonce for the page"))
                .ok()
        };
        let Some(nonce) = self
            .template
            .contains(NONCE_MARK)
            .then(|| fresh(PageNonce::fresh()))
            .flatten()
        else {
            return (with_data(&self.template, data), None);
        };
        if let (Some(menu), Some(first_screen)) = (
            &self.menu,
            data.and_then(|data| data.first_screen.as_deref()),
        ) && let Some(nonce) = fresh(nonce.clone().with_script_nonce())
        {
            let page = menu
                .replace(NONCE_MARK, nonce.as_str())
                .replace(SCRIPT_NONCE_MARK, nonce.script().unwrap_or_default())
                .replacen(
                    QUERY_MARK,
                    &query
                        .map(|query| format!("?{}", escape_attribute(query)))
                        .unwrap_or_default(),
                    1,
                );
            let page = with_data(&page, data).replacen(
                ROOT_PLACEHOLDER,
                &format!("<div id=\"root\">{first_screen}</div>"),
                1,
            );
            return (page, Some(nonce));
        }
        let page = self.template.replace(NONCE_MARK, nonce.as_str());
        (with_data(&page, data), Some(nonce))
    }
}

/// `page` with a storefront page's initial reads in their element and its head's extra
/// elements at [`HEAD_MARK`] (none for the admin area's pages).
fn with_data(page: &str, data: Option<&PageData>) -> String {
    match data {
        Some(data) if page.contains(INITIAL_DATA_PLACEHOLDER) => page
            .replacen(
                INITIAL_DATA_PLACEHOLDER,
                &format!("id=\"initial-data\">{}</script>", data.json),
                1,
            )
            .replacen(HEAD_MARK, &data.head, 1),
        _ => page.replacen(HEAD_MARK, "", 1),
    }
}

/// A text file of the embedded UI, e.g. the style sheet.
fn embedded_text(path: &str) -> Option<String> {
    let (file, sent) = pick(path, "")?;
    let bytes = body_of(file.data, sent).ok()?;
    String::from_utf8(bytes.to_vec()).ok()
}

pub struct WebUi {
    base_path: String,
    index_html: Option<IndexHtml>,
    /// `manifest.webmanifest` with the shop's name; `None` when the build has none.
    manifest: Option<String>,
}

impl WebUi {
    pub fn new(config: &Config) -> WebUi {
        let index_html = UiFiles::get("index.html").map(|file| {
            IndexHtml::new(
                render_index(&String::from_utf8_lossy(&file.data), config),
                config.default_language.code(),
                &format!("{}/", config.base_path),
            )
        });
        if index_html.is_none() {
            tracing::warn!(
                "this build has no storefront UI (built with HEIMSERVICE_SKIP_UI_BUILD)"
            );
        }
        let manifest = UiFiles::get(MANIFEST).and_then(|file| {
            render_manifest(&file.data, config)
                .inspect_err(|error| {
                    tracing::error!(%error, "this build's manifest.webmanifest is not JSON");
                })
                .ok()
        });
        WebUi {
            base_path: config.base_path.clone(),
            index_html,
            manifest,
        }
    }

    fn manifest(&self, manifest: &str) -> Response {
        Response::builder()
            .content_type("application/manifest+json")
            .header(header::CACHE_CONTROL, REVALIDATE)
            .body(manifest.to_string())
    }

    /// `index.html`; a storefront page (not the admin area's) carries the store and the
    /// menu as they are now.
    async fn index(&self, req: &Request, path: &str) -> Response {
        match &self.index_html {
            Some(html) => {
                let data = match req.data::<SharedState>() {
                    Some(state) if !path.starts_with("admin") => {
                        Some(page_data(&state.0, path.is_empty()).await)
                    }
                    _ => None,
                };
                let (page, nonce) = html.page(data.as_ref(), req.uri().query());
                let mut response = Response::builder()
                    .content_type("text/html; charset=utf-8")
                    .header(header::CACHE_CONTROL, REVALIDATE)
                    .body(page);
                if let Some(nonce) = nonce {
                    response.extensions_mut().insert(nonce);
                }
                response
            }
            None => json_response(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::UiNotBuilt,
                "This build of heimservice has no storefront; rebuild it without HEIMSERVICE_SKIP_UI_BUILD.",
            ),
        }
    }

    fn file(&self, path: &str, headers: &HeaderMap) -> Option<Response> {
        if path.ends_with(".br") || path.ends_with(".gz") {
            return None;
        }
        let accept = headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        let (file, sent) = pick(path, accept)?;
        let suffix = match sent {
            Sent::Encoded(coding) => format!("-{coding}"),
            Sent::Plain => String::new(),
            Sent::Inflated => "-plain".into(),
        };
        let etag = format!("\"{}{suffix}\"", hex(&file.metadata.sha256_hash()[..12]));
        let cache = if path.starts_with("assets/") {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        let not_modified = headers
            .get(header::IF_NONE_MATCH)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.split(',').any(|tag| tag.trim() == etag));
        let builder = Response::builder()
            .header(header::CACHE_CONTROL, cache)
            .header(header::ETAG, etag.as_str())
            .header(header::VARY, "Accept-Encoding");
        if not_modified {
            return Some(builder.status(StatusCode::NOT_MODIFIED).finish());
        }
        let builder = builder.content_type(content_type(path));
        let builder = match sent {
            Sent::Encoded(coding) => builder.header(header::CONTENT_ENCODING, coding),
            Sent::Plain | Sent::Inflated => builder,
        };
        match body_of(file.data, sent) {
            Ok(body) => Some(builder.body(body)),
            Err(error) => {
                tracing::error!(path, %error, "an embedded file cannot be inflated");
                Some(json_response(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    ErrorCode::BrokenBuild,
                    "This file of the storefront is damaged in this build.",
                ))
            }
        }
    }
}

impl Endpoint for WebUi {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        if req.original_uri().path() == self.base_path {
            return Ok(Redirect::permanent(format!("{}/", self.base_path)).into_response());
        }
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return Ok(json_response(
                StatusCode::METHOD_NOT_ALLOWED,
                ErrorCode::MethodNotAllowed,
                "The storefront only answers GET and HEAD.",
            )
            .with_header(header::ALLOW, "GET, HEAD")
            .into_response());
        }
        let path = req.uri().path().trim_start_matches('/');
        if path.is_empty() || path == "index.html" {
            return Ok(self.index(&req, path).await);
        }
        if path == MANIFEST
            && let Some(manifest) = &self.manifest
        {
            return Ok(self.manifest(manifest));
        }
        if let Some(response) = self.file(path, req.headers()) {
            return Ok(response);
        }
        if path.starts_with("assets/") || path.contains('.') && !path.contains('/') {
            return Ok(json_response(
                StatusCode::NOT_FOUND,
                ErrorCode::NotFound,
                "No such file.",
            ));
        }
        Ok(self.index(&req, path).await)
    }
}

/// Fills in the base path and the runtime configuration the storefront reads.
fn render_index(template: &str, config: &Config) -> String {
    let runtime_config = serde_json::json!({
        "basePath": config.base_path,
        "storeId": config.store_id,
        "brand": config.brand,
        "defaultLanguage": config.default_language.code(),
        "country": config.country,
        "paypalClientId": config.paypal.client_id,
        "paypalSdkUrl": config.paypal.sdk_url,
        "currency": config.paypal.currency,
    });
    template
        .replacen(
            BASE_PLACEHOLDER,
            &format!("<base href=\"{}/\"", escape_attribute(&config.base_path)),
            1,
        )
        .replacen(
            CONFIG_PLACEHOLDER,
            &format!(
                "name=\"heimservice-config\" content=\"{}\"",
                escape_attribute(&runtime_config.to_string())
            ),
            1,
        )
}

/// The web app manifest beside `index.html`; its URLs are relative to it, so they follow
/// the base path.
const MANIFEST: &str = "manifest.webmanifest";

/// The manifest with the shop's brand as the name under the home-screen icon.
fn render_manifest(template: &[u8], config: &Config) -> serde_json::Result<String> {
    let mut manifest: serde_json::Value = serde_json::from_slice(template)?;
    if let Some(fields) = manifest.as_object_mut() {
        fields.insert("name".into(), config.brand.clone().into());
        fields.insert("short_name".into(), config.brand.clone().into());
    }
    serde_json::to_string(&manifest)
}

fn escape_attribute(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::FlagValues;

    #[test]
    fn every_file_the_build_writes_gets_its_type() {
        assert_eq!(
            content_type("assets/index-x.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("sw.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("assets/a.CSS"), "text/css; charset=utf-8");
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("favicon.svg"), "image/svg+xml");
        assert_eq!(content_type("icon-512.png"), "image/png");
        assert_eq!(
            content_type("manifest.webmanifest"),
            "application/manifest+json"
        );
        assert_eq!(content_type("LICENSE"), "application/octet-stream");
        assert_eq!(content_type("a.unknown"), "application/octet-stream");
        // Every file in ui/dist has a type of its own.
        for path in UiFiles::iter() {
            let path = path.trim_end_matches(".gz").trim_end_matches(".br");
            assert_ne!(content_type(path), "application/octet-stream", "{path}");
        }
    }

    #[test]
    fn the_index_gets_the_base_path_and_an_escaped_config() {
        let env = vec![
            (
                "HEIMSERVICE_BRAND".to_string(),
                "Luigi's \"Best\" <Pizza>".to_string(),
            ),
            ("HEIMSERVICE_BASE_PATH".to_string(), "/shop".to_string()),
        ];
        let config = Config::load_from(&FlagValues::default(), &env).unwrap();
        let template = "<head><base href=\"/order-online/\" /><meta name=\"heimservice-config\" content=\"{}\" /></head>";
        let html = render_index(template, &config);
        assert!(html.contains("<base href=\"/shop/\" />"), "{html}");
        assert!(
            html.contains("&quot;basePath&quot;:&quot;/shop&quot;"),
            "{html}"
        );
        assert!(
            html.contains("Luigi's \\&quot;Best\\&quot; &lt;Pizza&gt;"),
            "{html}"
        );
        assert!(!html.contains("<Pizza>"), "{html}");
    }

    #[test]
    fn the_manifest_is_named_after_the_brand() {
        let env = vec![("HEIMSERVICE_BRAND".to_string(), "Da \"Gino\"".to_string())];
        let config = Config::load_from(&FlagValues::default(), &env).unwrap();
        let template = br##"{"name": "Heimservice", "short_name": "Heimservice", "start_url": "./", "theme_color": "#b3261e"}"##;
        let manifest: serde_json::Value =
            serde_json::from_str(&render_manifest(template, &config).unwrap()).unwrap();
        assert_eq!(manifest["name"], "Da \"Gino\"");
        assert_eq!(manifest["short_name"], "Da \"Gino\"");
        assert_eq!(manifest["start_url"], "./");
        assert_eq!(manifest["theme_color"], "#b3261e");
        assert!(render_manifest(b"not json", &config).is_err());
    }

    #[test]
    fn every_page_gets_a_fresh_nonce_in_its_meta_element() {
        let index = IndexHtml::new(
            "<head><meta name=\"csp-nonce\" content=\"\" /><title>x</title></head>".into(),
            "de",
            "/order-online/",
        );
        let (first, first_nonce) = index.page(None, None);
        let (second, second_nonce) = index.page(None, None);
        let (first_nonce, second_nonce) = (first_nonce.unwrap(), second_nonce.unwrap());
        assert_eq!(
            first,
            format!(
                "<head><meta name=\"csp-nonce\" content=\"{}\" /><title>x</title></head>",
                first_nonce.as_str()
            )
        );
        assert!(second.contains(&format!("content=\"{}\"", second_nonce.as_str())));
        assert_ne!(first_nonce.as_str(), second_nonce.as_str());

        let without = IndexHtml::new(
            "<head><title>x</title></head>".into(),
            "de",
            "/order-online/",
        );
        let (page, nonce) = without.page(None, None);
        assert_eq!(page, "<head><title>x</title></head>");
        assert!(nonce.is_none());
    }
}
