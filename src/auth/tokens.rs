//! Bearer tokens: JWT signed with HS256 only (the algorithm is pinned when verifying),
//! with expiry, issuer, audience, the role, and the account's token version so that a
//! password change revokes every older token. The 32-byte signing secret is made on
//! first start and kept in the data directory with mode 0600, outside the database (and
//! so outside backups).

use std::path::Path;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use super::device_cookie::DeviceKey;
use crate::domain::user::{Role, User};

pub const SECRET_FILE_NAME: &str = "jwt-secret";
const ISSUER: &str = "heimservice";
const AUDIENCE: &str = "heimservice";
/// How long a login lasts: one working day.
pub const TOKEN_LIFETIME_SECONDS: u64 = 12 * 60 * 60;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The account id.
    pub sub: String,
    pub role: Role,
    /// The account's token version when the token was issued.
    pub ver: u32,
    pub iat: u64,
    pub exp: u64,
    pub iss: String,
    pub aud: String,
}

impl Claims {
    pub fn user_id(&self) -> Option<u64> {
        self.sub.parse().ok()
    }
}

pub struct TokenKeys {
    /// Signs the device cookies ([`DeviceKey`]), with a key derived from the same secret.
    pub devices: DeviceKey,
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("cannot read or create the token secret {path}: {reason}")]
    Secret { path: String, reason: String },
    #[error("cannot sign a token: {0}")]
    Sign(String),
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8]) -> TokenKeys {
        super::hs256::install();
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 30;
        TokenKeys {
            devices: DeviceKey::from_secret(secret),
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
        }
    }

    /// Loads the secret from the data directory, creating it on first start.
    pub fn load_or_create(data_dir: &Path) -> Result<TokenKeys, TokenError> {
        let path = data_dir.join(SECRET_FILE_NAME);
        let fail = |reason: String| TokenError::Secret {
            path: path.display().to_string(),
            reason,
        };
        match std::fs::read(&path) {
            Ok(secret) if secret.len() >= 32 => return Ok(TokenKeys::from_secret(&secret)),
            Ok(_) => return Err(fail("the file is shorter than 32 bytes".into())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(fail(error.to_string())),
        }
        let mut secret = [0u8; 32];
        getrandom::fill(&mut secret).map_err(|error| fail(error.to_string()))?;
        write_private(&path, &secret).map_err(|error| fail(error.to_string()))?;
        Ok(TokenKeys::from_secret(&secret))
    }

    pub fn issue(&self, user: &User, now: u64) -> Result<String, TokenError> {
        let claims = Claims {
            sub: user.id.to_string(),
            role: user.role,
            ver: user.token_version,
            iat: now,
            exp: now + TOKEN_LIFETIME_SECONDS,
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|error| TokenError::Sign(error.to_string()))
    }

    /// The claims of a valid, unexpired token signed by us; `None` otherwise.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()
            .map(|data| data.claims)
    }
}

#[cfg(unix)]
pub(crate) fn write_private(path: &Path, secret: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(secret)?;
    file.sync_all()
}

#[cfg(not(unix))]
pub(crate) fn write_private(path: &Path, secret: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, secret)
}

pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(role: Role) -> User {
        User {
            id: 7,
            email: "a@example.com".into(),
            name: "Anna".into(),
            role,
            password_hash: String::new(),
            token_version: 3,
            created_at: 0,
            phone: String::new(),
        }
    }

    #[test]
    fn a_token_round_trips_with_role_and_version() {
        let keys = TokenKeys::from_secret(&[7; 32]);
        let token = keys.issue(&user(Role::Owner), unix_now()).unwrap();
        let claims = keys.verify(&token).unwrap();
        assert_eq!(claims.user_id(), Some(7));
        assert_eq!(claims.role, Role::Owner);
        assert_eq!(claims.ver, 3);
    }

    #[test]
    fn expired_foreign_and_unsigned_tokens_are_refused() {
        let keys = TokenKeys::from_secret(&[7; 32]);
        let old = keys
            .issue(&user(Role::Owner), unix_now() - 2 * TOKEN_LIFETIME_SECONDS)
            .unwrap();
        assert!(keys.verify(&old).is_none(), "expired");
        let other = TokenKeys::from_secret(&[8; 32])
            .issue(&user(Role::Owner), unix_now())
            .unwrap();
        assert!(keys.verify(&other).is_none(), "signed with another secret");
        // alg "none" with the same claims must not pass.
        let token = keys.issue(&user(Role::Owner), unix_now()).unwrap();
        let payload = token.split('.').nth(1).unwrap();
        let unsigned = format!("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{payload}.");
        assert!(keys.verify(&unsigned).is_none(), "alg none");
        assert!(keys.verify("garbage").is_none());
    }

    #[test]
    fn the_secret_is_created_once_with_mode_0600() {
        let dir = tempfile::tempdir().unwrap();
        let first = TokenKeys::load_or_create(dir.path()).unwrap();
        let token = first.issue(&user(Role::Customer), unix_now()).unwrap();
        let second = TokenKeys::load_or_create(dir.path()).unwrap();
        assert!(
            second.verify(&token).is_some(),
            "the same secret after a restart"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(SECRET_FILE_NAME))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
