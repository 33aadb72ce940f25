//! Crash-safe storage of the wallet file (and of the gate's journal, which reuses it).
//!
//! A wallet file holds the only copy of each pass's private key, so losing it loses the pass;
//! a gate journal holds the only record of responses whose outcome the gate has not seen.
//! Every write therefore goes to a fresh temporary file in the same directory (created 0600
//! on Unix), is flushed to disk, renamed over the old file and the directory is synced: after
//! a crash at any point the path holds either the complete old or the complete new file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use zeroize::Zeroizing;

/// Waits for, then holds, the exclusive advisory lock of `path` (an `flock` on
/// `<path>.lock`, so the data file itself can still be replaced by rename). It is released
/// when the returned file is dropped or the process dies, so a killed holder never leaves
/// a stale lock behind.
///
/// # Errors
/// I/O errors opening or locking the lock file.
pub fn lock_exclusive(path: &Path) -> io::Result<File> {
    let file = open_lock_file(path)?;
    file.lock()?;
    Ok(file)
}

/// Takes the exclusive advisory lock of `path` if nobody holds it; `None` when another
/// process does.
///
/// # Errors
/// I/O errors opening or locking the lock file.
pub fn try_lock_exclusive(path: &Path) -> io::Result<Option<File>> {
    let file = open_lock_file(path)?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(error)) => Err(error),
    }
}

/// The lock file beside `path`.
pub fn lock_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_owned());
    path.with_file_name(format!("{name}.lock"))
}

fn open_lock_file(path: &Path) -> io::Result<File> {
    create_private_dir(&parent_dir(path))?;
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(lock_path(path))
}

/// Reads the whole file, or `None` when it does not exist.
///
/// # Errors
/// Any other I/O error (permissions, a directory in its place, …).
pub fn read_if_exists(path: &Path) -> io::Result<Option<Zeroizing<Vec<u8>>>> {
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut bytes = Zeroizing::new(Vec::new());
    file.read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

/// Replaces `path` with `bytes` atomically and durably; the new file is private (0600).
///
/// # Errors
/// Any I/O error; the old file is then untouched and the temporary file removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_dir(path);
    if !dir.as_os_str().is_empty() {
        create_private_dir(&dir)?;
    }
    let tmp = temp_path(path);
    let result = write_new(&tmp, bytes).and_then(|()| fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(&dir)?;
    remove_stale_temps(path, &dir);
    Ok(())
}

/// Deletes temporary files a killed earlier write left beside `path`: they may hold a full
/// copy of the secrets, so they must not outlive the next successful write. Best effort.
fn remove_stale_temps(path: &Path, dir: &Path) {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let prefix = format!(".{name}.");
    let Ok(entries) = fs::read_dir(if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    }) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.starts_with(&prefix) && file.ends_with(".tmp") {
            let _ = fs::remove_file(entry.path());
        }
    }
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_owned());
    let unique = uuid::Uuid::new_v4().simple();
    path.with_file_name(format!(".{name}.{unique}.tmp"))
}

fn write_new(tmp: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(tmp)?;
    file.write_all(bytes)?;
    file.sync_all()
}

fn create_private_dir(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_holder_of_the_lock_at_a_time_and_released_on_drop() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("wallet.json");
        let held = lock_exclusive(&path).unwrap();
        assert!(
            try_lock_exclusive(&path).unwrap().is_none(),
            "a second holder got the lock"
        );
        drop(held);
        assert!(try_lock_exclusive(&path).unwrap().is_some());
    }

    #[test]
    fn writes_replace_and_leave_no_temp_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("w.json");
        assert!(read_if_exists(&path).unwrap().is_none());
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(read_if_exists(&path).unwrap().unwrap().as_slice(), b"two");
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("w.json")]);
    }

    #[test]
    fn a_killed_writes_leftover_is_removed_by_the_next_write() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.json");
        let leftover = dir.path().join(".w.json.0123abcd.tmp");
        fs::write(&leftover, b"secret copy").unwrap();
        let unrelated = dir.path().join(".other.json.0123abcd.tmp");
        fs::write(&unrelated, b"not ours").unwrap();
        write_atomic(&path, b"new").unwrap();
        assert!(!leftover.exists());
        assert!(unrelated.exists());
    }

    #[cfg(unix)]
    #[test]
    fn file_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.json");
        write_atomic(&path, b"{}").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.json");
        write_atomic(&path, b"old").unwrap();
        // A directory where the file should go makes the rename fail.
        let blocked = dir.path().join("d");
        fs::create_dir_all(blocked.join("x")).unwrap();
        assert!(write_atomic(&blocked, b"new").is_err());
        assert_eq!(read_if_exists(&path).unwrap().unwrap().as_slice(), b"old");
        let leftovers = fs::read_dir(dir.path())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".tmp")
            })
            .count();
        assert_eq!(leftovers, 0);
    }
}
