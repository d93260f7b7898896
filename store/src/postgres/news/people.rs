//! People and their mentions.

use chrono::{DateTime, Utc};
use lashon_core::news::write::*;
use lashon_core::news::RepoError;
use lashon_news::record::PersonRecord;

use super::schema::{at, json};
use super::writer::PgWriter;
use crate::postgres::connections::{owned, sql};

impl PeopleWrites for PgWriter<'_> {
    /// Adds or replaces a person with their aliases.
    fn put_person(&self, p: &PersonRecord) -> Result<(), RepoError> {
        let c = self.conn()?;
        c.execute(
            "INSERT INTO people (id, record) VALUES ($1, $2)
             ON CONFLICT (id) DO UPDATE SET record = excluded.record",
            &[&p.id, &json(p)?],
        )
        .map_err(sql)?;
        c.execute("DELETE FROM person_aliases WHERE person_id = $1", &[&p.id])
            .map_err(sql)?;
        for a in &p.aliases {
            c.execute(
                "INSERT INTO person_aliases (person_id, alias, display, status) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (person_id, alias) DO UPDATE SET display = excluded.display,
                   status = excluded.status",
                &[&p.id, &a.alias, &a.display, &a.status],
            )
            .map_err(sql)?;
        }
        Ok(())
    }

    /// Adds a person unless one with the same id is stored (an edited record stays).
    /// Returns whether it was added.
    fn add_person_if_absent(&self, p: &PersonRecord) -> Result<bool, RepoError> {
        let present = self
            .conn()?
            .query_opt("SELECT id FROM people WHERE id = $1", &[&p.id])
            .map_err(sql)?;
        if present.is_some() {
            return Ok(false);
        }
        self.put_person(p)?;
        Ok(true)
    }

    /// Records one mention of a person.
    fn add_mention(&self, person_id: i64, when: DateTime<Utc>) -> Result<(), RepoError> {
        self.conn()?
            .execute(
                "INSERT INTO mentions (person_id, at) VALUES ($1, $2)",
                &[&person_id, &at(when)],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Removes every mention (before counting them again).
    fn clear_mentions(&self) -> Result<(), RepoError> {
        self.conn()?
            .execute("DELETE FROM mentions", &[])
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
        let c = self.conn()?;
        c.defer(
            "DELETE FROM mentions WHERE article_id = $1",
            owned![article_id],
        )
        .map_err(sql)?;
        for p in people {
            c.defer(
                "INSERT INTO mentions (person_id, at, article_id) VALUES ($1, $2, $3)",
                owned![*p, at(when), article_id],
            )
            .map_err(sql)?;
        }
        Ok(())
    }
}
