//! Pure rules and value types. Nothing here touches poem or redb.

pub mod catalog;
pub mod store_profile;
