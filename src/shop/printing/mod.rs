//! Printing on the restaurant's network printers. The print queue lives in the
//! database (`db/printing.rs`); the worker here sends what is due, one connection
//! per printer at a time, and keeps an alarm per printer that did not answer until a
//! print on it succeeds. The orders board shows the alarms live.

mod connection;
mod worker;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::Serialize;
use tokio::sync::{Notify, watch};

use crate::clock::Clock;
use crate::config::{Config, Language};
use crate::db::{Db, DbError};
use crate::domain::printing::Printer;
use crate::domain::printing::texts::Lang;
use crate::domain::printing::tickets::{Shop, test_page};
use crate::domain::store_profile::StoreProfile;
use crate::shop::metrics::ShopCounters;

pub use connection::PrintError;
pub use worker::spawn;

/// A printer that did not take a document, as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrinterAlarm {
    pub printer_id: u64,
    pub name: String,
    /// `host:port`.
    pub address: String,
    /// `refused`, `no_answer`, `unreachable`, `stalled` or `network`.
    pub code: &'static str,
    /// The reason in plain English (the UI shows its own words for the code).
    pub detail: String,
    /// The first failure since the last success.
    pub since: DateTime<Utc>,
    /// Documents waiting for this printer.
    pub waiting: usize,
}

/// The printers' shared state: queue access, alarms, and the worker's wake-up.
pub struct Printing {
    db: Db,
    clock: Clock,
    timeout: Duration,
    brand: String,
    store_id: u64,
    timezone: Tz,
    lang: Lang,
    alarms: watch::Sender<Vec<PrinterAlarm>>,
    wake: Notify,
    /// One connection per printer at a time: most printers take only one anyway.
    lines: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    /// A printer's change (switched off, deleted) and the alarm the worker raises after
    /// a failed document take turns, so no alarm stands for a printer switched off.
    changes: tokio::sync::Mutex<()>,
    /// Counts the documents a printer did not take.
    counters: Arc<ShopCounters>,
}

impl Printing {
    pub fn new(db: Db, clock: Clock, config: &Config, counters: Arc<ShopCounters>) -> Printing {
        Printing {
            db,
            clock,
            timeout: config.printing.timeout,
            brand: config.brand.clone(),
            store_id: config.store_id,
            timezone: config.timezone,
            lang: match config.default_language {
                Language::De => Lang::De,
                Language::En => Lang::En,
            },
            alarms: watch::channel(Vec::new()).0,
            wake: Notify::new(),
            lines: Mutex::new(HashMap::new()),
            changes: tokio::sync::Mutex::new(()),
            counters,
        }
    }

    /// The alarms now, by printer id.
    pub fn alarms(&self) -> Vec<PrinterAlarm> {
        self.alarms.borrow().clone()
    }

    /// Follows the alarms: the receiver sees every change.
    pub fn watch_alarms(&self) -> watch::Receiver<Vec<PrinterAlarm>> {
        self.alarms.subscribe()
    }

    /// Holds the worker's alarms off while a printer is changed (the change clears its
    /// alarm when it switches the printer off or deletes it).
    pub async fn changing(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.changes.lock().await
    }

    /// Sends the worker looking for due jobs now.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    fn raise(&self, printer: &Printer, error: &PrintError, waiting: usize) {
        let now = self.clock.now();
        self.alarms.send_if_modified(|alarms| {
            let since = alarms
                .iter()
                .find(|alarm| alarm.printer_id == printer.id)
                .map_or(now, |alarm| alarm.since);
            let alarm = PrinterAlarm {
                printer_id: printer.id,
                name: printer.name.clone(),
                address: printer.address(),
                code: error.code(),
                detail: error.to_string(),
                since,
                waiting,
            };
            match alarms.iter_mut().find(|a| a.printer_id == printer.id) {
                Some(existing) if *existing == alarm => false,
                Some(existing) => {
                    *existing = alarm;
                    true
                }
                None => {
                    alarms.push(alarm);
                    alarms.sort_by_key(|alarm| alarm.printer_id);
                    true
                }
            }
        });
    }

    /// The printer works again (or is gone): its alarm ends.
    pub fn clear_alarm(&self, printer_id: u64) {
        self.alarms.send_if_modified(|alarms| {
            let before = alarms.len();
            alarms.retain(|alarm| alarm.printer_id != printer_id);
            alarms.len() != before
        });
    }

    fn shop<'a>(&'a self, profile: Option<&'a StoreProfile>) -> Shop<'a> {
        Shop {
            brand: &self.brand,
            profile,
            timezone: self.timezone,
            lang: self.lang,
        }
    }

    /// Sends `bytes` to `printer`, waiting for another document on it to finish first.
    async fn send_to(&self, printer: &Printer, bytes: &[u8]) -> Result<(), PrintError> {
        let line = {
            let mut lines = match self.lines.lock() {
                Ok(lines) => lines,
                Err(poisoned) => poisoned.into_inner(),
            };
            Arc::clone(lines.entry(printer.id).or_default())
        };
        let _turn = line.lock().await;
        let ip: IpAddr = printer.host.parse().map_err(|_| PrintError::Network {
            reason: format!("{} is not an IP address", printer.host),
        })?;
        connection::send(SocketAddr::new(ip, printer.port), bytes, self.timeout).await
    }

    /// Prints the test page on `printer` (enabled or not). When it goes through, the
    /// printer's alarm ends and its waiting documents are tried again at once.
    pub async fn test_print(&self, printer: &Printer) -> Result<Result<(), PrintError>, DbError> {
        let page = test_page(printer, &self.shop(None), self.clock.now());
        let outcome = self.send_to(printer, &page).await;
        if outcome.is_ok() && printer.enabled {
            self.clear_alarm(printer.id);
            if self
                .db
                .retry_printer_now(printer.id, self.clock.now())
                .await?
                > 0
            {
                self.wake();
            }
        }
        Ok(outcome)
    }
}
