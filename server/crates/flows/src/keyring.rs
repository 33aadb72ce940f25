//! The server's static X25519 keys, one file each in the key directory.
//!
//! Each pass records the `server_kid` it was claimed under, so several keys can be loaded at
//! once: new passes use the newest key while older passes keep working, which is how a key is
//! rotated without re-enrolling wallets. Files hold the secret as hex; the kid (the file
//! stem) starts with the creation time so the newest key sorts last.
//!
//! The server applies ssh's strictness to its private keys: a key directory or key file that
//! group or others may read (or write) makes it refuse to start, naming the path. A new key
//! is written atomically (a 0600 temporary file, fsync, rename, fsync of the 0700
//! directory), so a crash never leaves a half-written key that a restart would load.

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
    /// On an on-site node (issue 35): the keys of its site's passes, handed to it sealed by
    /// the central server, whose secret the node never holds. Boxed, zeroized when dropped.
    delegated: std::sync::RwLock<Delegated>,
}

/// Pass keys handed to an on-site node, by pass and wallet key.
type Delegated = HashMap<(Uuid, [u8; 32]), Box<PassKeys>>;

/// Keys are boxed so that the map, when it grows and moves its entries, moves pointers
/// only: the keys themselves are never copied into memory that is freed unzeroized, and each
/// zeroizes when its entry is evicted.
#[derive(Debug, Default)]
struct DerivedCache {
    entries: HashMap<(Uuid, [u8; 32]), Box<PassKeys>>,
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
        create_private_dir(dir).map_err(io_err(dir))?;
        check_private(dir)?;
        let mut keys = BTreeMap::new();
        for entry in std::fs::read_dir(dir).map_err(io_err(dir))? {
            let path = entry.map_err(io_err(dir))?.path();
            if path.extension().and_then(|e| e.to_str()) != Some("key") {
                continue;
            }
            check_private(&path)?;
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
            delegated: std::sync::RwLock::default(),
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
                return Ok(PassKeys::clone(keys));
            }
        }
        let server = match self.get(kid) {
            Ok(server) => server,
            Err(error) => {
                let delegated = self
                    .delegated
                    .read()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                return match delegated.get(&cache_key) {
                    Some(keys) => Ok(PassKeys::clone(keys)),
                    None => Err(error),
                };
            }
        };
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
            if cache
                .entries
                .insert(cache_key, Box::new(keys.clone()))
                .is_none()
            {
                cache.order.push_back(cache_key);
            }
        }
        Ok(keys)
    }

    /// The oldest loaded key (the lease-signing key is derived from it, `crate::sites`).
    pub fn oldest(&self) -> Option<(&str, &SecretKey)> {
        self.keys
            .iter()
            .next()
            .map(|(kid, key)| (kid.as_str(), key))
    }

    /// Holds the keys the central server handed this node for a pass bound to `wallet`.
    pub fn delegate(&self, pass: Uuid, wallet: [u8; 32], keys: PassKeys) {
        let mut delegated = self
            .delegated
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        delegated.retain(|(id, _), _| *id != pass);
        delegated.insert((pass, wallet), Box::new(keys));
    }

    /// Drops a pass's handed keys (it was re-bound, transferred or revoked centrally).
    pub fn forget_delegated(&self, pass: Uuid) {
        self.delegated
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .retain(|(id, _), _| *id != pass);
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

/// Creates `dir` (and its parents) if missing; a directory this creates is 0700.
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Refuses a key directory or key file that group or others may access.
///
/// # Errors
/// [`Error::InsecureKeyPermissions`] naming the path and its mode.
fn check_private(path: &Path) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map_err(|source| Error::KeyFile {
                path: path.to_path_buf(),
                source,
            })?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(Error::InsecureKeyPermissions {
                path: path.to_path_buf(),
                mode: mode & 0o777,
            });
        }
    }
    Ok(())
}

fn write_key_file(path: &PathBuf, key: &SecretKey) -> Result<()> {
    let io_err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| Error::KeyFile { path, source }
    };
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    let name = path
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or("key");
    let temp = dir.join(format!(".{name}.tmp"));
    // A temporary file a crash left behind holds no key anyone loaded; start afresh.
    let _ = std::fs::remove_file(&temp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&temp).map_err(io_err(&temp))?;
    let hex = zeroize::Zeroizing::new(key.to_hex());
    file.write_all(hex.as_bytes()).map_err(io_err(&temp))?;
    file.write_all(b"\n").map_err(io_err(&temp))?;
    file.sync_all().map_err(io_err(&temp))?;
    drop(file);
    std::fs::rename(&temp, path).map_err(io_err(path))?;
    // The rename is durable only once the directory entry is.
    std::fs::File::open(dir)
        .and_then(|dir| dir.sync_all())
        .map_err(io_err(dir))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creates_a_private_key_once_and_reloads_it() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("keys");
        let first = Keyring::load_or_create(&dir).unwrap();
        let (kid, key) = first.active().unwrap();
        let second = Keyring::load_or_create(&dir).unwrap();
        assert_eq!(second.len(), 1);
        assert_eq!(second.get(kid).unwrap().public_key(), key.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join(format!("{kid}.key")))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[cfg(unix)]
    fn set_mode(path: &Path, mode: u32) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_key_directory_or_file_others_may_read_is_refused_by_name() {
        use std::os::unix::fs::PermissionsExt;
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("keys");
        let first = Keyring::load_or_create(&dir).unwrap();
        let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "a created key directory is 0700");
        let (kid, _) = first.active().unwrap();
        let file = dir.join(format!("{kid}.key"));

        set_mode(&dir, 0o755);
        match Keyring::load_or_create(&dir) {
            Err(Error::InsecureKeyPermissions { path, mode }) => {
                assert_eq!(path, dir);
                assert_eq!(mode, 0o755);
            }
            other => panic!("a 0755 key directory was accepted: {other:?}"),
        }
        set_mode(&dir, 0o700);
        for loose in [0o640, 0o604, 0o660] {
            set_mode(&file, loose);
            match Keyring::load_or_create(&dir) {
                Err(Error::InsecureKeyPermissions { path, .. }) => assert_eq!(path, file),
                other => panic!("a {loose:o} key file was accepted: {other:?}"),
            }
        }
        set_mode(&file, 0o400);
        assert_eq!(Keyring::load_or_create(&dir).unwrap().len(), 1);
        assert!(
            !std::fs::read_dir(&dir).unwrap().any(|e| e
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")),
            "no temporary file is left behind"
        );
    }

    #[test]
    fn a_garbage_key_file_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        #[cfg(unix)]
        set_mode(dir.path(), 0o700);
        std::fs::write(dir.path().join("x.key"), "not hex").unwrap();
        #[cfg(unix)]
        set_mode(&dir.path().join("x.key"), 0o600);
        assert!(matches!(
            Keyring::load_or_create(dir.path()),
            Err(Error::BadKeyFile(_))
        ));
    }
}
