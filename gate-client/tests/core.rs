//! The pending-scan state machine driven by hand: a fake transport is just the list of
//! actions, so dropped answers, reconnects and restarts are plain method calls.

use std::time::{Duration, Instant};

use tessera_gate::events::{GateEvent, ResendReason, Source};
use tessera_gate::{Action, CoreConfig, Error, GateCore, MemoryJournal};
use tessera_protocol::messages::{
    Challenge, DenyReason, ErrorCode, ErrorMessage, GateMessage, Outcome, PassSummary, ScanResult,
    ServerMessage, Welcome,
};
use tessera_protocol::Nonce;
use time::OffsetDateTime;
use uuid::Uuid;

const CODE: &str = "TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672";
const CHALLENGE: &str =
    "TSR1C:AGJPHJC3NR6Y5H5AWHBNHZHVAY:UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ";
const RESPONSE: &str = "TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAY:HCEE5S6MNMNKJOEAQBSQT5FJ7Y";
const NONCE: &str = "UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ";

fn pass() -> PassSummary {
    PassSummary {
        id: "0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506".parse().unwrap(),
        label: "Ada".into(),
    }
}

fn welcome(gate: Uuid) -> Welcome {
    Welcome {
        gate_id: gate,
        site: None,
        server_time: OffsetDateTime::now_utc(),
        protocol: 1,
    }
}

fn sends(actions: &[Action]) -> Vec<GateMessage> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Send(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

fn events(actions: &[Action]) -> Vec<GateEvent> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Emit(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

fn challenge_for(scan_id: Uuid) -> ServerMessage {
    ServerMessage::Challenge(Challenge {
        scan_id,
        nonce: NONCE.parse::<Nonce>().unwrap(),
        wallet_challenge: CHALLENGE.into(),
        expires_at: OffsetDateTime::now_utc() + time::Duration::seconds(30),
        pass: pass(),
    })
}

fn admitted(scan_id: Uuid, replayed: bool) -> ServerMessage {
    ServerMessage::Result(ScanResult {
        scan_id,
        nonce: Some(NONCE.parse().unwrap()),
        outcome: Outcome::Admitted,
        reason: None,
        replayed,
        pass: Some(pass()),
        first_admitted_at: None,
        first_gate_id: None,
        first_gate_label: None,
        same_wallet: false,
        age_s: None,
        ahead_s: None,
    })
}

struct Gate {
    core: GateCore<MemoryJournal>,
    journal: MemoryJournal,
    gate_id: Uuid,
    t0: Instant,
}

impl Gate {
    fn start(journal: MemoryJournal, gate_id: Uuid) -> (Self, Vec<Action>) {
        Self::start_with(journal, gate_id, CoreConfig::default())
    }

    fn start_with(
        journal: MemoryJournal,
        gate_id: Uuid,
        config: CoreConfig,
    ) -> (Self, Vec<Action>) {
        let (mut core, mut actions) = GateCore::open(journal.clone(), config).unwrap();
        let t0 = Instant::now();
        actions.extend(
            core.on_connected(&welcome(gate_id), t0, OffsetDateTime::now_utc())
                .unwrap(),
        );
        (
            Self {
                core,
                journal,
                gate_id,
                t0,
            },
            actions,
        )
    }

    fn at(&self, ms: u64) -> Instant {
        self.t0 + Duration::from_millis(ms)
    }

    fn line(&mut self, text: &str, ms: u64) -> Vec<Action> {
        self.core
            .on_line(
                text,
                Source::Scanner,
                self.at(ms),
                OffsetDateTime::now_utc(),
            )
            .unwrap()
    }

    /// Scan, get challenged, answer: returns the scan id and the response frame sent.
    fn scan_and_answer(&mut self) -> (Uuid, GateMessage) {
        let sent = sends(&self.line(CODE, 0));
        let [GateMessage::Scan { scan_id, code }] = sent.as_slice() else {
            panic!("{sent:?}")
        };
        assert_eq!(code, CODE);
        let scan_id = *scan_id;
        let shown = events(
            &self
                .core
                .on_server(&challenge_for(scan_id), self.at(10))
                .unwrap(),
        );
        assert!(matches!(shown.as_slice(), [GateEvent::Challenge { .. }]));
        assert_eq!(self.core.open_challenges(), vec![CHALLENGE.to_owned()]);
        let sent = sends(&self.line(RESPONSE, 20));
        assert_eq!(
            sent,
            vec![GateMessage::Response {
                scan_id,
                nonce: NONCE.into(),
                response: RESPONSE.into()
            }]
        );
        assert!(self.core.open_challenges().is_empty());
        (scan_id, sent[0].clone())
    }
}

#[test]
fn a_full_admission() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    let (scan_id, _) = gate.scan_and_answer();
    let shown = events(
        &gate
            .core
            .on_server(&admitted(scan_id, false), gate.at(30))
            .unwrap(),
    );
    assert!(matches!(
        shown.as_slice(),
        [GateEvent::Result {
            outcome: Outcome::Admitted,
            ..
        }]
    ));
    assert_eq!(gate.core.pending(), 0);
    assert!(gate.journal.snapshot().scans.is_empty());
}

#[test]
fn a_lost_answer_is_resent_identically_after_the_timeout() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    let (scan_id, response) = gate.scan_and_answer();
    assert!(sends(
        &gate
            .core
            .on_tick(gate.at(1000), OffsetDateTime::now_utc())
            .unwrap()
    )
    .is_empty());
    let actions = gate
        .core
        .on_tick(gate.at(2100), OffsetDateTime::now_utc())
        .unwrap();
    assert_eq!(sends(&actions), vec![response]);
    assert!(events(&actions).iter().any(|e| matches!(
        e,
        GateEvent::Resend {
            reason: ResendReason::Timeout,
            ..
        }
    )));
    let shown = events(
        &gate
            .core
            .on_server(&admitted(scan_id, true), gate.at(2200))
            .unwrap(),
    );
    assert!(matches!(
        shown.as_slice(),
        [GateEvent::Result { replayed: true, .. }]
    ));
    // A second copy of the result is ignored.
    assert!(gate
        .core
        .on_server(&admitted(scan_id, true), gate.at(2300))
        .unwrap()
        .is_empty());
}

#[test]
fn a_restarted_gate_resends_the_same_response_from_its_journal() {
    let journal = MemoryJournal::default();
    let gate_id = Uuid::new_v4();
    let (mut gate, _) = Gate::start(journal.clone(), gate_id);
    let (scan_id, response) = gate.scan_and_answer();
    drop(gate); // the process dies before any result

    let (mut gate, actions) = Gate::start(journal, gate_id);
    assert!(matches!(
        events(&actions)[0],
        GateEvent::Started {
            pending: 1,
            walk_ins: 0
        }
    ));
    assert_eq!(sends(&actions), vec![response]);
    let shown = events(
        &gate
            .core
            .on_server(&admitted(scan_id, true), gate.at(5))
            .unwrap(),
    );
    assert!(matches!(
        shown.as_slice(),
        [GateEvent::Result {
            outcome: Outcome::Admitted,
            replayed: true,
            ..
        }]
    ));
    assert_eq!(gate.core.pending(), 0);
}

#[test]
fn a_challenge_lost_on_the_way_resends_the_same_scan() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    let first = sends(&gate.line(CODE, 0));
    let resent = sends(
        &gate
            .core
            .on_tick(gate.at(2000), OffsetDateTime::now_utc())
            .unwrap(),
    );
    assert_eq!(first, resent);
    // The same code scanned again while open is not a new scan.
    let again = gate.line(CODE, 2100);
    assert!(sends(&again).is_empty());
    assert!(matches!(
        events(&again).as_slice(),
        [GateEvent::DuplicateScan { .. }]
    ));
}

#[test]
fn offline_scans_wait_and_go_out_on_reconnect() {
    let journal = MemoryJournal::default();
    let gate_id = Uuid::new_v4();
    let (mut gate, _) = Gate::start(journal, gate_id);
    let shown = gate
        .core
        .on_disconnected("network down", Duration::from_secs(1));
    assert!(matches!(
        events(&shown).as_slice(),
        [GateEvent::Offline { .. }]
    ));
    let actions = gate.line(CODE, 0);
    assert!(sends(&actions).is_empty(), "nothing is sent offline");
    assert!(matches!(
        events(&actions).as_slice(),
        [GateEvent::Scan { queued: true, .. }]
    ));
    // Ticks while offline send nothing.
    assert!(sends(
        &gate
            .core
            .on_tick(gate.at(5000), OffsetDateTime::now_utc())
            .unwrap()
    )
    .is_empty());
    let actions = gate
        .core
        .on_connected(&welcome(gate_id), gate.at(6000), OffsetDateTime::now_utc())
        .unwrap();
    assert!(matches!(
        sends(&actions).as_slice(),
        [GateMessage::Scan { .. }]
    ));
}

#[test]
fn retryable_errors_back_off_and_fatal_ones_close_the_scan() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    let (scan_id, response) = gate.scan_and_answer();
    let busy = ServerMessage::Error(ErrorMessage::new(
        Some(scan_id),
        ErrorCode::StorageUnavailable,
    ));
    let shown = events(&gate.core.on_server(&busy, gate.at(30)).unwrap());
    assert!(matches!(
        shown.as_slice(),
        [GateEvent::Error {
            retryable: true,
            retry_in_ms: Some(_),
            ..
        }]
    ));
    // Not resent immediately, but within the backoff cap, and as the same frame.
    assert!(sends(
        &gate
            .core
            .on_tick(gate.at(31), OffsetDateTime::now_utc())
            .unwrap()
    )
    .is_empty());
    let later = gate
        .core
        .on_tick(gate.at(30 + 10_001), OffsetDateTime::now_utc())
        .unwrap();
    assert_eq!(sends(&later), vec![response]);

    let fatal = ServerMessage::Error(ErrorMessage::new(Some(scan_id), ErrorCode::BadRequest));
    gate.core.on_server(&fatal, gate.at(10_100)).unwrap();
    // The answer is dropped but the challenge stays open for the wallet to answer again.
    assert_eq!(gate.core.open_challenges(), vec![CHALLENGE.to_owned()]);
}

#[test]
fn scan_time_denials_and_unanswered_challenges_close_scans() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    let sent = sends(&gate.line(CODE, 0));
    let GateMessage::Scan { scan_id, .. } = sent[0].clone() else {
        panic!()
    };
    let denial = ServerMessage::Result(ScanResult::denied(scan_id, DenyReason::StaleCode));
    let shown = events(&gate.core.on_server(&denial, gate.at(5)).unwrap());
    assert!(matches!(
        shown.as_slice(),
        [GateEvent::Result {
            reason: Some(DenyReason::StaleCode),
            ..
        }]
    ));

    let sent = sends(&gate.line(CODE, 10));
    let GateMessage::Scan { scan_id, .. } = sent[0].clone() else {
        panic!()
    };
    gate.core
        .on_server(&challenge_for(scan_id), gate.at(20))
        .unwrap();
    let later = OffsetDateTime::now_utc() + time::Duration::seconds(40);
    let shown = events(&gate.core.on_tick(gate.at(40_000), later).unwrap());
    assert!(matches!(
        shown.as_slice(),
        [GateEvent::ChallengeUnanswered { .. }]
    ));
    assert_eq!(gate.core.pending(), 0);
}

#[test]
fn answered_scans_are_never_dropped_by_age() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    gate.scan_and_answer();
    gate.core.on_disconnected("down", Duration::from_secs(1));
    let much_later = OffsetDateTime::now_utc() + time::Duration::hours(3);
    gate.core.on_tick(gate.at(1), much_later).unwrap();
    assert_eq!(gate.core.pending(), 1);
}

#[test]
fn nothing_is_sent_that_the_journal_did_not_take() {
    let journal = MemoryJournal::default();
    let (mut gate, _) = Gate::start(journal.clone(), Uuid::new_v4());
    journal
        .fail_saves
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let err = gate
        .core
        .on_line(CODE, Source::Scanner, gate.at(0), OffsetDateTime::now_utc());
    assert!(matches!(err, Err(Error::JournalWrite { .. })));
    assert_eq!(gate.core.pending(), 0);
}

#[test]
fn a_journal_of_another_gate_is_refused() {
    let journal = MemoryJournal::default();
    let (mut gate, _) = Gate::start(journal.clone(), Uuid::new_v4());
    gate.scan_and_answer();
    let (mut other, _) = GateCore::open(journal, CoreConfig::default()).unwrap();
    let err = other.on_connected(
        &welcome(Uuid::new_v4()),
        Instant::now(),
        OffsetDateTime::now_utc(),
    );
    assert!(matches!(err, Err(Error::JournalGateMismatch { .. })));
    let _ = gate.gate_id;
}

#[test]
fn repeated_timeouts_ask_for_a_reconnect() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    gate.line(CODE, 0);
    let mut asked = false;
    for i in 1..=4 {
        let actions = gate
            .core
            .on_tick(gate.at(i * 2100), OffsetDateTime::now_utc())
            .unwrap();
        if actions.contains(&Action::Reconnect) {
            asked = true;
            break;
        }
    }
    assert!(asked);
}

#[test]
fn odd_input_is_rejected_not_sent() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    for line in [
        "hello",
        CHALLENGE,
        RESPONSE,
        "TSR1R:garbage",
        &"x".repeat(5000),
    ] {
        let actions = gate.line(line, 0);
        assert!(sends(&actions).is_empty(), "{line}");
        assert!(
            matches!(
                events(&actions).as_slice(),
                [GateEvent::InputRejected { .. }]
            ),
            "{line}"
        );
    }
    assert!(gate.line("   ", 0).is_empty());
    // A scan line typed through the tap endpoint is refused too.
    let actions = gate
        .core
        .on_line(CODE, Source::Tap, gate.at(0), OffsetDateTime::now_utc())
        .unwrap();
    assert!(sends(&actions).is_empty());
}

fn denied(scan_id: Uuid, reason: DenyReason) -> ServerMessage {
    ServerMessage::Result(ScanResult {
        reason: Some(reason),
        outcome: Outcome::Denied,
        pass: Some(pass()),
        ..match admitted(scan_id, false) {
            ServerMessage::Result(r) => r,
            _ => unreachable!(),
        }
    })
}

/// Issue 12: TSR1 gives the wallet three tries. A `bad_response` keeps the challenge open
/// for the next answer (the journal still holds the scan, without the wrong answer); the
/// server's `challenge_burned` after the third one closes it.
#[test]
fn a_wrong_answer_keeps_the_challenge_open_for_the_next_try() {
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    let (scan_id, _) = gate.scan_and_answer();
    let shown = events(
        &gate
            .core
            .on_server(&denied(scan_id, DenyReason::BadResponse), gate.at(30))
            .unwrap(),
    );
    assert!(matches!(
        shown.as_slice(),
        [GateEvent::Result {
            reason: Some(DenyReason::BadResponse),
            ..
        }]
    ));
    assert_eq!(gate.core.pending(), 1, "the scan stays open");
    assert_eq!(gate.core.open_challenges(), vec![CHALLENGE.to_owned()]);
    let journal = gate.journal.snapshot();
    assert!(
        journal.scans[0].response.is_none(),
        "the wrong answer is forgotten"
    );
    // The wallet tries again: the same challenge is answered.
    let sent = sends(&gate.line(RESPONSE, 40));
    assert!(
        matches!(sent.as_slice(), [GateMessage::Response { scan_id: s, .. }] if *s == scan_id),
        "{sent:?}"
    );
    gate.core
        .on_server(&denied(scan_id, DenyReason::ChallengeBurned), gate.at(50))
        .unwrap();
    assert_eq!(gate.core.pending(), 0, "a burned challenge closes the scan");
    assert!(gate.journal.snapshot().scans.is_empty());
}

/// Issue 12: a verdict stays in the journal until it has been shown; a gate that crashed
/// after receiving it shows it on the next start instead of losing it.
#[test]
fn a_verdict_stays_in_the_journal_until_it_is_shown() {
    let journal = MemoryJournal::default();
    let gate_id = Uuid::new_v4();
    let (mut gate, _) = Gate::start(journal.clone(), gate_id);
    let (scan_id, _) = gate.scan_and_answer();
    gate.core
        .on_server(&admitted(scan_id, false), gate.at(30))
        .unwrap();
    assert_eq!(gate.core.pending(), 0, "the scan itself is finished");
    assert_eq!(
        journal.snapshot().verdicts.len(),
        1,
        "its verdict is not shown yet"
    );

    // The process dies before showing it; the next start shows it again.
    let (mut reopened, actions) = GateCore::open(journal.clone(), CoreConfig::default()).unwrap();
    let shown = events(&actions);
    assert!(
        shown.iter().any(|e| matches!(
            e,
            GateEvent::Result { scan_id: s, outcome: Outcome::Admitted, .. } if *s == scan_id
        )),
        "{shown:?}"
    );
    reopened.verdict_shown(scan_id).unwrap();
    assert!(journal.snapshot().verdicts.is_empty());
    let (_, actions) = GateCore::open(journal.clone(), CoreConfig::default()).unwrap();
    assert_eq!(
        events(&actions).len(),
        1,
        "only `started` once the verdict was shown"
    );
}

/// A party's code (issue 52): three members scanned as three scans, one refused at its
/// scan, one challenge for the other two, one answer split back into their responses, a
/// restart in the middle keeping the party together.
#[test]
fn a_party_goes_through_in_one_exchange_each_member_on_its_own() {
    use tessera_protocol::{
        PartyAnswer, PartyChallenge, PartyCode, PassId, ResponseMac, RotatingCode, WalletChallenge,
        WalletResponse,
    };
    let passes: Vec<PassId> = (1..=3u128)
        .map(|n| PassId::new(Uuid::from_u128(n)))
        .collect();
    let codes: Vec<RotatingCode> = passes
        .iter()
        .map(|pass| {
            format!("TSR1:{}:117629440:80238672", pass.to_base32())
                .parse()
                .unwrap()
        })
        .collect();
    let party = PartyCode::from_codes(&codes).unwrap().to_string();
    let journal = MemoryJournal::default();
    let gate_id = Uuid::new_v4();
    let (mut gate, _) = Gate::start(journal.clone(), gate_id);

    let sent = sends(&gate.line(&party, 0));
    let scan_ids: Vec<Uuid> = sent
        .iter()
        .zip(&codes)
        .map(|(message, code)| match message {
            GateMessage::Scan {
                scan_id,
                code: sent,
            } => {
                assert_eq!(sent, &code.to_string(), "each member's own code");
                *scan_id
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(scan_ids.len(), 3);
    // Scanned again while it is open: the same party, not three new scans.
    assert!(sends(&gate.line(&party, 5)).is_empty());

    let member = |i: usize| PassSummary {
        id: passes[i].uuid(),
        label: format!("Child {i}"),
    };
    let nonce = |i: u8| tessera_protocol::Nonce::from_bytes([i; 32]);
    let challenge = |i: usize| {
        ServerMessage::Challenge(Challenge {
            scan_id: scan_ids[i],
            nonce: nonce(i as u8),
            wallet_challenge: WalletChallenge {
                pass: passes[i],
                nonce: nonce(i as u8),
            }
            .to_string(),
            expires_at: OffsetDateTime::now_utc() + time::Duration::seconds(30 - i as i64),
            pass: member(i),
        })
    };
    // The first member's challenge alone is not the party's yet.
    let shown = events(&gate.core.on_server(&challenge(0), gate.at(10)).unwrap());
    assert!(
        matches!(shown.as_slice(), [GateEvent::Challenge { .. }]),
        "{shown:?}"
    );

    // A restart here: the journal keeps which scans are one party.
    let (mut gate, _) = Gate::start(journal, gate_id);
    let revoked = match denied(scan_ids[1], DenyReason::Revoked) {
        ServerMessage::Result(r) => ServerMessage::Result(ScanResult {
            nonce: None,
            pass: Some(member(1)),
            ..r
        }),
        _ => unreachable!(),
    };
    let shown = events(&gate.core.on_server(&revoked, gate.at(20)).unwrap());
    assert!(
        matches!(shown.as_slice(), [GateEvent::Result { .. }]),
        "{shown:?}"
    );
    let shown = events(&gate.core.on_server(&challenge(2), gate.at(30)).unwrap());
    let [GateEvent::Challenge { .. }, GateEvent::PartyChallenge {
        wallet_challenge,
        passes: named,
        expires_at,
        ..
    }] = shown.as_slice()
    else {
        panic!("{shown:?}")
    };
    let expected = PartyChallenge::new(vec![
        WalletChallenge {
            pass: passes[0],
            nonce: nonce(0),
        },
        WalletChallenge {
            pass: passes[2],
            nonce: nonce(2),
        },
    ])
    .unwrap();
    assert_eq!(
        wallet_challenge,
        &expected.to_string(),
        "the refused member is left out"
    );
    assert_eq!(named, &vec![member(0), member(2)]);
    assert!(*expires_at < OffsetDateTime::now_utc() + time::Duration::seconds(29));

    // One answer for both: each member's response goes with its own nonce.
    let answer = |i: usize| WalletResponse {
        pass: passes[i],
        mac: ResponseMac::from_bytes([i as u8; 16]),
    };
    let text = PartyAnswer::new(vec![answer(0), answer(2)])
        .unwrap()
        .to_string();
    let sent = sends(&gate.line(&text, 40));
    assert_eq!(
        sent,
        vec![
            GateMessage::Response {
                scan_id: scan_ids[0],
                nonce: nonce(0).to_string(),
                response: answer(0).to_string(),
            },
            GateMessage::Response {
                scan_id: scan_ids[2],
                nonce: nonce(2).to_string(),
                response: answer(2).to_string(),
            },
        ]
    );
    assert!(gate.core.open_challenges().is_empty());
    // Garbage that looks like a party is refused, not sent.
    let refused = gate.line("TSR1P:1:AAAA:1", 50);
    assert!(sends(&refused).is_empty());
    assert!(matches!(
        events(&refused).as_slice(),
        [GateEvent::InputRejected { .. }]
    ));
}

/// A reader facing the visitor (`--face-to-face`) reads the phone without pause: the wallet's
/// next 15-second code, before the challenge is read or just after the visitor was let in,
/// is the same visitor, not a second scan. A refused pass, another pass and a party with a
/// new member still count; a hand scanner's gate (the default) counts every line.
#[test]
fn a_face_to_face_reader_holds_the_same_visitors_next_codes() {
    use tessera_protocol::{PartyCode, PassId, RotatingCode};
    const NEXT: &str = "TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629441:12345678";
    let other = |n: u128, step: u64| -> RotatingCode {
        format!(
            "TSR1:{}:{step}:80238672",
            PassId::new(Uuid::from_u128(n)).to_base32()
        )
        .parse()
        .unwrap()
    };
    let held =
        |actions: &[Action]| sends(actions).is_empty() && events(actions) == vec![GateEvent::Held];
    let scanned =
        |actions: &[Action]| matches!(sends(actions).as_slice(), [GateMessage::Scan { .. }]);
    let config = CoreConfig {
        pass_hold: Some(Duration::from_secs(20)),
        ..CoreConfig::default()
    };
    let (mut gate, _) = Gate::start_with(MemoryJournal::default(), Uuid::new_v4(), config.clone());

    // The code goes out; the next step's code, before the challenge and while it shows.
    let sent = sends(&gate.line(CODE, 0));
    let [GateMessage::Scan { scan_id, .. }] = sent.as_slice() else {
        panic!("{sent:?}")
    };
    let scan_id = *scan_id;
    assert!(held(&gate.line(NEXT, 5)));
    gate.core
        .on_server(&challenge_for(scan_id), gate.at(10))
        .unwrap();
    assert!(held(&gate.line(NEXT, 15)));
    // Another visitor behind is not held.
    assert!(scanned(&gate.line(&other(7, 117629441).to_string(), 16)));

    // Answered and let in: its codes are held for 20 s, then count again.
    gate.line(RESPONSE, 20);
    let shown = events(
        &gate
            .core
            .on_server(&admitted(scan_id, false), gate.at(30))
            .unwrap(),
    );
    assert!(
        matches!(shown.as_slice(), [GateEvent::Result { .. }]),
        "{shown:?}"
    );
    assert!(held(&gate.line(NEXT, 1_000)));
    assert!(held(&gate.line(NEXT, 19_999)));
    assert!(scanned(&gate.line(NEXT, 20_031)), "the hold ends");

    // A party of a let-in pass and a new member: the new member counts.
    let (mut gate, _) = Gate::start_with(MemoryJournal::default(), Uuid::new_v4(), config.clone());
    let (scan_id, _) = gate.scan_and_answer();
    gate.core
        .on_server(&admitted(scan_id, false), gate.at(30))
        .unwrap();
    let me: RotatingCode = NEXT.parse().unwrap();
    let party = PartyCode::from_codes(&[me, other(8, 117629441)])
        .unwrap()
        .to_string();
    assert!(held(&gate.line(NEXT, 40)));
    let sent = sends(&gate.line(&party, 50));
    assert_eq!(
        sent.len(),
        2,
        "a party with a new member is scanned: {sent:?}"
    );

    // A refused pass is never held: its visitor may try again at once.
    let (mut gate, _) = Gate::start_with(MemoryJournal::default(), Uuid::new_v4(), config);
    let sent = sends(&gate.line(CODE, 0));
    let [GateMessage::Scan { scan_id, .. }] = sent.as_slice() else {
        panic!("{sent:?}")
    };
    gate.core
        .on_server(&denied(*scan_id, DenyReason::StaleCode), gate.at(10))
        .unwrap();
    assert!(scanned(&gate.line(NEXT, 20)));

    // Without the option every line counts, as a guard's hand scanner wants.
    let (mut gate, _) = Gate::start(MemoryJournal::default(), Uuid::new_v4());
    assert!(scanned(&gate.line(CODE, 0)));
    assert!(scanned(&gate.line(NEXT, 5)));
}
