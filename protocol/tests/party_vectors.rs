//! The party vectors of `docs/protocol.md` ("Party test vectors", issue 52), recomputed from
//! the worked example's inputs and a second pass: every line the document shows must come
//! out of this crate, and every value it lists as refused must be refused. The browser's
//! `tsr1.js` checks the same lines (`web/test/unit/vectors.test.mjs`).

use std::collections::BTreeMap;

use serde_json::Value;
use tessera_protocol::{
    Error, Nonce, PartyAnswer, PartyChallenge, PartyCode, PassId, PassKeys, SecretKey,
    WalletChallenge,
};
use uuid::Uuid;

const VECTORS: &str = include_str!("protocol-vectors.json");
const DOC: &str = include_str!("../../docs/protocol.md");

const PASS_B: &str = "0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f507";
const NONCE_B: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/// The fenced blocks of the "Party test vectors" section: its vectors, then its refusals.
fn documented() -> (BTreeMap<String, String>, Vec<(String, String)>) {
    let section = DOC
        .split("### Party test vectors")
        .nth(1)
        .expect("docs/protocol.md has a \"Party test vectors\" section");
    let blocks: Vec<&str> = section.split("```").skip(1).step_by(2).take(2).collect();
    let lines = |block: &str| -> Vec<(String, String)> {
        block
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| {
                let (key, value) = line
                    .split_once("  ")
                    .unwrap_or_else(|| panic!("a vector line is `name  value`: {line:?}"));
                (key.trim().to_owned(), value.trim().to_owned())
            })
            .collect()
    };
    (lines(blocks[0]).into_iter().collect(), lines(blocks[1]))
}

fn bytes32(hex_text: &str) -> [u8; 32] {
    hex::decode(hex_text)
        .expect("hex")
        .try_into()
        .expect("32 bytes")
}

/// Everything the section shows, computed here.
fn computed() -> BTreeMap<String, String> {
    let vectors: Value = serde_json::from_str(VECTORS).expect("vectors");
    let field = |name: &str| vectors[name].as_str().expect("a string field").to_owned();
    let wallet = SecretKey::from_bytes(bytes32(&field("wallet_secret")));
    let server = SecretKey::from_bytes(bytes32(&field("server_secret"))).public_key();
    let pass_a = PassId::new(Uuid::parse_str(&field("pass_id")).expect("uuid"));
    let pass_b = PassId::new(Uuid::parse_str(PASS_B).expect("uuid"));
    let keys_a = PassKeys::for_wallet(&wallet, &server, pass_a).expect("keys");
    let keys_b = PassKeys::for_wallet(&wallet, &server, pass_b).expect("keys");
    let nonce_a = Nonce::from_bytes(bytes32(&field("nonce")));
    let nonce_b = Nonce::from_bytes(bytes32(NONCE_B));
    let unix = 1_764_441_600;
    let code_a = keys_a.code_key.code_at(pass_a, unix, 15);
    let code_b = keys_b.code_key.code_at(pass_b, unix, 15);
    let challenge_a = WalletChallenge {
        pass: pass_a,
        nonce: nonce_a,
    };
    let challenge_b = WalletChallenge {
        pass: pass_b,
        nonce: nonce_b,
    };
    let party = PartyCode::from_codes(&[code_a, code_b]).expect("a party");
    let challenge = PartyChallenge::new(vec![challenge_a, challenge_b]).expect("a challenge");
    let answer = PartyAnswer::new(
        challenge
            .members()
            .iter()
            .zip([&keys_a, &keys_b])
            .map(|(member, keys)| keys.response_key.respond(member))
            .collect(),
    )
    .expect("an answer");
    [
        ("pass B", PASS_B.to_owned()),
        ("PASS B", pass_b.to_base32()),
        ("nonce B", NONCE_B.to_owned()),
        ("NONCE B", nonce_b.to_string()),
        ("code_key B", hex::encode(keys_b.code_key.as_bytes())),
        (
            "response_key B",
            hex::encode(keys_b.response_key.as_bytes()),
        ),
        ("code A", code_a.to_string()),
        ("code B", code_b.to_string()),
        ("party code", party.to_string()),
        ("challenge B", challenge_b.to_string()),
        ("party challenge", challenge.to_string()),
        (
            "MAC B",
            hex::encode(keys_b.response_key.mac(pass_b, &nonce_b).as_bytes()),
        ),
        ("party answer", answer.to_string()),
    ]
    .into_iter()
    .map(|(key, value)| (key.to_owned(), value))
    .collect()
}

#[test]
fn the_documented_party_vectors_come_out_of_this_crate() {
    let (shown, _) = documented();
    let computed = computed();
    assert_eq!(
        shown,
        computed,
        "docs/protocol.md \"Party test vectors\" must show exactly these lines:\n{}",
        computed
            .iter()
            .map(|(key, value)| format!("{key:<18}{value}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // And they parse back to what they bundle.
    let party: PartyCode = computed["party code"].parse().expect("parses");
    assert_eq!(party.codes()[1].to_string(), computed["code B"]);
    let challenge: PartyChallenge = computed["party challenge"].parse().expect("parses");
    assert_eq!(challenge.members()[1].to_string(), computed["challenge B"]);
    let answer: PartyAnswer = computed["party answer"].parse().expect("parses");
    assert_eq!(answer.members().len(), 2);
}

#[test]
fn the_documented_refusals_are_refused() {
    let (_, refused) = documented();
    assert!(refused.len() >= 5, "the section lists its refusals");
    for (why, text) in refused {
        let error = if text.starts_with("TSR1P:") {
            text.parse::<PartyCode>().err()
        } else if text.starts_with("TSR1Q:") {
            text.parse::<PartyChallenge>().err()
        } else {
            text.parse::<PartyAnswer>().err()
        };
        let expected = match why.as_str() {
            "one member" | "seven members" => Some(Error::PartySize),
            "a pass twice" | "an answer twice" => Some(Error::PartyRepeats),
            "no member" | "no step" => Some(Error::FieldCount),
            other => panic!("an unknown refusal {other:?}"),
        };
        assert_eq!(error, expected, "{why}: {text}");
    }
}
