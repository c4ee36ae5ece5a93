//! The catalog resources (spec §7): the public menu reads (`GET /categories/`,
//! `GET /products/`, `GET /allergies/`, answered from the encoded menu through
//! [`public_read`], see `menu.rs`) and, on the same paths (an OpenAPI path item comes from
//! one API), the admin writes: POST/PUT/DELETE on each resource, admin role only, plus
//! `GET /admin/catalog` with every record and its `version`. A write is one call of
//! `Shop::change_catalog_if`, which commits it and refreshes the public menu; a PUT or
//! DELETE with `If-Match` is refused with 409 `edit_conflict` when the record is no
//! longer at that version (see `http::edit_versions`). Every catalog record has a
//! version of its own: a product's covers its variants and photo, while the topping
//! groups offered with it (`/product-groups/`) and its allergens (`/item-allergies/`)
//! are records of their own, each with its version.

pub mod availability;
pub mod images;
pub mod inputs;
pub mod menu;
pub mod price_labels;
pub mod views;

use poem::http::HeaderMap;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use crate::domain::catalog::*;
use crate::http::AppState;
use crate::http::auth::{OwnerAuth, StaffAuth};
use crate::http::edit_versions::{Saved, Versioned, if_match};
use crate::http::error::ApiError;
use crate::http::routes::catalog::inputs::*;
use crate::http::routes::catalog::menu::{Cached, public_read};
use crate::http::routes::catalog::views::*;

#[derive(ApiResponse)]
pub enum Created<T: poem_openapi::types::ToJSON + Send> {
    /// Created.
    #[oai(status = 201)]
    Created(Json<T>),
}

#[derive(ApiResponse)]
pub enum Deleted {
    /// Deleted.
    #[oai(status = 204)]
    NoContent,
}

/// The precondition an `If-Match` header states for the `E` with `id`.
pub fn record_precondition<E: Entity>(
    id: u64,
    header: &Header<Option<String>>,
) -> Result<Option<RecordPrecondition>, ApiError> {
    Ok(if_match(header.0.as_deref())?
        .map(|precondition| RecordPrecondition::on::<E>(id, precondition)))
}

/// `record` as the admin area shows it, with its version.
pub fn versioned<'a, E, V>(record: &'a E) -> Versioned<V>
where
    E: serde::Serialize + 'a,
    V: From<&'a E> + poem_openapi::types::ParseFromJSON + poem_openapi::types::ToJSON,
{
    Versioned::of(record, V::from(record))
}

pub struct AdminCatalogApi {
    pub state: AppState,
}

#[OpenApi]
impl AdminCatalogApi {
    /// Every catalog record, including hidden categories and sold-out products, each
    /// with its `version` for `If-Match`.
    /// Owner and staff (the phone orders and the sold-out switches read it).
    #[oai(path = "/admin/catalog", method = "get")]
    async fn admin_catalog(&self, _staff: StaffAuth) -> Result<Json<AdminCatalog>, ApiError> {
        let (catalog, _) = self.state.shop.db().catalog().await?;
        Ok(Json(AdminCatalog::from(&catalog)))
    }
}

/// Writes one resource: `$collection` takes POST, `$item` takes PUT and DELETE.
macro_rules! catalog_resource {
    ($api:ident, $entity:ty, $body:ty, $view:ty, $collection:literal, $item:literal, $what:literal) => {
        catalog_resource!($api, $entity, $body, $view, $collection, $item, $what, {});
    };
    ($api:ident, $entity:ty, $body:ty, $view:ty, $collection:literal, $item:literal, $what:literal, { $($read:tt)* }) => {
        pub struct $api {
            pub state: AppState,
        }

        #[OpenApi]
        impl $api {
            $($read)*

            /// Create a record (admin). The answer has its `version`.
            #[oai(path = $collection, method = "post")]
            async fn create(&self, admin: OwnerAuth, body: Json<$body>) -> Result<Created<Versioned<$view>>, ApiError> {
                let input = body.0.into_input()?;
                let record = self
                    .state
                    .shop
                    .change_catalog(move |catalog| catalog.create::<$entity>(input))
                    .await?;
                tracing::info!(admin = admin.0.id, what = $what, "catalog record created");
                Ok(Created::Created(Json(versioned(&record))))
            }

            /// Change a record (admin). With `If-Match` (its `version`), someone else's
            /// change made meanwhile answers 409 `edit_conflict` and nothing is saved; the
            /// answer's `ETag` is the new version.
            #[oai(path = $item, method = "put")]
            async fn update(
                &self,
                admin: OwnerAuth,
                #[oai(name = "id")] id: Path<u64>,
                /// The version the change was made on; omitted: saved whatever the version.
                #[oai(name = "If-Match")] version: Header<Option<String>>,
                body: Json<$body>,
            ) -> Result<Saved<Versioned<$view>>, ApiError> {
                let precondition = record_precondition::<$entity>(id.0, &version)?;
                let input = body.0.into_input()?;
                let record = self
                    .state
                    .shop
                    .change_catalog_if(precondition, move |catalog| catalog.update::<$entity>(id.0, input))
                    .await?;
                tracing::info!(admin = admin.0.id, what = $what, id = id.0, "catalog record changed");
                Ok(Saved::record(versioned(&record)))
            }

            /// Delete a record (admin); refused with 409 while others use it, and with 409
            /// `edit_conflict` when `If-Match` names a version someone else replaced.
            #[oai(path = $item, method = "delete")]
            async fn delete(
                &self,
                admin: OwnerAuth,
                #[oai(name = "id")] id: Path<u64>,
                /// The version the deletion was decided on; omitted: deleted whatever the version.
                #[oai(name = "If-Match")] version: Header<Option<String>>,
            ) -> Result<Deleted, ApiError> {
                let precondition = record_precondition::<$entity>(id.0, &version)?;
                self.state
                    .shop
                    .change_catalog_if(precondition, move |catalog| catalog.delete::<$entity>(id.0).map(|_| ()))
                    .await?;
                tracing::info!(admin = admin.0.id, what = $what, id = id.0, "catalog record deleted");
                Ok(Deleted::NoContent)
            }
        }
    };
}

catalog_resource!(
    TaxApi,
    Tax,
    TaxBody,
    TaxView,
    "/taxes/",
    "/taxes/:id",
    "tax"
);
catalog_resource!(
    CategoryApi,
    Category,
    CategoryBody,
    CategoryView,
    "/categories/",
    "/categories/:id",
    "category",
    {
        /// The visible menu categories of a store, in menu order.
        #[oai(path = "/categories/", method = "get")]
        async fn list(
            &self,
            /// The store whose menu to read (the storefront sends 14).
            store_id: Query<u64>,
            headers: &HeaderMap,
        ) -> Result<Cached<Vec<CategoryView>>, ApiError> {
            public_read(&self.state, Some(store_id.0), headers, |menu, coding| {
                menu.categories(coding)
            })
        }
    }
);
catalog_resource!(
    ProductApi,
    Product,
    ProductBody,
    ProductRecord,
    "/products/",
    "/products/:id",
    "product",
    {
        /// The products of the visible categories, in menu order, with tax, variants,
        /// allergens and the topping groups they offer. Sold-out products are included with
        /// `available: false`. Send the ETag back in `If-None-Match` to get a 304 while the
        /// menu is unchanged.
        #[oai(path = "/products/", method = "get")]
        async fn list(
            &self,
            /// The store whose menu to read (the storefront sends 14).
            store_id: Query<u64>,
            headers: &HeaderMap,
        ) -> Result<Cached<Vec<ProductView>>, ApiError> {
            public_read(&self.state, Some(store_id.0), headers, |menu, coding| {
                menu.products(coding)
            })
        }
    }
);
catalog_resource!(
    ToppingApi,
    Topping,
    ToppingBody,
    ToppingView,
    "/toppings/",
    "/toppings/:id",
    "topping"
);
catalog_resource!(
    ToppingGroupApi,
    ToppingGroup,
    ToppingGroupBody,
    ToppingGroupView,
    "/topping-groups/",
    "/topping-groups/:id",
    "topping group"
);
catalog_resource!(
    GroupItemApi,
    GroupItem,
    GroupItemBody,
    GroupItemView,
    "/group-items/",
    "/group-items/:id",
    "topping's place in a group"
);
catalog_resource!(
    ProductGroupApi,
    ProductGroup,
    ProductGroupBody,
    ProductGroupView,
    "/product-groups/",
    "/product-groups/:id",
    "topping group offered with a product"
);
catalog_resource!(
    AllergyApi,
    Allergy,
    AllergyBody,
    AllergyView,
    "/allergies/",
    "/allergies/:id",
    "allergy",
    {
        /// Every allergen and additive code with its name (for the menu legend).
        #[oai(path = "/allergies/", method = "get")]
        async fn list(&self, headers: &HeaderMap) -> Result<Cached<Vec<AllergyView>>, ApiError> {
            public_read(&self.state, None, headers, |menu, coding| {
                menu.allergies(coding)
            })
        }
    }
);
catalog_resource!(
    ItemAllergyApi,
    ItemAllergy,
    ItemAllergyBody,
    ItemAllergyView,
    "/item-allergies/",
    "/item-allergies/:id",
    "product's or topping's allergy"
);
