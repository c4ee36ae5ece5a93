use chrono::TimeZone;

use super::*;
use crate::domain::order::PaymentMethod;
use crate::domain::printing::test_order::sample_order;

fn at(minute: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 11, 0, 0).unwrap() + chrono::Duration::minutes(minute)
}

fn euros(cents: i64) -> Money {
    Money {
        currency: "EUR".into(),
        cents,
    }
}

fn capture(status: &str, amount: Money) -> CaptureSeen {
    CaptureSeen {
        capture_id: "CAP1".into(),
        status: status.into(),
        amount: Some(amount),
        reason: None,
    }
}

fn asked() -> PaymentRecord {
    PaymentRecord::or_new(None, "PP1", 1460, at(0))
}

fn seen(record: &mut PaymentRecord, status: &str, amount: Money, by: Observer, minute: i64) {
    let seen = capture(status, amount);
    let verdict = seen.verdict(&euros(1460));
    record.capture_seen(&seen, &verdict, by, at(minute));
}

fn fates(record: &PaymentRecord) -> Vec<PaymentFate> {
    record.history.iter().map(|event| event.fate).collect()
}

#[test]
fn a_capture_counts_only_completed_for_exactly_the_total() {
    let total = euros(1460);
    assert_eq!(
        capture("COMPLETED", euros(1460)).verdict(&total),
        CaptureVerdict::Completed
    );
    assert_eq!(
        capture("COMPLETED", euros(100)).verdict(&total),
        CaptureVerdict::Mismatch
    );
    let dollars = Money {
        currency: "USD".into(),
        cents: 1460,
    };
    assert_eq!(
        capture("COMPLETED", dollars).verdict(&total),
        CaptureVerdict::Mismatch
    );
    let mut nameless = capture("COMPLETED", euros(1460));
    nameless.capture_id.clear();
    assert_eq!(nameless.verdict(&total), CaptureVerdict::Mismatch);
    assert_eq!(
        capture("PENDING", euros(1460)).verdict(&total),
        CaptureVerdict::Pending
    );
    assert_eq!(
        capture("DECLINED", euros(1460)).verdict(&total),
        CaptureVerdict::Declined(None)
    );
    assert_eq!(
        capture("REFUNDED", euros(1460)).verdict(&total),
        CaptureVerdict::Refunded
    );
    assert_eq!(
        capture("SOMETHING", euros(1460)).verdict(&total),
        CaptureVerdict::Unknown
    );
}

#[test]
fn a_pending_capture_completed_later_is_refunded_unless_the_customer_is_back() {
    let mut left = asked();
    seen(&mut left, "PENDING", euros(1460), Observer::Checkout, 1);
    assert_eq!(left.fate, PaymentFate::Pending);
    assert!(left.fate.is_open());
    seen(
        &mut left,
        "COMPLETED",
        euros(1460),
        Observer::Reconciliation,
        61,
    );
    assert_eq!(left.fate, PaymentFate::RefundDue);
    assert_eq!(left.reason, Some(PaymentReason::CompletedAfterCheckout));
    assert!(left.refund_without_order());

    // The customer placing the order again with the completed payment gets it.
    let mut back = asked();
    seen(&mut back, "PENDING", euros(1460), Observer::Checkout, 1);
    seen(&mut back, "COMPLETED", euros(1460), Observer::Checkout, 5);
    assert_eq!(back.fate, PaymentFate::Completed);
}

#[test]
fn a_mismatching_capture_is_due_for_a_refund_and_a_refund_settles_it() {
    let mut record = asked();
    seen(&mut record, "COMPLETED", euros(100), Observer::Checkout, 1);
    assert_eq!(record.fate, PaymentFate::RefundDue);
    assert_eq!(record.reason, Some(PaymentReason::AmountMismatch));
    assert_eq!(record.captured, Some(euros(100)));
    record.refund_outcome(Err("payment_unavailable".into()), at(2));
    assert_eq!(record.fate, PaymentFate::RefundFailed);
    assert_eq!(record.refund_error.as_deref(), Some("payment_unavailable"));
    record.refund_outcome(Ok(Some("REF1".into())), at(62));
    assert_eq!(record.fate, PaymentFate::Refunded);
    assert_eq!(record.refund_error, None);
    assert_eq!(record.refund_id.as_deref(), Some("REF1"));
    assert!(!record.fate.is_open());
    assert_eq!(record.reason, Some(PaymentReason::AmountMismatch));
    assert_eq!(
        fates(&record),
        [
            PaymentFate::Capturing,
            PaymentFate::RefundDue,
            PaymentFate::RefundFailed,
            PaymentFate::Refunded
        ]
    );
    // A later look at PayPal changes nothing any more.
    seen(
        &mut record,
        "COMPLETED",
        euros(1460),
        Observer::Checkout,
        63,
    );
    assert_eq!(record.fate, PaymentFate::Refunded);
}

#[test]
fn the_record_follows_its_order_until_the_refund() {
    let mut order = sample_order();
    order.payment.method = PaymentMethod::Online;
    order.payment.status = PaymentStatus::Paid;
    order.payment.paypal_order_id = Some("PP1".into());
    order.payment.capture_id = Some("CAP1".into());
    let mut record = asked();
    seen(&mut record, "COMPLETED", euros(1460), Observer::Checkout, 1);
    record.follow_order(&order, at(1));
    assert_eq!(record.fate, PaymentFate::Order);
    assert_eq!(record.order_id, Some(order.id));
    assert_eq!(record.order_number, Some(order.number));
    // Refused after the order took it: the order keeps it.
    record.refund_due(PaymentReason::OrderRefused, at(2));
    assert_eq!(record.fate, PaymentFate::Order);

    order.status = OrderStatus::Rejected;
    record.follow_order(&order, at(3));
    assert_eq!(record.fate, PaymentFate::RefundDue);
    assert_eq!(record.reason, Some(PaymentReason::OrderRejected));
    assert!(!record.refund_without_order(), "refunded through its order");
    order.payment.status = PaymentStatus::Refunded;
    order.payment.refund_id = Some("REF9".into());
    record.follow_order(&order, at(4));
    assert_eq!(record.fate, PaymentFate::Refunded);
    assert_eq!(record.refund_id.as_deref(), Some("REF9"));

    // An order paid before the ledger existed gets its record from the order.
    let old = PaymentRecord::of_order(&order).unwrap();
    assert_eq!(old.fate, PaymentFate::Refunded);
    assert_eq!(old.first_seen, order.created_at);
    assert_eq!(old.asked_cents, order.totals.total_cents);
    assert_eq!(fates(&old), [PaymentFate::Refunded]);
    assert!(PaymentRecord::of_order(&sample_order()).is_none(), "cash");
}

#[test]
fn a_capture_that_never_came_fails_only_once_settled() {
    let mut record = asked();
    record.no_capture(false, at(1));
    assert_eq!(record.fate, PaymentFate::Capturing);
    record.no_capture(true, at(30));
    assert_eq!(record.fate, PaymentFate::Failed);
    assert_eq!(record.reason, Some(PaymentReason::NotCaptured));
    // The customer tries again with the same PayPal order.
    record.capture_asked(1460, at(31));
    assert_eq!(record.fate, PaymentFate::Capturing);
    assert_eq!(record.reason, None);
    record.capture_refused(at(31));
    assert_eq!(record.fate, PaymentFate::Failed);
    assert_eq!(record.reason, Some(PaymentReason::Declined));
}

#[test]
fn the_history_keeps_the_first_and_the_latest_events() {
    let mut record = asked();
    for minute in 1..40 {
        let fate = if minute % 2 == 0 {
            PaymentFate::Pending
        } else {
            PaymentFate::Capturing
        };
        record.move_to(fate, None, at(minute));
    }
    assert_eq!(record.history.len(), HISTORY_LIMIT);
    assert_eq!(record.history[0].at, at(0));
    assert_eq!(record.history[HISTORY_LIMIT - 1].at, at(39));
}
