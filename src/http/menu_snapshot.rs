//! The public menu, serialized once per catalog change (or change of what is sold out
//! by its daily stock), gzip-compressed once and served from memory. Each
//! answer carries an ETag (a hash of the bytes, with the coding as a suffix: each coding
//! is its own representation), so an unchanged menu costs a 304.

use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::sync::{Arc, RwLock};

use bytes::Bytes;
use poem::http::header;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Payload;
use poem_openapi::registry::{MetaSchemaRef, Registry};
use poem_openapi::types::Type;
use serde::Serialize;

use crate::domain::catalog::{
    Catalog, StockLevels, allergy_order, menu_products, visible_categories,
};
use crate::http::compression::{Coding, Encoded};
use crate::http::first_screen::{PHONE_SCREEN, phone_widths};
use crate::http::routes::catalog::views::{
    AllergyView, BannerView, CategoryView, ImageView, ProductView,
};
use crate::shop::CatalogListener;

/// JSON that was serialized (and compressed) ahead of time; documented as `T` in the
/// OpenAPI document.
pub struct PreEncodedJson<T> {
    bytes: Bytes,
    coding: Option<Coding>,
    _type: PhantomData<fn() -> T>,
}

impl<T> PreEncodedJson<T> {
    fn new(encoded: &Encoded, coding: Option<Coding>) -> Self {
        let (bytes, coding) = encoded.pick(coding);
        PreEncodedJson {
            bytes,
            coding,
            _type: PhantomData,
        }
    }
}

const JSON: &str = "application/json; charset=utf-8";

impl<T: Type> Payload for PreEncodedJson<T> {
    const CONTENT_TYPE: &'static str = JSON;

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

impl<T: Send> IntoResponse for PreEncodedJson<T> {
    fn into_response(self) -> Response {
        let builder = Response::builder()
            .content_type(JSON)
            .header(header::VARY, "Accept-Encoding");
        match self.coding {
            Some(coding) => builder
                .header(header::CONTENT_ENCODING, coding.token())
                .body(self.bytes),
            None => builder.body(self.bytes),
        }
    }
}

pub struct MenuSnapshot {
    version: u64,
    categories: Encoded,
    products: Encoded,
    allergies: Encoded,
    banners: Encoded,
    /// Unquoted, e.g. `m-1a2b3c4d5e6f7a8b`; each coding's ETag adds its own suffix.
    tag: String,
    /// The storefront page's `<link rel="preload">` of the first banner's photo, or empty.
    pub banner_preload: String,
}

fn encode<T: Serialize>(value: &T) -> Bytes {
    // Serializing plain data structs into a Vec cannot fail.
    Bytes::from(serde_json::to_vec(value).unwrap_or_else(|_| b"[]".to_vec()))
}

impl MenuSnapshot {
    /// The menu of catalog `version`; a product with nothing left of its daily stock in
    /// `stock` is shown sold out.
    pub fn build(catalog: &Catalog, version: u64, stock: &StockLevels) -> MenuSnapshot {
        let categories: Vec<CategoryView> = visible_categories(catalog)
            .into_iter()
            .map(CategoryView::from)
            .collect();
        let products: Vec<ProductView> = menu_products(catalog)
            .iter()
            .map(|menu| ProductView::on_menu(menu, stock))
            .collect();
        let mut allergies: Vec<AllergyView> =
            catalog.allergies.values().map(AllergyView::from).collect();
        allergies.sort_by_key(|allergy| allergy_order(&allergy.code));
        let mut banners: Vec<&crate::domain::catalog::Banner> = catalog.banners.values().collect();
        banners.sort_by_key(|b| (b.sort_order, b.id));
        let banners: Vec<BannerView> = banners.into_iter().map(BannerView::from).collect();
        let banner_preload = banners
            .first()
            .and_then(|banner| banner.image.as_ref())
            .map(first_banner_preload)
            .unwrap_or_default();
        let [categories, products, allergies, banners] = [
            encode(&categories),
            encode(&products),
            encode(&allergies),
            encode(&banners),
        ];
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        for part in [&categories, &products, &allergies, &banners] {
            part.hash(&mut hasher);
        }
        MenuSnapshot {
            version,
            categories: Encoded::new(categories),
            products: Encoded::new(products),
            allergies: Encoded::new(allergies),
            banners: Encoded::new(banners),
            tag: format!("m-{:016x}", hasher.finish()),
            banner_preload,
        }
    }

    pub fn categories(&self, coding: Option<Coding>) -> PreEncodedJson<Vec<CategoryView>> {
        PreEncodedJson::new(&self.categories, coding)
    }

    pub fn products(&self, coding: Option<Coding>) -> PreEncodedJson<Vec<ProductView>> {
        PreEncodedJson::new(&self.products, coding)
    }

    pub fn allergies(&self, coding: Option<Coding>) -> PreEncodedJson<Vec<AllergyView>> {
        PreEncodedJson::new(&self.allergies, coding)
    }

    pub fn banners(&self, coding: Option<Coding>) -> PreEncodedJson<Vec<BannerView>> {
        PreEncodedJson::new(&self.banners, coding)
    }

    /// The plain JSON of the menu reads the storefront makes (products, categories,
    /// banners; the allergen list is the admin's: the products carry their allergens),
    /// for its page.
    pub fn plain_parts(&self) -> [(&'static str, &Bytes); 3] {
        [
            ("products", &self.products.plain),
            ("categories", &self.categories.plain),
            ("banners", &self.banners.plain),
        ]
    }

    /// The ETag of the answer in `coding`, quoted: `"m-…"` or `"m-…-gzip"`.
    pub fn etag(&self, coding: Option<Coding>) -> String {
        match coding {
            Some(coding) => format!("\"{}-{}\"", self.tag, coding.token()),
            None => format!("\"{}\"", self.tag),
        }
    }

    /// Whether an `If-None-Match` header names this snapshot, in any coding: the menu is
    /// the same, so a client that switched codings still gets its 304 (`-br` is the tag
    /// earlier versions gave their brotli answers, still in browsers' caches).
    pub fn matches(&self, if_none_match: Option<&str>) -> bool {
        let names_this = |tag: &str| {
            let Some(tag) = tag.strip_prefix('"').and_then(|t| t.strip_suffix('"')) else {
                return tag == "*";
            };
            tag.strip_prefix(self.tag.as_str())
                .is_some_and(|rest| matches!(rest, "" | "-br" | "-gzip"))
        };
        if_none_match.is_some_and(|header| header.split(',').any(|tag| names_this(tag.trim())))
    }
}

/// `<link rel="preload">` for a banner photo's WebP renditions, with the `srcset` and
/// `sizes` the carousel gives its first slide (`ui/src/lib/picture.tsx`), so the browser
/// uses what it preloaded: phones their own set, no wider than the carousel offers
/// them (`first_screen::PHONE_SCREEN`), when that leaves some out. The URL and widths
/// are the server's own (hex key, digits).
fn first_banner_preload(image: &ImageView) -> String {
    let link = |widths: &[u32], media: Option<&str>| {
        let srcset = widths
            .iter()
            .map(|w| format!("{}/{w}.webp {w}w", image.url))
            .collect::<Vec<_>>()
            .join(",");
        let media = media
            .map(|media| format!(" media=\"{media}\""))
            .unwrap_or_default();
        format!(
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" imagesrcset=\"{srcset}\" imagesizes=\"100vw\"{media} fetchpriority=\"high\" />"
        )
    };
    match phone_widths(&image.widths, |w| Some(u64::from(w))) {
        Some(phone) => format!(
            "{}{}",
            link(&phone, Some(PHONE_SCREEN)),
            link(&image.widths, Some(&format!("not all and {PHONE_SCREEN}")))
        ),
        None => link(&image.widths, None),
    }
}

/// The current snapshot; replaced after every committed catalog change.
pub struct MenuCache {
    current: RwLock<Arc<MenuSnapshot>>,
}

impl MenuCache {
    pub fn new(catalog: &Catalog, version: u64, stock: &StockLevels) -> MenuCache {
        MenuCache {
            current: RwLock::new(Arc::new(MenuSnapshot::build(catalog, version, stock))),
        }
    }

    pub fn get(&self) -> Arc<MenuSnapshot> {
        match self.current.read() {
            Ok(current) => Arc::clone(&current),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    /// Installs the snapshot of catalog `version`, unless a newer one is already there
    /// (two changes may finish in either order; the shop hands over the stocks in the
    /// order it read them).
    pub fn refresh(&self, catalog: &Catalog, version: u64, stock: &StockLevels) {
        let snapshot = Arc::new(MenuSnapshot::build(catalog, version, stock));
        let mut current = match self.current.write() {
            Ok(current) => current,
            Err(poisoned) => poisoned.into_inner(),
        };
        if snapshot.version >= current.version {
            *current = snapshot;
        }
    }
}

/// The public menu follows every committed catalog change and the daily stocks.
impl CatalogListener for MenuCache {
    fn menu_changed(&self, catalog: &Catalog, version: u64, stock: &StockLevels) {
        self.refresh(catalog, version, stock);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(widths: &[u32]) -> ImageView {
        ImageView {
            url: "/images/b".into(),
            width: 1280,
            height: 480,
            widths: widths.to_vec(),
        }
    }

    #[test]
    fn phones_preload_the_banner_renditions_the_carousel_offers_them() {
        assert_eq!(
            first_banner_preload(&image(&[640, 960, 1280])),
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" \
             imagesrcset=\"/images/b/640.webp 640w,/images/b/960.webp 960w\" imagesizes=\"100vw\" \
             media=\"(max-width: 480px)\" fetchpriority=\"high\" />\
             <link rel=\"preload\" as=\"image\" type=\"image/webp\" \
             imagesrcset=\"/images/b/640.webp 640w,/images/b/960.webp 960w,/images/b/1280.webp 1280w\" \
             imagesizes=\"100vw\" media=\"not all and (max-width: 480px)\" fetchpriority=\"high\" />"
        );
        // Nothing wider than a phone's renditions: one preload for every screen.
        assert_eq!(
            first_banner_preload(&image(&[128, 640])),
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" \
             imagesrcset=\"/images/b/128.webp 128w,/images/b/640.webp 640w\" imagesizes=\"100vw\" \
             fetchpriority=\"high\" />"
        );
    }
}
