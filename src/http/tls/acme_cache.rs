//! What the ACME client keeps between starts, under `<data_dir>/acme/<directory>/`
//! (directories mode 0700, key files 0600): the account credentials (`account.json`),
//! the contact the ACME server has for the account (`contact.txt`), the certificate chain (`certificate.pem`) and its key (`certificate.key.pem`). One
//! folder per ACME server, so switching between Let's Encrypt's staging and production
//! directories never mixes their accounts or certificates.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use instant_acme::AccountCredentials;

const ACCOUNT: &str = "account.json";
const CONTACT: &str = "contact.txt";
const CHAIN: &str = "certificate.pem";
const KEY: &str = "certificate.key.pem";

pub struct AcmeCache {
    dir: PathBuf,
}

impl AcmeCache {
    pub fn new(data_dir: &Path, directory_url: &str) -> AcmeCache {
        AcmeCache {
            dir: data_dir.join("acme").join(folder_name(directory_url)),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Creates the folders (mode 0700) if needed.
    pub fn create(&self) -> io::Result<()> {
        crate::server::create_private_dir(&self.dir)
    }

    /// The stored account; `None` when there is none or it cannot be read (a new one is
    /// then registered).
    pub fn account(&self) -> Option<AccountCredentials> {
        let text = std::fs::read(self.dir.join(ACCOUNT)).ok()?;
        match serde_json::from_slice(&text) {
            Ok(credentials) => Some(credentials),
            Err(error) => {
                tracing::warn!(%error, path = %self.dir.join(ACCOUNT).display(), "ignoring an unreadable ACME account file");
                None
            }
        }
    }

    pub fn save_account(&self, credentials: &AccountCredentials) -> io::Result<()> {
        let json = serde_json::to_vec_pretty(credentials).map_err(io::Error::other)?;
        write_private(&self.dir.join(ACCOUNT), &json)
    }

    /// The contact URL the ACME server was last given for the stored account.
    pub fn account_contact(&self) -> Option<String> {
        let text = std::fs::read_to_string(self.dir.join(CONTACT)).ok()?;
        Some(text.trim().to_string())
    }

    pub fn save_account_contact(&self, contact: &str) -> io::Result<()> {
        write_private(&self.dir.join(CONTACT), format!("{contact}\n").as_bytes())
    }

    /// The stored chain and key (PEM), if both exist.
    pub fn certificate(&self) -> Option<(Vec<u8>, Vec<u8>)> {
        let chain = std::fs::read(self.dir.join(CHAIN)).ok()?;
        let key = std::fs::read(self.dir.join(KEY)).ok()?;
        Some((chain, key))
    }

    pub fn save_certificate(&self, chain_pem: &[u8], key_pem: &[u8]) -> io::Result<()> {
        write_private(&self.dir.join(KEY), key_pem)?;
        write_private(&self.dir.join(CHAIN), chain_pem)
    }
}

/// `https://acme-v02.api.letsencrypt.org/directory` →
/// `acme-v02.api.letsencrypt.org_directory`: the URL without its scheme, every character
/// but letters, digits, `.` and `-` replaced by `_`.
fn folder_name(directory_url: &str) -> String {
    let rest = directory_url
        .split_once("://")
        .map_or(directory_url, |(_, rest)| rest);
    let name: String = rest
        .trim_end_matches('/')
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() || name.starts_with('.') {
        format!("_{name}")
    } else {
        name
    }
}

/// Writes a new file with mode 0600 beside the target, then renames it over the target,
/// so a crash never leaves half a key behind.
fn write_private(path: &Path, contents: &[u8]) -> io::Result<()> {
    let temporary = path.with_extension("tmp");
    let _ = std::fs::remove_file(&temporary);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&temporary)?;
    file.write_all(contents)?;
    file.sync_all()?;
    std::fs::rename(&temporary, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_acme_server_gets_its_own_folder() {
        assert_eq!(
            folder_name("https://acme-v02.api.letsencrypt.org/directory"),
            "acme-v02.api.letsencrypt.org_directory"
        );
        assert_eq!(
            folder_name("https://127.0.0.1:14000/dir/"),
            "127.0.0.1_14000_dir"
        );
        assert_eq!(folder_name("https://.."), "_..");
    }

    #[cfg(unix)]
    #[test]
    fn keys_and_folders_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let data = tempfile::tempdir().unwrap();
        let cache = AcmeCache::new(data.path(), "https://ca.example/directory");
        cache.create().unwrap();
        cache.save_certificate(b"chain", b"key").unwrap();
        cache.save_certificate(b"chain 2", b"key 2").unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&data.path().join("acme")), 0o700);
        assert_eq!(mode(cache.dir()), 0o700);
        assert_eq!(mode(&cache.dir().join(KEY)), 0o600);
        assert_eq!(
            cache.certificate().unwrap(),
            (b"chain 2".to_vec(), b"key 2".to_vec())
        );
    }
}
