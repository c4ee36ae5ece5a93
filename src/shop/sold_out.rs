//! Sold out, as use cases: staff mark a product, a variant or a topping sold out until
//! they switch it back or until tomorrow (the store's first opening of a later day,
//! kept in the record); the owner's daily stocks, which orders take from in their own
//! transaction. A background check ends the marks whose time has come (at start, so a
//! restart misses none) and lets the public menu follow a new business day; the menu
//! follows the stocks after every order that took from them or gave back.

use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, NaiveDate, Utc};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{Shop, ShopError};
use crate::domain::catalog::stock::ProductStock;
use crate::domain::catalog::{Product, Sale, Topping, until_tomorrow};

/// How often the check runs: a mark ends, and a new business day shows, within a
/// second (a test's clock moved forward too).
const CHECK_EVERY: Duration = Duration::from_secs(1);

/// What staff choose for an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Availability {
    OnSale,
    /// Sold out until switched back.
    SoldOut,
    /// Sold out until the store's first opening of a later day.
    SoldOutUntilTomorrow,
}

/// The products' daily stocks on the current business day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockReport {
    pub business_date: NaiveDate,
    pub products: Vec<ProductStock>,
}

/// What keeps the public menu in step with the marks and the stocks.
#[derive(Default)]
pub(super) struct MenuFollow {
    /// Held while the menu is read and handed to the listeners, so the last menu
    /// handed over is always the one read last.
    refreshing: tokio::sync::Mutex<()>,
    /// The earliest end of a sold-out mark, as of the last refresh.
    next_end: Mutex<Option<DateTime<Utc>>>,
}

impl MenuFollow {
    fn next_end(&self) -> std::sync::MutexGuard<'_, Option<DateTime<Utc>>> {
        match self.next_end.lock() {
            Ok(next_end) => next_end,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

impl Shop {
    async fn sale(&self, availability: Availability) -> Result<Sale, ShopError> {
        Ok(match availability {
            Availability::OnSale => Sale::OnSale,
            Availability::SoldOut => Sale::SoldOut { until: None },
            Availability::SoldOutUntilTomorrow => {
                let profile = self.db.store_profile(self.config.store_id).await?;
                Sale::SoldOut {
                    until: Some(until_tomorrow(
                        profile.as_ref(),
                        self.clock.now(),
                        self.config.timezone,
                    )),
                }
            }
        })
    }

    /// Marks a product sold out or back on sale (owner and staff).
    pub async fn set_product_availability(
        &self,
        id: u64,
        availability: Availability,
    ) -> Result<Product, ShopError> {
        let sale = self.sale(availability).await?;
        self.change_catalog(move |catalog| catalog.set_product_sale(id, sale))
            .await
    }

    /// Marks one variant of a product sold out or back on sale; answers the product.
    pub async fn set_variant_availability(
        &self,
        product_id: u64,
        variant_id: u64,
        availability: Availability,
    ) -> Result<Product, ShopError> {
        let sale = self.sale(availability).await?;
        self.change_catalog(move |catalog| catalog.set_variant_sale(product_id, variant_id, sale))
            .await
    }

    /// Marks a topping sold out or back on sale, wherever it is offered.
    pub async fn set_topping_availability(
        &self,
        id: u64,
        availability: Availability,
    ) -> Result<Topping, ShopError> {
        let sale = self.sale(availability).await?;
        self.change_catalog(move |catalog| catalog.set_topping_sale(id, sale))
            .await
    }

    /// What is left of each daily stock on the current business day.
    pub async fn daily_stocks(&self) -> Result<StockReport, ShopError> {
        let (catalog, _, stock) = self.db.menu_state(self.today()).await?;
        Ok(StockReport {
            business_date: stock.business_date,
            products: stock.report(&catalog),
        })
    }

    /// Hands the menu as it is now (catalog, version, stocks, read together) to the
    /// listeners; called by `events.rs` after every change of either.
    pub(super) async fn follow_menu(&self) {
        if self.catalog_listeners.is_empty() {
            return;
        }
        let _refreshing = self.menu_follow.refreshing.lock().await;
        let (catalog, version, stock) = match self.db.menu_state(self.today()).await {
            Ok(state) => state,
            Err(error) => {
                tracing::error!(%error, "the public menu cannot follow the change");
                return;
            }
        };
        for listener in self.catalog_listeners.iter() {
            listener.menu_changed(&catalog, version, &stock);
        }
        *self.menu_follow.next_end() = catalog.next_sold_out_end();
    }

    /// Puts back on sale what was sold out until now.
    async fn end_sold_out_marks(&self) -> Result<usize, ShopError> {
        let now = self.clock.now();
        let ended = self
            .change_catalog(move |catalog| Ok(catalog.end_sold_out_marks(now)))
            .await?;
        if ended > 0 {
            tracing::info!(ended, "back on sale: sold out until now");
        }
        Ok(ended)
    }

    /// One check: a new day lets the menu follow the stocks, and marks whose time has
    /// come end. Answers the store's date it saw.
    async fn check_sold_out(&self, seen_date: Option<NaiveDate>) -> NaiveDate {
        let today = self.today();
        if seen_date != Some(today) {
            self.daily_stocks_changed().await;
        }
        let due = self
            .menu_follow
            .next_end()
            .is_some_and(|end| end <= self.clock.now());
        if due && let Err(error) = self.end_sold_out_marks().await {
            tracing::error!(%error, "sold-out items cannot be put back on sale");
        }
        today
    }
}

/// Checks at start and every second until `finishing`.
pub fn spawn(shop: Shop, mut finishing: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut seen_date = None;
        loop {
            seen_date = Some(shop.check_sold_out(seen_date).await);
            tokio::select! {
                _ = tokio::time::sleep(CHECK_EVERY) => {}
                _ = finishing.changed() => return,
            }
        }
    })
}
