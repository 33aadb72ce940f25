//! Known-answer tests against `protocol-vectors.json`, the project's published TSR1 vectors.
//!
//! Third-party wallets and gates check themselves against the same file, so every value in it
//! must come out of this crate byte for byte, computed from the file's inputs only. The
//! committed copy lets a fresh clone run these tests without anything outside the repository;
//! `committed_vectors_match_the_shared_contract` catches the copy drifting from the contract.

use std::path::Path;

use serde_json::Value;
use tessera_protocol::totp::counter_at;
use tessera_protocol::{
    CodeKey, Error, Nonce, PassId, PassKeys, PublicKey, ResponseKey, RotatingCode, SecretKey,
    WalletChallenge, WalletResponse,
};
use uuid::Uuid;

const COMMITTED_VECTORS: &str = include_str!("protocol-vectors.json");

fn vectors() -> Value {
    serde_json::from_str(COMMITTED_VECTORS).expect("protocol-vectors.json is valid JSON")
}

#[track_caller]
fn text<'a>(vectors: &'a Value, field: &str) -> &'a str {
    vectors[field]
        .as_str()
        .unwrap_or_else(|| panic!("vector field {field} is a string"))
}

#[track_caller]
fn bytes32(vectors: &Value, field: &str) -> [u8; 32] {
    hex::decode(text(vectors, field))
        .unwrap_or_else(|e| panic!("vector field {field} is hex: {e}"))
        .try_into()
        .unwrap_or_else(|_| panic!("vector field {field} is 32 bytes"))
}

fn wallet_secret(vectors: &Value) -> SecretKey {
    SecretKey::from_bytes(bytes32(vectors, "wallet_secret"))
}

fn server_secret(vectors: &Value) -> SecretKey {
    SecretKey::from_bytes(bytes32(vectors, "server_secret"))
}

fn pass_id(vectors: &Value) -> PassId {
    PassId::new(Uuid::parse_str(text(vectors, "pass_id")).expect("pass_id is a UUID"))
}

fn nonce(vectors: &Value) -> Nonce {
    Nonce::from_bytes(bytes32(vectors, "nonce"))
}

/// The pass keys as the wallet derives them from `w` and `S`.
fn wallet_side_keys(vectors: &Value) -> PassKeys {
    let server_public = server_secret(vectors).public_key();
    PassKeys::for_wallet(&wallet_secret(vectors), &server_public, pass_id(vectors))
        .expect("vector keys are not low order")
}

#[test]
fn public_keys_match_in_hex_and_base64url() {
    let vectors = vectors();
    let wallet_public = wallet_secret(&vectors).public_key();
    let server_public = server_secret(&vectors).public_key();

    assert_eq!(
        hex::encode(wallet_public.as_bytes()),
        text(&vectors, "wallet_public")
    );
    assert_eq!(
        hex::encode(server_public.as_bytes()),
        text(&vectors, "server_public")
    );
    assert_eq!(
        wallet_public.to_base64url(),
        text(&vectors, "wallet_public_b64url")
    );
    assert_eq!(
        server_public.to_base64url(),
        text(&vectors, "server_public_b64url")
    );
}

#[test]
fn base64url_public_keys_parse_back_to_the_hex_keys() {
    let vectors = vectors();
    for (b64_field, hex_field) in [
        ("wallet_public_b64url", "wallet_public"),
        ("server_public_b64url", "server_public"),
    ] {
        let parsed = PublicKey::from_base64url(text(&vectors, b64_field)).unwrap();
        assert_eq!(parsed, PublicKey::from_bytes(bytes32(&vectors, hex_field)));
    }
}

#[test]
fn pass_id_base32_matches_and_parses_back() {
    let vectors = vectors();
    let pass = pass_id(&vectors);
    assert_eq!(pass.to_base32(), text(&vectors, "pass_id_b32"));
    assert_eq!(PassId::from_base32(text(&vectors, "pass_id_b32")), Ok(pass));
}

#[test]
fn both_sides_reach_the_vector_shared_secret() {
    let vectors = vectors();
    let wallet = wallet_secret(&vectors);
    let server = server_secret(&vectors);
    let expected = text(&vectors, "shared_secret");

    let from_wallet = wallet.agree(&server.public_key()).unwrap();
    let from_server = server.agree(&wallet.public_key()).unwrap();
    assert_eq!(hex::encode(from_wallet.as_bytes()), expected);
    assert_eq!(hex::encode(from_server.as_bytes()), expected);
}

#[test]
fn both_sides_derive_the_vector_code_and_response_keys() {
    let vectors = vectors();
    let wallet = wallet_secret(&vectors);
    let server = server_secret(&vectors);
    let pass = pass_id(&vectors);

    let wallet_keys = PassKeys::for_wallet(&wallet, &server.public_key(), pass).unwrap();
    let server_keys = PassKeys::for_server(&server, &wallet.public_key(), pass).unwrap();
    for keys in [&wallet_keys, &server_keys] {
        assert_eq!(
            hex::encode(keys.code_key.as_bytes()),
            text(&vectors, "code_key")
        );
        assert_eq!(
            hex::encode(keys.response_key.as_bytes()),
            text(&vectors, "response_key")
        );
    }
}

#[test]
fn derive_from_the_shared_secret_gives_the_vector_keys() {
    let vectors = vectors();
    let wallet = wallet_secret(&vectors);
    let server_public = server_secret(&vectors).public_key();
    let shared = wallet.agree(&server_public).unwrap();

    let keys = PassKeys::derive(
        &shared,
        pass_id(&vectors),
        &wallet.public_key(),
        &server_public,
    );
    assert_eq!(
        hex::encode(keys.code_key.as_bytes()),
        text(&vectors, "code_key")
    );
    assert_eq!(
        hex::encode(keys.response_key.as_bytes()),
        text(&vectors, "response_key")
    );
}

#[test]
fn code_parameters_are_the_crate_constants() {
    let vectors = vectors();
    assert_eq!(
        vectors["period_s"].as_u64(),
        Some(tessera_protocol::CODE_PERIOD_S)
    );
    assert_eq!(
        vectors["digits"].as_u64(),
        Some(tessera_protocol::CODE_DIGITS as u64)
    );
}

#[test]
fn every_rotating_code_and_counter_is_reproduced() {
    let vectors = vectors();
    let pass = pass_id(&vectors);
    let period = vectors["period_s"].as_u64().unwrap();
    let code_key = CodeKey::from_bytes(bytes32(&vectors, "code_key"));
    let derived_code_key = wallet_side_keys(&vectors).code_key;
    let cases = vectors["rotating_codes"].as_array().unwrap();
    assert!(!cases.is_empty(), "the vectors list rotating codes");

    for case in cases {
        let unix_time = case["unix_time"].as_u64().unwrap();
        let counter = case["counter"].as_u64().unwrap();
        let expected = case["code"].as_str().unwrap();

        assert_eq!(
            counter_at(unix_time, period),
            counter,
            "counter at {unix_time}"
        );
        for key in [&code_key, &derived_code_key] {
            let code = key.code_at(pass, unix_time, period);
            assert_eq!(code.counter, counter, "counter at {unix_time}");
            assert_eq!(code.to_string(), expected, "code at {unix_time}");
        }

        let parsed: RotatingCode = expected.parse().unwrap();
        assert_eq!(parsed.pass, pass);
        assert_eq!(parsed.counter, counter);
        assert_eq!(parsed.to_string(), expected);
        assert!(
            code_key.verify_otp(&parsed),
            "vector OTP verifies at {unix_time}"
        );
    }
}

#[test]
fn nonce_base32_matches_and_parses_back() {
    let vectors = vectors();
    let nonce = nonce(&vectors);
    assert_eq!(nonce.to_string(), text(&vectors, "nonce_b32"));
    assert_eq!(text(&vectors, "nonce_b32").parse::<Nonce>(), Ok(nonce));
}

#[test]
fn wallet_challenge_formats_and_parses() {
    let vectors = vectors();
    let challenge = WalletChallenge {
        pass: pass_id(&vectors),
        nonce: nonce(&vectors),
    };
    assert_eq!(challenge.to_string(), text(&vectors, "wallet_challenge"));
    assert_eq!(
        text(&vectors, "wallet_challenge").parse::<WalletChallenge>(),
        Ok(challenge)
    );
}

#[test]
fn response_mac_matches_from_both_key_sources() {
    let vectors = vectors();
    let pass = pass_id(&vectors);
    let nonce = nonce(&vectors);
    let response_key = ResponseKey::from_bytes(bytes32(&vectors, "response_key"));
    let derived_response_key = wallet_side_keys(&vectors).response_key;

    for key in [&response_key, &derived_response_key] {
        let mac = key.mac(pass, &nonce);
        assert_eq!(hex::encode(mac.as_bytes()), text(&vectors, "response_mac"));
    }
}

#[test]
fn wallet_response_formats_parses_and_verifies() {
    let vectors = vectors();
    let pass = pass_id(&vectors);
    let nonce = nonce(&vectors);
    let response_key = ResponseKey::from_bytes(bytes32(&vectors, "response_key"));
    let challenge: WalletChallenge = text(&vectors, "wallet_challenge").parse().unwrap();

    let response = response_key.respond(&challenge);
    assert_eq!(response.to_string(), text(&vectors, "wallet_response"));

    let parsed: WalletResponse = text(&vectors, "wallet_response").parse().unwrap();
    assert_eq!(parsed.pass, pass);
    assert_eq!(
        hex::encode(parsed.mac.as_bytes()),
        text(&vectors, "response_mac")
    );
    assert!(response_key.verify(pass, &nonce, &parsed));
}

#[test]
fn low_order_public_key_is_rejected_by_both_sides() {
    let vectors = vectors();
    let low_order =
        PublicKey::from_bytes(bytes32(&vectors, "low_order_public_key_must_be_rejected"));
    let pass = pass_id(&vectors);

    for secret in [wallet_secret(&vectors), server_secret(&vectors)] {
        assert_eq!(secret.agree(&low_order).err(), Some(Error::LowOrderKey));
    }
    assert_eq!(
        PassKeys::for_wallet(&wallet_secret(&vectors), &low_order, pass).err(),
        Some(Error::LowOrderKey)
    );
    assert_eq!(
        PassKeys::for_server(&server_secret(&vectors), &low_order, pass).err(),
        Some(Error::LowOrderKey)
    );
}

#[test]
fn committed_vectors_match_the_shared_contract() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/protocol-vectors.json");
    let Ok(shared_text) = std::fs::read_to_string(&shared) else {
        println!(
            "note: {} is absent (a fresh clone); only the committed copy is tested",
            shared.display()
        );
        return;
    };
    assert!(
        shared_text == COMMITTED_VECTORS,
        "protocol/tests/protocol-vectors.json differs from {}; copy the contract's file again",
        shared.display()
    );
}

#[test]
fn every_vector_field_is_covered_by_a_test() {
    // A field added to the contract's vectors must get a test here, not be silently skipped.
    let covered = [
        "about",
        "wallet_secret",
        "wallet_public",
        "wallet_public_b64url",
        "server_secret",
        "server_public",
        "server_public_b64url",
        "pass_id",
        "pass_id_b32",
        "shared_secret",
        "code_key",
        "response_key",
        "period_s",
        "digits",
        "rotating_codes",
        "nonce",
        "nonce_b32",
        "wallet_challenge",
        "response_mac",
        "wallet_response",
        "low_order_public_key_must_be_rejected",
    ];
    let vectors = vectors();
    let mut present: Vec<&str> = vectors
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    present.sort_unstable();
    let mut expected = covered.to_vec();
    expected.sort_unstable();
    assert_eq!(present, expected);
}
