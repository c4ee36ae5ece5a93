//! Image uploads: product photos and carousel banners. The body is the raw image; its
//! type is taken from its first bytes, not from the client's word. An upload is
//! rendered into renditions (WebP and JPEG at the widths the storefront shows, turned
//! upright, without metadata) and not kept; `GET /images/{key}/{width}.{webp|jpg}`
//! serves them.

use poem::http::HeaderMap;
use poem::{IntoResponse, Request, RequestBody, Response};
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::{Json, ParsePayload, Payload};
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::{ApiRequest, ApiResponse, OpenApi};

use crate::domain::catalog::{Banner, BannerInput, CatalogError, Product};
use crate::domain::error::ErrorCode;
use crate::domain::image::{
    Image, ImageKey, MAX_IMAGE_BYTES, RenderError, Rendered, accept_upload,
};
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::edit_versions::{Saved, Versioned};
use crate::http::error::{ApiError, body};
use crate::http::routes::catalog::inputs::{BannerBody, IntoInput};
use crate::http::routes::catalog::menu::{Cached, public_read};
use crate::http::routes::catalog::views::{BannerView, ProductRecord};
use crate::http::routes::catalog::{Deleted, record_precondition, versioned};
use crate::shop::images::UploadRefused;

/// A stored JPEG, PNG or WebP, answered with its own type (documented as `image/*`).
pub struct ImageFile(Image);

impl Payload for ImageFile {
    const CONTENT_TYPE: &'static str = "image/*";

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema::new_with_format("string", "binary")))
    }
}

impl IntoResponse for ImageFile {
    fn into_response(self) -> Response {
        Response::builder()
            .content_type(self.0.format.content_type())
            .body(self.0.bytes)
    }
}

#[derive(ApiResponse)]
pub enum ImageResponse {
    /// The image; its key never changes meaning, so it may be cached for a year.
    #[oai(status = 200)]
    Ok(ImageFile, #[oai(header = "Cache-Control")] String),
}

/// A raw JPEG, PNG or WebP request body.
pub struct ImageUpload(Vec<u8>);

impl Payload for ImageUpload {
    const CONTENT_TYPE: &'static str = "image/*";

    fn check_content_type(content_type: &str) -> bool {
        content_type.starts_with("image/") || content_type == "application/octet-stream"
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema::new_with_format("string", "binary")))
    }
}

impl ParsePayload for ImageUpload {
    const IS_REQUIRED: bool = true;

    async fn from_request(_request: &Request, body: &mut RequestBody) -> poem::Result<Self> {
        let bytes = body
            .take()?
            .into_bytes_limit(MAX_IMAGE_BYTES)
            .await
            .map_err(|_| {
                ApiError::PayloadTooLarge(crate::http::error::body(
                    ErrorCode::PayloadTooLarge,
                    format!(
                        "The image is larger than {} MiB.",
                        MAX_IMAGE_BYTES / 1024 / 1024
                    ),
                ))
            })?;
        Ok(ImageUpload(bytes.to_vec()))
    }
}

/// The request body of an upload.
#[derive(ApiRequest)]
pub enum UploadBody {
    /// The raw image bytes, `Content-Type: image/jpeg`, `image/png` or `image/webp`.
    Image(ImageUpload),
}

/// The upload checked and rendered, under its new key.
async fn rendered(state: &AppState, upload: UploadBody) -> Result<(ImageKey, Rendered), ApiError> {
    let UploadBody::Image(upload) = upload;
    let image = accept_upload(upload.0).map_err(|detail| {
        ApiError::UnsupportedMediaType(body(ErrorCode::UnsupportedImage, detail))
    })?;
    state
        .shop
        .render_upload(image.bytes)
        .await
        .map_err(|refused| match refused {
            UploadRefused::Render(error @ RenderError::TooManyPixels { .. }) => {
                ApiError::PayloadTooLarge(body(ErrorCode::ImageTooManyPixels, error.to_string()))
            }
            UploadRefused::Render(error @ RenderError::Undecodable(_)) => {
                ApiError::UnsupportedMediaType(body(ErrorCode::UnsupportedImage, error.to_string()))
            }
            UploadRefused::Random => ApiError::internal(),
        })
}

fn no_such_image() -> ApiError {
    ApiError::not_found(ErrorCode::NotFound, "No such image.")
}

/// Renditions never change under their name: cached for a year.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

#[derive(ApiResponse)]
pub enum BannerCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Versioned<BannerView>>),
}

fn product_not_found(id: u64) -> CatalogError {
    CatalogError::NotFound {
        kind: "product",
        id,
    }
}

pub struct ImageApi {
    pub state: AppState,
}

#[OpenApi]
impl ImageApi {
    /// The pictures of the menu page's carousel, in order.
    #[oai(path = "/banners/", method = "get")]
    async fn list_banners(
        &self,
        store_id: Query<u64>,
        headers: &HeaderMap,
    ) -> Result<Cached<Vec<BannerView>>, ApiError> {
        public_read(&self.state, Some(store_id.0), headers, |menu, coding| {
            menu.banners(coding)
        })
    }

    /// A product photo or banner as a JPEG of at most 640 pixels' width (the menu's
    /// `image_url`; a key from before renditions finds the photo it became). Never the
    /// upload itself. Its key never changes meaning, so it may be cached.
    #[oai(path = "/images/:key", method = "get")]
    async fn image(
        &self,
        #[oai(name = "key")] key: Path<String>,
    ) -> Result<ImageResponse, ApiError> {
        let image = self
            .state
            .shop
            .image(&key.0, None)
            .await?
            .ok_or_else(no_such_image)?;
        Ok(ImageResponse::Ok(ImageFile(image), IMMUTABLE.into()))
    }

    /// One rendition of a photo: `file` is `{width}.webp` or `{width}.jpg`, a width the
    /// photo's `image.widths` lists. Cached for a year.
    #[oai(path = "/images/:key/:file", method = "get")]
    async fn image_rendition(
        &self,
        #[oai(name = "key")] key: Path<String>,
        #[oai(name = "file")] file: Path<String>,
    ) -> Result<ImageResponse, ApiError> {
        let image = self
            .state
            .shop
            .image(&key.0, Some(&file.0))
            .await?
            .ok_or_else(no_such_image)?;
        Ok(ImageResponse::Ok(ImageFile(image), IMMUTABLE.into()))
    }

    /// Set a product's photo (admin): JPEG, PNG or WebP, at most 4 MiB and 40
    /// megapixels (413 `image_too_many_pixels`). The photo is
    /// part of the product's record: with `If-Match` (the product's `version`), a
    /// product someone else changed meanwhile answers 409 `edit_conflict`.
    #[oai(path = "/products/:id/image", method = "put")]
    async fn put_product_image(
        &self,
        _admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The product's version the photo was chosen on; omitted: set whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
        upload: UploadBody,
    ) -> Result<Saved<Versioned<ProductRecord>>, ApiError> {
        let precondition = record_precondition::<Product>(id.0, &version)?;
        let (key, image) = rendered(&self.state, upload).await?;
        let stored_key = key.to_string();
        let product = self
            .state
            .shop
            .change_catalog_with_image(Some((key, image)), precondition, move |catalog| {
                let product = catalog
                    .products
                    .get_mut(&id.0)
                    .ok_or(product_not_found(id.0))?;
                product.image_key = Some(stored_key);
                Ok(product.clone())
            })
            .await?;
        Ok(Saved::record(versioned(&product)))
    }

    /// Remove a product's photo (admin). With `If-Match` (the product's `version`), a
    /// product someone else changed meanwhile answers 409 `edit_conflict`.
    #[oai(path = "/products/:id/image", method = "delete")]
    async fn delete_product_image(
        &self,
        _admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The product's version the removal was decided on; omitted: removed whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
    ) -> Result<Saved<Versioned<ProductRecord>>, ApiError> {
        let precondition = record_precondition::<Product>(id.0, &version)?;
        let product = self
            .state
            .shop
            .change_catalog_if(precondition, move |catalog| {
                let product = catalog
                    .products
                    .get_mut(&id.0)
                    .ok_or(product_not_found(id.0))?;
                product.image_key = None;
                Ok(product.clone())
            })
            .await?;
        Ok(Saved::record(versioned(&product)))
    }

    /// Add a carousel picture (admin): the raw image as the body (as for a product's
    /// photo).
    #[oai(path = "/banners/", method = "post")]
    async fn create_banner(
        &self,
        _admin: OwnerAuth,
        /// Text for screen readers.
        alt: Query<Option<String>>,
        sort_order: Query<Option<i32>>,
        upload: UploadBody,
    ) -> Result<BannerCreated, ApiError> {
        let (key, image) = rendered(&self.state, upload).await?;
        let input = BannerInput {
            image_key: Some(key.to_string()),
            alt: alt.0.unwrap_or_default(),
            sort_order: sort_order.0.unwrap_or_default(),
        };
        let banner = self
            .state
            .shop
            .change_catalog_with_image(Some((key, image)), None, move |catalog| {
                catalog.create::<Banner>(input)
            })
            .await?;
        Ok(BannerCreated::Created(Json(versioned(&banner))))
    }

    /// Change a carousel picture's text or position (admin). With `If-Match` (its
    /// `version`), someone else's change made meanwhile answers 409 `edit_conflict`.
    #[oai(path = "/banners/:id", method = "put")]
    async fn update_banner(
        &self,
        _admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The version the change was made on; omitted: saved whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
        body: Json<BannerBody>,
    ) -> Result<Saved<Versioned<BannerView>>, ApiError> {
        let precondition = record_precondition::<Banner>(id.0, &version)?;
        let input = body.0.into_input()?;
        let banner = self
            .state
            .shop
            .change_catalog_if(precondition, move |catalog| {
                catalog.update::<Banner>(id.0, input)
            })
            .await?;
        Ok(Saved::record(versioned(&banner)))
    }

    /// Remove a carousel picture (admin). With `If-Match` (its `version`), one someone
    /// else changed meanwhile answers 409 `edit_conflict` and stays.
    #[oai(path = "/banners/:id", method = "delete")]
    async fn delete_banner(
        &self,
        _admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The version the removal was decided on; omitted: removed whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
    ) -> Result<Deleted, ApiError> {
        let precondition = record_precondition::<Banner>(id.0, &version)?;
        self.state
            .shop
            .change_catalog_if(precondition, move |catalog| {
                catalog.delete::<Banner>(id.0).map(|_| ())
            })
            .await?;
        Ok(Deleted::NoContent)
    }
}
