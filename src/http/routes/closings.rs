//! The daily closings (Kassenabschluss, "Z-Bon"): `GET /admin/closings` (newest first,
//! a page at a time), `GET /admin/closings/{number}`, and `POST /admin/closings`, the
//! owner closing today. Amounts are integer cents.

use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::error::ErrorCode;
use crate::domain::fiscal::closing::{ClosedBy, DailyClosing};
use crate::domain::fiscal::mode::ChosenBy;
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::ApiError;

pub struct ClosingsApi {
    pub state: AppState,
}

#[derive(Debug, Object)]
pub struct ClosingVatView {
    /// 700 is 7 %.
    pub rate_basis_points: u32,
    pub gross_cents: i64,
    pub net_cents: i64,
    pub vat_cents: i64,
}

#[derive(Debug, Object)]
pub struct ClosingView {
    /// 1, 2, 3, … without gaps.
    pub number: u64,
    /// `YYYY-MM-DD`, store time.
    pub business_date: String,
    /// UTC, RFC 3339.
    pub closed_at: String,
    /// `automatic` (after the day's closing time) or `admin`.
    pub closed_by: String,
    /// The admin's name and e-mail; empty for an automatic closing.
    pub closed_by_name: String,
    pub closed_by_email: String,
    /// Orders sold (not rejected).
    pub orders: u32,
    /// Orders rejected (cancellations).
    pub cancelled: u32,
    pub gross_cents: i64,
    pub net_cents: i64,
    pub vat_cents: i64,
    pub cash_cents: i64,
    pub online_cents: i64,
    /// The day's tips for the team, paid online on top of the gross (not part of it,
    /// outside the VAT base): PayPal took `online_cents + tip_cents`.
    pub tip_cents: i64,
    /// Of the gross, the deposits (Pfand) charged with the goods.
    pub deposit_cents: i64,
    /// Per VAT rate, lowest first.
    pub vat: Vec<ClosingVatView>,
    /// Orders of the day the TSE could not sign.
    pub unsigned_orders: Vec<u64>,
}

fn closing_view(closing: &DailyClosing) -> ClosingView {
    let (closed_by, name, email) = match &closing.closed_by {
        ClosedBy::Automatic => ("automatic", String::new(), String::new()),
        ClosedBy::Admin {
            by: ChosenBy::Admin { email, name, .. },
        } => ("admin", name.clone(), email.clone()),
        ClosedBy::Admin {
            by: ChosenBy::Configuration { name },
        } => ("admin", name.clone(), String::new()),
    };
    let totals = &closing.totals;
    ClosingView {
        number: closing.number,
        business_date: closing.business_date.to_string(),
        closed_at: closing
            .closed_at
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        closed_by: closed_by.into(),
        closed_by_name: name,
        closed_by_email: email,
        orders: totals.orders,
        cancelled: totals.rejected,
        gross_cents: totals.revenue_cents,
        net_cents: totals.vat.iter().map(|line| line.net_cents).sum(),
        vat_cents: totals.vat.iter().map(|line| line.vat_cents).sum(),
        cash_cents: totals.cash_cents,
        online_cents: totals.online_cents,
        tip_cents: totals.tip_cents,
        deposit_cents: totals.deposit_cents,
        vat: totals
            .vat
            .iter()
            .map(|line| ClosingVatView {
                rate_basis_points: line.rate_basis_points,
                gross_cents: line.gross_cents,
                net_cents: line.net_cents,
                vat_cents: line.vat_cents,
            })
            .collect(),
        unsigned_orders: closing.unsigned_orders.clone(),
    }
}

#[OpenApi]
impl ClosingsApi {
    /// The daily closings (admin), newest first: `before` a number, at most `limit`
    /// (1–100, default 30).
    #[oai(path = "/admin/closings", method = "get")]
    async fn list(
        &self,
        _admin: OwnerAuth,
        before: Query<Option<u64>>,
        limit: Query<Option<u32>>,
    ) -> Result<Json<Vec<ClosingView>>, ApiError> {
        let limit = limit.0.unwrap_or(30);
        if !(1..=100).contains(&limit) {
            return Err(ApiError::invalid("limit", "must be 1 to 100"));
        }
        let closings = self
            .state
            .shop
            .db()
            .closings(before.0, usize::try_from(limit).unwrap_or(30))
            .await?;
        Ok(Json(closings.iter().map(closing_view).collect()))
    }

    /// One daily closing (admin).
    #[oai(path = "/admin/closings/:number", method = "get")]
    async fn one(
        &self,
        _admin: OwnerAuth,
        number: Path<u64>,
    ) -> Result<Json<ClosingView>, ApiError> {
        let closing = self
            .state
            .shop
            .db()
            .closing(number.0)
            .await?
            .ok_or_else(|| ApiError::not_found(ErrorCode::NotFound, "There is no such closing."))?;
        Ok(Json(closing_view(&closing)))
    }

    /// Close today (admin): its figures as they stand now, numbered after the last
    /// closing (earlier days that are over are closed first). 409 `day_closed` when it
    /// is closed already, 409 `orders_waiting` while orders of today wait for an answer.
    #[oai(path = "/admin/closings", method = "post")]
    async fn close_today(&self, admin: OwnerAuth) -> Result<Json<ClosingView>, ApiError> {
        let closing = self.state.shop.close_today(&admin.0).await?;
        Ok(Json(closing_view(&closing)))
    }
}
