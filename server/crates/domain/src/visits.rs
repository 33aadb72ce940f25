//! The decisions of hosts, walk-ins, re-binding and transfer (issue 16), as pure functions
//! tested with tables, beside [`crate::rules`] which decides TSR1 itself.
//!
//! Each is applied to rows as they are *now*: the walk-in and link functions run inside the
//! transaction that changes the row (the store hands them the row it locked), so what they
//! decide is what commits. The wire and REST forms are in `docs/protocol.md`, "Hosts,
//! walk-ins, re-binding and transfer".

use tessera_protocol::messages::WalkInState;

use crate::error::Refusal;
use crate::rows::{
    LinkKind, LinkOutcome, PassLinkRow, PassRow, PassState, TransferClaim, WalkInRow,
};

/// The claim link of a pass: `<public url>/claim#p=<pass id>&t=<token>`. The token rides
/// in the fragment, which browsers never send to a server.
pub fn claim_url(public_url: &str, pass_id: uuid::Uuid, token: &str) -> String {
    format!("{public_url}/claim#p={pass_id}&t={token}")
}

/// Where a walk-in request stands at `now_ms`: a request still waiting past its approval
/// timeout is expired, whether or not the sweeper has written that yet.
pub fn walk_in_state(walk_in: &WalkInRow, now_ms: i64) -> WalkInState {
    match walk_in.state.0 {
        WalkInState::Waiting if now_ms >= walk_in.expires_at_ms => WalkInState::Expired,
        state => state,
    }
}

/// Whether a resent `walk_in` frame is the stored request again (same visitor, host and
/// note); otherwise its request id is reused for another request.
pub fn same_walk_in(
    stored: &WalkInRow,
    visitor_name: &str,
    host_id: uuid::Uuid,
    note: Option<&str>,
) -> bool {
    stored.visitor_name == visitor_name
        && stored.host_id == host_id
        && stored.note.as_deref() == note
}

/// What a host's answer gets once the request was not waiting (the store changed nothing):
/// the same decision again is answered as stored, any other is refused.
///
/// # Errors
/// [`Refusal::ApprovalTimeout`] for a request that ran out of time unanswered;
/// [`Refusal::AlreadyDecided`] for the other decision.
pub fn answer_to_closed(
    stored: &WalkInRow,
    wanted: WalkInState,
    now_ms: i64,
) -> Result<(), Refusal> {
    match walk_in_state(stored, now_ms) {
        state if state == wanted => Ok(()),
        WalkInState::Expired | WalkInState::Waiting => Err(Refusal::ApprovalTimeout),
        WalkInState::Approved | WalkInState::Denied => Err(Refusal::AlreadyDecided),
    }
}

/// Who may mint a link, and under what limit.
#[derive(Clone, Copy, Debug)]
pub enum Minter<'a> {
    /// An issuer re-binding the pass to a new wallet.
    Rebind,
    /// The holder's wallet, having proved this key.
    Holder(&'a [u8]),
    /// An issuer handing the pass on; not bound by `max_transfers`.
    Issuer,
}

impl Minter<'_> {
    /// The kind of link it mints.
    pub fn kind(self) -> LinkKind {
        match self {
            Minter::Rebind => LinkKind::Rebind,
            Minter::Holder(_) | Minter::Issuer => LinkKind::Transfer,
        }
    }
}

/// Whether a link may be minted for the pass as locked: never for a revoked pass; a
/// transfer only of a claimed pass, by a holder whose key is still the bound one and within
/// `max_transfers`, or by an issuer.
pub fn link_refusal(pass: &PassRow, minter: Minter<'_>) -> Option<LinkOutcome> {
    if pass.state == PassState::Revoked {
        return Some(LinkOutcome::Revoked);
    }
    match minter {
        Minter::Rebind => None,
        Minter::Holder(_) | Minter::Issuer if pass.wallet_public_key.is_none() => {
            Some(LinkOutcome::NotClaimed)
        }
        Minter::Holder(key) if pass.wallet_public_key.as_deref() != Some(key) => {
            Some(LinkOutcome::KeyChanged)
        }
        Minter::Holder(_) if pass.transfers >= pass.max_transfers => Some(LinkOutcome::NotAllowed),
        Minter::Holder(_) | Minter::Issuer => None,
    }
}

/// Whether a transfer link may be claimed by `wallet_key` now: the same key claiming again
/// is answered as stored; a closed link (claimed by another key, or replaced) is taken; an
/// expired link or one of a revoked pass is refused.
pub fn transfer_claim_refusal(
    pass: &PassRow,
    link: &PassLinkRow,
    wallet_key: &[u8],
    now_ms: i64,
) -> Option<TransferClaim> {
    if link.closed_at_ms.is_some() {
        return Some(if link.claimed_key.as_deref() == Some(wallet_key) {
            TransferClaim::Replayed
        } else {
            TransferClaim::AlreadyClaimed
        });
    }
    if pass.state == PassState::Revoked {
        return Some(TransferClaim::Revoked);
    }
    if now_ms >= link.expires_at_ms || pass.wallet_public_key.is_none() {
        return Some(TransferClaim::Invalid);
    }
    None
}

#[cfg(test)]
mod tests {
    use tessera_protocol::messages::WalkInState::*;
    use uuid::Uuid;

    use super::*;
    use crate::rows::WalkIn;

    const NOW: i64 = 1_800_000_000_000;

    fn walk_in(state: WalkInState) -> WalkInRow {
        WalkInRow {
            id: Uuid::from_u128(1),
            org_id: Uuid::from_u128(2),
            gate_id: Uuid::from_u128(3),
            request_id: Uuid::from_u128(4),
            host_id: Uuid::from_u128(5),
            visitor_name: "Sam Okafor".into(),
            note: Some("parcel".into()),
            state: WalkIn(state),
            created_at_ms: NOW - 60_000,
            expires_at_ms: NOW + 240_000,
            decided_at_ms: None,
        }
    }

    fn pass() -> PassRow {
        PassRow {
            id: Uuid::from_u128(10),
            org_id: Uuid::from_u128(2),
            label: "Ada".into(),
            site: None,
            valid_from_ms: NOW - 1,
            valid_until_ms: NOW + 86_400_000,
            max_uses: 1,
            uses: 0,
            state: PassState::Claimed,
            claim_token_hash: vec![0; 32],
            wallet_public_key: Some(vec![1; 32]),
            server_kid: "k1".into(),
            created_at_ms: NOW - 10,
            claimed_at_ms: Some(NOW - 5),
            revoked_at_ms: None,
            host_id: None,
            max_transfers: 1,
            transfers: 0,
            rebinds: 0,
            external_ref: None,
            language: None,
            zones: Vec::new(),
        }
    }

    fn link(closed: bool) -> PassLinkRow {
        PassLinkRow {
            id: Uuid::from_u128(20),
            pass_id: Uuid::from_u128(10),
            org_id: Uuid::from_u128(2),
            kind: LinkKind::Transfer,
            request_key: vec![7; 32],
            token_hash: vec![8; 32],
            created_at_ms: NOW - 1_000,
            expires_at_ms: NOW + 1_000,
            closed_at_ms: closed.then_some(NOW - 1),
            claimed_key: closed.then(|| vec![3; 32]),
        }
    }

    #[test]
    fn a_waiting_request_expires_at_its_timeout() {
        let cases = [
            ("waiting, time left", walk_in(Waiting), NOW, Waiting),
            (
                "waiting, at the timeout",
                WalkInRow {
                    expires_at_ms: NOW,
                    ..walk_in(Waiting)
                },
                NOW,
                Expired,
            ),
            (
                "approved stays approved past the timeout",
                walk_in(Approved),
                NOW + 10_000_000,
                Approved,
            ),
            ("denied", walk_in(Denied), NOW, Denied),
            ("expired", walk_in(Expired), NOW, Expired),
        ];
        for (case, row, now, expected) in cases {
            assert_eq!(walk_in_state(&row, now), expected, "{case}");
        }
    }

    #[test]
    fn a_resend_must_match_the_stored_request() {
        let stored = walk_in(Waiting);
        let host = stored.host_id;
        let cases = [
            ("identical", "Sam Okafor", host, Some("parcel"), true),
            ("other visitor", "Sam Okafo", host, Some("parcel"), false),
            (
                "other host",
                "Sam Okafor",
                Uuid::from_u128(6),
                Some("parcel"),
                false,
            ),
            ("note dropped", "Sam Okafor", host, None, false),
            ("note changed", "Sam Okafor", host, Some("parcels"), false),
        ];
        for (case, name, host_id, note, expected) in cases {
            assert_eq!(
                same_walk_in(&stored, name, host_id, note),
                expected,
                "{case}"
            );
        }
    }

    #[test]
    fn an_answer_to_a_closed_request_is_the_stored_one_or_refused() {
        let late = WalkInRow {
            expires_at_ms: NOW - 1,
            ..walk_in(Waiting)
        };
        let cases = [
            ("approve approved", walk_in(Approved), Approved, Ok(())),
            ("deny denied", walk_in(Denied), Denied, Ok(())),
            (
                "deny approved",
                walk_in(Approved),
                Denied,
                Err(Refusal::AlreadyDecided),
            ),
            (
                "approve denied",
                walk_in(Denied),
                Approved,
                Err(Refusal::AlreadyDecided),
            ),
            (
                "approve expired",
                walk_in(Expired),
                Approved,
                Err(Refusal::ApprovalTimeout),
            ),
            (
                "approve past the timeout, not yet swept",
                late,
                Approved,
                Err(Refusal::ApprovalTimeout),
            ),
        ];
        for (case, row, wanted, expected) in cases {
            assert_eq!(answer_to_closed(&row, wanted, NOW), expected, "{case}");
        }
    }

    #[test]
    fn links_are_minted_only_as_the_rules_allow() {
        let bound = vec![1u8; 32];
        let other = vec![2u8; 32];
        let revoked = PassRow {
            state: PassState::Revoked,
            ..pass()
        };
        let unclaimed = PassRow {
            state: PassState::Issued,
            wallet_public_key: None,
            ..pass()
        };
        let used_up = PassRow {
            transfers: 1,
            ..pass()
        };
        let cases: Vec<(&str, PassRow, Minter<'_>, Option<LinkOutcome>)> = vec![
            ("re-bind a claimed pass", pass(), Minter::Rebind, None),
            (
                "re-bind an unclaimed pass",
                unclaimed.clone(),
                Minter::Rebind,
                None,
            ),
            (
                "re-bind a revoked pass",
                revoked.clone(),
                Minter::Rebind,
                Some(LinkOutcome::Revoked),
            ),
            (
                "holder with the bound key",
                pass(),
                Minter::Holder(&bound),
                None,
            ),
            (
                "holder with an unbound key",
                pass(),
                Minter::Holder(&other),
                Some(LinkOutcome::KeyChanged),
            ),
            (
                "holder past max_transfers",
                used_up.clone(),
                Minter::Holder(&bound),
                Some(LinkOutcome::NotAllowed),
            ),
            (
                "holder of a non-transferable pass",
                PassRow {
                    max_transfers: 0,
                    ..pass()
                },
                Minter::Holder(&bound),
                Some(LinkOutcome::NotAllowed),
            ),
            ("issuer past max_transfers", used_up, Minter::Issuer, None),
            (
                "issuer, nobody holds it",
                unclaimed.clone(),
                Minter::Issuer,
                Some(LinkOutcome::NotClaimed),
            ),
            (
                "holder of a revoked pass",
                revoked,
                Minter::Holder(&bound),
                Some(LinkOutcome::Revoked),
            ),
        ];
        for (case, row, minter, expected) in cases {
            assert_eq!(link_refusal(&row, minter), expected, "{case}");
        }
    }

    #[test]
    fn a_transfer_link_is_claimed_once() {
        let recipient = vec![3u8; 32];
        let stranger = vec![4u8; 32];
        type Case<'a> = (
            &'a str,
            PassRow,
            PassLinkRow,
            &'a [u8],
            i64,
            Option<TransferClaim>,
        );
        let cases: Vec<Case<'_>> = vec![
            ("open link", pass(), link(false), &recipient, NOW, None),
            (
                "claimed by this key before",
                pass(),
                link(true),
                &recipient,
                NOW,
                Some(TransferClaim::Replayed),
            ),
            (
                "claimed by another key",
                pass(),
                link(true),
                &stranger,
                NOW,
                Some(TransferClaim::AlreadyClaimed),
            ),
            (
                "expired link",
                pass(),
                link(false),
                &recipient,
                NOW + 1_000,
                Some(TransferClaim::Invalid),
            ),
            (
                "revoked pass",
                PassRow {
                    state: PassState::Revoked,
                    ..pass()
                },
                link(false),
                &recipient,
                NOW,
                Some(TransferClaim::Revoked),
            ),
        ];
        for (case, row, link, key, now, expected) in cases {
            assert_eq!(
                transfer_claim_refusal(&row, &link, key, now),
                expected,
                "{case}"
            );
        }
    }
}
