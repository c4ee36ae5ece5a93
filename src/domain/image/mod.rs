//! Uploaded pictures (product photos, banners): only JPEG, PNG and WebP, recognised by
//! their first bytes rather than by what the client claims. An upload is never kept:
//! `render` decodes it, turns it upright and stores renditions re-encoded from its
//! pixels (`renditions`: which widths, and the key that names them).

pub mod render;
pub mod renditions;

pub use render::{RenderError, Rendered, render};
pub use renditions::{ImageKey, RENDITION_WIDTHS};

/// Largest accepted upload. Phone photos are 2–4 MB.
pub const MAX_IMAGE_BYTES: usize = 4 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Jpeg,
    Png,
    Webp,
}

impl ImageFormat {
    pub fn content_type(self) -> &'static str {
        match self {
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Png => "image/png",
            ImageFormat::Webp => "image/webp",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Jpeg => "jpg",
            ImageFormat::Png => "png",
            ImageFormat::Webp => "webp",
        }
    }

    pub fn from_content_type(content_type: &str) -> Option<ImageFormat> {
        match content_type {
            "image/jpeg" => Some(ImageFormat::Jpeg),
            "image/png" => Some(ImageFormat::Png),
            "image/webp" => Some(ImageFormat::Webp),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub format: ImageFormat,
    pub bytes: Vec<u8>,
}

/// The format the bytes really are, if it is one we accept.
pub fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(ImageFormat::Webp)
    } else {
        None
    }
}

/// Checks an upload: not empty, not too large, and really a JPEG/PNG/WebP.
pub fn accept_upload(bytes: Vec<u8>) -> Result<Image, String> {
    if bytes.is_empty() {
        return Err("The upload is empty.".into());
    }
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(format!(
            "The image is larger than {} MiB.",
            MAX_IMAGE_BYTES / 1024 / 1024
        ));
    }
    let format = sniff(&bytes).ok_or("Only JPEG, PNG and WebP images are accepted.")?;
    Ok(Image { format, bytes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_recognised_by_their_magic_bytes() {
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(ImageFormat::Jpeg));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some(ImageFormat::Png));
        assert_eq!(sniff(b"RIFF\x10\0\0\0WEBPVP8 "), Some(ImageFormat::Webp));
        assert_eq!(sniff(b"GIF89a"), None);
        assert_eq!(sniff(b"<svg onload=alert(1)>"), None);
    }

    #[test]
    fn uploads_are_checked() {
        assert!(accept_upload(vec![]).is_err());
        assert!(accept_upload(b"<html>".to_vec()).is_err());
        assert!(accept_upload(vec![0xFF; MAX_IMAGE_BYTES + 1]).is_err());
        let jpeg = accept_upload(vec![0xFF, 0xD8, 0xFF, 0xDB]).unwrap();
        assert_eq!(jpeg.format.content_type(), "image/jpeg");
    }
}
