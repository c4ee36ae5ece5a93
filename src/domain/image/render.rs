//! A photo made fit for the menu (`heimservice_photo`, a crate of its own so it is
//! compiled optimised in debug builds too): decoded, turned upright by its EXIF
//! orientation, re-encoded from its pixels at every width of [`super::renditions`] as
//! lossy WebP and as JPEG. Nothing of the upload but its pixels survives.
//!
//! `render` is CPU work of about a second for a phone photo, to be run off the async
//! threads (`shop::images`). Its renditions are the crate's own types; a rendition's
//! format becomes an [`ImageFormat`] where it is stored (`db::catalog`).

pub use heimservice_photo::{MAX_PIXELS, RenderError, Rendered, render};

use super::ImageFormat;

impl From<heimservice_photo::Format> for ImageFormat {
    fn from(format: heimservice_photo::Format) -> Self {
        match format {
            heimservice_photo::Format::Webp => ImageFormat::Webp,
            heimservice_photo::Format::Jpeg => ImageFormat::Jpeg,
        }
    }
}
