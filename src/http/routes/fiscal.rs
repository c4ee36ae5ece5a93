//! `GET /admin/fiscal`: how the shop records cash for the tax office, and every choice
//! made so far; `PUT /admin/fiscal`: the owner chooses (`pos` with the confirmation
//! that cash is booked in the restaurant's own certified POS).

use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::fiscal::mode::{
    ChosenBy, FiscalChoice, FiscalMode, FiscalRecord, FiscalRequest,
};
use crate::domain::fiscal::signing::TseOutage;
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
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
    pub tse: TseStatusView,
}

/// The cloud TSE: whether it is configured, its setup and what to register with the
/// tax office, and its outages.
#[derive(Debug, Object)]
pub struct TseStatusView {
    /// `fiscal.tse_api_key` and `fiscal.tse_api_secret` are set.
    pub configured: bool,
    /// Null until the setup began.
    #[oai(nullable)]
    pub setup: Option<TseSetupView>,
    /// The outage that lasts now, if any.
    #[oai(nullable)]
    pub outage: Option<TseOutageView>,
    /// Every outage, oldest first.
    pub outages: Vec<TseOutageView>,
}

#[derive(Debug, Object)]
pub struct TseSetupView {
    pub tss_id: String,
    pub client_id: String,
    pub till_serial: String,
    /// UTC, RFC 3339.
    pub begun_at: String,
    /// What the owner registers with the tax office (ELSTER); null until the setup
    /// finished.
    #[oai(nullable)]
    pub registration: Option<TseRegistrationView>,
}

#[derive(Debug, Object)]
pub struct TseRegistrationView {
    pub tss_serial_number: String,
    /// Base64.
    pub tss_public_key: String,
    /// Base64.
    pub tss_certificate: String,
    pub signature_algorithm: String,
    pub signature_timestamp_format: String,
    #[oai(nullable)]
    pub bsi_certification_id: Option<String>,
    /// Unix seconds: when the TSE went into service.
    #[oai(nullable)]
    pub initialized_at: Option<i64>,
    pub client_serial_number: String,
}

#[derive(Debug, Object)]
pub struct TseOutageView {
    /// UTC, RFC 3339.
    pub started_at: String,
    /// Null while it lasts.
    #[oai(nullable)]
    pub ended_at: Option<String>,
    pub reason: String,
    /// The orders whose TSE step went unsigned.
    pub missed_orders: Vec<u64>,
}

fn outage_view(outage: &TseOutage) -> TseOutageView {
    TseOutageView {
        started_at: rfc3339(outage.started_at),
        ended_at: outage.ended_at.map(rfc3339),
        reason: outage.reason.clone(),
        missed_orders: outage.missed_orders.clone(),
    }
}

fn tse_view(record: &FiscalRecord, configured: bool) -> TseStatusView {
    TseStatusView {
        configured,
        setup: record.tse.as_ref().map(|setup| TseSetupView {
            tss_id: setup.tss_id.clone(),
            client_id: setup.client_id.clone(),
            till_serial: setup.till_serial.clone(),
            begun_at: rfc3339(setup.begun_at),
            registration: setup
                .registration
                .as_ref()
                .map(|registration| TseRegistrationView {
                    tss_serial_number: registration.tss_serial_number.clone(),
                    tss_public_key: registration.tss_public_key.clone(),
                    tss_certificate: registration.tss_certificate.clone(),
                    signature_algorithm: registration.signature_algorithm.clone(),
                    signature_timestamp_format: registration.signature_timestamp_format.clone(),
                    bsi_certification_id: registration.bsi_certification_id.clone(),
                    initialized_at: registration.initialized_at,
                    client_serial_number: registration.client_serial_number.clone(),
                }),
        }),
        outage: record
            .tse_outages
            .last()
            .filter(|last| last.ended_at.is_none())
            .map(outage_view),
        outages: record.tse_outages.iter().map(outage_view).collect(),
    }
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
            tse: tse_view(record, config.fiscal.tse.configured()),
        }
    }
}

#[OpenApi]
impl FiscalApi {
    /// How cash is recorded for the tax office (admin): the fiscal mode that holds and
    /// every earlier choice, with who made it and when.
    #[oai(path = "/admin/fiscal", method = "get")]
    async fn fiscal(&self, _admin: OwnerAuth) -> Result<Json<FiscalView>, ApiError> {
        Ok(Json(self.view(&self.state.shop.fiscal_record())))
    }

    /// Choose the fiscal mode (admin): `tse` (cash orders signed by the cloud TSE),
    /// `pos` (cash booked in the restaurant's own certified POS; needs
    /// `pos_confirmed: true`, kept with the admin and the time) or `cashless` (no cash
    /// in the storefront, no phone orders). Choosing the mode that holds changes nothing.
    #[oai(path = "/admin/fiscal", method = "put")]
    async fn choose(
        &self,
        admin: OwnerAuth,
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

    /// Set up the cloud TSE (admin): its TSS and this till as its client at fiskaly,
    /// or finish a setup that stopped. Answers what to register with the tax office.
    /// 409 `tse_not_configured` without `fiscal.tse_api_key`/`…_secret`; 503
    /// `tse_setup_failed` when fiskaly could not finish it (try again).
    #[oai(path = "/admin/fiscal/tse", method = "post")]
    async fn set_up_tse(&self, admin: OwnerAuth) -> Result<Json<FiscalView>, ApiError> {
        let record = self.state.shop.set_up_tse().await?;
        tracing::info!(admin = admin.0.id, "TSE set up");
        Ok(Json(self.view(&record)))
    }
}
