//! argon2id hashing on blocking threads, at most two at a time: each hash takes ~19 MiB
//! and tens of milliseconds, which a Raspberry Pi must not multiply by every login in a
//! burst.

use std::sync::{Arc, LazyLock};

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use tokio::sync::Semaphore;

static HASHING: LazyLock<Arc<Semaphore>> = LazyLock::new(|| Arc::new(Semaphore::new(2)));

/// Verified against when an account does not exist, so that a wrong email costs as
/// long as a wrong password and timing does not reveal which accounts exist.
static DUMMY_HASH: LazyLock<Option<String>> =
    LazyLock::new(|| hash_blocking("not a real password").ok());

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

fn hash_blocking(password: &str) -> Result<String, HashError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|error| HashError(error.to_string()))
}

fn verify_blocking(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|hash| {
            Argon2::default()
                .verify_password(password.as_bytes(), &hash)
                .is_ok()
        })
        .unwrap_or(false)
}

async fn on_blocking_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, HashError> {
    let _permit = HASHING
        .clone()
        .acquire_owned()
        .await
        .map_err(|error| HashError(error.to_string()))?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| HashError(error.to_string()))
}

pub async fn hash(password: String) -> Result<String, HashError> {
    on_blocking_thread(move || hash_blocking(&password)).await?
}

/// Whether `password` matches `phc`; with `None` (no such account) it still spends the
/// time of one verification and answers `false`.
pub async fn verify(password: String, phc: Option<String>) -> Result<bool, HashError> {
    on_blocking_thread(move || match phc {
        Some(phc) => verify_blocking(&password, &phc),
        None => {
            if let Some(dummy) = DUMMY_HASH.as_deref() {
                let _ = verify_blocking(&password, dummy);
            }
            false
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_only_its_password() {
        let phc = hash("correct horse".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$"));
        assert!(
            verify("correct horse".into(), Some(phc.clone()))
                .await
                .unwrap()
        );
        assert!(!verify("wrong horse".into(), Some(phc)).await.unwrap());
        assert!(!verify("anything".into(), None).await.unwrap());
        assert!(!verify("x".into(), Some("not a hash".into())).await.unwrap());
    }
}
