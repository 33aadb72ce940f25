//! The three party values (`docs/protocol.md`, "Parties"): `TSR1P:…` a gate's camera reads,
//! `TSR1Q:…` a wallet's front camera reads, `TSR1S:…` the gate reads back.
//!
//! Accepted text must format back to itself, and each member must be a value its single-pass
//! parser accepts as it is.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::{
    PartyAnswer, PartyChallenge, PartyCode, RotatingCode, WalletChallenge, WalletResponse,
    PARTY_MAX,
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(party) = text.parse::<PartyCode>() {
        assert_eq!(party.to_string(), text, "a party code has a second spelling");
        let codes = party.codes();
        assert!((2..=PARTY_MAX).contains(&codes.len()));
        for code in codes {
            let again: RotatingCode = code.to_string().parse().expect("a member's code parses");
            assert_eq!(again.to_string(), code.to_string());
        }
    }
    if let Ok(challenge) = text.parse::<PartyChallenge>() {
        assert_eq!(challenge.to_string(), text, "a party challenge has a second spelling");
        for member in challenge.members() {
            let again: WalletChallenge = member.to_string().parse().expect("a member parses");
            assert_eq!(&again, member);
        }
    }
    if let Ok(answer) = text.parse::<PartyAnswer>() {
        assert_eq!(answer.to_string(), text, "a party answer has a second spelling");
        for member in answer.members() {
            let again: WalletResponse = member.to_string().parse().expect("a member parses");
            assert_eq!(again.to_string(), member.to_string());
        }
    }
});
