//! Changing an accepted order's lines (a dish ran out, the caller wants two instead of
//! one): the restaurant sends the lines the order shall have. A line the order has
//! already (same product, variant and extras) keeps the price it was sold at with its
//! new quantity; any other is priced from the current menu and refused like in the
//! checkout when it cannot be sold. The totals and VAT are recomputed by the order's
//! rules: the same discount rate, the same delivery fee, deposits per line.

use super::cart::{CartExtra, CartLine};
use super::correction::{
    Correction, CorrectionKind, CorrectionRefusal, ReceiptState, correction_reason,
    refundable_cents,
};
use std::collections::BTreeMap;

use super::lines::{
    LineError, LineRequest, MAX_LINES, MAX_QUANTITY, PricedLine, SaleCheck, reprice,
};
use super::totals::Totals;
use super::{Actor, Order, OrderStatus, OrderType, PaymentMethod};
use crate::domain::catalog::{Catalog, StockLevels, menu_product};
use crate::domain::order::totals::discount_cents;
use crate::domain::vat::vat_breakdown;
use chrono::{DateTime, Utc};

/// The key two lines share when they are the same thing.
fn key_of(line: &PricedLine) -> String {
    line.cart_line().key()
}

/// Whether `after` only takes off: each of its lines is one of `before`, at most as
/// many.
fn only_less(before: &[PricedLine], after: &[PricedLine]) -> bool {
    after.iter().all(|line| {
        let key = key_of(line);
        before
            .iter()
            .any(|sold| key_of(sold) == key && line.quantity <= sold.quantity)
    })
}

fn request_key(request: &LineRequest) -> String {
    CartLine {
        product_id: request.product_id,
        variant_id: request.variant_id,
        price_cents: 0,
        extras: request
            .extras
            .iter()
            .map(|extra| CartExtra {
                topping_id: extra.topping_id,
                quantity: extra.quantity,
                price_cents: 0,
            })
            .collect(),
        quantity: request.quantity,
    }
    .key()
}

/// The order's lines after the change to `requests`; `sale` is the clock and what the
/// order's business day took of the daily stocks (a new line and any more of a product
/// with a daily stock must be left).
pub fn changed_lines(
    order: &Order,
    catalog: &Catalog,
    sale: SaleCheck<'_>,
    requests: &[LineRequest],
) -> Result<Vec<PricedLine>, LineError> {
    if requests.is_empty() {
        return Err(LineError::EmptyCart);
    }
    if requests.len() > MAX_LINES {
        return Err(LineError::TooManyLines);
    }
    let mut lines = Vec::with_capacity(requests.len());
    for request in requests {
        if !(1..=MAX_QUANTITY).contains(&request.quantity) {
            return Err(LineError::BadQuantity);
        }
        let wanted = request_key(request);
        let kept = order.lines.iter().find(|line| key_of(line) == wanted);
        let line = match kept {
            Some(sold) => {
                let mut line = sold.clone();
                line.quantity = request.quantity;
                line.total_cents = line.cart_line().total_cents();
                line
            }
            None => reprice(catalog, sale, std::slice::from_ref(request))?
                .pop()
                .ok_or(LineError::EmptyCart)?,
        };
        lines.push(line);
    }
    check_more_stock(order, catalog, sale.stock, &lines)?;
    Ok(lines)
}

/// Refuses lines that take more of a product with a daily stock than the order took
/// and the day has left.
fn check_more_stock(
    order: &Order,
    catalog: &Catalog,
    stock: &StockLevels,
    lines: &[PricedLine],
) -> Result<(), LineError> {
    let mut more: BTreeMap<u64, i64> = BTreeMap::new();
    for line in lines.iter().filter(|line| line.from_daily_stock) {
        *more.entry(line.product_id).or_default() += i64::from(line.quantity);
    }
    for line in order.lines.iter().filter(|line| line.from_daily_stock) {
        *more.entry(line.product_id).or_default() -= i64::from(line.quantity);
    }
    for (product_id, wanted) in more.into_iter().filter(|(_, wanted)| *wanted > 0) {
        let Some(item) = menu_product(catalog, product_id) else {
            continue;
        };
        if let Some(left) = stock.left(&item.product)
            && wanted > i64::from(left)
        {
            return Err(LineError::NotEnoughStock {
                product: item.product.name.clone(),
                left,
            });
        }
    }
    Ok(())
}

/// The receipt of `order` with `lines`: its discount rate, its coupon's terms (a
/// percentage or amount of the new goods, free delivery), its delivery fee, the lines'
/// deposits, the VAT per rate, and the customer's tip as it was (a change of the goods
/// is no reason to give back or take more of it).
pub fn receipt_with(order: &Order, lines: Vec<PricedLine>) -> ReceiptState {
    let subtotal: i64 = lines.iter().map(|line| line.total_cents).sum();
    let discount = if order.discount_basis_points > 0 {
        discount_cents(subtotal, order.discount_basis_points)
    } else {
        0
    };
    let fee = match order.order_type {
        OrderType::Delivery => order.totals.delivery_fee_cents,
        OrderType::Pickup | OrderType::DineIn => 0,
    };
    let coupon = order.coupon.as_ref().map_or(0, |coupon| {
        crate::domain::coupon::reduction_cents(coupon.benefit, subtotal - discount, fee)
    });
    let deposit = super::lines::deposit_cents(&lines);
    let goods: Vec<(u32, i64)> = lines
        .iter()
        .map(|line| (line.tax_basis_points, line.total_cents))
        .collect();
    let deposits: Vec<(u32, i64)> = lines
        .iter()
        .filter(|line| line.deposit_cents > 0)
        .map(|line| (line.tax_basis_points, line.deposit_total_cents()))
        .collect();
    let vat = vat_breakdown(&goods, &[discount, coupon], fee, &deposits);
    ReceiptState {
        totals: Totals {
            subtotal_cents: subtotal,
            discount_cents: discount,
            coupon_cents: coupon,
            delivery_fee_cents: fee,
            deposit_cents: deposit,
            tip_cents: order.totals.tip_cents,
            total_cents: subtotal - discount - coupon + fee + deposit + order.totals.tip_cents,
            minimum_missing_cents: 0,
        },
        vat,
        lines,
    }
}

impl Order {
    /// Checks a change to `after` before anything happens: the order can be corrected,
    /// the reason is given, the lines differ, a completed order only loses items (its
    /// food has left the kitchen), and a paid order does not get dearer (PayPal can give
    /// back, not take more; a completed order's customer has paid and gone).
    pub fn check_change(
        &self,
        after: &ReceiptState,
        reason: &str,
    ) -> Result<String, CorrectionRefusal> {
        self.check_correctable()?;
        let reason = correction_reason(reason)?;
        if after.lines == self.lines {
            return Err(CorrectionRefusal::Unchanged);
        }
        // The food has left the kitchen: more of a dish, or another one, is a new order.
        if self.status == OrderStatus::Completed && !only_less(&self.lines, &after.lines) {
            return Err(CorrectionRefusal::CompletedOrderGrows {
                number: self.number,
            });
        }
        if (self.payment.method == PaymentMethod::Online || self.status == OrderStatus::Completed)
            && after.totals.total_cents > self.totals.total_cents
        {
            return Err(CorrectionRefusal::PaidTotalRaised {
                paid_cents: self.totals.total_cents,
                total_cents: after.totals.total_cents,
            });
        }
        Ok(reason)
    }

    /// The restaurant changes the accepted order's lines to `after`; `refund` is what
    /// PayPal gave back (the difference, with its id). A completed cash order gets the
    /// difference back from the till. A cash customer's note no longer counts when it
    /// does not cover the new total.
    pub fn change_lines(
        &mut self,
        after: ReceiptState,
        reason: &str,
        now: DateTime<Utc>,
        by: &Actor,
        refund: Option<(i64, Option<String>)>,
    ) -> Result<(), CorrectionRefusal> {
        let reason = self.check_change(&after, reason)?;
        let (refunded_cents, refund_id) = match self.payment.method {
            PaymentMethod::Cash if refundable_cents(self) > 0 => {
                (self.totals.total_cents - after.totals.total_cents, None)
            }
            PaymentMethod::Cash => (0, None),
            PaymentMethod::Online => refund.unwrap_or((0, None)),
        };
        self.corrections.push(Correction {
            kind: CorrectionKind::Changed,
            at: now,
            by: by.clone(),
            reason: reason.clone(),
            reversed: self.receipt_state(),
            refunded_cents,
            refund_id: refund_id.clone(),
            storno_tse: None,
            receipt_tse: None,
        });
        self.lines = after.lines;
        self.totals = after.totals;
        self.vat = after.vat;
        if refund_id.is_some() {
            self.payment.refund_id = refund_id;
        }
        // The change for the customer's note was handed out with a completed order;
        // what goes back now is the difference.
        if self.status == OrderStatus::Completed
            || self
                .cash_given_cents
                .is_some_and(|given| given < self.totals.total_cents)
        {
            self.cash_given_cents = None;
        }
        // The history names the change; the status stays.
        let status: OrderStatus = self.status;
        self.record(status, now, reason, by);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::order::correction::CorrectionKind;
    use crate::domain::order::lines::ExtraRequest;
    use crate::domain::order::tests::sample_order;
    use crate::domain::order::{PaymentStatus, VatLine};

    fn line(product_id: u64, unit: i64, quantity: u32, tax: u32) -> PricedLine {
        PricedLine {
            product_id,
            variant_id: None,
            name: format!("Produkt {product_id}"),
            unit_price_cents: unit,
            quantity,
            extras: Vec::new(),
            tax_basis_points: tax,
            allergens: Vec::new(),
            total_cents: unit * i64::from(quantity),
            age_restriction: None,
            deposit_cents: 0,
            from_daily_stock: false,
        }
    }

    fn staff() -> Actor {
        Actor::Staff {
            user_id: 3,
            name: "Luca".into(),
        }
    }

    /// Two pizzas at 9,50 € (7 %) and a cola at 2,80 € with 0,25 € deposit (19 %),
    /// 10 % off, 2,50 € delivery.
    fn accepted() -> Order {
        let mut order = sample_order();
        order.status = OrderStatus::Preparing;
        let mut cola = line(2, 280, 1, 1900);
        cola.deposit_cents = 25;
        order.lines = vec![line(1, 950, 2, 700), cola];
        order.discount_basis_points = 1000;
        order.totals = Totals {
            subtotal_cents: 2180,
            discount_cents: 218,
            coupon_cents: 0,
            delivery_fee_cents: 250,
            deposit_cents: 25,
            tip_cents: 0,
            total_cents: 2237,
            minimum_missing_cents: 0,
        };
        order.vat = receipt_with(&order, order.lines.clone()).vat;
        order
    }

    fn request(product_id: u64, quantity: u32) -> LineRequest {
        LineRequest {
            product_id,
            variant_id: None,
            extras: Vec::<ExtraRequest>::new(),
            quantity,
        }
    }

    #[test]
    fn the_receipt_is_recomputed_by_the_orders_own_rules() {
        let order = accepted();
        let same = receipt_with(&order, order.lines.clone());
        assert_eq!(
            same.totals, order.totals,
            "the rules the order was priced by"
        );
        let one_pizza = receipt_with(&order, vec![order.lines[0].clone()]);
        let mut pizza = order.lines[0].clone();
        pizza.quantity = 1;
        pizza.total_cents = 950;
        let after = receipt_with(&order, vec![pizza]);
        assert_eq!(one_pizza.totals.subtotal_cents, 1900);
        assert_eq!(after.totals.subtotal_cents, 950);
        assert_eq!(after.totals.discount_cents, 95);
        assert_eq!(after.totals.delivery_fee_cents, 250);
        assert_eq!(after.totals.deposit_cents, 0);
        assert_eq!(after.totals.total_cents, 950 - 95 + 250);
        let vat: i64 = after
            .vat
            .iter()
            .map(|line: &VatLine| line.gross_cents)
            .sum();
        assert_eq!(
            vat, after.totals.total_cents,
            "the VAT adds up to the total"
        );
    }

    #[test]
    fn kept_lines_keep_their_price_and_new_ones_are_priced_from_the_menu() {
        let order = accepted();
        let catalog = Catalog::default();
        let stock = StockLevels::default();
        let sale = SaleCheck {
            now: order.created_at,
            stock: &stock,
        };
        let lines = changed_lines(&order, &catalog, sale, &[request(1, 1), request(2, 3)]).unwrap();
        assert_eq!(lines[0].unit_price_cents, 950);
        assert_eq!(lines[0].total_cents, 950);
        assert_eq!(lines[1].quantity, 3);
        assert_eq!(lines[1].total_cents, 840);
        assert_eq!(lines[1].deposit_cents, 25, "the deposit per unit stays");
        // A product the order does not have is looked up in the menu: here it is not there.
        assert_eq!(
            changed_lines(&order, &catalog, sale, &[request(77, 1)]),
            Err(LineError::UnknownProduct(77))
        );
        assert_eq!(
            changed_lines(&order, &catalog, sale, &[]),
            Err(LineError::EmptyCart)
        );
        assert_eq!(
            changed_lines(&order, &catalog, sale, &[request(1, 0)]),
            Err(LineError::BadQuantity)
        );
    }

    #[test]
    fn a_change_keeps_the_old_receipt_and_names_itself_in_the_history() {
        let mut order = accepted();
        let before = order.receipt_state();
        let after = receipt_with(&order, vec![order.lines[1].clone()]);
        let now = order.created_at + chrono::Duration::minutes(12);
        order
            .change_lines(after.clone(), "Pizza aus", now, &staff(), None)
            .unwrap();
        assert_eq!(order.status, OrderStatus::Preparing, "the status stays");
        assert_eq!(order.totals, after.totals);
        assert_eq!(order.lines, after.lines);
        let correction = order.last_correction().unwrap();
        assert_eq!(correction.kind, CorrectionKind::Changed);
        assert_eq!(correction.reversed, before);
        assert_eq!(order.history.last().unwrap().note, "Pizza aus");
        assert!(order.is_sale());
    }

    #[test]
    fn a_change_is_refused_when_nothing_changes_or_a_paid_order_gets_dearer() {
        let mut order = accepted();
        let same = receipt_with(&order, order.lines.clone());
        assert_eq!(
            order.check_change(&same, "x"),
            Err(CorrectionRefusal::Unchanged)
        );
        let mut more = order.lines.clone();
        more[0].quantity = 3;
        more[0].total_cents = 2850;
        let dearer = receipt_with(&order, more);
        assert!(order.check_change(&dearer, "x").is_ok(), "cash: fine");
        order.payment.method = PaymentMethod::Online;
        order.payment.status = PaymentStatus::Paid;
        assert_eq!(
            order.check_change(&dearer, "x"),
            Err(CorrectionRefusal::PaidTotalRaised {
                paid_cents: 2237,
                total_cents: dearer.totals.total_cents
            })
        );
        // A completed order's food has left the kitchen: items only come off.
        order.payment.method = PaymentMethod::Cash;
        order.payment.status = PaymentStatus::CashDue;
        order.status = OrderStatus::Completed;
        assert!(matches!(
            order.check_change(&dearer, "x"),
            Err(CorrectionRefusal::CompletedOrderGrows { .. })
        ));
        let mut instead = order.lines.clone();
        instead[1] = line(3, 150, 1, 1900);
        let cheaper_instead = receipt_with(&order, instead);
        assert!(cheaper_instead.totals.total_cents < order.totals.total_cents);
        assert!(matches!(
            order.check_change(&cheaper_instead, "x"),
            Err(CorrectionRefusal::CompletedOrderGrows { .. })
        ));
        let less = receipt_with(&order, order.lines[..1].to_vec());
        assert!(order.check_change(&less, "x").is_ok());
        order.status = OrderStatus::Cancelled;
        assert!(matches!(
            order.check_change(&dearer, "x"),
            Err(CorrectionRefusal::NotCorrectable { .. })
        ));
    }

    #[test]
    fn a_completed_cash_order_gets_the_difference_back_from_the_till() {
        let mut order = accepted();
        let mut less = order.lines.clone();
        less[0].quantity = 1;
        less[0].total_cents = 950;
        let cheaper = receipt_with(&order, less);
        let mut on_its_way = order.clone();
        on_its_way
            .change_lines(cheaper.clone(), "x", order.created_at, &staff(), None)
            .unwrap();
        assert_eq!(on_its_way.corrections[0].refunded_cents, 0, "not paid yet");

        order.status = OrderStatus::Completed;
        let paid = order.totals.total_cents;
        order
            .change_lines(
                cheaper.clone(),
                "Cola fehlte",
                order.created_at,
                &staff(),
                None,
            )
            .unwrap();
        assert_eq!(order.status, OrderStatus::Completed);
        assert_eq!(
            order.corrections[0].refunded_cents,
            paid - cheaper.totals.total_cents
        );
        assert_eq!(order.payment.refund_id, None);
    }

    #[test]
    fn a_note_that_no_longer_covers_the_total_is_dropped() {
        let mut order = accepted();
        order.cash_given_cents = Some(2300);
        let mut more = order.lines.clone();
        more[0].quantity = 3;
        more[0].total_cents = 2850;
        let dearer = receipt_with(&order, more);
        order
            .change_lines(dearer, "noch eine", order.created_at, &staff(), None)
            .unwrap();
        assert_eq!(order.cash_given_cents, None);
    }
}
