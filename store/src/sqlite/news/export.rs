//! The export read (`/api/v1/export`): articles joined with their stories and the registry.

use chrono::Duration;
use lashon_core::news::RepoError;
use lashon_news::record::MemberRecord;
use lashon_news::{Lang, StoryState, Topic};
use rusqlite::params;

use super::schema::{at, parse, sql};
use super::writer::registry;
use lashon_core::news::ExportQuery;
use lashon_news::export::ExportRecord;

use super::super::SqliteStore;

/// Export rows (rule 11): story then article ascending, publication day in `[from, to]` (UTC),
/// inserted at or before the cutoff, in the stored language only.
pub(super) fn export(store: &SqliteStore, q: &ExportQuery) -> Result<Vec<ExportRecord>, RepoError> {
    let start = at(q.from.and_time(chrono::NaiveTime::MIN).and_utc());
    let end = at((q.to + Duration::days(1))
        .and_time(chrono::NaiveTime::MIN)
        .and_utc());
    let (after_story, after_article) = q.after.unwrap_or((i64::MIN, i64::MIN));
    let lang = q.lang.map(Lang::as_str);
    let conn = store.news_reader()?;
    // Side and lean come from the registry (read once), as in story detail.
    let rooms = registry(&conn)?;
    let mut stmt = conn
        .prepare_cached(
            // The export index is the page order: a page is one range scan, never a sort of
            // the whole date range.
            "SELECT a.record, a.story_id, a.source, s.topic, s.state
             FROM articles a INDEXED BY articles_export JOIN stories s ON s.id = a.story_id
             WHERE (a.story_id, a.id) > (?1, ?2) AND a.seq <= ?3 AND a.published_at >= ?4
               AND a.published_at < ?5 AND (?6 IS NULL OR a.language = ?6)
             ORDER BY a.story_id, a.id LIMIT ?7",
        )
        .map_err(sql)?;
    let limit = i64::try_from(q.limit).unwrap_or(i64::MAX);
    let rows = stmt
        .query_map(
            params![
                after_story,
                after_article,
                q.cutoff,
                start,
                end,
                lang,
                limit
            ],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<String>>(4)?,
                ))
            },
        )
        .map_err(sql)?;
    let mut out = Vec::new();
    for row in rows {
        let (m, story_id, source, topic, state) = row.map_err(sql)?;
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
