//! The news service (`/api/v1`): one function per endpoint, each taking the parsed
//! parameters (from [`lashon_news::params`]) and a [`NewsContext`] (the store as a
//! [`NewsRepository`] trait object, the clock, the cursor codec), and returning the typed
//! response or a [`NewsError`] that maps to the spec's status and `{error:{code,message}}`.
//!
//! An adapter's handler is then: parse the path segment and the query pairs, call the
//! function, serialize, add the `ETag` ([`lashon_news::etag`]). Authentication, scopes and
//! limits are the account layer's ([`crate::account`]).
//!
//! | Endpoint | Params | Function |
//! |---|---|---|
//! | `GET /stories` | [`StoriesParams`](lashon_news::params::StoriesParams) | [`list_stories`] |
//! | `GET /stories/{ckey}` | [`LangParams`](lashon_news::params::LangParams) | [`story_detail`] |
//! | `GET /stories/{ckey}/members` | [`MembersParams`](lashon_news::params::MembersParams) | [`story_members`] |
//! | `GET /threads` | [`ThreadsParams`](lashon_news::params::ThreadsParams) | [`list_threads`] |
//! | `GET /threads/{id}` | [`ThreadParams`](lashon_news::params::ThreadParams) | [`thread_detail`] |
//! | `GET /trending` | [`TrendingParams`](lashon_news::params::TrendingParams) | [`trending`] |
//! | `GET /blindspots` | [`BlindspotsParams`](lashon_news::params::BlindspotsParams) | [`blindspots`] |
//! | `GET /sources` | `LangParams` | [`list_sources`] |
//! | `GET /sources/{key}` | none | [`source`] |
//! | `GET /sources/{key}/activity` | [`ActivityParams`](lashon_news::params::ActivityParams) | [`source_activity`] |
//! | `GET /topics` | [`TopicsParams`](lashon_news::params::TopicsParams) | [`list_topics`] |
//! | `GET /changes` | [`ChangesParams`](lashon_news::params::ChangesParams) | [`changes`] |
//! | `GET /search` | [`SearchParams`](lashon_news::params::SearchParams) | [`search`] |
//! | `GET /people` | `LangParams` | [`list_people`] |
//! | `GET /people/{id}` | `LangParams` | [`person_detail`] |
//! | `GET /brief` | `LangParams` | [`brief`] |
//! | `GET /export` | [`ExportParams`](lashon_news::params::ExportParams) | [`export_page`] |
//!
//! ```
//! use chrono::{DateTime, Utc};
//! use lashon_core::news::{list_stories, scripted_corpus, story_detail, NewsContext};
//! use lashon_news::cursor::CursorCodec;
//! use lashon_news::params::{LangParams, Query, StoriesParams};
//! use lashon_news::{FixedClock, Lang};
//!
//! let now: DateTime<Utc> = "2026-03-10T09:00:00Z".parse().unwrap();
//! let repo = scripted_corpus(now).unwrap();
//! let clock = FixedClock(now);
//! let codec = CursorCodec::new(b"a secret of the deployment");
//! let ctx = NewsContext::new(&repo, &clock, &codec);
//!
//! let q = Query::new([("lang", "he"), ("topic", "politics"), ("limit", "2")]);
//! let page = list_stories(&ctx, &StoriesParams::parse(&q).unwrap()).unwrap();
//! assert_eq!(page.data.len(), 2);
//! assert_eq!(page.data[0].lang, Lang::He);
//! assert!(page.next_cursor.is_some());
//!
//! let missing = story_detail(&ctx, "999", &LangParams { lang: Lang::En }).unwrap_err();
//! assert_eq!(missing.http_status(), 404);
//! let bad = story_detail(&ctx, "abc", &LangParams { lang: Lang::En }).unwrap_err();
//! assert_eq!(bad.http_status(), 400);
//! ```

mod context;
mod corpus;
pub mod endpoints;
mod export;
pub mod ingest;
mod memory;
mod registry;
mod repository;
mod signals;
mod stories;
mod threads;
pub mod write;

pub use context::NewsContext;
pub use corpus::scripted_corpus;
pub use export::{export_page, ExportPage};
pub use memory::{MemoryNewsRepository, NewStory};
pub use registry::{
    brief, list_people, list_sources, list_topics, person_detail, source, source_activity,
};
pub use repository::{
    ExportQuery, NewsRepository, RepoError, SignalOrder, SignalQuery, StoryQuery,
};
pub use signals::{blindspots, changes, trending};
pub use stories::{list_stories, search, story_detail, story_members};
pub use threads::{list_threads, thread_detail};
pub use write::{write_news, NewsStore, NewsWrite};

pub use lashon_news::{NewsError, NewsErrorCode};
