//! The live sockets: the store's open/closed status and the order updates, with the
//! caps on how many are open.

pub mod caps;
pub mod orders;
pub mod socket;
pub mod status;
