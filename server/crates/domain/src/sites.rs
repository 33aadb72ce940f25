//! On-site nodes (issue 35): who may admit a site's passes, decided from its lease.
//!
//! The central server grants one node a **lease** on a site: a signed, time-bounded grant,
//! renewed while the uplink is up. Every decision about who may admit is a pure function
//! here, and the transports (the sync over HTTPS, the gate's WebSocket) only carry what they
//! decide:
//!
//! - [`central_admits`]: the central server refuses a site's passes (`site_delegated`)
//!   from the moment it grants a lease until the lease is handed back or reclaimed. It never
//!   resumes on its own when a lease runs out: the node may still hold admissions it could
//!   not ship, and only their arrival (or an operator reclaiming the site) ends the doubt.
//! - [`node_authority`]: the node admits from the lease's start until its end, both read on
//!   its own clock with [`CLOCK_DRIFT_MS`] taken off, and only once it has synced down past
//!   the start; after the end, only while an operator on site has extended it.
//! - [`lease_terms`]: a new lease starts a challenge's lifetime after the grant, so every
//!   challenge the central server issued before it closes before the node may admit.
//! - [`merge_pass`]: a pass as the node holds it after a sync-down, and the conflict to
//!   report when a central change crossed an admission made on site.
//! - [`presence_wins`]: whose copy of a pass's standing in a zone stands, the node's or
//!   the central server's: the later move.

use uuid::Uuid;

use crate::rows::{PassRow, PassState};
pub use crate::site_values::{ConflictKind, LeaseEnd, NodeFault};

/// The largest difference assumed between the central server's clock and a node's. Both
/// ends of a lease are moved inwards by it on the node, so a node's clock that is this much
/// fast or slow still never admits outside the lease as the central server counts it.
pub const CLOCK_DRIFT_MS: i64 = 2_000;

/// A lease on a site, as granted.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Lease {
    /// The lease's id.
    pub id: Uuid,
    /// The organisation whose site it is.
    pub org_id: Uuid,
    /// The site.
    pub site: String,
    /// The node holding it.
    pub node_id: Uuid,
    /// When it was first granted (central clock).
    pub granted_at_ms: i64,
    /// From when the node may admit (central clock).
    pub valid_from_ms: i64,
    /// Until when the node may admit without a renewal (central clock).
    pub expires_at_ms: i64,
}

impl Lease {
    /// The bytes the central server signs: every field, in a fixed order, with a label, so
    /// that no other signed message of the server reads as a lease.
    pub fn signed_bytes(&self) -> Vec<u8> {
        format!(
            "tessera/v1 site lease\n{}\n{}\n{}\n{}\n{}\n{}\n{}",
            self.id,
            self.org_id,
            self.site,
            self.node_id,
            self.granted_at_ms,
            self.valid_from_ms,
            self.expires_at_ms
        )
        .into_bytes()
    }
}

/// The conflict an admission shipped from a node makes with the pass as the central server
/// holds it: one made on a pass revoked centrally before it arrived.
pub fn shipped_admission_conflict(
    central_state: PassState,
    revoked_at_ms: Option<i64>,
) -> Option<ConflictKind> {
    (central_state == PassState::Revoked || revoked_at_ms.is_some())
        .then_some(ConflictKind::AdmittedWhileRevoked)
}

/// Whether the central server may decide for a pass now: not when the pass is restricted
/// to a site whose lease a node holds.
pub fn central_admits(pass_site: Option<&str>, held: Option<&Lease>) -> bool {
    match (pass_site, held) {
        (Some(site), Some(lease)) => lease.site != site,
        _ => true,
    }
}

/// The validity a grant gives: a new lease starts once every challenge issued centrally
/// before the grant has closed; a renewal keeps its start and moves its end.
pub fn lease_terms(
    now_ms: i64,
    challenge_lifetime_ms: i64,
    term_ms: i64,
    held: Option<&Lease>,
) -> (i64, i64) {
    let valid_from = match held {
        Some(lease) => lease.valid_from_ms,
        None => now_ms.saturating_add(challenge_lifetime_ms),
    };
    (valid_from, now_ms.saturating_add(term_ms).max(valid_from))
}

/// What the node may do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeAuthority {
    /// It holds no lease: the central server decides.
    NoLease,
    /// The lease has not started yet, or the node has not synced down past its start.
    Starting,
    /// The node alone admits the site's passes.
    Admits,
    /// The lease ran out and was neither renewed nor extended on site.
    Lapsed,
    /// An operator asked for the lease back: the node decides nothing more, neither a scan
    /// nor an answer to a challenge it issued before, and hands the lease back once what it
    /// admitted is shipped. Found by the model checker (issue 54, `docs/model-checking.md`):
    /// a node that went on deciding while it returned could admit beside a central server
    /// that had resumed.
    Returning,
}

/// The node's authority at `now_ms` (its clock): inside the lease, drift taken off both
/// ends, synced down past the start; after the end only within an operator's extension;
/// none once a return of the lease was asked for (`return_requested`).
pub fn node_authority(
    lease: Option<&Lease>,
    extended_until_ms: Option<i64>,
    synced_as_of_ms: Option<i64>,
    return_requested: bool,
    now_ms: i64,
) -> NodeAuthority {
    let Some(lease) = lease else {
        return NodeAuthority::NoLease;
    };
    if return_requested {
        return NodeAuthority::Returning;
    }
    let start = lease.valid_from_ms.saturating_add(CLOCK_DRIFT_MS);
    if now_ms < start || synced_as_of_ms.is_none_or(|as_of| as_of < start) {
        return NodeAuthority::Starting;
    }
    let end = lease.expires_at_ms.saturating_sub(CLOCK_DRIFT_MS);
    if now_ms < end || extended_until_ms.is_some_and(|until| now_ms < until) {
        NodeAuthority::Admits
    } else {
        NodeAuthority::Lapsed
    }
}

/// A pass after a sync-down, and what to report about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The pass as the node now holds it.
    pub pass: PassRow,
    /// The central server revoked it while the node had admitted it and not shipped that.
    pub revoked_after_admission: bool,
}

/// Applies the central server's copy of a pass to the node's. Everything is the central
/// server's except the uses the node made and has not shipped yet: those are kept (the
/// larger count wins, never above the pass's limit), and so is `used` when they used it up.
/// A revocation always applies.
pub fn merge_pass(local: Option<&PassRow>, central: PassRow) -> Merged {
    let Some(local) = local else {
        return Merged {
            pass: central,
            revoked_after_admission: false,
        };
    };
    let uses = local.uses.max(central.uses).min(central.max_uses);
    let unshipped = local.uses > central.uses;
    let state = match central.state {
        PassState::Revoked => PassState::Revoked,
        _ if uses >= central.max_uses && central.wallet_public_key.is_some() => PassState::Used,
        state => state,
    };
    let revoked_after_admission =
        central.state == PassState::Revoked && local.state != PassState::Revoked && unshipped;
    Merged {
        pass: PassRow {
            uses,
            state,
            ..central
        },
        revoked_after_admission,
    }
}

/// A pass's standing in one zone, as a node and the central server hand it to each other
/// (`zone_presence`). Only the site's lease holder moves a pass between zones, so the two
/// copies differ only by who moved it last.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct PresenceRecord {
    /// The pass.
    pub pass_id: Uuid,
    /// The zone.
    pub zone_id: Uuid,
    /// Its organisation.
    pub org_id: Uuid,
    /// Inside now.
    pub inside: bool,
    /// The UTC day of its last entry.
    pub entry_day: i64,
    /// Its entries on that day.
    pub entries_on_day: i64,
    /// Its last entry.
    pub entered_at_ms: i64,
    /// Its last exit (or check-out), after its last entry.
    pub exited_at_ms: Option<i64>,
}

impl PresenceRecord {
    /// When it last moved.
    #[must_use]
    pub fn moved_at_ms(&self) -> i64 {
        self.exited_at_ms
            .map_or(self.entered_at_ms, |exited| exited.max(self.entered_at_ms))
    }
}

/// Whether `incoming` replaces `current`: the later move wins; on a tie, what is there
/// stays (so applying the same record twice changes nothing).
#[must_use]
pub fn presence_wins(current: Option<&PresenceRecord>, incoming: &PresenceRecord) -> bool {
    current.is_none_or(|current| incoming.moved_at_ms() > current.moved_at_ms())
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_later_move_of_a_pass_in_a_zone_wins() {
        let at = |entered: i64, exited: Option<i64>| PresenceRecord {
            pass_id: Uuid::nil(),
            zone_id: Uuid::nil(),
            org_id: Uuid::nil(),
            inside: exited.is_none(),
            entry_day: 0,
            entries_on_day: 1,
            entered_at_ms: entered,
            exited_at_ms: exited,
        };
        let cases = [
            ("nothing there", None, at(10, None), true),
            ("a later entry", Some(at(10, Some(20))), at(30, None), true),
            ("a later exit", Some(at(10, None)), at(10, Some(20)), true),
            (
                "the same record again",
                Some(at(10, None)),
                at(10, None),
                false,
            ),
            (
                "an older entry",
                Some(at(30, None)),
                at(10, Some(20)),
                false,
            ),
            (
                "an exit older than the entry there",
                Some(at(30, None)),
                at(10, Some(25)),
                false,
            ),
        ];
        for (name, current, incoming, wins) in cases {
            assert_eq!(presence_wins(current.as_ref(), &incoming), wins, "{name}");
        }
    }
    use super::*;

    fn lease(valid_from_ms: i64, expires_at_ms: i64) -> Lease {
        Lease {
            id: Uuid::nil(),
            org_id: Uuid::nil(),
            site: "hall".into(),
            node_id: Uuid::nil(),
            granted_at_ms: valid_from_ms - 30_000,
            valid_from_ms,
            expires_at_ms,
        }
    }

    #[test]
    #[allow(clippy::type_complexity)]
    fn node_authority_table() {
        let held = lease(100_000, 200_000);
        let d = CLOCK_DRIFT_MS;
        let cases: &[(
            &str,
            Option<&Lease>,
            Option<i64>,
            Option<i64>,
            i64,
            NodeAuthority,
        )] = &[
            (
                "no lease",
                None,
                None,
                Some(150_000),
                150_000,
                NodeAuthority::NoLease,
            ),
            (
                "before the start",
                Some(&held),
                None,
                Some(150_000),
                90_000,
                NodeAuthority::Starting,
            ),
            (
                "inside the drift at the start",
                Some(&held),
                None,
                Some(150_000),
                100_000 + d - 1,
                NodeAuthority::Starting,
            ),
            (
                "never synced",
                Some(&held),
                None,
                None,
                150_000,
                NodeAuthority::Starting,
            ),
            (
                "synced only before the start",
                Some(&held),
                None,
                Some(100_000),
                150_000,
                NodeAuthority::Starting,
            ),
            (
                "inside",
                Some(&held),
                None,
                Some(102_000),
                150_000,
                NodeAuthority::Admits,
            ),
            (
                "at the start plus drift",
                Some(&held),
                None,
                Some(102_000),
                100_000 + d,
                NodeAuthority::Admits,
            ),
            (
                "inside the drift at the end",
                Some(&held),
                None,
                Some(150_000),
                200_000 - d,
                NodeAuthority::Lapsed,
            ),
            (
                "after the end",
                Some(&held),
                None,
                Some(150_000),
                250_000,
                NodeAuthority::Lapsed,
            ),
            (
                "extended on site",
                Some(&held),
                Some(300_000),
                Some(150_000),
                250_000,
                NodeAuthority::Admits,
            ),
            (
                "after the extension",
                Some(&held),
                Some(300_000),
                Some(150_000),
                300_000,
                NodeAuthority::Lapsed,
            ),
            (
                "an extension does not start a lease early",
                Some(&held),
                Some(300_000),
                Some(150_000),
                90_000,
                NodeAuthority::Starting,
            ),
        ];
        for (name, lease, extended, synced, now, expected) in cases {
            assert_eq!(
                node_authority(*lease, *extended, *synced, false, *now),
                *expected,
                "{name}"
            );
            // Once a return is asked for, a node with a lease decides nothing, whatever
            // else holds; without a lease there is nothing to return.
            let returning = node_authority(*lease, *extended, *synced, true, *now);
            let want = if lease.is_some() {
                NodeAuthority::Returning
            } else {
                NodeAuthority::NoLease
            };
            assert_eq!(returning, want, "{name}, returning");
        }
    }

    #[test]
    fn central_admits_table() {
        let held = lease(0, 1);
        let cases: &[(&str, Option<&str>, Option<&Lease>, bool)] = &[
            ("a pass for any site", None, Some(&held), true),
            ("the leased site", Some("hall"), Some(&held), false),
            ("another site", Some("annex"), Some(&held), true),
            ("no lease", Some("hall"), None, true),
        ];
        for (name, site, lease, expected) in cases {
            assert_eq!(central_admits(*site, *lease), *expected, "{name}");
        }
    }

    #[test]
    fn a_new_lease_starts_after_open_challenges_close_and_a_renewal_keeps_its_start() {
        assert_eq!(lease_terms(1_000, 30_000, 600_000, None), (31_000, 601_000));
        let held = lease(31_000, 601_000);
        assert_eq!(
            lease_terms(500_000, 30_000, 600_000, Some(&held)),
            (31_000, 1_100_000)
        );
        // A term shorter than a challenge's lifetime still ends after it starts.
        assert_eq!(lease_terms(1_000, 30_000, 10_000, None), (31_000, 31_000));
    }

    fn pass(uses: i64, state: PassState) -> PassRow {
        PassRow {
            id: Uuid::nil(),
            org_id: Uuid::nil(),
            label: "p".into(),
            site: Some("hall".into()),
            valid_from_ms: 0,
            valid_until_ms: 1,
            max_uses: 2,
            uses,
            state,
            claim_token_hash: vec![],
            wallet_public_key: Some(vec![1; 32]),
            server_kid: "k".into(),
            created_at_ms: 0,
            claimed_at_ms: None,
            revoked_at_ms: None,
            host_id: None,
            max_transfers: 0,
            transfers: 0,
            rebinds: 0,
            external_ref: None,
            language: None,
            zones: vec![],
        }
    }

    #[test]
    #[allow(clippy::type_complexity)]
    fn merge_table() {
        use PassState::{Claimed, Revoked, Used};
        let cases: &[(&str, Option<PassRow>, PassRow, i64, PassState, bool)] = &[
            ("new on the node", None, pass(0, Claimed), 0, Claimed, false),
            (
                "central uses arrive",
                Some(pass(0, Claimed)),
                pass(1, Claimed),
                1,
                Claimed,
                false,
            ),
            (
                "unshipped uses are kept",
                Some(pass(1, Claimed)),
                pass(0, Claimed),
                1,
                Claimed,
                false,
            ),
            (
                "unshipped uses that used it up",
                Some(pass(2, Used)),
                pass(1, Claimed),
                2,
                Used,
                false,
            ),
            (
                "revoked, nothing admitted here",
                Some(pass(0, Claimed)),
                pass(0, Revoked),
                0,
                Revoked,
                false,
            ),
            (
                "revoked after an admission here",
                Some(pass(1, Claimed)),
                pass(0, Revoked),
                1,
                Revoked,
                true,
            ),
            (
                "revoked again",
                Some(pass(1, Revoked)),
                pass(0, Revoked),
                1,
                Revoked,
                false,
            ),
        ];
        for (name, local, central, uses, state, reported) in cases {
            let merged = merge_pass(local.as_ref(), central.clone());
            assert_eq!(merged.pass.uses, *uses, "{name}: uses");
            assert_eq!(merged.pass.state, *state, "{name}: state");
            assert_eq!(merged.revoked_after_admission, *reported, "{name}: report");
        }
    }
}
