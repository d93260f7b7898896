//! The daily brief (spec, "Brief").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::reference::Lang;

/// One item of the brief.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BriefItem {
    /// URL of the story.
    pub story_url: String,
    /// Headline.
    pub headline: String,
    /// Text.
    pub text: String,
}

/// The daily brief.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Brief {
    /// Language of the intro after fallback.
    pub lang: Lang,
    /// When it was written.
    pub generated_at: DateTime<Utc>,
    /// Opening text.
    pub intro: String,
    /// Items.
    pub items: Vec<BriefItem>,
}
