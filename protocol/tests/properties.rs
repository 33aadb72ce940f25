//! Property tests for every TSR1 parser, formatter and check.
//!
//! Gates feed the server whatever a camera read, so every parser sees hostile text: these
//! tests show that no input panics, that formatting and parsing are exact inverses (one value,
//! one spelling, which the server's replay bookkeeping relies on), and that a MAC or OTP with
//! any single character changed is refused. The WebSocket messages round-trip through JSON so
//! gates and server built from this crate cannot disagree on a field.

use proptest::prelude::*;
use tessera_protocol::messages::{
    Challenge, DenyReason, ErrorCode, ErrorMessage, GateMessage, Outcome, PassSummary, ScanResult,
    ServerMessage, Welcome,
};
use tessera_protocol::{
    CodeKey, Nonce, Otp, PassId, PublicKey, ResponseKey, ResponseMac, RotatingCode, SecretKey,
    WalletChallenge, WalletResponse,
};
use time::OffsetDateTime;
use uuid::Uuid;

/// Characters a near-miss code is built from: base32, digits, separators and usual typos.
const NEAR_MISS_CHARS: &str = "[A-Z0-9a-z:=+/_ -]";

fn pass_ids() -> impl Strategy<Value = PassId> {
    any::<[u8; 16]>().prop_map(|bytes| PassId::new(Uuid::from_bytes(bytes)))
}

fn nonces() -> impl Strategy<Value = Nonce> {
    any::<[u8; 32]>().prop_map(Nonce::from_bytes)
}

fn otps() -> impl Strategy<Value = Otp> {
    (0u32..100_000_000).prop_map(|value| Otp::parse(&format!("{value:08}")).unwrap())
}

fn counters() -> impl Strategy<Value = u64> {
    // Mix small steps (where leading-zero and "0" edge cases live) with the whole range.
    prop_oneof![0u64..1_000, any::<u64>()]
}

fn rotating_codes() -> impl Strategy<Value = RotatingCode> {
    (pass_ids(), counters(), otps()).prop_map(|(pass, counter, otp)| RotatingCode {
        pass,
        counter,
        otp,
    })
}

fn wallet_challenges() -> impl Strategy<Value = WalletChallenge> {
    (pass_ids(), nonces()).prop_map(|(pass, nonce)| WalletChallenge { pass, nonce })
}

fn wallet_responses() -> impl Strategy<Value = WalletResponse> {
    (pass_ids(), any::<[u8; 16]>()).prop_map(|(pass, mac)| WalletResponse {
        pass,
        mac: ResponseMac::from_bytes(mac),
    })
}

fn uuids() -> impl Strategy<Value = Uuid> {
    any::<[u8; 16]>().prop_map(Uuid::from_bytes)
}

/// Whole-second UTC instants from year 0 to year 9999, the range RFC 3339 can spell.
fn utc_times() -> impl Strategy<Value = OffsetDateTime> {
    (-62_167_219_200i64..=253_402_300_799)
        .prop_map(|seconds| OffsetDateTime::from_unix_timestamp(seconds).unwrap())
}

fn outcomes() -> impl Strategy<Value = Outcome> {
    prop::sample::select(vec![
        Outcome::Admitted,
        Outcome::AlreadyAdmitted,
        Outcome::Denied,
    ])
}

fn deny_reasons() -> impl Strategy<Value = DenyReason> {
    prop::sample::select(tessera_protocol::messages::ALL_DENY_REASONS.to_vec())
}

fn error_codes() -> impl Strategy<Value = ErrorCode> {
    prop::sample::select(vec![
        ErrorCode::BadRequest,
        ErrorCode::ScanIdReused,
        ErrorCode::StorageUnavailable,
        ErrorCode::RateLimited,
        ErrorCode::Timeout,
        ErrorCode::Internal,
        ErrorCode::RequestIdReused,
    ])
}

fn pass_summaries() -> impl Strategy<Value = PassSummary> {
    (uuids(), any::<String>()).prop_map(|(id, label)| PassSummary { id, label })
}

fn gate_messages() -> impl Strategy<Value = GateMessage> {
    prop_oneof![
        (uuids(), any::<String>()).prop_map(|(scan_id, code)| GateMessage::Scan { scan_id, code }),
        (uuids(), any::<String>(), any::<String>()).prop_map(|(scan_id, nonce, response)| {
            GateMessage::Response {
                scan_id,
                nonce,
                response,
            }
        }),
    ]
}

fn welcomes() -> impl Strategy<Value = Welcome> {
    (uuids(), any::<Option<String>>(), utc_times(), any::<u32>()).prop_map(
        |(gate_id, site, server_time, protocol)| Welcome {
            gate_id,
            site,
            server_time,
            protocol,
        },
    )
}

fn challenges() -> impl Strategy<Value = Challenge> {
    (
        uuids(),
        nonces(),
        any::<String>(),
        utc_times(),
        pass_summaries(),
    )
        .prop_map(
            |(scan_id, nonce, wallet_challenge, expires_at, pass)| Challenge {
                scan_id,
                nonce,
                wallet_challenge,
                expires_at,
                pass,
            },
        )
}

fn scan_results() -> impl Strategy<Value = ScanResult> {
    (
        (
            uuids(),
            prop::option::of(nonces()),
            outcomes(),
            prop::option::of(deny_reasons()),
            any::<bool>(),
            prop::option::of(pass_summaries()),
        ),
        (
            prop::option::of(utc_times()),
            prop::option::of(uuids()),
            any::<bool>(),
            any::<Option<u64>>(),
            any::<Option<u64>>(),
        ),
    )
        .prop_map(
            |(
                (scan_id, nonce, outcome, reason, replayed, pass),
                (first_admitted_at, first_gate_id, same_wallet, age_s, ahead_s),
            )| ScanResult {
                scan_id,
                nonce,
                outcome,
                reason,
                replayed,
                pass,
                first_admitted_at,
                first_gate_id,
                first_gate_label: None,
                same_wallet,
                age_s,
                ahead_s,
            },
        )
}

fn error_messages() -> impl Strategy<Value = ErrorMessage> {
    (
        prop::option::of(uuids()),
        error_codes(),
        any::<String>(),
        any::<bool>(),
    )
        .prop_map(|(scan_id, code, message, retryable)| ErrorMessage {
            scan_id,
            request_id: None,
            code,
            message,
            retryable,
        })
}

fn server_messages() -> impl Strategy<Value = ServerMessage> {
    prop_oneof![
        welcomes().prop_map(ServerMessage::Welcome),
        challenges().prop_map(ServerMessage::Challenge),
        scan_results().prop_map(ServerMessage::Result),
        error_messages().prop_map(ServerMessage::Error),
    ]
}

/// Strings that start like a valid value and then go anywhere: the hard case for parsers.
fn valid_prefix_then_anything() -> impl Strategy<Value = String> {
    let valid = prop_oneof![
        rotating_codes().prop_map(|code| code.to_string()),
        wallet_challenges().prop_map(|challenge| challenge.to_string()),
        wallet_responses().prop_map(|response| response.to_string()),
        Just("TSR1:".to_owned()),
        Just("TSR1C:".to_owned()),
        Just("TSR1R:".to_owned()),
    ];
    (valid, any::<prop::sample::Index>(), any::<String>()).prop_map(|(valid, cut, tail)| {
        let boundaries: Vec<usize> = (0..=valid.len()).collect();
        let keep = boundaries[cut.index(boundaries.len())];
        format!("{}{tail}", &valid[..keep])
    })
}

/// Strings over the characters codes are made of, so some come close to parsing.
fn near_miss_strings() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["", "TSR1:", "TSR1C:", "TSR1R:"]),
        proptest::string::string_regex(&format!("{NEAR_MISS_CHARS}{{0,90}}")).unwrap(),
    )
        .prop_map(|(prefix, rest)| format!("{prefix}{rest}"))
}

/// Arbitrary text, near misses and valid-prefix strings, in equal measure.
fn hostile_strings() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        near_miss_strings(),
        valid_prefix_then_anything(),
    ]
}

/// JSON texts that start like a real gate or server frame and then go anywhere.
fn hostile_json() -> impl Strategy<Value = String> {
    let frame_starts = prop::sample::select(vec![
        r#"{"type":"scan","scan_id":"67e55044-10b1-426f-9247-bb680e5fe0c8","code":"#,
        r#"{"type":"response","scan_id":"67e55044-10b1-426f-9247-bb680e5fe0c8","nonce":"#,
        r#"{"type":"welcome","gate_id":"67e55044-10b1-426f-9247-bb680e5fe0c8","site":"#,
        r#"{"type":"challenge","scan_id":"67e55044-10b1-426f-9247-bb680e5fe0c8","nonce":"#,
        r#"{"type":"result","scan_id":"67e55044-10b1-426f-9247-bb680e5fe0c8","nonce":"#,
        r#"{"type":"error","scan_id":null,"code":"#,
        r#"{"type":"#,
        "{",
    ]);
    prop_oneof![
        any::<String>(),
        (frame_starts, any::<String>()).prop_map(|(start, tail)| format!("{start}{tail}")),
    ]
}

/// Replaces the character at `index` with `replacement`.
fn with_char_replaced(text: &str, index: usize, replacement: char) -> String {
    text.char_indices()
        .map(|(i, c)| if i == index { replacement } else { c })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn rotating_code_format_then_parse_is_identity(code in rotating_codes()) {
        let text = code.to_string();
        let parsed: RotatingCode = text.parse().unwrap();
        prop_assert_eq!(parsed.pass, code.pass);
        prop_assert_eq!(parsed.counter, code.counter);
        prop_assert_eq!(parsed.otp.as_str(), code.otp.as_str());
        prop_assert_eq!(parsed.to_string(), text);
    }

    #[test]
    fn wallet_challenge_format_then_parse_is_identity(challenge in wallet_challenges()) {
        let text = challenge.to_string();
        prop_assert_eq!(text.parse::<WalletChallenge>(), Ok(challenge));
    }

    #[test]
    fn wallet_response_format_then_parse_is_identity(response in wallet_responses()) {
        let text = response.to_string();
        let parsed: WalletResponse = text.parse().unwrap();
        prop_assert_eq!(parsed.pass, response.pass);
        prop_assert_eq!(parsed.mac.as_bytes(), response.mac.as_bytes());
        prop_assert_eq!(parsed.to_string(), text);
    }

    #[test]
    fn codes_use_only_qr_alphanumeric_characters(
        code in rotating_codes(),
        challenge in wallet_challenges(),
        response in wallet_responses(),
    ) {
        for text in [code.to_string(), challenge.to_string(), response.to_string()] {
            prop_assert!(
                text.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b':'),
                "{}", text
            );
        }
    }

    #[test]
    fn nonce_pass_id_and_public_key_text_round_trip(
        nonce in nonces(),
        pass in pass_ids(),
        key_bytes in any::<[u8; 32]>(),
    ) {
        prop_assert_eq!(nonce.to_string().parse::<Nonce>(), Ok(nonce));
        prop_assert_eq!(PassId::from_base32(&pass.to_base32()), Ok(pass));
        let key = PublicKey::from_bytes(key_bytes);
        prop_assert_eq!(PublicKey::from_base64url(&key.to_base64url()), Ok(key));
        let secret = SecretKey::from_bytes(key_bytes);
        let reloaded = SecretKey::from_hex(&secret.to_hex()).unwrap();
        prop_assert_eq!(reloaded.public_key(), secret.public_key());
    }

    #[test]
    fn gate_messages_round_trip_through_json(message in gate_messages()) {
        let json = serde_json::to_string(&message).unwrap();
        prop_assert!(json.starts_with(r#"{"type":""#), "{}", json);
        prop_assert_eq!(serde_json::from_str::<GateMessage>(&json).unwrap(), message);
    }

    #[test]
    fn server_messages_round_trip_through_json(message in server_messages()) {
        let json = serde_json::to_string(&message).unwrap();
        prop_assert!(json.starts_with(r#"{"type":""#), "{}", json);
        prop_assert_eq!(serde_json::from_str::<ServerMessage>(&json).unwrap(), message);
    }

    #[test]
    fn times_with_any_offset_go_out_as_utc_and_keep_their_instant(
        welcome in welcomes(),
        offset_seconds in -86_399i32..=86_399,
    ) {
        let offset = time::UtcOffset::from_whole_seconds(offset_seconds).unwrap();
        // Stay a day inside year 0..9999 so the UTC form exists.
        prop_assume!((1..9999).contains(&welcome.server_time.year()));
        let local = Welcome { server_time: welcome.server_time.to_offset(offset), ..welcome.clone() };
        let json = serde_json::to_string(&ServerMessage::Welcome(local)).unwrap();
        prop_assert!(json.contains(r#"Z","protocol""#), "{}", json);
        let ServerMessage::Welcome(back) = serde_json::from_str(&json).unwrap() else {
            panic!("a welcome message");
        };
        prop_assert_eq!(back.server_time, welcome.server_time);
        prop_assert_eq!(back.server_time.offset(), time::UtcOffset::UTC);
    }

    #[test]
    fn text_parsers_never_panic_and_accept_only_canonical_text(text in hostile_strings()) {
        // Whatever parses must format back to the very same text: one value, one spelling.
        if let Ok(code) = text.parse::<RotatingCode>() {
            prop_assert_eq!(code.to_string(), text.clone());
        }
        if let Ok(challenge) = text.parse::<WalletChallenge>() {
            prop_assert_eq!(challenge.to_string(), text.clone());
        }
        if let Ok(response) = text.parse::<WalletResponse>() {
            prop_assert_eq!(response.to_string(), text.clone());
        }
        if let Ok(nonce) = text.parse::<Nonce>() {
            prop_assert_eq!(nonce.to_string(), text.clone());
        }
        if let Ok(pass) = PassId::from_base32(&text) {
            prop_assert_eq!(pass.to_base32(), text.clone());
        }
        if let Ok(key) = PublicKey::from_base64url(&text) {
            prop_assert_eq!(key.to_base64url(), text.clone());
        }
        let _ = SecretKey::from_hex(&text);
        let _ = Otp::parse(&text);
    }

    #[test]
    fn fixed_length_parsers_never_panic_on_fields(
        field in proptest::string::string_regex(&format!("{NEAR_MISS_CHARS}{{20,70}}")).unwrap(),
    ) {
        // Lengths around 26, 43, 52 and 64 reach the decoders instead of the length check.
        for text in [field.clone(), field.to_uppercase()] {
            let _ = text.parse::<Nonce>();
            let _ = PassId::from_base32(&text);
            let _ = PublicKey::from_base64url(&text);
            let _ = SecretKey::from_hex(&text);
        }
    }

    #[test]
    fn json_parsers_never_panic(json in hostile_json()) {
        let _ = serde_json::from_str::<GateMessage>(&json);
        let _ = serde_json::from_str::<ServerMessage>(&json);
    }

    #[test]
    fn any_single_changed_character_of_a_response_fails_verification(
        key_bytes in any::<[u8; 32]>(),
        challenge in wallet_challenges(),
        position in any::<prop::sample::Index>(),
        replacement in proptest::char::any(),
    ) {
        let key = ResponseKey::from_bytes(key_bytes);
        let text = key.respond(&challenge).to_string();
        let index = position.index(text.len());
        prop_assume!(!text[index..].starts_with(replacement));
        let tampered = with_char_replaced(&text, index, replacement);
        if let Ok(response) = tampered.parse::<WalletResponse>() {
            prop_assert!(
                !key.verify(challenge.pass, &challenge.nonce, &response),
                "{} accepted in place of {}", tampered, text
            );
        }
    }

    #[test]
    fn any_single_changed_mac_character_within_base32_fails_verification(
        key_bytes in any::<[u8; 32]>(),
        challenge in wallet_challenges(),
        mac_position in 0usize..26,
        replacement in prop::sample::select(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".chars().collect::<Vec<_>>()
        ),
    ) {
        // Staying inside the alphabet reaches the MAC comparison, not only the decoder.
        let key = ResponseKey::from_bytes(key_bytes);
        let text = key.respond(&challenge).to_string();
        let index = text.len() - 26 + mac_position;
        prop_assume!(!text[index..].starts_with(replacement));
        let tampered = with_char_replaced(&text, index, replacement);
        if let Ok(response) = tampered.parse::<WalletResponse>() {
            prop_assert!(!key.verify(challenge.pass, &challenge.nonce, &response));
        }
    }

    #[test]
    fn a_response_fails_for_any_other_nonce_or_pass(
        key_bytes in any::<[u8; 32]>(),
        challenge in wallet_challenges(),
        other_nonce in nonces(),
        other_pass in pass_ids(),
    ) {
        let key = ResponseKey::from_bytes(key_bytes);
        let response = key.respond(&challenge);
        prop_assert!(key.verify(challenge.pass, &challenge.nonce, &response));
        if other_nonce != challenge.nonce {
            prop_assert!(!key.verify(challenge.pass, &other_nonce, &response));
        }
        if other_pass != challenge.pass {
            prop_assert!(!key.verify(other_pass, &challenge.nonce, &response));
        }
    }

    #[test]
    fn any_single_changed_otp_digit_fails_verification(
        key_bytes in any::<[u8; 32]>(),
        pass in pass_ids(),
        unix_time in any::<u64>(),
        digit_position in 0usize..8,
        replacement in prop::char::range('0', '9'),
    ) {
        let key = CodeKey::from_bytes(key_bytes);
        let code = key.code_at(pass, unix_time, tessera_protocol::CODE_PERIOD_S);
        prop_assert!(key.verify_otp(&code));
        let text = code.to_string();
        let index = text.len() - 8 + digit_position;
        prop_assume!(!text[index..].starts_with(replacement));
        let tampered: RotatingCode = with_char_replaced(&text, index, replacement).parse().unwrap();
        prop_assert!(!key.verify_otp(&tampered));
    }

    #[test]
    fn any_single_changed_otp_character_fails_parsing_or_verification(
        key_bytes in any::<[u8; 32]>(),
        pass in pass_ids(),
        unix_time in any::<u64>(),
        digit_position in 0usize..8,
        replacement in proptest::char::any(),
    ) {
        let key = CodeKey::from_bytes(key_bytes);
        let text = key.code_at(pass, unix_time, tessera_protocol::CODE_PERIOD_S).to_string();
        let index = text.len() - 8 + digit_position;
        prop_assume!(!text[index..].starts_with(replacement));
        let tampered = with_char_replaced(&text, index, replacement);
        if let Ok(code) = tampered.parse::<RotatingCode>() {
            prop_assert!(!key.verify_otp(&code));
        }
    }
}
