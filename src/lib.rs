//! heimservice: a self-hosted online-ordering appliance for one restaurant.
//!
//! The binary in `main.rs` only calls [`cli::main`]; everything else lives here so the
//! integration tests can start the real server in-process. The layers and what each may
//! use are described in `ARCHITECTURE.md`.

pub mod auth;
pub mod cli;
pub mod clock;
pub mod config;
pub mod control;
pub mod db;
pub mod domain;
pub mod http;
pub mod logging;
pub mod server;
pub mod shop;
pub mod startup_error;
