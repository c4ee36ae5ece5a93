//! A realistic accepted-to-be order for the printing unit tests: a pizza with a size,
//! an extra and allergens, a drink, a note, a delivery address, two VAT rates.

use chrono::{DateTime, Utc};

use crate::domain::order::lines::{AllergenRef, PricedExtra, PricedLine};
use crate::domain::order::{
    Customer, Order, OrderStatus, Payment, PaymentMethod, PaymentStatus, StatusChange,
};
use crate::domain::order::{OrderType, totals::Totals};
use crate::domain::vat::vat_breakdown;

fn allergen(code: &str, name: &str) -> AllergenRef {
    AllergenRef {
        code: code.into(),
        name: name.into(),
    }
}

pub fn placed_at() -> DateTime<Utc> {
    "2026-11-23T10:58:00Z".parse().unwrap()
}

/// Waiting for confirmation, placed at 11:58 Berlin time.
pub fn sample_order() -> Order {
    let lines = vec![
        PricedLine {
            product_id: 3,
            variant_id: Some(31),
            name: "Pizza Margherita (groß)".into(),
            unit_price_cents: 1090,
            quantity: 2,
            extras: vec![PricedExtra {
                topping_id: 9,
                name: "Extra Käse".into(),
                price_cents: 150,
                quantity: 1,
                allergens: vec![allergen("G", "Milch")],
            }],
            tax_basis_points: 700,
            allergens: vec![allergen("A", "Gluten"), allergen("G", "Milch")],
            total_cents: 2480,
            age_restriction: None,
            deposit_cents: 0,
            from_daily_stock: false,
        },
        PricedLine {
            product_id: 7,
            variant_id: Some(71),
            name: "Coca-Cola (0,33 l)".into(),
            unit_price_cents: 250,
            quantity: 1,
            extras: vec![],
            tax_basis_points: 1900,
            allergens: vec![allergen("2", "Koffein")],
            total_cents: 250,
            age_restriction: None,
            deposit_cents: 25,
            from_daily_stock: false,
        },
    ];
    let subtotal = 2730;
    let discount = 273;
    let fee = 150;
    let deposit = 25;
    Order {
        id: 41,
        number: 12,
        token: "t".into(),
        created_at: placed_at(),
        business_date: placed_at().date_naive(),
        status: OrderStatus::WaitingForConfirmation,
        order_type: OrderType::Delivery,
        user_id: None,
        customer: Customer {
            customer_name: "Gina Gast".into(),
            line1: "Torstraße 5".into(),
            city: "Berlin".into(),
            zip: "10115".into(),
            country: "DE".into(),
            phone: "030 555 1234".into(),
            email: "gina@example.com".into(),
            notes: "Hinterhaus, 3. OG".into(),
        },
        payment: Payment {
            method: PaymentMethod::Cash,
            status: PaymentStatus::CashDue,
            paypal_order_id: None,
            capture_id: None,
            refund_id: None,
            refund_error: None,
        },
        preorder_at: None,
        note: "Bitte klingeln, 3. OG".into(),
        vat: vat_breakdown(
            &[(700, 2480), (1900, 250)],
            &[discount],
            fee,
            &[(1900, deposit)],
        ),
        lines,
        totals: Totals {
            subtotal_cents: subtotal,
            discount_cents: discount,
            coupon_cents: 0,
            delivery_fee_cents: fee,
            deposit_cents: deposit,
            tip_cents: 0,
            total_cents: subtotal - discount + fee + deposit,
            minimum_missing_cents: 0,
        },
        discount_basis_points: 1000,
        estimated_minutes: None,
        estimated_ready_at: None,
        rejection_reason: None,
        auto_reject_at: Some(placed_at()),
        history: vec![StatusChange {
            status: OrderStatus::WaitingForConfirmation,
            at: placed_at(),
            note: String::new(),
            by: None,
        }],
        source: Default::default(),
        anonymised_at: None,
        fiscal_mode: None,
        tse: None,
        cash_given_cents: None,
        corrections: Vec::new(),
        coupon: None,
        placed_hour: None,
        table: None,
    }
}
