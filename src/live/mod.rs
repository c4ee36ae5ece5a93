//! WebSocket hubs: state that changes on its own schedule and is pushed to every
//! connected browser; and the caps on how many sockets are open.

pub mod orders;
pub mod socket_caps;
pub mod store_status;
