//! What the domain's rules refuse, and what a refused write means, in the domain's words.
//!
//! The HTTP edge maps each to a status in one place; nothing here knows of HTTP.

/// What a unique constraint that refused a write means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// An outcome is already stored under this nonce (a concurrent resend stored it).
    NonceStored,
    /// The pass's code step already admitted someone (§10 one admission per `(pass, T)`).
    StepAdmitted,
    /// The gate already has a challenge or a denial for this scan id.
    ScanIdTaken,
}

/// Why a request about hosts, walk-ins, re-binding or transfer is refused
/// (`docs/protocol.md`, "Hosts, walk-ins, re-binding and transfer").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The pass allows no (more) transfers (409).
    TransferNotAllowed,
    /// The pass has no wallet to hand it on (409).
    NotClaimed,
    /// The request id was used for another object (409).
    RequestIdReused,
    /// The walk-in was already decided the other way, or expired (409).
    AlreadyDecided,
    /// The walk-in's approval timeout passed (409).
    ApprovalTimeout,
    /// The transfer proof is wrong (403).
    BadProof,
    /// The transfer nonce is unknown, expired or for another pass (404).
    InvalidNonce,
    /// No such pass (404).
    UnknownPass,
    /// A host may act only for itself (403).
    OtherHost,
    /// The host was revoked: an answer link mailed or pushed to it before answers nothing
    /// (403).
    HostRevoked,
    /// The key was revoked: it cannot be rotated or used again (409).
    KeyRevoked,
    /// Revoking this key would leave the organisation without a working admin key (409).
    LastAdminKey,
    /// A transfer nonce asked for a pass that is unknown or cannot be handed on now: one
    /// answer for every reason, as the caller has proved nothing yet (404 `unknown_pass`).
    NoTransferHere,
}

impl Refusal {
    /// The `error.code`.
    pub fn code(self) -> &'static str {
        match self {
            Self::TransferNotAllowed => "transfer_not_allowed",
            Self::NotClaimed => "not_claimed",
            Self::RequestIdReused => "request_id_reused",
            Self::AlreadyDecided => "already_decided",
            Self::ApprovalTimeout => "approval_timeout",
            Self::BadProof => "bad_proof",
            Self::InvalidNonce => "invalid_nonce",
            Self::UnknownPass => "unknown_pass",
            Self::OtherHost => "forbidden",
            Self::HostRevoked => "host_revoked",
            Self::KeyRevoked => "key_revoked",
            Self::LastAdminKey => "last_admin_key",
            Self::NoTransferHere => "unknown_pass",
        }
    }

    /// The `error.message`.
    pub fn message(self) -> &'static str {
        match self {
            Self::TransferNotAllowed => "this pass may not be transferred (again)",
            Self::NotClaimed => "no wallet holds this pass yet",
            Self::RequestIdReused => "this request_id was already used for something else",
            Self::AlreadyDecided => "this walk-in request is already closed",
            Self::ApprovalTimeout => "the approval timeout of this walk-in request has passed",
            Self::BadProof => "the transfer proof is wrong",
            Self::InvalidNonce => "unknown or expired transfer nonce",
            Self::UnknownPass => "unknown pass",
            Self::OtherHost => "a host may act only for itself",
            Self::HostRevoked => {
                "this host was revoked: its answer links answer nothing (an admin may answer \
                 instead)"
            }
            Self::KeyRevoked => "this key was revoked; make a new one instead",
            Self::NoTransferHere => {
                "unknown pass, or a pass that cannot be handed on now (revoked, not claimed, \
                 or no transfers left)"
            }
            Self::LastAdminKey => {
                "this is the organisation's last working admin key: rotate it instead of \
                 revoking it"
            }
        }
    }
}
