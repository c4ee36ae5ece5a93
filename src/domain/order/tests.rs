use chrono::TimeZone;

use super::*;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 17, 0, 0).unwrap()
}

/// An order as the other modules' tests start from.
pub(super) fn sample_order() -> Order {
    order(OrderType::Delivery)
}

fn order(order_type: OrderType) -> Order {
    Order {
        id: 1,
        number: 7,
        token: "t".into(),
        created_at: now(),
        business_date: now().date_naive(),
        status: OrderStatus::WaitingForConfirmation,
        order_type,
        user_id: None,
        customer: Customer {
            customer_name: "Max".into(),
            line1: "Weg 1".into(),
            city: "Berlin".into(),
            zip: "10115".into(),
            country: "DE".into(),
            phone: "030".into(),
            email: String::new(),
            notes: String::new(),
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
        note: String::new(),
        lines: vec![],
        totals: Totals {
            subtotal_cents: 0,
            discount_cents: 0,
            coupon_cents: 0,
            delivery_fee_cents: 0,
            deposit_cents: 0,
            tip_cents: 0,
            total_cents: 0,
            minimum_missing_cents: 0,
        },
        discount_basis_points: 0,
        vat: vec![],
        estimated_minutes: None,
        estimated_ready_at: None,
        rejection_reason: None,
        auto_reject_at: Some(now()),
        history: vec![],
        source: OrderSource::Online,
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

#[test]
fn accepting_sets_the_estimate_and_stops_the_auto_reject() {
    let mut o = order(OrderType::Delivery);
    o.accept(20, now(), &Actor::Automatic).unwrap();
    assert_eq!(o.status, OrderStatus::Accepted);
    assert_eq!(o.estimated_ready_at, Some(now() + Duration::minutes(20)));
    assert_eq!(o.auto_reject_at, None);
    assert_eq!(o.history.len(), 1);
    assert_eq!(
        o.accept(20, now(), &Actor::Automatic),
        Err(TransitionError::AlreadyDecided {
            number: 7,
            status: "accepted"
        })
    );
    assert!(o.reject("too late", now(), &Actor::Automatic).is_err());
}

#[test]
fn every_step_of_the_history_names_who_took_it() {
    let luca = Actor::Staff {
        user_id: 3,
        name: "Luca".into(),
    };
    let mut o = order(OrderType::Pickup);
    o.accept(20, now(), &luca).unwrap();
    o.advance(OrderStatus::ReadyForPickup, now(), &luca)
        .unwrap();
    let mut late = order(OrderType::Delivery);
    late.reject(AUTO_REJECT_REASON, now(), &Actor::Automatic)
        .unwrap();
    let by: Vec<_> = o
        .history
        .iter()
        .chain(&late.history)
        .map(|c| c.by.clone())
        .collect();
    assert_eq!(by, [Some(luca.clone()), Some(luca), Some(Actor::Automatic)]);
}

#[test]
fn a_preorder_is_ready_at_its_time_unless_the_kitchen_needs_longer() {
    let mut o = order(OrderType::Pickup);
    o.preorder_at = Some(now() + Duration::hours(2));
    o.accept(30, now(), &Actor::Automatic).unwrap();
    assert_eq!(o.estimated_ready_at, o.preorder_at);
}

#[test]
fn a_waiting_preorder_is_accepted_for_its_time() {
    let mut o = order(OrderType::Delivery);
    assert_eq!(o.estimate_for_its_time(now()), None, "not a pre-order");
    o.preorder_at = Some(now() + Duration::minutes(90));
    assert_eq!(o.estimate_for_its_time(now()), Some(90));
    let minutes = o.estimate_for_its_time(now()).unwrap();
    o.accept(minutes, now(), &Actor::Automatic).unwrap();
    assert_eq!(o.estimated_ready_at, o.preorder_at);
    assert_eq!(o.estimate_for_its_time(now()), None, "answered");

    let mut soon = order(OrderType::Pickup);
    soon.preorder_at = Some(now() + Duration::minutes(2));
    assert_eq!(
        soon.estimate_for_its_time(now()),
        Some(5),
        "the shortest estimate"
    );
    let mut far = order(OrderType::Pickup);
    far.preorder_at = Some(now() + Duration::hours(10));
    assert_eq!(far.estimate_for_its_time(now()), Some(240));
    far.accept(240, now(), &Actor::Automatic).unwrap();
    assert_eq!(
        far.estimated_ready_at, far.preorder_at,
        "still ready at its time"
    );
}

#[test]
fn estimates_and_reasons_are_bounded() {
    let mut o = order(OrderType::Delivery);
    assert_eq!(
        o.accept(4, now(), &Actor::Automatic),
        Err(TransitionError::BadEstimate)
    );
    assert_eq!(
        o.accept(241, now(), &Actor::Automatic),
        Err(TransitionError::BadEstimate)
    );
    assert_eq!(
        o.reject("  ", now(), &Actor::Automatic),
        Err(TransitionError::BadReason)
    );
    assert_eq!(
        o.reject(&"x".repeat(301), now(), &Actor::Automatic),
        Err(TransitionError::BadReason)
    );
    o.reject("Zu viel los", now(), &Actor::Automatic).unwrap();
    assert_eq!(o.rejection_reason.as_deref(), Some("Zu viel los"));
    assert!(!o.status.is_open());
}

#[test]
fn later_steps_go_forward_and_fit_the_order_type() {
    let mut o = order(OrderType::Pickup);
    assert_eq!(
        o.advance(OrderStatus::Preparing, now(), &Actor::Automatic),
        Err(TransitionError::NotAccepted { number: 7 })
    );
    o.accept(15, now(), &Actor::Automatic).unwrap();
    assert_eq!(
        o.advance(OrderStatus::OutForDelivery, now(), &Actor::Automatic),
        Err(TransitionError::PickupNotDelivered)
    );
    o.advance(OrderStatus::ReadyForPickup, now(), &Actor::Automatic)
        .unwrap();
    assert!(matches!(
        o.advance(OrderStatus::Preparing, now(), &Actor::Automatic),
        Err(TransitionError::Backwards { .. })
    ));
    assert_eq!(
        o.advance(OrderStatus::Rejected, now(), &Actor::Automatic),
        Err(TransitionError::UseDecision)
    );
    o.advance(OrderStatus::Completed, now(), &Actor::Automatic)
        .unwrap();
    assert!(
        o.advance(OrderStatus::Completed, now(), &Actor::Automatic)
            .is_err()
    );

    let mut d = order(OrderType::Delivery);
    d.accept(15, now(), &Actor::Automatic).unwrap();
    assert_eq!(
        d.advance(OrderStatus::ReadyForPickup, now(), &Actor::Automatic),
        Err(TransitionError::DeliveryNotPickedUp)
    );
    d.advance(OrderStatus::Completed, now(), &Actor::Automatic)
        .unwrap();
}
