//! A photo's renditions (`Picture`, `ui/src/lib/picture.tsx`): WebP with a JPEG
//! fallback, both with `srcset` and `sizes`, width and height for the aspect ratio, lazy
//! unless eager, `fetchpriority="high"` for the page's largest image.

use serde_json::Value;

use super::Html;
use super::js::js_text;

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
}

/// `Picture`.
pub(super) fn picture(html: &mut Html, picture: &Picture) {
    let image = picture.image;
    let url = js_text(&image["url"]).unwrap_or_else(|| "undefined".to_string());
    let set = |kind: &str| {
        image["widths"]
            .as_array()
            .into_iter()
            .flatten()
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
    html.empty(
        "source",
        &[
            ("type", Some("image/webp")),
            ("srcset", Some(&set("webp"))),
            ("sizes", Some(picture.sizes)),
        ],
    );
    html.empty(
        "img",
        &[
            ("class", picture.class),
            ("src", Some(picture.src)),
            ("srcset", Some(&set("jpg"))),
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
