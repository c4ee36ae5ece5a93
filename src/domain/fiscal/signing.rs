//! What the shop keeps of its cloud TSE: the TSE it set up ([`TseSetup`]), what the TSE
//! did with each order ([`OrderTse`], kept in the order record) and the times it could
//! not be reached ([`TseOutage`]), during which orders flow unsigned and are listed.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::tse::{
    PaymentType, ReceiptAmounts, TseRegistration, TseSignature, TxState, UnknownVatRate,
};
use crate::domain::order::correction::ReceiptState;
use crate::domain::order::{Order, PaymentMethod};

/// The shop's TSE and till at fiskaly: the ids it chose, the admin PIN it set, and
/// once the setup finished, what the owner registers with the tax office.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TseSetup {
    pub tss_id: String,
    pub client_id: String,
    /// Set by the shop at the setup; needed to administer the TSS later.
    pub admin_pin: String,
    pub till_serial: String,
    pub begun_at: DateTime<Utc>,
    /// `None` until the setup finished.
    pub registration: Option<TseRegistration>,
}

/// Which call a TSE answer or failure belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TseStep {
    /// The order was placed: the transaction starts.
    Start,
    /// The order was accepted: the transaction finishes with the receipt.
    Finish,
    /// The order was rejected: the transaction is cancelled.
    Cancel,
}

/// What the TSE did with one order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum OrderTse {
    /// The TSE's latest answer for the order's transaction.
    Signed { signature: TseSignature },
    /// The TSE could not sign this step: the order flowed without it, and its receipt
    /// says "TSE ausgefallen". `started` keeps the start's answer if there was one.
    Failed {
        step: TseStep,
        at: DateTime<Utc>,
        reason: String,
        started: Option<TseSignature>,
    },
}

impl OrderTse {
    /// The answer of a started transaction, waiting for its end.
    pub fn started(&self) -> Option<&TseSignature> {
        match self {
            OrderTse::Signed { signature } if signature.state == TxState::Active => Some(signature),
            OrderTse::Failed { started, .. } => started.as_ref(),
            OrderTse::Signed { .. } => None,
        }
    }

    /// Whether the transaction ended (finished or cancelled) with a signature.
    pub fn ended(&self) -> bool {
        matches!(self, OrderTse::Signed { signature } if signature.state != TxState::Active)
    }
}

/// A time the TSE could not be reached; `ended_at` is `None` while it lasts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TseOutage {
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    /// The first failure, as the client saw it.
    pub reason: String,
    /// The orders whose start, finish or cancellation went unsigned meanwhile.
    pub missed_orders: Vec<u64>,
}

/// The receipt an accepted order's transaction signs: its gross amount per VAT rate,
/// a tip as not taxable (the 0 % position, DSFinV-K's `TrinkgeldAN`), and the total as
/// cash or not (paid online).
pub fn receipt_amounts(order: &Order) -> Result<ReceiptAmounts, UnknownVatRate> {
    amounts_of(order, &order.receipt_state(), 1)
}

/// The receipt of a correction: `state` as a receipt of `order` (its payment method),
/// each amount multiplied by `sign` (−1 for the Storno of a receipt).
pub fn amounts_of(
    order: &Order,
    state: &ReceiptState,
    sign: i64,
) -> Result<ReceiptAmounts, UnknownVatRate> {
    let payment = match order.payment.method {
        PaymentMethod::Cash => PaymentType::Cash,
        PaymentMethod::Online => PaymentType::NonCash,
    };
    let tip = state.totals.tip_cents;
    ReceiptAmounts::new(
        state
            .vat
            .iter()
            .map(|line| (line.rate_basis_points, sign * line.gross_cents))
            .chain((tip != 0).then_some((0, sign * tip))),
        vec![(payment, sign * state.totals.total_cents)],
    )
}

/// Notes a failure at `at` for `order_id`: opens an outage unless one is open, and
/// lists the order as missed.
pub fn note_failure(outages: &mut Vec<TseOutage>, order_id: u64, reason: &str, at: DateTime<Utc>) {
    match outages.last_mut() {
        Some(open) if open.ended_at.is_none() => {
            if !open.missed_orders.contains(&order_id) {
                open.missed_orders.push(order_id);
            }
        }
        _ => outages.push(TseOutage {
            started_at: at,
            ended_at: None,
            reason: reason.to_string(),
            missed_orders: vec![order_id],
        }),
    }
}

/// Ends the open outage at `at`; `false` when none was open.
pub fn note_recovery(outages: &mut [TseOutage], at: DateTime<Utc>) -> bool {
    match outages.last_mut() {
        Some(open) if open.ended_at.is_none() => {
            open.ended_at = Some(at);
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minute: u32) -> DateTime<Utc> {
        chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 11, 25, 12, minute, 0).unwrap()
    }

    #[test]
    fn a_tip_is_signed_at_the_not_taxable_rate_and_paid_with_the_order() {
        use crate::domain::fiscal::tse::VatRate;
        let mut order = crate::domain::erasure::sample_order(1, at(0));
        order.payment.method = PaymentMethod::Online;
        let plain = receipt_amounts(&order).unwrap();
        order.totals = order.totals.with_tip(150);
        let tipped = receipt_amounts(&order).unwrap();
        assert_eq!(tipped.per_vat_rate.last(), Some(&(VatRate::Null, 150)));
        assert_eq!(
            &tipped.per_vat_rate[..tipped.per_vat_rate.len() - 1],
            &plain.per_vat_rate[..]
        );
        assert_eq!(
            tipped.per_payment,
            vec![(PaymentType::NonCash, order.totals.total_cents)]
        );
        let storno = amounts_of(&order, &order.receipt_state(), -1).unwrap();
        assert_eq!(storno.per_vat_rate.last(), Some(&(VatRate::Null, -150)));
    }

    #[test]
    fn an_outage_lists_every_order_it_missed_once_and_ends_at_the_first_success() {
        let mut outages = Vec::new();
        assert!(!note_recovery(&mut outages, at(0)));
        note_failure(&mut outages, 7, "connection refused", at(1));
        note_failure(&mut outages, 8, "timeout", at(2));
        note_failure(&mut outages, 7, "timeout", at(3));
        assert_eq!(outages.len(), 1);
        assert_eq!(outages[0].missed_orders, [7, 8]);
        assert_eq!(outages[0].reason, "connection refused");
        assert!(note_recovery(&mut outages, at(4)));
        assert_eq!(outages[0].ended_at, Some(at(4)));
        note_failure(&mut outages, 9, "503", at(5));
        assert_eq!(outages.len(), 2);
        assert_eq!(outages[1].started_at, at(5));
    }
}
