//! Coupon codes as use cases: the owner makes, changes and pauses codes and sees what
//! each brought in; the checkout applies them in the order's pricing
//! (`domain::coupon`, `db/coupons.rs`).

use super::{Shop, ShopError};
use crate::db::coupons::CouponSaveRefusal;
use crate::domain::coupon::{Coupon, CouponTerms};
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};

/// Why a coupon was not saved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CouponSaveRefused {
    #[error("code: another coupon is called {0} already.")]
    CodeTaken(String),
    #[error("There is no coupon with id {0}.")]
    NotFound(u64),
}

impl PublicError for CouponSaveRefused {
    fn code(&self) -> ErrorCode {
        match self {
            CouponSaveRefused::CodeTaken(_) => ErrorCode::CouponCodeTaken,
            CouponSaveRefused::NotFound(_) => ErrorCode::NotFound,
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            CouponSaveRefused::CodeTaken(_) => ErrorStatus::Conflict,
            CouponSaveRefused::NotFound(_) => ErrorStatus::NotFound,
        }
    }

    fn field(&self) -> Option<&str> {
        match self {
            CouponSaveRefused::CodeTaken(_) => Some("code"),
            CouponSaveRefused::NotFound(_) => None,
        }
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            CouponSaveRefused::CodeTaken(code) => vec![("code", code.clone())],
            CouponSaveRefused::NotFound(_) => Vec::new(),
        }
    }
}

impl Shop {
    /// Every coupon, newest first, with its uses, revenue and what it took off.
    pub async fn coupons(&self) -> Result<Vec<Coupon>, ShopError> {
        Ok(self.db.coupons().await?)
    }

    pub async fn coupon(&self, id: u64) -> Result<Coupon, ShopError> {
        self.db
            .coupon(id)
            .await?
            .ok_or_else(|| CouponSaveRefused::NotFound(id).into())
    }

    /// Makes a coupon (`id` `None`) or changes one's terms (pausing it, too); what it
    /// did so far stays with it. Orders placed with it keep what it gave them.
    pub async fn save_coupon(
        &self,
        id: Option<u64>,
        terms: CouponTerms,
    ) -> Result<Coupon, ShopError> {
        match self.db.save_coupon(id, terms, self.clock.now()).await? {
            Ok(coupon) => Ok(coupon),
            Err(CouponSaveRefusal::CodeTaken(code)) => {
                Err(CouponSaveRefused::CodeTaken(code).into())
            }
            Err(CouponSaveRefusal::NotFound) => {
                Err(CouponSaveRefused::NotFound(id.unwrap_or(0)).into())
            }
        }
    }
}
