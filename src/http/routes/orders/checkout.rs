//! An order request as the handlers meet it: the body's fields checked one by one
//! (lines, quantities, the address, the note, the Idempotency-Key) and turned into the
//! shop's order requests. Pricing and everything after it is the shop's.

use sha2::{Digest, Sha256};

use crate::domain::address::normalize_zip;
use crate::domain::coupon::normalize_code;
use crate::domain::error::ErrorCode;
use crate::domain::money::euros_to_cents;
use crate::domain::order::lines::{ExtraRequest, LineError, LineRequest, MAX_QUANTITY};
use crate::domain::order::placing::{
    IdempotencyKey, MAX_CASH_GIVEN_CENTS, MAX_TIP_CENTS, OrderAddress,
};
use crate::domain::order::{Customer, MAX_NOTE_CHARS, OrderType, PaymentMethod};
use crate::domain::tables::TableKey;
use crate::domain::user::{User, check_name, normalize_email, normalize_phone};
use crate::http::error::{ApiError, field_body, required};
use crate::http::routes::orders::views::{
    LineBody, OrderBody, PaymentMethodBody, ShippingAddressBody,
};
use crate::shop::checkout::CheckoutRequest;

/// The `minutes` of an acceptance: required; its range is `Order::accept`'s to check
/// (out of `u16` it is refused there like any other bad estimate).
pub fn accept_minutes(minutes: Option<i64>) -> Result<u16, ApiError> {
    Ok(u16::try_from(required("minutes", minutes)?).unwrap_or(0))
}

fn quantity(value: i64, max: u32, error: LineError) -> Result<u32, ApiError> {
    u32::try_from(value)
        .ok()
        .filter(|q| (1..=max).contains(q))
        .ok_or_else(|| {
            ApiError::BadRequest(field_body(ErrorCode::Invalid, error.to_string(), "lines"))
        })
}

/// The lines of the body, each quantity checked.
pub fn line_requests(lines: Option<&[LineBody]>) -> Result<Vec<LineRequest>, ApiError> {
    required("lines", lines)?
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
                                crate::domain::order::lines::MAX_EXTRA_QUANTITY,
                                LineError::BadExtraQuantity,
                            )?,
                        })
                    })
                    .collect::<Result<_, ApiError>>()?,
                quantity: quantity(line.quantity, MAX_QUANTITY, LineError::BadQuantity)?,
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

/// What a cash customer pays with (euros, at most [`MAX_CASH_GIVEN_CENTS`]); refused
/// with online payment, which has no change. Whether it covers the total is checked
/// when the order is priced.
pub fn cash_given(euros: Option<f64>, method: PaymentMethod) -> Result<Option<i64>, ApiError> {
    let Some(euros) = euros else {
        return Ok(None);
    };
    if method != PaymentMethod::Cash {
        return Err(ApiError::invalid(
            "cash_given",
            "belongs to cash payments only",
        ));
    }
    euros_to_cents(euros, MAX_CASH_GIVEN_CENTS)
        .map(Some)
        .map_err(|problem| ApiError::invalid("cash_given", &problem))
}

/// The customer's tip for the team (euros, at most [`MAX_TIP_CENTS`]); refused with
/// cash, where the customer hands it to the driver and it never passes the shop.
pub fn tip(euros: Option<f64>, method: PaymentMethod) -> Result<i64, ApiError> {
    let Some(euros) = euros else {
        return Ok(0);
    };
    let cents = euros_to_cents(euros, MAX_TIP_CENTS)
        .map_err(|problem| ApiError::invalid("tip", &problem))?;
    if cents > 0 && method != PaymentMethod::Online {
        return Err(ApiError::invalid("tip", "belongs to online payments only"));
    }
    Ok(cents)
}

/// The coupon code the customer entered, upper case; none when empty.
pub fn coupon_code(text: Option<&str>) -> Result<Option<String>, ApiError> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(code) => normalize_code(code)
            .map(Some)
            .map_err(|problem| ApiError::invalid("coupon_code", &problem)),
    }
}

/// Who receives the order, from the address in the body. The street is required for
/// a delivery only: who picks the order up (a guest or a caller) needs none.
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
        notes: text("notes", &address.notes, 500)?,
    })
}

/// The `Idempotency-Key` header checked; `scope` keeps different callers' keys apart.
/// The key a PayPal checkout sent without an Idempotency-Key is kept under: a retry of
/// the same request by the same caller gets its order back, nobody else does.
pub fn paypal_replay_key(paypal_order_id: Option<&str>) -> Option<String> {
    let id = optional_id(paypal_order_id)?;
    (id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        .then(|| format!("paypal:{id}"))
}

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
        request_hash: crate::domain::hex::hex(&hash),
    }))
}

/// An id the body may carry: trimmed, and none when empty.
fn optional_id(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_string)
}

/// Checks the body's fields; `user` is `None` for guests.
pub fn check_order_body(
    request: &OrderBody,
    user: Option<&User>,
    country: &str,
) -> Result<CheckoutRequest, ApiError> {
    let order_type: OrderType = required("order_type", request.order_type)?.into();
    let lines = line_requests(request.lines.as_deref())?;
    let address = match user {
        Some(_) => {
            if request.shipping_address.is_some() {
                return Err(ApiError::invalid(
                    "shipping_address",
                    "is for guest orders; signed-in customers send address_id",
                ));
            }
            OrderAddress::Saved(required("address_id", request.address_id)?)
        }
        None => {
            if request.address_id.is_some() {
                return Err(ApiError::invalid(
                    "address_id",
                    "needs a signed-in customer; guests send shipping_address",
                ));
            }
            let given = required("shipping_address", request.shipping_address.as_ref())?;
            // Who picks the order up needs no street.
            let street_required = order_type == OrderType::Delivery;
            OrderAddress::Given(given_customer(
                (given, "shipping_address"),
                country,
                street_required,
            )?)
        }
    };
    let method = match required("payment_method", request.payment_method)? {
        PaymentMethodBody::Cash => PaymentMethod::Cash,
        PaymentMethodBody::Online => PaymentMethod::Online,
    };
    let note = order_note(request.note.as_deref())?;
    let paypal_order_id = optional_id(request.paypal_order_id.as_deref());
    if method == PaymentMethod::Cash && paypal_order_id.is_some() {
        return Err(ApiError::invalid(
            "paypal_order_id",
            "belongs to online payments only",
        ));
    }
    let table = table_key(request, order_type)?;
    let quote_id = optional_id(request.quote_id.as_deref());
    if quote_id.as_ref().is_some_and(|id| id.len() > 64) {
        return Err(ApiError::invalid("quote_id", "is not a quote id"));
    }
    Ok(CheckoutRequest {
        user_id: user.map(|user| user.id),
        address,
        order_type,
        lines,
        preorder_at: request.preorder_at,
        method,
        paypal_order_id,
        note,
        quote_id,
        age_confirmed: request.age_confirmed.unwrap_or(false),
        cash_given_cents: cash_given(request.cash_given, method)?,
        tip_cents: tip(request.tip, method)?,
        coupon_code: coupon_code(request.coupon_code.as_deref())?,
        table,
    })
}

/// The table of a dine-in order: required for `dine_in`, refused with the other types;
/// a dine-in order is for now, never a pre-order.
fn table_key(request: &OrderBody, order_type: OrderType) -> Result<Option<TableKey>, ApiError> {
    match (order_type, &request.table) {
        (OrderType::DineIn, None) => Err(ApiError::invalid(
            "table",
            "is required for a dine_in order (from the table's QR code)",
        )),
        (OrderType::DineIn, Some(_)) if request.preorder_at.is_some() => Err(ApiError::invalid(
            "preorder_at",
            "a dine_in order is for now; it cannot be pre-ordered",
        )),
        (OrderType::DineIn, Some(table)) => {
            let key = table.key.trim();
            if key.is_empty() || key.len() > 64 {
                return Err(ApiError::invalid("table.key", "must be 1 to 64 characters"));
            }
            Ok(Some(TableKey {
                id: table.id,
                key: key.to_string(),
            }))
        }
        (_, Some(_)) => Err(ApiError::invalid("table", "belongs to dine_in orders only")),
        (_, None) => Ok(None),
    }
}
