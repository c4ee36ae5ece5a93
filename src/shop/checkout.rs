//! A customer's order: priced from the catalog, paid through PayPal when online (the
//! server's own total is what PayPal is asked for and what must be captured, with a
//! trace in the payments ledger, `online_payment.rs`), placed in one transaction that
//! links the payment, announced to the board and confirmed by mail. A payment whose
//! order cannot be placed any more is refunded at once.

use crate::shop::metrics::PaymentStep;
use chrono::{DateTime, Utc};

use super::{Shop, ShopError};
use crate::domain::error::{ErrorCode, ErrorStatus, Refusal};
use crate::domain::hex::hex;
use crate::domain::order::OrderType;
use crate::domain::order::lines::LineRequest;
use crate::domain::order::placing::{
    IdempotencyKey, NewOrder, OrderAddress, OrderDraft, PlaceRefusal, Placement, Priced, check_age,
    check_quote, quote_id,
};
use crate::domain::order::{Actor, Order, OrderSource, Payment, PaymentMethod, PaymentStatus};
use crate::shop::OrderRefused;

/// A customer's order as the request gave it, every field checked.
#[derive(Debug, Clone)]
pub struct CheckoutRequest {
    /// `None` for a guest.
    pub user_id: Option<u64>,
    pub address: OrderAddress,
    pub order_type: OrderType,
    pub lines: Vec<LineRequest>,
    pub preorder_at: Option<DateTime<Utc>>,
    pub method: PaymentMethod,
    /// The PayPal order the buyer approved (online payments).
    pub paypal_order_id: Option<String>,
    pub note: String,
    /// The quote the customer was shown ([`Shop::quote`]); with it, the order is placed
    /// (and paid) only if it still costs exactly that.
    pub quote_id: Option<String>,
    /// The customer confirmed being old enough for the order's age-restricted products.
    pub age_confirmed: bool,
    /// A cash order: what the customer pays with, so the driver brings the change.
    pub cash_given_cents: Option<i64>,
    /// An online order: the customer's tip for the team on top of the total, at most
    /// [`MAX_TIP_CENTS`](crate::domain::order::placing::MAX_TIP_CENTS); 0 for none.
    pub tip_cents: i64,
    /// The coupon code the customer entered, normalized.
    pub coupon_code: Option<String>,
    /// A dine-in order: the table and the secret of its QR code.
    pub table: Option<crate::domain::tables::TableKey>,
}

impl CheckoutRequest {
    fn guest(&self) -> bool {
        self.user_id.is_none()
    }
}

/// The server's price of an order request, and the id the order may be placed against.
pub struct QuotedOrder {
    pub priced: Priced,
    pub quote_id: String,
}

/// A new order: created now, or made before by the same request (idempotency key or
/// PayPal payment).
pub enum Checkout {
    Created(Order),
    Replayed(Order),
}

/// Fills `bytes` with random ones; a system without randomness refuses the request.
pub(super) fn fill_random(bytes: &mut [u8]) -> Result<(), Refusal> {
    getrandom::fill(bytes).map_err(|error| {
        tracing::error!(%error, "no random token");
        Refusal::internal()
    })
}

/// 256 random bits as hex.
pub fn new_token() -> Result<String, Refusal> {
    let mut random = [0u8; 32];
    fill_random(&mut random)?;
    Ok(hex(&random))
}

/// The secret of a customer's status link, for an order placed `now`: 64 hex digits,
/// the first 12 the time in milliseconds, the other 52 random (208 bits). Orders placed
/// one after another get tokens that sort together, so the token index grows at its
/// end like the other order indexes: with wholly random tokens every order wrote into
/// a random page of an index that holds every order the shop ever had.
pub fn new_order_token(now: DateTime<Utc>) -> Result<String, Refusal> {
    let mut token = [0u8; 32];
    let millis = u64::try_from(now.timestamp_millis()).unwrap_or(0);
    token[..6].copy_from_slice(&millis.to_be_bytes()[2..]);
    fill_random(&mut token[6..])?;
    Ok(hex(&token))
}

impl Shop {
    /// Refused when PayPal is not configured.
    pub fn online_payment_available(&self) -> Result<(), Refusal> {
        self.paypal().map(|_| ())
    }

    /// The currency PayPal is asked to charge in.
    pub fn currency(&self) -> &str {
        &self.config.paypal.currency
    }

    /// At most this many pre-orders of `order_type` in one 15-minute slot (0: unlimited).
    pub fn slot_capacity(&self, order_type: OrderType) -> u32 {
        match order_type {
            OrderType::Delivery => self.config.orders.slot_capacity_delivery,
            OrderType::Pickup => self.config.orders.slot_capacity_pickup,
            // Never pre-ordered.
            OrderType::DineIn => 0,
        }
    }

    /// Pre-orders may be for today and this many days after it (`orders.preorder_days`).
    pub fn preorder_days(&self) -> u16 {
        self.config.orders.preorder_days
    }

    fn draft(&self, request: &CheckoutRequest) -> OrderDraft {
        OrderDraft {
            store_id: self.config.store_id,
            user_id: request.user_id,
            address: request.address.clone(),
            order_type: request.order_type,
            lines: request.lines.clone(),
            preorder_at: request.preorder_at,
            now: self.clock.now(),
            timezone: self.config.timezone,
            preorder_days: self.config.orders.preorder_days,
            taken_by_staff: false,
            age_confirmed: request.age_confirmed,
            tip_cents: request.tip_cents,
            coupon_code: request.coupon_code.clone(),
            table: request.table.clone(),
        }
    }

    /// What the order would cost if it were placed now, exactly as it will be checked
    /// when it is: refused for the same reasons the order would be.
    pub async fn quote(&self, request: &CheckoutRequest) -> Result<QuotedOrder, ShopError> {
        self.ordering_gate()?;
        if request.method == PaymentMethod::Cash {
            self.refuse_cash_if_cashless()?;
        }
        let draft = self.draft(request);
        let priced = self.priced(&draft, request).await?;
        Ok(QuotedOrder {
            quote_id: quote_id(&draft, &priced),
            priced,
        })
    }

    /// Prices `draft`, refused when it no longer costs what the request's quote said.
    async fn priced(
        &self,
        draft: &OrderDraft,
        request: &CheckoutRequest,
    ) -> Result<Priced, ShopError> {
        let refused = |refusal| OrderRefused {
            refusal,
            guest: request.guest(),
        };
        let priced = self.db.price_order(draft.clone()).await?.map_err(refused)?;
        check_quote(request.quote_id.as_deref(), draft, &priced).map_err(refused)?;
        Ok(priced)
    }

    /// Refuses a new online order while `orders.max_waiting` orders wait for an answer.
    async fn refuse_if_busy(&self, guest: bool) -> Result<(), ShopError> {
        if self.db.waiting_orders().await? >= u64::from(self.config.orders.max_waiting) {
            return Err(OrderRefused {
                refusal: PlaceRefusal::Busy,
                guest,
            }
            .into());
        }
        Ok(())
    }

    /// Prices the order and creates the PayPal order the buyer then approves: the
    /// PayPal order id and the total in cents.
    pub async fn create_paypal_order(
        &self,
        request: &CheckoutRequest,
    ) -> Result<(String, i64), ShopError> {
        let paypal = self.paypal()?;
        self.ordering_gate()?;
        if request.method != PaymentMethod::Online || request.paypal_order_id.is_some() {
            return Err(Refusal::invalid(
                "payment_method",
                "must be \"online\", without a paypal_order_id",
            )
            .into());
        }
        self.refuse_if_busy(request.guest()).await?;
        let draft = self.draft(request);
        let priced = self.priced(&draft, request).await?;
        check_age(&draft, &priced).map_err(|refusal| OrderRefused {
            refusal,
            guest: request.guest(),
        })?;
        let total = priced.quote.totals.total_cents;
        let reference = new_token()?;
        let id = paypal
            .create_order(total, &reference[..32])
            .await
            .inspect_err(|_| self.counters.payment_failed(PaymentStep::Create))?;
        Ok((id, total))
    }

    /// Places a customer's order; `link_origin` starts the status link in the mail.
    pub async fn checkout(
        &self,
        request: CheckoutRequest,
        idempotency: Option<IdempotencyKey>,
        link_origin: &str,
    ) -> Result<Checkout, ShopError> {
        self.ordering_gate()?;
        if request.method == PaymentMethod::Cash {
            self.refuse_cash_if_cashless()?;
        }
        let guest = request.guest();
        let refused = |refusal| OrderRefused { refusal, guest };
        let draft = self.draft(&request);
        let mut payment = Payment {
            method: request.method,
            ..Payment::cash()
        };
        let mut paid_cents = None;
        // Held until the order is placed or the payment given back.
        let mut _in_flight = None;
        if request.method == PaymentMethod::Online {
            self.paypal()?;
            let paypal_order_id = request.paypal_order_id.clone().ok_or_else(|| {
                Refusal::new(
                    ErrorStatus::PaymentRequired,
                    ErrorCode::PaymentRequired,
                    "Please complete the PayPal payment first.",
                )
                .on_field("paypal_order_id")
            })?;
            // Everything is checked before PayPal is asked to take the money (the
            // order's transaction checks the waiting orders again).
            self.refuse_if_busy(guest).await?;
            let priced = self.priced(&draft, &request).await?;
            check_age(&draft, &priced).map_err(refused)?;
            let total = priced.quote.totals.total_cents;
            _in_flight = Some(self.payment_in_flight(&paypal_order_id));
            let paid = self.take_payment(&paypal_order_id, total).await?;
            payment.status = PaymentStatus::Paid;
            payment.paypal_order_id = Some(paypal_order_id);
            payment.capture_id = Some(paid.capture_id);
            paid_cents = Some(paid.cents);
        }
        let slot_capacity = self.slot_capacity(draft.order_type);
        let placed = self
            .db
            .place_order(NewOrder {
                draft,
                note: request.note,
                payment: payment.clone(),
                token: new_order_token(self.clock.now())?,
                answer_window: self.answer_window(),
                idempotency,
                paid_cents,
                source: OrderSource::Online,
                accept_minutes: None,
                expected_quote: request.quote_id.clone(),
                max_waiting: Some(self.config.orders.max_waiting),
                slot_capacity,
                fiscal_mode: self.fiscal_mode(),
                placed_by: Actor::Customer,
                cash_given_cents: request.cash_given_cents,
            })
            .await?;
        match placed {
            Ok(Placement::Created(order)) => {
                tracing::info!(order = order.id, number = order.number, "order placed");
                self.order_placed(&order, link_origin).await;
                Ok(Checkout::Created(order))
            }
            Ok(Placement::Replayed(order)) => Ok(Checkout::Replayed(order)),
            Err(refusal) => {
                // Paid, but the order cannot be placed any more (the shop closed or the
                // menu changed meanwhile): give the money back at once. A payment that
                // made another order already is that order's and stays; one given back
                // already is not given back twice.
                if let Some(paypal_order_id) = &payment.paypal_order_id
                    && !matches!(
                        refusal,
                        PlaceRefusal::PaymentUsed | PlaceRefusal::PaymentRefunded
                    )
                {
                    self.refund_refused_order(paypal_order_id).await;
                }
                Err(refused(refusal).into())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_tokens_sort_by_time_and_are_random_after_it() {
        let at = |text: &str| text.parse::<DateTime<Utc>>().unwrap();
        let first = new_order_token(at("2026-11-23T11:58:00.001Z")).unwrap();
        let same_time = new_order_token(at("2026-11-23T11:58:00.001Z")).unwrap();
        let later = new_order_token(at("2026-11-23T11:58:00.002Z")).unwrap();
        for token in [&first, &same_time, &later] {
            assert_eq!(token.len(), 64);
            assert!(token.bytes().all(|byte| byte.is_ascii_hexdigit()));
        }
        assert_eq!(&first[..12], format!("{:012x}", 1_795_435_080_001u64));
        assert_eq!(first[..12], same_time[..12]);
        assert_ne!(first[12..], same_time[12..], "208 random bits");
        assert!(first < later && same_time < later);
    }
}
