//! Stored values: one format byte, then the payload. Decoding returns a `Result` so a
//! damaged or future record is an error, never a panic.

use std::sync::OnceLock;

use miniz_oxide::deflate::core::{
    CompressorOxide, TDEFLFlush, TDEFLStatus, compress_to_output, create_comp_flags_from_zip_params,
};
use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::DbError;
use crate::domain::image::{Image, ImageFormat};

/// Format 1: the record as JSON. Readable with any tool, and tolerant of added fields.
const FORMAT_JSON: u8 = 1;
/// Format 2: an image: content-type length, content type, then the raw bytes.
const FORMAT_IMAGE: u8 = 2;
/// Format 3: the record as JSON, raw-deflated with [`DICTIONARY`] as the window the
/// stream starts with (a preset dictionary): what every order repeats (its field names,
/// the allergen names, the statuses) costs a few bits. An order of about 2 KB of JSON
/// takes about a fifth of that.
const FORMAT_PACKED_JSON: u8 = 3;

/// The preset dictionary of format 3. Records written with it need exactly these bytes
/// to be read: it never changes (a test pins its hash); a better one would be a new
/// format.
const DICTIONARY: &[u8] = include_bytes!("../../assets/order-record-dictionary.txt");
/// zlib's default level: smaller than the fast levels for about the same time on
/// records of a few kilobytes.
const PACKING_LEVEL: i32 = 6;
/// A packed record expands to at most this much; anything longer is damage.
const MAX_UNPACKED_BYTES: usize = 16 * 1024 * 1024;

/// An image record: its format's content type, then its bytes.
pub fn encode_image(format: ImageFormat, image: &[u8]) -> Vec<u8> {
    let content_type = format.content_type().as_bytes();
    let mut bytes = Vec::with_capacity(2 + content_type.len() + image.len());
    bytes.push(FORMAT_IMAGE);
    bytes.push(content_type.len() as u8);
    bytes.extend_from_slice(content_type);
    bytes.extend_from_slice(image);
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

/// Like [`encode`], packed (format 3): for the records there are many of (orders).
pub fn encode_packed<T: Serialize>(value: &T) -> Result<Vec<u8>, DbError> {
    let json = serde_json::to_vec(value).map_err(|e| DbError::Decode(e.to_string()))?;
    let mut compressor = primed_compressor().clone();
    let mut bytes = Vec::with_capacity(1 + json.len() / 3);
    bytes.push(FORMAT_PACKED_JSON);
    let (status, _) = compress_to_output(&mut compressor, &json, TDEFLFlush::Finish, |chunk| {
        bytes.extend_from_slice(chunk);
        true
    });
    if status != TDEFLStatus::Done {
        return Err(DbError::Decode(format!(
            "packing a record failed: {status:?}"
        )));
    }
    Ok(bytes)
}

/// A compressor that has seen [`DICTIONARY`] (its output ends on a byte boundary and is
/// thrown away), cloned for each record.
fn primed_compressor() -> &'static CompressorOxide {
    static PRIMED: OnceLock<CompressorOxide> = OnceLock::new();
    PRIMED.get_or_init(|| {
        let flags = create_comp_flags_from_zip_params(PACKING_LEVEL, -15, 0);
        let mut compressor = CompressorOxide::new(flags);
        compress_to_output(&mut compressor, DICTIONARY, TDEFLFlush::Sync, |_| true);
        compressor
    })
}

/// The JSON of a format 3 record: the stream inflated into a buffer that starts with
/// [`DICTIONARY`], so its back-references may reach into it. The JSON is the buffer
/// from `DICTIONARY.len()` on.
fn unpack(payload: &[u8]) -> Result<Vec<u8>, DbError> {
    let damaged =
        |status: TINFLStatus| DbError::Decode(format!("damaged packed record: {status:?}"));
    let mut decompressor = DecompressorOxide::new();
    let mut out = vec![0; DICTIONARY.len() + payload.len() * 8 + 256];
    out[..DICTIONARY.len()].copy_from_slice(DICTIONARY);
    let (mut read, mut written) = (0, DICTIONARY.len());
    loop {
        let (status, consumed, produced) = decompress(
            &mut decompressor,
            &payload[read..],
            &mut out,
            written,
            inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
        );
        read += consumed;
        written += produced;
        match status {
            TINFLStatus::Done => break,
            TINFLStatus::HasMoreOutput if out.len() < DICTIONARY.len() + MAX_UNPACKED_BYTES => {
                out.resize(out.len() * 2, 0);
            }
            other => return Err(damaged(other)),
        }
    }
    out.truncate(written);
    Ok(out)
}

/// Whether a record is plain JSON (format 1), as older versions stored orders.
pub fn is_plain(bytes: &[u8]) -> bool {
    bytes.first() == Some(&FORMAT_JSON)
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, DbError> {
    match bytes.split_first() {
        Some((&FORMAT_JSON, payload)) => {
            serde_json::from_slice(payload).map_err(|e| DbError::Decode(e.to_string()))
        }
        Some((&FORMAT_PACKED_JSON, payload)) => {
            let unpacked = unpack(payload)?;
            serde_json::from_slice(&unpacked[DICTIONARY.len()..])
                .map_err(|e| DbError::Decode(e.to_string()))
        }
        Some((format, _)) => Err(DbError::Decode(format!("unknown record format {format}"))),
        None => Err(DbError::Decode("empty record".into())),
    }
}

/// Adds `by` to the count a table keeps under `key` (never below 0); a count that
/// comes to 0 is removed, so a count table holds only what is there.
pub(super) fn add_to_count<'k, K: redb::Key + 'static>(
    table: &mut redb::Table<K, u32>,
    key: &K::SelfType<'k>,
    by: i64,
) -> Result<(), DbError> {
    let now = redb::ReadableTable::get(table, key)?.map_or(0, |count| count.value());
    let next = u32::try_from((i64::from(now) + by).max(0)).unwrap_or(u32::MAX);
    if next == 0 {
        table.remove(key)?;
    } else {
        table.insert(key, next)?;
    }
    Ok(())
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
        let bytes = encode_image(image.format, &image.bytes);
        assert_eq!(decode_image(&bytes).unwrap(), image);
        assert!(decode_image(&bytes[..5]).is_err());
        assert!(decode_image(&[FORMAT_JSON, 1, 2]).is_err());
    }

    #[test]
    fn a_packed_order_round_trips_at_a_fraction_of_its_json() {
        let order = crate::domain::printing::test_order::sample_order();
        let json = encode(&order).unwrap();
        let packed = encode_packed(&order).unwrap();
        assert_eq!(packed[0], FORMAT_PACKED_JSON);
        assert_eq!(
            decode::<crate::domain::order::Order>(&packed).unwrap(),
            order
        );
        assert!(
            packed.len() * 3 < json.len(),
            "packed {} bytes, JSON {} bytes",
            packed.len(),
            json.len()
        );
        // Records of every format stay readable side by side.
        assert_eq!(decode::<crate::domain::order::Order>(&json).unwrap(), order);
    }

    #[test]
    fn a_large_packed_record_round_trips() {
        let sample = Sample {
            name: "Pizza Margherita ".repeat(20_000),
            cents: 950,
        };
        let packed = encode_packed(&sample).unwrap();
        assert_eq!(decode::<Sample>(&packed).unwrap(), sample);
    }

    #[test]
    fn a_damaged_packed_record_is_an_error_not_a_panic() {
        let packed = encode_packed(&Sample {
            name: "Pizza".into(),
            cents: 950,
        })
        .unwrap();
        for cut in 1..packed.len() {
            assert!(decode::<Sample>(&packed[..cut]).is_err(), "cut at {cut}");
        }
        let mut flipped = packed.clone();
        for byte in flipped.iter_mut().skip(1) {
            *byte ^= 0x5a;
        }
        assert!(decode::<Sample>(&flipped).is_err());
        assert!(decode::<Sample>(&[FORMAT_PACKED_JSON]).is_err());
    }

    #[test]
    fn the_dictionary_never_changes() {
        use sha2::{Digest, Sha256};
        let hash = Sha256::digest(DICTIONARY);
        assert_eq!(
            crate::domain::hex::hex(&hash),
            "d5419edbf75de00335b9f3386f0c964feaf87015c80ef37892604e56ccc500af",
            "records packed with it could not be read any more"
        );
    }

    #[test]
    fn an_empty_or_damaged_record_is_an_error() {
        assert!(decode::<Sample>(&[]).is_err());
        assert!(decode::<Sample>(&[FORMAT_JSON, b'{']).is_err());
    }
}
