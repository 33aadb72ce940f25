//! The gate's journal: every scan and response still waiting for its `result`, and every
//! walk-in request not yet closed.
//!
//! TSR1 makes resends safe (same `scan_id` → same challenge; same nonce → the stored
//! outcome), but only if the gate still knows what it sent. The journal is that memory: an
//! entry is written *before* its message goes out and removed only when the `result`
//! arrives, so a dropped answer, a reconnect or a restart of the process resends exactly the
//! same `scan_id`, nonce and response. It is one small JSON document rewritten atomically
//! (see [`crate::store`]) on every change, which is simple and cheap at a gate's scan rate.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tessera_protocol::messages::{HostSummary, PassSummary, WalkInState, WalkInStatus};
use tessera_protocol::Nonce;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::error::{Error, Result};
use tessera_wallet::store;

/// The `format` string of the journal file.
pub const JOURNAL_FORMAT: &str = "tessera-gate-journal/1";

/// Text that must not reach logs (a rotating code or a wallet response): `Debug` redacts it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Sensitive(String);

impl Sensitive {
    /// Wraps the text.
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }

    /// The text, for the wire.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Sensitive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// The server's challenge for a scan, as journaled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalChallenge {
    /// The one-time nonce the response must carry.
    pub nonce: Nonce,
    /// `TSR1C:…`, shown to the wallet.
    pub wallet_challenge: String,
    /// When the server stops accepting answers.
    #[serde(with = "time::serde::rfc3339")]
    pub expires_at: OffsetDateTime,
    /// The scanned pass.
    pub pass: PassSummary,
}

/// One scan that has not seen its `result` yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingScan {
    /// Made by the gate, once per physical scan.
    pub scan_id: Uuid,
    /// The scanned `TSR1:…` code.
    pub code: Sensitive,
    /// When it was scanned.
    #[serde(with = "time::serde::rfc3339")]
    pub scanned_at: OffsetDateTime,
    /// Set once the server challenged the scan.
    #[serde(default)]
    pub challenge: Option<JournalChallenge>,
    /// The wallet's `TSR1R:…` answer, once given; from then on the scan is resent as a
    /// `response` until its result arrives.
    #[serde(default)]
    pub response: Option<Sensitive>,
    /// The party this scan is one member of (a `TSR1P:…` code split apart), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party: Option<Uuid>,
}

impl PendingScan {
    /// A scan just read: a fresh `scan_id`, nothing from the server yet.
    pub fn new(code: &str, scanned_at: OffsetDateTime, party: Option<Uuid>) -> Self {
        Self {
            scan_id: Uuid::new_v4(),
            code: Sensitive::new(code),
            scanned_at,
            challenge: None,
            response: None,
            party,
        }
    }
}

/// The journal document.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalDoc {
    /// The gate device the pending work belongs to (from the last `welcome`).
    #[serde(default)]
    pub gate_id: Option<Uuid>,
    /// Pending scans, oldest first.
    #[serde(default)]
    pub scans: Vec<PendingScan>,
    /// Results received but not yet shown to the guard (or emitted to the turnstile),
    /// oldest first: a crash between receiving a verdict and showing it shows it on the
    /// next start instead of losing it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub verdicts: Vec<JournalVerdict>,
    /// Walk-in requests not yet closed, oldest first (absent when there are none, so a
    /// gate that never takes a walk-in writes the journal it always wrote).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walk_ins: Vec<PendingWalkIn>,
    /// Closing states of walk-ins (approved, denied, expired) received but not yet shown,
    /// oldest first, like `verdicts`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walk_in_verdicts: Vec<WalkInStatus>,
}

/// A walk-in request that has not been closed yet (issue 16).
///
/// Everything the `walk_in` frame holds is here, written before the frame first leaves, so
/// every resend (after a timeout, a reconnect or a restart) is the same `request_id` with the
/// same content, and the server answers it with the current state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingWalkIn {
    /// Made by the gate, once per request.
    pub request_id: Uuid,
    /// Whom the guard is holding.
    pub visitor_name: String,
    /// The host asked.
    pub host_id: Uuid,
    /// The guard's note for the host.
    #[serde(default)]
    pub note: Option<String>,
    /// The host as last described (by the lookup, then by the server).
    #[serde(default)]
    pub host: Option<HostSummary>,
    /// When the guard asked.
    #[serde(with = "time::serde::rfc3339")]
    pub requested_at: OffsetDateTime,
    /// The server's id, once it answered.
    #[serde(default)]
    pub walk_in_id: Option<Uuid>,
    /// The server's last answer (`waiting`), `None` until the first.
    #[serde(default)]
    pub state: Option<WalkInState>,
    /// When the approval timeout ends, once the server said.
    #[serde(default, with = "time::serde::rfc3339::option")]
    pub expires_at: Option<OffsetDateTime>,
}

/// A verdict waiting to be shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalVerdict {
    /// The scan it concludes.
    pub scan_id: Uuid,
    /// The server's result, as received.
    pub result: tessera_protocol::messages::ScanResult,
}

#[derive(Serialize, Deserialize)]
struct JournalFile {
    format: String,
    #[serde(flatten)]
    doc: JournalDoc,
}

/// Where the journal lives; a trait so the state machine can be tested without a disk.
pub trait JournalStore: Send {
    /// Reads the stored document (empty when there is none).
    ///
    /// # Errors
    /// [`Error::JournalRead`] or [`Error::JournalCorrupt`].
    fn load(&mut self) -> Result<JournalDoc>;
    /// Replaces the stored document; when this returns `Ok` the change is durable.
    ///
    /// # Errors
    /// [`Error::JournalWrite`].
    fn save(&mut self, doc: &JournalDoc) -> Result<()>;
}

/// The journal as a JSON file, replaced atomically on every save (0600).
#[derive(Debug)]
pub struct FileJournal {
    path: PathBuf,
}

impl FileJournal {
    /// A journal at `path` (created on the first save).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Self { path: path.into() }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl JournalStore for FileJournal {
    fn load(&mut self) -> Result<JournalDoc> {
        let bytes = store::read_if_exists(&self.path).map_err(|source| Error::JournalRead {
            path: self.path.clone(),
            source,
        })?;
        let Some(bytes) = bytes else {
            return Ok(JournalDoc::default());
        };
        let corrupt = |detail: String| Error::JournalCorrupt {
            path: self.path.clone(),
            detail,
        };
        let file: JournalFile = serde_json::from_slice(&bytes).map_err(|e| {
            corrupt(format!(
                "{} at line {}, column {}",
                match e.classify() {
                    serde_json::error::Category::Data => "not a journal document",
                    serde_json::error::Category::Eof => "truncated",
                    _ => "not valid JSON",
                },
                e.line(),
                e.column()
            ))
        })?;
        if file.format != JOURNAL_FORMAT {
            return Err(corrupt(format!(
                "format is not {JOURNAL_FORMAT:?} (written by another version?)"
            )));
        }
        Ok(file.doc)
    }

    fn save(&mut self, doc: &JournalDoc) -> Result<()> {
        let file = JournalFile {
            format: JOURNAL_FORMAT.to_owned(),
            doc: doc.clone(),
        };
        let write_error = |source| Error::JournalWrite {
            path: self.path.clone(),
            source,
        };
        let mut bytes =
            serde_json::to_vec_pretty(&file).map_err(|e| write_error(std::io::Error::other(e)))?;
        bytes.push(b'\n');
        store::write_atomic(&self.path, &bytes).map_err(write_error)
    }
}

/// A journal in memory, for tests and for callers that want no persistence; clones share
/// the document, so a test can "restart" a gate on the same journal.
#[derive(Clone, Debug, Default)]
pub struct MemoryJournal {
    doc: std::sync::Arc<std::sync::Mutex<JournalDoc>>,
    /// When set, every save fails (to test that nothing is sent unjournaled).
    pub fail_saves: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl MemoryJournal {
    /// The current document.
    pub fn snapshot(&self) -> JournalDoc {
        self.doc.lock().map(|d| d.clone()).unwrap_or_default()
    }
}

impl JournalStore for MemoryJournal {
    fn load(&mut self) -> Result<JournalDoc> {
        Ok(self.snapshot())
    }

    fn save(&mut self, doc: &JournalDoc) -> Result<()> {
        if self.fail_saves.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(Error::JournalWrite {
                path: PathBuf::from("<memory>"),
                source: std::io::Error::other("injected failure"),
            });
        }
        if let Ok(mut slot) = self.doc.lock() {
            *slot = doc.clone();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> JournalDoc {
        JournalDoc {
            gate_id: Some(Uuid::new_v4()),
            scans: vec![PendingScan {
                scan_id: Uuid::new_v4(),
                code: Sensitive::new("TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672"),
                scanned_at: OffsetDateTime::UNIX_EPOCH,
                challenge: Some(JournalChallenge {
                    nonce: Nonce::from_bytes([3; 32]),
                    wallet_challenge: "TSR1C:X".into(),
                    expires_at: OffsetDateTime::UNIX_EPOCH,
                    pass: PassSummary {
                        id: Uuid::new_v4(),
                        label: "Ada".into(),
                    },
                }),
                response: Some(Sensitive::new("TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAY:MAC")),
                party: None,
            }],
            verdicts: Vec::new(),
            walk_ins: vec![PendingWalkIn {
                request_id: Uuid::new_v4(),
                visitor_name: "Sam Okafor".into(),
                host_id: Uuid::new_v4(),
                note: Some("parcel".into()),
                host: None,
                requested_at: OffsetDateTime::UNIX_EPOCH,
                walk_in_id: None,
                state: None,
                expires_at: None,
            }],
            walk_in_verdicts: Vec::new(),
        }
    }

    #[test]
    fn a_journal_without_walk_ins_is_written_as_before() {
        let dir = tempfile::tempdir().unwrap();
        let mut journal = FileJournal::new(dir.path().join("j.json"));
        let doc = JournalDoc {
            walk_ins: Vec::new(),
            ..sample()
        };
        journal.save(&doc).unwrap();
        let text = std::fs::read_to_string(journal.path()).unwrap();
        assert!(!text.contains("walk_in"), "{text}");
        assert_eq!(journal.load().unwrap(), doc);
    }

    #[test]
    fn file_journal_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let mut journal = FileJournal::new(dir.path().join("j.json"));
        assert_eq!(journal.load().unwrap(), JournalDoc::default());
        let doc = sample();
        journal.save(&doc).unwrap();
        assert_eq!(FileJournal::new(journal.path()).load().unwrap(), doc);
    }

    #[test]
    fn corrupt_journal_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.json");
        for bad in ["", "{", "[]", "{\"format\":\"other\"}", "\u{0}"] {
            std::fs::write(&path, bad).unwrap();
            let err = FileJournal::new(&path).load().unwrap_err();
            assert!(
                matches!(err, Error::JournalCorrupt { .. }),
                "{bad:?}: {err}"
            );
        }
    }

    #[test]
    fn debug_redacts_codes_and_responses() {
        let text = format!("{:?}", sample());
        assert!(!text.contains("80238672"));
        assert!(!text.contains("MAC"));
    }
}
