//! Conditional reads (spec, "Conditional reads"): every read carries an `ETag`; a matching
//! `If-None-Match` answers 304 with the same `ETag` and `Cache-Control`.
//!
//! The tag is a strong validator derived from the exact response body, so two answers with
//! the same bytes share it and any change of a byte changes it.

use sha2::{Digest, Sha256};

/// `Cache-Control` of news reads: private to the key holder, revalidate after 30 seconds.
pub const CACHE_CONTROL: &str = "private, max-age=30";

/// The `ETag` of a body: a quoted hex digest of SHA-256, first 16 bytes.
pub fn etag(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    format!("\"{}\"", hex::encode(&digest[..16]))
}

/// Whether an `If-None-Match` header value matches `etag` (weak comparison, RFC 9110
/// 13.1.2: `*`, a comma-separated list, `W/` prefixes ignored).
pub fn if_none_match(header: &str, etag: &str) -> bool {
    let strip = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    let want = strip(etag);
    header
        .split(',')
        .map(str::trim)
        .any(|t| t == "*" || strip(t) == want)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_follow_the_bytes() {
        let a = etag(b"{\"data\":[]}");
        assert_eq!(a, etag(b"{\"data\":[]}"));
        assert_ne!(a, etag(b"{\"data\":[1]}"));
        assert!(a.starts_with('"') && a.ends_with('"') && a.len() == 34);
        assert!(if_none_match(&a, &a));
        assert!(if_none_match(&format!("\"x\", W/{a}"), &a));
        assert!(if_none_match("*", &a));
        assert!(!if_none_match("\"other\"", &a));
        assert!(!if_none_match("", &a));
    }
}
