//! Placing, rejecting and announcing orders: the steps the customer and restaurant
//! handlers share. A request becomes a draft (checked field by field), is priced by the
//! store, paid through PayPal if online, and placed in one transaction; every change
//! is pushed to the live sockets.

use poem_openapi::payload::Json;
use sha2::{Digest, Sha256};

use crate::db::{IdempotencyKey, NewOrder, OrderAddress, OrderDraft, PlaceRefusal, Placement};
use crate::domain::address::normalize_zip;
use crate::domain::order::{
    Customer, MAX_NOTE_CHARS, Order, OrderSource, Payment, PaymentMethod, PaymentStatus,
    TransitionError,
};
use crate::domain::order_pricing::{ExtraRequest, LineRequest, MAX_QUANTITY, OrderError};
use crate::domain::order_quote::QuoteError;
use crate::domain::user::{User, check_name, normalize_email, normalize_phone};
use crate::http::AppState;
use crate::http::error::{ApiError, ErrorBody, body, field_body};
use crate::http::routes::orders::views::{
    LineBody, OrderBody, PaymentMethodBody, ShippingAddressBody,
};
use crate::payments::paypal::{PaymentProblem, PaypalClient};

/// The customer's choices, checked and ready to price.
pub struct Checked {
    pub draft: OrderDraft,
    pub method: PaymentMethod,
    pub paypal_order_id: Option<String>,
    pub note: String,
}

pub fn refusal_error(refusal: PlaceRefusal, guest: bool) -> ApiError {
    let address_field = if guest { "zip" } else { "address_id" };
    match refusal {
        PlaceRefusal::Quote(QuoteError::Lines(error)) => {
            let detail = error.to_string();
            match error {
                OrderError::EmptyCart => {
                    ApiError::BadRequest(field_body("empty_cart", detail, "lines"))
                }
                OrderError::TooManyLines
                | OrderError::BadQuantity
                | OrderError::BadExtraQuantity => {
                    ApiError::BadRequest(field_body("invalid", detail, "lines"))
                }
                _ => ApiError::Conflict(field_body("product_unavailable", detail, "lines")),
            }
        }
        PlaceRefusal::Quote(error @ QuoteError::StoreClosed) => {
            ApiError::Conflict(field_body("store_closed", error.to_string(), "preorder_at"))
        }
        PlaceRefusal::Quote(error @ QuoteError::SlotUnavailable) => ApiError::Conflict(field_body(
            "slot_unavailable",
            error.to_string(),
            "preorder_at",
        )),
        PlaceRefusal::Quote(error @ QuoteError::ZipRequired) => {
            ApiError::BadRequest(field_body("invalid", error.to_string(), address_field))
        }
        PlaceRefusal::Quote(error @ QuoteError::PostcodeNotServed(_)) => ApiError::BadRequest(
            field_body("postcode_not_served", error.to_string(), address_field),
        ),
        PlaceRefusal::Quote(error @ QuoteError::BelowMinimum { .. }) => {
            ApiError::Conflict(field_body("below_minimum", error.to_string(), "lines"))
        }
        PlaceRefusal::UnknownAddress => {
            ApiError::invalid("address_id", "is not one of your saved addresses")
        }
        PlaceRefusal::UnknownStore => ApiError::not_found("store_not_found", "There is no store."),
        PlaceRefusal::IdempotencyConflict => ApiError::Conflict(body(
            "idempotency_conflict",
            "This Idempotency-Key was already used for a different order.",
        )),
        PlaceRefusal::PaidAmountDiffers { .. } => payment_error(&PaymentProblem::Mismatch),
        PlaceRefusal::Acceptance(error) => transition_error(error),
    }
}

pub fn payment_error(problem: &PaymentProblem) -> ApiError {
    let json: Json<ErrorBody> = body(problem.code(), problem.to_string());
    match problem {
        PaymentProblem::Mismatch => ApiError::Conflict(json),
        PaymentProblem::Unavailable => ApiError::Unavailable(json),
        _ => ApiError::PaymentRequired(json),
    }
}

/// The `minutes` of an acceptance: required; its range is `Order::accept`'s to check
/// (out of `u16` it is refused there like any other bad estimate).
pub fn accept_minutes(minutes: Option<i64>) -> Result<u16, ApiError> {
    Ok(u16::try_from(crate::http::error::required("minutes", minutes)?).unwrap_or(0))
}

pub fn transition_error(error: TransitionError) -> ApiError {
    match error {
        TransitionError::BadEstimate => ApiError::invalid("minutes", &error.to_string()),
        TransitionError::BadReason => ApiError::invalid("reason", &error.to_string()),
        _ => ApiError::Conflict(body("invalid_transition", error.to_string())),
    }
}

fn quantity(value: i64, max: u32, error: OrderError) -> Result<u32, ApiError> {
    u32::try_from(value)
        .ok()
        .filter(|q| (1..=max).contains(q))
        .ok_or_else(|| ApiError::BadRequest(field_body("invalid", error.to_string(), "lines")))
}

/// The lines of the body, each quantity checked.
pub fn line_requests(lines: Option<&[LineBody]>) -> Result<Vec<LineRequest>, ApiError> {
    crate::http::error::required("lines", lines)?
        .iter()
        .map(|line| {
            Ok(LineRequest {
                product_id: line.product_id,
                variant_id: line.variant_id,
                extras: line
                    .extras
                    .iter()
                    .map(|extra| {
                        Ok(ExtraRequest {
                            topping_id: extra.topping_id,
                            quantity: quantity(
                                extra.quantity,
                                crate::domain::order_pricing::MAX_EXTRA_QUANTITY,
                                OrderError::BadExtraQuantity,
                            )?,
                        })
                    })
                    .collect::<Result<_, ApiError>>()?,
                quantity: quantity(line.quantity, MAX_QUANTITY, OrderError::BadQuantity)?,
            })
        })
        .collect()
}

/// The note for the kitchen or the driver, trimmed and checked.
pub fn order_note(note: Option<&str>) -> Result<String, ApiError> {
    let note = note.unwrap_or("").trim().to_string();
    if note.chars().count() > MAX_NOTE_CHARS || note.chars().any(|c| c.is_control() && c != '\n') {
        return Err(ApiError::invalid(
            "note",
            &format!("must be at most {MAX_NOTE_CHARS} characters of text"),
        ));
    }
    Ok(note)
}

/// Who receives the order, from the address in the body. A guest's street is always
/// required (spec §5); the staff taking a pickup order on the phone need none.
pub fn given_customer(
    (address, prefix): (&ShippingAddressBody, &str),
    country: &str,
    street_required: bool,
) -> Result<Customer, ApiError> {
    let field =
        |name: &str, problem: String| ApiError::invalid(&format!("{prefix}.{name}"), &problem);
    if address
        .kind
        .as_deref()
        .is_some_and(|kind| kind != "shipping")
    {
        return Err(field("type", "must be \"shipping\"".into()));
    }
    let text = |name: &str, value: &Option<String>, max: usize| -> Result<String, ApiError> {
        let value = value.as_deref().unwrap_or("").trim();
        if value.chars().count() > max || value.chars().any(char::is_control) {
            return Err(field(
                name,
                format!("must be at most {max} characters of text"),
            ));
        }
        Ok(value.to_string())
    };
    let customer_name = check_name(address.customer_name.as_deref().unwrap_or(""))
        .map_err(|problem| field("customer_name", problem))?;
    let line1 = text("line1", &address.line1, 200)?;
    if street_required && line1.is_empty() {
        return Err(field("line1", "must not be empty".into()));
    }
    let zip = text("zip", &address.zip, 10)?;
    let zip = if zip.is_empty() {
        zip
    } else {
        normalize_zip(&zip).map_err(|problem| field("zip", problem))?
    };
    let email = text("email", &address.email, 254)?;
    let email = if email.is_empty() {
        email
    } else {
        normalize_email(&email).map_err(|problem| field("email", problem))?
    };
    let given_country = text("country", &address.country, 60)?;
    Ok(Customer {
        customer_name,
        line1,
        city: text("city", &address.city, 100)?,
        zip,
        country: if given_country.is_empty() {
            country.to_string()
        } else {
            given_country
        },
        phone: normalize_phone(address.phone.as_deref().unwrap_or(""))
            .map_err(|problem| field("phone", problem))?,
        email,
    })
}

/// 256 random bits as hex: the secret of a customer's status link.
pub fn new_token() -> Result<String, ApiError> {
    let mut random = [0u8; 32];
    getrandom::fill(&mut random).map_err(|_| ApiError::internal())?;
    Ok(random.iter().map(|byte| format!("{byte:02x}")).collect())
}

/// The `Idempotency-Key` header checked; `scope` keeps different callers' keys apart.
pub fn idempotency(
    key: Option<&str>,
    scope: String,
    request: &impl poem_openapi::types::ToJSON,
) -> Result<Option<IdempotencyKey>, ApiError> {
    let Some(key) = key else {
        return Ok(None);
    };
    if key.is_empty() || key.len() > 100 || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::invalid(
            "Idempotency-Key",
            "must be 1 to 100 visible ASCII characters",
        ));
    }
    let canonical = poem_openapi::types::ToJSON::to_json(request)
        .unwrap_or_default()
        .to_string();
    let hash = Sha256::digest(canonical.as_bytes());
    Ok(Some(IdempotencyKey {
        scope,
        key: key.to_string(),
        request_hash: hash.iter().map(|byte| format!("{byte:02x}")).collect(),
    }))
}

impl AppState {
    pub fn paypal(&self) -> Result<&PaypalClient, ApiError> {
        self.paypal.as_deref().ok_or_else(|| {
            ApiError::bad_request(
                "online_payment_unavailable",
                "Online payment is not available at the moment.",
            )
        })
    }

    /// Checks the body's fields; `user` is `None` for guests.
    pub fn check_order_body(
        &self,
        request: &OrderBody,
        user: Option<&User>,
    ) -> Result<Checked, ApiError> {
        let order_type = crate::http::error::required("order_type", request.order_type)?.into();
        let lines = line_requests(request.lines.as_deref())?;
        let address = match user {
            Some(_) => {
                if request.shipping_address.is_some() {
                    return Err(ApiError::invalid(
                        "shipping_address",
                        "is for guest orders; signed-in customers send address_id",
                    ));
                }
                OrderAddress::Saved(crate::http::error::required(
                    "address_id",
                    request.address_id,
                )?)
            }
            None => {
                if request.address_id.is_some() {
                    return Err(ApiError::invalid(
                        "address_id",
                        "needs a signed-in customer; guests send shipping_address",
                    ));
                }
                let given = crate::http::error::required(
                    "shipping_address",
                    request.shipping_address.as_ref(),
                )?;
                OrderAddress::Given(given_customer(
                    (given, "shipping_address"),
                    &self.config.country,
                    true,
                )?)
            }
        };
        let method = match crate::http::error::required("payment_method", request.payment_method)? {
            PaymentMethodBody::Cash => PaymentMethod::Cash,
            PaymentMethodBody::Online => PaymentMethod::Online,
        };
        let note = order_note(request.note.as_deref())?;
        let paypal_order_id = request
            .paypal_order_id
            .as_deref()
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_string);
        if method == PaymentMethod::Cash && paypal_order_id.is_some() {
            return Err(ApiError::invalid(
                "paypal_order_id",
                "belongs to online payments only",
            ));
        }
        Ok(Checked {
            draft: OrderDraft {
                store_id: self.config.store_id,
                user_id: user.map(|user| user.id),
                address,
                order_type,
                lines,
                preorder_at: request.preorder_at,
                now: self.clock.now(),
                timezone: self.config.timezone,
                taken_by_staff: false,
            },
            method,
            paypal_order_id,
            note,
        })
    }

    /// Prices the order and creates the PayPal order the buyer then approves.
    pub async fn create_paypal_order(
        &self,
        request: &OrderBody,
        user: Option<&User>,
    ) -> Result<(String, i64), ApiError> {
        let paypal = self.paypal()?;
        let checked = self.check_order_body(request, user)?;
        self.ordering_gate()?;
        if checked.method != PaymentMethod::Online || checked.paypal_order_id.is_some() {
            return Err(ApiError::invalid(
                "payment_method",
                "must be \"online\", without a paypal_order_id",
            ));
        }
        let priced = self
            .db
            .price_order(checked.draft)
            .await?
            .map_err(|refusal| refusal_error(refusal, user.is_none()))?;
        let total = priced.quote.totals.total_cents;
        let reference = new_token()?;
        let id = paypal
            .create_order(total, &reference[..32])
            .await
            .map_err(|problem| payment_error(&problem))?;
        Ok((id, total))
    }

    /// Places an order: `Ok((order, true))` when it was created now, `false` when the
    /// same request (idempotency key or PayPal payment) had made it before.
    pub async fn checkout(
        &self,
        request: &OrderBody,
        user: Option<&User>,
        idempotency_key: Option<&str>,
        link_origin: &str,
    ) -> Result<(Order, bool), ApiError> {
        let checked = self.check_order_body(request, user)?;
        let scope = user.map_or("guest".into(), |user| IdempotencyKey::user_scope(user.id));
        let idempotency = idempotency(idempotency_key, scope, request)?;
        self.ordering_gate()?;
        let guest = user.is_none();
        let mut payment = Payment {
            method: checked.method,
            ..Payment::cash()
        };
        let mut paid_cents = None;
        if checked.method == PaymentMethod::Online {
            let paypal = self.paypal()?;
            let paypal_order_id = checked.paypal_order_id.clone().ok_or_else(|| {
                ApiError::PaymentRequired(field_body(
                    "payment_required",
                    "Please complete the PayPal payment first.",
                    "paypal_order_id",
                ))
            })?;
            // Everything is checked before PayPal is asked to take the money.
            let priced = self
                .db
                .price_order(checked.draft.clone())
                .await?
                .map_err(|refusal| refusal_error(refusal, guest))?;
            let total = priced.quote.totals.total_cents;
            let capture = paypal
                .capture(&paypal_order_id, total)
                .await
                .map_err(|problem| payment_error(&problem))?;
            payment.status = PaymentStatus::Paid;
            payment.paypal_order_id = Some(paypal_order_id);
            payment.capture_id = Some(capture.capture_id);
            paid_cents = Some(capture.amount_cents);
        }
        let placed = self
            .db
            .place_order(NewOrder {
                draft: checked.draft,
                note: checked.note,
                payment: payment.clone(),
                token: new_token()?,
                auto_reject_after: self.auto_reject_after(),
                idempotency,
                paid_cents,
                source: OrderSource::Online,
                accept_minutes: None,
            })
            .await?;
        match placed {
            Ok(Placement::Created(order)) => {
                tracing::info!(order = order.id, number = order.number, "order placed");
                self.orders.publish(&order);
                self.mail_confirmation(&order, link_origin);
                Ok((order, true))
            }
            Ok(Placement::Replayed(order)) => Ok((order, false)),
            Err(refusal) => {
                // Paid, but the order cannot be placed any more (the shop closed or the
                // menu changed meanwhile): give the money back at once.
                if let Some(capture_id) = &payment.capture_id {
                    let refunded = match self.paypal() {
                        Ok(paypal) => paypal.refund(capture_id).await.is_ok(),
                        Err(_) => false,
                    };
                    tracing::warn!(capture = %capture_id, refunded, "paid order refused");
                }
                Err(refusal_error(refusal, guest))
            }
        }
    }

    /// How long an order may wait for the restaurant's answer.
    pub fn auto_reject_after(&self) -> chrono::Duration {
        chrono::Duration::from_std(self.config.auto_reject_after)
            .unwrap_or(chrono::Duration::minutes(10))
    }

    /// Everything that follows the restaurant's yes, whether the board accepted the
    /// order or it was taken on the phone: the live sockets and the customer's mail.
    pub fn announce_accepted(&self, order: &Order) {
        self.orders.publish(order);
        self.mail_decision(order);
    }

    /// Rejects a waiting order and refunds it if it was paid online.
    pub async fn reject_order(&self, id: u64, reason: &str) -> Result<Order, ApiError> {
        let now = self.clock.now();
        let reason = reason.to_string();
        let order = self
            .db
            .change_order(id, move |order| order.reject(&reason, now))
            .await?
            .map_err(transition_error)?
            .ok_or_else(order_not_found)?;
        self.orders.publish(&order);
        let order = self.refund_if_paid(order).await?;
        self.mail_decision(&order);
        Ok(order)
    }

    async fn refund_if_paid(&self, order: Order) -> Result<Order, ApiError> {
        let (PaymentStatus::Paid, Some(capture_id)) =
            (order.payment.status, order.payment.capture_id.clone())
        else {
            return Ok(order);
        };
        let outcome = match self.paypal.as_deref() {
            Some(paypal) => paypal.refund(&capture_id).await,
            None => Err(PaymentProblem::Unavailable),
        };
        if let Err(problem) = &outcome {
            tracing::error!(order = order.id, capture = %capture_id, %problem, "refund failed");
        }
        let updated = self
            .db
            .change_order(order.id, move |order| {
                match outcome {
                    Ok(refund_id) => {
                        order.payment.status = PaymentStatus::Refunded;
                        order.payment.refund_id = Some(refund_id);
                        order.payment.refund_error = None;
                    }
                    Err(problem) => {
                        order.payment.status = PaymentStatus::RefundFailed;
                        order.payment.refund_error = Some(problem.to_string());
                    }
                }
                Ok::<(), std::convert::Infallible>(())
            })
            .await?;
        let order = match updated {
            Ok(Some(order)) => order,
            Ok(None) => return Err(order_not_found()),
            Err(never) => match never {},
        };
        self.orders.publish(&order);
        Ok(order)
    }
}

pub fn order_not_found() -> ApiError {
    ApiError::not_found("order_not_found", "There is no such order.")
}
