//! Signing orders with the cloud TSE (fiscal mode `tse`): the transaction starts when
//! the order is placed (in the background: the customer does not wait for it),
//! finishes with the receipt when it is accepted and is cancelled when it is rejected,
//! both before the order's change is written, and written with it. When the TSE cannot
//! be reached the order still flows: it keeps the failure, the outage is logged with
//! its start, end and the orders it missed, and while it lasts the TSE is asked again
//! at most once per `fiscal.tse_timeout_seconds`.

use std::time::Instant;

use chrono::{DateTime, Utc};
use tokio::sync::Mutex;

use super::super::checkout::fill_random;
use super::super::{Shop, ShopError};
use super::fiskaly::{FiskalyAccess, FiskalyClient, TseFailure};
use crate::config::TseConfig;
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::fiscal::mode::{FiscalMode, FiscalRecord};
use crate::domain::fiscal::signing::{
    OrderTse, TseSetup, TseStep, note_failure, note_recovery, receipt_amounts,
};
use crate::domain::fiscal::tse::{ReceiptAmounts, TseSignature, UnknownVatRate, tx_id_of};
use crate::domain::hex::hex;
use crate::domain::order::Order;

/// The cloud TSE as the shop uses it: the client, and one call at a time.
pub struct Tse {
    client: FiskalyClient,
    till_serial: String,
    /// Held during a call; remembers when the TSE last failed, so that an outage costs
    /// one timeout per period, not one per order.
    calls: Mutex<Option<Instant>>,
    retry_after: std::time::Duration,
}

impl Tse {
    /// The client for `config`, `None` when its key or secret is not set.
    pub fn new(config: &TseConfig, store_id: u64) -> Result<Option<Tse>, TseFailure> {
        if !config.configured() {
            return Ok(None);
        }
        let client = FiskalyClient::new(FiskalyAccess {
            api_base: config.api_base.clone(),
            api_key: config.api_key.clone(),
            api_secret: config.api_secret.expose().to_string(),
            timeout: config.timeout,
        })?;
        let till_serial = config.till_serial_of(store_id);
        Ok(Some(Tse {
            client,
            till_serial,
            calls: Mutex::new(None),
            retry_after: config.timeout,
        }))
    }
}

/// A random UUID (version 4) for the TSS and the client the shop creates.
fn random_uuid() -> Result<String, Refusal> {
    let mut bytes = [0u8; 16];
    fill_random(&mut bytes)?;
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let digits = hex(&bytes);
    Ok(format!(
        "{}-{}-{}-{}-{}",
        &digits[0..8],
        &digits[8..12],
        &digits[12..16],
        &digits[16..20],
        &digits[20..32]
    ))
}

fn tse_not_configured() -> Refusal {
    Refusal::new(
        ErrorStatus::Conflict,
        ErrorCode::TseNotConfigured,
        "The cloud TSE is not configured: set fiscal.tse_api_key and fiscal.tse_api_secret in the configuration file.",
    )
}

fn tse_setup_failed(failure: &TseFailure) -> Refusal {
    Refusal::new(
        ErrorStatus::Unavailable,
        ErrorCode::TseSetupFailed,
        format!("The TSE could not be set up: {failure}. Please try again."),
    )
}

impl Shop {
    /// Sets up the cloud TSE (its TSS and this till as its client), or finishes a setup
    /// that stopped half way; answers the fiscal record with what the owner registers
    /// with the tax office. A TSE set up already is left as it is.
    pub async fn set_up_tse(&self) -> Result<FiscalRecord, ShopError> {
        let tse = self.tse.as_deref().ok_or_else(tse_not_configured)?;
        let begun = TseSetup {
            tss_id: random_uuid()?,
            client_id: random_uuid()?,
            admin_pin: {
                let mut pin = [0u8; 8];
                fill_random(&mut pin)?;
                hex(&pin)
            },
            till_serial: tse.till_serial.clone(),
            begun_at: self.clock.now(),
            registration: None,
        };
        let record = self
            .db
            .update_fiscal_record(self.config.store_id, move |record| {
                record.tse.is_none() && {
                    record.tse = Some(begun);
                    true
                }
            })
            .await?;
        let Some(setup) = record.tse.clone() else {
            return Err(Refusal::internal().into());
        };
        if setup.registration.is_some() {
            return Ok(record);
        }
        let _call = tse.calls.lock().await;
        let registration = tse
            .client
            .set_up(
                &setup.tss_id,
                &setup.client_id,
                &setup.till_serial,
                &setup.admin_pin,
            )
            .await
            .map_err(|failure| {
                tracing::error!(%failure, "the TSE could not be set up");
                self.counters.tse_failed();
                tse_setup_failed(&failure)
            })?;
        tracing::info!(
            tss = %registration.tss_serial_number,
            client = %registration.client_serial_number,
            "the TSE is set up"
        );
        let record = self
            .db
            .update_fiscal_record(self.config.store_id, move |record| {
                let Some(stored) = record.tse.as_mut() else {
                    return false;
                };
                stored.registration = Some(registration);
                true
            })
            .await?;
        self.fiscal.set(record.clone());
        self.fiscal_mode_changed().await;
        Ok(record)
    }

    /// The TSE and its setup when orders are to be signed: the mode is `tse`, the TSE
    /// is configured and set up.
    fn signing(&self) -> Option<(&Tse, TseSetup)> {
        if self.fiscal_mode() != Some(FiscalMode::Tse) {
            return None;
        }
        let tse = self.tse.as_deref()?;
        let setup = self.fiscal.record().tse?;
        setup.registration.is_some().then_some((tse, setup))
    }

    /// Whether orders are signed now (fiscal mode `tse`, TSE configured and set up).
    pub(in crate::shop) fn signs_orders(&self) -> bool {
        self.signing().is_some()
    }

    /// Starts the TSE transaction of an order just placed, in the background; a phone
    /// order (accepted as it is placed) is finished at once too.
    pub(in crate::shop) fn sign_placed(&self, order: &Order) {
        if self.signing().is_none() {
            return;
        }
        let shop = self.clone();
        let id = order.id;
        tokio::spawn(async move {
            let Ok(Some(order)) = shop.db.order(id).await else {
                return;
            };
            let seen = order.status;
            let step = match order.status {
                crate::domain::order::OrderStatus::WaitingForConfirmation => TseStep::Start,
                crate::domain::order::OrderStatus::Rejected => TseStep::Cancel,
                _ => TseStep::Finish,
            };
            let Some(tse) = shop.sign(&order, step).await else {
                return;
            };
            // Written unless the order was answered meanwhile: its answer signs itself.
            let changed = shop
                .change_order(id, move |order| {
                    if order.status == seen && !order.tse.as_ref().is_some_and(OrderTse::ended) {
                        order.tse = Some(tse);
                    }
                    Ok(())
                })
                .await;
            match changed {
                Ok(order) => shop.order_changed(&order),
                Err(error) => tracing::error!(order = id, %error, "the TSE's answer was not kept"),
            }
        });
    }

    /// What the TSE says to `step` of `order` (started first if its start is missing);
    /// `None` when orders are not signed or its transaction ended already.
    pub(in crate::shop) async fn sign(&self, order: &Order, step: TseStep) -> Option<OrderTse> {
        let (tse, setup) = self.signing()?;
        if order.tse.as_ref().is_some_and(OrderTse::ended) {
            return None;
        }
        let mut call = tse.calls.lock().await;
        let tx_id = tx_id_of(self.config.store_id, order.id, &order.token);
        let (tss_id, client_id) = (&setup.tss_id, &setup.client_id);
        let started = match order.tse.as_ref().and_then(OrderTse::started) {
            Some(started) => Ok(started.clone()),
            None => self
                .tse_call(&mut call, tse, || {
                    tse.client.start(tss_id, client_id, &tx_id)
                })
                .await
                .map_err(|failure| Unsigned {
                    step: TseStep::Start,
                    failure,
                    started: None,
                }),
        };
        let started = match (step, started) {
            (TseStep::Start, result) | (_, result @ Err(_)) => {
                return Some(self.outcome(order.id, result).await);
            }
            (_, Ok(started)) => started,
        };
        let ended = match (step, receipt_amounts(order)) {
            (_, Err(unknown)) => Err(TseFailure::Unusable(unknown.to_string())),
            (TseStep::Cancel, Ok(amounts)) => {
                self.tse_call(&mut call, tse, || {
                    tse.client
                        .cancel(tss_id, client_id, &tx_id, &amounts.per_vat_rate)
                })
                .await
            }
            (_, Ok(amounts)) => {
                self.tse_call(&mut call, tse, || {
                    tse.client.finish(tss_id, client_id, &tx_id, &amounts)
                })
                .await
            }
        };
        let ended = ended.map_err(|failure| Unsigned {
            step,
            failure,
            started: Some(started),
        });
        Some(self.outcome(order.id, ended).await)
    }

    /// Signs a receipt of its own for a correction of `order` (the Storno of its
    /// receipt, or the receipt after a change): a transaction started and finished at
    /// once with `amounts`. `part` names it among the order's transactions, so that a
    /// retry asks for the same one. `None` when orders are not signed.
    pub(in crate::shop) async fn sign_correction(
        &self,
        order: &Order,
        part: &str,
        amounts: Result<ReceiptAmounts, UnknownVatRate>,
    ) -> Option<OrderTse> {
        let (tse, setup) = self.signing()?;
        let mut call = tse.calls.lock().await;
        let tx_id = tx_id_of(
            self.config.store_id,
            order.id,
            &format!("{}/{part}", order.token),
        );
        let (tss_id, client_id) = (&setup.tss_id, &setup.client_id);
        let started = self
            .tse_call(&mut call, tse, || {
                tse.client.start(tss_id, client_id, &tx_id)
            })
            .await;
        let started = match started {
            Ok(started) => started,
            Err(failure) => {
                let unsigned = Unsigned {
                    step: TseStep::Start,
                    failure,
                    started: None,
                };
                return Some(self.outcome(order.id, Err(unsigned)).await);
            }
        };
        let finished = match amounts {
            Err(unknown) => Err(TseFailure::Unusable(unknown.to_string())),
            Ok(amounts) => {
                self.tse_call(&mut call, tse, || {
                    tse.client.finish(tss_id, client_id, &tx_id, &amounts)
                })
                .await
            }
        };
        let finished = finished.map_err(|failure| Unsigned {
            step: TseStep::Finish,
            failure,
            started: Some(started),
        });
        Some(self.outcome(order.id, finished).await)
    }

    /// One call to the TSE, skipped while it failed less than a timeout ago.
    async fn tse_call<F, Fut>(
        &self,
        failed_at: &mut Option<Instant>,
        tse: &Tse,
        call: F,
    ) -> Result<TseSignature, TseFailure>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<TseSignature, TseFailure>>,
    {
        if let Some(at) = *failed_at
            && at.elapsed() < tse.retry_after
        {
            return Err(TseFailure::Outage(
                "the TSE failed moments ago; it is asked again shortly".into(),
            ));
        }
        let result = call().await;
        match &result {
            Err(failure) if failure.is_outage() => *failed_at = Some(Instant::now()),
            _ => *failed_at = None,
        }
        result
    }

    /// The order's TSE state after a step: signed, or failed (and the outage noted).
    async fn outcome(&self, order_id: u64, result: Result<TseSignature, Unsigned>) -> OrderTse {
        let now = self.clock.now();
        match result {
            Ok(signature) => {
                self.note_tse_recovered(now).await;
                OrderTse::Signed { signature }
            }
            Err(Unsigned {
                step,
                failure,
                started,
            }) => {
                tracing::error!(order = order_id, ?step, %failure, "the TSE did not sign");
                self.counters.tse_failed();
                if failure.is_outage() {
                    self.note_tse_outage(order_id, &failure.to_string(), now)
                        .await;
                }
                OrderTse::Failed {
                    step,
                    at: now,
                    reason: failure.to_string(),
                    started,
                }
            }
        }
    }

    async fn note_tse_outage(&self, order_id: u64, reason: &str, now: DateTime<Utc>) {
        let reason = reason.to_string();
        let stored = self
            .db
            .update_fiscal_record(self.config.store_id, move |record| {
                note_failure(&mut record.tse_outages, order_id, &reason, now);
                true
            })
            .await;
        self.tse_outage_noted(stored);
    }

    async fn note_tse_recovered(&self, now: DateTime<Utc>) {
        if self
            .fiscal
            .record()
            .tse_outages
            .last()
            .is_none_or(|last| last.ended_at.is_some())
        {
            return;
        }
        let stored = self
            .db
            .update_fiscal_record(self.config.store_id, move |record| {
                note_recovery(&mut record.tse_outages, now)
            })
            .await;
        tracing::info!("the TSE signs again");
        self.tse_outage_noted(stored);
    }

    fn tse_outage_noted(&self, stored: Result<FiscalRecord, crate::db::DbError>) {
        match stored {
            Ok(record) => self.fiscal.set(record),
            Err(error) => tracing::error!(%error, "the TSE's outage was not recorded"),
        }
    }
}

/// A step the TSE did not sign, and the start's answer if there was one.
struct Unsigned {
    step: TseStep,
    failure: TseFailure,
    started: Option<TseSignature>,
}
