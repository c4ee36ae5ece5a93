//! Integration tests: the real server on 127.0.0.1, spoken to over HTTP, and the real
//! binary for the command line. One test binary, as `cargo test` builds it once.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod account_deletion;
mod accounts;
mod acme;
mod admin_edit_conflicts;
mod age_restricted_products;
mod api_errors;
mod auto_pause;
mod backup_restore;
mod catalog_admin;
mod catalog_permissions;
mod cli_admin;
mod cli_check;
mod cli_commands;
mod cli_maintenance;
mod cli_menu;
mod cli_startup_errors;
mod clock_guard;
mod crash_kill;
mod data_erasure;
mod disk_full;
mod file_growth;
mod hostile;
mod https;
mod live_orders;
mod live_status;
mod login;
mod openapi_document;
mod order_lists;
mod order_quotes;
mod orders;
mod paypal_ledger;
mod paypal_orders;
mod phone_orders;
mod preorder_answers;
mod printing;
mod readiness;
mod request_log;
mod stop_with_backlog;
mod store_and_menu;
mod store_settings;
mod storefront_files;
mod upgrade;
