//! Thread summary and detail (spec, "Thread").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::reference::Lang;
use crate::types::Story;

/// A running thread in a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ThreadSummary {
    /// Thread id.
    pub id: i64,
    /// Title in the requested language.
    pub title: String,
    /// Number of instalments.
    pub nodes: u32,
    /// Days the thread has run.
    pub days: u32,
    /// First instalment.
    pub first_at: DateTime<Utc>,
    /// Newest instalment.
    pub newest_at: DateTime<Utc>,
    /// Id of the newest instalment.
    pub newest_story_id: i64,
    /// The newest instalment.
    pub latest: Story,
}

/// A thread with its arc (rule 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ThreadDetail {
    /// Thread id.
    pub id: i64,
    /// Title in the requested language.
    pub title: String,
    /// Number of instalments.
    pub nodes: u32,
    /// Days the thread has run.
    pub days: u32,
    /// First instalment.
    pub first_at: DateTime<Utc>,
    /// Newest instalment.
    pub newest_at: DateTime<Utc>,
    /// Id of the newest instalment.
    pub newest_story_id: i64,
    /// Language of the title after fallback.
    pub lang: Lang,
    /// Every instalment still held, newest first, bounded by `limit`.
    pub arc: Vec<Story>,
}
