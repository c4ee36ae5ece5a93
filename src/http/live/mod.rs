//! The live sockets: the store's open/closed status and the order updates.

pub mod orders;
pub mod status;
