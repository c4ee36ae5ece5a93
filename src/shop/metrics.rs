//! What the shop counts since the process started, for `/metrics`: orders by what
//! became of them (counted in `events.rs`, where it is named), and the failures of
//! PayPal, the printers and the TSE (counted where they are logged). Plain atomics with
//! a fixed set of labels: counting costs an addition, and the set never grows. They
//! start at zero with every start, which Prometheus expects of a counter.

use std::sync::atomic::{AtomicU64, Ordering};

/// The step of an online payment that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentStep {
    /// Creating the PayPal order at checkout.
    Create,
    /// Taking the approved payment (the capture, or an answer that cannot pay).
    Capture,
    /// Giving money back (a rejected or corrected order, a payment without an order).
    Refund,
}

impl PaymentStep {
    pub const ALL: [PaymentStep; 3] = [
        PaymentStep::Create,
        PaymentStep::Capture,
        PaymentStep::Refund,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStep::Create => "create",
            PaymentStep::Capture => "capture",
            PaymentStep::Refund => "refund",
        }
    }
}

/// Where an order was placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// By the customer: the storefront, a table's QR code.
    Storefront,
    /// By the staff, taking it on the phone.
    Phone,
}

impl Channel {
    pub const ALL: [Channel; 2] = [Channel::Storefront, Channel::Phone];

    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Storefront => "storefront",
            Channel::Phone => "phone",
        }
    }
}

#[derive(Debug, Default)]
pub struct ShopCounters {
    placed: [AtomicU64; 2],
    accepted: AtomicU64,
    rejected: AtomicU64,
    auto_rejected: AtomicU64,
    cancelled: AtomicU64,
    payment_failures: [AtomicU64; 3],
    print_failures: AtomicU64,
    tse_failures: AtomicU64,
}

/// The counters' values at one moment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts {
    /// By [`Channel::ALL`].
    pub placed: [u64; 2],
    /// By the staff (on the board, or a phone order taken as accepted).
    pub accepted: u64,
    /// By the staff.
    pub rejected: u64,
    /// Because nobody answered in time.
    pub auto_rejected: u64,
    /// Accepted orders cancelled afterwards.
    pub cancelled: u64,
    /// By [`PaymentStep::ALL`].
    pub payment_failures: [u64; 3],
    /// Documents a printer did not take.
    pub print_failures: u64,
    /// Steps the TSE did not sign.
    pub tse_failures: u64,
}

fn add(counter: &AtomicU64, n: u64) {
    counter.fetch_add(n, Ordering::Relaxed);
}

fn read(counter: &AtomicU64) -> u64 {
    counter.load(Ordering::Relaxed)
}

impl ShopCounters {
    pub(super) fn placed(&self, channel: Channel) {
        add(&self.placed[channel as usize], 1);
    }

    pub(super) fn accepted(&self) {
        add(&self.accepted, 1);
    }

    pub(super) fn rejected(&self) {
        add(&self.rejected, 1);
    }

    pub(super) fn auto_rejected(&self, orders: usize) {
        add(&self.auto_rejected, orders as u64);
    }

    pub(super) fn cancelled(&self) {
        add(&self.cancelled, 1);
    }

    pub(super) fn payment_failed(&self, step: PaymentStep) {
        add(&self.payment_failures[step as usize], 1);
    }

    pub(super) fn print_failed(&self) {
        add(&self.print_failures, 1);
    }

    pub(super) fn tse_failed(&self) {
        add(&self.tse_failures, 1);
    }

    pub fn counts(&self) -> Counts {
        Counts {
            placed: self.placed.each_ref().map(read),
            accepted: read(&self.accepted),
            rejected: read(&self.rejected),
            auto_rejected: read(&self.auto_rejected),
            cancelled: read(&self.cancelled),
            payment_failures: self.payment_failures.each_ref().map(read),
            print_failures: read(&self.print_failures),
            tse_failures: read(&self.tse_failures),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_count_lands_under_its_own_label() {
        let counters = ShopCounters::default();
        counters.placed(Channel::Phone);
        counters.placed(Channel::Storefront);
        counters.placed(Channel::Storefront);
        counters.payment_failed(PaymentStep::Refund);
        counters.auto_rejected(3);
        let counts = counters.counts();
        assert_eq!(counts.placed, [2, 1]);
        assert_eq!(counts.payment_failures, [0, 0, 1]);
        assert_eq!(counts.auto_rejected, 3);
        assert_eq!(counts.accepted, 0);
    }
}
