//! Threads list and thread detail (rule 3).

use lashon_news::cursor::ThreadKey;
use lashon_news::params::{parse_id, ThreadParams, ThreadsParams};
use lashon_news::record::ThreadRecord;
use lashon_news::types::{NoExtra, ThreadDetail, ThreadSummary};
use lashon_news::{ListEnvelope, NewsError};

use super::context::{rows, split_page, NewsContext};
use super::stories::find_current_story;

/// `GET /api/v1/threads`: threads of at least `minNodes` instalments, newest first.
pub fn list_threads(
    ctx: &NewsContext<'_>,
    p: &ThreadsParams,
) -> Result<ListEnvelope<ThreadSummary>, NewsError> {
    let binding = p.binding();
    let after = ctx.after::<ThreadKey>(p.cursor.as_deref(), &binding)?;
    let fetched = ctx
        .repo
        .threads(p.min_nodes, after, rows(p.limit).saturating_add(1))?;
    let (threads, more) = split_page(fetched, rows(p.limit));
    let next_cursor = if more {
        threads.last().map(|t| {
            ctx.cursors.encode(
                &binding,
                &ThreadKey {
                    newest_at: t.newest_at,
                    id: t.id,
                },
            )
        })
    } else {
        None
    };
    let mut data = Vec::with_capacity(threads.len());
    for t in &threads {
        // A thread whose newest instalment is no longer held has nothing to show as `latest`.
        if let Some(latest) = ctx.repo.story(t.newest_story_id)? {
            data.push(t.render_summary(p.lang, &latest));
        }
    }
    Ok(ListEnvelope {
        data,
        next_cursor,
        lang: p.lang,
        generated_at: ctx.clock.now(),
        limit: p.limit,
        extra: NoExtra {},
    })
}

/// `GET /api/v1/threads/{id}`: the whole arc bounded by `limit`, not paged (rule 3); 400 for
/// a bad id, 404 for an unknown one (rule 12).
///
/// A thread's id is its first story's. A thread id handed out before (a story's `threadId`)
/// whose thread went on under another id since (its first story merged away, or the thread
/// merged into another) answers as that thread (`current_thread`), whose own `id` the
/// answer carries.
pub fn thread_detail(
    ctx: &NewsContext<'_>,
    id: &str,
    p: &ThreadParams,
) -> Result<ThreadDetail, NewsError> {
    let id = parse_id("id", id)?;
    let thread = current_thread(ctx, id)?
        .ok_or_else(|| NewsError::not_found(format!("thread {id} not found")))?;
    let arc = ctx.repo.thread_arc(thread.id, rows(p.limit))?;
    Ok(thread.render_detail(p.lang, &arc))
}

/// The thread `id` names now: the thread of that id; else the thread it went on as, as many
/// times as it went on; else, for a thread that ended, the thread of the story its id names
/// now ([`find_current_story`]: its first story, which may have joined a running thread
/// since). `None` for an id that never named a thread, or whose story is in no thread.
fn current_thread(ctx: &NewsContext<'_>, id: i64) -> Result<Option<ThreadRecord>, NewsError> {
    // Bounded: each step is a recount or a merge of threads that happened, and a refresh that
    // commits between two reads only adds a step.
    let mut at = id;
    for _ in 0..16 {
        if let Some(thread) = ctx.repo.thread(at)? {
            return Ok(Some(thread));
        }
        match ctx.repo.former_thread(at)? {
            Some(Some(next)) if next != at => at = next,
            Some(_) => {
                let thread = find_current_story(ctx, at)?
                    .and_then(|s| s.thread)
                    .map(|t| t.id)
                    .filter(|t| *t != at);
                return match thread {
                    Some(t) => Ok(ctx.repo.thread(t)?),
                    None => Ok(None),
                };
            }
            None => return Ok(None),
        }
    }
    Ok(None)
}
