//! Webhook endpoints and their delivery queue (migration 4).
//!
//! An endpoint keeps its signing secret (deliveries are signed with it, so it cannot be a
//! hash); it is shown once by the CLI and never listed. The queue holds one row per event and
//! endpoint with its attempts and the time of the next: a restart picks up where the last
//! process stopped, and a delivery in flight when the process died is attempted again
//! (at-least-once, stable event id).

use chrono::{DateTime, Utc};
use lashon_core::news::write::{
    Delivery, Endpoint, EndpointError, WebhookWrites, MAX_ENABLED_ENDPOINTS,
};
use lashon_core::news::RepoError;
use lashon_news::webhook::EventType;
use rusqlite::{params, OptionalExtension, Row};

use super::news::schema::{at, json, sql};
use super::news::NewsWriter;

/// Migration 4.
pub const MIGRATION: &str = "
CREATE TABLE webhook_endpoints (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    url TEXT NOT NULL,
    host TEXT NOT NULL,
    topics TEXT NOT NULL,
    events TEXT NOT NULL,
    secret TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL,
    endpoint_id TEXT NOT NULL,
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL,
    state TEXT NOT NULL,
    last_result TEXT,
    created_at INTEGER NOT NULL,
    UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(state, next_at);
";

fn endpoint_from_row(r: &Row<'_>) -> rusqlite::Result<(Endpoint, String)> {
    let topics: String = r.get(4)?;
    let events: String = r.get(5)?;
    Ok((
        Endpoint {
            id: r.get(0)?,
            account_id: r.get(1)?,
            url: r.get(2)?,
            host: r.get(3)?,
            topics: serde_json::from_str(&topics).unwrap_or_default(),
            events: serde_json::from_str(&events).unwrap_or_default(),
            enabled: r.get::<_, i64>(7)? != 0,
            created_at: r.get(8)?,
        },
        r.get(6)?,
    ))
}

const ENDPOINT_COLUMNS: &str =
    "id, account_id, url, host, topics, events, secret, enabled, created_at";

impl NewsWriter<'_> {
    fn enabled_count(&self, account_id: &str) -> Result<usize, RepoError> {
        let n: i64 = self
            .conn()
            .query_row(
                "SELECT COUNT(*) FROM webhook_endpoints WHERE account_id = ? AND enabled = 1",
                [account_id],
                |r| r.get(0),
            )
            .map_err(sql)?;
        Ok(n.max(0) as usize)
    }
}

impl WebhookWrites for NewsWriter<'_> {
    /// The endpoint `id` with its secret.
    fn endpoint(&self, id: &str) -> Result<Option<(Endpoint, String)>, RepoError> {
        self.conn()
            .query_row(
                &format!("SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ?"),
                [id],
                endpoint_from_row,
            )
            .optional()
            .map_err(sql)
    }

    /// Adds an enabled endpoint; refused when the account has five enabled already.
    fn add_endpoint(&self, e: &Endpoint, secret: &str) -> Result<(), EndpointError> {
        if self.enabled_count(&e.account_id)? >= MAX_ENABLED_ENDPOINTS {
            return Err(EndpointError::TooManyEnabled);
        }
        self.conn()
            .execute(
                &format!("INSERT INTO webhook_endpoints ({ENDPOINT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)"),
                params![
                    e.id,
                    e.account_id,
                    e.url,
                    e.host,
                    json(&e.topics)?,
                    json(&e.events)?,
                    secret,
                    e.created_at
                ],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Enables or disables an endpoint; enabling a sixth is refused.
    fn set_enabled(&self, id: &str, enabled: bool) -> Result<(), EndpointError> {
        let (e, _) = self
            .endpoint(id)?
            .ok_or_else(|| EndpointError::NotFound(id.to_string()))?;
        if enabled && !e.enabled && self.enabled_count(&e.account_id)? >= MAX_ENABLED_ENDPOINTS {
            return Err(EndpointError::TooManyEnabled);
        }
        self.conn()
            .execute(
                "UPDATE webhook_endpoints SET enabled = ? WHERE id = ?",
                params![enabled as i64, id],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Replaces an endpoint's signing secret.
    fn set_secret(&self, id: &str, secret: &str) -> Result<(), EndpointError> {
        let n = self
            .conn()
            .execute(
                "UPDATE webhook_endpoints SET secret = ? WHERE id = ?",
                params![secret, id],
            )
            .map_err(sql)?;
        if n == 0 {
            return Err(EndpointError::NotFound(id.to_string()));
        }
        Ok(())
    }

    /// Every endpoint (secrets left out), oldest first.
    fn endpoints(&self) -> Result<Vec<Endpoint>, RepoError> {
        let mut stmt = self
            .conn()
            .prepare(&format!(
                "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints ORDER BY created_at, id"
            ))
            .map_err(sql)?;
        let rows = stmt.query_map([], endpoint_from_row).map_err(sql)?;
        rows.map(|r| r.map(|(e, _)| e).map_err(sql)).collect()
    }

    /// Queues an event for every enabled endpoint that wants its kind and desk. The event id
    /// is the caller's; one row per endpoint. Returns how many were queued.
    fn enqueue_event(
        &self,
        event_id: &str,
        kind: EventType,
        topic: &str,
        body: &str,
        now: DateTime<Utc>,
    ) -> Result<usize, RepoError> {
        let mut queued = 0;
        for e in self.endpoints()? {
            let wants_kind = e.events.contains(&kind);
            let wants_topic = e.topics.is_empty() || e.topics.iter().any(|t| t == topic);
            if e.enabled && wants_kind && wants_topic {
                queued += self
                    .conn()
                    .execute(
                        "INSERT OR IGNORE INTO webhook_deliveries
                         (event_id, endpoint_id, body, attempts, next_at, state, created_at)
                         VALUES (?, ?, ?, 0, ?, 'pending', ?)",
                        params![event_id, e.id, body, at(now), at(now)],
                    )
                    .map_err(sql)?;
            }
        }
        Ok(queued)
    }

    /// Claims deliveries due at `now`, oldest first, moving their next attempt to
    /// `lease_until` (the transaction holds SQLite's write lock: nobody claims between the
    /// read and the move).
    fn claim_due(
        &self,
        now: DateTime<Utc>,
        limit: usize,
        lease_until: DateTime<Utc>,
    ) -> Result<Vec<Delivery>, RepoError> {
        let mut stmt = self
            .conn()
            .prepare(
                "SELECT d.id, d.event_id, d.body, d.attempts, d.next_at, d.state, d.last_result, d.endpoint_id
                 FROM webhook_deliveries d WHERE d.state = 'pending' AND d.next_at <= ?
                 ORDER BY d.next_at, d.id LIMIT ?",
            )
            .map_err(sql)?;
        let rows = stmt
            .query_map(params![at(now), limit as i64], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, String>(7)?,
                ))
            })
            .map_err(sql)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(sql)?;
        for row in &rows {
            self.conn()
                .execute(
                    "UPDATE webhook_deliveries SET next_at = ? WHERE id = ?",
                    params![at(lease_until), row.0],
                )
                .map_err(sql)?;
        }
        let mut out = Vec::new();
        for (id, event_id, body, attempts, next_at, state, last_result, endpoint_id) in rows {
            let Some((endpoint, secret)) = self.endpoint(&endpoint_id)? else {
                continue;
            };
            out.push(Delivery {
                id,
                event_id,
                endpoint,
                secret,
                body,
                attempts: u32::try_from(attempts).unwrap_or(0),
                next_at: DateTime::from_timestamp_nanos(next_at),
                state,
                last_result,
            });
        }
        Ok(out)
    }

    /// Records an attempt: its result, the attempts so far, and what comes next.
    fn record_attempt(
        &self,
        delivery: i64,
        attempts: u32,
        result: &str,
        state: &str,
        next_at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        self.conn()
            .execute(
                "UPDATE webhook_deliveries SET attempts = ?, last_result = ?, state = ?, next_at = ?
                 WHERE id = ?",
                params![attempts, result, state, at(next_at), delivery],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Every delivery of an event id (tests and the CLI's listing).
    fn deliveries_of(
        &self,
        event_id: &str,
    ) -> Result<Vec<(String, u32, Option<String>)>, RepoError> {
        let mut stmt = self
            .conn()
            .prepare("SELECT state, attempts, last_result FROM webhook_deliveries WHERE event_id = ? ORDER BY id")
            .map_err(sql)?;
        let rows = stmt
            .query_map([event_id], |r| {
                Ok((
                    r.get(0)?,
                    u32::try_from(r.get::<_, i64>(1)?).unwrap_or(0),
                    r.get(2)?,
                ))
            })
            .map_err(sql)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(sql)
    }
}
