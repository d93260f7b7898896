//! People and their mentions.

use crate::sqlite::connections::Cached;
use chrono::{DateTime, Utc};
use lashon_core::news::write::*;
use lashon_core::news::RepoError;
use lashon_news::record::PersonRecord;
use rusqlite::{params, OptionalExtension};

use super::schema::{at, json, sql};
use super::writer::NewsWriter;

impl PeopleWrites for NewsWriter<'_> {
    /// Adds or replaces a person with their aliases.
    fn put_person(&self, p: &PersonRecord) -> Result<(), RepoError> {
        let c = self.conn;
        c.execute_cached(
            "INSERT OR REPLACE INTO people (id, record) VALUES (?, ?)",
            params![p.id, json(p)?],
        )
        .map_err(sql)?;
        c.execute_cached("DELETE FROM person_aliases WHERE person_id = ?", [p.id])
            .map_err(sql)?;
        for a in &p.aliases {
            c.execute_cached(
                "INSERT OR REPLACE INTO person_aliases (person_id, alias, display, status) VALUES (?, ?, ?, ?)",
                params![p.id, a.alias, a.display, a.status],
            )
            .map_err(sql)?;
        }
        Ok(())
    }

    /// Adds a person unless one with the same id is stored (an edited record stays).
    /// Returns whether it was added.
    fn add_person_if_absent(&self, p: &PersonRecord) -> Result<bool, RepoError> {
        let present: Option<i64> = self
            .conn
            .query_row_cached("SELECT id FROM people WHERE id = ?", [p.id], |r| r.get(0))
            .optional()
            .map_err(sql)?;
        if present.is_some() {
            return Ok(false);
        }
        self.put_person(p)?;
        Ok(true)
    }

    /// Records one mention of a person.
    fn add_mention(&self, person_id: i64, when: DateTime<Utc>) -> Result<(), RepoError> {
        self.conn
            .execute_cached(
                "INSERT INTO mentions (person_id, at) VALUES (?, ?)",
                params![person_id, at(when)],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Removes every mention (before counting them again).
    fn clear_mentions(&self) -> Result<(), RepoError> {
        self.conn
            .execute_cached("DELETE FROM mentions", [])
            .map_err(sql)?;
        Ok(())
    }

    /// Replaces the mentions found in one article.
    fn set_article_mentions(
        &self,
        article_id: i64,
        when: DateTime<Utc>,
        people: &[i64],
    ) -> Result<(), RepoError> {
        let c = self.conn();
        c.prepare_cached("DELETE FROM mentions WHERE article_id = ?")
            .map_err(sql)?
            .execute([article_id])
            .map_err(sql)?;
        let mut insert = c
            .prepare_cached("INSERT INTO mentions (person_id, at, article_id) VALUES (?, ?, ?)")
            .map_err(sql)?;
        for p in people {
            insert
                .execute(params![p, at(when), article_id])
                .map_err(sql)?;
        }
        Ok(())
    }
}
