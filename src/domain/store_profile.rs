//! What the storefront shows about the restaurant itself.

use serde::{Deserialize, Serialize};

/// One opening slot. `day_of_week` counts from Sunday = 0; a slot whose close time is
/// before its open time runs past midnight into the next day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreHoursEntry {
    pub day_of_week: u8,
    pub open_time: String,
    pub close_time: String,
    #[serde(default)]
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreProfile {
    pub company_name: String,
    pub address_line: String,
    pub phone: String,
    /// Whether the footer links to the Impressum page.
    pub show_impressum: bool,
    pub impressum_text: String,
    pub store_hours: Vec<StoreHoursEntry>,
}
