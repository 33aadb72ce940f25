//! Alarms handled to the end (issue 32): acknowledge, assign, resolve.
//!
//! [`tessera_domain::alarms::decide`] makes every decision on the alarm as read; this flow
//! reads the alarm from the primary, decides, and writes the decision with its audit event
//! only if nobody changed the alarm meanwhile. When someone did (another officer on another
//! replica), it reads again and decides again: the second decision is then the refusal
//! that names the winner, or, for an assignment, a change on top of theirs.

use uuid::Uuid;

use crate::error::{Error, Result};
use tessera_domain::alarms::{self, AlarmAction};
use tessera_domain::audit::{self, Actor, Severity, Subject};
use tessera_domain::events::{AlarmChanged, Details};
use tessera_domain::now_ms;
use tessera_store::{AlarmRow, Store};

/// Decisions retried at most when others keep changing the alarm in between.
const ATTEMPTS: usize = 5;

/// Applies `action` by `who` (the person's name, else the key's label) to the alarm
/// `alarm_id` of `org_id`, and returns the alarm as it now stands.
///
/// # Errors
/// [`Error::NotFound`] for no such alarm in the organisation, [`Error::Alarm`] when it has
/// moved past what the action needs, storage failures.
pub async fn act(
    store: &Store,
    org_id: Uuid,
    alarm_id: i64,
    action: &AlarmAction,
    by: &Actor,
    who: &str,
) -> Result<AlarmRow> {
    for _ in 0..ATTEMPTS {
        let Some(alarm) = store.security().alarm(org_id, alarm_id).await? else {
            return Err(Error::NotFound);
        };
        let now = now_ms();
        let next = alarms::decide(&alarm.handling, action, who, now).map_err(Error::Alarm)?;
        let details = AlarmChanged {
            alarm_id,
            alarm: alarm.event.event.alarm_name(),
            state: next.current(),
            by_key_id: by.key_id,
            assignee: next.assignee.clone(),
            outcome: next.outcome,
            note: match action {
                AlarmAction::Resolve { note, .. } => note.clone(),
                _ => None,
            },
        };
        let details = match action {
            AlarmAction::Acknowledge => Details::AlarmAcknowledged(details),
            AlarmAction::Assign(_) => Details::AlarmAssigned(details),
            AlarmAction::Resolve { .. } => Details::AlarmResolved(details),
        };
        let event = audit::event(
            Severity::Info,
            Subject {
                org_id: Some(org_id),
                gate_id: alarm.event.gate_id,
                pass_id: alarm.event.pass_id,
            },
            details,
        )
        .by(by.person.as_ref());
        if store
            .security()
            .write_alarm(org_id, alarm_id, alarm.handling.version, &next, &event)
            .await?
        {
            if let Some(seconds) =
                alarms::time_to_acknowledge_s(&alarm.handling, &next, alarm.event.at_ms)
            {
                crate::metrics::get().alarm_acknowledged(seconds);
            }
            return Ok(AlarmRow {
                event: alarm.event,
                handling: next,
            });
        }
    }
    Err(Error::Internal(
        "the alarm kept changing under five decisions",
    ))
}
