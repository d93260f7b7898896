//! Articles, idempotent on their URL.

use crate::sqlite::connections::Cached;
use chrono::{DateTime, Utc};
use lashon_core::news::write::*;
use lashon_core::news::RepoError;
use lashon_news::behaviour::Marks;
use lashon_news::record::MemberRecord;
use lashon_news::{Lang, Topic};
use rusqlite::{params, OptionalExtension};

use super::schema::{at, internal, json, parse, sql};
use super::writer::NewsWriter;

/// Each article's desk and behaviour marks, computed when it is stored
/// ([`article_marks`]), and an index that holds every column behaviour reads, so a refresh
/// measures a month of articles without reading their text. Rows stored before are
/// classified at their first refresh ([`ArticleWrites::each_article_facts_between`]),
/// found through a partial index that holds only them (empty once they are: looking for
/// them through the whole month's rows was most of a refresh's reading). The version of
/// the classifier is kept in `news_meta` ([`ARTICLE_MARKS_VERSION`]).
pub const MIGRATION: &str = "
ALTER TABLE articles ADD COLUMN desk TEXT;
ALTER TABLE articles ADD COLUMN marks INTEGER;
CREATE INDEX articles_facts ON articles(published_at, desk, source, story_id, language, marks);
CREATE INDEX articles_unclassified ON articles(published_at) WHERE desk IS NULL AND input IS NOT NULL;
INSERT INTO news_meta (name, value) VALUES ('article_marks_version', 1);
";

impl ArticleWrites for NewsWriter<'_> {
    /// Stores an article, or updates the one with the same URL (never a duplicate). Returns
    /// its id and whether it was new.
    fn ingest(&self, a: &ArticleInput, language: Lang) -> Result<(i64, bool), RepoError> {
        let existing: Option<(i64, Option<String>)> = self
            .conn
            .query_row_cached(
                "SELECT id, input FROM articles WHERE url = ?",
                [&a.url],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(sql)?;
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
                self.conn
                    .execute_cached(
                        "UPDATE articles SET source = ?2, language = ?3, published_at = ?4,
                         record = ?5, input = ?6, pending = 1, desk = ?7, marks = ?8 WHERE id = ?1",
                        params![
                            id,
                            a.source,
                            language.as_str(),
                            at(a.published_at),
                            json(&member(id, 0))?,
                            input,
                            desk.as_str(),
                            marks.bits()
                        ],
                    )
                    .map_err(sql)?;
                Ok((id, false))
            }
            None => {
                let (desk, marks) = classified();
                let seq = self.next_seq()?;
                self.conn
                    .execute_cached(
                        "INSERT INTO articles (url, seq, source, language, published_at, record, input,
                                               desk, marks)
                         VALUES (?1, ?2, ?3, ?4, ?5, '{}', ?6, ?7, ?8)",
                        params![
                            a.url,
                            seq,
                            a.source,
                            language.as_str(),
                            at(a.published_at),
                            input,
                            desk.as_str(),
                            marks.bits()
                        ],
                    )
                    .map_err(sql)?;
                let id = self.conn.last_insert_rowid();
                self.conn
                    .execute_cached(
                        "UPDATE articles SET record = ?2 WHERE id = ?1",
                        params![id, json(&member(id, 0))?],
                    )
                    .map_err(sql)?;
                Ok((id, true))
            }
        }
    }

    /// The stored input of the article at `url`, if any.
    fn article_input(&self, url: &str) -> Result<Option<ArticleInput>, RepoError> {
        let input: Option<Option<String>> = self
            .conn
            .query_row_cached("SELECT input FROM articles WHERE url = ?", [url], |r| {
                r.get(0)
            })
            .optional()
            .map_err(sql)?;
        match input.flatten() {
            Some(text) => Ok(Some(parse(&text)?)),
            None => Ok(None),
        }
    }

    /// Calls `each` with what behaviour reads of every article published in `[from, to]`:
    /// columns only, from the index `articles_facts` (the text stays unread).
    fn each_article_facts_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        each: &mut dyn FnMut(StoredArticleFacts) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        // Articles classified by another version of the classifier (or by none: stored
        // before desks and marks were) are classified again from their input, a page at a
        // time (an input holds its body), and keep the result.
        let version: Option<i64> = self
            .conn
            .query_row_cached(
                "SELECT value FROM news_meta WHERE name = 'article_marks_version'",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql)?;
        if version != Some(ARTICLE_MARKS_VERSION) {
            self.conn
                .execute_cached(
                    "UPDATE articles SET desk = NULL, marks = NULL
                     WHERE published_at BETWEEN ? AND ? AND desk IS NOT NULL",
                    params![at(from), at(to)],
                )
                .map_err(sql)?;
            self.conn
                .execute_cached(
                    "INSERT INTO news_meta (name, value) VALUES ('article_marks_version', ?)
                     ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                    [ARTICLE_MARKS_VERSION],
                )
                .map_err(sql)?;
        }
        loop {
            // A classified row leaves the partial index, so each page is the next.
            let page: Vec<(i64, String)> = {
                let mut stmt = self
                    .conn
                    .prepare_cached(
                        "SELECT id, input FROM articles WHERE published_at BETWEEN ? AND ?
                         AND desk IS NULL AND input IS NOT NULL LIMIT 500",
                    )
                    .map_err(sql)?;
                let rows = stmt
                    .query_map(params![at(from), at(to)], |r| Ok((r.get(0)?, r.get(1)?)))
                    .map_err(sql)?;
                rows.collect::<Result<_, _>>().map_err(sql)?
            };
            for (id, input) in &page {
                let input: ArticleInput =
                    parse(input).map_err(|e| internal(format!("article input: {e}")))?;
                let (desk, marks) = article_marks(&input);
                self.conn
                    .execute_cached(
                        "UPDATE articles SET desk = ?2, marks = ?3 WHERE id = ?1",
                        params![id, desk.as_str(), marks.bits()],
                    )
                    .map_err(sql)?;
            }
            if page.len() < 500 {
                break;
            }
        }
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT source, story_id, published_at, language, desk, marks FROM articles
                 WHERE published_at BETWEEN ? AND ? AND desk IS NOT NULL",
            )
            .map_err(sql)?;
        let mut rows = stmt.query(params![at(from), at(to)]).map_err(sql)?;
        while let Some(r) = rows.next().map_err(sql)? {
            let story: Option<i64> = r.get(1).map_err(sql)?;
            let lang: String = r.get(3).map_err(sql)?;
            let desk: String = r.get(4).map_err(sql)?;
            let marks: Option<i64> = r.get(5).map_err(sql)?;
            each(StoredArticleFacts {
                source: r.get(0).map_err(sql)?,
                story_id: story.unwrap_or(0),
                published_at: DateTime::from_timestamp_nanos(r.get(2).map_err(sql)?),
                language: Lang::parse_strict(&lang).unwrap_or_default(),
                topic: Topic::parse(&desk).unwrap_or(Topic::General),
                marks: Marks::from_bits(marks.unwrap_or(0)),
            })?;
        }
        Ok(())
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
