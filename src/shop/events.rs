//! What follows a committed change, in one place per kind of change. Use cases commit
//! first, then call the one function here that names what happened; nothing else
//! publishes, mails, refreshes or counts (the order counters of `/metrics` included).
//! (ARCHITECTURE.md lists who calls each.)

use super::Shop;
use super::metrics::Channel;
use crate::db::UnansweredCount;
use crate::domain::order::{Order, OrderStatus};
use crate::domain::store_profile::StoreProfile;

/// Who answered an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AnsweredBy {
    /// The staff, on the board or on the phone: they are there.
    Staff,
    /// Nobody in time: the order was rejected automatically.
    NoOne,
}

impl Shop {
    /// An order was committed in a new state: the board, the customer's status page
    /// and the printers hear it.
    pub(super) fn order_changed(&self, order: &Order) {
        self.orders.publish(order);
    }

    /// The restaurant moved an accepted order on (preparing, out for delivery, ready
    /// for pickup, completed): it is announced, and when it is ready at the counter or
    /// on its way the customer gets a mail and, when their browser follows the order,
    /// a push notification.
    pub(super) fn order_advanced(&self, order: &Order) {
        self.order_changed(order);
        self.mail_progress(order);
        self.push_order_news(order);
    }

    /// A customer placed an order: it is announced, the customer gets the
    /// confirmation with the status link, the staff's browsers hear of it by Web Push,
    /// and the public menu follows what it took of the daily stocks.
    pub(super) async fn order_placed(&self, order: &Order, link_origin: &str) {
        self.counters.placed(Channel::Storefront);
        self.order_changed(order);
        self.sign_placed(order);
        self.mail_confirmation(order, link_origin);
        self.push_new_order(order);
        self.follow_daily_stocks(std::slice::from_ref(order)).await;
    }

    /// Staff took an order on the phone, accepted as it was placed: it is announced,
    /// its TSE transaction signed, it answers like an accept, and the public menu
    /// follows what it took of the daily stocks.
    pub(super) async fn phone_order_taken(&self, order: &Order) {
        self.counters.placed(Channel::Phone);
        self.order_changed(order);
        self.sign_placed(order);
        self.order_answered(order, AnsweredBy::Staff).await;
        self.follow_daily_stocks(std::slice::from_ref(order)).await;
    }

    /// The restaurant's answer (accepted or rejected) is final: the customer gets a
    /// mail (and a push notification when their browser follows the order), and the
    /// count of orders nobody answered starts again or goes up (enough
    /// in a row pause ordering, `orders.pause_after_unanswered`). A rejected order
    /// gave back what it took of the daily stocks: the public menu follows.
    pub(super) async fn order_answered(&self, order: &Order, by: AnsweredBy) {
        match (order.status, by) {
            (OrderStatus::Rejected, AnsweredBy::NoOne) => self.counters.auto_rejected(1),
            (OrderStatus::Rejected, AnsweredBy::Staff) => self.counters.rejected(),
            (OrderStatus::Accepted, _) => self.counters.accepted(),
            _ => {}
        }
        self.mail_decision(order);
        self.push_order_news(order);
        match by {
            AnsweredBy::Staff => self.note_answered().await,
            AnsweredBy::NoOne => self.note_unanswered().await,
        }
        if order.status == OrderStatus::Rejected {
            self.follow_daily_stocks(std::slice::from_ref(order)).await;
        }
    }

    /// Overdue orders were rejected in one commit because nobody answered them: each
    /// is announced and its customer mailed; the count (committed with them) may have
    /// paused ordering; the public menu follows what they gave back of the daily
    /// stocks.
    pub(super) async fn orders_rejected_unanswered(
        &self,
        orders: &[Order],
        counted: Option<UnansweredCount>,
    ) {
        self.counters.auto_rejected(orders.len());
        for order in orders {
            self.order_changed(order);
            self.sign_placed(order);
            self.mail_decision(order);
            self.push_order_news(order);
        }
        if let Some(counted) = counted {
            self.unanswered_counted(Ok(counted));
        }
        self.follow_daily_stocks(orders).await;
    }

    /// The restaurant cancelled or changed an accepted order: the board and the
    /// customer's status page hear it, the printers print the marked documents queued
    /// with it, the customer gets a mail, and the public menu follows what it gave back
    /// to (or took from) the daily stocks.
    pub(super) async fn order_corrected(&self, order: &Order) {
        if order.status == OrderStatus::Cancelled {
            self.counters.cancelled();
        }
        self.order_changed(order);
        self.printing.wake();
        self.mail_correction(order);
        if order.status == OrderStatus::Cancelled {
            self.push_order_news(order);
        }
        let reversed = order
            .last_correction()
            .map(|correction| correction.reversed.lines.as_slice())
            .unwrap_or_default();
        if order
            .lines
            .iter()
            .chain(reversed)
            .any(|line| line.from_daily_stock)
        {
            self.follow_menu().await;
        }
    }

    /// The catalog changed: the listeners (the public menu) follow it, and the
    /// readiness check is recomputed (a dish without labels keeps the shop shut).
    pub(super) async fn catalog_changed(&self) {
        self.follow_menu().await;
        self.readiness.refresh_logged().await;
    }

    /// A business day was closed: the next one's orders take from the daily stocks
    /// afresh, and the public menu shows it.
    pub(super) async fn day_closed(&self) {
        self.daily_stocks_changed().await;
    }

    /// A new business day began (the store's date changed): the public menu shows the
    /// daily stocks afresh.
    pub(super) async fn daily_stocks_changed(&self) {
        self.follow_menu().await;
    }

    /// The public menu follows the daily stocks when one of `orders` took from them.
    async fn follow_daily_stocks(&self, orders: &[Order]) {
        let took = orders
            .iter()
            .any(|order| order.lines.iter().any(|line| line.from_daily_stock));
        if took {
            self.follow_menu().await;
        }
    }

    /// The store's settings or its pause switch changed: every connected storefront
    /// sees the new hours and status, and the readiness check is recomputed (the
    /// Impressum and the privacy policy are part of it).
    pub(super) async fn store_profile_changed(&self, profile: StoreProfile) {
        self.status.update(profile);
        self.readiness.refresh_logged().await;
    }

    /// The owner chose a fiscal mode: the readiness check is recomputed (a missing or
    /// unconfirmed choice keeps the shop shut).
    pub(super) async fn fiscal_mode_changed(&self) {
        self.readiness.refresh_logged().await;
    }
}
