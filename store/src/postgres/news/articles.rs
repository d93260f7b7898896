//! Articles, idempotent on their URL.

use chrono::{DateTime, Utc};
use lashon_core::news::write::*;
use lashon_core::news::RepoError;
use lashon_news::behaviour::Marks;
use lashon_news::record::MemberRecord;
use lashon_news::{Lang, Topic};

use super::schema::{at, internal, json, parse};
use super::writer::PgWriter;
use tokio_postgres::Row;

use crate::postgres::connections::{owned, sql, Param, PgConn};

/// Each article's desk and behaviour marks, computed when it is stored
/// ([`article_marks`]), and an index of every column behaviour reads (SQLite's migration 8).
pub const MIGRATION: &str = "
ALTER TABLE articles ADD COLUMN desk TEXT, ADD COLUMN marks BIGINT;
CREATE INDEX articles_facts ON articles(published_at, desk, source, story_id, language, marks);
CREATE INDEX articles_unclassified ON articles(published_at) WHERE desk IS NULL AND input IS NOT NULL;
INSERT INTO news_meta (name, value) VALUES ('article_marks_version', 1);
";

impl ArticleWrites for PgWriter<'_> {
    /// Stores an article, or updates the one with the same URL (never a duplicate). Returns
    /// its id and whether it was new.
    fn ingest(&self, a: &ArticleInput, language: Lang) -> Result<(i64, bool), RepoError> {
        let c = self.conn()?;
        let existing: Option<(i64, Option<String>)> = c
            .query_opt("SELECT id, input FROM articles WHERE url = $1", &[&a.url])
            .map_err(sql)?
            .map(|r| (r.get(0), r.get(1)));
        let input = json(a)?;
        // Classified only when written: a crawl sees most of its feed's items unchanged.
        let classified = || article_marks(a);
        let member = |id: i64, story_id: i64| MemberRecord {
            article_id: id,
            story_id,
            source: a.source.clone(),
            headline: match language {
                Lang::En => lashon_news::Localized::en(&a.headline),
                Lang::He => lashon_news::Localized::he(&a.headline),
            },
            original: a.headline.clone(),
            published_at: a.published_at,
            url: a.url.clone(),
            language,
            story_type: story_type(a),
            framing: None,
            updated_at: a.updated_at,
        };
        match existing {
            // Unchanged: nothing to write, nothing to cluster again.
            Some((id, Some(old))) if old == input => Ok((id, false)),
            Some((id, _)) => {
                let (desk, marks) = classified();
                // Pending: its story is written again at the next clustering (the article
                // keeps its story; a changed headline does not move it).
                c.execute(
                    "UPDATE articles SET source = $2, language = $3, published_at = $4,
                     record = $5, input = $6, pending = TRUE, desk = $7, marks = $8 WHERE id = $1",
                    &[
                        &id,
                        &a.source,
                        &language.as_str(),
                        &at(a.published_at),
                        &json(&member(id, 0))?,
                        &input,
                        &desk.as_str(),
                        &marks.bits(),
                    ],
                )
                .map_err(sql)?;
                Ok((id, false))
            }
            None => {
                let (desk, marks) = classified();
                let seq = self.next_seq()?;
                let id: i64 = c
                    .query_one(
                        "INSERT INTO articles (url, seq, source, language, published_at, record, input,
                                               desk, marks)
                         VALUES ($1, $2, $3, $4, $5, '{}', $6, $7, $8) RETURNING id",
                        &[
                            &a.url,
                            &seq,
                            &a.source,
                            &language.as_str(),
                            &at(a.published_at),
                            &input,
                            &desk.as_str(),
                            &marks.bits(),
                        ],
                    )
                    .map_err(sql)?
                    .get(0);
                c.defer(
                    "UPDATE articles SET record = $2 WHERE id = $1",
                    owned![id, json(&member(id, 0))?],
                )
                .map_err(sql)?;
                Ok((id, true))
            }
        }
    }

    /// The stored input of the article at `url`, if any.
    fn article_input(&self, url: &str) -> Result<Option<ArticleInput>, RepoError> {
        let input: Option<String> = self
            .conn()?
            .query_opt("SELECT input FROM articles WHERE url = $1", &[&url])
            .map_err(sql)?
            .and_then(|r| r.get(0));
        input.map(|text| parse(&text)).transpose()
    }

    /// Calls `each` with what behaviour reads of every article published in `[from, to]`:
    /// columns only (the text stays unread).
    fn each_article_facts_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        each: &mut dyn FnMut(StoredArticleFacts) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        let c = self.conn()?;
        // Articles classified by another version of the classifier (or by none: stored
        // before desks and marks were) are classified again from their input, a page at a
        // time (an input holds its body), and keep the result.
        let version: Option<i64> = c
            .query_opt(
                "SELECT value FROM news_meta WHERE name = 'article_marks_version'",
                &[],
            )
            .map_err(sql)?
            .map(|r| r.get(0));
        if version != Some(ARTICLE_MARKS_VERSION) {
            c.execute(
                "UPDATE articles SET desk = NULL, marks = NULL
                 WHERE published_at BETWEEN $1 AND $2 AND desk IS NOT NULL",
                &[&at(from), &at(to)],
            )
            .map_err(sql)?;
            c.execute(
                "INSERT INTO news_meta (name, value) VALUES ('article_marks_version', $1)
                 ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                &[&ARTICLE_MARKS_VERSION],
            )
            .map_err(sql)?;
        }
        loop {
            // A classified row leaves the partial index, so each page is the next (the
            // deferred updates are sent before the next query).
            let page = c
                .query(
                    "SELECT id, input FROM articles WHERE published_at BETWEEN $1 AND $2
                     AND desk IS NULL AND input IS NOT NULL LIMIT 500",
                    &[&at(from), &at(to)],
                )
                .map_err(sql)?;
            for r in &page {
                let id: i64 = r.get(0);
                let input: ArticleInput = parse(r.get::<_, &str>(1))
                    .map_err(|e| internal(format!("article input: {e}")))?;
                let (desk, marks) = article_marks(&input);
                c.defer(
                    "UPDATE articles SET desk = $2, marks = $3 WHERE id = $1",
                    owned![id, desk.as_str().to_string(), marks.bits()],
                )
                .map_err(sql)?;
            }
            if page.len() < 500 {
                break;
            }
        }
        // Small rows, so one query (a month of a large press is some 100,000).
        let rows = c
            .query(
                "SELECT source, story_id, published_at, language, desk, marks FROM articles
                 WHERE published_at BETWEEN $1 AND $2 AND desk IS NOT NULL",
                &[&at(from), &at(to)],
            )
            .map_err(sql)?;
        for r in &rows {
            let story: Option<i64> = r.get(1);
            let marks: Option<i64> = r.get(5);
            each(StoredArticleFacts {
                source: r.get(0),
                story_id: story.unwrap_or(0),
                published_at: DateTime::from_timestamp_nanos(r.get(2)),
                language: Lang::parse_strict(r.get(3)).unwrap_or_default(),
                topic: Topic::parse(r.get(4)).unwrap_or(Topic::General),
                marks: Marks::from_bits(marks.unwrap_or(0)),
            })?;
        }
        Ok(())
    }
}

/// Rows of articles read a page at a time.
const PAGE: i64 = 500;

/// Calls `each` with the columns `id, input, language, story_id, published_at` of every
/// article matching `filter` (over `params`, `$1`…), in publication order.
///
/// SQLite steps through such a query while `each` writes on the same connection; a
/// PostgreSQL connection answers one query at a time, so the rows come in keyset pages
/// instead, each a query of its own: `each` may write between them (memory stays one page,
/// however many articles a full re-clustering reads).
pub(super) fn article_pages(
    conn: &PgConn,
    filter: &str,
    params: &[Param<'_>],
    each: &mut dyn FnMut(&Row) -> Result<(), RepoError>,
) -> Result<(), RepoError> {
    let n = params.len();
    let query = format!(
        "SELECT id, input, language, story_id, published_at FROM articles
         WHERE {filter} AND (published_at, id) > (${}, ${}) ORDER BY published_at, id LIMIT {PAGE}",
        n + 1,
        n + 2
    );
    let (mut after_at, mut after_id) = (i64::MIN, i64::MIN);
    loop {
        let (key_at, key_id) = (after_at, after_id);
        let mut args: Vec<Param<'_>> = params.to_vec();
        args.push(&key_at);
        args.push(&key_id);
        let rows = conn.query(&query, &args).map_err(sql)?;
        let full = rows.len() as i64 == PAGE;
        for r in &rows {
            each(r)?;
        }
        match rows.last() {
            Some(last) if full => {
                after_at = last.get(4);
                after_id = last.get(0);
            }
            _ => return Ok(()),
        }
    }
}

/// Kind of article: an opinion category reads as opinion, else news.
fn story_type(a: &ArticleInput) -> String {
    match a.category.as_deref() {
        Some("opinion") => "opinion".into(),
        Some("press-release") => "press_release".into(),
        _ => "news".into(),
    }
}
