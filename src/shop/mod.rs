//! The shop's use cases: one [`Shop`] whose methods are everything a customer, the
//! staff or the owner can make happen — place an order, accept or reject it, take one
//! on the phone, change the menu or the store settings, confirm the readiness check,
//! manage admin accounts, write a backup. Each method owns all of its side effects
//! (the public menu, the readiness check, the live status, the order sockets, the
//! customer's mail, the printers), so the HTTP handlers, the control socket and the
//! command line call the same method and nothing else.
//!
//! Nothing here names poem or redb: requests arrive as plain values, refusals leave as
//! [`ShopError`]s that carry their public code.

mod accounts;
pub mod admin_accounts;
mod auto_reject;
pub mod backups;
pub mod catalog;
pub mod checkout;
pub mod clock_guard;
mod closings;
mod corrections;
pub mod coupons;
pub mod erasure;
pub mod error;
mod events;
pub mod exports;
pub mod fiscal;
mod guards;
pub mod hubs;
pub mod images;
pub mod mail;
pub mod metrics;
mod online_payment;
mod order_mail;
mod orders;
pub mod payments;
pub mod phone_orders;
mod printers;
pub mod printing;
pub mod push;
pub mod readiness;
pub mod recent_events;
mod reconciliation;
mod records;
pub mod sold_out;
mod store_profile;
pub mod tables;

use std::sync::Arc;

use tokio::sync::{broadcast, watch};
use tokio::task::JoinHandle;

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::order::Order;
use crate::startup_error::StartupError;
pub use catalog::CatalogListener;
pub use error::{OrderRefused, ShopError};
use fiscal::mode::FiscalState;
use fiscal::signing::Tse;
use hubs::orders::OrderHub;
use hubs::store_status::StatusHub;
use mail::Mailer;
use metrics::{Counts, ShopCounters};
use online_payment::PaymentsInFlight;
use payments::paypal::PaypalClient;
use printing::Printing;
use readiness::Readiness;

/// The shop with everything its use cases need; cheap to clone.
#[derive(Clone)]
pub struct Shop {
    config: Arc<Config>,
    db: Db,
    clock: Clock,
    status: Arc<StatusHub>,
    orders: Arc<OrderHub>,
    mailer: Mailer,
    /// `None` when PayPal is not configured: cash only.
    paypal: Option<Arc<PaypalClient>>,
    readiness: Arc<Readiness>,
    printing: Arc<Printing>,
    /// Told of every committed catalog change and every change of the daily stocks
    /// (the HTTP layer's public menu).
    catalog_listeners: Arc<[Arc<dyn CatalogListener>]>,
    menu_follow: Arc<sold_out::MenuFollow>,
    /// PayPal orders whose checkout is under way, left alone by the reconciliation.
    payments_in_flight: Arc<PaymentsInFlight>,
    /// The fiscal mode that holds (whether cash may be taken).
    fiscal: FiscalState,
    /// The cloud TSE, when its key and secret are configured.
    tse: Option<Arc<Tse>>,
    /// Web Push, unless `push.services` is empty.
    push: Option<Arc<push::WebPush>>,
    /// Held while an accepted order is corrected: one correction (and its refund) at a
    /// time.
    correcting: Arc<tokio::sync::Mutex<()>>,
    /// What became of orders, and the failures of PayPal, printers and TSE, since the
    /// start (`/metrics`).
    counters: Arc<ShopCounters>,
}

impl Shop {
    /// The shop on an open database: the live status from the store profile and the
    /// unanswered orders, the readiness check computed once, mail and PayPal set up.
    /// Background work starts with [`Shop::start_background`].
    pub async fn open(
        config: Arc<Config>,
        db: Db,
        clock: Clock,
        catalog_listeners: Vec<Arc<dyn CatalogListener>>,
    ) -> Result<Shop, StartupError> {
        let failed = |error: &dyn std::fmt::Display| StartupError::Serve(error.to_string());
        let profile = db
            .store_profile(config.store_id)
            .await
            .map_err(|error| failed(&error))?;
        let status = StatusHub::start(profile, clock, config.timezone);
        let mailer = Mailer::new(
            config.smtp.as_ref(),
            config.limits.mails_per_address,
            db.clone(),
            clock,
        )
        .map_err(|error| failed(&error))?;
        let unanswered = db
            .unanswered_orders(config.store_id)
            .await
            .map_err(|error| failed(&error))?;
        status.set_auto_pause(unanswered.auto_pause);
        let fiscal = FiscalState::load(&db, config.store_id, &config.fiscal, clock.now())
            .await
            .map_err(|error| failed(&error))?;
        let tse = Tse::new(&config.fiscal.tse, config.store_id)
            .map_err(|error| failed(&error))?
            .map(Arc::new);
        let readiness = Arc::new(Readiness::new(&config, db.clone(), Arc::clone(&status)));
        readiness.refresh().await.map_err(|error| failed(&error))?;
        let counters = Arc::new(ShopCounters::default());
        Ok(Shop {
            paypal: PaypalClient::new(&config.paypal).map(Arc::new),
            printing: Arc::new(Printing::new(
                db.clone(),
                clock,
                &config,
                Arc::clone(&counters),
            )),
            counters,
            orders: Arc::new(OrderHub::default()),
            catalog_listeners: catalog_listeners.into(),
            menu_follow: Arc::default(),
            payments_in_flight: Arc::default(),
            fiscal,
            tse,
            correcting: Arc::default(),
            push: None,
            config,
            db,
            clock,
            status,
            mailer,
            readiness,
        })
    }

    /// Turns Web Push on for the serving shop (unless `push.services` is empty),
    /// making its key on first start. The command line's shop sends no notifications
    /// and never writes the key (a command run as another user would own it).
    pub fn with_web_push(mut self) -> Result<Shop, StartupError> {
        self.push = push::WebPush::open(&self.config)?.map(Arc::new);
        Ok(self)
    }

    /// Starts what runs on its own schedule: the clock check, the auto-reject of
    /// unanswered orders, the printers, the reconciliation of payments, the daily
    /// closings, the end of sold-out marks, the erasure of old personal data and the
    /// automatic backups. Each ends when `finishing` turns
    /// true, finishing what it was doing first.
    pub async fn start_background(&self, finishing: watch::Receiver<bool>) -> Vec<JoinHandle<()>> {
        let config = &self.config;
        let mut tasks = vec![
            clock_guard::start(
                config.clock.trust.clone(),
                Arc::clone(&self.status),
                finishing.clone(),
            )
            .await,
            auto_reject::spawn(self.clone(), finishing.clone()),
            printing::spawn(
                Arc::clone(&self.printing),
                Arc::clone(&self.orders),
                finishing.clone(),
            ),
            reconciliation::spawn(self.clone(), finishing.clone()),
            closings::spawn(self.clone(), finishing.clone()),
            sold_out::spawn(self.clone(), finishing.clone()),
        ];
        tasks.extend(push::spawn(self, finishing.clone()));
        tasks.extend(erasure::spawn(
            self.db.clone(),
            self.clock,
            config.privacy.guest_data_days,
            finishing.clone(),
        ));
        tasks.extend(backups::spawn(
            self.db.clone(),
            self.clock,
            &config.data_dir,
            (config.backup.every, config.backup.keep),
            finishing,
        ));
        tasks
    }

    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// The database, for reads. Every change goes through a use case of the shop.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The live open/closed status and the guards that keep the shop shut.
    pub fn status(&self) -> &Arc<StatusHub> {
        &self.status
    }

    /// Every committed change of an order, as it happens.
    pub fn order_changes(&self) -> broadcast::Receiver<Arc<Order>> {
        self.orders.subscribe()
    }

    /// What the shop counted since the start: orders and failures (`/metrics`).
    pub fn counts(&self) -> Counts {
        self.counters.counts()
    }

    /// The kitchen printers' queue and alarms.
    pub fn printing(&self) -> &Printing {
        &self.printing
    }

    /// The shop has one store; any other id is not found.
    pub fn check_store(&self, store_id: u64) -> Result<(), Refusal> {
        if store_id == self.config.store_id {
            Ok(())
        } else {
            Err(store_not_found(store_id))
        }
    }

    fn paypal(&self) -> Result<&PaypalClient, Refusal> {
        self.paypal.as_deref().ok_or_else(|| {
            Refusal::new(
                ErrorStatus::BadRequest,
                ErrorCode::OnlinePaymentUnavailable,
                "Online payment is not available at the moment.",
            )
        })
    }
}

pub fn store_not_found(store_id: u64) -> Refusal {
    Refusal::new(
        ErrorStatus::NotFound,
        ErrorCode::StoreNotFound,
        format!("There is no store with id {store_id}."),
    )
}

pub fn order_not_found() -> Refusal {
    Refusal::new(
        ErrorStatus::NotFound,
        ErrorCode::OrderNotFound,
        "There is no such order.",
    )
}
