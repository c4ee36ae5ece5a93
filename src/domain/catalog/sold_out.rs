//! Sold out: a product, one variant of it, or a topping (wherever it is offered). Staff
//! mark it sold out until they switch it back, or until tomorrow: then the mark keeps
//! the instant it ends (see [`crate::domain::store_hours::opening_of_a_later_day`]), so
//! it ends by itself, also across a restart. A mark whose instant has come no longer
//! holds, even before the shop clears it ([`Catalog::end_sold_out_marks`]).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::*;
use crate::domain::store_hours::opening_of_a_later_day;
use crate::domain::store_profile::StoreProfile;

/// What staff set for an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sale {
    OnSale,
    /// Sold out until switched back (`until: None`) or until `until`.
    SoldOut {
        until: Option<DateTime<Utc>>,
    },
}

impl Sale {
    fn available(self) -> bool {
        self == Sale::OnSale
    }

    fn until(self) -> Option<DateTime<Utc>> {
        match self {
            Sale::OnSale => None,
            Sale::SoldOut { until } => until,
        }
    }
}

/// When a mark "until tomorrow" set at `now` ends: the store's first opening of a later
/// day; without hours to go by (none within 60 days), the next midnight in the store's
/// time zone.
pub fn until_tomorrow(
    profile: Option<&StoreProfile>,
    now: DateTime<Utc>,
    timezone: Tz,
) -> DateTime<Utc> {
    let opening = profile.and_then(|profile| {
        opening_of_a_later_day(
            &profile.store_hours,
            &profile.closure_dates(),
            now,
            timezone,
        )
    });
    opening.unwrap_or_else(|| {
        let tomorrow = now.with_timezone(&timezone).date_naive().succ_opt();
        tomorrow
            .and_then(|date| date.and_hms_opt(0, 0, 0))
            .and_then(|midnight| midnight.and_local_timezone(timezone).earliest())
            .map_or(now + chrono::Duration::days(1), |midnight| {
                midnight.with_timezone(&Utc)
            })
    })
}

/// The stored default of an item's `available` (records from before the field).
pub(super) fn available_by_default() -> bool {
    true
}

/// On sale is not written into a variant's or topping's record.
pub(super) fn is_available(available: &bool) -> bool {
    *available
}

/// Whether an item marked (`available`, `until`) can be ordered at `now`.
pub fn sells_at(available: bool, until: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    available || until.is_some_and(|until| until <= now)
}

/// Sets an item's two fields from `sale`.
fn mark(available: &mut bool, sold_out_until: &mut Option<DateTime<Utc>>, sale: Sale) {
    *available = sale.available();
    *sold_out_until = sale.until();
}

/// Ends a mark whose instant is `now` or earlier; true when it did.
fn end_if_due(
    available: &mut bool,
    sold_out_until: &mut Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> bool {
    match *sold_out_until {
        Some(until) if until <= now => {
            *available = true;
            *sold_out_until = None;
            true
        }
        _ => false,
    }
}

impl Catalog {
    /// Marks a product sold out or back on sale; nothing else of it changes.
    pub fn set_product_sale(&mut self, id: u64, sale: Sale) -> Result<Product, CatalogError> {
        let product = self.products.get_mut(&id).ok_or(CatalogError::NotFound {
            kind: Product::KIND,
            id,
        })?;
        mark(&mut product.available, &mut product.sold_out_until, sale);
        Ok(product.clone())
    }

    /// Marks one variant of a product sold out or back on sale; answers the product.
    pub fn set_variant_sale(
        &mut self,
        product_id: u64,
        variant_id: u64,
        sale: Sale,
    ) -> Result<Product, CatalogError> {
        let product = self
            .products
            .get_mut(&product_id)
            .ok_or(CatalogError::NotFound {
                kind: Product::KIND,
                id: product_id,
            })?;
        let variant = product
            .variants
            .iter_mut()
            .find(|variant| variant.id == variant_id)
            .ok_or(CatalogError::NotFound {
                kind: "variant",
                id: variant_id,
            })?;
        mark(&mut variant.available, &mut variant.sold_out_until, sale);
        Ok(product.clone())
    }

    /// Marks a topping sold out or back on sale, in every group that offers it.
    pub fn set_topping_sale(&mut self, id: u64, sale: Sale) -> Result<Topping, CatalogError> {
        let topping = self.toppings.get_mut(&id).ok_or(CatalogError::NotFound {
            kind: Topping::KIND,
            id,
        })?;
        mark(&mut topping.available, &mut topping.sold_out_until, sale);
        Ok(topping.clone())
    }

    /// The earliest instant at which a sold-out mark ends by itself.
    pub fn next_sold_out_end(&self) -> Option<DateTime<Utc>> {
        let products = self.products.values().flat_map(|product| {
            std::iter::once(product.sold_out_until).chain(
                product
                    .variants
                    .iter()
                    .map(|variant| variant.sold_out_until),
            )
        });
        let toppings = self.toppings.values().map(|topping| topping.sold_out_until);
        products.chain(toppings).flatten().min()
    }

    /// Puts back on sale every item whose sold-out mark ended at `now` or before;
    /// answers how many.
    pub fn end_sold_out_marks(&mut self, now: DateTime<Utc>) -> usize {
        let mut ended = 0;
        for product in self.products.values_mut() {
            ended += usize::from(end_if_due(
                &mut product.available,
                &mut product.sold_out_until,
                now,
            ));
            for variant in &mut product.variants {
                ended += usize::from(end_if_due(
                    &mut variant.available,
                    &mut variant.sold_out_until,
                    now,
                ));
            }
        }
        for topping in self.toppings.values_mut() {
            ended += usize::from(end_if_due(
                &mut topping.available,
                &mut topping.sold_out_until,
                now,
            ));
        }
        ended
    }
}
