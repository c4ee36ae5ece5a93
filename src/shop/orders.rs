//! The restaurant's answers to an order: accept with an estimate, reject with a reason
//! (refunding a paid order), move it on to completed; and the auto-reject of an order
//! nobody answered. Every committed change is published to the order sockets once;
//! the customer gets a mail about the decision; a staff answer restarts the count of
//! unanswered orders.

use super::events::AnsweredBy;
use super::{Shop, ShopError, order_not_found};
use crate::domain::error::PublicError;
use crate::domain::fiscal::signing::{OrderTse, TseStep};
use crate::domain::order::answering::AnswerWindow;
use crate::domain::order::{
    AUTO_REJECT_REASON, Actor, Order, OrderStatus, PaymentStatus, TransitionError,
};

impl Shop {
    /// How long an order may wait for the restaurant's answer.
    pub(super) fn answer_window(&self) -> AnswerWindow {
        let minutes = |duration: std::time::Duration| {
            chrono::Duration::from_std(duration).unwrap_or(chrono::Duration::minutes(10))
        };
        AnswerWindow {
            within: minutes(self.config.orders.auto_reject_after),
            before_slot: self.config.orders.preorder_answer_before_slot.map(minutes),
        }
    }

    pub(super) async fn change_order(
        &self,
        id: u64,
        change: impl FnOnce(&mut Order) -> Result<(), TransitionError> + Send + 'static,
    ) -> Result<Order, ShopError> {
        let order = self
            .db
            .change_order(id, self.clock.now(), change)
            .await??
            .ok_or_else(order_not_found)?;
        Ok(order)
    }

    /// The TSE's answer to `step` of order `id` when it may be taken (fiscal mode
    /// `tse`), asked before the change is written and written with it: `check` is the
    /// change, tried on the order as it is now, so that nothing is signed for a change
    /// that is refused.
    async fn sign_before(
        &self,
        id: u64,
        step: TseStep,
        check: impl FnOnce(&mut Order) -> Result<(), TransitionError>,
    ) -> Result<Option<OrderTse>, ShopError> {
        if !self.signs_orders() {
            return Ok(None);
        }
        let order = self.db.order(id).await?.ok_or_else(order_not_found)?;
        check(&mut order.clone())?;
        Ok(self.sign(&order, step).await)
    }

    /// Staff accept a waiting order: ready (or at the door) in `minutes`.
    pub async fn accept(&self, id: u64, minutes: u16, by: &Actor) -> Result<Order, ShopError> {
        let now = self.clock.now();
        let tse = self
            .sign_before(id, TseStep::Finish, |order| order.accept(minutes, now, by))
            .await?;
        let by = by.clone();
        let order = self
            .change_order(id, move |order| {
                order.accept(minutes, now, &by)?;
                if tse.is_some() {
                    order.tse = tse;
                }
                Ok(())
            })
            .await?;
        self.order_changed(&order);
        self.order_answered(&order, AnsweredBy::Staff).await;
        Ok(order)
    }

    /// Staff accept every pre-order still waiting (at the opening), each ready at its
    /// time. One answered meanwhile is left as it is. Answers the accepted ones.
    pub async fn accept_waiting_preorders(&self, by: &Actor) -> Result<Vec<Order>, ShopError> {
        let mut accepted = Vec::new();
        for order in self.db.open_orders().await? {
            let Some(minutes) = order.estimate_for_its_time(self.clock.now()) else {
                continue;
            };
            match self.accept(order.id, minutes, by).await {
                Ok(order) => accepted.push(order),
                Err(ShopError::Transition(_)) => {}
                Err(error) => return Err(error),
            }
        }
        Ok(accepted)
    }

    /// Staff reject a waiting order with a reason shown to the customer.
    pub async fn reject(&self, id: u64, reason: &str, by: &Actor) -> Result<Order, ShopError> {
        let order = self.reject_order(id, reason, by).await?;
        self.order_answered(&order, AnsweredBy::Staff).await;
        Ok(order)
    }

    /// Nobody answered the order in time.
    pub(super) async fn reject_unanswered(&self, id: u64) -> Result<Order, ShopError> {
        let order = self
            .reject_order(id, AUTO_REJECT_REASON, &Actor::Automatic)
            .await?;
        self.order_answered(&order, AnsweredBy::NoOne).await;
        Ok(order)
    }

    /// Rejects overdue unpaid orders nobody answered, all in one commit (with their
    /// count towards the automatic pause); those answered meanwhile are left alone.
    /// Answers the rejected orders.
    pub(super) async fn reject_unanswered_batch(
        &self,
        ids: Vec<u64>,
    ) -> Result<Vec<Order>, ShopError> {
        let rule = self.unanswered_count_rule();
        let (orders, counted) = self
            .db
            .reject_overdue(ids, AUTO_REJECT_REASON.to_string(), self.clock.now(), rule)
            .await?;
        self.orders_rejected_unanswered(&orders, counted).await;
        Ok(orders)
    }

    /// Rejects a waiting order and refunds it if it was paid online; the answer is the
    /// caller's to announce.
    async fn reject_order(&self, id: u64, reason: &str, by: &Actor) -> Result<Order, ShopError> {
        let now = self.clock.now();
        let reason = reason.to_string();
        let tse = self
            .sign_before(id, TseStep::Cancel, |order| order.reject(&reason, now, by))
            .await?;
        let by = by.clone();
        let order = self
            .change_order(id, move |order| {
                order.reject(&reason, now, &by)?;
                if tse.is_some() {
                    order.tse = tse;
                }
                Ok(())
            })
            .await?;
        self.order_changed(&order);
        self.refund_if_paid(order).await
    }

    /// Moves an accepted order on: preparing, out for delivery / ready for pickup,
    /// completed.
    pub async fn advance(
        &self,
        id: u64,
        status: OrderStatus,
        by: &Actor,
    ) -> Result<Order, ShopError> {
        let now = self.clock.now();
        let by = by.clone();
        let order = self
            .change_order(id, move |order| order.advance(status, now, &by))
            .await?;
        self.order_advanced(&order);
        Ok(order)
    }

    /// Refunds a rejected order paid online, or tries again after a refund that failed
    /// (the reconciliation); the payments ledger follows the order in its transaction.
    pub(super) async fn refund_if_paid(&self, order: Order) -> Result<Order, ShopError> {
        let (
            OrderStatus::Rejected,
            PaymentStatus::Paid | PaymentStatus::RefundFailed,
            Some(capture_id),
        ) = (
            order.status,
            order.payment.status,
            order.payment.capture_id.clone(),
        )
        else {
            return Ok(order);
        };
        let outcome = self.refund_capture(&capture_id, None).await;
        if let Err(problem) = &outcome {
            tracing::error!(order = order.id, capture = %capture_id, %problem, "refund failed");
        }
        let order = self
            .change_order(order.id, move |order| {
                match outcome {
                    Ok(refund_id) => {
                        order.payment.status = PaymentStatus::Refunded;
                        if refund_id.is_some() {
                            order.payment.refund_id = refund_id;
                        }
                        order.payment.refund_error = None;
                    }
                    Err(problem) => {
                        order.payment.status = PaymentStatus::RefundFailed;
                        order.payment.refund_error = Some(problem.code().as_str().to_string());
                    }
                }
                Ok(())
            })
            .await?;
        self.order_changed(&order);
        Ok(order)
    }
}
