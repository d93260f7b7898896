//! The news model of lashon: the pure part of the news service (`/api/v1`).
//!
//! Everything an adapter needs below HTTP and SQL, free of I/O so it can be tested on scripted
//! timelines and shared by every transport:
//!
//! - [`types`]: the response shapes with the spec's exact camelCase fields (story, story
//!   detail, members, threads, trending and blindspot items, changes, newsrooms, activity,
//!   topics, people, brief) and the [`ListEnvelope`] with its per-endpoint extras;
//! - [`reference`](mod@reference): sides (`centre`), lean (`center`), desks, states, metrics, [`Lang`];
//! - [`localized`]: English/Hebrew text with field-by-field fallback;
//! - [`record`]: the stored forms and how they render in a language;
//! - [`params`]: the common-parameter table and endpoint rules 1–12, reading `(name, value)`
//!   pairs from any transport;
//! - [`cursor`]: opaque keyset cursors signed with HMAC-SHA256 and bound to the other
//!   parameters;
//! - [`error`]: [`NewsError`], its HTTP status and the `{error:{code,message}}` envelope;
//! - [`export`]: the export record and streaming CSV / JSON-lines writers;
//! - [`etag`]: `ETag` and `If-None-Match`;
//! - [`search`]: Hebrew-aware normalization of search text;
//! - [`clock`]: the caller's clock and Jerusalem calendar days.
//!
//! The service that runs the endpoints over a store is `lashon_core::news`.
//!
//! ```
//! use lashon_news::params::{Query, StoriesParams, TrendingParams};
//! use lashon_news::cursor::{CursorCodec, StoryKey};
//! use lashon_news::Metric;
//!
//! // limit above 100 is clamped (and echoed by the service as `limit`).
//! let q = Query::new([("limit", "500"), ("topic", "economy"), ("topic", "tech")]);
//! let p = StoriesParams::parse(&q).unwrap();
//! assert_eq!(p.limit, 100);
//! assert_eq!(p.filter.topics, ["economy", "tech"]);
//!
//! // Rule 1: q belongs on /search.
//! let err = StoriesParams::parse(&Query::new([("q", "budget")])).unwrap_err();
//! assert_eq!(err.http_status(), 400);
//!
//! // Rule 4: an unknown metric is a 400, a short window is raised to 15 minutes.
//! assert!(TrendingParams::parse(&Query::new([("metric", "clicks")])).is_err());
//! let t = TrendingParams::parse(&Query::new([("window", "5")])).unwrap();
//! assert_eq!((t.metric, t.window_minutes), (Metric::Acceleration, 15));
//!
//! // A cursor sent back with another parameter changed is a 400.
//! let codec = CursorCodec::new(b"server secret");
//! let key = StoryKey { latest_at: chrono::DateTime::UNIX_EPOCH, id: 7 };
//! let cursor = codec.encode(&p.binding(), &key);
//! assert_eq!(codec.decode::<StoryKey>(&cursor, &p.binding()).unwrap(), key);
//! let other = StoriesParams::parse(&Query::new([("limit", "20")])).unwrap();
//! assert!(codec.decode::<StoryKey>(&cursor, &other.binding()).is_err());
//! ```

pub mod behaviour;
pub mod brief;
pub mod clock;
pub mod cluster;
pub mod cursor;
pub mod error;
pub mod etag;
pub mod export;
pub mod localized;
pub mod metrics;
pub mod params;
pub mod people;
pub mod record;
pub mod reference;
pub mod search;
pub mod state;
pub mod threads;
pub mod topics;
pub mod types;
pub mod webhook;

pub use clock::{Clock, FixedClock};
pub use error::{NewsError, NewsErrorCode, NewsErrorEnvelope};
pub use localized::Localized;
pub use reference::{Lang, Lean, Metric, Side, StoryState, Topic};
pub use types::ListEnvelope;
