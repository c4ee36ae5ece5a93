//! What every request passes through: the outer frame (caps, body limits, security
//! headers, request log), and the throttles of the login and password-reset routes.

pub mod body_limit;
pub mod frame;
pub mod order_throttle;
pub mod over_cap;
pub mod request_log;
pub mod reset_throttle;
pub mod security_headers;
pub mod throttle;
pub mod trailing_slash;
