//! What German tax law (§ 146a AO, KassenSichV) asks of a shop that takes cash: how
//! the shop records cash ([`mode`]) and what its cloud TSE signs for an order ([`tse`]).

pub mod closing;
pub mod dsfinvk;
pub mod mode;
pub mod signing;
pub mod tse;
