//! The print queue's rules. Accepting an order queues one job per document and
//! printer; a job is due when the kitchen should start (at once, or for a pre-order at
//! its preparation time); a failed attempt is retried after a growing pause; a job
//! that could not be printed for half a day is of no use to anyone any more.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::printer::Printer;
use crate::domain::order::correction::CorrectionKind;
use crate::domain::order::{Order, OrderStatus};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TicketKind {
    Kitchen,
    Receipt,
}

impl TicketKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TicketKind::Kitchen => "kitchen ticket",
            TicketKind::Receipt => "receipt",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintJob {
    pub id: u64,
    pub order_id: u64,
    pub printer_id: u64,
    pub kind: TicketKind,
    /// When it should come out of the printer.
    pub due_at: DateTime<Utc>,
    /// When it is tried (again): `due_at` at first, later after each failure's pause.
    pub next_attempt_at: DateTime<Utc>,
    pub attempts: u32,
    /// Why the last attempt failed.
    #[serde(default)]
    pub last_error: Option<String>,
    /// Printed again from the order's page: marked as such, and printed also when the
    /// order is finished.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reprint: bool,
    /// Printed because the restaurant cancelled or changed the accepted order: marked
    /// as such, and printed also when the order is finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correction: Option<CorrectionKind>,
}

/// What a document printed out of turn says above everything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TicketBanner {
    /// Printed again from the order's page: the kitchen must not cook it twice.
    Reprint,
    /// The order was cancelled: the kitchen stops, the driver stays.
    Cancelled,
    /// The order's lines changed: this ticket replaces the earlier one.
    Changed,
}

/// The first pause after a failed attempt; it doubles up to [`MAX_RETRY_PAUSE`].
pub const FIRST_RETRY_PAUSE: Duration = Duration::seconds(5);
pub const MAX_RETRY_PAUSE: Duration = Duration::seconds(60);
/// A job not printed this long after it was due is dropped (yesterday's tickets do not
/// belong in tonight's kitchen).
pub const GIVE_UP_AFTER: Duration = Duration::hours(12);

/// When the order was accepted (its creation for an order that was never waiting).
fn accepted_at(order: &Order) -> DateTime<Utc> {
    order
        .history
        .iter()
        .rev()
        .find(|change| change.status == OrderStatus::Accepted)
        .map_or(order.created_at, |change| change.at)
}

/// When the kitchen needs the ticket: at acceptance, or for a pre-order at its
/// preparation time, the promised time less the minutes the kitchen said it needs
/// (never before the acceptance).
pub fn print_due_at(order: &Order) -> DateTime<Utc> {
    let accepted = accepted_at(order);
    match (
        order.preorder_at,
        order.estimated_ready_at,
        order.estimated_minutes,
    ) {
        (Some(_), Some(ready), Some(minutes)) => {
            (ready - Duration::minutes(i64::from(minutes))).max(accepted)
        }
        _ => accepted,
    }
}

/// The documents `order` needs: `(printer id, kind)` for each enabled printer and what
/// it prints, kitchen tickets first.
pub fn documents_for(printers: &[Printer]) -> Vec<(u64, TicketKind)> {
    let mut documents = Vec::new();
    for kind in [TicketKind::Kitchen, TicketKind::Receipt] {
        for printer in printers.iter().filter(|printer| printer.enabled) {
            let wanted = match kind {
                TicketKind::Kitchen => printer.prints.kitchen(),
                TicketKind::Receipt => printer.prints.receipt(),
            };
            if wanted {
                documents.push((printer.id, kind));
            }
        }
    }
    documents
}

/// Why an order's documents cannot be printed again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReprintRefusal {
    NoSuchOrder,
    /// Waiting for an answer or rejected: it has no tickets.
    NotAccepted,
    /// No printer that is switched on prints the documents asked for.
    NoPrinter,
}

/// Whether `order` has documents to print again: it was accepted (and is not waiting
/// or rejected).
pub fn has_documents(order: &Order) -> bool {
    !matches!(
        order.status,
        OrderStatus::WaitingForConfirmation | OrderStatus::Rejected
    )
}

/// The pause before the next attempt after `attempts` failed ones (≥ 1).
pub fn retry_pause(attempts: u32) -> Duration {
    let doublings = attempts.saturating_sub(1).min(10);
    (FIRST_RETRY_PAUSE * 2_i32.pow(doublings)).min(MAX_RETRY_PAUSE)
}

impl PrintJob {
    /// What the document says above everything else, if it is printed out of turn.
    pub fn banner(&self) -> Option<TicketBanner> {
        match (self.correction, self.reprint) {
            (Some(CorrectionKind::Cancelled), _) => Some(TicketBanner::Cancelled),
            (Some(CorrectionKind::Changed), _) => Some(TicketBanner::Changed),
            (None, true) => Some(TicketBanner::Reprint),
            (None, false) => None,
        }
    }

    /// Too old to be worth printing.
    pub fn is_stale(&self, now: DateTime<Utc>) -> bool {
        now - self.due_at > GIVE_UP_AFTER
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::order::Actor;
    use crate::domain::printing::printer::Prints;
    use crate::domain::printing::test_order::sample_order;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn accepted_order(preorder: Option<&str>, minutes: u16) -> Order {
        let mut order = sample_order();
        order.preorder_at = preorder.map(at);
        order
            .accept(minutes, at("2026-11-23T11:00:00Z"), &Actor::Automatic)
            .unwrap();
        order
    }

    #[test]
    fn an_order_for_now_prints_when_it_is_accepted() {
        let order = accepted_order(None, 30);
        assert_eq!(print_due_at(&order), at("2026-11-23T11:00:00Z"));
    }

    #[test]
    fn a_preorder_prints_when_the_kitchen_must_start() {
        let order = accepted_order(Some("2026-11-23T12:30:00Z"), 30);
        assert_eq!(print_due_at(&order), at("2026-11-23T12:00:00Z"));
        // The kitchen needs longer than there is: print at once.
        let rushed = accepted_order(Some("2026-11-23T11:15:00Z"), 30);
        assert_eq!(print_due_at(&rushed), at("2026-11-23T11:00:00Z"));
    }

    #[test]
    fn retries_pause_longer_each_time_up_to_a_minute() {
        let pauses: Vec<i64> = (1..=6).map(|n| retry_pause(n).num_seconds()).collect();
        assert_eq!(pauses, vec![5, 10, 20, 40, 60, 60]);
        assert_eq!(retry_pause(u32::MAX).num_seconds(), 60);
    }

    #[test]
    fn each_enabled_printer_gets_what_it_prints() {
        let printer = |id, prints, enabled| Printer {
            id,
            name: format!("P{id}"),
            host: "10.0.0.1".into(),
            port: 9100,
            prints,
            width: 42,
            copies: 1,
            enabled,
        };
        let printers = [
            printer(1, Prints::Kitchen, true),
            printer(2, Prints::Both, true),
            printer(3, Prints::Receipt, true),
            printer(4, Prints::Both, false),
        ];
        assert_eq!(
            documents_for(&printers),
            vec![
                (1, TicketKind::Kitchen),
                (2, TicketKind::Kitchen),
                (2, TicketKind::Receipt),
                (3, TicketKind::Receipt),
            ]
        );
    }
}
