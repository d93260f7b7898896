//! Parameters of trending, blindspots and changes (rules 4, 5, 8).

use chrono::{DateTime, Duration, Utc};

use crate::cursor::{Binding, Endpoint};
use crate::error::NewsError;
use crate::params::query::Query;
use crate::params::stories::{
    read_cursor, read_lang, read_limit, unknown, DEFAULT_LIMIT, MAX_LIMIT,
};
use crate::params::value::Range;
use crate::reference::{Lang, Metric, Side, StoryState};

/// Shortest window in minutes (rule 4: lower values are raised to it).
pub const MIN_WINDOW: u32 = 15;
/// Longest window in minutes (rule 4: higher values are clamped to it).
pub const MAX_WINDOW: u32 = 10_080;
/// Default window in minutes (DESIGN.md).
pub const DEFAULT_WINDOW: u32 = 360;
/// Oldest `since` of the change feed, in days (rule 8).
pub const CHANGES_FLOOR_DAYS: i64 = 7;
const CHANGES_MAX_LIMIT: u32 = 500;
const CHANGES_DEFAULT_LIMIT: u32 = 100;

/// Rule 4: `window` is minutes, below 15 raised, above 10080 clamped, non-integer or negative
/// a 400.
fn read_window(q: &Query) -> Result<u32, NewsError> {
    Range {
        min: u64::from(MIN_WINDOW),
        max: u64::from(MAX_WINDOW),
        raise_low: true,
        clamp_high: true,
    }
    .read("window", q.single("window")?, u64::from(DEFAULT_WINDOW))
}

/// `GET /trending` (rule 4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrendingParams {
    /// Output language.
    pub lang: Lang,
    /// Signal ordering the page; unknown is a 400; default `acceleration`.
    pub metric: Metric,
    /// Effective window in minutes.
    pub window_minutes: u32,
    /// Effective page size.
    pub limit: u32,
    /// Cursor as sent.
    pub cursor: Option<String>,
}

impl TrendingParams {
    /// Applies rule 4.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let metric = match q.single("metric")? {
            None => Metric::DEFAULT,
            Some(v) => Metric::parse(v).ok_or_else(|| unknown("metric", v, Metric::ALL))?,
        };
        Ok(Self {
            lang: read_lang(q)?,
            metric,
            window_minutes: read_window(q)?,
            limit: read_limit(q, MAX_LIMIT, DEFAULT_LIMIT)?,
            cursor: read_cursor(q)?,
        })
    }

    /// Binding of every parameter but the cursor.
    pub fn binding(&self) -> Binding {
        let f = vec![
            ("lang", self.lang.as_str().to_owned()),
            ("metric", self.metric.as_str().to_owned()),
            ("window", self.window_minutes.to_string()),
            ("limit", self.limit.to_string()),
        ];
        Binding::of(Endpoint::Trending, &f)
    }
}

/// `GET /blindspots` (rule 5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlindspotsParams {
    /// Output language.
    pub lang: Lang,
    /// Effective states: the ones given, or both when none is.
    pub states: Vec<StoryState>,
    /// Only stories this camp did not run.
    pub side: Option<Side>,
    /// Effective window in minutes.
    pub window_minutes: u32,
    /// Effective page size.
    pub limit: u32,
    /// Cursor as sent.
    pub cursor: Option<String>,
}

impl BlindspotsParams {
    /// Applies rule 5: `state` repeatable, only `blindspot`/`undercovered`, unknown a 400;
    /// `side` unknown a 400.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let mut states = Vec::new();
        for v in q.all("state") {
            let s = StoryState::parse(v)
                .filter(|s| StoryState::BLINDSPOT_STATES.contains(s))
                .ok_or_else(|| unknown("state", v, StoryState::BLINDSPOT_STATES))?;
            if !states.contains(&s) {
                states.push(s);
            }
        }
        if states.is_empty() {
            states = StoryState::BLINDSPOT_STATES.to_vec();
        }
        states.sort();
        let side = match q.single("side")? {
            None => None,
            Some(v) => Some(Side::parse(v).ok_or_else(|| unknown("side", v, Side::ALL))?),
        };
        Ok(Self {
            lang: read_lang(q)?,
            states,
            side,
            window_minutes: read_window(q)?,
            limit: read_limit(q, MAX_LIMIT, DEFAULT_LIMIT)?,
            cursor: read_cursor(q)?,
        })
    }

    /// Binding of every parameter but the cursor.
    pub fn binding(&self) -> Binding {
        let states: Vec<&str> = self.states.iter().map(|s| s.as_str()).collect();
        let f = vec![
            ("lang", self.lang.as_str().to_owned()),
            ("state", states.join("\n")),
            (
                "side",
                self.side.map(|s| s.as_str()).unwrap_or("").to_owned(),
            ),
            ("window", self.window_minutes.to_string()),
            ("limit", self.limit.to_string()),
        ];
        Binding::of(Endpoint::Blindspots, &f)
    }
}

/// `GET /changes` (rule 8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangesParams {
    /// Output language.
    pub lang: Lang,
    /// `since` as sent (an ISO 8601 instant); see [`ChangesParams::effective_since`].
    pub since: DateTime<Utc>,
    /// Effective page size: 1 to 500, default 100, clamped above.
    pub limit: u32,
    /// Cursor as sent.
    pub cursor: Option<String>,
}

impl ChangesParams {
    /// Applies rule 8: `since` required and an ISO 8601 instant (RFC 3339 with offset);
    /// `limit` above 500 clamped.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let raw = q
            .single("since")?
            .ok_or_else(|| NewsError::bad_request("since is required"))?;
        let since = DateTime::parse_from_rfc3339(raw.trim())
            .map_err(|_| {
                NewsError::bad_request(format!(
                    "since must be an ISO 8601 instant such as 2026-01-31T08:00:00Z, got {raw:?}"
                ))
            })?
            .with_timezone(&Utc);
        Ok(Self {
            lang: read_lang(q)?,
            since,
            limit: read_limit(q, CHANGES_MAX_LIMIT, CHANGES_DEFAULT_LIMIT)?,
            cursor: read_cursor(q)?,
        })
    }

    /// Rule 8: a `since` older than seven days is raised to seven days before `now`; one in
    /// the future is lowered to `now` (the feed runs forward from what has happened, and the
    /// checkpoint it answers must never be ahead of the clock).
    pub fn effective_since(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        let floor = now - Duration::days(CHANGES_FLOOR_DAYS);
        self.since.max(floor).min(now)
    }

    /// Binding of every parameter but the cursor (the `since` as sent, so a walk stays valid
    /// while the floor moves).
    pub fn binding(&self) -> Binding {
        let f = vec![
            ("lang", self.lang.as_str().to_owned()),
            ("since", self.since.timestamp_micros().to_string()),
            ("limit", self.limit.to_string()),
        ];
        Binding::of(Endpoint::Changes, &f)
    }
}
