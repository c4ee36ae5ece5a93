//! What the storefront shows about the restaurant itself, and its ordering settings.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::store_hours::parse_time;
use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};

/// One opening slot. `day_of_week` counts from Sunday = 0; a slot whose close time is
/// before its open time runs past midnight into the next day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreHoursEntry {
    pub day_of_week: u8,
    pub open_time: String,
    pub close_time: String,
    /// Shown beside the slot, e.g. "Mittagstisch"; `label_en` for English visitors
    /// (empty: the German one).
    #[serde(default)]
    pub label: String,
    #[serde(default)]
    pub label_en: String,
}

/// A whole day without orders (a holiday), in the store's time zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closure {
    pub date: NaiveDate,
    #[serde(default)]
    pub note: String,
}

fn default_pickup_lead() -> u16 {
    20
}

fn default_delivery_lead() -> u16 {
    45
}

fn default_interval() -> u16 {
    15
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreProfile {
    pub company_name: String,
    pub address_line: String,
    pub phone: String,
    /// Whether the footer links to the Impressum page.
    pub show_impressum: bool,
    pub impressum_text: String,
    /// The privacy policy (Datenschutzerklärung) shown on the Impressum page.
    #[serde(default)]
    pub privacy_text: String,
    /// The Impressum and the privacy policy for English visitors (empty: the German).
    #[serde(default)]
    pub impressum_text_en: String,
    #[serde(default)]
    pub privacy_text_en: String,
    /// The terms (AGB) and the withdrawal information (Widerrufsbelehrung), shown on
    /// the storefront's terms page; `_en` for English visitors (empty: the German).
    #[serde(default)]
    pub terms_text: String,
    #[serde(default)]
    pub terms_text_en: String,
    #[serde(default)]
    pub withdrawal_text: String,
    #[serde(default)]
    pub withdrawal_text_en: String,
    pub store_hours: Vec<StoreHoursEntry>,
    #[serde(default)]
    pub closures: Vec<Closure>,
    /// The busy kitchen's switch: no orders, whatever the hours say.
    #[serde(default)]
    pub paused: bool,
    /// The earliest pre-order time is now plus this lead (pickup / delivery).
    #[serde(default = "default_pickup_lead")]
    pub pickup_lead_minutes: u16,
    #[serde(default = "default_delivery_lead")]
    pub delivery_lead_minutes: u16,
    /// Pre-order times are offered at this step.
    #[serde(default = "default_interval")]
    pub slot_interval_minutes: u16,
}

impl StoreProfile {
    pub fn closure_dates(&self) -> Vec<NaiveDate> {
        self.closures.iter().map(|closure| closure.date).collect()
    }
}

/// Ordering paused itself: after `unanswered` orders in a row were rejected because
/// nobody answered them, at `since`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AutoPause {
    pub unanswered: u32,
    pub since: chrono::DateTime<chrono::Utc>,
}

pub const SLOT_INTERVALS: [u16; 6] = [5, 10, 15, 20, 30, 60];
pub const MAX_LEAD_MINUTES: u16 = 240;
/// The longest terms or withdrawal information, in characters.
pub const LEGAL_TEXT_MAX: usize = 50_000;

/// A refused store setting: the field and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct SettingError {
    pub field: &'static str,
    pub message: String,
}

fn refuse(field: &'static str, message: impl Into<String>) -> Result<(), SettingError> {
    Err(SettingError {
        field,
        message: message.into(),
    })
}

fn bounded_text(
    field: &'static str,
    value: &str,
    max: usize,
    required: bool,
) -> Result<(), SettingError> {
    if required && value.trim().is_empty() {
        return refuse(field, "must not be empty");
    }
    if value.chars().count() > max {
        return refuse(field, format!("must be at most {max} characters"));
    }
    Ok(())
}

/// Checks a profile an admin sends. Text is trimmed; hours and closures are sorted.
pub fn validate_profile(mut profile: StoreProfile) -> Result<StoreProfile, SettingError> {
    profile.company_name = profile.company_name.trim().to_string();
    profile.address_line = profile.address_line.trim().to_string();
    profile.phone = profile.phone.trim().to_string();
    bounded_text("company_name", &profile.company_name, 120, true)?;
    bounded_text("address_line", &profile.address_line, 200, true)?;
    bounded_text("phone", &profile.phone, 40, false)?;
    bounded_text("impressum_text", &profile.impressum_text, 20_000, false)?;
    bounded_text("privacy_text", &profile.privacy_text, 50_000, false)?;
    bounded_text(
        "impressum_text_en",
        &profile.impressum_text_en,
        20_000,
        false,
    )?;
    bounded_text("privacy_text_en", &profile.privacy_text_en, 50_000, false)?;
    for (field, text) in [
        ("terms_text", &profile.terms_text),
        ("terms_text_en", &profile.terms_text_en),
        ("withdrawal_text", &profile.withdrawal_text),
        ("withdrawal_text_en", &profile.withdrawal_text_en),
    ] {
        bounded_text(field, text, LEGAL_TEXT_MAX, false)?;
    }
    if profile.store_hours.len() > 70 {
        refuse("store_hours", "at most 70 slots")?;
    }
    for (index, entry) in profile.store_hours.iter_mut().enumerate() {
        let at = |what: &str| format!("store_hours[{index}].{what}");
        if entry.day_of_week > 6 {
            refuse(
                "store_hours",
                format!("{}: must be 0 (Sunday) to 6 (Saturday)", at("day_of_week")),
            )?;
        }
        let open = parse_time(&entry.open_time);
        let close = parse_time(&entry.close_time);
        if open.is_none() {
            refuse("store_hours", format!("{}: must be HH:mm", at("open_time")))?;
        }
        if close.is_none() {
            refuse(
                "store_hours",
                format!("{}: must be HH:mm", at("close_time")),
            )?;
        }
        if open == close {
            refuse(
                "store_hours",
                format!("{}: must differ from open_time", at("close_time")),
            )?;
        }
        entry.label = entry.label.trim().to_string();
        entry.label_en = entry.label_en.trim().to_string();
        for (name, label) in [("label", &entry.label), ("label_en", &entry.label_en)] {
            if label.chars().count() > 60 {
                refuse(
                    "store_hours",
                    format!("{}: must be at most 60 characters", at(name)),
                )?;
            }
        }
    }
    profile
        .store_hours
        .sort_by(|a, b| (a.day_of_week, &a.open_time).cmp(&(b.day_of_week, &b.open_time)));
    profile.closures.sort_by_key(|closure| closure.date);
    if profile
        .closures
        .windows(2)
        .any(|pair| pair[0].date == pair[1].date)
    {
        refuse("closures", "each date may appear only once")?;
    }
    if profile.closures.len() > 366 {
        refuse("closures", "at most 366 dates")?;
    }
    for closure in &mut profile.closures {
        closure.note = closure.note.trim().to_string();
        if closure.note.chars().count() > 100 {
            refuse("closures", "notes must be at most 100 characters")?;
        }
    }
    if profile.pickup_lead_minutes > MAX_LEAD_MINUTES {
        refuse(
            "pickup_lead_minutes",
            format!("must be 0 to {MAX_LEAD_MINUTES}"),
        )?;
    }
    if profile.delivery_lead_minutes > MAX_LEAD_MINUTES {
        refuse(
            "delivery_lead_minutes",
            format!("must be 0 to {MAX_LEAD_MINUTES}"),
        )?;
    }
    if !SLOT_INTERVALS.contains(&profile.slot_interval_minutes) {
        refuse("slot_interval_minutes", "must be 5, 10, 15, 20, 30 or 60")?;
    }
    Ok(profile)
}

impl PublicError for SettingError {
    fn code(&self) -> ErrorCode {
        ErrorCode::Invalid
    }

    fn status(&self) -> ErrorStatus {
        ErrorStatus::BadRequest
    }

    fn field(&self) -> Option<&str> {
        Some(self.field)
    }
}

#[cfg(test)]
pub(crate) mod test_builders {
    use super::{StoreHoursEntry, StoreProfile};

    /// A profile open at `hours` (weekday from Sunday = 0, open, close), nothing else set.
    pub fn profile(hours: &[(u8, &str, &str)]) -> StoreProfile {
        StoreProfile {
            company_name: "x".into(),
            address_line: "y".into(),
            phone: String::new(),
            show_impressum: false,
            impressum_text: String::new(),
            privacy_text: String::new(),
            impressum_text_en: String::new(),
            privacy_text_en: String::new(),
            terms_text: String::new(),
            terms_text_en: String::new(),
            withdrawal_text: String::new(),
            withdrawal_text_en: String::new(),
            store_hours: hours
                .iter()
                .map(|(day, open, close)| StoreHoursEntry {
                    day_of_week: *day,
                    open_time: (*open).into(),
                    close_time: (*close).into(),
                    label: String::new(),
                    label_en: String::new(),
                })
                .collect(),
            closures: vec![],
            paused: false,
            pickup_lead_minutes: 20,
            delivery_lead_minutes: 45,
            slot_interval_minutes: 15,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile() -> StoreProfile {
        StoreProfile {
            company_name: "Da Gino".into(),
            address_line: "Hauptstraße 1".into(),
            phone: "030 1".into(),
            show_impressum: true,
            impressum_text: String::new(),
            privacy_text: String::new(),
            impressum_text_en: String::new(),
            privacy_text_en: String::new(),
            terms_text: String::new(),
            terms_text_en: String::new(),
            withdrawal_text: String::new(),
            withdrawal_text_en: String::new(),
            store_hours: vec![StoreHoursEntry {
                day_of_week: 6,
                open_time: "18:00".into(),
                close_time: "01:00".into(),
                label: " **Late** ".into(),
                label_en: String::new(),
            }],
            closures: vec![],
            paused: false,
            pickup_lead_minutes: 20,
            delivery_lead_minutes: 45,
            slot_interval_minutes: 15,
        }
    }

    #[test]
    fn a_sound_profile_passes_and_an_overnight_slot_is_allowed() {
        let checked = validate_profile(profile()).unwrap();
        assert_eq!(checked.store_hours[0].label, "**Late**");
    }

    /// Where a profile keeps one of its texts.
    type TextOf = fn(&mut StoreProfile) -> &mut String;

    #[test]
    fn terms_and_withdrawal_texts_are_optional_and_at_most_50000_characters() {
        let checked = validate_profile(profile()).unwrap();
        assert_eq!(checked.terms_text, "");
        assert_eq!(checked.withdrawal_text, "");

        let longest = "ä".repeat(LEGAL_TEXT_MAX);
        let mut p = profile();
        p.terms_text = longest.clone();
        p.terms_text_en = longest.clone();
        p.withdrawal_text = longest.clone();
        p.withdrawal_text_en = longest.clone();
        let checked = validate_profile(p).unwrap();
        assert_eq!(checked.withdrawal_text_en.chars().count(), LEGAL_TEXT_MAX);

        let fields: [(&str, TextOf); 4] = [
            ("terms_text", |p| &mut p.terms_text),
            ("terms_text_en", |p| &mut p.terms_text_en),
            ("withdrawal_text", |p| &mut p.withdrawal_text),
            ("withdrawal_text_en", |p| &mut p.withdrawal_text_en),
        ];
        for (field, text) in fields {
            let mut p = profile();
            *text(&mut p) = format!("{longest}x");
            let error = validate_profile(p).unwrap_err();
            assert_eq!(error.field, field);
            assert_eq!(error.message, "must be at most 50000 characters");
        }
    }

    #[test]
    fn a_stored_profile_without_terms_loads_with_them_empty() {
        let mut stored = serde_json::to_value(profile()).unwrap();
        for field in [
            "terms_text",
            "terms_text_en",
            "withdrawal_text",
            "withdrawal_text_en",
        ] {
            stored.as_object_mut().unwrap().remove(field);
        }
        let loaded: StoreProfile = serde_json::from_value(stored).unwrap();
        assert_eq!(loaded, profile());
    }

    type Change = Box<dyn Fn(&mut StoreProfile)>;

    #[test]
    fn bad_settings_name_the_field() {
        let cases: Vec<(Change, &str, &str)> = vec![
            (
                Box::new(|p| p.store_hours[0].open_time = "7:00".into()),
                "store_hours",
                "store_hours[0].open_time: must be HH:mm",
            ),
            (
                Box::new(|p| p.store_hours[0].close_time = "18:00".into()),
                "store_hours",
                "must differ",
            ),
            (
                Box::new(|p| p.store_hours[0].day_of_week = 7),
                "store_hours",
                "0 (Sunday)",
            ),
            (
                Box::new(|p| p.company_name = " ".into()),
                "company_name",
                "empty",
            ),
            (
                Box::new(|p| p.slot_interval_minutes = 7),
                "slot_interval_minutes",
                "15",
            ),
            (
                Box::new(|p| p.delivery_lead_minutes = 600),
                "delivery_lead_minutes",
                "240",
            ),
            (
                Box::new(|p| {
                    let date = NaiveDate::from_ymd_opt(2026, 12, 24).unwrap();
                    p.closures = vec![
                        Closure {
                            date,
                            note: String::new(),
                        },
                        Closure {
                            date,
                            note: "x".into(),
                        },
                    ];
                }),
                "closures",
                "only once",
            ),
        ];
        for (change, field, word) in cases {
            let mut p = profile();
            change(&mut p);
            let error = validate_profile(p).unwrap_err();
            assert_eq!(error.field, field);
            assert!(error.message.contains(word), "{}", error.message);
        }
    }
}
