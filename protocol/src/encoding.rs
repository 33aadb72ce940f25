//! The byte-to-text encodings of TSR1 §2, strict in both directions.
//!
//! Codes travel through QR alphanumeric mode and barcode scanners, so they use upper-case
//! base32 without padding; public keys in JSON use unpadded base64url. Decoding accepts only
//! the canonical form of exactly the stated length: a lower-case or non-zero-tail variant of
//! a valid value would otherwise be a second spelling of the same pass or nonce, which breaks
//! "one code, one key" bookkeeping on the server.

use data_encoding::{BASE32_NOPAD, BASE64URL_NOPAD};

/// Encodes bytes as upper-case RFC 4648 base32 without padding.
pub fn base32(bytes: &[u8]) -> String {
    BASE32_NOPAD.encode(bytes)
}

/// Decodes exactly `N` bytes from canonical upper-case unpadded base32, or `None`.
pub fn base32_exact<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != BASE32_NOPAD.encode_len(N) {
        return None;
    }
    let mut out = [0u8; N];
    // data-encoding rejects lower case and non-zero trailing bits, so a success is canonical.
    let written = BASE32_NOPAD.decode_mut(text.as_bytes(), &mut out).ok()?;
    (written == N).then_some(out)
}

/// Encodes bytes as unpadded base64url.
pub fn base64url(bytes: &[u8]) -> String {
    BASE64URL_NOPAD.encode(bytes)
}

/// Decodes exactly `N` bytes from canonical unpadded base64url, or `None`.
pub fn base64url_exact<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != BASE64URL_NOPAD.encode_len(N) {
        return None;
    }
    let mut out = [0u8; N];
    let written = BASE64URL_NOPAD.decode_mut(text.as_bytes(), &mut out).ok()?;
    (written == N).then_some(out)
}

/// Decodes unpadded base64url of any length (claim tokens), or `None`.
pub fn base64url_any(text: &str) -> Option<Vec<u8>> {
    BASE64URL_NOPAD.decode(text.as_bytes()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base32_rejects_lower_case_and_wrong_length() {
        let text = base32(&[0xAB; 16]);
        assert_eq!(base32_exact::<16>(&text), Some([0xAB; 16]));
        assert_eq!(base32_exact::<16>(&text.to_lowercase()), None);
        assert_eq!(base32_exact::<16>(&text[1..]), None);
        assert_eq!(base32_exact::<16>(&format!("{text}A")), None);
    }

    #[test]
    fn base32_rejects_non_canonical_tail_bits() {
        // 16 bytes use 128 of the 130 bits of 26 characters; the last character's low two
        // bits must be zero. "A" is 0b00000, "B" is 0b00001.
        let mut text = base32(&[0u8; 16]);
        text.replace_range(25..26, "B");
        assert_eq!(base32_exact::<16>(&text), None);
    }

    #[test]
    fn base64url_round_trips_and_rejects_padding() {
        let text = base64url(&[7u8; 32]);
        assert_eq!(text.len(), 43);
        assert_eq!(base64url_exact::<32>(&text), Some([7u8; 32]));
        assert_eq!(base64url_exact::<32>(&format!("{text}=")), None);
    }
}
