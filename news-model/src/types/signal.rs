//! Trending items, blindspot items and change items (spec, "Trending and blindspot items",
//! "Change item").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::reference::{Side, StoryState};
use crate::types::{SideCounts, Story};

/// The computed signals of a state row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Signals {
    /// Editorial importance.
    pub importance: f64,
    /// Decayed volume.
    pub heat: f64,
    /// Articles per unit of time.
    pub velocity: f64,
    /// Change of velocity.
    pub acceleration: f64,
    /// Overall significance (orders blindspots).
    pub significance: f64,
}

/// An item of the trending list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TrendingItem {
    /// 1-based rank in the whole walk for the metric.
    pub rank: u32,
    /// Cluster id.
    pub story_id: i64,
    /// Cluster state.
    pub state: StoryState,
    /// Label of the state.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub label: Option<String>,
    /// The signals.
    #[serde(flatten)]
    pub signals: Signals,
    /// Articles per side.
    pub sides: SideCounts,
    /// Sides that ran nothing.
    pub missing_sides: Vec<Side>,
    /// Thread id, if any.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub thread_id: Option<i64>,
    /// When the signals were computed.
    pub computed_at: DateTime<Utc>,
    /// The story.
    pub story: Story,
}

/// A side that did not run a story, with its label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Gap {
    /// The side.
    pub side: Side,
    /// Label of the gap.
    pub label: String,
}

/// An item of the blindspot list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BlindspotItem {
    /// Cluster id.
    pub story_id: i64,
    /// `blindspot` or `undercovered`.
    pub state: StoryState,
    /// Label of the state.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub label: Option<String>,
    /// The signals.
    #[serde(flatten)]
    pub signals: Signals,
    /// Articles per side.
    pub sides: SideCounts,
    /// Sides that ran nothing.
    pub missing_sides: Vec<Side>,
    /// Thread id, if any.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub thread_id: Option<i64>,
    /// When the signals were computed.
    pub computed_at: DateTime<Utc>,
    /// The story.
    pub story: Story,
    /// The camps that did not run it.
    pub gaps: Vec<Gap>,
}

/// An item of the change feed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChangeItem {
    /// Cluster id.
    pub story_id: i64,
    /// The new state.
    pub state: StoryState,
    /// Label of the state.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub label: Option<String>,
    /// Sides that ran nothing at the change.
    pub missing_sides: Vec<Side>,
    /// Thread id, if any.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub thread_id: Option<i64>,
    /// When the state changed.
    pub changed_at: DateTime<Utc>,
}
