//! Alarms handled to the end (issue 32): what a security team does with an alarm.
//!
//! An alarm is a high-severity audit event: a copied nonce, a replayed code, a burned
//! challenge (forged MACs), a claim conflict, a watchlist hit, a roll call started. It is
//! open from the moment its event commits. People then move it along one path:
//!
//! ```text
//! open ──acknowledge──▶ acknowledged ──resolve──▶ resolved
//!   └──────────────────resolve──────────────────────┘
//! ```
//!
//! and may assign it to someone at any point before it is resolved. [`decide`] is the whole
//! rule, a pure function of the alarm as read and the action asked for; storage writes its
//! answer only if the alarm is still at the version that was read, so two officers acting
//! at once on two replicas get one winner, and the other is told who won
//! ([`AlarmRefusal::AlreadyAcknowledged`]).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where an alarm stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AlarmState {
    /// Nobody has taken it yet.
    Open,
    /// Someone took it.
    Acknowledged,
    /// It ended, with an outcome.
    Resolved,
}

impl AlarmState {
    /// Every state.
    pub const ALL: [AlarmState; 3] = [
        AlarmState::Open,
        AlarmState::Acknowledged,
        AlarmState::Resolved,
    ];

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            AlarmState::Open => "open",
            AlarmState::Acknowledged => "acknowledged",
            AlarmState::Resolved => "resolved",
        }
    }

    /// Parses the stored name.
    pub fn parse(text: &str) -> Option<AlarmState> {
        AlarmState::ALL
            .into_iter()
            .find(|state| state.as_str() == text)
    }
}

impl TryFrom<String> for AlarmState {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        AlarmState::parse(&text).ok_or_else(|| format!("unknown alarm state {text:?}"))
    }
}

/// How an alarm ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AlarmOutcome {
    /// A real attempt, dealt with.
    Confirmed,
    /// Nothing was wrong (a guard's mistake, a test).
    FalseAlarm,
    /// Another alarm covers it.
    Duplicate,
    /// Looked at; nothing to do.
    NoAction,
}

impl AlarmOutcome {
    /// Every outcome.
    pub const ALL: [AlarmOutcome; 4] = [
        AlarmOutcome::Confirmed,
        AlarmOutcome::FalseAlarm,
        AlarmOutcome::Duplicate,
        AlarmOutcome::NoAction,
    ];

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            AlarmOutcome::Confirmed => "confirmed",
            AlarmOutcome::FalseAlarm => "false_alarm",
            AlarmOutcome::Duplicate => "duplicate",
            AlarmOutcome::NoAction => "no_action",
        }
    }

    /// Parses the stored name.
    pub fn parse(text: &str) -> Option<AlarmOutcome> {
        AlarmOutcome::ALL
            .into_iter()
            .find(|outcome| outcome.as_str() == text)
    }
}

impl TryFrom<String> for AlarmOutcome {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        AlarmOutcome::parse(&text).ok_or_else(|| format!("unknown alarm outcome {text:?}"))
    }
}

/// What people did with an alarm: its stored row, or, for an alarm nobody touched yet,
/// [`Handling::untouched`] (version 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Handling {
    /// Where it stands.
    pub state: Option<AlarmState>,
    /// Changes made so far (0: none, no row stored).
    pub version: i64,
    /// Whom it is assigned to.
    pub assignee: Option<String>,
    /// When it was acknowledged.
    pub acknowledged_at_ms: Option<i64>,
    /// Who acknowledged it.
    pub acknowledged_by: Option<String>,
    /// When it was resolved.
    pub resolved_at_ms: Option<i64>,
    /// Who resolved it.
    pub resolved_by: Option<String>,
    /// How it ended.
    pub outcome: Option<AlarmOutcome>,
    /// The resolver's note.
    pub note: Option<String>,
    /// When it last changed.
    pub updated_at_ms: Option<i64>,
}

impl Handling {
    /// An alarm nobody has touched: open, version 0.
    pub fn untouched() -> Handling {
        Handling {
            state: Some(AlarmState::Open),
            ..Handling::default()
        }
    }

    /// Where it stands (open when nothing was stored).
    pub fn current(&self) -> AlarmState {
        self.state.unwrap_or(AlarmState::Open)
    }
}

/// What someone asks to do with an alarm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlarmAction {
    /// Take it.
    Acknowledge,
    /// Give it to someone (`None`: to nobody).
    Assign(Option<String>),
    /// End it.
    Resolve {
        /// How it ended.
        outcome: AlarmOutcome,
        /// What happened, for whoever reads it later.
        note: Option<String>,
    },
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlarmRefusal {
    /// Someone acknowledged it first.
    AlreadyAcknowledged {
        /// Who.
        by: Option<String>,
        /// When.
        at_ms: Option<i64>,
    },
    /// It has ended.
    AlreadyResolved {
        /// Who ended it.
        by: Option<String>,
        /// When.
        at_ms: Option<i64>,
    },
}

impl std::fmt::Display for AlarmRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, by) = match self {
            AlarmRefusal::AlreadyAcknowledged { by, .. } => ("acknowledged", by),
            AlarmRefusal::AlreadyResolved { by, .. } => ("resolved", by),
        };
        match by {
            Some(by) => write!(f, "this alarm was already {what} by {by}"),
            None => write!(f, "this alarm was already {what}"),
        }
    }
}

/// What `who` doing `action` at `now_ms` makes of an alarm that stood at `current`: its
/// next handling (version one up), or why not.
///
/// # Errors
/// [`AlarmRefusal`] when the alarm has moved past what the action needs.
pub fn decide(
    current: &Handling,
    action: &AlarmAction,
    who: &str,
    now_ms: i64,
) -> Result<Handling, AlarmRefusal> {
    let state = current.current();
    if state == AlarmState::Resolved {
        return Err(AlarmRefusal::AlreadyResolved {
            by: current.resolved_by.clone(),
            at_ms: current.resolved_at_ms,
        });
    }
    let mut next = Handling {
        version: current.version.saturating_add(1),
        updated_at_ms: Some(now_ms),
        ..current.clone()
    };
    match action {
        AlarmAction::Acknowledge => {
            if state == AlarmState::Acknowledged {
                return Err(AlarmRefusal::AlreadyAcknowledged {
                    by: current.acknowledged_by.clone(),
                    at_ms: current.acknowledged_at_ms,
                });
            }
            next.state = Some(AlarmState::Acknowledged);
            next.acknowledged_at_ms = Some(now_ms);
            next.acknowledged_by = Some(who.to_owned());
            // Taking an alarm nobody was given makes it yours.
            if next.assignee.is_none() {
                next.assignee = Some(who.to_owned());
            }
        }
        AlarmAction::Assign(assignee) => {
            next.state = Some(state);
            next.assignee = assignee.clone();
        }
        AlarmAction::Resolve { outcome, note } => {
            // Resolving an open alarm acknowledges it on the way.
            if state == AlarmState::Open {
                next.acknowledged_at_ms = Some(now_ms);
                next.acknowledged_by = Some(who.to_owned());
            }
            next.state = Some(AlarmState::Resolved);
            next.resolved_at_ms = Some(now_ms);
            next.resolved_by = Some(who.to_owned());
            next.outcome = Some(*outcome);
            next.note = note.clone();
        }
    }
    Ok(next)
}

/// Seconds from an alarm's event to its acknowledgement, for `/metrics`, when this change
/// is the acknowledgement.
pub fn time_to_acknowledge_s(
    before: &Handling,
    after: &Handling,
    raised_at_ms: i64,
) -> Option<f64> {
    match (before.acknowledged_at_ms, after.acknowledged_at_ms) {
        (None, Some(at_ms)) => {
            #[allow(clippy::cast_precision_loss)] // milliseconds within centuries
            let seconds = at_ms.saturating_sub(raised_at_ms).max(0) as f64 / 1000.0;
            Some(seconds)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_000_000;

    fn at(state: AlarmState, version: i64) -> Handling {
        let mut handling = Handling {
            state: Some(state),
            version,
            ..Handling::default()
        };
        if state != AlarmState::Open {
            handling.acknowledged_by = Some("Ada".into());
            handling.acknowledged_at_ms = Some(NOW - 10);
        }
        if state == AlarmState::Resolved {
            handling.resolved_by = Some("Ada".into());
            handling.resolved_at_ms = Some(NOW - 5);
            handling.outcome = Some(AlarmOutcome::FalseAlarm);
        }
        handling
    }

    #[test]
    fn the_transitions_table() {
        use AlarmState::*;
        let resolve = AlarmAction::Resolve {
            outcome: AlarmOutcome::Confirmed,
            note: Some("stopped at the door".into()),
        };
        let assign = AlarmAction::Assign(Some("Grace".into()));
        // (from, action, to or refusal-name)
        let table: [(AlarmState, &AlarmAction, Result<AlarmState, &str>); 9] = [
            (Open, &AlarmAction::Acknowledge, Ok(Acknowledged)),
            (
                Acknowledged,
                &AlarmAction::Acknowledge,
                Err("already_acknowledged"),
            ),
            (Resolved, &AlarmAction::Acknowledge, Err("already_resolved")),
            (Open, &assign, Ok(Open)),
            (Acknowledged, &assign, Ok(Acknowledged)),
            (Resolved, &assign, Err("already_resolved")),
            (Open, &resolve, Ok(Resolved)),
            (Acknowledged, &resolve, Ok(Resolved)),
            (Resolved, &resolve, Err("already_resolved")),
        ];
        for (from, action, expected) in table {
            let before = at(from, 3);
            let got = decide(&before, action, "Grace", NOW);
            match (got, expected) {
                (Ok(next), Ok(to)) => {
                    assert_eq!(next.current(), to, "{from:?} {action:?}");
                    assert_eq!(next.version, 4);
                    assert_eq!(next.updated_at_ms, Some(NOW));
                }
                (
                    Err(AlarmRefusal::AlreadyAcknowledged { by, at_ms }),
                    Err("already_acknowledged"),
                ) => {
                    assert_eq!((by.as_deref(), at_ms), (Some("Ada"), Some(NOW - 10)));
                }
                (Err(AlarmRefusal::AlreadyResolved { by, at_ms }), Err("already_resolved")) => {
                    assert_eq!((by.as_deref(), at_ms), (Some("Ada"), Some(NOW - 5)));
                }
                (got, expected) => panic!("{from:?} {action:?}: {got:?}, expected {expected:?}"),
            }
        }
    }

    #[test]
    fn acknowledging_records_who_and_when_and_takes_an_unassigned_alarm() {
        let next = decide(
            &Handling::untouched(),
            &AlarmAction::Acknowledge,
            "Grace",
            NOW,
        );
        let next = next.unwrap_or_default();
        assert_eq!(next.version, 1);
        assert_eq!(next.acknowledged_by.as_deref(), Some("Grace"));
        assert_eq!(next.acknowledged_at_ms, Some(NOW));
        assert_eq!(next.assignee.as_deref(), Some("Grace"));
        assert_eq!(
            time_to_acknowledge_s(&Handling::untouched(), &next, NOW - 4_500),
            Some(4.5)
        );

        let mut given = Handling::untouched();
        given.assignee = Some("Linus".into());
        let next = decide(&given, &AlarmAction::Acknowledge, "Grace", NOW).unwrap_or_default();
        assert_eq!(
            next.assignee.as_deref(),
            Some("Linus"),
            "an assignment stands"
        );
    }

    #[test]
    fn resolving_an_open_alarm_acknowledges_it_too_and_keeps_the_note() {
        let action = AlarmAction::Resolve {
            outcome: AlarmOutcome::FalseAlarm,
            note: Some("guard scanned twice".into()),
        };
        let next = decide(&Handling::untouched(), &action, "Grace", NOW).unwrap_or_default();
        assert_eq!(next.current(), AlarmState::Resolved);
        assert_eq!(next.acknowledged_by.as_deref(), Some("Grace"));
        assert_eq!(next.resolved_by.as_deref(), Some("Grace"));
        assert_eq!(next.outcome, Some(AlarmOutcome::FalseAlarm));
        assert_eq!(next.note.as_deref(), Some("guard scanned twice"));
        // An acknowledged alarm keeps its first acknowledger.
        let acknowledged = at(AlarmState::Acknowledged, 1);
        let next = decide(&acknowledged, &action, "Grace", NOW).unwrap_or_default();
        assert_eq!(next.acknowledged_by.as_deref(), Some("Ada"));
        assert_eq!(time_to_acknowledge_s(&acknowledged, &next, 0), None);
    }

    #[test]
    fn names_parse_back() {
        for state in AlarmState::ALL {
            assert_eq!(AlarmState::parse(state.as_str()), Some(state));
        }
        for outcome in AlarmOutcome::ALL {
            assert_eq!(AlarmOutcome::parse(outcome.as_str()), Some(outcome));
        }
        assert_eq!(AlarmState::parse("closed"), None);
        assert_eq!(AlarmOutcome::parse("fixed"), None);
        let refused = AlarmRefusal::AlreadyAcknowledged {
            by: Some("Ada".into()),
            at_ms: None,
        };
        assert_eq!(
            refused.to_string(),
            "this alarm was already acknowledged by Ada"
        );
    }
}
