//! A photo's renditions (`Picture`, `ui/src/lib/picture.tsx`): WebP with a JPEG
//! fallback, both with `srcset` and `sizes`, width and height for the aspect ratio, lazy
//! unless eager, `fetchpriority="high"` for the page's largest image, and for the banner
//! no rendition wider than [`PHONE_MAX_WIDTH`] on a phone.

use serde_json::Value;

use super::Html;
use super::js::js_text;

/// The screens that get no rendition wider than [`PHONE_MAX_WIDTH`] of a picture with
/// `phone_cap` (the UI's `PHONE_SCREEN`): a 390 px phone at density 3 would otherwise
/// take the 1280 px banner, a third more bytes for a difference nobody sees.
pub const PHONE_SCREEN: &str = "(max-width: 480px)";

/// The UI's `PHONE_MAX_WIDTH`.
pub const PHONE_MAX_WIDTH: u64 = 960;

/// The widths a phone is offered of `widths`, when that leaves some out (else `None`:
/// the picture offers every screen the same).
pub fn phone_widths<T: Copy>(widths: &[T], width: impl Fn(T) -> Option<u64>) -> Option<Vec<T>> {
    let phone: Vec<T> = widths
        .iter()
        .copied()
        .filter(|w| width(*w).is_some_and(|w| w <= PHONE_MAX_WIDTH))
        .collect();
    (!phone.is_empty() && phone.len() < widths.len()).then_some(phone)
}

/// `Picture`'s props.
pub(super) struct Picture<'a> {
    /// The image's renditions (`ImageInfo`: `url`, `widths`, `width`, `height`).
    pub image: &'a Value,
    pub src: &'a str,
    pub sizes: &'a str,
    pub alt: &'a str,
    pub class: Option<&'a str>,
    pub eager: bool,
    pub high: bool,
    /// `phoneCap`: phones get no rendition wider than [`PHONE_MAX_WIDTH`].
    pub phone_cap: bool,
}

/// `Picture`.
pub(super) fn picture(html: &mut Html, picture: &Picture) {
    let image = picture.image;
    let url = js_text(&image["url"]).unwrap_or_else(|| "undefined".to_string());
    let widths: Vec<&Value> = image["widths"].as_array().into_iter().flatten().collect();
    let set = |kind: &str, widths: &[&Value]| {
        widths
            .iter()
            .map(|width| {
                let width = js_text(width).unwrap_or_default();
                format!("{url}/{width}.{kind} {width}w")
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let width = js_text(&image["width"]);
    let height = js_text(&image["height"]);
    html.open("picture", &[]);
    if picture.phone_cap
        && let Some(phone) = phone_widths(&widths, |w| w.as_u64())
    {
        html.empty(
            "source",
            &[
                ("type", Some("image/webp")),
                ("media", Some(PHONE_SCREEN)),
                ("srcset", Some(&set("webp", &phone))),
                ("sizes", Some(picture.sizes)),
            ],
        );
    }
    html.empty(
        "source",
        &[
            ("type", Some("image/webp")),
            ("srcset", Some(&set("webp", &widths))),
            ("sizes", Some(picture.sizes)),
        ],
    );
    html.empty(
        "img",
        &[
            ("class", picture.class),
            ("src", Some(picture.src)),
            ("srcset", Some(&set("jpg", &widths))),
            ("sizes", Some(picture.sizes)),
            ("width", width.as_deref()),
            ("height", height.as_deref()),
            ("alt", Some(picture.alt)),
            (
                "loading",
                Some(if picture.eager || picture.high {
                    "eager"
                } else {
                    "lazy"
                }),
            ),
            ("fetchpriority", picture.high.then_some("high")),
        ],
    );
    html.close("picture");
}
