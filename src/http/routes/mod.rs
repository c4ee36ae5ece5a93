//! One module per resource of the API: parse the request, call the shop, map errors.

pub mod accounts;
pub mod catalog;
pub mod closings;
pub mod coupons;
pub mod customers;
pub mod delivery;
pub mod exports;
pub mod fiscal;
pub mod health;
pub mod metrics;
pub mod orders;
pub mod payments;
pub mod printers;
pub mod push;
pub mod readiness;
pub mod reports;
pub mod restaurant_accounts;
pub mod stores;
pub mod tables;
