//! Orders in redb. Placing one is a single write transaction that reads the menu, the
//! store, its postcodes and discounts, prices the order, checks the idempotency key and
//! the PayPal ids, takes its quantities from the daily stocks, gives the day's next
//! number and writes the order with its indexes — so what the customer is charged is
//! exactly what was checked, and a refused order leaves nothing behind.

use chrono::{DateTime, NaiveDate, Timelike, Utc};
use redb::{ReadableTable, ReadableTableMetadata, WriteTransaction};
use serde::{Deserialize, Serialize};

use super::catalog::{OpenTables, load_catalog};
use super::guards::{UnansweredCount, count_unanswered_in};
use super::tables::*;
use super::{Db, DbError, next_id, record};
use crate::domain::address::Address;
use crate::domain::catalog::{Catalog, StockLevels};
use crate::domain::delivery::{Discount, Postcode};
use crate::domain::order::answering::answer_deadline;
use crate::domain::order::placing::{
    IdempotencyKey, NewOrder, OrderAddress, OrderDraft, PlaceRefusal, Placement, Priced,
    PricingInputs, check_age, check_cash_given, check_quote, price_draft, saved_recipient,
};
use crate::domain::order::{Actor, Order, OrderStatus, OrderType, StatusChange};
use crate::domain::preorder::{available_slots_ahead, capacity_slot};
use crate::domain::store_profile::StoreProfile;
use crate::domain::user::User;

/// The key of an idempotency key's `IDEMPOTENCY_KEY_TO_ORDER` entry.
pub(super) fn idempotency_table_key(key: &IdempotencyKey) -> String {
    format!("{}:{}", key.scope, key.key)
}

/// The `IDEMPOTENCY_KEY_TO_ORDER` keys of every checkout in `scope` (`:` + 1 is `;`).
pub(super) fn idempotency_scope_range(scope: &str) -> std::ops::Range<String> {
    format!("{scope}:")..format!("{scope};")
}

#[derive(Serialize, Deserialize)]
pub(super) struct IdempotencyRecord {
    pub(super) order_id: u64,
    request_hash: String,
}

/// What pricing reads besides the customer's address. Loaded once per transaction: a
/// batch of orders (see `group_commit.rs`) reads the menu once, and nothing in the
/// transaction changes it.
pub(super) struct PricingData {
    store_id: u64,
    profile: Option<StoreProfile>,
    catalog: Catalog,
    postcodes: Vec<Postcode>,
    discounts: Vec<Discount>,
}

impl PricingData {
    pub(super) fn load(txn: &impl OpenTables, store_id: u64) -> Result<PricingData, DbError> {
        Ok(PricingData {
            store_id,
            profile: txn.record(STORE_ID_TO_PROFILE, store_id)?,
            catalog: load_catalog(txn)?,
            postcodes: txn.records(POSTCODE_ID_TO_POSTCODE)?,
            discounts: txn.named_records(DISCOUNT_CODE_TO_DISCOUNT)?,
        })
    }

    /// The data for `store_id`, loading it unless `cached` already holds it.
    pub(super) fn for_store<'a>(
        cached: &'a mut Option<PricingData>,
        txn: &impl OpenTables,
        store_id: u64,
    ) -> Result<&'a PricingData, DbError> {
        if cached.as_ref().is_none_or(|data| data.store_id != store_id) {
            *cached = Some(PricingData::load(txn, store_id)?);
        }
        cached
            .as_ref()
            .ok_or_else(|| DbError::Database("pricing data missing".into()))
    }
}

fn price(
    txn: &impl OpenTables,
    draft: &OrderDraft,
) -> Result<Result<Priced, PlaceRefusal>, DbError> {
    let stock = super::stock::levels_on(txn, calendar_date(draft))?;
    price_with(txn, draft, &PricingData::load(txn, draft.store_id)?, &stock)
}

/// The store's date when `draft` is placed.
fn calendar_date(draft: &OrderDraft) -> NaiveDate {
    draft.now.with_timezone(&draft.timezone).date_naive()
}

fn price_with(
    txn: &impl OpenTables,
    draft: &OrderDraft,
    data: &PricingData,
    stock: &StockLevels,
) -> Result<Result<Priced, PlaceRefusal>, DbError> {
    let recipient = match &draft.address {
        OrderAddress::Given(customer) => Ok(customer.clone()),
        OrderAddress::Saved(id) => {
            let address: Option<Address> = txn.record(ADDRESS_ID_TO_ADDRESS, *id)?;
            let account_email = match &address {
                Some(address) if address.email.is_empty() => {
                    let user: Option<User> = txn.record(USER_ID_TO_USER, address.user_id)?;
                    user.map(|user| user.email)
                }
                _ => None,
            };
            saved_recipient(draft.user_id, address, account_email)
        }
    };
    let customer = match recipient {
        Ok(customer) => customer,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let table = match &draft.table {
        Some(key) => match super::dining_tables::admitted(txn, key)? {
            Some(label) => Some(label),
            None => return Ok(Err(PlaceRefusal::TableUnknown)),
        },
        None => None,
    };
    let offer = match &draft.coupon_code {
        Some(code) => Some(super::coupons::offer_for(
            txn,
            code,
            draft.user_id,
            &customer,
        )?),
        None => None,
    };
    Ok(price_draft(
        draft,
        customer,
        &PricingInputs {
            profile: data.profile.as_ref(),
            catalog: &data.catalog,
            stock,
            postcodes: &data.postcodes,
            discounts: &data.discounts,
            coupon: offer
                .as_ref()
                .map(|offer| offer.as_ref().map_err(Clone::clone)),
        },
    )
    .map(|priced| Priced { table, ..priced }))
}

pub(super) fn read_order(txn: &impl OpenTables, id: u64) -> Result<Option<Order>, DbError> {
    txn.record(ORDER_ID_TO_ORDER, id)
}

/// Writes `order` and keeps its indexes in step; `before` is the stored version. The
/// record of its PayPal payment follows a change of its status or payment.
pub(super) fn write_order(
    txn: &WriteTransaction,
    before: Option<&Order>,
    order: &Order,
    now: DateTime<Utc>,
) -> Result<(), DbError> {
    txn.open_table(ORDER_ID_TO_ORDER)?
        .insert(order.id, record::encode_packed(order)?.as_slice())?;
    let mut open = txn.open_table(OPEN_ORDER_IDS)?;
    if order.status.is_open() {
        open.insert(order.id, ())?;
    } else {
        open.remove(order.id)?;
    }
    // Whatever makes an order accepted queues its tickets in the same transaction.
    if order.status == OrderStatus::Accepted
        && before.is_none_or(|before| before.status != OrderStatus::Accepted)
    {
        super::printing::queue_tickets(txn, order)?;
    }
    // A correction prints the kitchen's and the customer's documents anew, marked; the
    // kitchen's not for a completed order (a complaint: the food has left it).
    if let Some(before) = before
        && order.corrections.len() > before.corrections.len()
        && let Some(correction) = order.corrections.last()
    {
        let kitchen = before.status != OrderStatus::Completed;
        super::printing::queue_correction_tickets(txn, order, correction.kind, kitchen, now)?;
    }
    if before.is_none_or(|before| before.status != order.status || before.payment != order.payment)
    {
        super::payments::follow_order(txn, order, now)?;
    }
    super::day_totals::follow_order(txn, before, order)?;
    if let Some(before) = before {
        super::stock::follow_order(txn, before, order)?;
    }
    super::customer_index::follow_order(txn, before, order)?;
    super::slot_counts::follow_order(txn, before, order)?;
    super::coupons::follow_order(txn, before, order)?;
    let deadline = |order: &Order| order.auto_reject_at.map(|at| (at.timestamp(), order.id));
    let old = before.and_then(deadline);
    let new = deadline(order);
    if old != new {
        let mut deadlines = txn.open_table(ORDER_DEADLINE_AND_ID)?;
        if let Some(key) = old {
            deadlines.remove(key)?;
        }
        if let Some(key) = new {
            deadlines.insert(key, ())?;
        }
    }
    Ok(())
}

/// The order an earlier identical request made, if any.
fn earlier_placement(
    txn: &WriteTransaction,
    new: &NewOrder,
) -> Result<Option<Result<Order, PlaceRefusal>>, DbError> {
    // A payment that already made an order is returned only to the same caller with
    // the same request (its idempotency record above); anyone else learns nothing of
    // that order, and the payment is not refunded: it is that order's.
    let paypal_used = match &new.payment.paypal_order_id {
        Some(paypal_id) => txn
            .open_table(PAYPAL_ID_TO_ORDER_ID)?
            .get(paypal_id.as_str())?
            .is_some(),
        None => false,
    };
    if let Some(idempotency) = &new.idempotency {
        let key = idempotency_table_key(idempotency);
        let table = txn.open_table(IDEMPOTENCY_KEY_TO_ORDER)?;
        if let Some(bytes) = table.get(key.as_str())? {
            let earlier: IdempotencyRecord = record::decode(bytes.value())?;
            if earlier.request_hash == idempotency.request_hash {
                return Ok(read_order(txn, earlier.order_id)?.map(Ok));
            }
            if !paypal_used {
                return Ok(Some(Err(PlaceRefusal::IdempotencyConflict)));
            }
        }
    }
    if paypal_used {
        return Ok(Some(Err(PlaceRefusal::PaymentUsed)));
    }
    Ok(None)
}

/// How many orders wait for an answer: each has its deadline in `ORDER_DEADLINE_AND_ID`
/// until it is answered.
fn waiting_in(txn: &WriteTransaction) -> Result<u64, DbError> {
    Ok(txn.open_table(ORDER_DEADLINE_AND_ID)?.len()?)
}

fn next_number(txn: &WriteTransaction, day: &str) -> Result<u32, DbError> {
    let mut numbers = txn.open_table(ORDER_DAY_TO_LAST_NUMBER)?;
    let number = numbers.get(day)?.map(|n| n.value()).unwrap_or(0) + 1;
    numbers.insert(day, number)?;
    Ok(u32::try_from(number).unwrap_or(u32::MAX))
}

pub(super) fn place(
    txn: &WriteTransaction,
    new: NewOrder,
    pricing: &mut Option<PricingData>,
) -> Result<Result<Placement, PlaceRefusal>, DbError> {
    if let Some(earlier) = earlier_placement(txn, &new)? {
        return Ok(earlier.map(Placement::Replayed));
    }
    // A payment the ledger gave back (or is giving back) pays for nothing any more.
    if let Some(paypal_id) = &new.payment.paypal_order_id
        && super::payments::given_back(txn, paypal_id)?
    {
        return Ok(Err(PlaceRefusal::PaymentRefunded));
    }
    if let Some(limit) = new.max_waiting
        && waiting_in(txn)? >= u64::from(limit)
    {
        return Ok(Err(PlaceRefusal::Busy));
    }
    let data = PricingData::for_store(pricing, txn, new.draft.store_id)?;
    let draft = &new.draft;
    let business_date = super::closings::business_date_after_closings(txn, calendar_date(draft))?;
    // Read for each order: the orders before it in the same batch took from it.
    let stock = super::stock::levels(txn, business_date)?;
    let priced = match price_with(txn, draft, data, &stock)? {
        Ok(priced) => priced,
        Err(refusal) => return Ok(Err(refusal)),
    };
    if let Err(refusal) = check_age(&new.draft, &priced)
        .and_then(|()| check_quote(new.expected_quote.as_deref(), &new.draft, &priced))
    {
        return Ok(Err(refusal));
    }
    let totals = priced.quote.totals;
    if let Err(refusal) = check_cash_given(new.cash_given_cents, totals.total_cents) {
        return Ok(Err(refusal));
    }
    if let Some(paid) = new.paid_cents
        && paid != totals.total_cents
    {
        return Ok(Err(PlaceRefusal::PaidAmountDiffers {
            total_cents: totals.total_cents,
        }));
    }
    if let Some(at) = draft.preorder_at
        && new.slot_capacity > 0
        && super::slot_counts::taken(txn, at, draft.order_type)? >= new.slot_capacity
    {
        let next_slots = next_free_slots(txn, &new, data.profile.as_ref(), at)?;
        return Ok(Err(PlaceRefusal::SlotFull {
            next_slots,
            timezone: draft.timezone,
        }));
    }
    let day = business_date.to_string();
    // The id and the day's number are taken only once nothing can refuse the order any
    // more: the transaction may commit other orders with it, and the numbers must stay
    // gapless for the tax records.
    let mut order = Order {
        id: 0,
        number: 0,
        token: new.token.clone(),
        created_at: draft.now,
        business_date,
        status: OrderStatus::WaitingForConfirmation,
        order_type: draft.order_type,
        user_id: draft.user_id,
        customer: priced.customer,
        payment: new.payment.clone(),
        preorder_at: draft.preorder_at,
        note: new.note.clone(),
        lines: priced.quote.lines,
        totals,
        discount_basis_points: priced.quote.discount_basis_points,
        vat: priced.quote.vat,
        estimated_minutes: None,
        estimated_ready_at: None,
        rejection_reason: None,
        auto_reject_at: Some(answer_deadline(
            new.answer_window,
            data.profile.as_ref(),
            draft.timezone,
            draft.now,
            draft.preorder_at,
        )),
        history: vec![StatusChange {
            status: OrderStatus::WaitingForConfirmation,
            at: draft.now,
            note: String::new(),
            by: Some(new.placed_by.clone()),
        }],
        source: new.source,
        anonymised_at: None,
        fiscal_mode: new.fiscal_mode,
        tse: None,
        cash_given_cents: new.cash_given_cents,
        corrections: Vec::new(),
        coupon: priced.quote.coupon,
        placed_hour: u8::try_from(draft.now.with_timezone(&draft.timezone).hour()).ok(),
        table: priced.table,
    };
    if let Some(minutes) = new.accept_minutes
        && let Err(refused) = order.accept(minutes, draft.now, &new.placed_by)
    {
        return Ok(Err(PlaceRefusal::Acceptance(refused)));
    }
    super::stock::take(txn, business_date, &order.lines)?;
    let id = next_id(txn, META_NEXT_ORDER_ID)?;
    order.id = id;
    order.number = next_number(txn, &day)?;
    write_order(txn, None, &order, draft.now)?;
    txn.open_table(ORDER_TOKEN_TO_ORDER_ID)?
        .insert(order.token.as_str(), id)?;
    txn.open_table(ORDER_DAY_AND_ID)?
        .insert((day.as_str(), id), ())?;
    if let Some(user_id) = draft.user_id {
        txn.open_table(ORDER_USER_AND_ID)?
            .insert((user_id, id), ())?;
    }
    let mut paypal = txn.open_table(PAYPAL_ID_TO_ORDER_ID)?;
    for paypal_id in [&new.payment.paypal_order_id, &new.payment.capture_id]
        .into_iter()
        .flatten()
    {
        paypal.insert(paypal_id.as_str(), id)?;
    }
    let idempotency_key = new.idempotency.as_ref().map(idempotency_table_key);
    if let (Some(idempotency), Some(key)) = (&new.idempotency, &idempotency_key) {
        let entry = IdempotencyRecord {
            order_id: id,
            request_hash: idempotency.request_hash.clone(),
        };
        txn.open_table(IDEMPOTENCY_KEY_TO_ORDER)?
            .insert(key.as_str(), record::encode(&entry)?.as_slice())?;
    }
    if draft.user_id.is_none() {
        super::erasure::queue_guest_order(txn, &order, idempotency_key.as_deref())?;
    }
    Ok(Ok(Placement::Created(order)))
}

/// The next three offered times after `full` with room for `new` (for phone orders
/// also while online ordering is paused).
fn next_free_slots(
    txn: &WriteTransaction,
    new: &NewOrder,
    profile: Option<&StoreProfile>,
    full: DateTime<Utc>,
) -> Result<Vec<DateTime<Utc>>, DbError> {
    let Some(profile) = profile else {
        return Ok(Vec::new());
    };
    let draft = &new.draft;
    let mut profile = profile.clone();
    if draft.taken_by_staff {
        profile.paused = false;
    }
    let lead = match draft.order_type {
        OrderType::Delivery => profile.delivery_lead_minutes,
        OrderType::Pickup | OrderType::DineIn => profile.pickup_lead_minutes,
    };
    let later: Vec<DateTime<Utc>> = available_slots_ahead(
        &profile,
        lead,
        draft.now,
        draft.timezone,
        draft.preorder_days,
    )
    .into_iter()
    .filter(|at| capacity_slot(*at) != capacity_slot(full))
    .collect();
    super::slot_counts::free_among(txn, draft.order_type, new.slot_capacity, &later, 3)
}

fn orders_by_ids(
    txn: &impl OpenTables,
    ids: impl Iterator<Item = u64>,
) -> Result<Vec<Order>, DbError> {
    let mut orders = Vec::new();
    for id in ids {
        if let Some(order) = read_order(txn, id)? {
            orders.push(order);
        }
    }
    Ok(orders)
}

impl Db {
    /// Prices an order without placing it (for the PayPal order's amount).
    pub async fn price_order(
        &self,
        draft: OrderDraft,
    ) -> Result<Result<Priced, PlaceRefusal>, DbError> {
        self.read(move |txn| price(txn, &draft)).await
    }

    /// Places an order durably, or refuses it and writes nothing.
    pub async fn place_order(
        &self,
        new: NewOrder,
    ) -> Result<Result<Placement, PlaceRefusal>, DbError> {
        self.group_commit.place(&self.db, new).await
    }

    pub async fn order(&self, id: u64) -> Result<Option<Order>, DbError> {
        self.read(move |txn| read_order(txn, id)).await
    }

    pub async fn order_by_token(&self, token: String) -> Result<Option<Order>, DbError> {
        self.read(move |txn| {
            let id = txn
                .open_table(ORDER_TOKEN_TO_ORDER_ID)?
                .get(token.as_str())?
                .map(|id| id.value());
            id.map_or(Ok(None), |id| read_order(txn, id))
        })
        .await
    }

    /// A page of a customer's orders, newest first: the `limit` placed before order
    /// `before` (the newest when `None`).
    pub async fn orders_of_user(
        &self,
        user_id: u64,
        before: Option<u64>,
        limit: usize,
    ) -> Result<Vec<Order>, DbError> {
        self.read(move |txn| {
            let mut ids = Vec::with_capacity(limit.min(256));
            for entry in txn
                .open_table(ORDER_USER_AND_ID)?
                .range((user_id, 0)..(user_id, before.unwrap_or(u64::MAX)))?
                .rev()
                .take(limit)
            {
                ids.push(entry?.0.value().1);
            }
            orders_by_ids(txn, ids.into_iter())
        })
        .await
    }

    /// Orders not yet rejected or completed, oldest first.
    pub async fn open_orders(&self) -> Result<Vec<Order>, DbError> {
        self.read(|txn| {
            let mut ids = Vec::new();
            for entry in txn.open_table(OPEN_ORDER_IDS)?.iter()? {
                ids.push(entry?.0.value());
            }
            orders_by_ids(txn, ids.into_iter())
        })
        .await
    }

    /// Orders whose auto-reject deadline is `now` or earlier, most overdue first.
    pub async fn orders_due(&self, now: DateTime<Utc>) -> Result<Vec<Order>, DbError> {
        self.read(move |txn| {
            let mut ids = Vec::new();
            for entry in txn
                .open_table(ORDER_DEADLINE_AND_ID)?
                .range(..=(now.timestamp(), u64::MAX))?
            {
                ids.push(entry?.0.value().1);
            }
            orders_by_ids(txn, ids.into_iter())
        })
        .await
    }

    /// The orders of one business day, newest first.
    pub async fn orders_on(&self, date: NaiveDate) -> Result<Vec<Order>, DbError> {
        self.read(move |txn| {
            let day = date.to_string();
            let mut ids = Vec::new();
            for entry in txn
                .open_table(ORDER_DAY_AND_ID)?
                .range((day.as_str(), 0)..=(day.as_str(), u64::MAX))?
            {
                ids.push(entry?.0.value().1);
            }
            orders_by_ids(txn, ids.into_iter().rev())
        })
        .await
    }

    /// Rejects with `reason`, in one transaction, those of `ids` that still wait for an
    /// answer past their deadline; the others (answered meanwhile) are left alone. With
    /// `unanswered = Some((store_id, limit))` they count towards the automatic pause in
    /// the same transaction. Answers the rejected orders and the count.
    pub async fn reject_overdue(
        &self,
        ids: Vec<u64>,
        reason: String,
        now: DateTime<Utc>,
        unanswered: Option<(u64, u32)>,
    ) -> Result<(Vec<Order>, Option<UnansweredCount>), DbError> {
        self.commit(move |txn| {
            let mut rejected = Vec::new();
            for id in ids {
                let Some(before) = read_order(txn, id)? else {
                    continue;
                };
                let overdue = before.status == OrderStatus::WaitingForConfirmation
                    && before.auto_reject_at.is_some_and(|at| at <= now);
                let mut order = before.clone();
                if overdue && order.reject(&reason, now, &Actor::Automatic).is_ok() {
                    write_order(txn, Some(&before), &order, now)?;
                    rejected.push(order);
                }
            }
            let count = match unanswered {
                Some((store_id, limit)) if !rejected.is_empty() => {
                    let orders = u32::try_from(rejected.len()).unwrap_or(u32::MAX);
                    Some(count_unanswered_in(txn, store_id, limit, now, orders)?)
                }
                _ => None,
            };
            Ok((rejected, count))
        })
        .await
    }

    /// Applies `change` to order `id` and stores it at `now`. `Ok(Ok(None))`: no such
    /// order.
    pub async fn change_order<E, F>(
        &self,
        id: u64,
        now: DateTime<Utc>,
        change: F,
    ) -> Result<Result<Option<Order>, E>, DbError>
    where
        E: Send + 'static,
        F: FnOnce(&mut Order) -> Result<(), E> + Send + 'static,
    {
        self.write(move |txn| {
            let Some(before) = read_order(txn, id)? else {
                return Ok(Ok(None));
            };
            let mut order = before.clone();
            if let Err(refused) = change(&mut order) {
                return Ok(Err(refused));
            }
            write_order(txn, Some(&before), &order, now)?;
            Ok(Ok(Some(order)))
        })
        .await
    }
}
