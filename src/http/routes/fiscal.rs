//! `GET /admin/fiscal`: how the shop records cash for the tax office, and every choice
//! made so far; `PUT /admin/fiscal`: the owner chooses (`pos` with the confirmation
//! that cash is booked in the restaurant's own certified POS).

use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::fiscal::mode::{
    ChosenBy, FiscalChoice, FiscalMode, FiscalRecord, FiscalRequest,
};
use crate::http::AppState;
use crate::http::auth::AdminAuth;
use crate::http::error::{ApiError, required};

pub struct FiscalApi {
    pub state: AppState,
}

/// Who made a choice or a confirmation.
#[derive(Debug, Object)]
pub struct ChosenByView {
    /// `admin` (in the admin area) or `configuration` (the configuration file).
    pub kind: String,
    #[oai(nullable)]
    pub admin_id: Option<u64>,
    /// The admin's e-mail; empty for the configuration file.
    pub email: String,
    /// The admin's name, or the name given in `fiscal.pos_confirmed_by`.
    pub name: String,
}

#[derive(Debug, Object)]
pub struct PosConfirmationView {
    pub by: ChosenByView,
    /// UTC, RFC 3339.
    pub at: String,
}

#[derive(Debug, Object)]
pub struct FiscalChoiceView {
    /// `tse`, `pos` or `cashless`.
    pub mode: String,
    /// UTC, RFC 3339.
    pub chosen_at: String,
    pub chosen_by: ChosenByView,
    /// `pos` only: the owner's confirmation that cash is booked in their certified POS.
    #[oai(nullable)]
    pub pos_confirmation: Option<PosConfirmationView>,
}

#[derive(Debug, Object)]
pub struct FiscalView {
    /// The choice that holds; null while none was made (the shop stays closed).
    #[oai(nullable)]
    pub current: Option<FiscalChoiceView>,
    /// Every choice, oldest first (kept for the tax office).
    pub history: Vec<FiscalChoiceView>,
    /// Cash is offered in the storefront and phone orders are taken.
    pub takes_cash: bool,
    /// Online payment (PayPal) is configured.
    pub online_payment: bool,
    /// `fiscal.mode` of the configuration file; null when it names none. It chooses only
    /// while the shop has no choice of its own.
    #[oai(nullable)]
    pub configured_mode: Option<String>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct FiscalBody {
    /// `tse`, `pos` or `cashless`.
    pub mode: Option<String>,
    /// Required true for `pos`: every cash payment of these orders is booked in the
    /// restaurant's own certified POS system.
    pub pos_confirmed: Option<bool>,
}

fn rfc3339(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn by_view(by: &ChosenBy) -> ChosenByView {
    match by {
        ChosenBy::Admin { id, email, name } => ChosenByView {
            kind: "admin".into(),
            admin_id: Some(*id),
            email: email.clone(),
            name: name.clone(),
        },
        ChosenBy::Configuration { name } => ChosenByView {
            kind: "configuration".into(),
            admin_id: None,
            email: String::new(),
            name: name.clone(),
        },
    }
}

fn choice_view(choice: &FiscalChoice) -> FiscalChoiceView {
    FiscalChoiceView {
        mode: choice.mode.as_str().into(),
        chosen_at: rfc3339(choice.chosen_at),
        chosen_by: by_view(&choice.chosen_by),
        pos_confirmation: choice.pos_confirmation.as_ref().map(|confirmation| {
            PosConfirmationView {
                by: by_view(&confirmation.by),
                at: rfc3339(confirmation.at),
            }
        }),
    }
}

impl FiscalApi {
    fn view(&self, record: &FiscalRecord) -> FiscalView {
        let config = &self.state.config;
        FiscalView {
            current: record.current().map(choice_view),
            history: record.choices.iter().map(choice_view).collect(),
            takes_cash: record.takes_cash(),
            online_payment: !config.paypal.client_id.is_empty(),
            configured_mode: config.fiscal.mode.map(|mode| mode.as_str().to_string()),
        }
    }
}

#[OpenApi]
impl FiscalApi {
    /// How cash is recorded for the tax office (admin): the fiscal mode that holds and
    /// every earlier choice, with who made it and when.
    #[oai(path = "/admin/fiscal", method = "get")]
    async fn fiscal(&self, _admin: AdminAuth) -> Json<FiscalView> {
        Json(self.view(&self.state.shop.fiscal_record()))
    }

    /// Choose the fiscal mode (admin): `tse` (cash orders signed by the cloud TSE),
    /// `pos` (cash booked in the restaurant's own certified POS; needs
    /// `pos_confirmed: true`, kept with the admin and the time) or `cashless` (no cash
    /// in the storefront, no phone orders). Choosing the mode that holds changes nothing.
    #[oai(path = "/admin/fiscal", method = "put")]
    async fn choose(
        &self,
        admin: AdminAuth,
        body: Json<FiscalBody>,
    ) -> Result<Json<FiscalView>, ApiError> {
        let mode = required("mode", body.0.mode)?;
        let mode = FiscalMode::parse(&mode)
            .ok_or_else(|| ApiError::invalid("mode", "must be tse, pos or cashless"))?;
        let request = FiscalRequest {
            mode,
            pos_confirmed: body.0.pos_confirmed.unwrap_or(false),
        };
        let record = self
            .state
            .shop
            .choose_fiscal_mode(&admin.0, request)
            .await?;
        Ok(Json(self.view(&record)))
    }
}
