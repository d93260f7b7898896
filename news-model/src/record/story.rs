//! Story, member and thread records, coverage and timeline.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use chrono_tz::Asia::Jerusalem;
use serde::{Deserialize, Serialize};

use crate::localized::Localized;
use crate::reference::{Lang, Side, StoryState, Topic};
use crate::types::{
    Framing, LeanCounts, Member, Newsroom, SideCounts, Story, StoryDetail, ThreadDetail, ThreadRef,
    ThreadSummary, Timeline,
};

/// `updatedAt` is null unless the body changed more than this many seconds after publication
/// (spec, "Story object").
pub const UPDATED_AFTER_SECONDS: i64 = 60;

fn updated_after(
    published: DateTime<Utc>,
    updated: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    updated.filter(|u| (*u - published).num_seconds() > UPDATED_AFTER_SECONDS)
}

/// Coverage of a cluster by the press: computed from members and the registry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    /// Distinct newsrooms.
    pub outlets: u32,
    /// Articles per side.
    pub sides: SideCounts,
    /// Articles per lean.
    pub lean: LeanCounts,
    /// Newsroom keys, sorted.
    pub sources: Vec<String>,
}

impl Coverage {
    /// Counts `members` by the side and lean the registry gives their newsroom. Articles of
    /// newsrooms missing from the registry are not counted (they have no side).
    pub fn compute<'a>(
        members: &[MemberRecord],
        registry: impl Fn(&str) -> Option<&'a Newsroom>,
    ) -> Coverage {
        let mut c = Coverage::default();
        let mut sources = BTreeSet::new();
        for m in members {
            let Some(room) = registry(&m.source) else {
                continue;
            };
            c.sides.add(room.side);
            c.lean.add(room.lean);
            sources.insert(m.source.clone());
        }
        c.outlets = u32::try_from(sources.len()).unwrap_or(u32::MAX);
        c.sources = sources.into_iter().collect();
        c
    }

    /// Sides with no article.
    pub fn missing_sides(&self) -> Vec<Side> {
        self.sides.missing()
    }
}

/// The thread a story belongs to, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadLink {
    /// Thread id.
    pub id: i64,
    /// Title in both languages.
    pub title: Localized,
    /// Days the thread has run.
    pub days: u32,
}

/// A stored cluster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoryRecord {
    /// Cluster id.
    pub id: i64,
    /// Canonical URL.
    pub url: String,
    /// Lead headline.
    pub headline: Localized,
    /// Summary.
    pub summary: Localized,
    /// Desk.
    pub topic: Topic,
    /// Lead article publication.
    pub published_at: DateTime<Utc>,
    /// Newest article.
    pub latest_at: DateTime<Utc>,
    /// Last change of the lead body.
    pub updated_at: Option<DateTime<Utc>>,
    /// Coverage.
    pub coverage: Coverage,
    /// State.
    pub state: Option<StoryState>,
    /// Editorial label of the state.
    pub verdict: Option<String>,
    /// Thread.
    pub thread: Option<ThreadLink>,
    /// Framing note.
    pub framing_note: Localized,
    /// Named entities (people, places, organisations), searched by `q` (rule 9).
    pub entities: Vec<String>,
}

impl StoryRecord {
    /// The story with the link to `thread`, its thread as stored now (read beside the story
    /// by its `thread_id`). The link stored in a story's record is written when the story
    /// joins a thread or its thread is merged into another, not each time a later instalment
    /// changes the thread's days or title: rewriting every record of a running thread of
    /// hundreds of stories each day made a refresh as slow as its longest thread.
    pub fn with_thread(mut self, thread: Option<ThreadRecord>) -> StoryRecord {
        if let Some(t) = thread {
            self.thread = Some(t.link());
        }
        self
    }

    /// What search matches in the story (rule 9): headline and summary in both languages and
    /// the entities, as one text (folded by [`crate::search`] afterwards). One definition, so
    /// every store indexes the same words.
    pub fn search_text(&self) -> String {
        let mut text = String::new();
        for t in [
            &self.headline.en,
            &self.headline.he,
            &self.summary.en,
            &self.summary.he,
        ]
        .into_iter()
        .flatten()
        {
            text.push_str(t);
            text.push(' ');
        }
        text.push_str(&self.entities.join(" "));
        text
    }

    /// The story object in `lang`; `lang` of the payload is the language of the headline.
    pub fn render(&self, lang: Lang) -> Story {
        let (headline, used) = match self.headline.pick(lang) {
            Some((h, used)) => (h.to_owned(), used),
            None => (String::new(), lang),
        };
        Story {
            id: self.id,
            url: self.url.clone(),
            headline,
            summary: self.summary.render(lang),
            topic: self.topic,
            lang: used,
            published_at: self.published_at,
            latest_at: self.latest_at,
            updated_at: updated_after(self.published_at, self.updated_at),
            outlets: self.coverage.outlets,
            sides: self.coverage.sides,
            missing_sides: self.coverage.missing_sides(),
            state: self.state,
            verdict: self.verdict.clone(),
            lean: self.coverage.lean,
            sources: self.coverage.sources.clone(),
            thread: self.thread.as_ref().map(|t| ThreadRef {
                id: t.id,
                title: t.title.render_required(lang),
                days: t.days,
            }),
        }
    }

    /// Story detail over `members` (every member of the story, in any order). `outlets` is
    /// counted from the members returned (spec, "Story detail").
    pub fn render_detail<'a>(
        &self,
        lang: Lang,
        members: &[MemberRecord],
        registry: impl Fn(&str) -> Option<&'a Newsroom> + Copy,
    ) -> StoryDetail {
        let mut sorted: Vec<&MemberRecord> = members.iter().collect();
        sorted.sort_by_key(|m| (m.published_at, m.article_id));
        let rendered: Vec<Member> = sorted
            .iter()
            .filter_map(|m| registry(&m.source).map(|room| m.render(lang, room)))
            .collect();
        let mut story = self.render(lang);
        let outlets: BTreeSet<&str> = rendered.iter().map(|m| m.source.as_str()).collect();
        story.outlets = u32::try_from(outlets.len()).unwrap_or(u32::MAX);
        StoryDetail {
            story,
            timeline: timeline(&rendered),
            members: rendered,
            framing_note: self.framing_note.render(lang),
        }
    }
}

/// Timeline over rendered members sorted by publication.
fn timeline(members: &[Member]) -> Option<Timeline> {
    let first = members.first()?;
    let last = members.iter().map(|m| m.published_at).max()?;
    let mut first_by_side = BTreeMap::new();
    for m in members {
        first_by_side.entry(m.side).or_insert(m.published_at);
    }
    Some(Timeline {
        first_at: first.published_at,
        last_at: last,
        spread_minutes: (last - first.published_at).num_minutes(),
        first_site: first.source.clone(),
        first_by_side,
    })
}

/// A stored article in a cluster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberRecord {
    /// Article id.
    pub article_id: i64,
    /// Cluster id.
    pub story_id: i64,
    /// Newsroom key.
    pub source: String,
    /// Headline in both languages where translated.
    pub headline: Localized,
    /// Headline as published.
    pub original: String,
    /// Publication.
    pub published_at: DateTime<Utc>,
    /// URL.
    pub url: String,
    /// Language of the article.
    pub language: Lang,
    /// Kind of article.
    pub story_type: String,
    /// Framing, when computed.
    pub framing: Option<Framing>,
    /// Last body change.
    pub updated_at: Option<DateTime<Utc>>,
}

impl MemberRecord {
    /// The member record in `lang`, side and lean from `newsroom` (rule 2).
    pub fn render(&self, lang: Lang, newsroom: &Newsroom) -> Member {
        Member {
            article_id: self.article_id,
            source: self.source.clone(),
            headline: self
                .headline
                .render(lang)
                .unwrap_or_else(|| self.original.clone()),
            original: self.original.clone(),
            published_at: self.published_at,
            url: self.url.clone(),
            language: self.language,
            side: newsroom.side,
            lean: newsroom.lean,
            story_type: self.story_type.clone(),
            framing: self.framing.clone(),
            updated_at: updated_after(self.published_at, self.updated_at),
        }
    }
}

/// Calendar days in Jerusalem from `first` to `newest`, both included.
pub fn thread_days(first: DateTime<Utc>, newest: DateTime<Utc>) -> u32 {
    let a = first.with_timezone(&Jerusalem).date_naive();
    let b = newest.with_timezone(&Jerusalem).date_naive();
    u32::try_from((b - a).num_days().max(0) + 1).unwrap_or(u32::MAX)
}

/// A stored thread.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadRecord {
    /// Thread id.
    pub id: i64,
    /// Title.
    pub title: Localized,
    /// Instalments held.
    pub nodes: u32,
    /// First instalment.
    pub first_at: DateTime<Utc>,
    /// Newest instalment.
    pub newest_at: DateTime<Utc>,
    /// Id of the newest instalment.
    pub newest_story_id: i64,
}

impl ThreadRecord {
    /// The link a story's record holds to this thread.
    pub fn link(&self) -> ThreadLink {
        ThreadLink {
            id: self.id,
            title: self.title.clone(),
            days: self.days(),
        }
    }

    /// Days the thread has run.
    pub fn days(&self) -> u32 {
        thread_days(self.first_at, self.newest_at)
    }

    /// Summary with its newest instalment.
    pub fn render_summary(&self, lang: Lang, latest: &StoryRecord) -> ThreadSummary {
        ThreadSummary {
            id: self.id,
            title: self.title.render_required(lang),
            nodes: self.nodes,
            days: self.days(),
            first_at: self.first_at,
            newest_at: self.newest_at,
            newest_story_id: self.newest_story_id,
            latest: latest.render(lang),
        }
    }

    /// Detail with its arc (already newest first and bounded).
    pub fn render_detail(&self, lang: Lang, arc: &[StoryRecord]) -> ThreadDetail {
        let (title, used) = match self.title.pick(lang) {
            Some((t, used)) => (t.to_owned(), used),
            None => (String::new(), lang),
        };
        ThreadDetail {
            id: self.id,
            title,
            nodes: self.nodes,
            days: self.days(),
            first_at: self.first_at,
            newest_at: self.newest_at,
            newest_story_id: self.newest_story_id,
            lang: used,
            arc: arc.iter().map(|s| s.render(lang)).collect(),
        }
    }
}
