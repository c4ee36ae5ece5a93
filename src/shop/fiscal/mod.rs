//! How the shop records cash for the tax office: the fiscal mode the owner chose
//! (`mode.rs`), the cloud TSE's client (`fiskaly.rs`) and the signing of orders with it
//! (`signing.rs`).

pub mod fiskaly;
pub mod mode;
pub mod signing;
