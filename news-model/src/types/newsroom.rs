//! Newsroom, activity and topic (spec, "Newsroom, activity, topic").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::reference::{Lang, Lean, Side, Topic};

/// A newsroom of the registry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Newsroom {
    /// Registry key.
    pub key: String,
    /// Display name.
    pub name: String,
    /// Main language.
    pub language: Lang,
    /// Press camp.
    pub side: Side,
    /// Political lean.
    pub lean: Lean,
    /// Where it is based.
    pub place: String,
    /// Computed profile; null until computed. Its shape is not fixed by the spec.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub profile: Option<serde_json::Value>,
}

/// Crawl counts over the activity window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CrawlSummary {
    /// Days covered.
    pub window_days: u32,
    /// Runs started in the window.
    pub runs: u32,
    /// Runs finished without error.
    pub ok_runs: u32,
    /// Runs finished with an error.
    pub error_runs: u32,
    /// Runs aborted.
    pub aborted_runs: u32,
    /// Runs still running.
    pub running_runs: u32,
    /// Links discovered.
    pub discovered: u64,
    /// Pages scraped.
    pub scraped: u64,
    /// New articles stored.
    pub new_articles: u64,
    /// Errors counted.
    pub errors: u64,
    /// Start of the newest run.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub last_run_at: Option<DateTime<Utc>>,
    /// End of the newest finished run.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub last_finished_at: Option<DateTime<Utc>>,
    /// Share of finished runs that were ok; a running crawl never counts as a failure.
    /// Null when no run has finished.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub success_rate: Option<f64>,
}

/// Editorial behaviour over its own 30-day window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Behaviour {
    /// Always 30.
    pub window_days: u32,
    /// Stories the newsroom took part in.
    pub stories: u32,
    /// Share of articles with a byline.
    pub byline_rate: f64,
    /// Share of articles first on a story.
    pub original_rate: f64,
    /// Share of opinion pieces.
    pub opinion_share: f64,
    /// Share of press releases.
    pub press_release_share: f64,
    /// Median minutes behind the first article of a story.
    pub median_lag_minutes: f64,
    /// When it was computed.
    pub computed_at: DateTime<Utc>,
}

/// Measured activity of a newsroom.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Activity {
    /// Newsroom key.
    pub key: String,
    /// Effective `days` (rule 6).
    pub window_days: u32,
    /// Crawl counts.
    pub crawl: CrawlSummary,
    /// Behaviour, null until computed.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub behaviour: Option<Behaviour>,
    /// When this answer was made.
    pub generated_at: DateTime<Utc>,
}

/// A desk of the topics register with its live volume.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TopicVolume {
    /// Desk id.
    pub id: Topic,
    /// Label in the requested language.
    pub label: String,
    /// Hue in degrees.
    pub hue: u16,
    /// Articles over the requested days.
    pub articles: u64,
}
