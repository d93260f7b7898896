//! Parameters of stories, search, members and threads (common table; rules 1, 2, 3, 9).

use crate::cursor::{Binding, Endpoint};
use crate::error::NewsError;
use crate::params::query::Query;
use crate::params::value::Range;
use crate::reference::{Lang, Lean, Side, StoryState};

/// Largest page of a list (common parameter `limit`).
pub const MAX_LIMIT: u32 = 100;
/// Default page of a list.
pub const DEFAULT_LIMIT: u32 = 40;
/// Largest `since` in days.
pub const MAX_SINCE_DAYS: u32 = 30;
/// Shortest and longest search text, in characters (rule 9).
const Q_MIN: usize = 2;
const Q_MAX: usize = 120;

/// `limit`: 1 to `max`, default `default`; non-integer or negative 400, above `max` clamped.
pub(crate) fn read_limit(q: &Query, max: u32, default: u32) -> Result<u32, NewsError> {
    Range {
        min: 1,
        max: u64::from(max),
        raise_low: false,
        clamp_high: true,
    }
    .read("limit", q.single("limit")?, u64::from(default))
}

/// `lang`: `he`/`iw` are Hebrew, anything else English.
pub(crate) fn read_lang(q: &Query) -> Result<Lang, NewsError> {
    Ok(Lang::from_param(q.single("lang")?))
}

/// `cursor`, kept opaque until the service checks it against the binding.
pub(crate) fn read_cursor(q: &Query) -> Result<Option<String>, NewsError> {
    Ok(q.single("cursor")?.map(str::to_owned))
}

/// The story filters shared by stories and search (common table).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoryFilter {
    /// `state`: one cluster state; unknown values are ignored, so this is `None` for them.
    pub state: Option<StoryState>,
    /// `topic`, repeatable: OR-ed within, AND-ed with the other filters.
    pub topics: Vec<String>,
    /// `source`, repeatable: OR-ed within, AND-ed with the other filters.
    pub sources: Vec<String>,
    /// `since`: calendar days back in Jerusalem time, today included; 0 to 30, clamped.
    pub since_days: Option<u32>,
}

impl StoryFilter {
    fn parse(q: &Query) -> Result<Self, NewsError> {
        // Common table: "one cluster state; unknown values are ignored".
        let state = q.single("state")?.and_then(StoryState::parse);
        let since_days = match q.single("since")? {
            None => None,
            Some(v) => Some(
                Range {
                    min: 0,
                    max: u64::from(MAX_SINCE_DAYS),
                    raise_low: false,
                    clamp_high: true,
                }
                .read("since", Some(v), 0)?,
            ),
        };
        Ok(Self {
            state,
            topics: distinct_sorted(q.all("topic")),
            sources: distinct_sorted(q.all("source")),
            since_days,
        })
    }

    fn bind(&self, fields: &mut Vec<(&'static str, String)>) {
        fields.push((
            "state",
            self.state
                .map(|s| s.as_str().to_owned())
                .unwrap_or_default(),
        ));
        fields.push(("topic", self.topics.join("\n")));
        fields.push(("source", self.sources.join("\n")));
        fields.push((
            "since",
            self.since_days.map(|d| d.to_string()).unwrap_or_default(),
        ));
    }
}

/// OR-ed values are a set: order and repetition do not change the answer or the binding.
fn distinct_sorted(values: Vec<&str>) -> Vec<String> {
    let mut v: Vec<String> = values.into_iter().map(str::to_owned).collect();
    v.sort();
    v.dedup();
    v
}

/// `GET /stories`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoriesParams {
    /// Output language.
    pub lang: Lang,
    /// Filters.
    pub filter: StoryFilter,
    /// Effective page size.
    pub limit: u32,
    /// Cursor as sent.
    pub cursor: Option<String>,
}

impl StoriesParams {
    /// Applies the common table and rule 1.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        // Rule 1: search belongs on the search endpoint only.
        if q.has("q") {
            return Err(NewsError::bad_request(
                "q is not accepted on /stories; use /search",
            ));
        }
        Ok(Self {
            lang: read_lang(q)?,
            filter: StoryFilter::parse(q)?,
            limit: read_limit(q, MAX_LIMIT, DEFAULT_LIMIT)?,
            cursor: read_cursor(q)?,
        })
    }

    /// Binding of every parameter but the cursor.
    pub fn binding(&self) -> Binding {
        let mut f = vec![("lang", self.lang.as_str().to_owned())];
        self.filter.bind(&mut f);
        f.push(("limit", self.limit.to_string()));
        Binding::of(Endpoint::Stories, &f)
    }
}

/// `GET /search`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchParams {
    /// The search text, trimmed; 2 to 120 characters (rule 9).
    pub q: String,
    /// Output language.
    pub lang: Lang,
    /// Filters.
    pub filter: StoryFilter,
    /// Effective page size.
    pub limit: u32,
    /// Cursor as sent.
    pub cursor: Option<String>,
}

impl SearchParams {
    /// Applies the common table and rule 9.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let text = q
            .single("q")?
            .ok_or_else(|| NewsError::bad_request("q is required"))?
            .trim();
        // Rule 9: 2 to 120 characters (Unicode scalar values, after trimming).
        let n = text.chars().count();
        if !(Q_MIN..=Q_MAX).contains(&n) {
            return Err(NewsError::bad_request(format!(
                "q must be {Q_MIN} to {Q_MAX} characters, got {n}"
            )));
        }
        Ok(Self {
            q: text.to_owned(),
            lang: read_lang(q)?,
            filter: StoryFilter::parse(q)?,
            limit: read_limit(q, MAX_LIMIT, DEFAULT_LIMIT)?,
            cursor: read_cursor(q)?,
        })
    }

    /// Binding of every parameter but the cursor.
    pub fn binding(&self) -> Binding {
        let mut f = vec![
            ("q", self.q.clone()),
            ("lang", self.lang.as_str().to_owned()),
        ];
        self.filter.bind(&mut f);
        f.push(("limit", self.limit.to_string()));
        Binding::of(Endpoint::Search, &f)
    }
}

/// `GET /stories/{ckey}/members` (rule 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MembersParams {
    /// Output language.
    pub lang: Lang,
    /// Only members of newsrooms of this side.
    pub side: Option<Side>,
    /// Only members of newsrooms of this lean.
    pub lean: Option<Lean>,
    /// Effective page size.
    pub limit: u32,
    /// Cursor as sent.
    pub cursor: Option<String>,
}

impl MembersParams {
    /// Applies rule 2: unknown `side` or `lean` is a 400.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let side = match q.single("side")? {
            None => None,
            Some(v) => Some(Side::parse(v).ok_or_else(|| unknown("side", v, Side::ALL))?),
        };
        let lean = match q.single("lean")? {
            None => None,
            Some(v) => Some(Lean::parse(v).ok_or_else(|| unknown("lean", v, Lean::ALL))?),
        };
        Ok(Self {
            lang: read_lang(q)?,
            side,
            lean,
            limit: read_limit(q, MAX_LIMIT, DEFAULT_LIMIT)?,
            cursor: read_cursor(q)?,
        })
    }

    /// Binding of every parameter but the cursor; the story id is part of it.
    pub fn binding(&self, story_id: i64) -> Binding {
        let f = vec![
            ("ckey", story_id.to_string()),
            ("lang", self.lang.as_str().to_owned()),
            (
                "side",
                self.side.map(|s| s.as_str()).unwrap_or("").to_owned(),
            ),
            (
                "lean",
                self.lean.map(|s| s.as_str()).unwrap_or("").to_owned(),
            ),
            ("limit", self.limit.to_string()),
        ];
        Binding::of(Endpoint::Members, &f)
    }
}

/// A 400 naming the accepted values.
pub(crate) fn unknown<T: std::fmt::Display>(name: &str, value: &str, all: &[T]) -> NewsError {
    let names: Vec<String> = all.iter().map(ToString::to_string).collect();
    NewsError::bad_request(format!(
        "unknown {name} {value:?}; expected one of {}",
        names.join(", ")
    ))
}

/// `GET /threads` (rule 3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadsParams {
    /// Output language.
    pub lang: Lang,
    /// Fewest instalments a thread needs: 1 to 50, default 2.
    pub min_nodes: u32,
    /// Effective page size.
    pub limit: u32,
    /// Cursor as sent.
    pub cursor: Option<String>,
}

impl ThreadsParams {
    /// Applies rule 3; `minNodes` outside 1 to 50 is a 400 (the spec clamps only the values it
    /// names).
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let min_nodes = Range {
            min: 1,
            max: 50,
            raise_low: false,
            clamp_high: false,
        }
        .read("minNodes", q.single("minNodes")?, 2)?;
        Ok(Self {
            lang: read_lang(q)?,
            min_nodes,
            limit: read_limit(q, MAX_LIMIT, DEFAULT_LIMIT)?,
            cursor: read_cursor(q)?,
        })
    }

    /// Binding of every parameter but the cursor.
    pub fn binding(&self) -> Binding {
        let f = vec![
            ("lang", self.lang.as_str().to_owned()),
            ("minNodes", self.min_nodes.to_string()),
            ("limit", self.limit.to_string()),
        ];
        Binding::of(Endpoint::Threads, &f)
    }
}

/// `GET /threads/{id}` (rule 3: the whole arc bounded by `limit`, not paged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThreadParams {
    /// Output language.
    pub lang: Lang,
    /// Most instalments returned: 1 to 100, default 40, clamped above.
    pub limit: u32,
}

impl ThreadParams {
    /// Applies rule 3.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        Ok(Self {
            lang: read_lang(q)?,
            limit: read_limit(q, MAX_LIMIT, DEFAULT_LIMIT)?,
        })
    }
}
