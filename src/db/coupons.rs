//! Coupon codes (`domain::coupon`): the owner's codes, and their uses, changed by
//! `orders.rs::write_order` in the transaction of each order placed with one, so the
//! orders of one batch (`group_commit.rs`) see each other's uses and a code limited to
//! five uses is used five times however many orders ask at once.

use redb::{ReadableTable, WriteTransaction};

use super::catalog::OpenTables;
use super::tables::{
    COUPON_AND_CUSTOMER_TO_USES, COUPON_CODE_TO_ID, COUPON_ID_TO_COUPON, CUSTOMER_ID_TO_CUSTOMER,
    CUSTOMER_KEY_TO_ID, META_NEXT_COUPON_ID,
};
use super::{Db, DbError, next_id, record};
use crate::domain::coupon::{
    Coupon, CouponOffer, CouponRefusal, CouponTerms, customer_keys, order_customer_keys,
};
use crate::domain::customers::CustomerRecord;
use crate::domain::order::{Customer, Order};

/// Why the owner's coupon could not be saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CouponSaveRefusal {
    /// Another coupon has the code.
    CodeTaken(String),
    NotFound,
}

/// The coupon `code` names for an order of `user_id` to `customer`: with its uses by
/// this customer and whether they ordered before; `Err` when no coupon has the code.
pub(super) fn offer_for(
    txn: &impl OpenTables,
    code: &str,
    user_id: Option<u64>,
    customer: &Customer,
) -> Result<Result<CouponOffer, CouponRefusal>, DbError> {
    let Some(id) = txn.id_of(COUPON_CODE_TO_ID, code)? else {
        return Ok(Err(CouponRefusal::Unknown(code.to_string())));
    };
    let Some(coupon) = txn.record::<Coupon>(COUPON_ID_TO_COUPON, id)? else {
        return Ok(Err(CouponRefusal::Unknown(code.to_string())));
    };
    let keys = customer_keys(user_id, &customer.phone, &customer.email);
    let mut customer_uses = 0;
    let mut ordered_before = false;
    for key in &keys {
        customer_uses = customer_uses.max(txn.count_of(COUPON_AND_CUSTOMER_TO_USES, (id, key))?);
        if let Some(customer_id) = txn.id_of(CUSTOMER_KEY_TO_ID, key)?
            && let Some(known) =
                txn.record::<CustomerRecord>(CUSTOMER_ID_TO_CUSTOMER, customer_id)?
        {
            ordered_before |= known.orders > 0;
        }
    }
    Ok(Ok(CouponOffer {
        coupon,
        customer_uses,
        ordered_before,
    }))
}

/// What one order counts for its coupon: (coupon id, revenue, taken off, keys).
fn use_of(order: &Order) -> Option<(u64, i64, i64, Vec<String>)> {
    let coupon = order.coupon.as_ref()?;
    if !order.is_sale() {
        return None;
    }
    Some((
        coupon.coupon_id,
        order.totals.sale_cents(),
        order.totals.coupon_cents,
        order_customer_keys(order),
    ))
}

fn count(
    txn: &WriteTransaction,
    (coupon_id, revenue, given, keys): &(u64, i64, i64, Vec<String>),
    sign: i64,
) -> Result<(), DbError> {
    let mut coupons = txn.open_table(COUPON_ID_TO_COUPON)?;
    let stored = coupons
        .get(*coupon_id)?
        .map(|bytes| record::decode::<Coupon>(bytes.value()))
        .transpose()?;
    // A coupon is never deleted, so an order's coupon is always there.
    if let Some(mut coupon) = stored {
        coupon.uses = coupon.uses.saturating_add_signed(sign as i32);
        coupon.revenue_cents += sign * revenue;
        coupon.given_cents += sign * given;
        coupons.insert(*coupon_id, record::encode(&coupon)?.as_slice())?;
    }
    let mut uses = txn.open_table(COUPON_AND_CUSTOMER_TO_USES)?;
    for key in keys {
        record::add_to_count(&mut uses, &(*coupon_id, key.as_str()), sign)?;
    }
    Ok(())
}

/// Follows the change of one order (`before` is `None` for a new one) in its coupon's
/// figures and uses.
pub(super) fn follow_order(
    txn: &WriteTransaction,
    before: Option<&Order>,
    order: &Order,
) -> Result<(), DbError> {
    let old = before.and_then(use_of);
    let new = use_of(order);
    if old == new {
        return Ok(());
    }
    if let Some(old) = &old {
        count(txn, old, -1)?;
    }
    if let Some(new) = &new {
        count(txn, new, 1)?;
    }
    Ok(())
}

fn save(
    txn: &WriteTransaction,
    id: Option<u64>,
    terms: CouponTerms,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Result<Coupon, CouponSaveRefusal>, DbError> {
    let mut codes = txn.open_table(COUPON_CODE_TO_ID)?;
    let holder = codes.get(terms.code.as_str())?.map(|id| id.value());
    if holder.is_some() && holder != id {
        return Ok(Err(CouponSaveRefusal::CodeTaken(terms.code)));
    }
    let mut coupons = txn.open_table(COUPON_ID_TO_COUPON)?;
    let coupon = match id {
        Some(id) => {
            let Some(mut coupon) = coupons
                .get(id)?
                .map(|bytes| record::decode::<Coupon>(bytes.value()))
                .transpose()?
            else {
                return Ok(Err(CouponSaveRefusal::NotFound));
            };
            if coupon.terms.code != terms.code {
                codes.remove(coupon.terms.code.as_str())?;
            }
            coupon.terms = terms;
            coupon
        }
        None => Coupon {
            id: next_id(txn, META_NEXT_COUPON_ID)?,
            terms,
            created_at: now,
            uses: 0,
            revenue_cents: 0,
            given_cents: 0,
        },
    };
    codes.insert(coupon.terms.code.as_str(), coupon.id)?;
    coupons.insert(coupon.id, record::encode(&coupon)?.as_slice())?;
    Ok(Ok(coupon))
}

impl Db {
    /// Every coupon, newest first (a shop has tens, not thousands).
    pub async fn coupons(&self) -> Result<Vec<Coupon>, DbError> {
        self.read(|txn| {
            let mut coupons: Vec<Coupon> = txn.records(COUPON_ID_TO_COUPON)?;
            coupons.reverse();
            Ok(coupons)
        })
        .await
    }

    pub async fn coupon(&self, id: u64) -> Result<Option<Coupon>, DbError> {
        self.read(move |txn| txn.record(COUPON_ID_TO_COUPON, id))
            .await
    }

    /// Creates a coupon (`id` `None`) or changes one's terms; its figures stay.
    pub async fn save_coupon(
        &self,
        id: Option<u64>,
        terms: CouponTerms,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Result<Coupon, CouponSaveRefusal>, DbError> {
        self.write(move |txn| save(txn, id, terms, now)).await
    }
}
