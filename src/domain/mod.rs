//! Pure rules and value types. Nothing here touches poem or redb.

pub mod address;
pub mod catalog;
pub mod coupon;
pub mod customers;
pub mod day_totals;
pub mod delivery;
pub mod edit_version;
pub mod erasure;
pub mod error;
pub mod error_code;
pub mod fiscal;
pub mod hex;
pub mod image;
pub mod money;
pub mod order;
pub mod payment_record;
pub mod period;
pub mod preorder;
pub mod printing;
pub mod readiness;
pub mod store_hours;
pub mod store_profile;
pub mod tax_export;
pub mod user;
pub mod vat;
pub mod zip_archive;
