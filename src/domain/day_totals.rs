//! A business day's figures, kept with every change of one of its orders (in the same
//! transaction), so a day's, a month's or a year's revenue is read from one small record
//! per day instead of from every order. An order counts once it is placed and until it
//! is rejected: its total as revenue, split by payment method and by VAT rate, and its
//! tip apart (the team's money, not revenue; paid online like the order). The
//! figures of an order that changes are taken out and put in again, so a day's record is
//! always the sum over its orders.

use std::collections::BTreeMap;

use chrono::Timelike;
use serde::{Deserialize, Serialize};

use super::order::{Order, OrderType, PaymentMethod};
use super::vat::VatLine;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayTotals {
    /// Orders not rejected.
    pub orders: u32,
    pub rejected: u32,
    /// The sum of the totals of the orders not rejected, without their tips.
    pub revenue_cents: i64,
    /// Of that, paid in cash (or on delivery) and online.
    pub cash_cents: i64,
    pub online_cents: i64,
    /// The customers' tips for the team, paid online with their orders on top of the
    /// revenue: outside the VAT base. What PayPal took is `online_cents + tip_cents`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tip_cents: i64,
    /// What coupon codes took off the orders (the revenue is after it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coupon_cents: i64,
    /// Of the revenue, the deposits (Pfand) charged with the goods.
    #[serde(default)]
    pub deposit_cents: i64,
    /// The VAT in that revenue, one line per rate, lowest rate first.
    pub vat: Vec<VatLine>,
    /// Of the orders, how many were for delivery and for pickup, and their revenue.
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub delivery_orders: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub delivery_cents: i64,
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub pickup_orders: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub pickup_cents: i64,
    /// Of the orders, how many were eaten at a table, and their revenue.
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub dine_in_orders: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dine_in_cents: i64,
    /// Of the orders, how many were paid in cash and online.
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub cash_orders: u32,
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub online_orders: u32,
    /// What was sold of each article (a product, or a product's size:
    /// `<product id>` or `<product id>-<variant id>`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub products: BTreeMap<String, ItemFigures>,
    /// What was sold of each topping (by its id), over all the lines it was on.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub toppings: BTreeMap<u64, ItemFigures>,
    /// Of the orders, how many were placed in each hour of the store's clock (`hours[18]`:
    /// from 18:00 to 18:59), for the report's hours of the week.
    #[serde(default, skip_serializing_if = "no_hours")]
    pub hours: [u32; 24],
}

/// How much of one article or topping was sold, and for how much (the lines' prices,
/// before the order's discount).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemFigures {
    /// The name it was last sold under.
    pub name: String,
    pub quantity: i64,
    pub cents: i64,
}

impl ItemFigures {
    fn add(&mut self, name: &str, quantity: i64, cents: i64) {
        if quantity > 0 || self.name.is_empty() {
            self.name = name.to_string();
        }
        self.quantity += quantity;
        self.cents += cents;
    }

    fn is_empty(&self) -> bool {
        self.quantity == 0 && self.cents == 0
    }
}

fn add_item<K: Ord + Clone>(
    items: &mut BTreeMap<K, ItemFigures>,
    key: &K,
    (name, quantity, cents): (&str, i64, i64),
) {
    let item = items.entry(key.clone()).or_default();
    item.add(name, quantity, cents);
    if item.is_empty() {
        items.remove(key);
    }
}

fn merge_items<K: Ord + Clone>(
    into: &mut BTreeMap<K, ItemFigures>,
    from: &BTreeMap<K, ItemFigures>,
) {
    for (key, item) in from {
        add_item(into, key, (&item.name, item.quantity, item.cents));
    }
}

fn is_zero_count(count: &u32) -> bool {
    *count == 0
}

fn is_zero(cents: &i64) -> bool {
    *cents == 0
}

fn no_hours(hours: &[u32; 24]) -> bool {
    hours.iter().all(|count| *count == 0)
}

/// The clock an order placed before its hour was kept (schema 21) is read in: the
/// appliance's default time zone.
const OLD_ORDERS_TIME_ZONE: chrono_tz::Tz = chrono_tz::Europe::Berlin;

/// The hour of the store's clock (0–23) `order` was placed in.
pub fn placed_hour(order: &Order) -> usize {
    match order.placed_hour {
        Some(hour) => usize::from(hour.min(23)),
        None => order.created_at.with_timezone(&OLD_ORDERS_TIME_ZONE).hour() as usize,
    }
}

impl DayTotals {
    /// The figures of `order` alone.
    pub fn of(order: &Order) -> DayTotals {
        let mut totals = DayTotals::default();
        totals.apply(order, 1);
        totals
    }

    /// Takes `before`'s figures out and `after`'s in: the change of one order.
    pub fn follow(&mut self, before: Option<&Order>, after: &Order) {
        if let Some(before) = before {
            self.apply(before, -1);
        }
        self.apply(after, 1);
    }

    /// Whether an order changed in a way the day's figures see.
    pub fn differ(before: &Order, after: &Order) -> bool {
        DayTotals::of(before) != DayTotals::of(after)
    }

    /// Adds another day's (or order's) figures: the figures of a longer period.
    pub fn add(&mut self, other: &DayTotals) {
        self.orders = self.orders.saturating_add(other.orders);
        self.rejected = self.rejected.saturating_add(other.rejected);
        self.revenue_cents += other.revenue_cents;
        self.cash_cents += other.cash_cents;
        self.online_cents += other.online_cents;
        self.tip_cents += other.tip_cents;
        self.coupon_cents += other.coupon_cents;
        self.deposit_cents += other.deposit_cents;
        for line in &other.vat {
            self.add_vat(line, 1);
        }
        self.delivery_orders = self.delivery_orders.saturating_add(other.delivery_orders);
        self.delivery_cents += other.delivery_cents;
        self.pickup_orders = self.pickup_orders.saturating_add(other.pickup_orders);
        self.pickup_cents += other.pickup_cents;
        self.dine_in_orders = self.dine_in_orders.saturating_add(other.dine_in_orders);
        self.dine_in_cents += other.dine_in_cents;
        self.cash_orders = self.cash_orders.saturating_add(other.cash_orders);
        self.online_orders = self.online_orders.saturating_add(other.online_orders);
        merge_items(&mut self.products, &other.products);
        merge_items(&mut self.toppings, &other.toppings);
        for (hour, count) in self.hours.iter_mut().zip(other.hours) {
            *hour = hour.saturating_add(count);
        }
    }

    fn apply(&mut self, order: &Order, sign: i64) {
        let count = |value: u32| {
            if sign > 0 {
                value.saturating_add(1)
            } else {
                value.saturating_sub(1)
            }
        };
        if !order.is_sale() {
            self.rejected = count(self.rejected);
            return;
        }
        self.orders = count(self.orders);
        let hour = placed_hour(order);
        self.hours[hour] = count(self.hours[hour]);
        let total = sign * order.totals.sale_cents();
        self.revenue_cents += total;
        self.tip_cents += sign * order.totals.tip_cents;
        self.coupon_cents += sign * order.totals.coupon_cents;
        self.deposit_cents += sign * order.totals.deposit_cents;
        match order.payment.method {
            PaymentMethod::Cash => {
                self.cash_cents += total;
                self.cash_orders = count(self.cash_orders);
            }
            PaymentMethod::Online => {
                self.online_cents += total;
                self.online_orders = count(self.online_orders);
            }
        }
        match order.order_type {
            OrderType::Delivery => {
                self.delivery_cents += total;
                self.delivery_orders = count(self.delivery_orders);
            }
            OrderType::Pickup => {
                self.pickup_cents += total;
                self.pickup_orders = count(self.pickup_orders);
            }
            OrderType::DineIn => {
                self.dine_in_cents += total;
                self.dine_in_orders = count(self.dine_in_orders);
            }
        }
        for line in &order.vat {
            self.add_vat(line, sign);
        }
        for line in &order.lines {
            let quantity = i64::from(line.quantity);
            let article = match line.variant_id {
                Some(variant) => format!("{}-{variant}", line.product_id),
                None => line.product_id.to_string(),
            };
            add_item(
                &mut self.products,
                &article,
                (&line.name, sign * quantity, sign * line.total_cents),
            );
            for extra in &line.extras {
                let pieces = i64::from(extra.quantity) * quantity;
                add_item(
                    &mut self.toppings,
                    &extra.topping_id,
                    (
                        &extra.name,
                        sign * pieces,
                        sign * pieces * extra.price_cents,
                    ),
                );
            }
        }
    }

    fn add_vat(&mut self, line: &VatLine, sign: i64) {
        let index = match self
            .vat
            .binary_search_by_key(&line.rate_basis_points, |kept| kept.rate_basis_points)
        {
            Ok(index) => index,
            Err(index) => {
                self.vat.insert(
                    index,
                    VatLine {
                        rate_basis_points: line.rate_basis_points,
                        gross_cents: 0,
                        net_cents: 0,
                        vat_cents: 0,
                    },
                );
                index
            }
        };
        let kept = &mut self.vat[index];
        kept.gross_cents += sign * line.gross_cents;
        kept.net_cents += sign * line.net_cents;
        kept.vat_cents += sign * line.vat_cents;
        if kept.gross_cents == 0 && kept.net_cents == 0 && kept.vat_cents == 0 {
            self.vat.remove(index);
        }
    }
}

#[cfg(test)]
mod tests;
