//! The shop's VAPID key (RFC 8292): a P-256 key made on first start and kept in the
//! data directory with mode 0600 beside the token secret, outside the database (and so
//! outside backups). Browsers subscribe with its public half; every push request
//! carries a short-lived ES256 token signed with it, so a push service delivers only
//! what this shop sends.

use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer as _;
use p256::ecdsa::{Signature, SigningKey, VerifyingKey};

use crate::auth::tokens::write_private;

pub const KEY_FILE_NAME: &str = "vapid-key";
/// How long a push service may accept one token (RFC 8292 allows at most 24 hours).
const TOKEN_LIFETIME_SECONDS: i64 = 12 * 60 * 60;

pub struct VapidKey {
    signing: SigningKey,
    /// The public key, 65 bytes uncompressed, base64url: the browser's
    /// `applicationServerKey`.
    public: String,
}

#[derive(Debug, thiserror::Error)]
#[error("cannot read or create the Web Push key {path}: {reason}")]
pub struct VapidKeyError {
    path: String,
    reason: String,
}

impl VapidKey {
    fn from_signing(signing: SigningKey) -> VapidKey {
        let point = VerifyingKey::from(&signing).to_encoded_point(false);
        VapidKey {
            public: URL_SAFE_NO_PAD.encode(point.as_bytes()),
            signing,
        }
    }

    /// Loads the key from the data directory, making it on first start.
    pub fn load_or_create(data_dir: &Path) -> Result<VapidKey, VapidKeyError> {
        let path = data_dir.join(KEY_FILE_NAME);
        let fail = |reason: String| VapidKeyError {
            path: path.display().to_string(),
            reason,
        };
        match std::fs::read(&path) {
            Ok(secret) => {
                let signing = SigningKey::from_slice(&secret)
                    .map_err(|_| fail("the file holds no P-256 private key".into()))?;
                return Ok(VapidKey::from_signing(signing));
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(fail(error.to_string())),
        }
        // A random 32-byte scalar is a valid key but for a chance of about 2^-32.
        let signing = loop {
            let mut secret = [0u8; 32];
            getrandom::fill(&mut secret).map_err(|error| fail(error.to_string()))?;
            if let Ok(signing) = SigningKey::from_slice(&secret) {
                break signing;
            }
        };
        write_private(&path, &signing.to_bytes()).map_err(|error| fail(error.to_string()))?;
        Ok(VapidKey::from_signing(signing))
    }

    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header for a push request to `audience` (the endpoint's
    /// origin): `vapid t=<ES256 JWT>, k=<public key>`.
    pub fn authorization(&self, audience: &str, contact: &str, now_unix: i64) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": audience,
            "exp": now_unix + TOKEN_LIFETIME_SECONDS,
            "sub": contact,
        });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        let signature: Signature = self.signing.sign(signed.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(signature.to_bytes());
        format!("vapid t={signed}.{signature}, k={}", self.public)
    }
}

#[cfg(test)]
mod tests {
    use p256::ecdsa::signature::Verifier as _;

    use super::*;

    #[test]
    fn the_key_is_made_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let first = VapidKey::load_or_create(dir.path()).unwrap();
        let again = VapidKey::load_or_create(dir.path()).unwrap();
        assert_eq!(first.public_key(), again.public_key());
        assert_eq!(
            URL_SAFE_NO_PAD.decode(first.public_key()).unwrap().len(),
            65
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(KEY_FILE_NAME))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn the_token_is_an_es256_jwt_for_the_audience_signed_with_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let key = VapidKey::load_or_create(dir.path()).unwrap();
        let header = key.authorization("https://fcm.googleapis.com", "mailto:a@b.example", 1000);
        let (token, public) = header
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split_once(", k="))
            .unwrap();
        assert_eq!(public, key.public_key());
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let claims: serde_json::Value = serde_json::from_slice(
            &URL_SAFE_NO_PAD
                .decode(signed.split_once('.').unwrap().1)
                .unwrap(),
        )
        .unwrap();
        assert_eq!(
            claims,
            serde_json::json!({"aud": "https://fcm.googleapis.com", "exp": 1000 + 43_200, "sub": "mailto:a@b.example"})
        );
        let verifying =
            VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(public).unwrap()).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
        assert!(verifying.verify(signed.as_bytes(), &signature).is_ok());
        assert!(verifying.verify(b"other", &signature).is_err());
    }
}
