//! API keys: `lsk_live_…` (production) and `lsk_test_…` (sandbox).
//!
//! A key is the prefix and 40 base62 characters. Its first 12 random characters are its
//! public id (shown by `lashon keys list`, used to find its record); the whole key is stored
//! only as a SHA-256 hash and compared to the presented key's hash in constant time.

use std::fmt;

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

const LIVE_PREFIX: &str = "lsk_live_";
const TEST_PREFIX: &str = "lsk_test_";
const RANDOM_LEN: usize = 40;
const ID_LEN: usize = 12;
const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Production or sandbox. Sandbox keys never call a model and are counted apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyKind {
    Live,
    Sandbox,
}

impl KeyKind {
    pub fn prefix(self) -> &'static str {
        match self {
            KeyKind::Live => LIVE_PREFIX,
            KeyKind::Sandbox => TEST_PREFIX,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            KeyKind::Live => "live",
            KeyKind::Sandbox => "sandbox",
        }
    }
}

/// The public id of a key: its first 12 random characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeyId(pub String);

impl fmt::Display for KeyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The SHA-256 of a key, lower-case hex: what the store keeps.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct KeyHash(pub String);

impl KeyHash {
    fn of(secret: &str) -> KeyHash {
        let digest = Sha256::digest(secret.as_bytes());
        KeyHash(hex::encode(digest))
    }

    /// Constant-time equality, so the time taken tells nothing about how much matched.
    pub fn matches(&self, other: &KeyHash) -> bool {
        self.0.as_bytes().ct_eq(other.0.as_bytes()).into()
    }
}

impl fmt::Debug for KeyHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("KeyHash(…)")
    }
}

/// A complete key, as shown once at creation or presented in `Authorization`.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey {
    secret: String,
    kind: KeyKind,
}

/// Why a presented string is not a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseKeyError {
    /// No `Authorization` header.
    Missing,
    /// Not `Bearer <key>`, or the key is not `lsk_live_`/`lsk_test_` and 40 base62 characters.
    Malformed,
}

impl fmt::Display for ParseKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseKeyError::Missing => {
                f.write_str("missing API key: send Authorization: Bearer <key>")
            }
            ParseKeyError::Malformed => f.write_str(
                "malformed API key: expected Authorization: Bearer lsk_live_… or lsk_test_…",
            ),
        }
    }
}

impl std::error::Error for ParseKeyError {}

impl ApiKey {
    /// A new key of `kind` from random bytes (at least 64 bytes of a CSPRNG: base62 characters
    /// are drawn by rejection, so some bytes are skipped).
    pub fn generate(kind: KeyKind, random: &[u8; 64]) -> ApiKey {
        let mut secret = String::with_capacity(kind.prefix().len() + RANDOM_LEN);
        secret.push_str(kind.prefix());
        let mut accepted = random.iter().filter(|&&b| b < 248).map(|&b| b % 62);
        let mut fallback = random.iter().map(|&b| b % 62);
        for _ in 0..RANDOM_LEN {
            // Rejection keeps the draw uniform; the fallback only runs if more than 24 of 64
            // bytes were rejected, which a CSPRNG does about once in 10^18 keys.
            let index = accepted.next().or_else(|| fallback.next()).unwrap_or(0);
            secret.push(BASE62[usize::from(index)] as char);
        }
        ApiKey { secret, kind }
    }

    /// Parses an `Authorization` header value (`Bearer <key>`).
    pub fn from_authorization(header: Option<&str>) -> Result<ApiKey, ParseKeyError> {
        let header = header.ok_or(ParseKeyError::Missing)?.trim();
        let (scheme, token) = header.split_once(' ').ok_or(ParseKeyError::Malformed)?;
        if !scheme.eq_ignore_ascii_case("bearer") {
            return Err(ParseKeyError::Malformed);
        }
        ApiKey::parse(token.trim())
    }

    /// Parses a bare key.
    pub fn parse(token: &str) -> Result<ApiKey, ParseKeyError> {
        let (kind, random) = if let Some(rest) = token.strip_prefix(LIVE_PREFIX) {
            (KeyKind::Live, rest)
        } else if let Some(rest) = token.strip_prefix(TEST_PREFIX) {
            (KeyKind::Sandbox, rest)
        } else {
            return Err(ParseKeyError::Malformed);
        };
        if random.len() != RANDOM_LEN || !random.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ParseKeyError::Malformed);
        }
        Ok(ApiKey {
            secret: token.to_string(),
            kind,
        })
    }

    /// The key itself. Show it once; never log or store it.
    pub fn secret(&self) -> &str {
        &self.secret
    }

    pub fn kind(&self) -> KeyKind {
        self.kind
    }

    pub fn id(&self) -> KeyId {
        let start = self.kind.prefix().len();
        KeyId(self.secret[start..start + ID_LEN].to_string())
    }

    pub fn hash(&self) -> KeyHash {
        KeyHash::of(&self.secret)
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never print the secret part.
        write!(f, "ApiKey({}{}…)", self.kind.prefix(), self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_parse_back() {
        let mut random = [0u8; 64];
        for (i, b) in random.iter_mut().enumerate() {
            *b = (i * 37 % 256) as u8;
        }
        let key = ApiKey::generate(KeyKind::Sandbox, &random);
        assert!(key.secret().starts_with("lsk_test_"));
        assert_eq!(key.secret().len(), 9 + 40);
        let parsed = ApiKey::from_authorization(Some(&format!("Bearer {}", key.secret()))).unwrap();
        assert_eq!(parsed, key);
        assert_eq!(parsed.id(), key.id());
        assert!(parsed.hash().matches(&key.hash()));
        assert!(!format!("{key:?}").contains(&key.secret()[21..]));
    }

    #[test]
    fn malformed_headers() {
        assert_eq!(
            ApiKey::from_authorization(None),
            Err(ParseKeyError::Missing)
        );
        for bad in [
            "",
            "Bearer",
            "Basic abc",
            "Bearer lsk_live_short",
            "Bearer sk_live_0123456789012345678901234567890123456789",
            "Bearer lsk_live_01234567890123456789012345678901234567-9",
        ] {
            assert_eq!(
                ApiKey::from_authorization(Some(bad)),
                Err(ParseKeyError::Malformed),
                "{bad}"
            );
        }
        let ok = "bearer lsk_live_0123456789012345678901234567890123456789";
        assert_eq!(
            ApiKey::from_authorization(Some(ok)).unwrap().kind(),
            KeyKind::Live
        );
    }

    #[test]
    fn hashes_differ_per_key() {
        let a = ApiKey::generate(KeyKind::Live, &[1; 64]);
        let b = ApiKey::generate(KeyKind::Live, &[2; 64]);
        assert!(!a.hash().matches(&b.hash()));
        assert_eq!(a.hash().0.len(), 64);
    }
}
