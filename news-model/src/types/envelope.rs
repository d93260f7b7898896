//! The list envelope and its per-endpoint extras (spec, "List envelope").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::reference::{Lang, Metric, Side, StoryState};

/// A list answer: `data`, `nextCursor`, `lang`, `generatedAt`, `limit`, plus the extras of the
/// endpoint flattened beside them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListEnvelope<T, X = NoExtra> {
    /// The items.
    pub data: Vec<T>,
    /// Cursor of the next page; null on the final page and on lists that are not paged.
    pub next_cursor: Option<String>,
    /// Requested output language.
    pub lang: Lang,
    /// When the answer was made.
    pub generated_at: DateTime<Utc>,
    /// Effective page size (a clamped limit is echoed here). For lists that are not paged,
    /// the number of items.
    pub limit: u32,
    /// Endpoint extras.
    #[serde(flatten)]
    pub extra: X,
}

/// No extras (stories, search, threads, sources, people).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoExtra {}

/// Members extra: `storyId`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MembersExtra {
    /// The story.
    pub story_id: i64,
}

/// Trending extras: `metric`, `windowMinutes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrendingExtra {
    /// Metric ordering the page.
    pub metric: Metric,
    /// Effective window (rule 4).
    pub window_minutes: u32,
}

/// Blindspot extras: `states`, `side`, `windowMinutes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BlindspotsExtra {
    /// Effective states.
    pub states: Vec<StoryState>,
    /// Side filter.
    pub side: Option<Side>,
    /// Effective window (rule 5).
    pub window_minutes: u32,
}

/// Topics extra: `days`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TopicsExtra {
    /// Effective days (rule 7).
    pub days: u32,
}

/// Changes extras: `checkpoint`, `since` (rule 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangesExtra {
    /// `changedAt` of the last item, or the effective `since` when there is none: the next
    /// `since` to send.
    pub checkpoint: DateTime<Utc>,
    /// Effective `since` after the seven-day floor.
    pub since: DateTime<Utc>,
}
