//! Every code an error answer can carry, with the names of the parameters its answer
//! gives (`params`), so a client can say it in its own language: the storefront and
//! the admin area keep a German and an English sentence per code, and a test checks
//! that none is missing. The served API document lists them (`ErrorBody.code`).

macro_rules! error_codes {
    ($($(#[doc = $doc:literal])+ $variant:ident = $code:literal $([$($param:literal),+])?;)+) => {
        /// A stable, machine-readable error code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl ErrorCode {
            /// Every code, in the order they are declared.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $code,)+
                }
            }

            /// The parameters an answer with this code names.
            pub fn params(self) -> &'static [&'static str] {
                match self {
                    $(ErrorCode::$variant => &[$($($param),+)?],)+
                }
            }
        }
    };
}

error_codes! {
    /// A field of the request is invalid; `field` names it.
    Invalid = "invalid" ["field"];
    /// The request is malformed (not the JSON, parameters or address expected).
    BadRequest = "bad_request";
    /// No such resource.
    NotFound = "not_found";
    /// This method is not allowed at this address.
    MethodNotAllowed = "method_not_allowed";
    /// The request body is too large.
    PayloadTooLarge = "payload_too_large";
    /// The body is not of a type this address takes.
    UnsupportedMediaType = "unsupported_media_type";
    /// The upload is not a PNG, JPEG or WebP image.
    UnsupportedImage = "unsupported_image";
    /// The image has more pixels than an upload may have (a phone photo has far fewer).
    ImageTooManyPixels = "image_too_many_pixels";
    /// This address takes WebSocket connections only.
    WebsocketRequired = "websocket_required";
    /// No valid access token.
    Unauthorized = "unauthorized";
    /// The account may not do this.
    Forbidden = "forbidden";
    /// A fault on the server.
    InternalError = "internal_error";
    /// The data cannot be read or written right now.
    StorageUnavailable = "storage_unavailable";
    /// The database cannot be opened (health check).
    DatabaseUnavailable = "database_unavailable";
    /// Too many live connections or requests from this client.
    TooManyRequests = "too_many_requests";
    /// Too many open connections from this address.
    TooManyConnections = "too_many_connections";
    /// Live connections only from the shop's own pages.
    ForbiddenOrigin = "forbidden_origin";
    /// Metrics only for this machine itself, or with the metrics token.
    MetricsForbidden = "metrics_forbidden";
    /// The request body could not be read completely.
    IncompleteBody = "incomplete_body";
    /// The request body did not arrive in time.
    RequestTimeout = "request_timeout";
    /// This build has no storefront.
    UiNotBuilt = "ui_not_built";
    /// A file of the storefront is damaged in this build.
    BrokenBuild = "broken_build";
    /// E-mail address or password missing.
    MissingCredentials = "missing_credentials";
    /// The current password is wrong.
    WrongPassword = "wrong_password";
    /// Too many failed attempts; try again later.
    TooManyAttempts = "too_many_attempts";
    /// Too many online orders from one address, phone number, e-mail address or account
    /// in a short time.
    TooManyOrders = "too_many_orders";
    /// Too many orders are waiting for the restaurant's answer; new ones are refused
    /// until staff answer some.
    RestaurantBusy = "restaurant_busy";
    /// Wrong e-mail address or password.
    InvalidCredentials = "invalid_credentials";
    /// The link's token is invalid or expired.
    InvalidToken = "invalid_token";
    /// An account with this e-mail address exists.
    EmailTaken = "email_taken";
    /// The only owner account cannot be deleted: the shop would have no one to run it.
    LastOwner = "last_owner";
    /// An owner cannot delete their own account or set its password in the admin area
    /// (another owner, or the command line, can).
    OwnAccount = "own_account";
    /// Something with this name or key exists already.
    Duplicate = "duplicate";
    /// Still used by something else.
    InUse = "in_use";
    /// Someone else changed the record after the caller loaded it; nothing was saved.
    /// `current_version` is its version now (absent when it was removed).
    EditConflict = "edit_conflict" ["current_version"];
    /// The account has an order still open; `number` is its number.
    OpenOrder = "open_order" ["number"];
    /// The cart is empty.
    EmptyCart = "empty_cart";
    /// A product is sold out.
    SoldOut = "sold_out" ["product"];
    /// A size or variant of a product is sold out.
    VariantSoldOut = "variant_sold_out" ["product", "variant"];
    /// An extra is sold out.
    ExtraSoldOut = "extra_sold_out" ["product", "extra"];
    /// The order asks more of a product than its daily stock has `left`.
    NotEnoughStock = "not_enough_stock" ["product", "left"];
    /// A product of the order is not on the menu (any more).
    ProductUnavailable = "product_unavailable";
    /// A product needs a size or variant.
    VariantRequired = "variant_required" ["product"];
    /// The chosen size or variant does not exist (any more).
    VariantUnavailable = "variant_unavailable" ["product"];
    /// An extra that the product does not offer (any more).
    ExtraUnavailable = "extra_unavailable" ["product"];
    /// Fewer extras from a group than it needs.
    TooFewExtras = "too_few_extras" ["product", "group", "min"];
    /// More extras from a group than it allows.
    TooManyExtras = "too_many_extras" ["product", "group", "max"];
    /// Closed now: choose a pre-order time.
    StoreClosed = "store_closed";
    /// The chosen time is not offered.
    SlotUnavailable = "slot_unavailable";
    /// The chosen time holds as many pre-orders as it may (`orders.slot_capacity_*`);
    /// `next_slots` names the next free times (`HH:MM, HH:MM`, maybe none) and
    /// `next_starts_at` the same instants in UTC, separated by commas.
    SlotFull = "slot_full" ["next_slots", "next_starts_at"];
    /// The delivery address's postcode is not served.
    PostcodeNotServed = "postcode_not_served" ["postcode"];
    /// Below the postcode's minimum order amount.
    BelowMinimum = "below_minimum" ["postcode", "minimum"];
    /// No coupon has this code (or it is paused).
    CouponUnknown = "coupon_unknown" ["code"];
    /// The coupon applies from `date` on.
    CouponNotYetValid = "coupon_not_yet_valid" ["code", "date"];
    /// The coupon's last day was `date`.
    CouponExpired = "coupon_expired" ["code", "date"];
    /// The coupon was used as often as it may be in all.
    CouponExhausted = "coupon_exhausted" ["code"];
    /// The customer used the coupon as often as one customer may.
    CouponUsedAlready = "coupon_used_already" ["code"];
    /// The goods are below the coupon's minimum order.
    CouponBelowMinimum = "coupon_below_minimum" ["code", "minimum"];
    /// The coupon is for the other order type (`delivery` or `pickup`).
    CouponWrongOrderType = "coupon_wrong_order_type" ["code", "order_type"];
    /// The coupon is for a customer's first order only.
    CouponFirstOrderOnly = "coupon_first_order_only" ["code"];
    /// Another coupon has this code already.
    CouponCodeTaken = "coupon_code_taken" ["code"];
    /// The shop sends no push notifications (`push.services` is empty).
    PushOff = "push_off";
    /// A subscription's endpoint is not at one of the push services the shop sends to.
    PushServiceUnknown = "push_service_unknown";
    /// The order has ended; no browser can follow it any more.
    PushOrderEnded = "push_order_ended";
    /// The browser named is not subscribed.
    PushSubscriptionNotFound = "push_subscription_not_found";
    /// No active table has this id and secret (unknown, inactive, or the QR code's
    /// secret was rotated).
    TableUnknown = "table_unknown";
    /// Another table has this label already.
    TableLabelTaken = "table_label_taken" ["label"];
    /// The price changed since the customer was shown it.
    QuoteChanged = "quote_changed";
    /// The order holds products sold only from `age` years on; the customer has to
    /// confirm being that old.
    AgeConfirmationRequired = "age_confirmation_required" ["age"];
    /// A cash order: what the customer pays with is less than the `total`.
    CashGivenBelowTotal = "cash_given_below_total" ["total"];
    /// The Idempotency-Key was used for another order.
    IdempotencyConflict = "idempotency_conflict";
    /// There is no store.
    StoreNotFound = "store_not_found";
    /// No such order.
    OrderNotFound = "order_not_found";
    /// The order cannot take this step (answered already, or not that kind of order).
    InvalidTransition = "invalid_transition";
    /// The shop's clock is not confirmed yet after a restart.
    ClockUntrusted = "clock_untrusted";
    /// The shop's setup is not complete.
    StoreNotReady = "store_not_ready";
    /// The list of readiness findings changed meanwhile.
    ReadinessChanged = "readiness_changed";
    /// The PayPal payment must be completed first.
    PaymentRequired = "payment_required";
    /// Online payment is not offered.
    OnlinePaymentUnavailable = "online_payment_unavailable";
    /// The shop takes no cash (fiscal mode `cashless`): pay online.
    CashNotAccepted = "cash_not_accepted";
    /// Phone orders are paid in cash, which the shop does not take (fiscal mode `cashless`).
    PhoneOrdersCashless = "phone_orders_cashless";
    /// The fiscal mode "own POS" needs the owner's confirmation.
    PosNotConfirmed = "pos_not_confirmed";
    /// The cloud TSE's key and secret are not configured.
    TseNotConfigured = "tse_not_configured";
    /// The cloud TSE could not be set up (try again).
    TseSetupFailed = "tse_setup_failed";
    /// No printer that is switched on prints the documents asked for.
    NoPrinter = "no_printer";
    /// The business day is closed already (its daily closing exists).
    DayClosed = "day_closed";
    /// PayPal did not refund: the order was left as it was.
    RefundFailed = "refund_failed";
    /// An order paid online may get cheaper by a change, never dearer.
    PaidTotalRaised = "paid_total_raised" ["paid"];
    /// A completed order's change may only take items off or lower their quantity.
    CompletedOrderGrows = "completed_order_grows";
    /// Orders of the day still wait for an answer: the day cannot be closed yet.
    OrdersWaiting = "orders_waiting" ["count"];
    /// The period to export ends before it begins.
    PeriodReversed = "period_reversed" ["field"];
    /// The period to export is longer than `max_days` days.
    PeriodTooLong = "period_too_long" ["field", "max_days"];
    /// The search text is longer than `max_chars` characters.
    SearchTooLong = "search_too_long" ["field", "max_chars"];
    /// The dates searched span more than `max_days` days.
    DateRangeTooLong = "date_range_too_long" ["field", "max_days"];
    /// No such customer (any more).
    CustomerNotFound = "customer_not_found";
    /// PayPal: not enough funds.
    InsufficientFunds = "insufficient_funds";
    /// PayPal: the payment method was declined.
    InstrumentDeclined = "instrument_declined";
    /// PayPal declined the payment.
    PaymentDeclined = "payment_declined";
    /// PayPal: the card has expired.
    CardExpired = "card_expired";
    /// PayPal holds the payment as pending.
    PaymentPending = "payment_pending";
    /// The PayPal payment was not completed.
    PaymentNotCompleted = "payment_not_completed";
    /// What PayPal took is not the order's total.
    PaymentMismatch = "payment_mismatch";
    /// This PayPal payment already belongs to another order.
    PaymentUsed = "payment_used";
    /// The PayPal payment was refunded: it pays for no order.
    PaymentRefunded = "payment_refunded";
    /// The payment failed.
    PaymentFailed = "payment_failed";
    /// PayPal cannot be reached right now.
    PaymentUnavailable = "payment_unavailable";
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            let text = code.as_str();
            assert!(seen.insert(text), "{text} twice");
            assert!(
                text.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{text}"
            );
        }
        assert_eq!(ErrorCode::BelowMinimum.params(), ["postcode", "minimum"]);
        assert!(ErrorCode::EmptyCart.params().is_empty());
    }
}
