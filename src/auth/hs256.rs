//! HS256, the one JWT algorithm the shop signs and accepts, as jsonwebtoken's crypto
//! provider. The crate's own `rust_crypto` provider would also link RSA, ECDSA and
//! Ed25519 (about a quarter of a megabyte of the static binary) for tokens that are
//! refused anyway: verification is pinned to HS256 ([`super::tokens`]).

use hmac::{Hmac, Mac};
use jsonwebtoken::crypto::{CryptoProvider, JwtSigner, JwtVerifier, KeyUtils};
use jsonwebtoken::errors::{ErrorKind, Result};
use jsonwebtoken::jwk::{EllipticCurve, ThumbprintHash};
use jsonwebtoken::signature::{self, Signer, Verifier};
use jsonwebtoken::{Algorithm, AlgorithmFamily, DecodingKey, EncodingKey};
use sha2::{Digest, Sha256};

type HmacSha256 = Hmac<Sha256>;

static HS256_ONLY: CryptoProvider = CryptoProvider {
    signer_factory: signer,
    verifier_factory: verifier,
    key_utils: KeyUtils {
        rsa_pub_components_from_private_key: no_rsa,
        rsa_pub_components_from_public_key: no_rsa,
        ec_pub_components_from_private_key: no_ec,
        ed_pub_components_from_private_key: no_ed,
        compute_digest: sha256_only,
    },
};

/// Makes HS256 jsonwebtoken's provider for this process; must run before a token is
/// signed or checked (jsonwebtoken panics without a provider). Later calls do nothing.
pub fn install() {
    let _ = HS256_ONLY.install_default();
}

/// An HMAC-SHA-256 key, ready to sign or verify.
struct Hs256(HmacSha256);

impl Hs256 {
    fn new(algorithm: &Algorithm, family: AlgorithmFamily, secret: &[u8]) -> Result<Hs256> {
        if *algorithm != Algorithm::HS256 {
            return Err(ErrorKind::InvalidAlgorithm.into());
        }
        if family != AlgorithmFamily::Hmac {
            return Err(ErrorKind::InvalidKeyFormat.into());
        }
        HmacSha256::new_from_slice(secret)
            .map(Hs256)
            .map_err(|_| ErrorKind::InvalidKeyFormat.into())
    }
}

fn signer(algorithm: &Algorithm, key: &EncodingKey) -> Result<Box<dyn JwtSigner>> {
    Ok(Box::new(Hs256::new(
        algorithm,
        key.family(),
        key.as_bytes(),
    )?))
}

fn verifier(algorithm: &Algorithm, key: &DecodingKey) -> Result<Box<dyn JwtVerifier>> {
    Ok(Box::new(Hs256::new(
        algorithm,
        key.family(),
        key.try_get_as_bytes()?,
    )?))
}

impl Signer<Vec<u8>> for Hs256 {
    fn try_sign(&self, message: &[u8]) -> std::result::Result<Vec<u8>, signature::Error> {
        let mut mac = self.0.clone();
        mac.update(message);
        Ok(mac.finalize().into_bytes().to_vec())
    }
}

impl Verifier<Vec<u8>> for Hs256 {
    /// Compares in constant time.
    fn verify(
        &self,
        message: &[u8],
        signature: &Vec<u8>,
    ) -> std::result::Result<(), signature::Error> {
        let mut mac = self.0.clone();
        mac.update(message);
        mac.verify_slice(signature)
            .map_err(signature::Error::from_source)
    }
}

impl JwtSigner for Hs256 {
    fn algorithm(&self) -> Algorithm {
        Algorithm::HS256
    }
}

impl JwtVerifier for Hs256 {
    fn algorithm(&self) -> Algorithm {
        Algorithm::HS256
    }
}

fn no_rsa(_: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
    Err(ErrorKind::InvalidAlgorithm.into())
}

fn no_ec(_: &[u8], _: Algorithm) -> Result<(EllipticCurve, Vec<u8>, Vec<u8>)> {
    Err(ErrorKind::InvalidAlgorithm.into())
}

fn no_ed(_: &[u8], _: &EllipticCurve) -> Result<Vec<u8>> {
    Err(ErrorKind::InvalidAlgorithm.into())
}

fn sha256_only(data: &[u8], hash: ThumbprintHash) -> Result<Vec<u8>> {
    match hash {
        ThumbprintHash::SHA256 => Ok(Sha256::digest(data).to_vec()),
        _ => Err(ErrorKind::InvalidAlgorithm.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The HS256 example of jwt.io (secret `your-256-bit-secret`).
    const MESSAGE: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ";
    const SIGNATURE: &str = "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";

    #[test]
    fn signs_and_verifies_the_standard_hs256_example() {
        install();
        let secret = b"your-256-bit-secret";
        let signed = jsonwebtoken::crypto::sign(
            MESSAGE.as_bytes(),
            &EncodingKey::from_secret(secret),
            Algorithm::HS256,
        )
        .unwrap();
        assert_eq!(signed, SIGNATURE);
        let key = DecodingKey::from_secret(secret);
        let verify = |signature: &str, message: &str| {
            jsonwebtoken::crypto::verify(signature, message.as_bytes(), &key, Algorithm::HS256)
                .unwrap()
        };
        assert!(verify(SIGNATURE, MESSAGE));
        assert!(
            !verify(SIGNATURE, &format!("{MESSAGE}x")),
            "another message"
        );
        assert!(!verify(
            "TflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
            MESSAGE
        ));
    }

    #[test]
    fn other_algorithms_are_refused() {
        install();
        let key = EncodingKey::from_secret(b"your-256-bit-secret");
        for algorithm in [
            Algorithm::HS384,
            Algorithm::HS512,
            Algorithm::RS256,
            Algorithm::ES256,
        ] {
            assert!(
                jsonwebtoken::crypto::sign(MESSAGE.as_bytes(), &key, algorithm).is_err(),
                "{algorithm:?}"
            );
        }
    }
}
