//! Threads list and thread detail (rule 3).

use lashon_news::cursor::ThreadKey;
use lashon_news::params::{parse_id, ThreadParams, ThreadsParams};
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
/// A thread's id is its first story's. When that story is merged away, or the thread is
/// merged into another, or everything is clustered again, the thread goes on under another
/// id; a thread id handed out before (a story's `threadId`) answers as the thread of the
/// story that id names now ([`find_current_story`]), whose own `id` the answer carries, and
/// 404 when that story is in no thread. An id that never named a thread is 404 as ever.
pub fn thread_detail(
    ctx: &NewsContext<'_>,
    id: &str,
    p: &ThreadParams,
) -> Result<ThreadDetail, NewsError> {
    let id = parse_id("id", id)?;
    let not_found = || NewsError::not_found(format!("thread {id} not found"));
    let thread = match ctx.repo.thread(id)? {
        Some(thread) => thread,
        None if !ctx.repo.former_thread(id)? => return Err(not_found()),
        None => {
            let story = find_current_story(ctx, id)?;
            let now = story
                .and_then(|s| s.thread)
                .map(|t| t.id)
                .filter(|t| *t != id);
            match now {
                Some(t) => ctx.repo.thread(t)?.ok_or_else(not_found)?,
                None => return Err(not_found()),
            }
        }
    };
    let arc = ctx.repo.thread_arc(thread.id, rows(p.limit))?;
    Ok(thread.render_detail(p.lang, &arc))
}
