//! Story object, story detail, member record and timeline (spec, "Story object").

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::reference::{Lang, Lean, Side, StoryState, Topic};

/// Count of articles per press side, every side present (zero when it ran nothing).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SideCounts {
    /// `left`.
    pub left: u32,
    /// `centre`.
    pub centre: u32,
    /// `right`.
    pub right: u32,
    /// `haredi`.
    pub haredi: u32,
    /// `religious`.
    pub religious: u32,
    /// `arab`.
    pub arab: u32,
    /// `russian`.
    pub russian: u32,
    /// `business`.
    pub business: u32,
    /// `official`.
    pub official: u32,
}

impl SideCounts {
    /// The count of one side.
    pub fn get(&self, side: Side) -> u32 {
        match side {
            Side::Left => self.left,
            Side::Centre => self.centre,
            Side::Right => self.right,
            Side::Haredi => self.haredi,
            Side::Religious => self.religious,
            Side::Arab => self.arab,
            Side::Russian => self.russian,
            Side::Business => self.business,
            Side::Official => self.official,
        }
    }

    /// Adds one article of `side`.
    pub fn add(&mut self, side: Side) {
        let slot = match side {
            Side::Left => &mut self.left,
            Side::Centre => &mut self.centre,
            Side::Right => &mut self.right,
            Side::Haredi => &mut self.haredi,
            Side::Religious => &mut self.religious,
            Side::Arab => &mut self.arab,
            Side::Russian => &mut self.russian,
            Side::Business => &mut self.business,
            Side::Official => &mut self.official,
        };
        *slot = slot.saturating_add(1);
    }

    /// The sides with no article, in the spec's order (`missingSides`).
    pub fn missing(&self) -> Vec<Side> {
        Side::ALL
            .iter()
            .copied()
            .filter(|s| self.get(*s) == 0)
            .collect()
    }
}

/// Count of articles per lean.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeanCounts {
    /// `left`.
    pub left: u32,
    /// `center`.
    pub center: u32,
    /// `right`.
    pub right: u32,
    /// `unrated`.
    pub unrated: u32,
}

impl LeanCounts {
    /// Adds one article of `lean`.
    pub fn add(&mut self, lean: Lean) {
        let slot = match lean {
            Lean::Left => &mut self.left,
            Lean::Center => &mut self.center,
            Lean::Right => &mut self.right,
            Lean::Unrated => &mut self.unrated,
        };
        *slot = slot.saturating_add(1);
    }
}

/// The running thread a story belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ThreadRef {
    /// Thread id.
    pub id: i64,
    /// Thread title in the requested language.
    pub title: String,
    /// Days the thread has run.
    pub days: u32,
}

/// A story: one cluster of articles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Story {
    /// Cluster id.
    pub id: i64,
    /// Canonical URL of the story.
    pub url: String,
    /// Lead headline in the requested language.
    pub headline: String,
    /// Machine-written summary.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub summary: Option<String>,
    /// Desk id.
    pub topic: Topic,
    /// Language of this payload after fallback: the language of `headline`.
    pub lang: Lang,
    /// When the lead article was published.
    pub published_at: DateTime<Utc>,
    /// Newest article in the cluster; the sort key.
    pub latest_at: DateTime<Utc>,
    /// When the lead body last changed, only when more than 60 s after publication.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub updated_at: Option<DateTime<Utc>>,
    /// Number of newsrooms in the cluster.
    pub outlets: u32,
    /// Articles per press side.
    pub sides: SideCounts,
    /// Sides that published nothing.
    pub missing_sides: Vec<Side>,
    /// Cluster state, null when none computed.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub state: Option<StoryState>,
    /// Editorial label of the state.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub verdict: Option<String>,
    /// Articles per lean.
    pub lean: LeanCounts,
    /// Newsroom keys in the cluster.
    pub sources: Vec<String>,
    /// Running thread, if any.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub thread: Option<ThreadRef>,
}

/// How an article frames the story: who did what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Framing {
    /// The grammatical subject of the headline.
    pub subject: String,
    /// The verb.
    pub verb: String,
    /// The actor, when the headline names one.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub actor: Option<String>,
}

/// One article of a story.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Member {
    /// Article id.
    pub article_id: i64,
    /// Newsroom key.
    pub source: String,
    /// Headline in the requested language (with fallback).
    pub headline: String,
    /// Headline in the article's original language.
    pub original: String,
    /// Publication instant.
    pub published_at: DateTime<Utc>,
    /// Article URL.
    pub url: String,
    /// The article's language.
    pub language: Lang,
    /// Side of the newsroom, from the registry (rule 2).
    pub side: Side,
    /// Lean of the newsroom, from the registry (rule 2).
    pub lean: Lean,
    /// Kind of article (report, opinion, ...).
    pub story_type: String,
    /// Framing, null until computed.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub framing: Option<Framing>,
    /// When the body last changed.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub updated_at: Option<DateTime<Utc>>,
}

/// When the story spread: first and last article, and the first article of each side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Timeline {
    /// First article.
    pub first_at: DateTime<Utc>,
    /// Last article.
    pub last_at: DateTime<Utc>,
    /// Minutes between first and last.
    pub spread_minutes: i64,
    /// Newsroom key of the first article.
    pub first_site: String,
    /// First timestamp per side, only sides that ran the story.
    pub first_by_side: BTreeMap<Side, DateTime<Utc>>,
}

/// Story detail: the story object plus members, timeline and framing note.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StoryDetail {
    /// The story fields; `outlets` is counted from `members`.
    #[serde(flatten)]
    pub story: Story,
    /// One record per article.
    pub members: Vec<Member>,
    /// Spread over time, null when there are no members.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub timeline: Option<Timeline>,
    /// Framing note.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub framing_note: Option<String>,
}
