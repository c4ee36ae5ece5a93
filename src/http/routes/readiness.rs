//! `GET /admin/readiness`: what the shop still lacks before it may open, with a link
//! to the admin screen that fixes each item; `POST /admin/readiness/confirm`: the owner
//! opens with the findings as they are.

use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::domain::readiness::{Finding, Subject};
use crate::http::AppState;
use crate::http::auth::OwnerAuth;
use crate::http::error::{ApiError, required};
use crate::shop::readiness::ReadinessReport;

pub struct ReadinessApi {
    pub state: AppState,
}

/// What a finding concerns.
#[derive(Debug, Object)]
pub struct SubjectView {
    /// `setting`, `product`, `topping`, `config`, `storefront` or `fiscal`.
    pub kind: String,
    /// The product's or topping's id.
    #[oai(nullable)]
    pub id: Option<u64>,
    /// The product's or topping's name.
    #[oai(nullable)]
    pub name: Option<String>,
    /// The setting, configuration key or storefront text, e.g. `impressum_text`.
    #[oai(nullable)]
    pub key: Option<String>,
}

#[derive(Debug, Object)]
pub struct FindingView {
    /// Stable code, e.g. `allergens_missing`.
    pub code: String,
    /// Identifies the finding (code and subject); a confirmation names these.
    pub key: String,
    /// `error` (law or ordering needs it) or `warning` (advice): closed until fixed or
    /// confirmed; `hidden`: the product or topping is not sold until fixed, the shop
    /// stays open.
    pub severity: String,
    pub subject: SubjectView,
    /// The admin screen that fixes it, e.g. `/admin/products?id=12`; null when it is
    /// fixed outside the admin area (the configuration file).
    #[oai(nullable)]
    pub link: Option<String>,
    /// The finding in English.
    pub detail: String,
    /// Covered by the owner's confirmation.
    pub confirmed: bool,
}

#[derive(Debug, Object)]
pub struct ConfirmationView {
    /// UTC, RFC 3339.
    pub confirmed_at: String,
    /// The admin who confirmed; null when an upgrade recorded the findings it found.
    #[oai(nullable)]
    pub admin_id: Option<u64>,
    pub by_upgrade: bool,
    pub finding_keys: Vec<String>,
}

#[derive(Debug, Object)]
pub struct ReadinessView {
    /// No finding is left unconfirmed: the shop takes orders (by its hours).
    pub ready: bool,
    pub findings: Vec<FindingView>,
    #[oai(nullable)]
    pub confirmation: Option<ConfirmationView>,
}

#[derive(Debug, Object)]
#[oai(deny_unknown_fields)]
pub struct ConfirmBody {
    /// The keys of the findings the owner saw and accepts: all current findings.
    pub finding_keys: Option<Vec<String>>,
}

fn subject_view(subject: &Subject) -> SubjectView {
    let (kind, id, name, key) = match subject {
        Subject::Setting { key } => ("setting", None, None, Some(key.clone())),
        Subject::Product { id, name } => ("product", Some(*id), Some(name.clone()), None),
        Subject::Topping { id, name } => ("topping", Some(*id), Some(name.clone()), None),
        Subject::Config { key } => ("config", None, None, Some(key.clone())),
        Subject::Storefront { key } => ("storefront", None, None, Some(key.clone())),
        Subject::Fiscal { key } => ("fiscal", None, None, Some(key.clone())),
    };
    SubjectView {
        kind: kind.into(),
        id,
        name,
        key,
    }
}

fn finding_view(finding: &Finding, report: &ReadinessReport) -> FindingView {
    let key = finding.key();
    FindingView {
        code: finding.code.clone(),
        confirmed: report
            .confirmation
            .as_ref()
            .is_some_and(|confirmation| confirmation.finding_keys.contains(&key)),
        key,
        severity: finding.severity.as_str().into(),
        subject: subject_view(&finding.subject),
        link: finding.subject.admin_link(),
        detail: finding.detail.clone(),
    }
}

pub fn readiness_view(report: &ReadinessReport) -> ReadinessView {
    ReadinessView {
        ready: report.ready(),
        findings: report
            .findings
            .iter()
            .map(|finding| finding_view(finding, report))
            .collect(),
        confirmation: report
            .confirmation
            .as_ref()
            .map(|confirmation| ConfirmationView {
                confirmed_at: confirmation
                    .confirmed_at
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                admin_id: confirmation.admin_id,
                by_upgrade: confirmation.admin_id.is_none(),
                finding_keys: confirmation.finding_keys.clone(),
            }),
    }
}

#[OpenApi]
impl ReadinessApi {
    /// What the shop still lacks before it may open (admin): Impressum, privacy policy,
    /// allergen labels, tax rates, order button wording, PayPal secret.
    #[oai(path = "/admin/readiness", method = "get")]
    async fn readiness(&self, _admin: OwnerAuth) -> Result<Json<ReadinessView>, ApiError> {
        let report = self.state.shop.readiness_report().await?;
        Ok(Json(readiness_view(&report)))
    }

    /// Open with the findings as they are (admin). `finding_keys` must name exactly the
    /// current findings; a finding that appears later needs a new confirmation.
    #[oai(path = "/admin/readiness/confirm", method = "post")]
    async fn confirm(
        &self,
        admin: OwnerAuth,
        body: Json<ConfirmBody>,
    ) -> Result<Json<ReadinessView>, ApiError> {
        let keys = required("finding_keys", body.0.finding_keys)?;
        if keys.len() > 10_000 || keys.iter().any(|key| key.len() > 200) {
            return Err(ApiError::invalid(
                "finding_keys",
                "must be the keys of the current findings",
            ));
        }
        match self.state.shop.confirm_readiness(admin.0.id, keys).await? {
            Ok(report) => {
                tracing::info!(
                    admin = admin.0.id,
                    findings = report.findings.len(),
                    "readiness findings confirmed"
                );
                Ok(Json(readiness_view(&report)))
            }
            Err(refused) => Err(refused.into()),
        }
    }
}
