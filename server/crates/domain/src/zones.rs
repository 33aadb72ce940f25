//! Zones: entry and exit gates, re-entry rules and who is inside (issue 17), as pure
//! functions tested with tables, applied by the redemption transaction (`redemption`) to
//! the rows it locked.
//!
//! A gate without a zone behaves exactly as TSR1 says. At a gate with a zone, a correct
//! answer is first settled as any other ([`crate::rules::settle`]: a stored outcome, a
//! closed challenge, an unbound key, a revoked or expired pass, a code step that already
//! admitted someone keep their answers); then the zone decides ([`decide`]):
//!
//! - an **entry** needs a pass valid for the zone (`zone_not_allowed`), not already inside
//!   (`already_inside`), allowed back if it left before (`reentry_not_allowed`), and within
//!   the zone's entries per UTC day (`entry_limit`); entering checks the visitor out of
//!   every other zone when the zone says so;
//! - an **exit** needs the pass inside (`not_inside`).
//!
//! The first entry of a pass into any zone is its admission and counts a use; re-entries
//! and exits do not. Each move is stored under its nonce like an admission (outcome
//! `admitted`, the move in its audit event), so resends, replays and races keep every
//! TSR1 guarantee.

use tessera_protocol::messages::DenyReason;

pub use crate::gates::Direction;
#[cfg(test)]
use crate::rows::Presence;
use crate::rows::{StoredOutcome, ZoneView};
use crate::rules::Settlement;

/// What the zone lets the pass do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneMove {
    /// In; `admission` when it is the pass's first entry anywhere (it counts a use).
    Enter {
        /// Counts a use.
        admission: bool,
    },
    /// Out.
    Exit,
}

/// What the redemption transaction does with a correct answer at a zone gate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneSettlement {
    /// The TSR1 settlement stands as it is (replay, closed, unbound key, a denial of the
    /// pass, the step already admitted).
    Plain(Settlement),
    /// Store `admitted` and make this move.
    Move(ZoneMove),
}

/// The UTC day of `at_ms`.
pub fn day_of(at_ms: i64) -> i64 {
    at_ms.div_euclid(86_400_000)
}

/// The zone's decision for a pass that may be admitted as far as TSR1 is concerned.
///
/// # Errors
/// The denial reason.
pub fn decide(direction: Direction, zone: &ZoneView, today: i64) -> Result<ZoneMove, DenyReason> {
    match direction {
        Direction::Exit => match zone.presence {
            Some(presence) if presence.inside => Ok(ZoneMove::Exit),
            _ => Err(DenyReason::NotInside),
        },
        Direction::Entry => {
            if !zone.pass_allowed {
                return Err(DenyReason::ZoneNotAllowed);
            }
            if let Some(presence) = zone.presence {
                if presence.inside {
                    return Err(DenyReason::AlreadyInside);
                }
                if !zone.allow_reentry {
                    return Err(DenyReason::ReentryNotAllowed);
                }
            }
            let entries_today = zone
                .presence
                .filter(|presence| presence.entry_day == today)
                .map_or(0, |presence| presence.entries_on_day);
            if zone
                .max_entries_per_day
                .is_some_and(|most| entries_today >= most)
            {
                return Err(DenyReason::EntryLimit);
            }
            Ok(ZoneMove::Enter {
                admission: !zone.entered_any,
            })
        }
    }
}

/// Combines TSR1's settlement with the zone's decision.
///
/// `step_admitted` says the code's step already admitted someone: that answer stands (one
/// shown code moves one person). A pass with no use left may still re-enter a zone it
/// entered, and leave one it is in; its first entry anywhere needs a use.
pub fn settle(
    settlement: Settlement,
    step_admitted: bool,
    direction: Direction,
    zone: &ZoneView,
    today: i64,
) -> ZoneSettlement {
    let passable = match &settlement {
        Settlement::Admit => true,
        Settlement::Store(StoredOutcome::AlreadyAdmitted(_)) => !step_admitted,
        _ => false,
    };
    if !passable {
        return ZoneSettlement::Plain(settlement);
    }
    match decide(direction, zone, today) {
        Ok(ZoneMove::Enter { admission: true }) if settlement != Settlement::Admit => {
            ZoneSettlement::Plain(settlement)
        }
        Ok(zone_move) => ZoneSettlement::Move(zone_move),
        Err(reason) => ZoneSettlement::Plain(Settlement::Store(StoredOutcome::Denied(reason))),
    }
}

#[cfg(test)]
mod tests {
    use DenyReason::*;

    use super::*;
    use crate::rows::Admission;

    const TODAY: i64 = 20_000;

    fn zone() -> ZoneView {
        ZoneView {
            allow_reentry: true,
            max_entries_per_day: None,
            pass_allowed: true,
            presence: None,
            entered_any: false,
        }
    }

    fn been(inside: bool, entry_day: i64, entries_on_day: i64) -> Option<Presence> {
        Some(Presence {
            inside,
            entry_day,
            entries_on_day,
        })
    }

    #[test]
    fn the_zone_rules_decide_entries_and_exits() {
        use Direction::{Entry, Exit};
        let cases: Vec<(&str, Direction, ZoneView, Result<ZoneMove, DenyReason>)> = vec![
            (
                "first entry anywhere",
                Entry,
                zone(),
                Ok(ZoneMove::Enter { admission: true }),
            ),
            (
                "first entry here, inside another zone before",
                Entry,
                ZoneView {
                    entered_any: true,
                    ..zone()
                },
                Ok(ZoneMove::Enter { admission: false }),
            ),
            (
                "not valid for the zone",
                Entry,
                ZoneView {
                    pass_allowed: false,
                    ..zone()
                },
                Err(ZoneNotAllowed),
            ),
            (
                "already inside (pass-back)",
                Entry,
                ZoneView {
                    presence: been(true, TODAY, 1),
                    entered_any: true,
                    ..zone()
                },
                Err(AlreadyInside),
            ),
            (
                "back after stepping out",
                Entry,
                ZoneView {
                    presence: been(false, TODAY, 1),
                    entered_any: true,
                    ..zone()
                },
                Ok(ZoneMove::Enter { admission: false }),
            ),
            (
                "no re-entry in this zone",
                Entry,
                ZoneView {
                    allow_reentry: false,
                    presence: been(false, TODAY, 1),
                    entered_any: true,
                    ..zone()
                },
                Err(ReentryNotAllowed),
            ),
            (
                "the day's entries used up",
                Entry,
                ZoneView {
                    max_entries_per_day: Some(2),
                    presence: been(false, TODAY, 2),
                    entered_any: true,
                    ..zone()
                },
                Err(EntryLimit),
            ),
            (
                "yesterday's entries do not count today",
                Entry,
                ZoneView {
                    max_entries_per_day: Some(2),
                    presence: been(false, TODAY - 1, 2),
                    entered_any: true,
                    ..zone()
                },
                Ok(ZoneMove::Enter { admission: false }),
            ),
            (
                "exit from inside",
                Exit,
                ZoneView {
                    presence: been(true, TODAY, 1),
                    entered_any: true,
                    ..zone()
                },
                Ok(ZoneMove::Exit),
            ),
            ("exit without having entered", Exit, zone(), Err(NotInside)),
            (
                "exit after leaving already",
                Exit,
                ZoneView {
                    presence: been(false, TODAY, 1),
                    entered_any: true,
                    ..zone()
                },
                Err(NotInside),
            ),
        ];
        for (case, direction, view, expected) in cases {
            assert_eq!(decide(direction, &view, TODAY), expected, "{case}");
        }
    }

    #[test]
    fn tsr1_settles_first_and_the_zone_second() {
        use Direction::{Entry, Exit};
        let last = Some(Admission {
            gate_id: uuid::Uuid::nil(),
            at_ms: 1,
        });
        let used_up = Settlement::Store(StoredOutcome::AlreadyAdmitted(last));
        let inside = ZoneView {
            presence: been(true, TODAY, 1),
            entered_any: true,
            ..zone()
        };
        let stepped_out = ZoneView {
            presence: been(false, TODAY, 1),
            entered_any: true,
            ..zone()
        };
        let cases: Vec<(&str, Settlement, bool, Direction, ZoneView, ZoneSettlement)> = vec![
            (
                "first entry with a use left",
                Settlement::Admit,
                false,
                Entry,
                zone(),
                ZoneSettlement::Move(ZoneMove::Enter { admission: true }),
            ),
            (
                "first entry of a used-up pass stays already_admitted",
                used_up.clone(),
                false,
                Entry,
                zone(),
                ZoneSettlement::Plain(used_up.clone()),
            ),
            (
                "a used-up pass re-enters",
                used_up.clone(),
                false,
                Entry,
                stepped_out,
                ZoneSettlement::Move(ZoneMove::Enter { admission: false }),
            ),
            (
                "a used-up pass leaves",
                used_up.clone(),
                false,
                Exit,
                inside,
                ZoneSettlement::Move(ZoneMove::Exit),
            ),
            (
                "the code's step already moved someone",
                used_up.clone(),
                true,
                Exit,
                inside,
                ZoneSettlement::Plain(used_up),
            ),
            (
                "a revoked pass is refused before the zone",
                Settlement::Store(StoredOutcome::Denied(Revoked)),
                false,
                Exit,
                inside,
                ZoneSettlement::Plain(Settlement::Store(StoredOutcome::Denied(Revoked))),
            ),
            (
                "an unbound key stays a wrong answer",
                Settlement::KeyUnbound,
                false,
                Entry,
                zone(),
                ZoneSettlement::Plain(Settlement::KeyUnbound),
            ),
            (
                "a zone denial is stored",
                Settlement::Admit,
                false,
                Exit,
                zone(),
                ZoneSettlement::Plain(Settlement::Store(StoredOutcome::Denied(NotInside))),
            ),
        ];
        for (case, settlement, step, direction, view, expected) in cases {
            assert_eq!(
                settle(settlement, step, direction, &view, TODAY),
                expected,
                "{case}"
            );
        }
    }

    #[test]
    fn days_are_utc_days() {
        assert_eq!(day_of(0), 0);
        assert_eq!(day_of(86_399_999), 0);
        assert_eq!(day_of(86_400_000), 1);
        assert_eq!(day_of(-1), -1);
    }
}
