//! How the shop records cash for the tax office: the fiscal mode the owner chose
//! (`mode.rs`).

pub mod mode;
