//! How the shop records cash for the tax office: the fiscal mode the owner chose
//! (`mode.rs`) and the cloud TSE that signs cash orders (`fiskaly.rs`).

pub mod fiskaly;
pub mod mode;
