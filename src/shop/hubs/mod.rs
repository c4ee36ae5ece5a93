//! State that changes on its own schedule and is pushed to whoever follows it: the
//! store's open/closed status and every committed change of an order.

pub mod orders;
pub mod store_status;
