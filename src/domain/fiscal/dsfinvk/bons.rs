//! The transactions (Bons) an order becomes. Most orders are one: a sale (`Beleg`), or a
//! rejected order as a cancelled one (`AVBelegabbruch`). An order the restaurant
//! corrected after accepting it keeps its first receipt, and each correction adds the
//! Storno of the receipt before it (BON_STORNO = 1, every quantity and amount negated,
//! referring to the Bon it reverses, DSFinV-K 4.2.2) and, for a change, the new
//! receipt. The sums of an order's Bons are what the order counts in its day.

use chrono::{DateTime, Utc};

use super::rows::{Position, positions};
use crate::domain::fiscal::signing::OrderTse;
use crate::domain::order::correction::{CorrectionKind, ReceiptState};
use crate::domain::order::{Order, OrderStatus};

/// One transaction of an order.
pub struct Bon<'a> {
    /// The order's id for its first receipt; `{id}-S{n}` for the Storno of correction
    /// `n`, `{id}-N{n}` for the receipt after change `n`.
    pub id: String,
    pub order: &'a Order,
    /// A sale (counts in the closing's sums); `false` for a rejected order.
    pub sold: bool,
    /// The Storno of an earlier Bon: every quantity and amount negated.
    pub storno: bool,
    /// The Bon a Storno reverses.
    pub refers_to: Option<String>,
    /// The receipt's gross total (negative for a Storno).
    pub total_cents: i64,
    /// Its lines, signed.
    pub lines: Vec<Position>,
    pub started_at: DateTime<Utc>,
    pub ended_at: DateTime<Utc>,
    pub tse: Option<&'a OrderTse>,
}

/// The time an order was answered (accepted or rejected), else when it was placed.
fn answered_at(order: &Order) -> DateTime<Utc> {
    order
        .history
        .iter()
        .find(|change| matches!(change.status, OrderStatus::Accepted | OrderStatus::Rejected))
        .map_or(order.created_at, |change| change.at)
}

/// The lines of `order` as `state` had them.
fn lines_of(order: &Order, state: &ReceiptState) -> Vec<Position> {
    let mut at = order.clone();
    at.lines = state.lines.clone();
    at.totals = state.totals;
    at.vat = state.vat.clone();
    positions(&at)
}

/// Every Bon of `order`, in the order they were made.
pub fn bons_of(order: &Order) -> Vec<Bon<'_>> {
    let first_state = order
        .corrections
        .first()
        .map_or_else(|| order.receipt_state(), |first| first.reversed.clone());
    let mut bons = vec![Bon {
        id: order.id.to_string(),
        order,
        sold: order.is_sale() || !order.corrections.is_empty(),
        storno: false,
        refers_to: None,
        total_cents: first_state.totals.total_cents,
        lines: lines_of(order, &first_state),
        started_at: order.created_at,
        ended_at: answered_at(order),
        tse: order.tse.as_ref(),
    }];
    for (at, correction) in order.corrections.iter().enumerate() {
        let number = at + 1;
        let reversed = bons.last().map(|bon| bon.id.clone());
        let mut lines = lines_of(order, &correction.reversed);
        for line in &mut lines {
            line.gross_cents = -line.gross_cents;
            line.net_cents = -line.net_cents;
            line.vat_cents = -line.vat_cents;
        }
        bons.push(Bon {
            id: format!("{}-S{number}", order.id),
            order,
            sold: true,
            storno: true,
            refers_to: reversed,
            total_cents: -correction.reversed.totals.total_cents,
            lines,
            started_at: correction.at,
            ended_at: correction.at,
            tse: correction.storno_tse.as_ref(),
        });
        if correction.kind == CorrectionKind::Changed {
            let after = order
                .corrections
                .get(number)
                .map_or_else(|| order.receipt_state(), |next| next.reversed.clone());
            bons.push(Bon {
                id: format!("{}-N{number}", order.id),
                order,
                sold: true,
                storno: false,
                refers_to: None,
                total_cents: after.totals.total_cents,
                lines: lines_of(order, &after),
                started_at: correction.at,
                ended_at: correction.at,
                tse: correction.receipt_tse.as_ref(),
            });
        }
    }
    bons
}
