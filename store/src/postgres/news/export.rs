//! The export read (`/api/v1/export`): articles joined with their stories and the registry.

use chrono::Duration;
use lashon_core::news::RepoError;
use lashon_news::record::MemberRecord;
use lashon_news::{Lang, StoryState, Topic};

use super::schema::{at, parse};
use super::writer::registry;
use crate::postgres::connections::{sql, PgConn};
use lashon_core::news::ExportQuery;
use lashon_news::export::ExportRecord;

/// Export rows (rule 11): story then article ascending, publication day in `[from, to]` (UTC),
/// inserted at or before the cutoff, in the stored language only.
pub(super) fn export(conn: &PgConn, q: &ExportQuery) -> Result<Vec<ExportRecord>, RepoError> {
    let start = at(q.from.and_time(chrono::NaiveTime::MIN).and_utc());
    let end = at((q.to + Duration::days(1))
        .and_time(chrono::NaiveTime::MIN)
        .and_utc());
    let (after_story, after_article) = q.after.unwrap_or((i64::MIN, i64::MIN));
    let lang = q.lang.map(Lang::as_str);
    // Side and lean come from the registry (read once), as in story detail.
    let rooms = registry(conn)?;
    let limit = i64::try_from(q.limit).unwrap_or(i64::MAX);
    let rows = conn
        .query(
            // The export index is the page order: a page is one range scan, never a sort of
            // the whole date range.
            "SELECT a.record, a.story_id, a.source, s.topic, s.state
             FROM articles a JOIN stories s ON s.id = a.story_id
             WHERE (a.story_id, a.id) > ($1, $2) AND a.seq <= $3 AND a.published_at >= $4
               AND a.published_at < $5 AND ($6::text IS NULL OR a.language = $6)
             ORDER BY a.story_id, a.id LIMIT $7",
            &[
                &after_story,
                &after_article,
                &q.cutoff,
                &start,
                &end,
                &lang,
                &limit,
            ],
        )
        .map_err(sql)?;
    let mut out = Vec::new();
    for row in rows {
        let (m, story_id, source, topic, state): (String, i64, String, String, Option<String>) =
            (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4));
        let Some(room) = rooms.get(&source) else {
            continue;
        };
        let m: MemberRecord = parse(&m)?;
        out.push(ExportRecord {
            article_id: m.article_id,
            story_id,
            source: m.source.clone(),
            side: room.side,
            lean: room.lean,
            language: m.language,
            // Rule 11: the record as stored in its language, no fallback.
            headline: m
                .headline
                .exact(m.language)
                .map(str::to_owned)
                .unwrap_or_else(|| m.original.clone()),
            url: m.url.clone(),
            published_at: m.published_at,
            updated_at: m.updated_at,
            topic: Topic::parse(&topic).unwrap_or(Topic::General),
            story_state: state.as_deref().and_then(StoryState::parse),
        });
    }
    Ok(out)
}
