//! `X-Service-Signature: t=<unix seconds>,v1=<64 lowercase hex>`, the hex being HMAC-SHA256
//! keyed with the endpoint's signing secret over `<t>.<raw body>` (spec, "Signature").
//!
//! [`verify`] is the receiver's side: it reads the header, recomputes the MAC over the raw
//! bytes, compares in constant time (`hmac`'s `verify_slice`) and refuses a timestamp more than
//! `tolerance` seconds from `now` (the spec's five minutes: [`TOLERANCE_SECONDS`]).

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The spec's tolerance: five minutes either way.
pub const TOLERANCE_SECONDS: i64 = 300;

fn mac(secret: &[u8]) -> Hmac<Sha256> {
    // HMAC takes a key of any length; this cannot fail.
    <Hmac<Sha256> as KeyInit>::new_from_slice(secret)
        .unwrap_or_else(|_| unreachable!("HMAC accepts keys of any length"))
}

/// The header value for `body` signed at `t` (unix seconds).
pub fn sign(secret: &[u8], t: i64, body: &[u8]) -> String {
    let mut m = mac(secret);
    m.update(t.to_string().as_bytes());
    m.update(b".");
    m.update(body);
    format!("t={t},v1={}", hex::encode(m.finalize().into_bytes()))
}

/// Why a signature was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerifyError {
    /// The header is not `t=<integer>,v1=<64 hex>`.
    Malformed,
    /// The timestamp is further from now than the tolerance.
    Expired,
    /// The MAC does not match: wrong secret or altered body.
    Mismatch,
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            VerifyError::Malformed => "the signature header is not t=<unix seconds>,v1=<64 hex>",
            VerifyError::Expired => "the signature's timestamp is too far from now",
            VerifyError::Mismatch => "the signature does not match the body",
        })
    }
}

impl std::error::Error for VerifyError {}

/// Verifies `header` for `raw_body` at `now` (unix seconds).
pub fn verify(
    secret: &[u8],
    header: &str,
    raw_body: &[u8],
    now: i64,
    tolerance: i64,
) -> Result<(), VerifyError> {
    let mut t: Option<i64> = None;
    let mut v1: Vec<Vec<u8>> = Vec::new();
    for part in header.split(',') {
        let (k, v) = part.trim().split_once('=').ok_or(VerifyError::Malformed)?;
        match k {
            "t" => t = Some(v.parse().map_err(|_| VerifyError::Malformed)?),
            "v1" => {
                if v.len() != 64 || !v.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Err(VerifyError::Malformed);
                }
                v1.push(hex::decode(v).map_err(|_| VerifyError::Malformed)?);
            }
            // Other schemes are ignored, so a future v2 can be added beside v1.
            _ => {}
        }
    }
    let t = t.ok_or(VerifyError::Malformed)?;
    if v1.is_empty() {
        return Err(VerifyError::Malformed);
    }
    if (now - t).abs() > tolerance {
        return Err(VerifyError::Expired);
    }
    for candidate in v1 {
        let mut m = mac(secret);
        m.update(t.to_string().as_bytes());
        m.update(b".");
        m.update(raw_body);
        if m.verify_slice(&candidate).is_ok() {
            return Ok(());
        }
    }
    Err(VerifyError::Mismatch)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"whsec_test";
    const BODY: &[u8] = br#"{"id":"6f1c","type":"story.breaking"}"#;

    #[test]
    fn signs_and_verifies() {
        let h = sign(SECRET, 1_780_000_000, BODY);
        assert!(h.starts_with("t=1780000000,v1="));
        assert_eq!(h.len(), "t=1780000000,v1=".len() + 64);
        assert_eq!(
            verify(SECRET, &h, BODY, 1_780_000_100, TOLERANCE_SECONDS),
            Ok(())
        );
    }

    #[test]
    fn refuses_tampering_wrong_secrets_old_stamps_and_junk() {
        let h = sign(SECRET, 1_780_000_000, BODY);
        let now = 1_780_000_000;
        assert_eq!(
            verify(SECRET, &h, b"{}", now, 300),
            Err(VerifyError::Mismatch)
        );
        assert_eq!(
            verify(b"other", &h, BODY, now, 300),
            Err(VerifyError::Mismatch)
        );
        assert_eq!(
            verify(SECRET, &h, BODY, now + 301, 300),
            Err(VerifyError::Expired)
        );
        assert_eq!(
            verify(SECRET, &h, BODY, now - 301, 300),
            Err(VerifyError::Expired)
        );
        for junk in ["", "t=1", "v1=00", "t=x,v1=00", "t=1,v1=zz", "garbage"] {
            assert_eq!(
                verify(SECRET, junk, BODY, now, 300),
                Err(VerifyError::Malformed),
                "{junk}"
            );
        }
        // A second v1 (a rotated secret) is accepted when one matches.
        let other = sign(b"old", 1_780_000_000, BODY);
        let both = format!("{},{}", h, other.split(',').nth(1).unwrap());
        assert_eq!(verify(b"old", &both, BODY, now, 300), Ok(()));
    }
}
