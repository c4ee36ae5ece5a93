//! Delivery postcodes (`GET /postcodes/store/{id}`, spec §3 record) and the two
//! order-type discounts (`GET /discounts/{id}`), with their admin writes. Each zone and
//! each discount carries its `version`; a change sent with it in `If-Match` is refused
//! with 409 `edit_conflict` once someone else changed the record.

use chrono::NaiveDate;
use poem_openapi::param::{Header, Path};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::delivery::{Discount, DiscountCode, Postcode, PostcodeInput};
use crate::domain::error::ErrorCode;
use crate::domain::money::{
    MAX_PRICE_CENTS, cents_to_euros, euros_to_cents, percent_to_basis_points,
};
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::edit_versions::{Saved, Versioned, if_match, precondition};
use crate::http::error::ApiError;
use crate::http::routes::catalog::{Created, Deleted};

pub struct DeliveryApi {
    pub state: AppState,
}

#[derive(Debug, Object)]
pub struct PostcodeView {
    pub id: u64,
    pub store_id: u64,
    pub postcode: String,
    /// Euros; applies to the subtotal of delivery orders.
    pub minimum_order_amount: f64,
    /// Euros.
    pub delivery_fee: f64,
    /// Minutes.
    pub delivery_time: u16,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct PostcodeBody {
    #[oai(deserialize_with = "crate::http::text_fields::text")]
    pub postcode: String,
    pub minimum_order_amount: f64,
    pub delivery_fee: f64,
    pub delivery_time: u16,
}

#[derive(Debug, Object)]
pub struct DiscountView {
    /// `DELIVERY_DISCOUNT` or `PICKUP_DISCOUNT`.
    pub code: String,
    /// Percent off the subtotal.
    pub value: f64,
    /// The last day it applies; none = no end.
    #[oai(nullable)]
    pub expires_on: Option<NaiveDate>,
}

#[derive(Debug, Object)]
pub struct AdminDiscountView {
    pub code: String,
    pub value: f64,
    #[oai(nullable)]
    pub expires_on: Option<NaiveDate>,
    /// Applies today.
    pub active: bool,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct DiscountBody {
    /// Percent, 0–100, at most two decimals.
    pub value: f64,
    #[oai(nullable)]
    pub expires_on: Option<NaiveDate>,
}

fn postcode_view(store_id: u64, postcode: &Postcode) -> Versioned<PostcodeView> {
    Versioned::of(
        postcode,
        PostcodeView {
            id: postcode.id,
            store_id,
            postcode: postcode.postcode.clone(),
            minimum_order_amount: cents_to_euros(postcode.minimum_order_cents),
            delivery_fee: cents_to_euros(postcode.delivery_fee_cents),
            delivery_time: postcode.delivery_minutes,
        },
    )
}

fn admin_discount_view(discount: &Discount, today: NaiveDate) -> Versioned<AdminDiscountView> {
    Versioned::of(
        discount,
        AdminDiscountView {
            code: discount.code.as_str().into(),
            value: f64::from(discount.basis_points) / 100.0,
            expires_on: discount.expires_on,
            active: discount.is_active_on(today),
        },
    )
}

fn no_postcode(id: u64) -> ApiError {
    ApiError::not_found(
        ErrorCode::NotFound,
        format!("There is no postcode with id {id}."),
    )
}

fn postcode_input(body: PostcodeBody) -> Result<PostcodeInput, ApiError> {
    let cents = |field: &str, euros: f64| {
        euros_to_cents(euros, MAX_PRICE_CENTS).map_err(|message| ApiError::invalid(field, &message))
    };
    Ok(PostcodeInput {
        postcode: body.postcode,
        minimum_order_cents: cents("minimum_order_amount", body.minimum_order_amount)?,
        delivery_fee_cents: cents("delivery_fee", body.delivery_fee)?,
        delivery_minutes: body.delivery_time,
    })
}

/// The discounts that apply today, as `GET /discounts/{id}` answers them.
async fn active_discounts(state: &AppState) -> Result<Vec<DiscountView>, ApiError> {
    let today = state.store_today();
    let discounts = state.shop.db().discounts().await?;
    Ok(discounts
        .into_iter()
        .filter(|discount| discount.is_active_on(today))
        .map(|discount| DiscountView {
            code: discount.code.as_str().into(),
            value: f64::from(discount.basis_points) / 100.0,
            expires_on: discount.expires_on,
        })
        .collect())
}

/// `GET /discounts/{id}`'s answer as JSON text, for the storefront's page.
pub async fn discounts_json(state: &AppState) -> Result<String, ApiError> {
    use poem_openapi::types::ToJSON;
    Ok(active_discounts(state).await?.to_json_string())
}

impl DeliveryApi {
    fn today(&self) -> NaiveDate {
        self.state.store_today()
    }

    fn code(code: &str) -> Result<DiscountCode, ApiError> {
        DiscountCode::parse(code).ok_or_else(|| {
            ApiError::not_found(
                ErrorCode::NotFound,
                format!("There is no discount {code}; use DELIVERY_DISCOUNT or PICKUP_DISCOUNT."),
            )
        })
    }
}

#[OpenApi]
impl DeliveryApi {
    /// The postcodes the store delivers to, with minimum order, fee and time, and each
    /// zone's `version` for `If-Match`.
    #[oai(path = "/postcodes/store/:id", method = "get")]
    async fn list_postcodes(
        &self,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Json<Vec<Versioned<PostcodeView>>>, ApiError> {
        self.state.shop.check_store(id.0)?;
        let store_id = id.0;
        let postcodes = self.state.shop.db().postcodes().await?;
        Ok(Json(
            postcodes
                .iter()
                .map(|p| postcode_view(store_id, p))
                .collect(),
        ))
    }

    /// Add a delivery postcode (admin); a postcode that exists already answers 409.
    #[oai(path = "/postcodes/", method = "post")]
    async fn create_postcode(
        &self,
        admin: OwnerAuth,
        body: Json<PostcodeBody>,
    ) -> Result<Created<Versioned<PostcodeView>>, ApiError> {
        let input = postcode_input(body.0)?;
        let saved = self.state.shop.save_postcode(None, input, None).await??;
        let postcode = saved.ok_or_else(ApiError::internal)?;
        tracing::info!(admin = admin.0.id, postcode = %postcode.postcode, "postcode added");
        Ok(Created::Created(Json(postcode_view(
            self.state.config.store_id,
            &postcode,
        ))))
    }

    /// Change a delivery postcode (admin). With `If-Match` (its `version`), a zone
    /// someone else changed meanwhile answers 409 `edit_conflict` and nothing is saved.
    #[oai(path = "/postcodes/:id", method = "put")]
    async fn update_postcode(
        &self,
        admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The version the change was made on; omitted: saved whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
        body: Json<PostcodeBody>,
    ) -> Result<Saved<Versioned<PostcodeView>>, ApiError> {
        let precondition = if_match(version.0.as_deref())?;
        let input = postcode_input(body.0)?;
        let postcode = self
            .state
            .shop
            .save_postcode(Some(id.0), input, precondition)
            .await??
            .ok_or_else(|| no_postcode(id.0))?;
        tracing::info!(admin = admin.0.id, postcode = %postcode.postcode, "postcode changed");
        Ok(Saved::record(postcode_view(
            self.state.config.store_id,
            &postcode,
        )))
    }

    /// Remove a delivery postcode (admin). With `If-Match` (its `version`), a zone
    /// someone else changed meanwhile answers 409 `edit_conflict` and stays.
    #[oai(path = "/postcodes/:id", method = "delete")]
    async fn delete_postcode(
        &self,
        admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The version the removal was decided on; omitted: removed whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
    ) -> Result<Deleted, ApiError> {
        let precondition = if_match(version.0.as_deref())?;
        if !self
            .state
            .shop
            .delete_postcode(id.0, precondition)
            .await??
        {
            return Err(no_postcode(id.0));
        }
        tracing::info!(admin = admin.0.id, id = id.0, "postcode removed");
        Ok(Deleted::NoContent)
    }

    /// The discounts that apply today (expired ones are left out).
    #[oai(path = "/discounts/:id", method = "get")]
    async fn list_discounts(
        &self,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Json<Vec<DiscountView>>, ApiError> {
        self.state.shop.check_store(id.0)?;
        Ok(Json(active_discounts(&self.state).await?))
    }

    /// Set a discount's percentage and last day (admin). With `If-Match` (its
    /// `version`), a discount someone else changed or removed meanwhile answers 409
    /// `edit_conflict`; with `If-None-Match: *`, one that someone else set meanwhile
    /// does. Nothing is saved then.
    #[oai(path = "/discounts/:id/:code", method = "put")]
    async fn put_discount(
        &self,
        admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        #[oai(name = "code")] code: Path<String>,
        /// The version the change was made on; omitted: saved whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
        /// `*`: set it only while it is not set (the admin area's first save of it).
        #[oai(name = "If-None-Match")]
        none_match: Header<Option<String>>,
        body: Json<DiscountBody>,
    ) -> Result<Saved<Versioned<AdminDiscountView>>, ApiError> {
        let precondition = precondition(version.0.as_deref(), none_match.0.as_deref())?;
        self.state.shop.check_store(id.0)?;
        let code = Self::code(&code.0)?;
        let basis_points = percent_to_basis_points(body.0.value)
            .map_err(|message| ApiError::invalid("value", &message))?;
        let discount = Discount {
            code,
            basis_points,
            expires_on: body.0.expires_on,
        };
        self.state
            .shop
            .set_discount(discount.clone(), precondition)
            .await??;
        tracing::info!(admin = admin.0.id, code = code.as_str(), "discount set");
        Ok(Saved::record(admin_discount_view(&discount, self.today())))
    }

    /// Remove a discount (admin). With `If-Match` (its `version`), a discount someone
    /// else changed meanwhile answers 409 `edit_conflict` and stays.
    #[oai(path = "/discounts/:id/:code", method = "delete")]
    async fn delete_discount(
        &self,
        admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        #[oai(name = "code")] code: Path<String>,
        /// The version the removal was decided on; omitted: removed whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
    ) -> Result<Deleted, ApiError> {
        let precondition = if_match(version.0.as_deref())?;
        self.state.shop.check_store(id.0)?;
        let code = Self::code(&code.0)?;
        if !self
            .state
            .shop
            .delete_discount(code, precondition)
            .await??
        {
            return Err(ApiError::not_found(
                ErrorCode::NotFound,
                format!("{} is not set.", code.as_str()),
            ));
        }
        tracing::info!(admin = admin.0.id, code = code.as_str(), "discount removed");
        Ok(Deleted::NoContent)
    }

    /// Both discounts, including expired ones, for the admin screen, each with its
    /// `version` for `If-Match`.
    #[oai(path = "/admin/discounts", method = "get")]
    async fn admin_discounts(
        &self,
        _admin: OwnerAuth,
    ) -> Result<Json<Vec<Versioned<AdminDiscountView>>>, ApiError> {
        let today = self.today();
        let discounts = self.state.shop.db().discounts().await?;
        Ok(Json(
            discounts
                .iter()
                .map(|discount| admin_discount_view(discount, today))
                .collect(),
        ))
    }
}
