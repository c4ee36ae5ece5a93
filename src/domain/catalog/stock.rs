//! A product's daily stock: the owner says how many the kitchen makes a business day
//! ([`Product::daily_stock`]); each order takes its quantity in the order's own
//! transaction, a rejected order gives it back, and the next business day (the one the
//! orders are numbered and closed by) starts again from the owner's number. What a day
//! took is counted, not what is left, so a number the owner changes during the day
//! holds at once: 5 sold of a new 8 leaves 3.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{Catalog, CatalogError, Product};

/// The most a daily stock may be.
pub const MAX_DAILY_STOCK: u32 = 9_999;

/// A daily stock as the owner enters it: 1 to [`MAX_DAILY_STOCK`], or none.
pub fn daily_stock(field: &'static str, value: Option<u32>) -> Result<Option<u32>, CatalogError> {
    match value {
        Some(count) if !(1..=MAX_DAILY_STOCK).contains(&count) => Err(CatalogError::invalid(
            field,
            format!("must be between 1 and {MAX_DAILY_STOCK}, or empty for no limit"),
        )),
        _ => Ok(value),
    }
}

/// How many of a product the orders of one business day took (its database record).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DaySold {
    pub business_date: NaiveDate,
    pub sold: u32,
}

impl DaySold {
    /// What `quantity` more make on `business_date`: a record of an earlier day counts
    /// from nothing.
    pub fn taking(record: Option<DaySold>, business_date: NaiveDate, quantity: u32) -> DaySold {
        let before = record
            .filter(|record| record.business_date == business_date)
            .map_or(0, |record| record.sold);
        DaySold {
            business_date,
            sold: before.saturating_add(quantity),
        }
    }

    /// What giving `quantity` back for an order of `business_date` leaves; an order of
    /// another day than the record's took from a stock that is over: nothing changes.
    pub fn giving_back(self, business_date: NaiveDate, quantity: u32) -> DaySold {
        if self.business_date == business_date {
            DaySold {
                sold: self.sold.saturating_sub(quantity),
                ..self
            }
        } else {
            self
        }
    }
}

/// What the orders of one business day took, by product.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StockLevels {
    pub business_date: NaiveDate,
    sold: BTreeMap<u64, u32>,
}

impl StockLevels {
    /// The levels of `business_date` from the stored records (those of other days
    /// count as nothing sold).
    pub fn of_day(
        business_date: NaiveDate,
        records: impl IntoIterator<Item = (u64, DaySold)>,
    ) -> StockLevels {
        StockLevels {
            business_date,
            sold: records
                .into_iter()
                .filter(|(_, record)| record.business_date == business_date)
                .map(|(product_id, record)| (product_id, record.sold))
                .collect(),
        }
    }

    pub fn sold(&self, product_id: u64) -> u32 {
        self.sold.get(&product_id).copied().unwrap_or(0)
    }

    /// What is left of `product`'s daily stock; `None`: it has none.
    pub fn left(&self, product: &Product) -> Option<u32> {
        product
            .daily_stock
            .map(|stock| stock.saturating_sub(self.sold(product.id)))
    }

    /// Whether `product` has a daily stock and nothing is left of it.
    pub fn exhausted(&self, product: &Product) -> bool {
        self.left(product) == Some(0)
    }

    /// Every product of `catalog` with a daily stock, with what is left of it, in id
    /// order.
    pub fn report(&self, catalog: &Catalog) -> Vec<ProductStock> {
        catalog
            .products
            .values()
            .filter_map(|product| {
                let daily_stock = product.daily_stock?;
                Some(ProductStock {
                    product_id: product.id,
                    daily_stock,
                    sold: self.sold(product.id),
                    left: self.left(product).unwrap_or(0),
                })
            })
            .collect()
    }
}

/// A product's daily stock on the current business day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProductStock {
    pub product_id: u64,
    /// The owner's number.
    pub daily_stock: u32,
    /// What the day's orders took (rejected ones gave theirs back).
    pub sold: u32,
    pub left: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn a_day_counts_from_nothing_and_gives_back_only_its_own_orders() {
        let monday = date("2026-11-23");
        let tuesday = date("2026-11-24");
        let taken = DaySold::taking(None, monday, 2);
        let taken = DaySold::taking(Some(taken), monday, 3);
        assert_eq!(taken.sold, 5);
        assert_eq!(DaySold::taking(Some(taken), tuesday, 1).sold, 1);
        assert_eq!(taken.giving_back(monday, 2).sold, 3);
        assert_eq!(taken.giving_back(tuesday, 2), taken);
        assert_eq!(taken.giving_back(monday, 9).sold, 0);
    }

    #[test]
    fn the_left_stock_follows_the_owners_number() {
        let monday = date("2026-11-23");
        let levels = StockLevels::of_day(
            monday,
            [
                (
                    1,
                    DaySold {
                        business_date: monday,
                        sold: 5,
                    },
                ),
                (
                    2,
                    DaySold {
                        business_date: date("2026-11-22"),
                        sold: 7,
                    },
                ),
            ],
        );
        let mut product = crate::domain::catalog::test_builders::bare_product(1);
        assert_eq!(levels.left(&product), None);
        product.daily_stock = Some(5);
        assert!(levels.exhausted(&product));
        product.daily_stock = Some(8);
        assert_eq!(levels.left(&product), Some(3));
        product.id = 2;
        assert_eq!(levels.left(&product), Some(8), "yesterday's count is over");
    }

    #[test]
    fn a_daily_stock_is_one_to_the_maximum_or_none() {
        assert_eq!(daily_stock("daily_stock", None), Ok(None));
        assert_eq!(daily_stock("daily_stock", Some(1)), Ok(Some(1)));
        assert_eq!(
            daily_stock("daily_stock", Some(MAX_DAILY_STOCK)),
            Ok(Some(MAX_DAILY_STOCK))
        );
        for wrong in [0, MAX_DAILY_STOCK + 1] {
            assert!(matches!(
                daily_stock("daily_stock", Some(wrong)),
                Err(CatalogError::Invalid {
                    field: "daily_stock",
                    ..
                })
            ));
        }
    }
}
