//! Every redb table, defined once. Keys and values are primitive types or bytes, never a
//! Rust struct: redb records a typed table's type name, so a renamed struct would make
//! the table unreadable. Values are versioned records (see `record`).

use redb::TableDefinition;

/// Small named counters and flags: `schema_version`, `demo_seeded`, `next_id`, …
pub const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

pub const STORE_ID_TO_PROFILE: TableDefinition<u64, &[u8]> =
    TableDefinition::new("store_id_to_profile");

// The catalog (schema v1 and v2).
pub const TAX_ID_TO_TAX: TableDefinition<u64, &[u8]> = TableDefinition::new("tax_id_to_tax");
pub const CATEGORY_ID_TO_CATEGORY: TableDefinition<u64, &[u8]> =
    TableDefinition::new("category_id_to_category");
pub const PRODUCT_ID_TO_PRODUCT: TableDefinition<u64, &[u8]> =
    TableDefinition::new("product_id_to_product");
pub const TOPPING_ID_TO_TOPPING: TableDefinition<u64, &[u8]> =
    TableDefinition::new("topping_id_to_topping");
pub const TOPPING_GROUP_ID_TO_TOPPING_GROUP: TableDefinition<u64, &[u8]> =
    TableDefinition::new("topping_group_id_to_topping_group");
pub const GROUP_ITEM_ID_TO_GROUP_ITEM: TableDefinition<u64, &[u8]> =
    TableDefinition::new("group_item_id_to_group_item");
pub const PRODUCT_GROUP_ID_TO_PRODUCT_GROUP: TableDefinition<u64, &[u8]> =
    TableDefinition::new("product_group_id_to_product_group");
pub const ALLERGY_ID_TO_ALLERGY: TableDefinition<u64, &[u8]> =
    TableDefinition::new("allergy_id_to_allergy");
pub const ITEM_ALLERGY_ID_TO_ITEM_ALLERGY: TableDefinition<u64, &[u8]> =
    TableDefinition::new("item_allergy_id_to_item_allergy");
pub const BANNER_ID_TO_BANNER: TableDefinition<u64, &[u8]> =
    TableDefinition::new("banner_id_to_banner");
/// Product photos and banners as uploaded, until schema version 23 (which rendered
/// them into [`IMAGE_RENDITIONS`] and removed this table): content type and bytes.
pub const IMAGE_KEY_TO_IMAGE: TableDefinition<&str, &[u8]> =
    TableDefinition::new("image_key_to_image");
/// Every rendition of the product photos and banners, by `{image key}/{width}.{webp|jpg}`
/// (`domain::image::ImageKey::rendition`): content type and bytes
/// (`record::encode_image`). The uploads themselves are not kept.
pub const IMAGE_RENDITIONS: TableDefinition<&str, &[u8]> = TableDefinition::new("image_renditions");

// Accounts (schema v2).
pub const USER_ID_TO_USER: TableDefinition<u64, &[u8]> = TableDefinition::new("user_id_to_user");
/// Lower-cased email → user id; keeps emails unique.
pub const USER_EMAIL_TO_USER_ID: TableDefinition<&str, u64> =
    TableDefinition::new("user_email_to_user_id");

pub const META_SCHEMA_VERSION: &str = "schema_version";
pub const META_DEMO_SEEDED: &str = "demo_seeded";
/// The catalog's id counter (ids are never reused).
pub const META_NEXT_ID: &str = "next_id";
/// Bumped by every catalog change; orders menu snapshots.
pub const META_CATALOG_VERSION: &str = "catalog_version";
pub const META_NEXT_USER_ID: &str = "next_user_id";

// Ordering settings (schema v3).
pub const POSTCODE_ID_TO_POSTCODE: TableDefinition<u64, &[u8]> =
    TableDefinition::new("postcode_id_to_postcode");
/// `DELIVERY_DISCOUNT` / `PICKUP_DISCOUNT` → discount.
pub const DISCOUNT_CODE_TO_DISCOUNT: TableDefinition<&str, &[u8]> =
    TableDefinition::new("discount_code_to_discount");
pub const META_NEXT_POSTCODE_ID: &str = "next_postcode_id";

// Customers (schema v4).
pub const ADDRESS_ID_TO_ADDRESS: TableDefinition<u64, &[u8]> =
    TableDefinition::new("address_id_to_address");
/// SHA-256 (hex) of a password-reset token → who and until when.
pub const RESET_TOKEN_HASH_TO_RESET: TableDefinition<&str, &[u8]> =
    TableDefinition::new("reset_token_hash_to_reset");
/// Mails kept because no SMTP server is configured (or sending failed).
pub const OUTBOX_ID_TO_MAIL: TableDefinition<u64, &[u8]> =
    TableDefinition::new("outbox_id_to_mail");
pub const SUPPORT_ID_TO_MESSAGE: TableDefinition<u64, &[u8]> =
    TableDefinition::new("support_id_to_message");
pub const META_NEXT_ADDRESS_ID: &str = "next_address_id";
pub const META_NEXT_MAIL_ID: &str = "next_mail_id";
pub const META_NEXT_SUPPORT_ID: &str = "next_support_id";

// Orders (schema v5).
pub const ORDER_ID_TO_ORDER: TableDefinition<u64, &[u8]> =
    TableDefinition::new("order_id_to_order");
/// The customer's link token → order id.
pub const ORDER_TOKEN_TO_ORDER_ID: TableDefinition<&str, u64> =
    TableDefinition::new("order_token_to_order_id");
/// Business date (`YYYY-MM-DD`, store time zone) → the last order number given that day.
pub const ORDER_DAY_TO_LAST_NUMBER: TableDefinition<&str, u64> =
    TableDefinition::new("order_day_to_last_number");
/// (business date, order id): the orders of a day.
pub const ORDER_DAY_AND_ID: TableDefinition<(&str, u64), ()> =
    TableDefinition::new("order_day_and_id");
/// (user id, order id): a customer's orders.
pub const ORDER_USER_AND_ID: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("order_user_and_id");
/// Orders the kitchen still has to finish.
pub const OPEN_ORDER_IDS: TableDefinition<u64, ()> = TableDefinition::new("open_order_ids");
/// (auto-reject deadline in Unix seconds, order id) of the orders nobody answered yet,
/// so the deadline check reads only what is due.
pub const ORDER_DEADLINE_AND_ID: TableDefinition<(i64, u64), ()> =
    TableDefinition::new("order_deadline_and_id");
/// `<scope>:<Idempotency-Key>` → the order it made and a hash of the request.
pub const IDEMPOTENCY_KEY_TO_ORDER: TableDefinition<&str, &[u8]> =
    TableDefinition::new("idempotency_key_to_order");
/// A PayPal order or capture id → the order it paid (each pays at most one order).
pub const PAYPAL_ID_TO_ORDER_ID: TableDefinition<&str, u64> =
    TableDefinition::new("paypal_id_to_order_id");
pub const META_NEXT_ORDER_ID: &str = "next_order_id";

// Ordering guards (schema v6).
/// The owner's confirmation of the readiness findings the shop may open with.
pub const STORE_ID_TO_READINESS_CONFIRMATION: TableDefinition<u64, &[u8]> =
    TableDefinition::new("store_id_to_readiness_confirmation");
/// Orders rejected in a row because nobody answered, and the automatic pause they caused.
pub const STORE_ID_TO_UNANSWERED: TableDefinition<u64, &[u8]> =
    TableDefinition::new("store_id_to_unanswered");
// Kitchen printers and their print queue (schema v7).
pub const PRINTER_ID_TO_PRINTER: TableDefinition<u64, &[u8]> =
    TableDefinition::new("printer_id_to_printer");
/// Documents still to be printed: written with the order's acceptance, removed once
/// the printer took them.
pub const PRINT_JOB_ID_TO_JOB: TableDefinition<u64, &[u8]> =
    TableDefinition::new("print_job_id_to_job");
/// (next attempt in Unix milliseconds, job id), so the printer worker reads only what
/// is due.
pub const PRINT_JOB_ATTEMPT_AND_ID: TableDefinition<(i64, u64), ()> =
    TableDefinition::new("print_job_attempt_and_id");
pub const META_NEXT_PRINTER_ID: &str = "next_printer_id";
pub const META_NEXT_PRINT_JOB_ID: &str = "next_print_job_id";

// Personal data (schema v8).
/// (created at in Unix seconds, order id) of the guest orders whose customer data is
/// still stored → the key of their `IDEMPOTENCY_KEY_TO_ORDER` entry ("" when none). The
/// erasure reads only what is due and takes the key with the order.
pub const GUEST_ORDER_CREATED_AND_ID: TableDefinition<(i64, u64), &str> =
    TableDefinition::new("guest_order_created_and_id");

// The payments ledger (schema v9).
/// One record per PayPal order the shop asked PayPal to capture (see
/// `domain::payment_record`), by a counted id: newer payments have higher ids.
pub const PAYMENT_ID_TO_PAYMENT: TableDefinition<u64, &[u8]> =
    TableDefinition::new("payment_id_to_payment");
/// A PayPal order id → its payment record.
pub const PAYPAL_ORDER_ID_TO_PAYMENT_ID: TableDefinition<&str, u64> =
    TableDefinition::new("paypal_order_id_to_payment_id");
/// The payments not at an end yet (pending, to be refunded, …), so the reconciliation
/// and the admin's "needs attention" read only those.
pub const OPEN_PAYMENT_IDS: TableDefinition<u64, ()> = TableDefinition::new("open_payment_ids");
pub const META_NEXT_PAYMENT_ID: &str = "next_payment_id";

// Figures per day (schema v10).
/// Business date (`YYYY-MM-DD`, store time zone) → the day's figures
/// (`domain::day_totals`), written with every change of one of its orders.
pub const DAY_TO_TOTALS: TableDefinition<&str, &[u8]> = TableDefinition::new("day_to_totals");

// The fiscal mode (schema v13).
/// Every fiscal mode the shop chose, with who and when (`domain::fiscal::mode`).
pub const STORE_ID_TO_FISCAL_RECORD: TableDefinition<u64, &[u8]> =
    TableDefinition::new("store_id_to_fiscal_record");

// Daily closings (schema v14).
/// Closing number → the day's closing (`domain::fiscal::closing`), never changed.
pub const CLOSING_NUMBER_TO_CLOSING: TableDefinition<u64, &[u8]> =
    TableDefinition::new("closing_number_to_closing");
/// The last business day (days since 1 January of year 1) of the history an upgrade
/// to v14 found: those days are not closed retroactively.
pub const META_CLOSINGS_SKIP_THROUGH: &str = "closings_skip_through";
/// Business date (`YYYY-MM-DD`) → its closing's number: a day is closed once.
pub const CLOSING_DAY_TO_NUMBER: TableDefinition<&str, u64> =
    TableDefinition::new("closing_day_to_number");

// Daily stocks (schema v15).
/// Product id → what the orders of its latest business day took of its daily stock
/// (`domain::catalog::stock::DaySold`); a record of an earlier day counts as nothing.
pub const PRODUCT_ID_TO_DAY_SOLD: TableDefinition<u64, &[u8]> =
    TableDefinition::new("product_id_to_day_sold");
// Customers (schema v16): the customer index (`domain::customers`), kept by
// `orders.rs::write_order` in each order's own transaction.
/// Customer id → the customer's record.
pub const CUSTOMER_ID_TO_CUSTOMER: TableDefinition<u64, &[u8]> =
    TableDefinition::new("customer_id_to_customer");
/// `user:<id>`, `phone:<number>` or `email:<address>` → customer id.
pub const CUSTOMER_KEY_TO_ID: TableDefinition<&str, u64> =
    TableDefinition::new("customer_key_to_id");
/// (customer id, order id): a customer's orders.
pub const CUSTOMER_ID_AND_ORDER_ID: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("customer_id_and_order_id");
/// The id of each customer's newest order → the customer: the list of customers,
/// whoever ordered last first.
pub const CUSTOMER_LAST_ORDER_TO_ID: TableDefinition<u64, u64> =
    TableDefinition::new("customer_last_order_to_id");
/// (search term, customer id): the words of each customer's name, their phone number
/// and e-mail address (`CustomerRecord::search_terms`), read by prefix.
pub const CUSTOMER_TERM_AND_ID: TableDefinition<(&str, u64), ()> =
    TableDefinition::new("customer_term_and_id");
pub const META_NEXT_CUSTOMER_ID: &str = "next_customer_id";

// Slot capacity (schema v17): kept by `orders.rs::write_order` (see `slot_counts.rs`).
/// (start of a 15-minute slot in Unix seconds, 0 delivery / 1 pickup) → how many
/// pre-orders not rejected or cancelled are for that slot.
pub const SLOT_AND_TYPE_TO_COUNT: TableDefinition<(i64, u8), u32> =
    TableDefinition::new("slot_and_type_to_count");

// Coupons (schema v18): the codes the owner made (`domain::coupon`) and their uses,
// kept by `orders.rs::write_order` in each order's own transaction (`coupons.rs`).
/// Coupon id → the coupon with its figures.
pub const COUPON_ID_TO_COUPON: TableDefinition<u64, &[u8]> =
    TableDefinition::new("coupon_id_to_coupon");
/// Code (upper case) → coupon id.
pub const COUPON_CODE_TO_ID: TableDefinition<&str, u64> = TableDefinition::new("coupon_code_to_id");
/// (coupon id, `user:<id>` / `phone:<number>` / `email:<address>`) → the uses of the
/// coupon by orders under that key.
pub const COUPON_AND_CUSTOMER_TO_USES: TableDefinition<(u64, &str), u32> =
    TableDefinition::new("coupon_and_customer_to_uses");
pub const META_NEXT_COUPON_ID: &str = "next_coupon_id";

// Web Push (schema v20): the browsers that follow an order (`domain::push`), dropped
// when the order reaches its end, and the staff's browsers for the board.
/// Order id → the subscriptions of the browsers following it (at most three).
pub const ORDER_ID_TO_PUSH: TableDefinition<u64, &[u8]> = TableDefinition::new("order_id_to_push");
/// Endpoint → the staff member's subscription.
pub const PUSH_ENDPOINT_TO_STAFF: TableDefinition<&str, &[u8]> =
    TableDefinition::new("push_endpoint_to_staff");
// Dining tables (schema v22): the tables guests order at by their QR code
// (`domain::tables`, `dining_tables.rs`).
/// Table id → the table with its label, state and secret.
pub const DINING_TABLE_ID_TO_TABLE: TableDefinition<u64, &[u8]> =
    TableDefinition::new("dining_table_id_to_table");
pub const META_NEXT_DINING_TABLE_ID: &str = "next_dining_table_id";
