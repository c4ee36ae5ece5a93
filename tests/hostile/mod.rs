//! Hostile clients: every route for every kind of caller, bad tokens, oversized and
//! slow requests, connection and live-socket caps, security headers, and abuse of
//! login and password reset. Run them alone with
//! `cargo test --test integration hostile::`.

mod auth_matrix;
mod bad_tokens;
mod connection_caps;
mod contact_flood;
mod guest_keys;
mod hidden_marks;
mod link_hosts;
mod login_abuse;
mod matrix_rows;
mod order_floods;
mod registration_flood;
mod reset_abuse;
mod security_headers;
mod slow_clients;
mod websocket_limits;
