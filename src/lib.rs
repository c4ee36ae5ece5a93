//! heimservice: a self-hosted online-ordering appliance for one restaurant.
//!
//! The binary in `main.rs` only calls [`cli::main`]; everything else lives here so the
//! integration tests can start the real server in-process.

pub mod admin_accounts;
pub mod auth;
pub mod cli;
pub mod clock;
pub mod clock_guard;
pub mod config;
pub mod control;
pub mod data_erasure;
pub mod db;
pub mod domain;
pub mod http;
pub mod live;
pub mod logging;
pub mod mail;
pub mod menu_transfer;
pub mod payments;
pub mod printing;
pub mod readiness;
pub mod scheduled_backups;
pub mod server;
pub mod startup_error;
