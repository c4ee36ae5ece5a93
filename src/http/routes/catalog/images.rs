//! Image uploads: product photos and carousel banners. The body is the raw image; its
//! type is taken from its first bytes, not from the client's word.

use poem::http::HeaderMap;
use poem::{IntoResponse, Request, RequestBody, Response};
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::{Json, ParsePayload, Payload};
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::{ApiRequest, ApiResponse, OpenApi};

use crate::domain::catalog::{Banner, BannerInput, CatalogError, Product};
use crate::domain::error::ErrorCode;
use crate::domain::image::{Image, MAX_IMAGE_BYTES, accept_upload};
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::edit_versions::{Saved, Versioned};
use crate::http::error::{ApiError, body};
use crate::http::routes::catalog::inputs::{BannerBody, IntoInput};
use crate::http::routes::catalog::menu::{Cached, public_read};
use crate::http::routes::catalog::views::{BannerView, ProductRecord};
use crate::http::routes::catalog::{Deleted, record_precondition, versioned};

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

fn checked(upload: UploadBody) -> Result<(String, Image), ApiError> {
    let UploadBody::Image(upload) = upload;
    checked_bytes(upload)
}

fn checked_bytes(upload: ImageUpload) -> Result<(String, Image), ApiError> {
    let image = accept_upload(upload.0).map_err(|detail| {
        ApiError::UnsupportedMediaType(body(ErrorCode::UnsupportedImage, detail))
    })?;
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|_| ApiError::internal())?;
    let key = crate::domain::hex::hex(&random);
    Ok((format!("{key}.{}", image.format.extension()), image))
}

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

    /// A product photo or banner; its key never changes meaning, so it may be cached.
    #[oai(path = "/images/:key", method = "get")]
    async fn image(
        &self,
        #[oai(name = "key")] key: Path<String>,
    ) -> Result<ImageResponse, ApiError> {
        let image = self
            .state
            .shop
            .db()
            .image(key.0)
            .await?
            .ok_or_else(|| ApiError::not_found(ErrorCode::NotFound, "No such image."))?;
        Ok(ImageResponse::Ok(
            ImageFile(image),
            "public, max-age=31536000, immutable".into(),
        ))
    }

    /// Set a product's photo (admin): JPEG, PNG or WebP, at most 4 MiB. The photo is
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
        let (key, image) = checked(upload)?;
        let stored_key = key.clone();
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

    /// Add a carousel picture (admin): the raw image as the body.
    #[oai(path = "/banners/", method = "post")]
    async fn create_banner(
        &self,
        _admin: OwnerAuth,
        /// Text for screen readers.
        alt: Query<Option<String>>,
        sort_order: Query<Option<i32>>,
        upload: UploadBody,
    ) -> Result<BannerCreated, ApiError> {
        let (key, image) = checked(upload)?;
        let input = BannerInput {
            image_key: Some(key.clone()),
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
