//! Assertions shared by the conformance tests, each `#[track_caller]` so a failure points at
//! the test line, and each checking *every* field the protocol fixes for that case (§6, §10
//! "Result fields") rather than the one a test happens to be about.

use serde_json::Value;
use tessera_protocol::messages::{
    Challenge, DenyReason, ErrorCode, ErrorMessage, Outcome, ScanResult, ServerMessage,
};
use uuid::Uuid;

use crate::api::{AuditEvent, Reply};

/// The challenge inside `message`.
#[track_caller]
pub fn challenge(message: ServerMessage) -> Challenge {
    match message {
        ServerMessage::Challenge(challenge) => challenge,
        other => panic!("expected a challenge, got {other:?}"),
    }
}

/// The result inside `message`.
#[track_caller]
pub fn result(message: ServerMessage) -> ScanResult {
    match message {
        ServerMessage::Result(result) => result,
        other => panic!("expected a result, got {other:?}"),
    }
}

/// The error inside `message`.
#[track_caller]
pub fn error(message: ServerMessage) -> ErrorMessage {
    match message {
        ServerMessage::Error(error) => error,
        other => panic!("expected an error, got {other:?}"),
    }
}

/// `error` with `code`, `retryable` as §10 fixes it, and `scan_id`.
#[track_caller]
pub fn assert_error(error: &ErrorMessage, code: ErrorCode, scan_id: Option<Uuid>) {
    assert_eq!(error.code, code, "error code in {error:?}");
    assert_eq!(error.retryable, code.retryable(), "retryable in {error:?}");
    assert_eq!(error.scan_id, scan_id, "scan_id in {error:?}");
    assert!(!error.message.is_empty(), "empty message in {error:?}");
}

/// `admitted` for `challenge`, with `replayed` as given.
#[track_caller]
pub fn assert_admitted(result: &ScanResult, challenge: &Challenge, replayed: bool) {
    assert_eq!(result.outcome, Outcome::Admitted, "outcome in {result:?}");
    assert_eq!(result.reason, None, "reason in {result:?}");
    assert_eq!(result.replayed, replayed, "replayed in {result:?}");
    assert_eq!(result.scan_id, challenge.scan_id, "scan_id in {result:?}");
    assert_eq!(result.nonce, Some(challenge.nonce), "nonce in {result:?}");
    assert_eq!(
        result.pass.as_ref(),
        Some(&challenge.pass),
        "pass in {result:?}"
    );
    assert!(
        !result.same_wallet,
        "same_wallet is only for already_admitted: {result:?}"
    );
    assert_eq!(
        result.first_admitted_at, None,
        "first_admitted_at in {result:?}"
    );
    assert_eq!(result.first_gate_id, None, "first_gate_id in {result:?}");
}

/// `already_admitted` for `challenge`: the same wallet, first admitted at `first_gate`.
#[track_caller]
pub fn assert_already_admitted(
    result: &ScanResult,
    challenge: &Challenge,
    first_gate: Uuid,
    replayed: bool,
) {
    assert_eq!(
        result.outcome,
        Outcome::AlreadyAdmitted,
        "outcome in {result:?}"
    );
    assert_eq!(result.reason, None, "reason in {result:?}");
    assert_eq!(result.replayed, replayed, "replayed in {result:?}");
    assert_eq!(result.scan_id, challenge.scan_id, "scan_id in {result:?}");
    assert_eq!(result.nonce, Some(challenge.nonce), "nonce in {result:?}");
    assert_eq!(
        result.pass.as_ref(),
        Some(&challenge.pass),
        "pass in {result:?}"
    );
    assert!(result.same_wallet, "same_wallet in {result:?}");
    assert!(
        result.first_admitted_at.is_some(),
        "first_admitted_at in {result:?}"
    );
    assert_eq!(
        result.first_gate_id,
        Some(first_gate),
        "first_gate_id in {result:?}"
    );
}

/// Whether a scan-time denial comes after the OTP verified, so `pass` must be set (§10).
pub fn otp_verified_before(reason: DenyReason) -> bool {
    !matches!(
        reason,
        DenyReason::MalformedCode
            | DenyReason::UnknownPass
            | DenyReason::NotClaimed
            | DenyReason::BadCode
    )
}

/// A denial decided at scan time: no nonce, `pass` set exactly when the OTP verified.
#[track_caller]
pub fn assert_scan_denied(result: &ScanResult, scan_id: Uuid, reason: DenyReason, pass: Uuid) {
    assert_eq!(result.outcome, Outcome::Denied, "outcome in {result:?}");
    assert_eq!(result.reason, Some(reason), "reason in {result:?}");
    assert_eq!(result.scan_id, scan_id, "scan_id in {result:?}");
    assert_eq!(
        result.nonce, None,
        "a scan-time denial has no nonce: {result:?}"
    );
    assert!(!result.replayed, "replayed in {result:?}");
    if otp_verified_before(reason) {
        assert_eq!(
            result.pass.as_ref().map(|p| p.id),
            Some(pass),
            "pass must be set once the OTP verified: {result:?}"
        );
    } else {
        assert_eq!(
            result.pass, None,
            "pass must stay unset before the OTP verified: {result:?}"
        );
    }
    assert!(!result.same_wallet, "same_wallet in {result:?}");
    assert_eq!(
        result.first_admitted_at, None,
        "first_admitted_at in {result:?}"
    );
    assert_eq!(result.first_gate_id, None, "first_gate_id in {result:?}");
}

/// A denial of a `response` for `challenge`.
#[track_caller]
pub fn assert_response_denied(
    result: &ScanResult,
    challenge: &Challenge,
    reason: DenyReason,
    replayed: bool,
) {
    assert_eq!(result.outcome, Outcome::Denied, "outcome in {result:?}");
    assert_eq!(result.reason, Some(reason), "reason in {result:?}");
    assert_eq!(result.scan_id, challenge.scan_id, "scan_id in {result:?}");
    assert_eq!(result.replayed, replayed, "replayed in {result:?}");
    assert!(!result.same_wallet, "same_wallet in {result:?}");
    assert_eq!(
        result.first_admitted_at, None,
        "first_admitted_at in {result:?}"
    );
    assert_eq!(result.first_gate_id, None, "first_gate_id in {result:?}");
}

/// An HTTP error answer: `status` and `{"error":{"code": code, "message": <text>}}`.
#[track_caller]
pub fn assert_error_reply(reply: &Reply, status: u16, code: &str) {
    assert_eq!(reply.status, status, "status of {reply:?}");
    assert_error_shape(reply);
    let body: Value = serde_json::from_str(&reply.body).unwrap_or(Value::Null);
    assert_eq!(body["error"]["code"], code, "error code in {}", reply.body);
}

/// A 4xx answer with the error shape (never a 5xx, never an HTML or empty body).
#[track_caller]
pub fn assert_client_error(reply: &Reply) {
    assert!(
        (400..500).contains(&reply.status),
        "expected a 4xx, got {}: {}",
        reply.status,
        reply.body
    );
    assert_error_shape(reply);
}

/// The body is `{"error":{"code": <string>, "message": <non-empty string>}}`.
#[track_caller]
pub fn assert_error_shape(reply: &Reply) {
    let body: Value = serde_json::from_str(&reply.body).unwrap_or_else(|_| {
        panic!(
            "HTTP {} error body is not JSON: {:?}",
            reply.status, reply.body
        )
    });
    let error = &body["error"];
    assert!(error["code"].is_string(), "no error.code in {}", reply.body);
    assert!(
        error["message"].as_str().is_some_and(|m| !m.is_empty()),
        "no error.message in {}",
        reply.body
    );
}

/// The one event among `events` with `kind`, `severity` and, if given, `details.reason`
/// (or `details.outcome`) equal to `reason`; panics listing the events otherwise. Events of
/// answers replayed from storage (`details.replayed: true`) are not the decision and are
/// left out; the tests of resends count those themselves.
#[track_caller]
pub fn assert_event<'a>(
    events: &'a [AuditEvent],
    kind: &str,
    severity: &str,
    reason: Option<&str>,
) -> &'a AuditEvent {
    let matches: Vec<&AuditEvent> = events
        .iter()
        .filter(|e| e.kind == kind && e.severity == severity)
        .filter(|e| e.details["replayed"] != serde_json::Value::Bool(true))
        .filter(|e| reason.is_none() || e.reason() == reason || e.outcome() == reason)
        .collect();
    match matches.as_slice() {
        [one] => one,
        [] => panic!(
            "no audit event kind={kind} severity={severity} reason={reason:?} among:\n{}",
            describe(events)
        ),
        many => panic!(
            "{} audit events kind={kind} severity={severity} reason={reason:?}, expected one:\n{}",
            many.len(),
            describe(events)
        ),
    }
}

/// How many events have `kind` and `details.reason`/`details.outcome` equal to `reason`.
pub fn count_events(events: &[AuditEvent], kind: &str, reason: Option<&str>) -> usize {
    events
        .iter()
        .filter(|e| e.kind == kind)
        .filter(|e| reason.is_none() || e.reason() == reason || e.outcome() == reason)
        .count()
}

/// One line per event, for failure messages.
pub fn describe(events: &[AuditEvent]) -> String {
    events
        .iter()
        .map(|e| {
            format!(
                "  {} {} {} gate={:?} pass={:?} {}",
                e.at, e.kind, e.severity, e.gate_id, e.pass_id, e.details
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// An `error` about a `walk_in` frame (issue 16): `code`, `retryable` as the code fixes it,
/// `scan_id` null and the frame's `request_id` echoed.
#[track_caller]
pub fn assert_walk_in_error(error: &ErrorMessage, code: ErrorCode, request_id: Uuid) {
    assert_eq!(error.code, code, "error code in {error:?}");
    assert_eq!(error.retryable, code.retryable(), "retryable in {error:?}");
    assert_eq!(
        error.scan_id, None,
        "a walk_in error has no scan_id: {error:?}"
    );
    assert_eq!(
        error.request_id,
        Some(request_id),
        "a walk_in error echoes the request_id: {error:?}"
    );
    assert!(!error.message.is_empty(), "empty message in {error:?}");
}

/// The steps of `GET /v1/passes/{id}`'s `history` (issue 16), oldest first, in the
/// contract's words: `issued`, `claimed`, `rebound`, `transfer_started`, `transferred`,
/// `revoked`.
///
/// The contract names the steps but not their spelling on the wire, so each entry's `kind`
/// (or `event`) is read as is, with the audit log's names for the same steps
/// (`pass_issued`, `claim`, `pass_rebound`, `pass_transferred`, `pass_revoked`) read as
/// those words. Panics when `history` is missing or its times go backwards.
#[track_caller]
pub fn pass_history(pass: &Value) -> Vec<String> {
    let entries = pass["history"]
        .as_array()
        .unwrap_or_else(|| panic!("no history array in {pass}"));
    let mut last_at = None;
    entries
        .iter()
        .map(|entry| {
            let at = entry["at"]
                .as_str()
                .and_then(|at| crate::clock::parse_rfc3339(at).ok());
            if let (Some(before), Some(at)) = (last_at, at) {
                assert!(
                    before <= at,
                    "history is oldest first: {before} then {at} in {pass}"
                );
            }
            last_at = at.or(last_at);
            let name = entry["kind"]
                .as_str()
                .or_else(|| entry["event"].as_str())
                .unwrap_or_else(|| panic!("no kind in history entry {entry}"));
            match name {
                "pass_issued" => "issued",
                "claim" => "claimed",
                "pass_rebound" => "rebound",
                "pass_transferred" => "transferred",
                "pass_revoked" => "revoked",
                other => other,
            }
            .to_owned()
        })
        .collect()
}
