//! Order totals (spec §9), in cents, the same for the storefront and the server:
//! discount = subtotal × percent, rounded half up to the cent; the delivery fee is 0 for
//! pickup; grand total = subtotal − discount + delivery fee + deposit. The deposit
//! (Pfand, PAngV) is the sum of the lines' deposits: never discounted and not counted
//! towards the minimum order amount, which is compared with the subtotal (before the
//! discount) and applies to delivery only. A coupon (`domain::coupon`) takes its part
//! off after the discount. A tip (online payments only) is added last:
//! it is the team's, not a sale, so it is outside the VAT base and the revenue.

use serde::{Deserialize, Serialize};

use super::OrderType;

/// What the delivery zone asks for; ignored for pickup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DeliveryTerms {
    pub fee_cents: i64,
    pub minimum_order_cents: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    /// What a coupon took off (after the discount; free delivery: the fee); 0: none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coupon_cents: i64,
    pub delivery_fee_cents: i64,
    /// The lines' deposits, charged on top (0 for orders from before deposits).
    #[serde(default)]
    pub deposit_cents: i64,
    /// The customer's tip for the team, included in the total: not a sale, so outside
    /// the VAT base (0 for none and for orders from before tips).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tip_cents: i64,
    /// What the customer pays: the goods, fee and deposits, plus the tip.
    pub total_cents: i64,
    /// How much is missing to the minimum order amount (0 when met or for pickup).
    pub minimum_missing_cents: i64,
}

fn is_zero(cents: &i64) -> bool {
    *cents == 0
}

impl Totals {
    /// What was sold (the revenue): the total without the tip.
    pub fn sale_cents(&self) -> i64 {
        self.total_cents - self.tip_cents
    }

    /// The same totals with `coupon_cents` taken off.
    pub fn with_coupon(self, coupon_cents: i64) -> Totals {
        Totals {
            coupon_cents,
            total_cents: self.total_cents + self.coupon_cents - coupon_cents,
            ..self
        }
    }

    /// The same totals with `tip_cents` added on top.
    pub fn with_tip(self, tip_cents: i64) -> Totals {
        Totals {
            tip_cents,
            total_cents: self.sale_cents() + tip_cents,
            ..self
        }
    }
}

/// `subtotal × basis_points / 10000`, rounded half up (amounts are never negative).
pub fn discount_cents(subtotal_cents: i64, basis_points: u32) -> i64 {
    (subtotal_cents * i64::from(basis_points) + 5_000) / 10_000
}

pub fn order_totals(
    subtotal_cents: i64,
    order_type: OrderType,
    discount_basis_points: Option<u32>,
    delivery: DeliveryTerms,
    deposit_cents: i64,
) -> Totals {
    let discount = discount_basis_points.map_or(0, |bp| discount_cents(subtotal_cents, bp));
    let (fee, minimum) = match order_type {
        OrderType::Delivery => (delivery.fee_cents, delivery.minimum_order_cents),
        OrderType::Pickup | OrderType::DineIn => (0, 0),
    };
    Totals {
        subtotal_cents,
        discount_cents: discount,
        coupon_cents: 0,
        delivery_fee_cents: fee,
        deposit_cents,
        tip_cents: 0,
        total_cents: subtotal_cents - discount + fee + deposit_cents,
        minimum_missing_cents: (minimum - subtotal_cents).max(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::order::cart::{CartExtra, CartLine, subtotal_cents};

    #[derive(Deserialize)]
    struct VectorFile {
        vectors: Vec<Vector>,
    }

    #[derive(Deserialize)]
    struct Vector {
        name: String,
        lines: Vec<Line>,
        order_type: OrderType,
        discount_percent: Option<f64>,
        delivery_fee_cents: i64,
        minimum_order_cents: i64,
        expect: Totals,
    }

    #[derive(Deserialize)]
    struct Line {
        price_cents: i64,
        #[serde(default)]
        deposit_cents: i64,
        quantity: u32,
        extras: Vec<Extra>,
    }

    #[derive(Deserialize)]
    struct Extra {
        price_cents: i64,
        quantity: u32,
    }

    #[test]
    fn the_shared_totals_vectors_hold() {
        let file: VectorFile = serde_json::from_str(include_str!(
            "../../../assets/test-vectors/order-totals.json"
        ))
        .unwrap();
        assert!(file.vectors.len() >= 11);
        for vector in file.vectors {
            let lines: Vec<CartLine> = vector
                .lines
                .iter()
                .enumerate()
                .map(|(i, line)| CartLine {
                    product_id: i as u64,
                    variant_id: None,
                    price_cents: line.price_cents,
                    extras: line
                        .extras
                        .iter()
                        .enumerate()
                        .map(|(j, extra)| CartExtra {
                            topping_id: j as u64,
                            quantity: extra.quantity,
                            price_cents: extra.price_cents,
                        })
                        .collect(),
                    quantity: line.quantity,
                })
                .collect();
            let basis_points = vector.discount_percent.map(|p| (p * 100.0).round() as u32);
            let totals = order_totals(
                subtotal_cents(&lines),
                vector.order_type,
                basis_points,
                DeliveryTerms {
                    fee_cents: vector.delivery_fee_cents,
                    minimum_order_cents: vector.minimum_order_cents,
                },
                vector
                    .lines
                    .iter()
                    .map(|line| line.deposit_cents * i64::from(line.quantity))
                    .sum(),
            );
            assert_eq!(totals, vector.expect, "{}", vector.name);
        }
    }

    #[test]
    fn half_a_cent_rounds_up() {
        assert_eq!(discount_cents(5, 1000), 1, "0.5 ct");
        assert_eq!(discount_cents(4, 1000), 0, "0.4 ct");
        assert_eq!(discount_cents(1999, 1250), 250, "249.875 ct");
    }
}
