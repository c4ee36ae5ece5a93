//! Comparing a secret someone sent with the one kept.

use sha2::{Digest, Sha256};

/// Whether `sent` is `kept`, compared as SHA-256 digests byte by byte: the time taken
/// tells neither how much of the secret was right nor how long it is.
pub fn same_secret(sent: &str, kept: &str) -> bool {
    let (sent, kept) = (
        Sha256::digest(sent.as_bytes()),
        Sha256::digest(kept.as_bytes()),
    );
    sent.iter()
        .zip(kept.iter())
        .fold(0u8, |difference, (a, b)| difference | (a ^ b))
        == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_secret_matches() {
        assert!(same_secret("scrape-secret-42", "scrape-secret-42"));
        assert!(!same_secret("scrape-secret-43", "scrape-secret-42"));
        assert!(!same_secret("scrape-secret-4", "scrape-secret-42"));
        assert!(!same_secret("", "scrape-secret-42"));
        assert!(same_secret("s3cret-token", "s3cret-token"));
        assert!(!same_secret("s3cret-toke", "s3cret-token"));
        assert!(!same_secret("", "s3cret-token"));
    }
}
