//! The JSON messages of the gate WebSocket (TSR1 §6, §10).
//!
//! One object per text frame, tagged by `type` (serde writes the tag first). Gate-supplied
//! codes, nonces and responses stay strings here: a malformed one is not a framing error but
//! a protocol outcome (`malformed_code`, `unknown_nonce`, `bad_response`) that the server
//! must answer with the gate's `scan_id`, so parsing them is the server's job.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::codes::Nonce;

/// The gate WebSocket upgrade's header by which a gate with scans in its journal (a visitor
/// waiting) says how many (a Tessera addition, `docs/protocol.md` "Refused upgrades"): a
/// server deferring reconnects lets it in first.
pub const PENDING_SCANS_HEADER: &str = "tessera-pending-scans";

/// A frame from a gate to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum GateMessage {
    /// A scanned rotating code; `scan_id` is chosen by the gate, once per physical scan.
    Scan {
        /// The gate's identifier for this scan; resending it is idempotent.
        scan_id: Uuid,
        /// The scanned `TSR1:…` text.
        code: String,
    },
    /// The wallet's answer to a challenge, relayed by the gate.
    Response {
        /// The scan the challenge belonged to.
        scan_id: Uuid,
        /// The challenge nonce, base32.
        nonce: String,
        /// The wallet's `TSR1R:…` text.
        response: String,
    },
    /// A Tessera addition: a visitor without a pass, held while the guard asks the host.
    WalkIn {
        /// The gate's identifier for this request; resending it is idempotent.
        request_id: Uuid,
        /// Whom the guard is holding: 1–200 printable characters.
        visitor_name: String,
        /// The host asked to approve.
        host_id: Uuid,
        /// The guard's note for the host, at most 500 printable characters.
        #[serde(default)]
        note: Option<String>,
    },
    /// A Tessera addition (roll call): a marshal scanned a rotating code at an assembly
    /// point. Answered like `scan` (a `challenge`, or a `muster_result` denial), but the
    /// answer to its challenge marks the holder safe and admits nobody.
    MusterScan {
        /// The gate's identifier for this scan; resending it is idempotent.
        scan_id: Uuid,
        /// The scanned `TSR1:…` text.
        code: String,
    },
    /// A Tessera addition (roll call): the wallet's answer to a muster challenge.
    MusterResponse {
        /// The scan the challenge belonged to.
        scan_id: Uuid,
        /// The challenge nonce, base32.
        nonce: String,
        /// The wallet's `TSR1R:…` text.
        response: String,
    },
}

/// A frame from the server to a gate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// Sent once on connect.
    Welcome(Welcome),
    /// A scan's code verified: the wallet must answer this nonce.
    Challenge(Challenge),
    /// The outcome of a scan or a response.
    Result(ScanResult),
    /// The request could not be processed; `retryable` says whether resending may help.
    Error(ErrorMessage),
    /// A Tessera addition: the state of a walk-in request, sent as the answer to each
    /// `walk_in` frame and again whenever the state changes.
    WalkIn(WalkInStatus),
    /// A Tessera addition (roll call): the outcome of a `muster_scan` or `muster_response`.
    /// Sent only to a gate that sent those frames.
    MusterResult(MusterResult),
}

/// What a muster scan or answer concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MusterOutcome {
    /// The wallet proved itself: its holder is marked safe now (or was, under this nonce,
    /// `replayed: true`).
    Safe,
    /// The wallet proved itself, and its holder had been marked safe before (`marked_at`,
    /// `marked_by` say when and by whom).
    AlreadySafe,
    /// Not marked; `reason` says why.
    Denied,
}

impl MusterOutcome {
    /// The snake_case wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Safe => "safe",
            Self::AlreadySafe => "already_safe",
            Self::Denied => "denied",
        }
    }
}

/// The `muster_result` message (a Tessera addition).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MusterResult {
    /// The scan this concludes.
    pub scan_id: Uuid,
    /// The challenge nonce; `null` for denials decided at scan time.
    pub nonce: Option<Nonce>,
    /// Safe, already safe, or denied.
    pub outcome: MusterOutcome,
    /// Set exactly when `outcome` is `denied`.
    pub reason: Option<DenyReason>,
    /// True when this is a stored outcome returned again.
    pub replayed: bool,
    /// The pass, once its OTP verified.
    pub pass: Option<PassSummary>,
    /// The roll call the holder is marked in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll_call_id: Option<Uuid>,
    /// When the holder was marked safe (`safe`, `already_safe`).
    #[serde(
        default,
        with = "utc_rfc3339::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub marked_at: Option<OffsetDateTime>,
    /// Who marked them: the gate's label, or the officer (`safe`, `already_safe`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marked_by: Option<String>,
    /// On `stale_code`: seconds since the code's step began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_s: Option<u64>,
    /// On `future_code`: seconds until the code's step begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ahead_s: Option<u64>,
}

impl MusterResult {
    /// A denial with nothing else to say.
    pub fn denied(scan_id: Uuid, nonce: Option<Nonce>, reason: DenyReason) -> Self {
        MusterResult {
            scan_id,
            nonce,
            outcome: MusterOutcome::Denied,
            reason: Some(reason),
            replayed: false,
            pass: None,
            roll_call_id: None,
            marked_at: None,
            marked_by: None,
            age_s: None,
            ahead_s: None,
        }
    }
}

/// Where a walk-in request stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WalkInState {
    /// The host has been asked and has not answered.
    Waiting,
    /// The host approved: the visitor is admitted.
    Approved,
    /// The host refused (`host_denied`).
    Denied,
    /// Nobody answered within the approval timeout (`approval_timeout`).
    Expired,
}

impl WalkInState {
    /// Every state.
    pub const ALL: [Self; 4] = [Self::Waiting, Self::Approved, Self::Denied, Self::Expired];

    /// The snake_case wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Waiting => "waiting",
            Self::Approved => "approved",
            Self::Denied => "denied",
            Self::Expired => "expired",
        }
    }

    /// The reason a request in this state carries.
    pub fn reason(self) -> Option<WalkInReason> {
        match self {
            Self::Waiting | Self::Approved => None,
            Self::Denied => Some(WalkInReason::HostDenied),
            Self::Expired => Some(WalkInReason::ApprovalTimeout),
        }
    }
}

impl std::str::FromStr for WalkInState {
    type Err = crate::Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|state| state.as_str() == text)
            .ok_or(crate::Error::UnknownName("walk-in state"))
    }
}

/// Why a walk-in request was closed without an admission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WalkInReason {
    /// The host said no.
    HostDenied,
    /// The host did not answer in time.
    ApprovalTimeout,
}

/// A host as a guard sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostSummary {
    /// The host id.
    pub id: Uuid,
    /// The host's display name, e.g. "R. Iyer, Flat 12B".
    pub label: String,
    /// The unit, flat or office, when given.
    pub unit: Option<String>,
}

/// The `walk_in` message from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WalkInStatus {
    /// The gate's id for the request.
    pub request_id: Uuid,
    /// The server's id for it (the host approves this one).
    pub walk_in_id: Uuid,
    /// Where it stands.
    pub state: WalkInState,
    /// Set exactly when the state is `denied` or `expired`.
    pub reason: Option<WalkInReason>,
    /// Whom the guard is holding.
    pub visitor_name: String,
    /// The guard's note.
    pub note: Option<String>,
    /// The host asked.
    pub host: HostSummary,
    /// When the approval timeout ends.
    #[serde(with = "utc_rfc3339")]
    pub expires_at: OffsetDateTime,
    /// When the host answered or the request expired.
    #[serde(default, with = "utc_rfc3339::option")]
    pub decided_at: Option<OffsetDateTime>,
    /// True when this answers a resent `walk_in` frame.
    pub replayed: bool,
}

/// The `welcome` message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    /// The authenticated gate device.
    pub gate_id: Uuid,
    /// The site the gate belongs to, if any.
    pub site: Option<String>,
    /// The server's clock, so a gate can warn about skew.
    #[serde(with = "utc_rfc3339")]
    pub server_time: OffsetDateTime,
    /// Always [`crate::PROTOCOL_VERSION`].
    pub protocol: u32,
}

/// The pass as shown to a guard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PassSummary {
    /// The pass UUID.
    pub id: Uuid,
    /// The issuer's label, e.g. the visitor's name.
    pub label: String,
}

/// The `challenge` message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// The scan this answers.
    pub scan_id: Uuid,
    /// The one-time nonce.
    pub nonce: Nonce,
    /// `TSR1C:<PASS>:<NONCE>`, to show to the wallet.
    pub wallet_challenge: String,
    /// When the challenge stops being answerable.
    #[serde(with = "utc_rfc3339")]
    pub expires_at: OffsetDateTime,
    /// The pass whose code was scanned.
    pub pass: PassSummary,
}

/// What the guard is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Committed now, or earlier under this nonce (`replayed: true`). Green.
    Admitted,
    /// The pass is used up, but this wallet proved it is the one admitted. Amber.
    AlreadyAdmitted,
    /// Refused, with a reason. Red.
    Denied,
}

/// Why a scan or response was denied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DenyReason {
    /// The scanned text is not a well-formed `TSR1:` code.
    MalformedCode,
    /// No such pass (or another tenant's).
    UnknownPass,
    /// The OTP is wrong for the step it names.
    BadCode,
    /// A genuine code older than the window: likely a screenshot.
    StaleCode,
    /// A genuine code ahead of the window: a wrong clock.
    FutureCode,
    /// The pass was never claimed by a wallet.
    NotClaimed,
    /// The issuer revoked the pass.
    Revoked,
    /// Past `valid_until`.
    Expired,
    /// Before `valid_from`.
    NotYetValid,
    /// The pass is for another site than this gate's.
    WrongSite,
    /// This code already admitted someone at another gate.
    CodeReplayed,
    /// The challenge's lifetime ran out.
    ChallengeExpired,
    /// The wallet's answer is wrong.
    BadResponse,
    /// Three wrong answers burned the challenge.
    ChallengeBurned,
    /// The nonce was issued to another gate device.
    ForeignNonce,
    /// No challenge with that nonce exists for this tenant.
    UnknownNonce,
    /// A Tessera addition (zones): an exit gate, and the pass is not inside its zone.
    NotInside,
    /// A Tessera addition (zones): the pass is not valid for this gate's zone.
    ZoneNotAllowed,
    /// A Tessera addition (zones): the pass is inside this zone already (pass-back).
    AlreadyInside,
    /// A Tessera addition (zones): the zone does not let a visitor back after an exit.
    ReentryNotAllowed,
    /// A Tessera addition (zones): the pass used up the zone's entries for the day.
    EntryLimit,
    /// A Tessera addition (security): the pass is not admitted now and staff are on their
    /// way. Deliberately neutral: it never says why (a watchlist match, `docs/protocol.md`).
    SeeStaff,
    /// A Tessera addition (roll call, `muster_*` frames only): no roll call this gate serves
    /// is in progress.
    NoRollCall,
    /// A Tessera addition (roll call, `muster_*` frames only): the pass is not on the roll
    /// call's list (it was not recorded inside when the roll call started).
    NotOnRollCall,
    /// A Tessera addition (on-site node): another place decides for this pass now. The
    /// central server answers it for a pass of a site delegated to the venue's own node;
    /// the node answers it while it holds no lease in force.
    SiteDelegated,
}

impl DenyReason {
    /// The snake_case wire name, as used in the audit log.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::MalformedCode => "malformed_code",
            Self::UnknownPass => "unknown_pass",
            Self::BadCode => "bad_code",
            Self::StaleCode => "stale_code",
            Self::FutureCode => "future_code",
            Self::NotClaimed => "not_claimed",
            Self::Revoked => "revoked",
            Self::Expired => "expired",
            Self::NotYetValid => "not_yet_valid",
            Self::WrongSite => "wrong_site",
            Self::CodeReplayed => "code_replayed",
            Self::ChallengeExpired => "challenge_expired",
            Self::BadResponse => "bad_response",
            Self::ChallengeBurned => "challenge_burned",
            Self::ForeignNonce => "foreign_nonce",
            Self::UnknownNonce => "unknown_nonce",
            Self::NotInside => "not_inside",
            Self::ZoneNotAllowed => "zone_not_allowed",
            Self::AlreadyInside => "already_inside",
            Self::ReentryNotAllowed => "reentry_not_allowed",
            Self::EntryLimit => "entry_limit",
            Self::SeeStaff => "see_staff",
            Self::NoRollCall => "no_roll_call",
            Self::NotOnRollCall => "not_on_roll_call",
            Self::SiteDelegated => "site_delegated",
        }
    }
}

impl std::str::FromStr for DenyReason {
    type Err = crate::Error;

    /// Parses the snake_case wire name (as stored by servers).
    fn from_str(text: &str) -> crate::Result<Self> {
        ALL_DENY_REASONS
            .into_iter()
            .find(|reason| reason.as_str() == text)
            .ok_or(crate::Error::UnknownName("deny reason"))
    }
}

/// Every deny reason, in the order of §6, then the zone and security additions.
pub const ALL_DENY_REASONS: [DenyReason; 25] = [
    DenyReason::MalformedCode,
    DenyReason::UnknownPass,
    DenyReason::BadCode,
    DenyReason::StaleCode,
    DenyReason::FutureCode,
    DenyReason::NotClaimed,
    DenyReason::Revoked,
    DenyReason::Expired,
    DenyReason::NotYetValid,
    DenyReason::WrongSite,
    DenyReason::CodeReplayed,
    DenyReason::ChallengeExpired,
    DenyReason::BadResponse,
    DenyReason::ChallengeBurned,
    DenyReason::ForeignNonce,
    DenyReason::UnknownNonce,
    DenyReason::NotInside,
    DenyReason::ZoneNotAllowed,
    DenyReason::AlreadyInside,
    DenyReason::ReentryNotAllowed,
    DenyReason::EntryLimit,
    DenyReason::SeeStaff,
    DenyReason::NoRollCall,
    DenyReason::NotOnRollCall,
    DenyReason::SiteDelegated,
];

impl std::str::FromStr for Outcome {
    type Err = crate::Error;

    /// Parses the snake_case wire name (as stored by servers).
    fn from_str(text: &str) -> crate::Result<Self> {
        [Outcome::Admitted, Outcome::AlreadyAdmitted, Outcome::Denied]
            .into_iter()
            .find(|outcome| outcome.as_str() == text)
            .ok_or(crate::Error::UnknownName("outcome"))
    }
}

impl Outcome {
    /// The snake_case wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Admitted => "admitted",
            Self::AlreadyAdmitted => "already_admitted",
            Self::Denied => "denied",
        }
    }
}

/// The `result` message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanResult {
    /// The scan this concludes.
    pub scan_id: Uuid,
    /// The challenge nonce; `null` for denials decided at scan time.
    pub nonce: Option<Nonce>,
    /// Green, amber or red.
    pub outcome: Outcome,
    /// Set exactly when `outcome` is `denied`.
    pub reason: Option<DenyReason>,
    /// True when this is a stored outcome returned again.
    pub replayed: bool,
    /// The pass, once its OTP verified.
    pub pass: Option<PassSummary>,
    /// First admission time, only on `already_admitted`.
    #[serde(default, with = "utc_rfc3339::option")]
    pub first_admitted_at: Option<OffsetDateTime>,
    /// First admitting gate, only on `already_admitted`.
    pub first_gate_id: Option<Uuid>,
    /// That gate's label, so a guard reads a name rather than an id (a Tessera addition:
    /// absent when there is no first gate, ignored by gates that do not know it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_gate_label: Option<String>,
    /// True only on `already_admitted`: this wallet is the one admitted.
    pub same_wallet: bool,
    /// On `stale_code`: seconds since the code's step began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_s: Option<u64>,
    /// On `future_code`: seconds until the code's step begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ahead_s: Option<u64>,
}

impl ScanResult {
    /// A denial decided at scan time (no nonce yet).
    pub fn denied(scan_id: Uuid, reason: DenyReason) -> Self {
        Self {
            scan_id,
            nonce: None,
            outcome: Outcome::Denied,
            reason: Some(reason),
            replayed: false,
            pass: None,
            first_admitted_at: None,
            first_gate_id: None,
            first_gate_label: None,
            same_wallet: false,
            age_s: None,
            ahead_s: None,
        }
    }
}

/// The `error` message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorMessage {
    /// The scan the error concerns, when the frame named one.
    pub scan_id: Option<Uuid>,
    /// The walk-in request the error concerns (a Tessera addition; absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<Uuid>,
    /// What went wrong.
    pub code: ErrorCode,
    /// A human-readable explanation (never internal detail).
    pub message: String,
    /// Whether resending the same frame may succeed.
    pub retryable: bool,
}

/// The `code` of an `error` message (§10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame is not a valid gate message.
    BadRequest,
    /// The `scan_id` was already used with another code.
    ScanIdReused,
    /// The database failed or the commit's fate is unknown; retry.
    StorageUnavailable,
    /// Too many messages from this gate; retry later.
    RateLimited,
    /// The server ran out of time; retry.
    Timeout,
    /// A fault on the server that a resend cannot cure (e.g. a pass bound to a server key
    /// this replica does not hold). An addition to TSR1 (`docs/protocol.md`): not retryable.
    Internal,
    /// A Tessera addition: the `request_id` of a walk-in was already used with other content.
    RequestIdReused,
}

impl ErrorCode {
    /// Whether a gate should resend after this error (§10).
    pub fn retryable(self) -> bool {
        matches!(
            self,
            Self::StorageUnavailable | Self::RateLimited | Self::Timeout
        )
    }

    /// A message for the guard or the log, with no internal detail.
    pub fn default_message(self) -> &'static str {
        match self {
            Self::BadRequest => "the frame is not a valid TSR1 gate message",
            Self::ScanIdReused => "this scan_id was already used with a different code",
            Self::StorageUnavailable => "storage is unavailable; resend the same message",
            Self::RateLimited => "too many messages from this gate; slow down and resend",
            Self::Timeout => "the server timed out; resend the same message",
            Self::Internal => "the server cannot answer this scan; call an operator",
            Self::RequestIdReused => {
                "this request_id was already used for another walk-in; make a new one"
            }
        }
    }
}

impl ErrorMessage {
    /// An error with its default message and retryability.
    pub fn new(scan_id: Option<Uuid>, code: ErrorCode) -> Self {
        Self {
            scan_id,
            request_id: None,
            code,
            message: code.default_message().to_owned(),
            retryable: code.retryable(),
        }
    }
}

/// RFC 3339 in UTC (TSR1 §2), whatever offset the caller's `OffsetDateTime` carries.
///
/// `time::serde::rfc3339` writes the value's own offset (`+02:00`), which a strict gate or
/// auditor may reject; converting first keeps every time on the wire in `Z` form. Times read
/// from the wire are normalised to UTC as well. A value whose UTC form would leave the years
/// RFC 3339 can spell is an error, never a panic.
mod utc_rfc3339 {
    use serde::{Deserializer, Serializer};
    use time::{OffsetDateTime, UtcOffset};

    fn to_utc<E: std::fmt::Display, F: FnOnce(String) -> E>(
        at: OffsetDateTime,
        error: F,
    ) -> Result<OffsetDateTime, E> {
        // `time` itself goes down to year -9999, so a year-0 time with a positive offset
        // (`0000-01-01T00:30:00+01:00`) converts fine to year -1, which RFC 3339 cannot
        // spell: it would decode but never encode again. Found by the `server_message` fuzz
        // target's round trip (`fuzz/regressions/server_message/`).
        at.checked_to_offset(UtcOffset::UTC)
            .filter(|utc| (0..=9999).contains(&utc.year()))
            .ok_or_else(|| error(format!("time {at} has no UTC form in RFC 3339's range")))
    }

    pub fn serialize<S: Serializer>(at: &OffsetDateTime, serializer: S) -> Result<S::Ok, S::Error> {
        let utc = to_utc(*at, <S::Error as serde::ser::Error>::custom)?;
        time::serde::rfc3339::serialize(&utc, serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<OffsetDateTime, D::Error> {
        let at = time::serde::rfc3339::deserialize(deserializer)?;
        to_utc(at, <D::Error as serde::de::Error>::custom)
    }

    /// The same for optional times (`null` when absent).
    pub mod option {
        use serde::{Deserialize, Deserializer, Serialize, Serializer};
        use time::OffsetDateTime;

        /// Borrows an `OffsetDateTime` so it serialises through the outer module.
        struct Utc<'a>(&'a OffsetDateTime);

        impl Serialize for Utc<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                super::serialize(self.0, serializer)
            }
        }

        /// Owns an `OffsetDateTime` read through the outer module.
        struct UtcOwned(OffsetDateTime);

        impl<'de> Deserialize<'de> for UtcOwned {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                super::deserialize(deserializer).map(UtcOwned)
            }
        }

        pub fn serialize<S: Serializer>(
            at: &Option<OffsetDateTime>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            at.as_ref().map(Utc).serialize(serializer)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<OffsetDateTime>, D::Error> {
            Ok(Option::<UtcOwned>::deserialize(deserializer)?.map(|at| at.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_type_is_an_error() {
        let err = serde_json::from_str::<GateMessage>(r#"{"type":"hello","scan_id":"x"}"#);
        assert!(err.is_err());
    }

    #[test]
    fn type_is_the_first_field() {
        let msg = ServerMessage::Result(ScanResult::denied(Uuid::nil(), DenyReason::BadCode));
        let text = serde_json::to_string(&msg).unwrap();
        assert!(text.starts_with(r#"{"type":"result","#), "{text}");
        assert!(text.contains(r#""reason":"bad_code""#));
        assert!(text.contains(r#""first_admitted_at":null"#));
        assert!(!text.contains("age_s"));
    }

    #[test]
    fn wire_names_match_serde() {
        for reason in [
            DenyReason::MalformedCode,
            DenyReason::ForeignNonce,
            DenyReason::NotYetValid,
        ] {
            let json = serde_json::to_string(&reason).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.as_str()));
        }
    }

    fn welcome_at(server_time: OffsetDateTime) -> ServerMessage {
        ServerMessage::Welcome(Welcome {
            gate_id: Uuid::nil(),
            site: None,
            server_time,
            protocol: crate::PROTOCOL_VERSION,
        })
    }

    #[test]
    fn times_are_sent_in_utc_whatever_the_callers_offset() {
        // Regression: a time with a local offset used to go out as `…+02:00`, not UTC (§2).
        let utc = OffsetDateTime::from_unix_timestamp(1_764_441_600).unwrap();
        let local = utc.to_offset(time::macros::offset!(+2));
        let text = serde_json::to_string(&welcome_at(local)).unwrap();
        assert!(
            text.contains(r#""server_time":"2025-11-29T18:40:00Z""#),
            "{text}"
        );

        let mut result = ScanResult::denied(Uuid::nil(), DenyReason::BadCode);
        result.first_admitted_at = Some(local);
        let text = serde_json::to_string(&ServerMessage::Result(result)).unwrap();
        assert!(
            text.contains(r#""first_admitted_at":"2025-11-29T18:40:00Z""#),
            "{text}"
        );
    }

    #[test]
    fn times_read_with_an_offset_become_utc() {
        let text = r#"{"type":"welcome","gate_id":"00000000-0000-0000-0000-000000000000","site":null,"server_time":"2025-11-29T20:40:00+02:00","protocol":1}"#;
        let ServerMessage::Welcome(welcome) = serde_json::from_str(text).unwrap() else {
            panic!("a welcome message");
        };
        assert_eq!(welcome.server_time.offset(), time::UtcOffset::UTC);
        assert_eq!(welcome.server_time.unix_timestamp(), 1_764_441_600);
    }

    #[test]
    fn a_time_without_a_utc_form_is_an_error_not_a_panic() {
        let edge = time::macros::datetime!(9999-12-31 23:00 -05:00);
        assert!(serde_json::to_string(&welcome_at(edge)).is_err());
        let text = r#"{"type":"welcome","gate_id":"00000000-0000-0000-0000-000000000000","site":null,"server_time":"9999-12-31T23:00:00-05:00","protocol":1}"#;
        assert!(serde_json::from_str::<ServerMessage>(text).is_err());
    }

    #[test]
    fn result_without_first_admitted_at_reads_as_none() {
        // Other optional fields may be omitted by a foreign server; this one must not differ.
        let text = r#"{"type":"result","scan_id":"00000000-0000-0000-0000-000000000000","nonce":null,"outcome":"denied","reason":"bad_code","replayed":false,"pass":null,"first_gate_id":null,"same_wallet":false}"#;
        let ServerMessage::Result(result) = serde_json::from_str(text).unwrap() else {
            panic!("a result message");
        };
        assert_eq!(result.first_admitted_at, None);
    }
}
