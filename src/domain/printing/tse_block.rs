//! The TSE's part of the customer receipt (§ 6 KassenSichV): the transaction number,
//! its start and end, the TSE's and the till's serial numbers, the signature counter,
//! the signature, the process type and data, and the QR code of DSFinV-K; or, when the
//! TSE could not sign, "TSE ausgefallen".

use chrono::{DateTime, Utc};

use super::escpos::Document;
use super::texts::Lang;
use super::tickets::Shop;
use crate::domain::fiscal::signing::OrderTse;
use crate::domain::fiscal::tse::TseSignature;

struct TseTexts {
    failed: &'static str,
    transaction: &'static str,
    start: &'static str,
    end: &'static str,
    tss_serial: &'static str,
    till: &'static str,
    counter: &'static str,
    algorithm: &'static str,
    time_format: &'static str,
    signature: &'static str,
    process_type: &'static str,
    process_data: &'static str,
}

const DE: TseTexts = TseTexts {
    failed: "TSE ausgefallen",
    transaction: "TSE-Transaktion",
    start: "Beginn",
    end: "Ende",
    tss_serial: "TSE-Seriennummer",
    till: "Kassen-Seriennummer",
    counter: "Signaturzähler",
    algorithm: "Signaturalgorithmus",
    time_format: "Zeitformat",
    signature: "Signatur",
    process_type: "Prozesstyp",
    process_data: "Prozessdaten",
};

const EN: TseTexts = TseTexts {
    failed: "TSE out of order",
    transaction: "TSE transaction",
    start: "Start",
    end: "End",
    tss_serial: "TSE serial number",
    till: "Till serial number",
    counter: "Signature counter",
    algorithm: "Signature algorithm",
    time_format: "Time format",
    signature: "Signature",
    process_type: "Process type",
    process_data: "Process data",
};

fn texts(lang: Lang) -> &'static TseTexts {
    match lang {
        Lang::De => &DE,
        Lang::En => &EN,
    }
}

/// A Unix time as the receipt shows it, to the second, in the store's time zone.
fn time(seconds: i64, shop: &Shop) -> String {
    DateTime::<Utc>::from_timestamp(seconds, 0)
        .map(|at| {
            let local = at.with_timezone(&shop.timezone);
            match shop.lang {
                Lang::De => local.format("%d.%m.%Y %H:%M:%S").to_string(),
                Lang::En => local.format("%Y-%m-%d %H:%M:%S").to_string(),
            }
        })
        .unwrap_or_else(|| seconds.to_string())
}

fn signed(doc: &mut Document, signed: &TseSignature, shop: &Shop) {
    let t = texts(shop.lang);
    doc.row(t.transaction, &signed.number.to_string());
    doc.row(t.start, &time(signed.time_start, shop));
    if let Some(end) = signed.time_end {
        doc.row(t.end, &time(end, shop));
    }
    doc.text(&format!("{}: {}", t.tss_serial, signed.tss_serial_number));
    doc.text(&format!("{}: {}", t.till, signed.client_serial_number));
    doc.row(t.counter, &signed.signature.counter.to_string());
    doc.text(&format!("{}: {}", t.algorithm, signed.signature.algorithm));
    doc.text(&format!(
        "{}: {}",
        t.time_format, signed.log.timestamp_format
    ));
    doc.text(&format!("{}: {}", t.signature, signed.signature.value));
    let (kind, data) = signed.process();
    if !kind.is_empty() {
        doc.text(&format!("{}: {kind}", t.process_type));
        doc.text(&format!("{}: {data}", t.process_data));
    }
    if let Some(qr) = &signed.qr_code_data {
        doc.blank().qr(qr);
    }
}

/// The TSE block of `tse` (nothing for a shop that does not sign).
pub fn tse_block(doc: &mut Document, tse: Option<&OrderTse>, shop: &Shop) {
    let Some(tse) = tse else {
        return;
    };
    doc.rule();
    match tse {
        OrderTse::Signed { signature } => signed(doc, signature, shop),
        OrderTse::Failed { started, .. } => {
            doc.bold(true).text(texts(shop.lang).failed).bold(false);
            if let Some(started) = started {
                let t = texts(shop.lang);
                doc.row(t.transaction, &started.number.to_string());
                doc.row(t.start, &time(started.time_start, shop));
                doc.text(&format!("{}: {}", t.tss_serial, started.tss_serial_number));
            }
        }
    }
}
