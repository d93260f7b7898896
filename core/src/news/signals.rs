//! Trending, blindspots and the change feed (rules 4, 5, 8).

use chrono::Duration;
use lashon_news::cursor::{ChangeKey, ScoreKey};
use lashon_news::params::{BlindspotsParams, ChangesParams, TrendingParams};
use lashon_news::types::{
    BlindspotItem, BlindspotsExtra, ChangeItem, ChangesExtra, TrendingExtra, TrendingItem,
};
use lashon_news::{ListEnvelope, NewsError};

use super::context::{rows, split_page, NewsContext};
use super::repository::{SignalOrder, SignalQuery};

/// `GET /api/v1/trending` (rule 4): current rows ordered by the metric; a cursor is valid only
/// for the metric that produced it.
pub fn trending(
    ctx: &NewsContext<'_>,
    p: &TrendingParams,
) -> Result<ListEnvelope<TrendingItem, TrendingExtra>, NewsError> {
    let binding = p.binding();
    let after = ctx.after::<ScoreKey>(p.cursor.as_deref(), &binding)?;
    if let Some(key) = &after {
        // Rule 4. The binding covers the metric too; this names the mistake precisely.
        if key.metric != Some(p.metric) {
            return Err(NewsError::bad_request(format!(
                "cursor is valid only for the metric that produced it, not {}",
                p.metric
            )));
        }
    }
    let now = ctx.clock.now();
    let order = SignalOrder::Metric(p.metric);
    let fetched = ctx.repo.signals(&SignalQuery {
        order,
        current_since: now - Duration::minutes(i64::from(p.window_minutes)),
        states: Vec::new(),
        missing_side: None,
        after,
        limit: rows(p.limit).saturating_add(1),
    })?;
    let (page, more) = split_page(fetched, rows(p.limit));
    let first_rank = after.map(|k| k.rank).unwrap_or(0);
    let data: Vec<TrendingItem> = page
        .iter()
        .zip(1u32..)
        .map(|((sig, story), i)| sig.render_trending(first_rank.saturating_add(i), story, p.lang))
        .collect();
    let next_cursor = if more {
        data.last().zip(page.last()).map(|(item, (sig, _))| {
            ctx.cursors.encode(
                &binding,
                &ScoreKey::new(Some(p.metric), order.score(sig), item.story_id, item.rank),
            )
        })
    } else {
        None
    };
    Ok(ListEnvelope {
        data,
        next_cursor,
        lang: p.lang,
        generated_at: now,
        limit: p.limit,
        extra: TrendingExtra {
            metric: p.metric,
            window_minutes: p.window_minutes,
        },
    })
}

/// `GET /api/v1/blindspots` (rule 5): current rows in the requested states, most significant
/// first, optionally only stories one camp did not run.
pub fn blindspots(
    ctx: &NewsContext<'_>,
    p: &BlindspotsParams,
) -> Result<ListEnvelope<BlindspotItem, BlindspotsExtra>, NewsError> {
    let binding = p.binding();
    let after = ctx.after::<ScoreKey>(p.cursor.as_deref(), &binding)?;
    let now = ctx.clock.now();
    let order = SignalOrder::Significance;
    let fetched = ctx.repo.signals(&SignalQuery {
        order,
        current_since: now - Duration::minutes(i64::from(p.window_minutes)),
        states: p.states.clone(),
        missing_side: p.side,
        after,
        limit: rows(p.limit).saturating_add(1),
    })?;
    let (page, more) = split_page(fetched, rows(p.limit));
    let next_cursor = if more {
        page.last().map(|(sig, _)| {
            ctx.cursors.encode(
                &binding,
                &ScoreKey::new(None, order.score(sig), sig.story_id, 0),
            )
        })
    } else {
        None
    };
    Ok(ListEnvelope {
        data: page
            .iter()
            .map(|(sig, story)| sig.render_blindspot(story, p.lang))
            .collect(),
        next_cursor,
        lang: p.lang,
        generated_at: now,
        limit: p.limit,
        extra: BlindspotsExtra {
            states: p.states.clone(),
            side: p.side,
            window_minutes: p.window_minutes,
        },
    })
}

/// `GET /api/v1/changes` (rule 8): changes at or after the effective `since`, oldest first.
/// `checkpoint` is the `changedAt` of the last item (or the effective `since` when there is
/// none); sending it as the next `since` never loses a change (a change at exactly that
/// instant may come again: delivery is at-least-once).
pub fn changes(
    ctx: &NewsContext<'_>,
    p: &ChangesParams,
) -> Result<ListEnvelope<ChangeItem, ChangesExtra>, NewsError> {
    let binding = p.binding();
    let after = ctx.after::<ChangeKey>(p.cursor.as_deref(), &binding)?;
    let now = ctx.clock.now();
    let since = p.effective_since(now);
    let fetched = ctx
        .repo
        .changes(since, after, rows(p.limit).saturating_add(1))?;
    let (page, more) = split_page(fetched, rows(p.limit));
    let next_cursor = if more {
        page.last().map(|c| {
            ctx.cursors.encode(
                &binding,
                &ChangeKey {
                    changed_at: c.changed_at,
                    seq: c.seq,
                },
            )
        })
    } else {
        None
    };
    let checkpoint = page.last().map(|c| c.changed_at).unwrap_or(since);
    Ok(ListEnvelope {
        data: page.iter().map(|c| c.render()).collect(),
        next_cursor,
        lang: p.lang,
        generated_at: now,
        limit: p.limit,
        extra: ChangesExtra { checkpoint, since },
    })
}
