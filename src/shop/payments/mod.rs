//! Payment providers. Cash needs nothing; online payments go through PayPal.

pub mod paypal;
