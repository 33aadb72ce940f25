//! The server's static X25519 keys, one file each in the key directory.
//!
//! Each pass records the `server_kid` it was claimed under, so several keys can be loaded at
//! once: new passes use the newest key while older passes keep working, which is how a key is
//! rotated without re-enrolling wallets. Files are created 0600 and hold the secret as hex;
//! the kid (the file stem) starts with the creation time so the newest key sorts last.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use sha2::{Digest, Sha256};
use tessera_protocol::{PassId, PassKeys, PublicKey, SecretKey};
use uuid::Uuid;

use crate::error::{Error, Result};

/// Derived pass keys kept in memory (about 100 bytes each).
const DERIVED_CACHE_CAPACITY: usize = 100_000;

/// The loaded server keys, and a bounded cache of the pass keys derived from them.
///
/// Deriving a pass's keys costs an X25519 multiplication (about 70 µs, see
/// `protocol/benches`), and each admission needs them twice (scan, then answer) within
/// seconds. The cache holds no more than the server secret it is derived from already
/// exposes to anyone reading this process's memory; entries zeroize when evicted.
#[derive(Debug)]
pub struct Keyring {
    keys: BTreeMap<String, SecretKey>,
    derived: Mutex<DerivedCache>,
}

#[derive(Debug, Default)]
struct DerivedCache {
    entries: HashMap<(Uuid, [u8; 32]), PassKeys>,
    order: VecDeque<(Uuid, [u8; 32])>,
}

impl Keyring {
    /// Loads every `<kid>.key` in `dir`, creating the directory and a first key if there is
    /// none.
    ///
    /// # Errors
    /// [`Error::KeyFile`] on IO failure, [`Error::BadKeyFile`] for a file without a key.
    pub fn load_or_create(dir: &Path) -> Result<Self> {
        let io_err = |path: &Path| {
            let path = path.to_path_buf();
            move |source| Error::KeyFile { path, source }
        };
        std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        let mut keys = BTreeMap::new();
        for entry in std::fs::read_dir(dir).map_err(io_err(dir))? {
            let path = entry.map_err(io_err(dir))?.path();
            if path.extension().and_then(|e| e.to_str()) != Some("key") {
                continue;
            }
            let Some(kid) = path.file_stem().and_then(|s| s.to_str()).map(str::to_owned) else {
                continue;
            };
            let text =
                zeroize::Zeroizing::new(std::fs::read_to_string(&path).map_err(io_err(&path))?);
            let key = SecretKey::from_hex(&text).map_err(|_| Error::BadKeyFile(path.clone()))?;
            keys.insert(kid, key);
        }
        if keys.is_empty() {
            let key = SecretKey::generate(&mut rand::rngs::OsRng);
            let kid = new_kid(&key.public_key());
            write_key_file(&dir.join(format!("{kid}.key")), &key)?;
            tracing::info!(server_kid = %kid, dir = %dir.display(), "created a new server key");
            keys.insert(kid, key);
        }
        Ok(Self {
            keys,
            derived: Mutex::new(DerivedCache::default()),
        })
    }

    /// The keys of a pass claimed by `wallet_public` under server key `kid`, from the cache
    /// or freshly derived.
    ///
    /// # Errors
    /// [`Error::UnknownServerKey`]; a low-order wallet key (rejected at claim time) is
    /// reported the same way, as the pass then cannot be served.
    pub fn pass_keys(&self, pass: Uuid, kid: &str, wallet_public: [u8; 32]) -> Result<PassKeys> {
        // A pass's kid never changes, so the wallet key and pass id identify the keys.
        let cache_key = (pass, wallet_public);
        if let Ok(cache) = self.derived.lock() {
            if let Some(keys) = cache.entries.get(&cache_key) {
                return Ok(keys.clone());
            }
        }
        let server = self.get(kid)?;
        let keys = PassKeys::for_server(
            server,
            &PublicKey::from_bytes(wallet_public),
            PassId::new(pass),
        )
        .map_err(|_| Error::UnknownServerKey(kid.to_owned()))?;
        if let Ok(mut cache) = self.derived.lock() {
            if cache.entries.len() >= DERIVED_CACHE_CAPACITY {
                if let Some(oldest) = cache.order.pop_front() {
                    cache.entries.remove(&oldest);
                }
            }
            if cache.entries.insert(cache_key, keys.clone()).is_none() {
                cache.order.push_back(cache_key);
            }
        }
        Ok(keys)
    }

    /// The key new passes are bound to (the newest).
    pub fn active(&self) -> Option<(&str, &SecretKey)> {
        self.keys
            .iter()
            .next_back()
            .map(|(kid, key)| (kid.as_str(), key))
    }

    /// The key with this id.
    ///
    /// # Errors
    /// [`Error::UnknownServerKey`] when it is not loaded.
    pub fn get(&self, kid: &str) -> Result<&SecretKey> {
        self.keys
            .get(kid)
            .ok_or_else(|| Error::UnknownServerKey(kid.to_owned()))
    }

    /// Number of loaded keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no key is loaded.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

fn new_kid(public: &PublicKey) -> String {
    let stamp = time::OffsetDateTime::now_utc();
    let digest = Sha256::digest(public.as_bytes());
    format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}Z-{:02x}{:02x}{:02x}{:02x}",
        stamp.year(),
        u8::from(stamp.month()),
        stamp.day(),
        stamp.hour(),
        stamp.minute(),
        stamp.second(),
        digest[0],
        digest[1],
        digest[2],
        digest[3]
    )
}

fn write_key_file(path: &PathBuf, key: &SecretKey) -> Result<()> {
    let io_err = |source| Error::KeyFile {
        path: path.clone(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(io_err)?;
    let hex = key.to_hex();
    file.write_all(hex.as_bytes()).map_err(io_err)?;
    file.write_all(b"\n").map_err(io_err)?;
    file.sync_all().map_err(io_err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creates_a_private_key_once_and_reloads_it() {
        let dir = tempfile::tempdir().unwrap();
        let first = Keyring::load_or_create(dir.path()).unwrap();
        let (kid, key) = first.active().unwrap();
        let second = Keyring::load_or_create(dir.path()).unwrap();
        assert_eq!(second.len(), 1);
        assert_eq!(second.get(kid).unwrap().public_key(), key.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(format!("{kid}.key")))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn a_garbage_key_file_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x.key"), "not hex").unwrap();
        assert!(matches!(
            Keyring::load_or_create(dir.path()),
            Err(Error::BadKeyFile(_))
        ));
    }
}
