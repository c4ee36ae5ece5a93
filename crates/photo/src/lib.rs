//! A photo made fit for a menu: decoded (JPEG, PNG, WebP), turned upright by its EXIF
//! orientation, and re-encoded from its pixels at the widths a storefront shows, as lossy
//! WebP and as JPEG. Nothing of the upload but its pixels survives: no EXIF (a phone's
//! GPS position), no colour profile, no comments.
//!
//! The widths follow what the storefront shows: a card is 112 CSS pixels wide
//! (128/256/384 for 1×/2×/3× screens), the product window a phone's width (384/640/960),
//! a banner the page's width up to 1280. A photo is never made larger than it came: a
//! narrower one keeps the standard widths below its own and its own.
//!
//! This is CPU work of about a second for a phone photo; callers run it off their async
//! threads.

use std::io::Cursor;

use image::imageops::{self, FilterType};
use image::{DynamicImage, ImageDecoder, ImageReader, Limits, RgbImage};

/// Larger pictures are refused before they are decoded: 40 megapixels take 160 MB
/// decoded, more than a small computer should spend on one upload.
pub const MAX_PIXELS: u64 = 40_000_000;

/// The widths a rendition may have, smallest first.
pub const RENDITION_WIDTHS: [u32; 6] = [128, 256, 384, 640, 960, 1280];

/// The widest rendition; wider photos are scaled down to it.
pub const MAX_WIDTH: u32 = 1280;

/// The JPEG a client without `srcset` gets (`image_url`): a phone's width at 1.5×.
pub const FALLBACK_WIDTH: u32 = 640;

/// The size of the largest rendition of a photo of `width` × `height` (already upright).
pub fn largest_size(width: u32, height: u32) -> (u32, u32) {
    if width <= MAX_WIDTH {
        (width.max(1), height.max(1))
    } else {
        (MAX_WIDTH, scaled_height(width, height, MAX_WIDTH))
    }
}

/// The height of a rendition `to_width` wide of a picture `width` × `height`, rounded.
pub fn scaled_height(width: u32, height: u32, to_width: u32) -> u32 {
    let scaled =
        (u64::from(height) * u64::from(to_width) + u64::from(width) / 2) / u64::from(width.max(1));
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// The widths of the renditions of a photo whose largest rendition is `largest` wide,
/// smallest first: the standard widths below it, and itself.
pub fn widths(largest: u32) -> Vec<u32> {
    RENDITION_WIDTHS
        .iter()
        .copied()
        .filter(|&width| width < largest)
        .chain(std::iter::once(largest))
        .collect()
}

/// Lossy WebP quality (0–100): a card is a few kilobytes, a 1280 banner about 60.
const WEBP_QUALITY: f32 = 72.0;
/// JPEG quality (1–100) of the fallback, for browsers without WebP.
const JPEG_QUALITY: u8 = 78;

/// The two formats renditions are kept in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Lossy WebP, for every current browser.
    Webp,
    /// Baseline JPEG, the fallback.
    Jpeg,
}

/// Encoded pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub format: Format,
    pub bytes: Vec<u8>,
}

/// One stored size of a photo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendition {
    pub width: u32,
    pub height: u32,
    pub image: Image,
}

/// Every rendition of a photo; `width` × `height` is the largest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub width: u32,
    pub height: u32,
    pub renditions: Vec<Rendition>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    #[error(
        "The image is {width} × {height} pixels; at most {} megapixels are accepted.",
        MAX_PIXELS / 1_000_000
    )]
    TooManyPixels { width: u32, height: u32 },
    #[error("The image could not be read: {0}")]
    Undecodable(String),
}

fn undecodable(error: impl std::fmt::Display) -> RenderError {
    RenderError::Undecodable(error.to_string())
}

/// Renders an upload (JPEG, PNG or WebP) into its renditions.
pub fn render(bytes: &[u8]) -> Result<Rendered, RenderError> {
    let format = match image::guess_format(bytes) {
        Ok(
            format
            @ (image::ImageFormat::Jpeg | image::ImageFormat::Png | image::ImageFormat::WebP),
        ) => format,
        _ => return Err(undecodable("not a JPEG, PNG or WebP image")),
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_PIXELS * 8);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(undecodable)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(RenderError::TooManyPixels { width, height });
    }
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let pixels = opaque(DynamicImage::from_decoder(decoder).map_err(undecodable)?);
    Ok(renditions_of(pixels, orientation))
}

/// The renditions of decoded `pixels` that `orientation` turns upright. The photo is
/// scaled down before it is turned: turning 12 megapixels costs more than the scaling.
fn renditions_of(pixels: RgbImage, orientation: image::metadata::Orientation) -> Rendered {
    use image::metadata::Orientation::*;
    let turned = matches!(
        orientation,
        Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH
    );
    let (raw_width, raw_height) = pixels.dimensions();
    let (upright_width, upright_height) = if turned {
        (raw_height, raw_width)
    } else {
        (raw_width, raw_height)
    };
    let (width, height) = largest_size(upright_width, upright_height);
    let (target_width, target_height) = if turned {
        (height, width)
    } else {
        (width, height)
    };
    let scaled = if (target_width, target_height) == (raw_width, raw_height) {
        pixels
    } else {
        imageops::resize(&pixels, target_width, target_height, FilterType::Triangle)
    };
    let mut largest = DynamicImage::ImageRgb8(scaled);
    largest.apply_orientation(orientation);
    let largest = largest.into_rgb8();
    let mut renditions = Vec::new();
    for rendition_width in widths(width) {
        let rendition_height = scaled_height(width, height, rendition_width);
        let resized;
        let pixels = if rendition_width == width {
            &largest
        } else {
            resized = imageops::resize(
                &largest,
                rendition_width,
                rendition_height,
                FilterType::CatmullRom,
            );
            &resized
        };
        let (w, h) = pixels.dimensions();
        renditions.push(Rendition {
            width: w,
            height: h,
            image: webp(pixels),
        });
        renditions.push(Rendition {
            width: w,
            height: h,
            image: jpeg(pixels),
        });
    }
    Rendered {
        width,
        height,
        renditions,
    }
}

/// The picture without transparency: transparent parts become white, as on the menu's
/// white cards (a JPEG has no transparency).
fn opaque(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    let (width, height) = rgba.dimensions();
    let mut rgb = RgbImage::new(width, height);
    for (target, source) in rgb.pixels_mut().zip(rgba.pixels()) {
        let alpha = u16::from(source[3]);
        for channel in 0..3 {
            let value = (u16::from(source[channel]) * alpha + 255 * (255 - alpha) + 127) / 255;
            target[channel] = u8::try_from(value).unwrap_or(u8::MAX);
        }
    }
    rgb
}

fn webp(pixels: &RgbImage) -> Image {
    let (width, height) = pixels.dimensions();
    let encoded = webp::Encoder::from_rgb(pixels.as_raw(), width, height).encode(WEBP_QUALITY);
    Image {
        format: Format::Webp,
        bytes: encoded.to_vec(),
    }
}

fn jpeg(pixels: &RgbImage) -> Image {
    let mut bytes = Vec::new();
    let encoded = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY)
        .encode_image(pixels);
    debug_assert!(encoded.is_ok(), "encoding RGB into memory cannot fail");
    Image {
        format: Format::Jpeg,
        bytes,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use image::{ImageEncoder, Rgb};

    use super::*;

    /// A JPEG `width` × `height`, red on the left half and blue on the right, with an
    /// EXIF segment giving `orientation`.
    fn two_colours(width: u32, height: u32, orientation: u16) -> Vec<u8> {
        let pixels = RgbImage::from_fn(width, height, |x, _| {
            if x < width / 2 {
                Rgb([220, 20, 20])
            } else {
                Rgb([20, 20, 220])
            }
        });
        let mut bytes = Vec::new();
        let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 95);
        let mut exif = b"MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01".to_vec();
        exif.extend_from_slice(&orientation.to_be_bytes());
        exif.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
        encoder.set_exif_metadata(exif).unwrap();
        encoder
            .write_image(
                pixels.as_raw(),
                width,
                height,
                image::ExtendedColorType::Rgb8,
            )
            .unwrap();
        bytes
    }

    fn decoded(image: &Image) -> RgbImage {
        image::load_from_memory(&image.bytes).unwrap().into_rgb8()
    }

    #[test]
    fn a_photo_taken_sideways_is_turned_upright() {
        let rendered = render(&two_colours(200, 100, 6)).unwrap();
        assert_eq!((rendered.width, rendered.height), (100, 200));
        let pixels = decoded(&rendered.renditions[1].image);
        assert_eq!(pixels.dimensions(), (100, 200));
        // Turned a quarter clockwise: the left half (red) is now on top.
        let top = pixels.get_pixel(50, 20);
        let bottom = pixels.get_pixel(50, 180);
        assert!(top[0] > 150 && top[2] < 100, "top {top:?}");
        assert!(bottom[2] > 150 && bottom[0] < 100, "bottom {bottom:?}");
    }

    #[test]
    fn an_upright_photo_keeps_its_shape_and_every_width_comes_in_both_formats() {
        let rendered = render(&two_colours(700, 350, 1)).unwrap();
        assert_eq!((rendered.width, rendered.height), (700, 350));
        let sizes: Vec<_> = rendered
            .renditions
            .iter()
            .map(|r| (r.width, r.height, r.image.format))
            .collect();
        let mut expected = Vec::new();
        for (width, height) in [(128, 64), (256, 128), (384, 192), (640, 320), (700, 350)] {
            expected.push((width, height, Format::Webp));
            expected.push((width, height, Format::Jpeg));
        }
        assert_eq!(sizes, expected);
        for rendition in &rendered.renditions {
            let sniffed = image::guess_format(&rendition.image.bytes).unwrap();
            let expected = match rendition.image.format {
                Format::Webp => image::ImageFormat::WebP,
                Format::Jpeg => image::ImageFormat::Jpeg,
            };
            assert_eq!(sniffed, expected);
            assert_eq!(
                decoded(&rendition.image).dimensions(),
                (rendition.width, rendition.height)
            );
            assert!(
                !rendition.image.bytes.windows(4).any(|w| w == b"Exif"),
                "no EXIF in the {}-pixel {:?}",
                rendition.width,
                rendition.image.format
            );
        }
    }

    #[test]
    fn transparency_becomes_white() {
        let pixels = image::RgbaImage::from_pixel(4, 4, image::Rgba([0, 0, 0, 0]));
        assert_eq!(
            opaque(DynamicImage::ImageRgba8(pixels)).get_pixel(1, 1),
            &Rgb([255, 255, 255])
        );
    }

    #[test]
    fn broken_images_are_refused() {
        assert!(matches!(
            render(&[0xFF, 0xD8, 0xFF, 0xDB, 1, 2, 3]),
            Err(RenderError::Undecodable(_))
        ));
        assert!(matches!(
            render(b"GIF89a"),
            Err(RenderError::Undecodable(_))
        ));
    }

    #[test]
    fn a_phone_photo_gets_every_width_and_is_scaled_to_the_widest() {
        assert_eq!(largest_size(4032, 3024), (1280, 960));
        assert_eq!(largest_size(3024, 4032), (1280, 1707));
        assert_eq!(widths(1280), vec![128, 256, 384, 640, 960, 1280]);
    }

    #[test]
    fn a_small_photo_is_never_enlarged() {
        assert_eq!(largest_size(800, 600), (800, 600));
        assert_eq!(widths(800), vec![128, 256, 384, 640, 800]);
        assert_eq!(widths(640), vec![128, 256, 384, 640]);
        assert_eq!(widths(100), vec![100]);
        assert_eq!(largest_size(1, 1), (1, 1));
        assert_eq!(widths(1), vec![1]);
    }

    #[test]
    fn heights_keep_the_aspect_ratio() {
        assert_eq!(scaled_height(1280, 960, 128), 96);
        assert_eq!(scaled_height(1280, 1707, 384), 512);
        assert_eq!(scaled_height(4000, 10, 128), 1, "never zero pixels high");
    }
}
