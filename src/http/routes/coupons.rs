//! Coupon codes (owner only): list them with their uses, revenue and what they took
//! off, make one, change or pause one. Customers enter a code at the checkout
//! (`coupon_code` in the order body); the server's pricing applies it.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::coupon::{
    Coupon, CouponBenefit, CouponOrderTypes, CouponTerms, MAX_AMOUNT_CENTS, normalize_code,
};
use crate::domain::money::{cents_to_euros, euros_to_cents, percent_to_basis_points};
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::{ApiError, required};
use crate::http::routes::catalog::Created;

/// The most uses a limit may name.
const MAX_LIMIT: u32 = 1_000_000;

pub struct CouponsApi {
    pub state: AppState,
}

/// A coupon and what it did so far.
#[derive(Debug, Object)]
pub struct CouponView {
    pub id: u64,
    pub code: String,
    /// `percent`, `amount` or `free_delivery`.
    pub kind: String,
    /// `percent`: the percentage off the goods (after the standing discount).
    #[oai(nullable)]
    pub percent: Option<f64>,
    /// `amount`: euros off the goods (after the standing discount), at most them.
    #[oai(nullable)]
    pub amount: Option<f64>,
    /// The goods (before any discount) must come to at least this; 0: any.
    pub minimum_order: f64,
    #[oai(nullable)]
    pub valid_from: Option<NaiveDate>,
    #[oai(nullable)]
    pub valid_to: Option<NaiveDate>,
    /// `both`, `delivery` or `pickup`.
    pub order_types: String,
    pub first_order_only: bool,
    /// Uses per customer (account, phone number, e-mail address); null: unlimited.
    #[oai(nullable)]
    pub per_customer_limit: Option<u32>,
    /// Uses in all; null: unlimited.
    #[oai(nullable)]
    pub total_limit: Option<u32>,
    pub paused: bool,
    pub created_at: DateTime<Utc>,
    /// Orders placed with it that are sales (a rejected or cancelled one gives its
    /// use back).
    pub uses: u32,
    /// Those orders' revenue (without tips).
    pub revenue: f64,
    /// What it took off those orders.
    pub given: f64,
}

/// A coupon's terms. POST and PUT take the whole record.
#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct CouponBody {
    /// 3–24 letters A–Z, digits or `-`; stored in upper case, entered in any case.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub code: Option<String>,
    /// `percent`, `amount` or `free_delivery`.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub kind: Option<String>,
    /// With `percent`: more than 0, at most 100.
    #[oai(nullable)]
    pub percent: Option<f64>,
    /// With `amount`: euros, more than 0, at most 1000.
    #[oai(nullable)]
    pub amount: Option<f64>,
    /// Euros; default 0.
    #[oai(nullable)]
    pub minimum_order: Option<f64>,
    #[oai(nullable)]
    pub valid_from: Option<NaiveDate>,
    /// Not before `valid_from`.
    #[oai(nullable)]
    pub valid_to: Option<NaiveDate>,
    /// `both` (default), `delivery` or `pickup`.
    #[oai(nullable)]
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub order_types: Option<String>,
    #[oai(nullable)]
    pub first_order_only: Option<bool>,
    /// 1 to 1,000,000; null: unlimited.
    #[oai(nullable)]
    pub per_customer_limit: Option<i64>,
    /// 1 to 1,000,000; null: unlimited.
    #[oai(nullable)]
    pub total_limit: Option<i64>,
    #[oai(nullable)]
    pub paused: Option<bool>,
}

fn limit(field: &str, value: Option<i64>) -> Result<Option<u32>, ApiError> {
    match value {
        None => Ok(None),
        Some(count) => u32::try_from(count)
            .ok()
            .filter(|count| (1..=MAX_LIMIT).contains(count))
            .map(Some)
            .ok_or_else(|| ApiError::invalid(field, &format!("must be 1 to {MAX_LIMIT}, or null"))),
    }
}

fn terms(body: CouponBody) -> Result<CouponTerms, ApiError> {
    let code = normalize_code(&required("code", body.code)?)
        .map_err(|problem| ApiError::invalid("code", &problem))?;
    let benefit = match required("kind", body.kind)?.as_str() {
        "percent" => {
            let basis_points = percent_to_basis_points(required("percent", body.percent)?)
                .ok()
                .filter(|bp| *bp > 0)
                .ok_or_else(|| {
                    ApiError::invalid("percent", "must be more than 0 and at most 100")
                })?;
            CouponBenefit::Percent { basis_points }
        }
        "amount" => {
            let cents = euros_to_cents(required("amount", body.amount)?, MAX_AMOUNT_CENTS)
                .ok()
                .filter(|cents| *cents > 0)
                .ok_or_else(|| {
                    ApiError::invalid("amount", "must be more than 0 and at most 1000,00 €")
                })?;
            CouponBenefit::Amount { cents }
        }
        "free_delivery" => CouponBenefit::FreeDelivery,
        _ => {
            return Err(ApiError::invalid(
                "kind",
                "must be percent, amount or free_delivery",
            ));
        }
    };
    let minimum_order_cents = euros_to_cents(body.minimum_order.unwrap_or(0.0), MAX_AMOUNT_CENTS)
        .map_err(|problem| ApiError::invalid("minimum_order", &problem))?;
    if let (Some(from), Some(to)) = (body.valid_from, body.valid_to)
        && to < from
    {
        return Err(ApiError::invalid(
            "valid_to",
            "must not be before valid_from",
        ));
    }
    let order_types = match body.order_types.as_deref().unwrap_or("both") {
        "both" => CouponOrderTypes::Both,
        "delivery" => CouponOrderTypes::Delivery,
        "pickup" => CouponOrderTypes::Pickup,
        _ => {
            return Err(ApiError::invalid(
                "order_types",
                "must be both, delivery or pickup",
            ));
        }
    };
    Ok(CouponTerms {
        code,
        benefit,
        minimum_order_cents,
        valid_from: body.valid_from,
        valid_to: body.valid_to,
        order_types,
        first_order_only: body.first_order_only.unwrap_or(false),
        per_customer_limit: limit("per_customer_limit", body.per_customer_limit)?,
        total_limit: limit("total_limit", body.total_limit)?,
        paused: body.paused.unwrap_or(false),
    })
}

fn view(coupon: Coupon) -> CouponView {
    let terms = coupon.terms;
    let (kind, percent, amount) = match terms.benefit {
        CouponBenefit::Percent { basis_points } => {
            ("percent", Some(f64::from(basis_points) / 100.0), None)
        }
        CouponBenefit::Amount { cents } => ("amount", None, Some(cents_to_euros(cents))),
        CouponBenefit::FreeDelivery => ("free_delivery", None, None),
    };
    CouponView {
        id: coupon.id,
        code: terms.code,
        kind: kind.into(),
        percent,
        amount,
        minimum_order: cents_to_euros(terms.minimum_order_cents),
        valid_from: terms.valid_from,
        valid_to: terms.valid_to,
        order_types: terms.order_types.as_str().into(),
        first_order_only: terms.first_order_only,
        per_customer_limit: terms.per_customer_limit,
        total_limit: terms.total_limit,
        paused: terms.paused,
        created_at: coupon.created_at,
        uses: coupon.uses,
        revenue: cents_to_euros(coupon.revenue_cents),
        given: cents_to_euros(coupon.given_cents),
    }
}

#[OpenApi]
impl CouponsApi {
    /// Every coupon, newest first, with its uses, the revenue of the orders placed
    /// with it and what it took off (owner).
    #[oai(path = "/admin/coupons", method = "get")]
    async fn list(&self, _owner: OwnerAuth) -> Result<Json<Vec<CouponView>>, ApiError> {
        let coupons = self.state.shop.coupons().await?;
        Ok(Json(coupons.into_iter().map(view).collect()))
    }

    /// Make a coupon (owner). A code another coupon has answers 409
    /// `coupon_code_taken`.
    #[oai(path = "/admin/coupons", method = "post")]
    async fn create(
        &self,
        owner: OwnerAuth,
        body: Json<CouponBody>,
    ) -> Result<Created<CouponView>, ApiError> {
        let coupon = self.state.shop.save_coupon(None, terms(body.0)?).await?;
        tracing::info!(admin = owner.0.id, coupon = coupon.id, "coupon made");
        Ok(Created::Created(Json(view(coupon))))
    }

    /// One coupon (owner).
    #[oai(path = "/admin/coupons/:id", method = "get")]
    async fn get(
        &self,
        _owner: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
    ) -> Result<Json<CouponView>, ApiError> {
        Ok(Json(view(self.state.shop.coupon(id.0).await?)))
    }

    /// Change a coupon's terms, or pause and resume it (`paused`) (owner). Its uses and
    /// figures stay; orders placed with it keep what it gave them.
    #[oai(path = "/admin/coupons/:id", method = "put")]
    async fn update(
        &self,
        owner: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        body: Json<CouponBody>,
    ) -> Result<Json<CouponView>, ApiError> {
        let coupon = self
            .state
            .shop
            .save_coupon(Some(id.0), terms(body.0)?)
            .await?;
        tracing::info!(admin = owner.0.id, coupon = coupon.id, "coupon changed");
        Ok(Json(view(coupon)))
    }
}
