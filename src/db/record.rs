//! Stored values: one format byte, then the payload. Decoding returns a `Result` so a
//! damaged or future record is an error, never a panic.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::DbError;
use crate::domain::image::{Image, ImageFormat};

/// Format 1: the record as JSON. Readable with any tool, and tolerant of added fields.
const FORMAT_JSON: u8 = 1;
/// Format 2: an image: content-type length, content type, then the raw bytes.
const FORMAT_IMAGE: u8 = 2;

pub fn encode_image(image: &Image) -> Vec<u8> {
    let content_type = image.format.content_type().as_bytes();
    let mut bytes = Vec::with_capacity(2 + content_type.len() + image.bytes.len());
    bytes.push(FORMAT_IMAGE);
    bytes.push(content_type.len() as u8);
    bytes.extend_from_slice(content_type);
    bytes.extend_from_slice(&image.bytes);
    bytes
}

pub fn decode_image(bytes: &[u8]) -> Result<Image, DbError> {
    let damaged = || DbError::Decode("damaged image record".into());
    let (&format, rest) = bytes.split_first().ok_or_else(damaged)?;
    if format != FORMAT_IMAGE {
        return Err(DbError::Decode(format!("unknown image format {format}")));
    }
    let (&length, rest) = rest.split_first().ok_or_else(damaged)?;
    let length = usize::from(length);
    if rest.len() < length {
        return Err(damaged());
    }
    let content_type = std::str::from_utf8(&rest[..length]).map_err(|_| damaged())?;
    let format = ImageFormat::from_content_type(content_type).ok_or_else(damaged)?;
    Ok(Image {
        format,
        bytes: rest[length..].to_vec(),
    })
}

pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, DbError> {
    let mut bytes = vec![FORMAT_JSON];
    serde_json::to_writer(&mut bytes, value).map_err(|e| DbError::Decode(e.to_string()))?;
    Ok(bytes)
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, DbError> {
    match bytes.split_first() {
        Some((&FORMAT_JSON, payload)) => {
            serde_json::from_slice(payload).map_err(|e| DbError::Decode(e.to_string()))
        }
        Some((format, _)) => Err(DbError::Decode(format!("unknown record format {format}"))),
        None => Err(DbError::Decode("empty record".into())),
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
    fn an_image_round_trips_and_damage_is_an_error() {
        let image = Image {
            format: ImageFormat::Png,
            bytes: b"\x89PNG\r\n\x1a\nrest".to_vec(),
        };
        let bytes = encode_image(&image);
        assert_eq!(decode_image(&bytes).unwrap(), image);
        assert!(decode_image(&bytes[..5]).is_err());
        assert!(decode_image(&[FORMAT_JSON, 1, 2]).is_err());
    }

    #[test]
    fn an_empty_or_damaged_record_is_an_error() {
        assert!(decode::<Sample>(&[]).is_err());
        assert!(decode::<Sample>(&[FORMAT_JSON, b'{']).is_err());
    }
}
