//! The key that names a photo's renditions (their widths: `heimservice_photo`).
//!
//! A key is `{stem}-{width}x{height}` with the size of the largest rendition, so the
//! menu can say how large every rendition is (and reserve the space) without reading
//! the images. Keys stored before renditions existed were `{stem}.{jpg|png|webp}`; the
//! upgrade kept their stem.

use std::fmt;

pub use heimservice_photo::{MAX_WIDTH, RENDITION_WIDTHS, largest_size, scaled_height, widths};

use super::ImageFormat;

/// The JPEG a client without `srcset` gets (`image_url`): a phone's width at 1.5×.
pub const FALLBACK_WIDTH: u32 = 640;

/// A stored photo's key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageKey {
    pub stem: String,
    /// The size of the largest rendition.
    pub width: u32,
    pub height: u32,
}

impl ImageKey {
    /// Reads a key written by [`fmt::Display`]; `None` for anything else (a key stored
    /// before renditions existed, or a made-up one).
    pub fn parse(key: &str) -> Option<ImageKey> {
        let (stem, size) = key.rsplit_once('-')?;
        let (width, height) = size.split_once('x')?;
        let key = ImageKey {
            stem: stem.to_string(),
            width: number(width)?,
            height: number(height)?,
        };
        (valid_stem(stem) && key.width <= MAX_WIDTH).then_some(key)
    }

    /// The stem of a key stored before renditions existed (`{stem}.jpg`).
    pub fn legacy_stem(key: &str) -> Option<&str> {
        let (stem, extension) = key.rsplit_once('.')?;
        (valid_stem(stem) && ["jpg", "png", "webp"].contains(&extension)).then_some(stem)
    }

    pub fn widths(&self) -> Vec<u32> {
        widths(self.width)
    }

    pub fn height_at(&self, width: u32) -> u32 {
        if width == self.width {
            self.height
        } else {
            scaled_height(self.width, self.height, width)
        }
    }

    /// The JPEG for clients without `srcset`: the widest rendition up to
    /// [`FALLBACK_WIDTH`].
    pub fn fallback_width(&self) -> u32 {
        self.widths()
            .into_iter()
            .filter(|&width| width <= FALLBACK_WIDTH)
            .max()
            .unwrap_or(self.width)
    }

    /// Where one rendition is stored and served: `{key}/{width}.{webp|jpg}`.
    pub fn rendition(&self, width: u32, format: ImageFormat) -> String {
        format!("{self}/{width}.{}", format.extension())
    }

    /// The rendition a file name (`640.webp`) asks for, if this photo has it.
    pub fn rendition_named(&self, file: &str) -> Option<(u32, ImageFormat)> {
        let (width, extension) = file.split_once('.')?;
        let width = number(width)?;
        let format = match extension {
            "webp" => ImageFormat::Webp,
            "jpg" => ImageFormat::Jpeg,
            _ => return None,
        };
        self.widths().contains(&width).then_some((width, format))
    }
}

impl fmt::Display for ImageKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}x{}", self.stem, self.width, self.height)
    }
}

fn valid_stem(stem: &str) -> bool {
    !stem.is_empty() && stem.len() <= 64 && stem.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A decimal number without sign or leading zero.
fn number(text: &str) -> Option<u32> {
    if text.is_empty() || text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|&n| n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_name_their_size_and_renditions() {
        let key = ImageKey::parse("a1b2c3d4e5f60718-800x600").unwrap();
        assert_eq!((key.width, key.height), (800, 600));
        assert_eq!(key.to_string(), "a1b2c3d4e5f60718-800x600");
        assert_eq!(key.height_at(384), 288);
        assert_eq!(key.fallback_width(), 640);
        assert_eq!(
            key.rendition(256, ImageFormat::Webp),
            "a1b2c3d4e5f60718-800x600/256.webp"
        );
        assert_eq!(
            key.rendition_named("800.jpg"),
            Some((800, ImageFormat::Jpeg))
        );
        assert_eq!(
            key.rendition_named("960.webp"),
            None,
            "no upscaled rendition"
        );
        assert_eq!(key.rendition_named("256.png"), None);
        assert_eq!(key.rendition_named("0256.jpg"), None);
        let tiny = ImageKey::parse("ab-90x60").unwrap();
        assert_eq!(tiny.fallback_width(), 90);
    }

    #[test]
    fn other_keys_are_not_taken_for_rendition_keys() {
        for key in [
            "a1b2.jpg",
            "-800x600",
            "a/b-800x600",
            "ab-800x",
            "ab-x600",
            "ab-0x600",
            "ab-2000x600",
            "ab-800x600/640.jpg",
        ] {
            assert_eq!(ImageKey::parse(key), None, "{key}");
        }
        assert_eq!(ImageKey::legacy_stem("a1b2.jpg"), Some("a1b2"));
        assert_eq!(ImageKey::legacy_stem("a1b2.gif"), None);
        assert_eq!(ImageKey::legacy_stem("../x.jpg"), None);
    }
}
