use chrono::TimeZone;

use super::*;
use crate::domain::catalog::*;
use crate::domain::delivery::DiscountCode;
use crate::domain::store_profile::StoreHoursEntry;

const BERLIN: Tz = chrono_tz::Europe::Berlin;

struct Fixture {
    catalog: Catalog,
    pizza: u64,
    cola: u64,
    profile: StoreProfile,
    postcodes: Vec<Postcode>,
    discounts: Vec<Discount>,
}

fn fixture() -> Fixture {
    let mut c = Catalog::default();
    let food = test_builders::tax(&mut c, "7", 700);
    let drinks = test_builders::tax(&mut c, "19", 1900);
    let category = test_builders::category(&mut c, "Pizza");
    let pizza = test_builders::product(&mut c, category, "Margherita", 800, food, &[]).id;
    let cola = test_builders::product(&mut c, category, "Cola", 300, drinks, &[]).id;
    let profile = StoreProfile {
        company_name: "Bella".into(),
        address_line: "Hauptstr. 1".into(),
        phone: String::new(),
        show_impressum: false,
        impressum_text: String::new(),
        privacy_text: String::new(),
        impressum_text_en: String::new(),
        privacy_text_en: String::new(),
        terms_text: String::new(),
        terms_text_en: String::new(),
        withdrawal_text: String::new(),
        withdrawal_text_en: String::new(),
        // Every day 11:00–22:00.
        store_hours: (0..7)
            .map(|day| StoreHoursEntry {
                day_of_week: day,
                open_time: "11:00".into(),
                close_time: "22:00".into(),
                label: String::new(),
                label_en: String::new(),
            })
            .collect(),
        closures: vec![],
        paused: false,
        pickup_lead_minutes: 20,
        delivery_lead_minutes: 45,
        slot_interval_minutes: 15,
    };
    Fixture {
        catalog: c,
        pizza,
        cola,
        profile,
        postcodes: vec![Postcode {
            id: 1,
            postcode: "10115".into(),
            minimum_order_cents: 1500,
            delivery_fee_cents: 250,
            delivery_minutes: 40,
        }],
        discounts: vec![Discount {
            code: DiscountCode::Pickup,
            basis_points: 1000,
            expires_on: None,
        }],
    }
}

fn at(hour: u32, minute: u32) -> DateTime<Utc> {
    BERLIN
        .with_ymd_and_hms(2026, 11, 23, hour, minute, 0)
        .unwrap()
        .with_timezone(&Utc)
}

fn line(product_id: u64, quantity: u32) -> LineRequest {
    LineRequest {
        product_id,
        variant_id: None,
        extras: vec![],
        quantity,
    }
}

fn run(f: &Fixture, now: DateTime<Utc>, choice: &OrderChoice) -> Result<Quote, QuoteError> {
    quote(
        &QuoteContext {
            catalog: &f.catalog,
            stock: &StockLevels::default(),
            profile: &f.profile,
            postcodes: &f.postcodes,
            discounts: &f.discounts,
            now,
            timezone: BERLIN,
            preorder_days: 0,
            coupon: None,
        },
        choice,
    )
}

fn delivery(lines: Vec<LineRequest>, zip: &str) -> OrderChoice {
    OrderChoice {
        order_type: OrderType::Delivery,
        lines,
        zip: Some(zip.into()),
        preorder_at: None,
        tip_cents: 0,
    }
}

#[test]
fn a_delivery_pays_the_zone_fee_and_splits_vat_by_rate() {
    let f = fixture();
    let q = run(
        &f,
        at(12, 0),
        &delivery(vec![line(f.pizza, 2), line(f.cola, 1)], "10115"),
    )
    .unwrap();
    assert_eq!(q.totals.subtotal_cents, 1900);
    assert_eq!(q.totals.delivery_fee_cents, 250);
    assert_eq!(q.totals.discount_cents, 0);
    assert_eq!(q.totals.total_cents, 2150);
    assert_eq!(q.vat.len(), 2);
    assert_eq!(q.vat.iter().map(|v| v.gross_cents).sum::<i64>(), 2150);
}

#[test]
fn pickup_gets_the_pickup_discount_and_no_fee() {
    let f = fixture();
    let choice = OrderChoice {
        order_type: OrderType::Pickup,
        lines: vec![line(f.pizza, 1)],
        zip: None,
        preorder_at: None,
        tip_cents: 0,
    };
    let q = run(&f, at(12, 0), &choice).unwrap();
    assert_eq!(q.discount_basis_points, 1000);
    assert_eq!(q.totals.total_cents, 720);
}

#[test]
fn refusals_name_the_problem() {
    let f = fixture();
    assert_eq!(
        run(&f, at(12, 0), &delivery(vec![line(f.pizza, 1)], "10115")),
        Err(QuoteError::BelowMinimum {
            postcode: "10115".into(),
            minimum: "15,00 €".into()
        })
    );
    assert_eq!(
        run(&f, at(12, 0), &delivery(vec![line(f.pizza, 3)], "99999")),
        Err(QuoteError::PostcodeNotServed("99999".into()))
    );
    assert_eq!(
        run(&f, at(12, 0), &delivery(vec![line(f.pizza, 3)], " ")),
        Err(QuoteError::ZipRequired)
    );
    assert_eq!(
        run(&f, at(23, 0), &delivery(vec![line(f.pizza, 3)], "10115")),
        Err(QuoteError::StoreClosed)
    );
}

#[test]
fn a_preorder_must_be_an_offered_slot() {
    let f = fixture();
    let mut choice = delivery(vec![line(f.pizza, 3)], "10115");
    // Before opening: 11:00 + 45 min lead from 10:00 → 11:00 is offered, 11:05 is not.
    choice.preorder_at = Some(at(11, 0));
    assert!(run(&f, at(10, 0), &choice).is_ok());
    choice.preorder_at = Some(at(11, 5));
    assert_eq!(
        run(&f, at(10, 0), &choice),
        Err(QuoteError::SlotUnavailable)
    );
    choice.preorder_at = Some(at(12, 0));
    let mut paused = fixture();
    paused.profile.paused = true;
    assert_eq!(
        run(&paused, at(10, 0), &choice),
        Err(QuoteError::SlotUnavailable)
    );
}

#[test]
fn a_tip_is_added_to_the_total_and_stays_outside_the_vat_base() {
    let f = fixture();
    let plain = run(
        &f,
        at(12, 0),
        &delivery(vec![line(f.pizza, 2), line(f.cola, 1)], "10115"),
    )
    .unwrap();
    let tipped = run(
        &f,
        at(12, 0),
        &OrderChoice {
            tip_cents: 215,
            ..delivery(vec![line(f.pizza, 2), line(f.cola, 1)], "10115")
        },
    )
    .unwrap();
    assert_eq!(tipped.totals.tip_cents, 215);
    assert_eq!(tipped.totals.total_cents, plain.totals.total_cents + 215);
    assert_eq!(tipped.totals.sale_cents(), plain.totals.total_cents);
    assert_eq!(
        tipped.vat, plain.vat,
        "the VAT is the goods' and the fee's only"
    );
    assert_eq!(
        tipped.vat.iter().map(|v| v.gross_cents).sum::<i64>(),
        tipped.totals.total_cents - 215
    );
}
