//! Known-answer tests from the RFCs TSR1 is built on: RFC 6238 (TOTP), RFC 7748 (X25519) and
//! RFC 5869 (HKDF).
//!
//! The project's own vectors only show that the crate agrees with itself over time; these show
//! it agrees with the standards, which is what lets someone build a wallet on a stock TOTP,
//! X25519 or HKDF library and still interoperate. The last tests pin the shape of the key
//! derivation: every input named in TSR1 §3 must change both derived keys.

use hkdf::Hkdf;
use sha2::Sha256;
use tessera_protocol::totp::hotp_sha256_8;
use tessera_protocol::{CodeKey, PassId, PassKeys, PublicKey, SecretKey, SharedSecret};
use uuid::Uuid;

/// RFC 6238 Appendix B: the SHA-256 seed is this 32-byte ASCII string.
const RFC6238_SHA256_SEED: &[u8; 32] = b"12345678901234567890123456789012";
/// RFC 6238 uses a 30-second step (TSR1 uses 15; the HOTP core is the same).
const RFC6238_STEP_S: u64 = 30;
/// RFC 6238 Appendix B, SHA-256 column: (unix time, 8-digit TOTP).
const RFC6238_SHA256_CASES: [(u64, &str); 6] = [
    (59, "46119246"),
    (1_111_111_109, "68084774"),
    (1_111_111_111, "67062674"),
    (1_234_567_890, "91819424"),
    (2_000_000_000, "90698825"),
    (20_000_000_000, "77737706"),
];

#[test]
fn rfc6238_sha256_vectors_through_hotp() {
    for (unix_time, expected) in RFC6238_SHA256_CASES {
        let otp = hotp_sha256_8(RFC6238_SHA256_SEED, unix_time / RFC6238_STEP_S);
        assert_eq!(otp.as_str(), expected, "TOTP at {unix_time}");
    }
}

#[test]
fn rfc6238_sha256_vectors_through_code_key() {
    // `code_at` with the RFC's step is the wallet's own path, so a stock authenticator set to
    // SHA-256, 8 digits and TSR1's 15 s step computes the same codes.
    let key = CodeKey::from_bytes(*RFC6238_SHA256_SEED);
    let pass = PassId::new(Uuid::nil());
    for (unix_time, expected) in RFC6238_SHA256_CASES {
        let code = key.code_at(pass, unix_time, RFC6238_STEP_S);
        assert_eq!(code.counter, unix_time / RFC6238_STEP_S);
        assert_eq!(code.otp.as_str(), expected, "TOTP at {unix_time}");
        assert!(key.verify_otp(&code));
    }
}

fn hex32(text: &str) -> [u8; 32] {
    hex::decode(text).unwrap().try_into().unwrap()
}

const RFC7748_ALICE_PRIVATE: &str =
    "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
const RFC7748_ALICE_PUBLIC: &str =
    "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
const RFC7748_BOB_PRIVATE: &str =
    "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb";
const RFC7748_BOB_PUBLIC: &str = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
const RFC7748_SHARED: &str = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";

#[test]
fn rfc7748_private_keys_give_the_published_public_keys() {
    let alice = SecretKey::from_bytes(hex32(RFC7748_ALICE_PRIVATE));
    let bob = SecretKey::from_bytes(hex32(RFC7748_BOB_PRIVATE));
    assert_eq!(
        hex::encode(alice.public_key().as_bytes()),
        RFC7748_ALICE_PUBLIC
    );
    assert_eq!(hex::encode(bob.public_key().as_bytes()), RFC7748_BOB_PUBLIC);
}

#[test]
fn rfc7748_both_parties_reach_the_published_shared_secret() {
    let alice = SecretKey::from_bytes(hex32(RFC7748_ALICE_PRIVATE));
    let bob = SecretKey::from_bytes(hex32(RFC7748_BOB_PRIVATE));
    let bob_public = PublicKey::from_bytes(hex32(RFC7748_BOB_PUBLIC));
    let alice_public = PublicKey::from_bytes(hex32(RFC7748_ALICE_PUBLIC));

    let alice_shared = alice.agree(&bob_public).unwrap();
    let bob_shared = bob.agree(&alice_public).unwrap();
    assert_eq!(hex::encode(alice_shared.as_bytes()), RFC7748_SHARED);
    assert_eq!(hex::encode(bob_shared.as_bytes()), RFC7748_SHARED);
}

#[test]
fn rfc7748_secret_key_hex_format_round_trips() {
    // The key-file format is plain hex, so the RFC's spelling loads directly.
    let alice = SecretKey::from_hex(RFC7748_ALICE_PRIVATE).unwrap();
    assert_eq!(
        hex::encode(alice.public_key().as_bytes()),
        RFC7748_ALICE_PUBLIC
    );
    assert_eq!(alice.to_hex().as_str(), RFC7748_ALICE_PRIVATE);
}

#[test]
fn rfc5869_test_case_1_hkdf_sha256() {
    let ikm = [0x0bu8; 22];
    let salt = hex::decode("000102030405060708090a0b0c").unwrap();
    let info = hex::decode("f0f1f2f3f4f5f6f7f8f9").unwrap();
    let expected_prk = "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5";
    let expected_okm = "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf\
                        34007208d5b887185865";

    let (prk, _) = Hkdf::<Sha256>::extract(Some(&salt), &ikm);
    assert_eq!(hex::encode(prk), expected_prk);

    // The crate builds HKDF with `new(Some(salt), ikm)` and expands a multi-part info
    // (label ‖ W ‖ S), so that is the path checked here: split info must equal joined info.
    let hkdf = Hkdf::<Sha256>::new(Some(&salt), &ikm);
    let mut okm = [0u8; 42];
    hkdf.expand_multi_info(&[&info[..3], &info[3..]], &mut okm)
        .unwrap();
    assert_eq!(hex::encode(okm), expected_okm);
    hkdf.expand(&info, &mut okm).unwrap();
    assert_eq!(hex::encode(okm), expected_okm);
}

/// A fixed wallet key, server key and pass, so a failure is reproducible.
struct DerivationInputs {
    wallet: SecretKey,
    server: SecretKey,
    pass: PassId,
}

impl DerivationInputs {
    fn fixed() -> Self {
        Self {
            wallet: SecretKey::from_bytes([0x11; 32]),
            server: SecretKey::from_bytes([0x22; 32]),
            pass: PassId::new(Uuid::from_bytes([0x33; 16])),
        }
    }

    fn shared(&self) -> SharedSecret {
        self.wallet.agree(&self.server.public_key()).unwrap()
    }

    fn derive(&self) -> PassKeys {
        PassKeys::derive(
            &self.shared(),
            self.pass,
            &self.wallet.public_key(),
            &self.server.public_key(),
        )
    }
}

#[track_caller]
fn assert_both_keys_differ(a: &PassKeys, b: &PassKeys) {
    assert_ne!(a.code_key.as_bytes(), b.code_key.as_bytes(), "code_key");
    assert_ne!(
        a.response_key.as_bytes(),
        b.response_key.as_bytes(),
        "response_key"
    );
}

#[test]
fn derivation_is_hkdf_with_the_salt_and_info_of_tsr1() {
    let inputs = DerivationInputs::fixed();
    let wallet_public = inputs.wallet.public_key();
    let server_public = inputs.server.public_key();
    let shared = inputs.shared();

    let salt = [b"tessera/v1".as_slice(), inputs.pass.as_bytes()].concat();
    let hkdf = Hkdf::<Sha256>::new(Some(&salt), shared.as_bytes());
    let expand = |label: &[u8]| {
        let info = [label, wallet_public.as_bytes(), server_public.as_bytes()].concat();
        let mut okm = [0u8; 32];
        hkdf.expand(&info, &mut okm).unwrap();
        okm
    };

    let keys = inputs.derive();
    assert_eq!(keys.code_key.as_bytes(), &expand(b"tessera/v1 code"));
    assert_eq!(
        keys.response_key.as_bytes(),
        &expand(b"tessera/v1 response")
    );
}

#[test]
fn code_key_and_response_key_differ() {
    let keys = DerivationInputs::fixed().derive();
    assert_ne!(keys.code_key.as_bytes(), keys.response_key.as_bytes());
}

#[test]
fn changing_the_pass_id_changes_both_keys() {
    let base = DerivationInputs::fixed();
    let other = DerivationInputs {
        pass: PassId::new(Uuid::from_bytes([0x34; 16])),
        ..DerivationInputs::fixed()
    };
    assert_both_keys_differ(&base.derive(), &other.derive());
}

#[test]
fn changing_the_wallet_public_key_alone_changes_both_keys() {
    // Same shared secret and pass, another W in the info: binds the keys to the claimed W.
    let inputs = DerivationInputs::fixed();
    let other_wallet_public = SecretKey::from_bytes([0x44; 32]).public_key();
    let with_other_w = PassKeys::derive(
        &inputs.shared(),
        inputs.pass,
        &other_wallet_public,
        &inputs.server.public_key(),
    );
    assert_both_keys_differ(&inputs.derive(), &with_other_w);
}

#[test]
fn changing_the_server_public_key_alone_changes_both_keys() {
    let inputs = DerivationInputs::fixed();
    let other_server_public = SecretKey::from_bytes([0x55; 32]).public_key();
    let with_other_s = PassKeys::derive(
        &inputs.shared(),
        inputs.pass,
        &inputs.wallet.public_key(),
        &other_server_public,
    );
    assert_both_keys_differ(&inputs.derive(), &with_other_s);
}

#[test]
fn swapping_wallet_and_server_public_keys_changes_both_keys() {
    // The info is ordered W ‖ S; a derivation that sorted or mixed them up would match here.
    let inputs = DerivationInputs::fixed();
    let swapped = PassKeys::derive(
        &inputs.shared(),
        inputs.pass,
        &inputs.server.public_key(),
        &inputs.wallet.public_key(),
    );
    assert_both_keys_differ(&inputs.derive(), &swapped);
}

#[test]
fn another_wallet_key_pair_changes_both_keys() {
    let base = DerivationInputs::fixed();
    let other = DerivationInputs {
        wallet: SecretKey::from_bytes([0x66; 32]),
        ..DerivationInputs::fixed()
    };
    assert_both_keys_differ(&base.derive(), &other.derive());
}

#[test]
fn another_server_key_pair_changes_both_keys() {
    let base = DerivationInputs::fixed();
    let other = DerivationInputs {
        server: SecretKey::from_bytes([0x77; 32]),
        ..DerivationInputs::fixed()
    };
    assert_both_keys_differ(&base.derive(), &other.derive());
}
