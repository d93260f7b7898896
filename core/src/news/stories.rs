//! Stories list, search, story detail and members (common table; rules 1, 2, 9, 12).

use chrono::{DateTime, Utc};
use lashon_news::clock::jerusalem_day_start;
use lashon_news::cursor::{Binding, MemberKey, StoryKey};
use lashon_news::params::{
    parse_id, LangParams, MembersParams, SearchParams, StoriesParams, StoryFilter,
};
use lashon_news::record::StoryRecord;
use lashon_news::types::{Member, MembersExtra, NoExtra, Story, StoryDetail};
use lashon_news::{Lang, ListEnvelope, NewsError};

use super::context::{rows, split_page, NewsContext};
use super::repository::StoryQuery;

fn query(
    filter: &StoryFilter,
    now: DateTime<Utc>,
    text: Option<&str>,
    after: Option<StoryKey>,
    limit: u32,
) -> StoryQuery {
    StoryQuery {
        state: filter.state,
        topics: filter.topics.clone(),
        sources: filter.sources.clone(),
        // Common table: `since` counts calendar days in Jerusalem, today included.
        since: filter.since_days.map(|d| jerusalem_day_start(now, d)),
        text: text.map(str::to_owned),
        after,
        limit: rows(limit).saturating_add(1),
    }
}

fn page(
    ctx: &NewsContext<'_>,
    q: StoryQuery,
    binding: &Binding,
    lang: Lang,
    limit: u32,
    now: DateTime<Utc>,
) -> Result<ListEnvelope<Story>, NewsError> {
    let (stories, more) = split_page(ctx.repo.stories(&q)?, rows(limit));
    let next_cursor = if more {
        stories.last().map(|s| {
            ctx.cursors.encode(
                binding,
                &StoryKey {
                    latest_at: s.latest_at,
                    id: s.id,
                },
            )
        })
    } else {
        None
    };
    Ok(ListEnvelope {
        data: stories.iter().map(|s| s.render(lang)).collect(),
        next_cursor,
        lang,
        generated_at: now,
        limit,
        extra: NoExtra {},
    })
}

/// `GET /api/v1/stories`.
pub fn list_stories(
    ctx: &NewsContext<'_>,
    p: &StoriesParams,
) -> Result<ListEnvelope<Story>, NewsError> {
    let binding = p.binding();
    let after = ctx.after::<StoryKey>(p.cursor.as_deref(), &binding)?;
    let now = ctx.clock.now();
    page(
        ctx,
        query(&p.filter, now, None, after, p.limit),
        &binding,
        p.lang,
        p.limit,
        now,
    )
}

/// `GET /api/v1/search` (rule 9).
pub fn search(ctx: &NewsContext<'_>, p: &SearchParams) -> Result<ListEnvelope<Story>, NewsError> {
    let binding = p.binding();
    let after = ctx.after::<StoryKey>(p.cursor.as_deref(), &binding)?;
    let now = ctx.clock.now();
    page(
        ctx,
        query(&p.filter, now, Some(&p.q), after, p.limit),
        &binding,
        p.lang,
        p.limit,
        now,
    )
}

/// The story `id` names. Story ids are handed out before clustering is done with them (a
/// list, a webhook, the change feed): a story merged into another since, or dissolved when
/// every article was clustered again, answers as the story its first article (whose id the
/// story had) is in now, whose own `id` the answer carries. 404 for an id that never named a
/// story (rule 12).
fn current_story(ctx: &NewsContext<'_>, id: i64) -> Result<StoryRecord, NewsError> {
    find_current_story(ctx, id)?
        .ok_or_else(|| NewsError::not_found(format!("story {id} not found")))
}

/// [`current_story`], `None` for an id that never named a story.
pub(super) fn find_current_story(
    ctx: &NewsContext<'_>,
    id: i64,
) -> Result<Option<StoryRecord>, NewsError> {
    // Each step is its own read: a refresh that commits between the successor and its story
    // may have merged that story away too, so the way is read again, a few times at most (a
    // refresh takes far longer than these reads; a lookup must not wait on a busy writer).
    for _ in 0..3 {
        if let Some(story) = ctx.repo.story(id)? {
            return Ok(Some(story));
        }
        match ctx.repo.successor(id)? {
            Some(next) if next != id => {
                if let Some(story) = ctx.repo.story(next)? {
                    return Ok(Some(story));
                }
            }
            _ => break,
        }
    }
    Ok(None)
}

/// `GET /api/v1/stories/{ckey}` (rule 12: 400 for a bad id, 404 for an unknown one). A
/// story merged into another answers as that one (`current_story`).
pub fn story_detail(
    ctx: &NewsContext<'_>,
    ckey: &str,
    p: &LangParams,
) -> Result<StoryDetail, NewsError> {
    let id = parse_id("ckey", ckey)?;
    let story = current_story(ctx, id)?;
    let members = ctx.repo.members(story.id, None, None)?;
    let registry = ctx.registry()?;
    Ok(story.render_detail(p.lang, &members, |k| registry.get(k)))
}

/// `GET /api/v1/stories/{ckey}/members` (rule 2). Side and lean come from the registry, so
/// the filter applies after the keyset page is read: a filtered page can be shorter than its
/// limit and still carry a cursor. A story merged into another answers with that one's
/// members and id (`current_story`); a walk begun before the merge goes on through them.
pub fn story_members(
    ctx: &NewsContext<'_>,
    ckey: &str,
    p: &MembersParams,
) -> Result<ListEnvelope<Member, MembersExtra>, NewsError> {
    let id = parse_id("ckey", ckey)?;
    let binding = p.binding(id);
    let after = ctx.after::<MemberKey>(p.cursor.as_deref(), &binding)?;
    let story_id = current_story(ctx, id)?.id;
    let fetched = ctx
        .repo
        .members(story_id, after, Some(rows(p.limit).saturating_add(1)))?;
    let (raw, more) = split_page(fetched, rows(p.limit));
    let next_cursor = if more {
        raw.last().map(|m| {
            ctx.cursors.encode(
                &binding,
                &MemberKey {
                    published_at: m.published_at,
                    article_id: m.article_id,
                },
            )
        })
    } else {
        None
    };
    let registry = ctx.registry()?;
    let data = raw
        .iter()
        .filter_map(|m| registry.get(&m.source).map(|room| m.render(p.lang, room)))
        .filter(|m| p.side.is_none_or(|s| m.side == s) && p.lean.is_none_or(|l| m.lean == l))
        .collect();
    Ok(ListEnvelope {
        data,
        next_cursor,
        lang: p.lang,
        generated_at: ctx.clock.now(),
        limit: p.limit,
        extra: MembersExtra { story_id },
    })
}
