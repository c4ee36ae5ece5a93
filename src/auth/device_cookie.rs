//! Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a
//! browser that logged in to an account once gets a signed cookie naming that account
//! and a random device id. A login that brings a valid one for the account it tries is
//! not slowed down by failures from other addresses, so nobody can lock the owner out
//! by guessing; the guessers, who have no such cookie, are the ones slowed down.

use hmac::digest::KeyInit;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::domain::hex::hex;

type HmacSha256 = Hmac<Sha256>;

/// The cookie's name.
pub const DEVICE_COOKIE: &str = "heimservice_device";
/// How long a browser keeps it: a year.
pub const DEVICE_COOKIE_MAX_AGE_SECONDS: u64 = 365 * 24 * 60 * 60;

/// The random id of one browser's cookie for one account.
pub type DeviceId = [u8; 16];

/// Signs and checks device cookies with a key derived from the token secret.
/// (HMAC-SHA-256's key is one 64-byte block; a shorter key is padded with zeros.)
pub struct DeviceKey([u8; 64]);

impl DeviceKey {
    /// A key of its own, derived from `secret`, so that a device cookie is never a valid
    /// signature of anything else.
    pub fn from_secret(secret: &[u8]) -> DeviceKey {
        let mut derive = Sha256::new();
        derive.update(b"heimservice device cookie v1\0");
        derive.update(secret);
        let mut key = [0; 64];
        key[..32].copy_from_slice(&derive.finalize());
        DeviceKey(key)
    }

    /// A new cookie value for `account` (lower-case e-mail): `<id>.<signature>` in hex.
    pub fn issue(&self, account: &str) -> Result<String, getrandom::Error> {
        let mut id: DeviceId = [0; 16];
        getrandom::fill(&mut id)?;
        let signature = self.mac(account, &id).finalize().into_bytes();
        Ok(format!("{}.{}", hex(&id), hex(&signature)))
    }

    /// The device id of `value` when it is a cookie this shop issued for `account`.
    pub fn verify(&self, value: &str, account: &str) -> Option<DeviceId> {
        let (id, signature) = value.split_once('.')?;
        let id: DeviceId = unhex(id)?.try_into().ok()?;
        self.mac(account, &id)
            .verify_slice(&unhex(signature)?)
            .ok()?;
        Some(id)
    }

    fn mac(&self, account: &str, id: &DeviceId) -> HmacSha256 {
        let mut mac = <HmacSha256 as KeyInit>::new((&self.0).into());
        mac.update(account.as_bytes());
        mac.update(&[0]);
        mac.update(id);
        mac
    }
}

/// The value of the device cookie in a `Cookie` request header, if there is one.
pub fn from_cookie_header(header: &str) -> Option<&str> {
    header.split(';').find_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        (name == DEVICE_COOKIE).then_some(value.trim())
    })
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cookie_is_valid_only_for_its_account_and_with_its_key() {
        let key = DeviceKey::from_secret(&[7; 32]);
        let cookie = key.issue("anna@example.com").unwrap();
        let id = key.verify(&cookie, "anna@example.com").expect("valid");
        assert_ne!(id, [0; 16]);
        assert_eq!(
            key.verify(&cookie, "bernd@example.com"),
            None,
            "other account"
        );
        assert_eq!(
            DeviceKey::from_secret(&[8; 32]).verify(&cookie, "anna@example.com"),
            None,
            "other shop"
        );
        let (id_part, signature) = cookie.split_once('.').unwrap();
        let last = if id_part.ends_with('0') { '1' } else { '0' };
        let forged = format!("{}{last}.{signature}", &id_part[..31]);
        assert_eq!(key.verify(&forged, "anna@example.com"), None, "changed id");
        for garbage in ["", ".", "zz.zz", "abc", &format!("{id_part}.")] {
            assert_eq!(key.verify(garbage, "anna@example.com"), None, "{garbage:?}");
        }
        assert_ne!(key.issue("anna@example.com").unwrap(), cookie, "random ids");
    }

    #[test]
    fn the_cookie_is_found_among_others() {
        assert_eq!(
            from_cookie_header("a=1; heimservice_device=ab.cd ;b=2"),
            Some("ab.cd")
        );
        assert_eq!(from_cookie_header("heimservice_devices=x"), None);
        assert_eq!(from_cookie_header(""), None);
    }
}
