//! What other systems receive (issue 17): the webhook event types, the event a receiver is
//! POSTed, and the state of a queued delivery.
//!
//! An event is made from an audit event ([`WebhookPayload::of`]): a new admission (not a
//! resent answer), a move out through a zone's exit gate, an approved walk-in, a
//! revocation, an alarm raised (any high-severity event) and each change to an alarm. Its
//! `data` is that audit event's details, the same type the audit API shows (for
//! `alarm.opened`, the alarm's id and name with the event that raised it).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::audit::Severity;
pub use crate::events::WebhookEventType;
use crate::events::{
    AlarmChanged, Details, PassRevokedDetails, ResponseDetails, WalkInDecided, WatchlistHit,
};
use crate::gates::Direction;

/// The event types one webhook receives, stored as their names joined by commas.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WebhookEvents(Vec<WebhookEventType>);

impl WebhookEvents {
    /// A set of the given types (each once, in the order given).
    pub fn new(types: impl IntoIterator<Item = WebhookEventType>) -> Self {
        let mut set = Vec::new();
        for kind in types {
            if !set.contains(&kind) {
                set.push(kind);
            }
        }
        WebhookEvents(set)
    }

    /// Whether the webhook receives this type.
    pub fn contains(&self, kind: WebhookEventType) -> bool {
        self.0.contains(&kind)
    }

    /// The types, in order.
    pub fn types(&self) -> &[WebhookEventType] {
        &self.0
    }

    /// The stored text.
    pub fn stored(&self) -> String {
        let names: Vec<&str> = self.0.iter().map(|kind| kind.as_str()).collect();
        names.join(",")
    }
}

impl TryFrom<String> for WebhookEvents {
    type Error = String;

    /// Reads the stored text; a name this server does not know is an error, never dropped.
    fn try_from(text: String) -> Result<Self, String> {
        text.split(',')
            .map(|name| {
                WebhookEventType::parse(name)
                    .ok_or_else(|| format!("unknown webhook event type {name:?}"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(WebhookEvents::new)
    }
}

/// An event as a receiver gets it: its `type` and, as `data`, its audit event's details.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum WebhookPayload {
    /// A new admission.
    Admission(ResponseDetails),
    /// A move out through a zone's exit gate.
    Exit(ResponseDetails),
    /// An approved walk-in.
    WalkIn(WalkInDecided),
    /// A revocation.
    Revocation(PassRevokedDetails),
    /// An alarm raised.
    #[serde(rename = "alarm.opened")]
    AlarmOpened(AlarmOpened),
    /// An alarm taken.
    #[serde(rename = "alarm.acknowledged")]
    AlarmAcknowledged(AlarmChanged),
    /// An alarm given to someone.
    #[serde(rename = "alarm.assigned")]
    AlarmAssigned(AlarmChanged),
    /// An alarm ended.
    #[serde(rename = "alarm.resolved")]
    AlarmResolved(AlarmChanged),
    /// A watchlist match (exact).
    #[serde(rename = "watchlist.hit")]
    WatchlistHit(WatchlistHit),
}

/// An alarm as raised: the high-severity event that is it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AlarmOpened {
    /// The alarm's id: its event's audit id.
    pub alarm_id: i64,
    /// What raised it (`foreign_nonce`, `code_replayed`, `watchlist_hit`, …).
    pub alarm: String,
    /// The event, as `GET /v1/audit` shows its `kind` and `details`.
    pub event: Details,
}

impl WebhookPayload {
    /// The webhook events the audit event `audit_id` can be, most specific first: a
    /// receiver gets the first of them it subscribed to, as one event (`evt_<audit id>`).
    /// An exact watchlist match is `watchlist.hit`, else `alarm.opened`.
    pub fn candidates(audit_id: i64, severity: Severity, details: &Details) -> Vec<WebhookPayload> {
        let mut candidates = Vec::new();
        if let (Details::WatchlistHit(hit), Severity::High) = (details, severity) {
            candidates.push(WebhookPayload::WatchlistHit(hit.clone()));
        }
        candidates.extend(WebhookPayload::of(audit_id, severity, details));
        candidates
    }

    /// The webhook event the audit event `audit_id` is, if any (see
    /// [`WebhookPayload::candidates`] for the one event some are more specifically).
    pub fn of(audit_id: i64, severity: Severity, details: &Details) -> Option<WebhookPayload> {
        if severity == Severity::High {
            let recorded = crate::events::Recorded::Known(details.clone());
            return Some(WebhookPayload::AlarmOpened(AlarmOpened {
                alarm_id: audit_id,
                alarm: recorded.alarm_name(),
                event: details.clone(),
            }));
        }
        match details {
            Details::Response(response) if response.is_new_admission() => {
                // A move at a zone's exit gate is stored like an admission; its event says so.
                let exit = response
                    .zone
                    .as_ref()
                    .is_some_and(|zone| zone.direction == Direction::Exit);
                Some(if exit {
                    WebhookPayload::Exit(response.clone())
                } else {
                    WebhookPayload::Admission(response.clone())
                })
            }
            Details::WalkInApproved(approved) => Some(WebhookPayload::WalkIn(approved.clone())),
            Details::PassRevoked(revoked) => Some(WebhookPayload::Revocation(revoked.clone())),
            Details::AlarmAcknowledged(changed) => {
                Some(WebhookPayload::AlarmAcknowledged(changed.clone()))
            }
            Details::AlarmAssigned(changed) => Some(WebhookPayload::AlarmAssigned(changed.clone())),
            Details::AlarmResolved(changed) => Some(WebhookPayload::AlarmResolved(changed.clone())),
            _ => None,
        }
    }

    /// Its type.
    pub fn event_type(&self) -> WebhookEventType {
        match self {
            WebhookPayload::Admission(_) => WebhookEventType::Admission,
            WebhookPayload::Exit(_) => WebhookEventType::Exit,
            WebhookPayload::WalkIn(_) => WebhookEventType::WalkIn,
            WebhookPayload::Revocation(_) => WebhookEventType::Revocation,
            WebhookPayload::AlarmOpened(_) => WebhookEventType::AlarmOpened,
            WebhookPayload::AlarmAcknowledged(_) => WebhookEventType::AlarmAcknowledged,
            WebhookPayload::AlarmAssigned(_) => WebhookEventType::AlarmAssigned,
            WebhookPayload::AlarmResolved(_) => WebhookEventType::AlarmResolved,
            WebhookPayload::WatchlistHit(_) => WebhookEventType::WatchlistHit,
        }
    }
}

/// The JSON body POSTed to a receiver.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WebhookEvent {
    /// Stable across redeliveries (`evt_<audit id>`): deduplicate by it.
    pub id: String,
    /// The type and its data.
    #[serde(flatten)]
    pub payload: WebhookPayload,
    /// When it happened, RFC 3339.
    pub occurred_at: String,
    /// The pass.
    pub pass_id: Option<Uuid>,
    /// The gate.
    pub gate_id: Option<Uuid>,
    /// The organisation.
    pub org_id: Option<Uuid>,
    /// The on-site node that shipped it (it happened on site); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin_node_id: Option<Uuid>,
}

/// Where a queued delivery stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeliveryState {
    /// To be tried (again).
    Pending,
    /// The receiver answered 2xx.
    Delivered,
    /// Out of retries, or its webhook is gone: in the dead-letter list.
    Dead,
}

impl DeliveryState {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryState::Pending => "pending",
            DeliveryState::Delivered => "delivered",
            DeliveryState::Dead => "dead",
        }
    }
}

impl TryFrom<String> for DeliveryState {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "pending" => Ok(DeliveryState::Pending),
            "delivered" => Ok(DeliveryState::Delivered),
            "dead" => Ok(DeliveryState::Dead),
            _ => Err(format!("unknown delivery state {text:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::ZoneMoveDetails;
    use tessera_protocol::messages::{DenyReason, Outcome};

    fn response(outcome: Outcome, replayed: bool, direction: Option<Direction>) -> Details {
        Details::Response(ResponseDetails {
            outcome: Some(outcome),
            reason: (outcome == Outcome::Denied).then_some(DenyReason::Expired),
            replayed,
            zone: direction.map(|direction| ZoneMoveDetails {
                zone_id: Uuid::nil(),
                zone: "Pool".into(),
                direction,
                first_entry: false,
            }),
            ..ResponseDetails::default()
        })
    }

    #[test]
    fn audit_events_map_to_webhook_events() {
        use WebhookEventType::*;
        let by_key_id = Uuid::nil();
        let cases = [
            (response(Outcome::Admitted, false, None), Some(Admission)),
            (response(Outcome::Admitted, true, None), None),
            (response(Outcome::AlreadyAdmitted, false, None), None),
            (response(Outcome::Denied, false, None), None),
            (
                response(Outcome::Admitted, false, Some(Direction::Entry)),
                Some(Admission),
            ),
            (
                response(Outcome::Admitted, false, Some(Direction::Exit)),
                Some(Exit),
            ),
            (
                Details::WalkInApproved(WalkInDecided {
                    by_key_id,
                    admission: None,
                    walk_in: Default::default(),
                }),
                Some(WalkIn),
            ),
            (
                Details::PassRevoked(PassRevokedDetails {
                    previous_state: "claimed".into(),
                    by_key_id,
                }),
                Some(Revocation),
            ),
            (
                Details::WalkInDenied(WalkInDecided {
                    by_key_id,
                    admission: None,
                    walk_in: Default::default(),
                }),
                None,
            ),
        ];
        for (details, expected) in cases {
            let payload = WebhookPayload::of(1, Severity::Info, &details);
            assert_eq!(payload.map(|p| p.event_type()), expected, "{details:?}");
        }
        // Any high-severity event is an alarm raised; a change to one is its own type.
        let replayed = Details::Response(ResponseDetails {
            outcome: Some(Outcome::Denied),
            reason: Some(DenyReason::CodeReplayed),
            ..ResponseDetails::default()
        });
        let opened = WebhookPayload::of(42, Severity::High, &replayed);
        assert_eq!(
            opened.as_ref().map(WebhookPayload::event_type),
            Some(AlarmOpened)
        );
        let body = serde_json::to_value(&opened).unwrap_or_default();
        assert_eq!(body["type"], "alarm.opened");
        assert_eq!(body["data"]["alarm_id"], 42);
        assert_eq!(body["data"]["alarm"], "code_replayed");
        assert_eq!(body["data"]["event"]["kind"], "response");
        assert_eq!(body["data"]["event"]["details"]["reason"], "code_replayed");
        let changed = AlarmChanged {
            alarm_id: 42,
            alarm: "code_replayed".into(),
            state: crate::alarms::AlarmState::Resolved,
            by_key_id,
            assignee: None,
            outcome: Some(crate::alarms::AlarmOutcome::FalseAlarm),
            note: None,
        };
        let resolved = WebhookPayload::of(43, Severity::Info, &Details::AlarmResolved(changed));
        assert_eq!(
            resolved.as_ref().map(WebhookPayload::event_type),
            Some(AlarmResolved)
        );
        let body = serde_json::to_value(&resolved).unwrap_or_default();
        assert_eq!(body["type"], "alarm.resolved");
    }

    #[test]
    fn stored_event_sets_read_back_and_refuse_unknown_names() {
        let set = WebhookEvents::try_from("admission,walk_in,admission".to_owned());
        assert_eq!(
            set.as_ref().map(WebhookEvents::stored).ok(),
            Some("admission,walk_in".to_owned())
        );
        assert!(WebhookEvents::try_from("admission,refund".to_owned()).is_err());
        assert!(WebhookEvents::try_from(String::new()).is_err());
        for state in [
            DeliveryState::Pending,
            DeliveryState::Delivered,
            DeliveryState::Dead,
        ] {
            assert_eq!(
                DeliveryState::try_from(state.as_str().to_owned()),
                Ok(state)
            );
        }
        assert!(DeliveryState::try_from("retrying".to_owned()).is_err());
    }
}
