//! WebSocket hubs: state that changes on its own schedule and is pushed to every
//! connected browser.

pub mod orders;
pub mod store_status;
