//! Keyset cursors (spec, "Paging"; common parameter `cursor`).
//!
//! A cursor names the last row of a page by its sort key (never an offset), so rows published
//! during a walk neither shift nor hide others. It is opaque to clients: base64url of a
//! version byte, a small JSON payload and an HMAC-SHA256 tag keyed with a secret the caller
//! holds. The payload carries:
//!
//! - the key of the last row of the page ([`Keyset`] types below);
//! - a [`Binding`]: a hash of the endpoint and every other parameter of the request, so a
//!   cursor sent back with a changed parameter is a 400 (common parameter `cursor`).
//!
//! Decoding checks, in order: base64 and length (malformed → 400), the tag in constant time
//! (forged → 400), the payload shape (→ 400), the binding (changed parameter → 400).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use hmac::{Hmac, KeyInit, Mac};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::NewsError;
use crate::reference::Metric;

const VERSION: u8 = 1;
const TAG_LEN: usize = 32;
/// Longest cursor accepted; real ones are ~150 characters.
const MAX_CURSOR_LEN: usize = 1024;

/// The endpoints that page with a cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Endpoint {
    /// `GET /stories`.
    Stories,
    /// `GET /search`.
    Search,
    /// `GET /stories/{ckey}/members`.
    Members,
    /// `GET /threads`.
    Threads,
    /// `GET /trending`.
    Trending,
    /// `GET /blindspots`.
    Blindspots,
    /// `GET /changes`.
    Changes,
    /// `GET /export`.
    Export,
}

/// A hash of the endpoint and of every parameter of a request other than `cursor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Binding([u8; 16]);

impl Binding {
    /// Binds `fields`, the canonical (parsed, effective) values of every other parameter.
    pub fn of(endpoint: Endpoint, fields: &[(&str, String)]) -> Binding {
        let mut h = Sha256::new();
        h.update(b"lashon-news-cursor-binding\0");
        h.update(serde_json::to_vec(&(endpoint, fields)).unwrap_or_default());
        let digest = h.finalize();
        let mut out = [0u8; 16];
        out.copy_from_slice(&digest[..16]);
        Binding(out)
    }

    fn hex(&self) -> String {
        hex::encode(self.0)
    }
}

/// A sort key a cursor can carry.
pub trait Keyset: Serialize + DeserializeOwned {
    /// Name of the key kind, checked on decode.
    const KIND: &'static str;
}

/// Stories and search: `latestAt` descending, then id descending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoryKey {
    /// `latestAt` of the last story of the page.
    #[serde(with = "chrono::serde::ts_microseconds")]
    pub latest_at: DateTime<Utc>,
    /// Its id.
    pub id: i64,
}

impl Keyset for StoryKey {
    const KIND: &'static str = "story";
}

/// Members: `publishedAt` ascending, then article id ascending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberKey {
    /// `publishedAt` of the last member of the page.
    #[serde(with = "chrono::serde::ts_microseconds")]
    pub published_at: DateTime<Utc>,
    /// Its article id.
    pub article_id: i64,
}

impl Keyset for MemberKey {
    const KIND: &'static str = "member";
}

/// Threads: `newestAt` descending, then id descending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadKey {
    /// `newestAt` of the last thread of the page.
    #[serde(with = "chrono::serde::ts_microseconds")]
    pub newest_at: DateTime<Utc>,
    /// Its id.
    pub id: i64,
}

impl Keyset for ThreadKey {
    const KIND: &'static str = "thread";
}

/// Trending and blindspots: a score descending, then story id descending.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ScoreKey {
    /// The metric of a trending walk (rule 4: a cursor is valid only for its metric); `None`
    /// for blindspots, ordered by significance.
    pub metric: Option<Metric>,
    /// Bits of the score of the last item (kept as bits so the value is exact).
    pub bits: u64,
    /// Its story id.
    pub story_id: i64,
    /// Its rank (so the next page continues the numbering).
    pub rank: u32,
}

impl ScoreKey {
    /// A key for `score`.
    pub fn new(metric: Option<Metric>, score: f64, story_id: i64, rank: u32) -> Self {
        Self {
            metric,
            bits: score.to_bits(),
            story_id,
            rank,
        }
    }

    /// The score.
    pub fn score(&self) -> f64 {
        f64::from_bits(self.bits)
    }
}

impl Keyset for ScoreKey {
    const KIND: &'static str = "score";
}

/// Changes: `changedAt` ascending, then the change sequence number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeKey {
    /// `changedAt` of the last item of the page.
    #[serde(with = "chrono::serde::ts_microseconds")]
    pub changed_at: DateTime<Utc>,
    /// Its sequence number.
    pub seq: i64,
}

impl Keyset for ChangeKey {
    const KIND: &'static str = "change";
}

/// Export: story id then article id ascending, with the snapshot cutoff of the first page
/// (rule 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportKey {
    /// Story of the last record.
    pub story_id: i64,
    /// Article of the last record.
    pub article_id: i64,
    /// Insertion cutoff: records inserted after the first page are not exported.
    pub cutoff: i64,
}

impl Keyset for ExportKey {
    const KIND: &'static str = "export";
}

#[derive(Serialize, Deserialize)]
struct Payload<K> {
    k: String,
    b: String,
    p: K,
}

/// Signs and checks cursors with a secret key.
#[derive(Clone)]
pub struct CursorCodec {
    key: Vec<u8>,
}

impl std::fmt::Debug for CursorCodec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CursorCodec { key: <redacted> }")
    }
}

impl CursorCodec {
    /// A codec keyed with `key` (any length; 32 random bytes recommended). Cursors made with
    /// one key are rejected by a codec with another.
    pub fn new(key: &[u8]) -> Self {
        Self { key: key.to_vec() }
    }

    fn mac(&self) -> Hmac<Sha256> {
        // HMAC accepts keys of any length, so this cannot fail; an empty MAC of a fixed key
        // would still never verify a foreign tag.
        <Hmac<Sha256> as KeyInit>::new_from_slice(&self.key)
            .unwrap_or_else(|_| <Hmac<Sha256> as KeyInit>::new(&Default::default()))
    }

    /// Encodes the key of the last row of a page for a request with `binding`.
    pub fn encode<K: Keyset>(&self, binding: &Binding, key: &K) -> String {
        let payload = Payload {
            k: K::KIND.to_owned(),
            b: binding.hex(),
            p: key,
        };
        let mut bytes = vec![VERSION];
        bytes.extend(serde_json::to_vec(&payload).unwrap_or_default());
        let mut mac = self.mac();
        mac.update(&bytes);
        bytes.extend_from_slice(&mac.finalize().into_bytes());
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// Decodes a cursor sent back by a client; every failure is a 400 `bad_request`.
    pub fn decode<K: Keyset>(&self, cursor: &str, binding: &Binding) -> Result<K, NewsError> {
        let malformed = || NewsError::bad_request("cursor is malformed");
        if cursor.is_empty() || cursor.len() > MAX_CURSOR_LEN {
            return Err(malformed());
        }
        let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| malformed())?;
        if bytes.len() <= TAG_LEN + 1 {
            return Err(malformed());
        }
        let (body, tag) = bytes.split_at(bytes.len() - TAG_LEN);
        let mut mac = self.mac();
        mac.update(body);
        mac.verify_slice(tag).map_err(|_| {
            NewsError::bad_request("cursor is not valid: it was not issued by this service")
        })?;
        let (version, json) = body.split_first().ok_or_else(malformed)?;
        if *version != VERSION {
            return Err(malformed());
        }
        let payload: Payload<serde_json::Value> =
            serde_json::from_slice(json).map_err(|_| malformed())?;
        if payload.k != K::KIND {
            return Err(NewsError::bad_request("cursor belongs to another endpoint"));
        }
        let key: K = serde_json::from_value(payload.p).map_err(|_| malformed())?;
        if payload.b != binding.hex() {
            return Err(NewsError::bad_request(
                "cursor was issued for other parameters; send every other parameter unchanged",
            ));
        }
        Ok(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn story_key() -> StoryKey {
        StoryKey {
            latest_at: DateTime::from_timestamp(1_780_000_000, 123_456_000).unwrap(),
            id: 42,
        }
    }

    #[test]
    fn round_trip_and_rejections() {
        let codec = CursorCodec::new(b"secret one");
        let b = Binding::of(Endpoint::Stories, &[("limit", "40".into())]);
        let c = codec.encode(&b, &story_key());
        assert!(c
            .bytes()
            .all(|x| x.is_ascii_alphanumeric() || x == b'-' || x == b'_'));
        assert_eq!(codec.decode::<StoryKey>(&c, &b).unwrap(), story_key());

        // Another key: forged.
        let other = CursorCodec::new(b"secret two");
        assert!(other.decode::<StoryKey>(&c, &b).is_err());
        // Changed parameter.
        let b2 = Binding::of(Endpoint::Stories, &[("limit", "41".into())]);
        let e = codec.decode::<StoryKey>(&c, &b2).unwrap_err();
        assert!(e.message().contains("other parameters"), "{e}");
        // Same parameters, other endpoint.
        let b3 = Binding::of(Endpoint::Search, &[("limit", "40".into())]);
        assert!(codec.decode::<StoryKey>(&c, &b3).is_err());
        // Another key kind.
        assert!(codec.decode::<ThreadKey>(&c, &b).is_err());
        // Tampered bytes, truncation, garbage.
        let mut bytes = URL_SAFE_NO_PAD.decode(&c).unwrap();
        bytes[5] ^= 1;
        let tampered = URL_SAFE_NO_PAD.encode(&bytes);
        assert!(codec.decode::<StoryKey>(&tampered, &b).is_err());
        for bad in ["", "!!!", "abc", &c[..c.len() - 2], &"A".repeat(2000)] {
            let e = codec.decode::<StoryKey>(bad, &b).unwrap_err();
            assert_eq!(e.http_status(), 400);
        }
    }

    #[test]
    fn score_keys_keep_exact_values() {
        let codec = CursorCodec::new(b"k");
        let b = Binding::of(Endpoint::Trending, &[]);
        let v = 0.1 + 0.2;
        let key = ScoreKey::new(Some(Metric::Heat), v, 7, 3);
        let back: ScoreKey = codec.decode(&codec.encode(&b, &key), &b).unwrap();
        assert_eq!(back.score().to_bits(), v.to_bits());
        assert_eq!(back.metric, Some(Metric::Heat));
    }
}
