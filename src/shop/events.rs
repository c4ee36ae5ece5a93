//! What follows a committed change, in one place per kind of change. Use cases commit
//! first, then call the one function here that names what happened; nothing else
//! publishes, mails, refreshes or counts. (ARCHITECTURE.md lists who calls each.)

use super::Shop;
use crate::db::UnansweredCount;
use crate::domain::catalog::Catalog;
use crate::domain::order::Order;
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

    /// A customer placed an order: it is announced, and the customer gets the
    /// confirmation with the status link.
    pub(super) fn order_placed(&self, order: &Order, link_origin: &str) {
        self.order_changed(order);
        self.sign_placed(order);
        self.mail_confirmation(order, link_origin);
    }

    /// Staff took an order on the phone, accepted as it was placed: it is announced,
    /// its TSE transaction signed, and it answers like an accept.
    pub(super) async fn phone_order_taken(&self, order: &Order) {
        self.order_changed(order);
        self.sign_placed(order);
        self.order_answered(order, AnsweredBy::Staff).await;
    }

    /// The restaurant's answer (accepted or rejected) is final: the customer gets a
    /// mail, and the count of orders nobody answered starts again or goes up (enough
    /// in a row pause ordering, `orders.pause_after_unanswered`).
    pub(super) async fn order_answered(&self, order: &Order, by: AnsweredBy) {
        self.mail_decision(order);
        match by {
            AnsweredBy::Staff => self.note_answered().await,
            AnsweredBy::NoOne => self.note_unanswered().await,
        }
    }

    /// Overdue orders were rejected in one commit because nobody answered them: each
    /// is announced and its customer mailed; the count (committed with them) may have
    /// paused ordering.
    pub(super) fn orders_rejected_unanswered(
        &self,
        orders: &[Order],
        counted: Option<UnansweredCount>,
    ) {
        for order in orders {
            self.order_changed(order);
            self.sign_placed(order);
            self.mail_decision(order);
        }
        if let Some(counted) = counted {
            self.unanswered_counted(Ok(counted));
        }
    }

    /// The restaurant cancelled or changed an accepted order: the board and the
    /// customer's status page hear it, the printers print the marked documents queued
    /// with it, and the customer gets a mail.
    pub(super) fn order_corrected(&self, order: &Order) {
        self.order_changed(order);
        self.printing.wake();
        self.mail_correction(order);
    }

    /// The catalog changed: the listeners (the public menu) follow it, and the
    /// readiness check is recomputed (a dish without labels keeps the shop shut).
    pub(super) async fn catalog_changed(&self, catalog: &Catalog, version: u64) {
        for listener in self.catalog_listeners.iter() {
            listener.catalog_changed(catalog, version);
        }
        self.readiness.refresh_logged().await;
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
