//! Compressed answers. A phone on a slow line pays for every byte: the menu's JSON is
//! gzip-compressed once per snapshot (at the best level), and any other JSON or HTML
//! answer of more than [`MIN_BYTES`] is compressed as it is sent, for a client whose
//! `Accept-Encoding` takes gzip.
//!
//! Brotli is kept for the embedded static files, compressed when the UI is built: a
//! brotli encoder in the binary costs 0.9 MB of code and tables (its static dictionary
//! and log tables), more than the static binary's size limit leaves, for about 15 % fewer
//! bytes than gzip on the menu (3.7 KB instead of 4.3 KB for the demo's).
//!
//! Only answers that are already in memory are compressed (every JSON and HTML answer of
//! this server is); downloads (CSV, ZIP, images) and the sockets are left alone.

use std::io::Write;

use bytes::Bytes;
use poem::Response;
use poem::http::{HeaderValue, StatusCode, header};

/// Answers smaller than this go out as they are: a header and a frame cost more than
/// what compression would save.
pub const MIN_BYTES: usize = 1024;

/// A content coding this server sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Gzip,
}

impl Coding {
    /// The token of `Content-Encoding` (and the suffix of an ETag).
    pub fn token(self) -> &'static str {
        match self {
            Coding::Gzip => "gzip",
        }
    }

    /// The coding for a client with this `Accept-Encoding`: gzip, else none.
    pub fn preferred(accept_encoding: &str) -> Option<Coding> {
        accepts_encoding(accept_encoding, Coding::Gzip.token()).then_some(Coding::Gzip)
    }

    /// The coding a request's `Accept-Encoding` header asks for.
    pub fn of_request(headers: &poem::http::HeaderMap) -> Option<Coding> {
        headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|value| value.to_str().ok())
            .and_then(Coding::preferred)
    }
}

/// Whether an `Accept-Encoding` header allows `coding` (absent or `q=0` means no).
pub fn accepts_encoding(header: &str, coding: &str) -> bool {
    header.split(',').any(|item| {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let refused = parts.any(|param| {
            param
                .trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        name.eq_ignore_ascii_case(coding) && !refused
    })
}

/// How hard to compress: once for many answers, or once for this answer alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    /// The menu, compressed once per change and sent thousands of times.
    Once,
    /// One answer, compressed while the client waits.
    OnTheFly,
}

/// `plain` in `coding`. Compressing into memory cannot fail; should it, the plain bytes
/// are the caller's fallback (`None`).
pub fn compress(plain: &[u8], coding: Coding, effort: Effort) -> Option<Bytes> {
    let mut out = Vec::with_capacity(plain.len() / 4 + 64);
    match coding {
        Coding::Gzip => {
            let level = match effort {
                Effort::Once => flate2::Compression::best(),
                Effort::OnTheFly => flate2::Compression::new(6),
            };
            let mut writer = flate2::write::GzEncoder::new(&mut out, level);
            writer.write_all(plain).ok()?;
            writer.finish().ok()?;
        }
    }
    Some(Bytes::from(out))
}

/// A body in each coding, compressed once.
#[derive(Debug, Clone)]
pub struct Encoded {
    pub plain: Bytes,
    gzip: Bytes,
}

impl Encoded {
    pub fn new(plain: Bytes) -> Encoded {
        let gzip = compress(&plain, Coding::Gzip, Effort::Once).unwrap_or_default();
        Encoded { plain, gzip }
    }

    /// The bytes to send for `coding` and the coding they are in (`None`: plain).
    pub fn pick(&self, coding: Option<Coding>) -> (Bytes, Option<Coding>) {
        match coding {
            Some(Coding::Gzip) if !self.gzip.is_empty() => (self.gzip.clone(), Some(Coding::Gzip)),
            _ => (self.plain.clone(), None),
        }
    }
}

/// Whether an answer of this type may be compressed on the fly.
fn compressible(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json") || essence.eq_ignore_ascii_case("text/html")
}

/// Compresses `response` for a client that accepts `coding`, when it is JSON or HTML of
/// at least [`MIN_BYTES`] and not compressed already. Every JSON and HTML answer names
/// `Accept-Encoding` in `Vary`, so a cache keeps one copy per coding.
pub async fn on_the_fly(mut response: Response, coding: Option<Coding>) -> Response {
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    if !compressible(content_type) || response.headers().contains_key(header::CONTENT_ENCODING) {
        return response;
    }
    if !response.headers().contains_key(header::VARY) {
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    let Some(coding) = coding else {
        return response;
    };
    if matches!(
        response.status(),
        StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED
    ) {
        return response;
    }
    let plain = match response.take_body().into_bytes().await {
        Ok(plain) => plain,
        Err(error) => {
            tracing::error!(%error, "an answer could not be read for compression");
            return Response::builder()
                .status(StatusCode::INTERNAL_SERVER_ERROR)
                .finish();
        }
    };
    let compressed = (plain.len() >= MIN_BYTES)
        .then(|| compress(&plain, coding, Effort::OnTheFly))
        .flatten();
    match compressed {
        Some(compressed) => {
            response.headers_mut().insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(coding.token()),
            );
            response.headers_mut().remove(header::CONTENT_LENGTH);
            response.set_body(compressed);
        }
        None => response.set_body(plain),
    }
    response
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    #[test]
    fn accept_encoding_honours_q_zero() {
        assert!(accepts_encoding("gzip, deflate, br", "br"));
        assert!(accepts_encoding("br;q=0.5", "br"));
        assert!(!accepts_encoding("br;q=0, gzip", "br"));
        assert!(accepts_encoding("br;q=0, gzip", "gzip"));
        assert!(!accepts_encoding("", "gzip"));
        assert!(!accepts_encoding("brotli", "br"));
    }

    #[test]
    fn gzip_is_sent_when_accepted() {
        assert_eq!(Coding::preferred("gzip, deflate, br"), Some(Coding::Gzip));
        assert_eq!(Coding::preferred("br, gzip;q=0"), None);
        assert_eq!(Coding::preferred("br"), None);
        assert_eq!(Coding::preferred("identity"), None);
    }

    fn inflate(coding: Coding, bytes: &[u8]) -> Vec<u8> {
        let mut plain = Vec::new();
        match coding {
            Coding::Gzip => {
                flate2::read::GzDecoder::new(bytes)
                    .read_to_end(&mut plain)
                    .unwrap();
            }
        }
        plain
    }

    #[test]
    fn every_coding_gives_back_the_plain_bytes() {
        let plain: Bytes = serde_json::to_vec(
            &(0..500)
                .map(|i| serde_json::json!({"id": i, "name": format!("Pizza {i}")}))
                .collect::<Vec<_>>(),
        )
        .unwrap()
        .into();
        let encoded = Encoded::new(plain.clone());
        let coding = Coding::Gzip;
        let (bytes, sent) = encoded.pick(Some(coding));
        assert_eq!(sent, Some(coding));
        assert!(bytes.len() * 5 < plain.len(), "{}", bytes.len());
        assert_eq!(inflate(coding, &bytes), plain.to_vec());
        let fly = compress(&plain, coding, Effort::OnTheFly).unwrap();
        assert_eq!(inflate(coding, &fly), plain.to_vec());
        assert_eq!(encoded.pick(None), (plain, None));
    }

    #[tokio::test]
    async fn only_large_json_and_html_is_compressed_on_the_fly() {
        let large = "x".repeat(MIN_BYTES);
        let json = |body: &str| {
            Response::builder()
                .content_type("application/json; charset=utf-8")
                .body(body.to_string())
        };
        let sent = on_the_fly(json(&large), Some(Coding::Gzip)).await;
        assert_eq!(sent.headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(sent.headers()[header::VARY], "Accept-Encoding");
        let bytes = sent.into_body().into_bytes().await.unwrap();
        assert_eq!(inflate(Coding::Gzip, &bytes), large.as_bytes());

        let small = on_the_fly(json(&large[1..]), Some(Coding::Gzip)).await;
        assert!(!small.headers().contains_key(header::CONTENT_ENCODING));
        assert_eq!(small.headers()[header::VARY], "Accept-Encoding");
        assert_eq!(
            small.into_body().into_bytes().await.unwrap().len(),
            MIN_BYTES - 1
        );

        let csv = Response::builder()
            .content_type("text/csv")
            .body(large.clone());
        let csv = on_the_fly(csv, Some(Coding::Gzip)).await;
        assert!(!csv.headers().contains_key(header::CONTENT_ENCODING));
        assert!(!csv.headers().contains_key(header::VARY));

        let refused = on_the_fly(json(&large), None).await;
        assert!(!refused.headers().contains_key(header::CONTENT_ENCODING));
    }
}
