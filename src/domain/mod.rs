//! Pure rules and value types. Nothing here touches poem or redb.

pub mod cart;
pub mod catalog;
pub mod image;
pub mod money;
pub mod store_profile;
pub mod user;
