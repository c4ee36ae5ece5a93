//! Stored values: one format byte, then the payload. Decoding returns a `Result` so a
//! damaged or future record is an error, never a panic.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::StoreError;

/// Format 1: the record as JSON. Readable with any tool, and tolerant of added fields.
const FORMAT_JSON: u8 = 1;

pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    let mut bytes = vec![FORMAT_JSON];
    serde_json::to_writer(&mut bytes, value).map_err(|e| StoreError::Decode(e.to_string()))?;
    Ok(bytes)
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    match bytes.split_first() {
        Some((&FORMAT_JSON, payload)) => {
            serde_json::from_slice(payload).map_err(|e| StoreError::Decode(e.to_string()))
        }
        Some((format, _)) => Err(StoreError::Decode(format!(
            "unknown record format {format}"
        ))),
        None => Err(StoreError::Decode("empty record".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Sample {
        name: String,
        cents: i64,
    }

    #[test]
    fn a_record_round_trips() {
        let sample = Sample {
            name: "Pizza".into(),
            cents: 950,
        };
        let bytes = encode(&sample).unwrap();
        assert_eq!(bytes[0], FORMAT_JSON);
        assert_eq!(decode::<Sample>(&bytes).unwrap(), sample);
    }

    #[test]
    fn an_unknown_format_is_an_error_not_a_panic() {
        let error = decode::<Sample>(&[9, b'{', b'}']).unwrap_err();
        assert!(error.to_string().contains("unknown record format 9"));
    }

    #[test]
    fn an_empty_or_damaged_record_is_an_error() {
        assert!(decode::<Sample>(&[]).is_err());
        assert!(decode::<Sample>(&[FORMAT_JSON, b'{']).is_err());
    }
}
