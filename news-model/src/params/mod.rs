//! Query parameters: the spec's common-parameter table and endpoint rules 1–12.
//!
//! Parameters arrive as a list of `(name, value)` string pairs, so any transport (a URL query,
//! a Python call, a test table) can feed them. Each endpoint has a params type with a `parse`
//! function that applies the rules: clamps out-of-range values the spec clamps (the effective
//! value is echoed in the answer), and answers 400 where the spec says so.
//!
//! Decisions where the spec is silent (documented here once):
//! - a parameter that is not repeatable and is given twice is a 400;
//! - integers are plain ASCII digits; a leading `-` is "negative", anything else ("1.5", "+2",
//!   "", "ten") is "non-integer"; digits too large for 64 bits are simply "above the maximum";
//! - `limit`, `days` and `minNodes` of 0 are below their range of "1 to N" and give 400 (only
//!   `window` is said to be raised);
//! - `topic` and `source` values that name no desk or newsroom are kept and match nothing;
//! - parameters an endpoint does not know are ignored, except `q` on stories (rule 1).

mod export;
mod query;
mod registry;
mod signals;
mod stories;
mod value;

pub use export::{ExportFormat, ExportParams, EXPORT_MAX_DAYS, EXPORT_PAGE};
pub use query::Query;
pub use registry::{parse_id, parse_key, ActivityParams, LangParams, TopicsParams};
pub use signals::{
    BlindspotsParams, ChangesParams, TrendingParams, CHANGES_FLOOR_DAYS, DEFAULT_WINDOW,
    MAX_WINDOW, MIN_WINDOW,
};
pub use stories::{
    MembersParams, SearchParams, StoriesParams, StoryFilter, ThreadParams, ThreadsParams,
    DEFAULT_LIMIT, MAX_LIMIT, MAX_SINCE_DAYS,
};
pub use value::{parse_uint, UintError};
