//! A photo made fit for the menu (`heimservice_photo`, a crate of its own so it is
//! compiled optimised in debug builds too): decoded, turned upright by its EXIF
//! orientation, re-encoded from its pixels at every width of [`super::renditions`] as
//! lossy WebP and as JPEG. Nothing of the upload but its pixels survives.

pub use heimservice_photo::{MAX_PIXELS, RenderError};

use super::{Image, ImageFormat};

/// One stored size of a photo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendition {
    pub width: u32,
    pub height: u32,
    /// WebP or JPEG.
    pub image: Image,
}

/// Every rendition of a photo; `width` × `height` is the largest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub width: u32,
    pub height: u32,
    pub renditions: Vec<Rendition>,
}

/// Renders an upload (JPEG, PNG or WebP) into its renditions: CPU work of about a
/// second for a phone photo, to be run off the async threads (`shop::images`).
pub fn render(bytes: &[u8]) -> Result<Rendered, RenderError> {
    let rendered = heimservice_photo::render(bytes)?;
    Ok(Rendered {
        width: rendered.width,
        height: rendered.height,
        renditions: rendered
            .renditions
            .into_iter()
            .map(|rendition| Rendition {
                width: rendition.width,
                height: rendition.height,
                image: Image {
                    format: match rendition.image.format {
                        heimservice_photo::Format::Webp => ImageFormat::Webp,
                        heimservice_photo::Format::Jpeg => ImageFormat::Jpeg,
                    },
                    bytes: rendition.image.bytes,
                },
            })
            .collect(),
    })
}
