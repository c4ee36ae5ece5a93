//! An order's TSE data as receipts must show it (§ 6 KassenSichV): the transaction
//! number, start and end, the TSE's serial number, the signature counter and value,
//! the process type and data, and the QR code's content; or that the TSE failed.

use poem_openapi::Object;
use serde::Serialize;

use crate::domain::fiscal::signing::{OrderTse, TseStep};
use crate::domain::fiscal::tse::{TseSignature, TxState};

/// What the cloud TSE did with the order (fiscal mode `tse`).
#[derive(Debug, Clone, Object, Serialize)]
pub struct TseView {
    /// `active` (started), `finished` (signed receipt), `cancelled`, or `failed` (the
    /// TSE could not be reached or refused: the receipt says "TSE ausgefallen").
    pub state: String,
    /// For `failed`: `start`, `finish` or `cancel`.
    #[oai(nullable)]
    pub failed_step: Option<String>,
    #[oai(nullable)]
    pub transaction_number: Option<u64>,
    /// Unix seconds, as the TSE logged them.
    #[oai(nullable)]
    pub time_start: Option<i64>,
    #[oai(nullable)]
    pub time_end: Option<i64>,
    #[oai(nullable)]
    pub tss_serial_number: Option<String>,
    #[oai(nullable)]
    pub client_serial_number: Option<String>,
    #[oai(nullable)]
    pub signature_counter: Option<u64>,
    /// Base64.
    #[oai(nullable)]
    pub signature: Option<String>,
    #[oai(nullable)]
    pub signature_algorithm: Option<String>,
    /// e.g. `unixTime`.
    #[oai(nullable)]
    pub log_time_format: Option<String>,
    /// e.g. `Kassenbeleg-V1`.
    #[oai(nullable)]
    pub process_type: Option<String>,
    /// e.g. `Beleg^0.00_12.50_…^20.90:Bar`.
    #[oai(nullable)]
    pub process_data: Option<String>,
    /// The receipt's QR code content (V0 format).
    #[oai(nullable)]
    pub qr_code_data: Option<String>,
}

fn state_str(state: TxState) -> &'static str {
    match state {
        TxState::Active => "active",
        TxState::Finished => "finished",
        TxState::Cancelled => "cancelled",
    }
}

fn step_str(step: TseStep) -> &'static str {
    match step {
        TseStep::Start => "start",
        TseStep::Finish => "finish",
        TseStep::Cancel => "cancel",
    }
}

fn signed_view(state: String, signature: Option<&TseSignature>) -> TseView {
    let (process_type, process_data) = signature.map(TseSignature::process).unzip();
    let known = |text: &str| (!text.is_empty()).then(|| text.to_string());
    let (process_type, process_data) = (process_type.and_then(known), process_data.and_then(known));
    TseView {
        state,
        failed_step: None,
        transaction_number: signature.map(|signed| signed.number),
        time_start: signature.map(|signed| signed.time_start),
        time_end: signature.and_then(|signed| signed.time_end),
        tss_serial_number: signature.map(|signed| signed.tss_serial_number.clone()),
        client_serial_number: signature.map(|signed| signed.client_serial_number.clone()),
        signature_counter: signature.map(|signed| signed.signature.counter),
        signature: signature.map(|signed| signed.signature.value.clone()),
        signature_algorithm: signature.map(|signed| signed.signature.algorithm.clone()),
        log_time_format: signature.map(|signed| signed.log.timestamp_format.clone()),
        process_type,
        process_data,
        qr_code_data: signature.and_then(|signed| signed.qr_code_data.clone()),
    }
}

impl From<&OrderTse> for TseView {
    fn from(tse: &OrderTse) -> Self {
        match tse {
            OrderTse::Signed { signature } => {
                signed_view(state_str(signature.state).into(), Some(signature))
            }
            // Why it failed is in the log and the outage list, not in the customer's view.
            OrderTse::Failed { step, started, .. } => TseView {
                failed_step: Some(step_str(*step).into()),
                ..signed_view("failed".into(), started.as_ref())
            },
        }
    }
}
