//! The restaurant corrects an accepted order, also a completed one after a complaint:
//! cancels it with a reason, or changes its lines. Everything that could refuse the correction is checked before any money
//! moves; then PayPal gives back what the customer paid too much (a refund that fails
//! leaves the order as it was), the TSE signs the Storno of the old receipt (and the
//! new receipt), and the correction is written in one transaction with its print jobs.

use super::{Shop, ShopError, order_not_found};
use crate::domain::fiscal::signing::amounts_of;
use crate::domain::order::correction::{CorrectionRefusal, refundable_cents};
use crate::domain::order::line_change::{changed_lines, receipt_with};
use crate::domain::order::lines::{LineRequest, SaleCheck};
use crate::domain::order::{Actor, Order};

/// What PayPal gave back: the amount and its refund id (`None` when PayPal said it was
/// refunded before).
type Refund = Option<(i64, Option<String>)>;

impl Shop {
    /// Staff cancel accepted order `id` (also once completed) with a reason shown to the
    /// customer: a payment online is refunded in full first, a cash order owes nothing
    /// (a completed one gets its cash back from the till).
    pub async fn cancel_order(
        &self,
        id: u64,
        reason: &str,
        by: &Actor,
    ) -> Result<Order, ShopError> {
        let _one_at_a_time = self.correcting.lock().await;
        let now = self.clock.now();
        let order = self.db.order(id).await?.ok_or_else(order_not_found)?;
        order.clone().cancel(reason, now, by, None)?;
        self.check_day_open(&order).await?;
        let number = order.corrections.len() + 1;
        let refund = self
            .refund_for_correction(&order, refundable_cents(&order), number)
            .await?;
        let storno = self
            .sign_correction(
                &order,
                &format!("storno-{number}"),
                amounts_of(&order, &order.receipt_state(), -1),
            )
            .await;
        let (reason, by) = (reason.to_string(), by.clone());
        let order = self
            .db
            .correct_order(id, now, move |order| {
                order.cancel(&reason, now, &by, refund)?;
                if let Some(correction) = order.corrections.last_mut() {
                    correction.storno_tse = storno;
                }
                Ok(())
            })
            .await??
            .ok_or_else(order_not_found)?;
        self.order_corrected(&order).await;
        Ok(order)
    }

    /// Staff change accepted order `id`'s lines to `requests` (remove or replace a dish,
    /// change a quantity), with a reason the customer reads: the totals and VAT follow
    /// the order's rules, what an online payment paid too much is refunded first.
    pub async fn change_order_lines(
        &self,
        id: u64,
        requests: Vec<LineRequest>,
        reason: &str,
        by: &Actor,
    ) -> Result<Order, ShopError> {
        let _one_at_a_time = self.correcting.lock().await;
        let now = self.clock.now();
        let order = self.db.order(id).await?.ok_or_else(order_not_found)?;
        order.check_correctable()?;
        let (catalog, _, stock) = self.db.menu_state(order.business_date).await?;
        let sale = SaleCheck { now, stock: &stock };
        let lines =
            changed_lines(&order, &catalog, sale, &requests).map_err(CorrectionRefusal::Lines)?;
        let after = receipt_with(&order, lines);
        order.check_change(&after, reason)?;
        self.check_day_open(&order).await?;
        let number = order.corrections.len() + 1;
        let too_much = order.totals.total_cents - after.totals.total_cents;
        let refund = self
            .refund_for_correction(&order, too_much.min(refundable_cents(&order)), number)
            .await?;
        let storno = self
            .sign_correction(
                &order,
                &format!("storno-{number}"),
                amounts_of(&order, &order.receipt_state(), -1),
            )
            .await;
        let receipt = self
            .sign_correction(
                &order,
                &format!("receipt-{number}"),
                amounts_of(&order, &after, 1),
            )
            .await;
        let (reason, by) = (reason.to_string(), by.clone());
        let order = self
            .db
            .correct_order(id, now, move |order| {
                if order.corrections.len() + 1 != number {
                    return Err(CorrectionRefusal::NotCorrectable {
                        number: order.number,
                        status: order.status.as_str(),
                    });
                }
                order.change_lines(after, &reason, now, &by, refund)?;
                if let Some(correction) = order.corrections.last_mut() {
                    correction.storno_tse = storno;
                    correction.receipt_tse = receipt;
                }
                Ok(())
            })
            .await??
            .ok_or_else(order_not_found)?;
        self.order_corrected(&order).await;
        Ok(order)
    }

    /// Refused when the order's business day has its daily closing.
    async fn check_day_open(&self, order: &Order) -> Result<(), ShopError> {
        if self.db.day_is_closed(order.business_date).await? {
            return Err(CorrectionRefusal::DayClosed {
                number: order.number,
            }
            .into());
        }
        Ok(())
    }

    /// Gives `cents` of the order's PayPal capture back for its correction number
    /// `number` (nothing for cash or 0). The request is named after the order and the
    /// correction, so a correction asked for again after a lost answer refunds once.
    async fn refund_for_correction(
        &self,
        order: &Order,
        cents: i64,
        number: usize,
    ) -> Result<Refund, ShopError> {
        let Some(capture_id) = order.payment.capture_id.as_deref().filter(|_| cents > 0) else {
            return Ok(None);
        };
        let request_id = format!("correction-{}-{number}-{capture_id}", order.id);
        let outcome = self
            .refund_capture(capture_id, Some((cents, &request_id)))
            .await;
        match outcome {
            Ok(refund_id) => Ok(Some((cents, refund_id))),
            Err(problem) => {
                tracing::error!(order = order.id, capture = %capture_id, %problem, "the correction's refund failed");
                Err(CorrectionRefusal::RefundFailed.into())
            }
        }
    }
}
