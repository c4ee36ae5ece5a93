//! The store record (spec §7 `GET /stores/{id}`), its admin edits, and the pre-order
//! times. Every change is published to the live status at once. The settings carry
//! their version (the `ETag`, and `version` in the body); a change sent with it in
//! `If-Match` is refused with 409 `edit_conflict` once someone else changed them, the
//! pause switch included.

use chrono::NaiveDate;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::domain::edit_version::EditVersion;
use crate::domain::order::OrderType;
use crate::domain::preorder::{available_slots, available_slots_ahead};
use crate::domain::store_profile::{
    AutoPause, Closure, StoreHoursEntry, StoreProfile, validate_profile,
};
use crate::http::AppState;
use crate::http::auth::{OwnerAuth, StaffAuth};
use crate::http::edit_versions::{etag, if_match};
use crate::http::error::ApiError;
use crate::http::routes::orders::views::OrderTypeBody;
use crate::shop::hubs::store_status::{ClosedReason, rfc3339};

pub struct StoreApi {
    pub state: AppState,
}

#[derive(Debug, Clone, Object)]
pub struct StoreHoursView {
    /// 0 = Sunday … 6 = Saturday.
    pub day_of_week: u8,
    /// `HH:mm` in the store's time zone.
    #[oai(deserialize_with = "crate::http::text_fields::text")]
    pub open_time: String,
    /// `HH:mm`; before `open_time` means the slot runs past midnight.
    #[oai(deserialize_with = "crate::http::text_fields::text")]
    pub close_time: String,
    /// Shown beside the slot, e.g. "Mittagstisch".
    #[oai(default)]
    pub label: String,
    /// The label for English visitors; empty: the German one.
    #[oai(default)]
    pub label_en: String,
}

#[derive(Debug, Clone, Object)]
pub struct ClosureView {
    /// `YYYY-MM-DD` in the store's time zone.
    pub date: NaiveDate,
    #[oai(default)]
    pub note: String,
}

#[derive(Debug, Object)]
pub struct StoreView {
    pub id: u64,
    pub brand: String,
    pub company_name: String,
    pub address_line: String,
    pub phone: String,
    /// Whether the footer links to the Impressum page.
    pub show_impressum: bool,
    pub impressum_text: String,
    /// The privacy policy (Datenschutzerklärung), shown on the Impressum page.
    pub privacy_text: String,
    /// The Impressum for English visitors; empty: the German one.
    pub impressum_text_en: String,
    /// The privacy policy for English visitors; empty: the German one.
    pub privacy_text_en: String,
    /// The terms (AGB), shown on the terms page; empty: the storefront links no terms.
    pub terms_text: String,
    /// The terms for English visitors; empty: the German ones.
    pub terms_text_en: String,
    /// The withdrawal information (Widerrufsbelehrung), shown below the terms; empty:
    /// the storefront links none.
    pub withdrawal_text: String,
    /// The withdrawal information for English visitors; empty: the German one.
    pub withdrawal_text_en: String,
    /// IANA time zone the hours are meant in.
    pub timezone: String,
    /// Public PayPal client id for the payment script; empty when PayPal is off.
    pub paypal_client_id: String,
    /// Cash payment is offered (false in the fiscal mode `cashless`).
    pub cash_payment: bool,
    pub store_hours: Vec<StoreHoursView>,
    /// Today's and future closure dates.
    pub closures: Vec<ClosureView>,
    /// Ordering paused by the kitchen.
    pub paused: bool,
    pub pickup_lead_minutes: u16,
    pub delivery_lead_minutes: u16,
    pub slot_interval_minutes: u16,
    /// Open for orders now (as the live status says).
    pub is_open: bool,
    /// Why it is closed: `clock_untrusted`, `not_ready`, `auto_paused`, `paused`,
    /// `closure` or `outside_hours`; null while open.
    #[oai(nullable)]
    pub closed_reason: Option<String>,
    /// Set while ordering is paused automatically after unanswered orders.
    #[oai(nullable)]
    pub auto_pause: Option<AutoPauseView>,
    /// RFC 3339 (UTC): when the opening hours next say open, closure days respected,
    /// up to 60 days ahead; null while open, paused or blocked.
    #[oai(nullable)]
    pub next_opening: Option<String>,
    /// The version of the settings (also the `ETag`): send it back in `If-Match` with
    /// `PUT /stores/{id}` to save only while nobody else changed them.
    pub version: String,
}

#[derive(ApiResponse)]
pub enum StoreAnswer {
    /// The store.
    #[oai(status = 200)]
    Ok(
        Json<StoreView>,
        /// The version of the store's settings.
        #[oai(header = "ETag")]
        String,
    ),
}

impl From<StoreView> for StoreAnswer {
    fn from(view: StoreView) -> Self {
        let tag = etag(&view.version);
        StoreAnswer::Ok(Json(view), tag)
    }
}

/// Ordering paused itself after orders nobody answered.
#[derive(Debug, Object)]
pub struct AutoPauseView {
    /// How many orders in a row were rejected because nobody answered.
    pub unanswered: u32,
    /// Since when (UTC, RFC 3339).
    pub since: String,
}

impl From<AutoPause> for AutoPauseView {
    fn from(pause: AutoPause) -> Self {
        AutoPauseView {
            unanswered: pause.unanswered,
            since: rfc3339(pause.since),
        }
    }
}

/// What an admin may change.
#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct StoreBody {
    #[oai(deserialize_with = "crate::http::text_fields::text")]
    pub company_name: String,
    #[oai(deserialize_with = "crate::http::text_fields::text")]
    pub address_line: String,
    /// Omitted: empty.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub phone: Option<String>,
    pub show_impressum: bool,
    /// Omitted: empty.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub impressum_text: Option<String>,
    /// Omitted: unchanged.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub privacy_text: Option<String>,
    /// The Impressum for English visitors (empty: the German one). Omitted: unchanged.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub impressum_text_en: Option<String>,
    /// The privacy policy for English visitors (empty: the German one). Omitted:
    /// unchanged.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub privacy_text_en: Option<String>,
    /// The terms (AGB). Omitted: unchanged.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub terms_text: Option<String>,
    /// The terms for English visitors (empty: the German ones). Omitted: unchanged.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub terms_text_en: Option<String>,
    /// The withdrawal information (Widerrufsbelehrung). Omitted: unchanged.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub withdrawal_text: Option<String>,
    /// The withdrawal information for English visitors (empty: the German one).
    /// Omitted: unchanged.
    #[oai(deserialize_with = "crate::http::text_fields::optional_text")]
    pub withdrawal_text_en: Option<String>,
    pub store_hours: Vec<StoreHoursView>,
    #[oai(default)]
    pub closures: Vec<ClosureView>,
    #[oai(default)]
    pub paused: bool,
    pub pickup_lead_minutes: u16,
    pub delivery_lead_minutes: u16,
    pub slot_interval_minutes: u16,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct PauseBody {
    pub paused: bool,
}

#[derive(Debug, Object)]
pub struct PreOrderSlot {
    /// `HH:mm` in the store's time zone.
    pub time: String,
    /// The same instant in UTC (RFC 3339), e.g. `2026-11-23T10:30:00Z`.
    pub starts_at: String,
}

/// The pre-order times of one day.
#[derive(Debug, Object)]
pub struct PreOrderDay {
    /// `YYYY-MM-DD` in the store's time zone.
    pub date: String,
    pub slots: Vec<PreOrderSlot>,
}

#[derive(Debug, Object)]
pub struct PreOrderSlots {
    /// Whether an order for now is possible (open and not paused).
    pub immediately: bool,
    /// Today's times (those past midnight of today's late opening included).
    pub slots: Vec<PreOrderSlot>,
    /// Every offered time by its calendar day: today and, with `orders.preorder_days`,
    /// the days after it that have times; a day without any is left out.
    pub days: Vec<PreOrderDay>,
    /// Present when a guard keeps the shop shut: `clock_untrusted` or `not_ready` (then
    /// `slots` is empty), or `auto_paused` (paused after unanswered orders).
    #[oai(skip_serializing_if_is_none)]
    pub closed_reason: Option<String>,
}

impl StoreApi {
    async fn profile(&self, id: u64) -> Result<StoreProfile, ApiError> {
        Ok(self.state.shop.store_profile(id).await?)
    }

    fn view(&self, id: u64, profile: StoreProfile) -> StoreView {
        let version = EditVersion::of(&profile);
        let config = &self.state.config;
        let today = self
            .state
            .shop
            .clock()
            .now()
            .with_timezone(&config.timezone)
            .date_naive();
        let status = self.state.shop.status().current();
        StoreView {
            id,
            brand: config.brand.clone(),
            company_name: profile.company_name,
            address_line: profile.address_line,
            phone: profile.phone,
            show_impressum: profile.show_impressum,
            impressum_text: profile.impressum_text,
            privacy_text: profile.privacy_text,
            impressum_text_en: profile.impressum_text_en,
            privacy_text_en: profile.privacy_text_en,
            terms_text: profile.terms_text,
            terms_text_en: profile.terms_text_en,
            withdrawal_text: profile.withdrawal_text,
            withdrawal_text_en: profile.withdrawal_text_en,
            timezone: config.timezone.name().to_string(),
            paypal_client_id: config.paypal.client_id.clone(),
            cash_payment: self.state.shop.takes_cash(),
            store_hours: profile
                .store_hours
                .into_iter()
                .map(|entry| StoreHoursView {
                    day_of_week: entry.day_of_week,
                    open_time: entry.open_time,
                    close_time: entry.close_time,
                    label: entry.label,
                    label_en: entry.label_en,
                })
                .collect(),
            closures: profile
                .closures
                .into_iter()
                .filter(|closure| closure.date >= today)
                .map(|closure| ClosureView {
                    date: closure.date,
                    note: closure.note,
                })
                .collect(),
            paused: profile.paused,
            pickup_lead_minutes: profile.pickup_lead_minutes,
            delivery_lead_minutes: profile.delivery_lead_minutes,
            slot_interval_minutes: profile.slot_interval_minutes,
            is_open: status.is_open,
            closed_reason: status
                .closed_reason
                .map(|reason| reason.as_str().to_string()),
            auto_pause: status.auto_pause.map(AutoPauseView::from),
            next_opening: status.next_opening.map(rfc3339),
            version: version.to_string(),
        }
    }
}

/// The store as `GET /stores/{id}` answers it for this shop, as JSON (the storefront's
/// page carries it, `http/initial_data.rs`).
pub async fn store_json(state: &AppState) -> Result<serde_json::Value, ApiError> {
    use poem_openapi::types::ToJSON;
    let api = StoreApi {
        state: state.clone(),
    };
    let id = state.config.store_id;
    let profile = api.profile(id).await?;
    Ok(api.view(id, profile).to_json().unwrap_or_default())
}

#[OpenApi]
impl StoreApi {
    /// The restaurant: contact details, Impressum, privacy policy, terms and withdrawal
    /// information, opening hours, closures, pause switch and pre-order settings.
    #[oai(path = "/stores/:id", method = "get")]
    async fn get_store(
        &self,
        /// The store id (the storefront sends 14).
        #[oai(name = "id")]
        id: Path<u64>,
    ) -> Result<StoreAnswer, ApiError> {
        let profile = self.profile(id.0).await?;
        Ok(self.view(id.0, profile).into())
    }

    /// Change the store's settings (admin). Connected storefronts see new hours,
    /// closures and the pause switch at once. With `If-Match` (the `ETag` or `version`
    /// of the settings the change was made on), settings someone else changed
    /// meanwhile, the pause switch included, answer 409 `edit_conflict` and nothing is
    /// saved.
    #[oai(path = "/stores/:id", method = "put")]
    async fn put_store(
        &self,
        admin: OwnerAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The version the change was made on; omitted: saved whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
        body: Json<StoreBody>,
    ) -> Result<StoreAnswer, ApiError> {
        let precondition = if_match(version.0.as_deref())?;
        let current = self.profile(id.0).await?;
        let body = body.0;
        let profile = validate_profile(StoreProfile {
            company_name: body.company_name,
            address_line: body.address_line,
            phone: body.phone.unwrap_or_default(),
            show_impressum: body.show_impressum,
            impressum_text: body.impressum_text.unwrap_or_default(),
            privacy_text: body.privacy_text.unwrap_or(current.privacy_text),
            impressum_text_en: body.impressum_text_en.unwrap_or(current.impressum_text_en),
            privacy_text_en: body.privacy_text_en.unwrap_or(current.privacy_text_en),
            terms_text: body.terms_text.unwrap_or(current.terms_text),
            terms_text_en: body.terms_text_en.unwrap_or(current.terms_text_en),
            withdrawal_text: body.withdrawal_text.unwrap_or(current.withdrawal_text),
            withdrawal_text_en: body
                .withdrawal_text_en
                .unwrap_or(current.withdrawal_text_en),
            store_hours: body
                .store_hours
                .into_iter()
                .map(|entry| StoreHoursEntry {
                    day_of_week: entry.day_of_week,
                    open_time: entry.open_time,
                    close_time: entry.close_time,
                    label: entry.label,
                    label_en: entry.label_en,
                })
                .collect(),
            closures: body
                .closures
                .into_iter()
                .map(|closure| Closure {
                    date: closure.date,
                    note: closure.note,
                })
                .collect(),
            paused: body.paused,
            pickup_lead_minutes: body.pickup_lead_minutes,
            delivery_lead_minutes: body.delivery_lead_minutes,
            slot_interval_minutes: body.slot_interval_minutes,
        })?;
        self.state
            .shop
            .save_store_profile(profile.clone(), precondition)
            .await?;
        tracing::info!(admin = admin.0.id, "store settings changed");
        Ok(self.view(id.0, profile).into())
    }

    /// Pause or resume ordering (owner and staff): the busy kitchen's switch. The pause is part of
    /// the settings and changes their version. With `If-Match` (as the settings page
    /// sends it), settings someone else changed meanwhile answer 409 `edit_conflict`;
    /// the dashboard's resume button sets the one value without it.
    #[oai(path = "/stores/:id/pause", method = "put")]
    async fn put_pause(
        &self,
        staff: StaffAuth,
        #[oai(name = "id")] id: Path<u64>,
        /// The version of the settings the switch was flipped on; omitted: whatever the version.
        #[oai(name = "If-Match")]
        version: Header<Option<String>>,
        body: Json<PauseBody>,
    ) -> Result<StoreAnswer, ApiError> {
        let precondition = if_match(version.0.as_deref())?;
        let profile = self
            .state
            .shop
            .pause(id.0, body.0.paused, precondition)
            .await?;
        tracing::info!(
            staff = staff.0.id,
            paused = profile.paused,
            "ordering pause switched"
        );
        Ok(self.view(id.0, profile).into())
    }

    /// The times a customer may pre-order for today, and whether "immediately" is
    /// possible.
    #[oai(path = "/stores/:id/slots", method = "get")]
    async fn slots(
        &self,
        #[oai(name = "id")] id: Path<u64>,
        /// `delivery` or `pickup`: they have different lead times.
        order_type: Query<OrderTypeBody>,
    ) -> Result<Json<PreOrderSlots>, ApiError> {
        let profile = self.profile(id.0).await?;
        Ok(Json(self.slots_for(&profile, order_type.0.into()).await?))
    }
}

impl StoreApi {
    async fn slots_for(
        &self,
        profile: &StoreProfile,
        order_type: OrderType,
    ) -> Result<PreOrderSlots, ApiError> {
        let closed_reason = self
            .state
            .shop
            .status()
            .current()
            .closed_reason
            .filter(|reason| {
                matches!(
                    reason,
                    ClosedReason::ClockUntrusted
                        | ClosedReason::NotReady
                        | ClosedReason::AutoPaused
                )
            });
        let now = self.state.shop.clock().now();
        let full = full_slots(&self.state.shop, order_type, now).await?;
        Ok(PreOrderSlots {
            closed_reason: closed_reason.map(|reason| reason.as_str().to_string()),
            ..slot_offer(
                profile,
                order_type,
                (now, self.state.config.timezone),
                self.state.shop.status().ordering_blocked().is_some(),
                (&full, self.state.config.orders.preorder_days),
            )
        })
    }
}

/// While the shop is closed, `GET /stores/{id}/slots`'s answers for delivery and for
/// pickup as JSON text, for the storefront's page: its closed banner offers pre-orders
/// from them in its first paint. `None` while the shop is open (the page then does not
/// ask for them).
pub async fn closed_slots_json(
    state: &AppState,
) -> Result<Option<[(OrderType, String); 2]>, ApiError> {
    use poem_openapi::types::ToJSON;
    if state.shop.status().current().closed_reason.is_none() {
        return Ok(None);
    }
    let api = StoreApi {
        state: state.clone(),
    };
    let profile = api.profile(state.config.store_id).await?;
    let mut answers = [
        (OrderType::Delivery, String::new()),
        (OrderType::Pickup, String::new()),
    ];
    for (order_type, answer) in &mut answers {
        *answer = api.slots_for(&profile, *order_type).await?.to_json_string();
    }
    Ok(Some(answers))
}

/// The 15-minute slots (starts in Unix seconds) of the next day that hold as many
/// pre-orders of `order_type` as `orders.slot_capacity_*` allows.
pub async fn full_slots(
    shop: &crate::shop::Shop,
    order_type: OrderType,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<std::collections::BTreeSet<i64>, ApiError> {
    let capacity = shop.slot_capacity(order_type);
    let days = i64::from(shop.preorder_days()) + 2;
    Ok(shop
        .db()
        .full_slots(
            order_type,
            capacity,
            now,
            now + chrono::Duration::days(days),
        )
        .await
        .map_err(crate::shop::ShopError::from)?)
}

/// Whether an order for now is possible and the pre-order times, as the storefront
/// offers them; nothing while a guard (`blocked`: untrusted clock, unconfirmed
/// readiness) keeps the shop shut. The phone order form passes the profile with the
/// pause lifted. Times in a slot of `full` (see [`full_slots`]) are left out.
pub fn slot_offer(
    profile: &StoreProfile,
    order_type: OrderType,
    (now, timezone): (chrono::DateTime<chrono::Utc>, chrono_tz::Tz),
    blocked: bool,
    (full, days): (&std::collections::BTreeSet<i64>, u16),
) -> PreOrderSlots {
    let lead = match order_type {
        OrderType::Delivery => profile.delivery_lead_minutes,
        OrderType::Pickup | OrderType::DineIn => profile.pickup_lead_minutes,
    };
    let status = crate::domain::store_hours::status_at(
        &profile.store_hours,
        &profile.closure_dates(),
        profile.paused,
        now,
        timezone,
    );
    let free = |at: &chrono::DateTime<chrono::Utc>| {
        !full.contains(&crate::domain::preorder::capacity_slot(*at))
    };
    let view = |starts_at: chrono::DateTime<chrono::Utc>| PreOrderSlot {
        time: starts_at
            .with_timezone(&timezone)
            .format("%H:%M")
            .to_string(),
        starts_at: starts_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    };
    let (today, ahead) = if blocked {
        (Vec::new(), Vec::new())
    } else {
        (
            available_slots(profile, lead, now, timezone),
            available_slots_ahead(profile, lead, now, timezone, days),
        )
    };
    let slots = today.into_iter().filter(free).map(view).collect();
    let mut by_day: Vec<PreOrderDay> = Vec::new();
    for at in ahead.into_iter().filter(free) {
        let date = at.with_timezone(&timezone).date_naive().to_string();
        match by_day.last_mut() {
            Some(day) if day.date == date => day.slots.push(view(at)),
            _ => by_day.push(PreOrderDay {
                date,
                slots: vec![view(at)],
            }),
        }
    }
    PreOrderSlots {
        immediately: status.is_open && !blocked,
        slots,
        days: by_day,
        closed_reason: None,
    }
}
