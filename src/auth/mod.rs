//! Passwords (argon2id) and bearer tokens (JWT, HS256).

pub mod passwords;
pub mod tokens;
