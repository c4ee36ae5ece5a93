//! Setting up a TSE once: create it (fiskaly answers its admin PUK), deploy it
//! (`UNINITIALIZED`), set the admin PIN with the PUK, log in as admin, initialize it,
//! register the till as its client, log out. The TSE is read first and the setup goes
//! on from the state it is in, so a setup that stopped half way is finished by calling
//! it again. One gap remains, fiskaly's: the PUK is shown only while the TSE is
//! `CREATED`, so a setup that stopped between the deployment and the PIN cannot set the
//! PIN any more (fiskaly answers `E_ADMIN_PIN_BLOCKED`); such a TSE is disabled in
//! fiskaly's dashboard and set up anew under another id.

use std::time::Duration;

use reqwest::Method;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{FiskalyClient, TseFailure, uuids};
use crate::domain::fiscal::tse::{TseRegistration, is_client_serial};

/// fiskaly asks for at least 30 s on the deployment (`UNINITIALIZED`).
const DEPLOYMENT_TIMEOUT: Duration = Duration::from_secs(30);

/// What of fiskaly's TSS resource the setup reads.
#[derive(Deserialize)]
struct Tss {
    state: String,
    serial_number: String,
    public_key: String,
    certificate: String,
    signature_algorithm: String,
    signature_timestamp_format: String,
    #[serde(default)]
    bsi_certification_id: Option<String>,
    #[serde(default)]
    time_init: Option<i64>,
}

/// What of fiskaly's client resource the setup reads.
#[derive(Deserialize)]
struct Client {
    state: String,
    serial_number: String,
}

/// Where a setup goes on from, in the order of the steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Create,
    Initialize,
    RegisterClient,
}

fn read<T: for<'de> Deserialize<'de>>(answer: Value, what: &str) -> Result<T, TseFailure> {
    serde_json::from_value(answer)
        .map_err(|error| TseFailure::Outage(format!("unreadable {what}: {error}")))
}

impl FiskalyClient {
    /// Sets up the TSE `tss_id` with the till `till_serial` as its client `client_id`
    /// and the admin PIN `admin_pin` (at least 6 characters), or finishes a setup that
    /// stopped; answers what the owner registers with the tax office.
    pub async fn set_up(
        &self,
        tss_id: &str,
        client_id: &str,
        till_serial: &str,
        admin_pin: &str,
    ) -> Result<TseRegistration, TseFailure> {
        uuids(&[tss_id, client_id])?;
        if !is_client_serial(till_serial) {
            return Err(TseFailure::Unusable(format!(
                "the till's serial number `{till_serial}` must have 1 to 70 letters, digits, spaces or '()+,-.:=? (no / or _)"
            )));
        }
        if admin_pin.chars().count() < 6 {
            return Err(TseFailure::Unusable(
                "the TSE's admin PIN must have at least 6 characters".into(),
            ));
        }
        let mut logged_in = false;
        let steps = self
            .set_up_steps(tss_id, client_id, till_serial, admin_pin, &mut logged_in)
            .await;
        if logged_in {
            let logout = format!("/api/v2/tss/{tss_id}/admin/logout");
            let logged_out = self
                .call(Method::POST, &logout, Some(&json!({})), true)
                .await;
            if steps.is_ok() {
                logged_out?;
            }
        }
        let client = steps?;
        let tss = self
            .read_tss(tss_id)
            .await?
            .ok_or_else(|| TseFailure::Outage(format!("the TSE {tss_id} vanished")))?;
        Ok(TseRegistration {
            tss_id: tss_id.to_string(),
            tss_serial_number: tss.serial_number,
            tss_public_key: tss.public_key,
            tss_certificate: tss.certificate,
            signature_algorithm: tss.signature_algorithm,
            signature_timestamp_format: tss.signature_timestamp_format,
            bsi_certification_id: tss.bsi_certification_id,
            initialized_at: tss.time_init,
            client_id: client_id.to_string(),
            client_serial_number: client.serial_number,
        })
    }

    async fn set_up_steps(
        &self,
        tss_id: &str,
        client_id: &str,
        till_serial: &str,
        admin_pin: &str,
        logged_in: &mut bool,
    ) -> Result<Client, TseFailure> {
        let path = format!("/api/v2/tss/{tss_id}");
        let from = match self.read_tss(tss_id).await?.map(|tss| tss.state) {
            None => Step::Create,
            Some(state) => match state.as_str() {
                "CREATED" => Step::Create,
                "UNINITIALIZED" => Step::Initialize,
                "INITIALIZED" => Step::RegisterClient,
                _ => {
                    return Err(TseFailure::Unusable(format!(
                        "the TSE {tss_id} is {state} and cannot be set up; set up a new TSE under another id"
                    )));
                }
            },
        };
        if from == Step::Create {
            // Creating is repeatable while the TSE is CREATED, and answers the PUK.
            let created = self
                .call(Method::PUT, &path, Some(&json!({})), true)
                .await?;
            let admin_puk = created["admin_puk"]
                .as_str()
                .ok_or_else(|| TseFailure::Outage("fiskaly gave no admin PUK".into()))?
                .to_string();
            let deploy = json!({ "state": "UNINITIALIZED" });
            let timeout = self.timeout.max(DEPLOYMENT_TIMEOUT);
            self.call_within(Method::PATCH, &path, Some(&deploy), true, timeout)
                .await?;
            let pin = json!({ "admin_puk": admin_puk, "new_admin_pin": admin_pin });
            let admin = format!("{path}/admin");
            self.call(Method::PATCH, &admin, Some(&pin), false).await?;
        }
        if from <= Step::Initialize {
            self.log_in(tss_id, admin_pin, logged_in).await?;
            let initialize = json!({ "state": "INITIALIZED" });
            self.call(Method::PATCH, &path, Some(&initialize), true)
                .await?;
        }
        let client_path = format!("{path}/client/{client_id}");
        match self.read_client(&client_path).await? {
            Some(client) if client.serial_number != till_serial => {
                Err(TseFailure::Unusable(format!(
                    "the TSE's client {client_id} is the till `{}`, not `{till_serial}`",
                    client.serial_number
                )))
            }
            Some(client) if client.state == "REGISTERED" => Ok(client),
            Some(_) => {
                self.log_in(tss_id, admin_pin, logged_in).await?;
                let register = json!({ "state": "REGISTERED" });
                let answer = self
                    .call(Method::PATCH, &client_path, Some(&register), true)
                    .await?;
                read(answer, "client")
            }
            None => {
                self.log_in(tss_id, admin_pin, logged_in).await?;
                let create = json!({ "serial_number": till_serial });
                let answer = self
                    .call(Method::PUT, &client_path, Some(&create), true)
                    .await?;
                read(answer, "client")
            }
        }
    }

    /// Logs in as the TSE's admin, once per setup.
    async fn log_in(
        &self,
        tss_id: &str,
        admin_pin: &str,
        logged_in: &mut bool,
    ) -> Result<(), TseFailure> {
        if !*logged_in {
            let path = format!("/api/v2/tss/{tss_id}/admin/auth");
            let pin = json!({ "admin_pin": admin_pin });
            self.call(Method::POST, &path, Some(&pin), false).await?;
            *logged_in = true;
        }
        Ok(())
    }

    /// The TSE, or `None` when fiskaly has none under this id.
    async fn read_tss(&self, tss_id: &str) -> Result<Option<Tss>, TseFailure> {
        let path = format!("/api/v2/tss/{tss_id}");
        match self.call(Method::GET, &path, None::<&Value>, true).await {
            Ok(answer) => read(answer, "TSE").map(Some),
            Err(failure) if failure.code() == Some("E_TSS_NOT_FOUND") => Ok(None),
            Err(failure) => Err(failure),
        }
    }

    async fn read_client(&self, path: &str) -> Result<Option<Client>, TseFailure> {
        match self.call(Method::GET, path, None::<&Value>, true).await {
            Ok(answer) => read(answer, "client").map(Some),
            Err(failure) if failure.code() == Some("E_CLIENT_NOT_FOUND") => Ok(None),
            Err(failure) => Err(failure),
        }
    }
}
