//! Walk-ins (issue 16): a visitor without a pass is held at the gate while the guard asks a
//! host, who approves or denies within the approval timeout.
//!
//! The gate asks over its WebSocket (`walk_in` frames, `docs/protocol.md`); the host answers
//! over REST (`http::walk_ins`). Every step is one transaction with its audit event, and
//! the request is keyed by the gate's `request_id`, so a gate that lost its link resends the
//! same frame and learns the current state: an approval is one admission (the approved row
//! and its `walk_in_approved` event, committed together) however often it is resent.
//! [`tessera_domain::visits`] holds the decisions; this module reads, applies them and writes.

use std::time::Duration;

use tessera_protocol::messages::{
    ErrorCode, ErrorMessage, HostSummary, ServerMessage, WalkInReason, WalkInState, WalkInStatus,
};
use uuid::Uuid;

use crate::error::{Error, Result};
use crate::shutdown::Shutdown;
use tessera_domain::audit::{self, Actor, Severity, Subject};
use tessera_domain::events::{
    AdmissionKind, Details, WalkInDecided, WalkInExpired, WalkInRef, WalkInRequested,
};
use tessera_domain::label::check_text;
use tessera_domain::{now_ms, visits, Label, Refusal};
use tessera_store::{GateRow, Store, WalkIn, WalkInRow, WalkInView};

/// Longest note a guard may add.
pub const MAX_NOTE_CHARS: usize = 500;

/// How often the sweeper closes requests past their timeout.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// A gate's `walk_in` frame.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    /// The gate's id for the request.
    pub request_id: Uuid,
    /// Whom the guard holds.
    pub visitor_name: &'a str,
    /// The host asked.
    pub host_id: Uuid,
    /// The guard's note.
    pub note: Option<&'a str>,
}

/// Answers a gate's `walk_in` frame: records a new request, or finds the stored one for a
/// resend, and answers its state; a new request to a host with an address is mailed to
/// them (`mailer`). Bad input is an `error` frame naming the request.
///
/// # Errors
/// [`Error::Storage`] (the gate resends).
pub async fn ask(
    store: &Store,
    mailer: &crate::mail::Mailer,
    approval_timeout: Duration,
    gate: &GateRow,
    asked: Asked<'_>,
) -> Result<ServerMessage> {
    let refuse = |code: ErrorCode, message: String| {
        Ok(ServerMessage::Error(ErrorMessage {
            scan_id: None,
            request_id: Some(asked.request_id),
            code,
            retryable: code.retryable(),
            message,
        }))
    };
    if let Err(invalid) = Label::parse("visitor_name", asked.visitor_name) {
        return refuse(ErrorCode::BadRequest, invalid.to_string());
    }
    if let Some(Err(invalid)) = asked
        .note
        .map(|note| check_text("note", note, MAX_NOTE_CHARS))
    {
        return refuse(ErrorCode::BadRequest, invalid.to_string());
    }
    if store
        .people()
        .host(gate.org_id, asked.host_id)
        .await?
        .is_none()
    {
        return refuse(
            ErrorCode::BadRequest,
            "host_id is not a host of this gate's organisation".to_owned(),
        );
    }
    let now = now_ms();
    let timeout_ms = i64::try_from(approval_timeout.as_millis()).unwrap_or(i64::MAX);
    let row = WalkInRow {
        id: Uuid::now_v7(),
        org_id: gate.org_id,
        gate_id: gate.id,
        request_id: asked.request_id,
        host_id: asked.host_id,
        visitor_name: asked.visitor_name.to_owned(),
        note: asked.note.map(str::to_owned),
        state: WalkIn(WalkInState::Waiting),
        created_at_ms: now,
        expires_at_ms: now.saturating_add(timeout_ms),
        decided_at_ms: None,
    };
    let event = requested_event(Severity::Info, &row, WalkInRequested::default());
    // The host is told on every channel they have, queued with the request: by mail when
    // they have an address, and by Web Push on each browser they subscribed.
    let mut messages = Vec::new();
    if let Some(address) = store.people().host_email(row.org_id, row.host_id).await? {
        if let Ok(to) = tessera_domain::mail::EmailAddress::parse("email", &address) {
            messages.push(crate::mail::approval_request(&row, &to));
        }
    }
    for subscription in store.messages().push_subscriptions(row.host_id).await? {
        messages.push(crate::mail::approval_push(&row, &subscription));
    }
    let (stored, created) = store
        .walk_ins()
        .create_walk_in(&row, &event, &messages)
        .await?;
    if created && !messages.is_empty() {
        mailer.wake();
    }
    if !created {
        if !visits::same_walk_in(&stored, asked.visitor_name, asked.host_id, asked.note) {
            store
                .audit()
                .insert_audit(&requested_event(
                    Severity::Warning,
                    &stored,
                    WalkInRequested {
                        error: Some(ErrorCode::RequestIdReused),
                        ..WalkInRequested::default()
                    },
                ))
                .await?;
            return refuse(
                ErrorCode::RequestIdReused,
                ErrorCode::RequestIdReused.default_message().to_owned(),
            );
        }
        store
            .audit()
            .insert_audit(&requested_event(
                Severity::Info,
                &stored,
                WalkInRequested {
                    resent: true,
                    ..WalkInRequested::default()
                },
            ))
            .await?;
    }
    let view = store
        .walk_ins()
        .walk_in_by_request(gate.id, asked.request_id)
        .await?
        .ok_or(Error::Internal("a stored walk-in vanished"))?;
    Ok(ServerMessage::WalkIn(status(&view, now_ms(), !created)))
}

/// The current state of a request this gate made, for the socket that watches it.
///
/// # Errors
/// [`Error::Storage`].
pub async fn current(
    store: &Store,
    gate_id: Uuid,
    request_id: Uuid,
) -> Result<Option<WalkInStatus>> {
    Ok(store
        .walk_ins()
        .walk_in_by_request(gate_id, request_id)
        .await?
        .map(|view| status(&view, now_ms(), false)))
}

/// The `walk_in` message for a stored request as it stands at `now`.
pub fn status(view: &WalkInView, now: i64, replayed: bool) -> WalkInStatus {
    let walk_in = &view.walk_in;
    let state = visits::walk_in_state(walk_in, now);
    WalkInStatus {
        request_id: walk_in.request_id,
        walk_in_id: walk_in.id,
        state,
        reason: state.reason(),
        visitor_name: walk_in.visitor_name.clone(),
        note: walk_in.note.clone(),
        host: HostSummary {
            id: walk_in.host_id,
            label: view.host_label.clone(),
            unit: view.host_unit.clone(),
        },
        expires_at: tessera_domain::ms_to_datetime(walk_in.expires_at_ms),
        decided_at: match state {
            WalkInState::Waiting => None,
            WalkInState::Expired => Some(tessera_domain::ms_to_datetime(
                walk_in.decided_at_ms.unwrap_or(walk_in.expires_at_ms),
            )),
            _ => walk_in.decided_at_ms.map(tessera_domain::ms_to_datetime),
        },
        replayed,
    }
}

/// A host's (or an admin's) answer to a request: approve (the walk-in admission) or deny,
/// in one transaction with its event. The same answer again returns the request as stored.
///
/// A host's answer (`host_id`: its key, session or mailed link) counts only while the host
/// is not revoked, checked in the statement that writes it.
///
/// # Errors
/// [`Error::NotFound`] for a request the caller may not answer; [`Refusal::AlreadyDecided`],
/// [`Refusal::ApprovalTimeout`] and [`Refusal::HostRevoked`]; [`Error::Storage`].
pub async fn decide(
    store: &Store,
    org_id: Uuid,
    host_id: Option<Uuid>,
    by: &Actor,
    id: Uuid,
    wanted: WalkInState,
) -> Result<WalkInView> {
    let view = store
        .walk_ins()
        .walk_in(org_id, id)
        .await?
        .filter(|view| host_id.is_none_or(|host| view.walk_in.host_id == host))
        .ok_or(Error::NotFound)?;
    let decided = |admission| WalkInDecided {
        walk_in: walk_in_ref(&view.walk_in),
        by_key_id: by.key_id,
        admission,
    };
    let (severity, details) = match wanted {
        WalkInState::Approved => (
            Severity::Info,
            Details::WalkInApproved(decided(Some(AdmissionKind::WalkIn))),
        ),
        _ => (Severity::Warning, Details::WalkInDenied(decided(None))),
    };
    let now = now_ms();
    let event = walk_in_event(severity, &view.walk_in, details).by(by.person.as_ref());
    if !store
        .walk_ins()
        .decide_walk_in(org_id, id, wanted.as_str(), now, host_id, &event)
        .await?
    {
        let stored = store
            .walk_ins()
            .walk_in(org_id, id)
            .await?
            .ok_or(Error::Internal("a decided walk-in vanished"))?;
        // Still waiting, yet not written: the host answering was revoked.
        if host_id.is_some() && visits::walk_in_state(&stored.walk_in, now) == WalkInState::Waiting
        {
            return Err(Error::Refused(Refusal::HostRevoked));
        }
        visits::answer_to_closed(&stored.walk_in, wanted, now).map_err(Error::Refused)?;
        return Ok(stored);
    }
    store
        .walk_ins()
        .walk_in(org_id, id)
        .await?
        .ok_or(Error::Internal("a decided walk-in vanished"))
}

/// Closes requests past their approval timeout, each with its `walk_in_expired` event, so
/// the gate and the host see `expired` even if nobody looks at the request again.
pub async fn sweep(store: Store, mut shutdown: Shutdown) {
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            biased;
            () = shutdown.recv() => return,
            _ = every.tick() => {}
        }
        let expired = store
            .walk_ins()
            .expire_walk_ins(now_ms(), 500, &|walk_in| {
                walk_in_event(
                    Severity::Warning,
                    walk_in,
                    Details::WalkInExpired(WalkInExpired {
                        walk_in: walk_in_ref(walk_in),
                        reason: WalkInReason::ApprovalTimeout,
                    }),
                )
            })
            .await;
        if let Err(error) = expired {
            tracing::warn!(%error, "could not expire walk-in requests");
        }
    }
}

fn walk_in_ref(walk_in: &WalkInRow) -> WalkInRef {
    WalkInRef {
        walk_in_id: walk_in.id,
        request_id: walk_in.request_id,
        host_id: walk_in.host_id,
        visitor_name: walk_in.visitor_name.clone(),
    }
}

fn requested_event(
    severity: Severity,
    walk_in: &WalkInRow,
    details: WalkInRequested,
) -> tessera_store::NewAudit {
    let details = WalkInRequested {
        walk_in: walk_in_ref(walk_in),
        ..details
    };
    walk_in_event(severity, walk_in, Details::WalkInRequested(details))
}

fn walk_in_event(
    severity: Severity,
    walk_in: &WalkInRow,
    details: Details,
) -> tessera_store::NewAudit {
    audit::event(
        severity,
        Subject {
            org_id: Some(walk_in.org_id),
            gate_id: Some(walk_in.gate_id),
            pass_id: None,
        },
        details,
    )
}
