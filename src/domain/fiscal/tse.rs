//! The cloud TSE's side of an order (KassenSichV, fiskaly SIGN DE v2): the id of the
//! order's TSE transaction, the receipt amounts it signs and the request bodies that
//! start, finish or cancel it, the signed answer the order keeps ([`TseSignature`]) and
//! what the owner registers with the tax office ([`TseRegistration`]).

use serde::{Deserialize, Deserializer, Serialize};
use sha2::{Digest, Sha256};

use crate::domain::hex::hex;

/// Hashed before the ids, so that no other use of SHA-256 over the same ids gives the
/// same transaction id.
const TX_ID_PREFIX: &[u8] = b"heimservice/tse-transaction/v1\0";

/// The TSE transaction id of order `order_id` of store `store_id`: a UUID with the
/// version 4 bits fiskaly will require, made from SHA-256 of the ids and the order's
/// status token, so that a retried call repeats it and fiskaly sees the same
/// transaction, while an order id used again (a database restored from an older
/// backup) gets a new one: its token is new.
pub fn tx_id_of(store_id: u64, order_id: u64, order_token: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(TX_ID_PREFIX);
    hasher.update(store_id.to_be_bytes());
    hasher.update(order_id.to_be_bytes());
    hasher.update(order_token.as_bytes());
    let digest = hasher.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let digits = hex(&bytes);
    format!(
        "{}-{}-{}-{}-{}",
        &digits[0..8],
        &digits[8..12],
        &digits[12..16],
        &digits[16..20],
        &digits[20..32]
    )
}

/// Whether `text` is a lowercase hyphenated UUID, the only ids that go into a path.
pub fn is_uuid(text: &str) -> bool {
    text.len() == 36
        && text.char_indices().all(|(at, c)| match at {
            8 | 13 | 18 | 23 => c == '-',
            _ => c.is_ascii_digit() || ('a'..='f').contains(&c),
        })
}

/// Whether `serial` may be a client's (the till's) serial number: 1 to 70 of the
/// characters fiskaly allows, without the `/` and `_` that DSFinV-K 2.3 forbids.
pub fn is_client_serial(serial: &str) -> bool {
    (1..=70).contains(&serial.len())
        && serial
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " '()+,-.:=?".contains(c))
}

/// The VAT rates a German TSE knows, by the names of DSFinV-K.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum VatRate {
    /// 19 %.
    #[serde(rename = "NORMAL")]
    Normal,
    /// 7 %.
    #[serde(rename = "REDUCED_1")]
    Reduced1,
    /// 10.7 % (farmers' flat rate).
    #[serde(rename = "SPECIAL_RATE_1")]
    SpecialRate1,
    /// 5.5 % (farmers' flat rate).
    #[serde(rename = "SPECIAL_RATE_2")]
    SpecialRate2,
    /// 0 %.
    #[serde(rename = "NULL")]
    Null,
}

/// A VAT rate that has no name at a German TSE.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "a VAT rate of {} % cannot be signed: a German TSE knows 19 %, 7 %, 10.7 %, 5.5 % and 0 %",
    percent_text(*.0)
)]
pub struct UnknownVatRate(pub u32);

fn percent_text(basis_points: u32) -> String {
    let whole = basis_points / 100;
    match basis_points % 100 {
        0 => whole.to_string(),
        part if part % 10 == 0 => format!("{whole}.{}", part / 10),
        part => format!("{whole}.{part:02}"),
    }
}

impl VatRate {
    /// The rate of `basis_points` (1900 → `NORMAL`, 700 → `REDUCED_1`, 1070, 550, 0).
    pub fn of_basis_points(basis_points: u32) -> Result<VatRate, UnknownVatRate> {
        match basis_points {
            1900 => Ok(VatRate::Normal),
            700 => Ok(VatRate::Reduced1),
            1070 => Ok(VatRate::SpecialRate1),
            550 => Ok(VatRate::SpecialRate2),
            0 => Ok(VatRate::Null),
            other => Err(UnknownVatRate(other)),
        }
    }
}

/// How a receipt was paid, as DSFinV-K counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PaymentType {
    /// Cash (`Bar`).
    #[serde(rename = "CASH")]
    Cash,
    /// Anything else: card, PayPal (`Unbar`).
    #[serde(rename = "NON_CASH")]
    NonCash,
}

/// The gross amounts a finished transaction signs, in cents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReceiptAmounts {
    pub per_vat_rate: Vec<(VatRate, i64)>,
    pub per_payment: Vec<(PaymentType, i64)>,
}

impl ReceiptAmounts {
    /// The amounts of gross sums per VAT rate in basis points, the sums of one rate
    /// added up; refused for a rate a TSE does not know.
    pub fn new(
        per_rate: impl IntoIterator<Item = (u32, i64)>,
        per_payment: Vec<(PaymentType, i64)>,
    ) -> Result<ReceiptAmounts, UnknownVatRate> {
        let mut per_vat_rate: Vec<(VatRate, i64)> = Vec::new();
        for (basis_points, cents) in per_rate {
            let rate = VatRate::of_basis_points(basis_points)?;
            match per_vat_rate.iter_mut().find(|(known, _)| *known == rate) {
                Some((_, sum)) => *sum += cents,
                None => per_vat_rate.push((rate, cents)),
            }
        }
        per_vat_rate.sort_by_key(|(rate, _)| *rate);
        Ok(ReceiptAmounts {
            per_vat_rate,
            per_payment,
        })
    }
}

/// fiskaly's amount: a decimal string with two decimals, negative for a refund.
pub fn amount_text(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{}.{:02}", cents / 100, cents % 100)
}

/// Where a TSE transaction stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TxState {
    Active,
    Finished,
    Cancelled,
}

/// The body of `PUT /api/v2/tss/{tss_id}/tx/{tx_id}?tx_revision=N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TxBody {
    pub state: TxState,
    pub client_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema: Option<TxSchema>,
}

/// The transaction data, in fiskaly's `standard_v1` schema (DSFinV-K `Kassenbeleg-V1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TxSchema {
    pub standard_v1: StandardV1,
}

/// The `standard_v1` schema of a receipt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StandardV1 {
    pub receipt: Receipt,
}

/// A receipt's type and amounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Receipt {
    /// `RECEIPT` (Beleg) or `CANCELLATION` (AVBelegabbruch).
    pub receipt_type: &'static str,
    pub amounts_per_vat_rate: Vec<VatAmount>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub amounts_per_payment_type: Vec<PaymentAmount>,
}

/// The gross sum of one VAT rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VatAmount {
    pub vat_rate: VatRate,
    pub amount: String,
}

/// The sum paid one way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PaymentAmount {
    pub payment_type: PaymentType,
    pub amount: String,
}

fn receipt(receipt_type: &'static str, amounts: &ReceiptAmounts) -> Option<TxSchema> {
    let receipt = Receipt {
        receipt_type,
        amounts_per_vat_rate: amounts
            .per_vat_rate
            .iter()
            .map(|&(vat_rate, cents)| VatAmount {
                vat_rate,
                amount: amount_text(cents),
            })
            .collect(),
        amounts_per_payment_type: amounts
            .per_payment
            .iter()
            .map(|&(payment_type, cents)| PaymentAmount {
                payment_type,
                amount: amount_text(cents),
            })
            .collect(),
    };
    Some(TxSchema {
        standard_v1: StandardV1 { receipt },
    })
}

/// Revision 1: the transaction starts empty, as DSFinV-K asks.
pub fn start_body(client_id: &str) -> TxBody {
    TxBody {
        state: TxState::Active,
        client_id: client_id.to_string(),
        schema: None,
    }
}

/// Revision 2 of a sale: `FINISHED` with the receipt's amounts.
pub fn finish_body(client_id: &str, amounts: &ReceiptAmounts) -> TxBody {
    TxBody {
        state: TxState::Finished,
        client_id: client_id.to_string(),
        schema: receipt("RECEIPT", amounts),
    }
}

/// Revision 2 of an order that was never paid: `CANCELLED` as a `CANCELLATION`
/// (AVBelegabbruch) with the amounts it had, and no payment.
pub fn cancel_body(client_id: &str, per_vat_rate: &[(VatRate, i64)]) -> TxBody {
    let amounts = ReceiptAmounts {
        per_vat_rate: per_vat_rate.to_vec(),
        per_payment: Vec::new(),
    };
    TxBody {
        state: TxState::Cancelled,
        client_id: client_id.to_string(),
        schema: receipt("CANCELLATION", &amounts),
    }
}

/// A signed revision of a TSE transaction as fiskaly answers it; the order keeps it
/// (the receipt prints `qr_code_data`, an audit needs the rest).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TseSignature {
    #[serde(rename = "tx_id", alias = "_id")]
    pub tx_id: String,
    pub tss_id: String,
    pub client_id: String,
    /// The transaction number the TSE gave (one per transaction, increasing).
    pub number: u64,
    pub state: TxState,
    pub revision: u64,
    pub latest_revision: u64,
    /// Unix seconds.
    pub time_start: i64,
    #[serde(default)]
    pub time_end: Option<i64>,
    pub tss_serial_number: String,
    pub client_serial_number: String,
    pub signature: TxSignature,
    pub log: TxLog,
    #[serde(default)]
    pub qr_code_data: Option<String>,
}

impl TseSignature {
    /// The process type and data the TSE signed (e.g. `Kassenbeleg-V1` and
    /// `Beleg^0.00_26.07_0.00_0.00_0.00^26.07:Bar`): the QR code's third and fourth
    /// fields, empty when there is no QR code.
    pub fn process(&self) -> (&str, &str) {
        let mut fields = self.qr_code_data.as_deref().unwrap_or_default().split(';');
        let kind = fields.nth(2).unwrap_or_default();
        let data = fields.next().unwrap_or_default();
        (kind, data)
    }
}

/// The signature of a revision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TxSignature {
    /// Base64.
    pub value: String,
    /// The TSE's signature counter (fiskaly sends a number or a string).
    #[serde(deserialize_with = "counter")]
    pub counter: u64,
    /// E.g. `ecdsa-plain-SHA256`.
    pub algorithm: String,
    /// Base64.
    pub public_key: String,
}

/// The signed log message's operation and time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TxLog {
    /// `Start`, `Update` or `Finish`.
    pub operation: String,
    /// Unix seconds.
    pub timestamp: i64,
    /// E.g. `unixTime`.
    pub timestamp_format: String,
}

fn counter<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Counter {
        Number(u64),
        Text(String),
    }
    match Counter::deserialize(deserializer)? {
        Counter::Number(number) => Ok(number),
        Counter::Text(text) => text.parse().map_err(serde::de::Error::custom),
    }
}

/// What the owner registers with the tax office (§ 146a (4) AO, via ELSTER) once the
/// TSE is set up: the TSE, its certificate, and the till (client) that uses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TseRegistration {
    pub tss_id: String,
    pub tss_serial_number: String,
    /// Base64.
    pub tss_public_key: String,
    /// Base64.
    pub tss_certificate: String,
    pub signature_algorithm: String,
    pub signature_timestamp_format: String,
    /// The BSI certification id of the TSE, when fiskaly names it.
    pub bsi_certification_id: Option<String>,
    /// When the TSE was initialized (Unix seconds): the day it went into service.
    pub initialized_at: Option<i64>,
    pub client_id: String,
    pub client_serial_number: String,
}

#[cfg(test)]
mod tests;
