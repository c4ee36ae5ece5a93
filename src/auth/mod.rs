//! Passwords (argon2id), bearer tokens (JWT, HS256) and device cookies.

pub mod device_cookie;
mod hs256;
pub mod passwords;
pub mod tokens;
