//! What German tax law (§ 146a AO, KassenSichV) asks of a shop that takes cash: how
//! the shop records cash ([`mode`]).

pub mod mode;
