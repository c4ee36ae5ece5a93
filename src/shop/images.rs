//! Photos: an upload rendered into its renditions (`domain::image::render`) off the
//! async threads and one at a time, so a small computer given several phone photos at
//! once stays responsive; and the renditions read for serving.

use tokio::sync::Semaphore;

use super::Shop;
use crate::db::DbError;
use crate::domain::image::{Image, ImageFormat, ImageKey, RenderError, Rendered, render};

/// One photo rendered at a time: decoding a 12-megapixel photo takes one core for about
/// a second and up to 100 MB.
static RENDERING: Semaphore = Semaphore::const_new(1);

/// Why an upload was not made into renditions.
#[derive(Debug, thiserror::Error)]
pub enum UploadRefused {
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error("no randomness for the image key")]
    Random,
}

impl Shop {
    /// Renders an upload (already checked by `domain::image::accept_upload`) under a
    /// new random key.
    pub async fn render_upload(
        &self,
        bytes: Vec<u8>,
    ) -> Result<(ImageKey, Rendered), UploadRefused> {
        let mut random = [0u8; 8];
        getrandom::fill(&mut random).map_err(|_| UploadRefused::Random)?;
        let stem = crate::domain::hex::hex(&random);
        // The semaphore is never closed, so the wait always ends with a turn.
        let _turn = RENDERING.acquire().await;
        let rendered = tokio::task::spawn_blocking(move || render(&bytes))
            .await
            .map_err(|error| RenderError::Undecodable(error.to_string()))??;
        let key = ImageKey {
            stem,
            width: rendered.width,
            height: rendered.height,
        };
        Ok((key, rendered))
    }

    /// One rendition of a photo: `file` names it (`640.webp`); without `file`, the JPEG
    /// for clients without `srcset`. A key from before renditions (`{stem}.jpg`) finds
    /// the photo it became. `None`: no such photo or rendition.
    pub async fn image(&self, key: &str, file: Option<&str>) -> Result<Option<Image>, DbError> {
        let found = match (ImageKey::parse(key), ImageKey::legacy_stem(key)) {
            (Some(key), _) => Some(key),
            (None, Some(stem)) if file.is_none() => {
                self.db.image_key_of_stem(stem.to_string()).await?
            }
            _ => None,
        };
        let Some(key) = found else {
            return Ok(None);
        };
        let rendition = match file {
            Some(file) => key.rendition_named(file),
            None => Some((key.fallback_width(), ImageFormat::Jpeg)),
        };
        match rendition {
            Some((width, format)) => self.db.image_rendition(key.rendition(width, format)).await,
            None => Ok(None),
        }
    }
}
