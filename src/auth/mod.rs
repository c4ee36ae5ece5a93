//! Passwords (argon2id) and bearer tokens (JWT, HS256).

mod hs256;
pub mod passwords;
pub mod tokens;
