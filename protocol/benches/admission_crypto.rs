//! The cryptography the server does per admission, measured so the "cache derived keys?"
//! decision rests on numbers (see docs/performance.md).
//!
//! Per admission the server derives the pass keys twice (once for the scan, once for the
//! response: X25519 + two HKDF expansions), checks one OTP (one HMAC) and one response MAC
//! (one HMAC). Run with `cargo bench -p tessera-protocol`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tessera_protocol::{Nonce, PassId, PassKeys, SecretKey, WalletChallenge};

fn admission_crypto(c: &mut Criterion) {
    let server = SecretKey::from_bytes([0x65; 32]);
    let wallet = SecretKey::from_bytes([0x01; 32]);
    let wallet_public = wallet.public_key();
    let pass = PassId::new(uuid::Uuid::from_bytes([7; 16]));
    let keys = PassKeys::for_server(&server, &wallet_public, pass).expect("valid keys");
    let code = keys.code_key.code_at(pass, 1_764_441_600, 15);
    let challenge = WalletChallenge {
        pass,
        nonce: Nonce::from_bytes([0xA0; 32]),
    };
    let response = keys.response_key.respond(&challenge);

    c.bench_function("derive pass keys (X25519 + HKDF)", |b| {
        b.iter(|| PassKeys::for_server(black_box(&server), black_box(&wallet_public), pass))
    });
    c.bench_function("verify rotating code OTP", |b| {
        b.iter(|| keys.code_key.verify_otp(black_box(&code)))
    });
    c.bench_function("verify response MAC", |b| {
        b.iter(|| {
            keys.response_key
                .verify(pass, black_box(&challenge.nonce), black_box(&response))
        })
    });
    c.bench_function("parse rotating code", |b| {
        let text = code.to_string();
        b.iter(|| black_box(&text).parse::<tessera_protocol::RotatingCode>())
    });
}

criterion_group!(benches, admission_crypto);
criterion_main!(benches);
