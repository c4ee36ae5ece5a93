//! Personal data in orders. An order is a tax record: its number, dates, lines,
//! amounts, VAT, payment method and status must be kept for years. Who ordered it need
//! not be: anonymising removes the customer's name, street, phone, e-mail, the driver's
//! notes and the order's note,
//! and unlinks the account, so that what is left identifies nobody.

use chrono::{DateTime, Duration, Utc};

use super::order::Order;

/// What the name, the street and a note read once removed. A fixed text, so tools
/// reading the database see what happened; the admin area shows it translated.
pub const ANONYMISED: &str = "anonymised";

/// Longest period `privacy.guest_data_days` accepts: ten years, the longest German
/// retention period for business records.
pub const MAX_RETENTION_DAYS: u32 = 3650;

impl Order {
    /// Removes the customer's personal data; `false` when it was removed before. The
    /// postcode, city and country stay: they explain the delivery fee and identify
    /// nobody on their own.
    pub fn anonymise(&mut self, now: DateTime<Utc>) -> bool {
        if self.anonymised_at.is_some() {
            return false;
        }
        let customer = &mut self.customer;
        customer.customer_name = ANONYMISED.into();
        customer.line1 = ANONYMISED.into();
        // Empty rather than a marker: nothing may ever call or mail there.
        customer.phone.clear();
        customer.email.clear();
        customer.notes.clear();
        if !self.note.is_empty() {
            self.note = ANONYMISED.into();
        }
        self.user_id = None;
        self.anonymised_at = Some(now);
        true
    }
}

/// Orders created before this instant are due for anonymising (`None`: keep them).
pub fn retention_cutoff(now: DateTime<Utc>, days: u32) -> Option<DateTime<Utc>> {
    (days > 0).then(|| now - Duration::days(i64::from(days)))
}

/// A delivered, paid order of a signed-in customer, placed at `at`, for tests.
#[cfg(test)]
pub fn sample_order(id: u64, at: DateTime<Utc>) -> Order {
    use crate::domain::order::{Customer, OrderStatus, Payment, PaymentMethod, PaymentStatus};
    use crate::domain::order::{OrderType, totals::Totals};
    use crate::domain::vat::VatLine;
    Order {
        id,
        number: 2,
        token: "t".into(),
        created_at: at,
        business_date: at.date_naive(),
        status: OrderStatus::Completed,
        order_type: OrderType::Delivery,
        user_id: Some(9),
        customer: Customer {
            customer_name: "Gina Gast".into(),
            line1: "Torstraße 5".into(),
            city: "Berlin".into(),
            zip: "10115".into(),
            country: "DE".into(),
            phone: "0305551234".into(),
            email: "gina@example.com".into(),
            notes: "Hinterhaus, 3. OG".into(),
        },
        payment: Payment {
            method: PaymentMethod::Online,
            status: PaymentStatus::Paid,
            paypal_order_id: Some("PP-1".into()),
            capture_id: Some("CAP-1".into()),
            refund_id: None,
            refund_error: None,
        },
        preorder_at: None,
        note: "Bei Müller klingeln".into(),
        lines: vec![],
        totals: Totals {
            subtotal_cents: 1460,
            discount_cents: 0,
            coupon_cents: 0,
            delivery_fee_cents: 250,
            deposit_cents: 0,
            tip_cents: 0,
            total_cents: 1710,
            minimum_missing_cents: 0,
        },
        discount_basis_points: 0,
        vat: vec![VatLine {
            rate_basis_points: 700,
            gross_cents: 1710,
            net_cents: 1598,
            vat_cents: 112,
        }],
        estimated_minutes: Some(30),
        estimated_ready_at: Some(at),
        rejection_reason: None,
        auto_reject_at: None,
        history: vec![],
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

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2027, 3, 1, 3, 0, 0).unwrap()
    }

    fn order() -> Order {
        sample_order(4, Utc.with_ymd_and_hms(2026, 11, 23, 11, 0, 0).unwrap())
    }

    #[test]
    fn anonymising_removes_the_person_and_keeps_the_tax_record() {
        let before = order();
        let mut after = before.clone();
        assert!(after.anonymise(now()));
        let c = &after.customer;
        assert_eq!(
            (c.customer_name.as_str(), c.line1.as_str()),
            (ANONYMISED, ANONYMISED)
        );
        assert_eq!((c.phone.as_str(), c.email.as_str()), ("", ""));
        assert_eq!(c.notes, "", "the driver notes name the house");
        assert_eq!(
            (c.zip.as_str(), c.city.as_str(), c.country.as_str()),
            ("10115", "Berlin", "DE")
        );
        assert_eq!(after.note, ANONYMISED);
        assert_eq!(after.user_id, None);
        assert_eq!(after.anonymised_at, Some(now()));
        assert_eq!(after.totals, before.totals);
        assert_eq!(after.vat, before.vat);
        assert_eq!(after.payment, before.payment);
        assert_eq!(
            (after.id, after.number, after.status, after.created_at),
            (before.id, before.number, before.status, before.created_at)
        );
    }

    #[test]
    fn anonymising_twice_changes_nothing_the_second_time() {
        let mut once = order();
        assert!(once.anonymise(now()));
        let mut twice = once.clone();
        assert!(!twice.anonymise(now() + Duration::days(1)));
        assert_eq!(twice, once);
    }

    #[test]
    fn an_empty_note_stays_empty() {
        let mut o = order();
        o.note.clear();
        o.anonymise(now());
        assert_eq!(o.note, "");
    }

    #[test]
    fn zero_days_keeps_everything() {
        assert_eq!(retention_cutoff(now(), 0), None);
        assert_eq!(
            retention_cutoff(now(), 90),
            Some(now() - Duration::days(90))
        );
    }
}
