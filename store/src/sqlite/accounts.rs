//! [`AccountStore`] over SQLite.

use lashon_core::account::{
    Account, AccountId, AccountStore, ApiKey, KeyHash, KeyId, KeyKind, KeyRecord, NewAccount,
    ScopeSet, StoreError, Usage,
};
use lashon_core::terms::{merge_terms, AccountTerm, TermInput, TermTranslations, UpsertError};
use std::sync::Arc;

use rusqlite::{params, OptionalExtension, Row, TransactionBehavior};

use super::caches::generation;
use super::connections::backend;
use super::{random_id, SqliteStore};
use crate::cache::{AUTH, TERMS};

fn account_from_row(row: &Row<'_>) -> rusqlite::Result<Account> {
    let plan: String = row.get(2)?;
    Ok(Account {
        id: AccountId(row.get(0)?),
        name: row.get(1)?,
        plan: plan.parse().unwrap_or(lashon_core::account::Plan::Starter),
        clinical: row.get::<_, i64>(3)? != 0,
        char_quota: row.get::<_, Option<i64>>(4)?.map(|q| q.max(0) as u64),
        created_at: row.get(5)?,
    })
}

const ACCOUNT_COLUMNS: &str = "id, name, plan, clinical, char_quota, created_at";
const KEY_COLUMNS: &str = "id, account_id, kind, scopes, hash, created_at, revoked_at";

fn key_from_row(row: &Row<'_>) -> rusqlite::Result<KeyRecord> {
    let kind: String = row.get(2)?;
    let scopes: String = row.get(3)?;
    Ok(KeyRecord {
        id: KeyId(row.get(0)?),
        account_id: AccountId(row.get(1)?),
        kind: if kind == "sandbox" {
            KeyKind::Sandbox
        } else {
            KeyKind::Live
        },
        // Scopes are written by this program; an unreadable list grants nothing.
        scopes: ScopeSet::parse_list(&scopes).unwrap_or(ScopeSet::EMPTY),
        hash: KeyHash(row.get(4)?),
        created_at: row.get(5)?,
        revoked_at: row.get(6)?,
    })
}

fn term_from_row(row: &Row<'_>) -> rusqlite::Result<AccountTerm> {
    Ok(AccountTerm {
        id: row.get(0)?,
        term: row.get(1)?,
        translations: TermTranslations {
            he: row.get(2)?,
            en: row.get(3)?,
            ru: row.get(4)?,
        },
        note: row.get(5)?,
        created_at: row.get(6)?,
    })
}

const TERM_COLUMNS: &str = "id, term, he, en, ru, note, created_at";

impl AccountStore for SqliteStore {
    fn account_names(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.reader()?;
        let mut stmt = conn
            .prepare("SELECT name FROM accounts ORDER BY created_at, name")
            .map_err(backend)?;
        let rows = stmt.query_map([], |r| r.get(0)).map_err(backend)?;
        rows.collect::<Result<Vec<String>, _>>().map_err(backend)
    }

    fn create_account(&self, new: &NewAccount, now: i64) -> Result<Account, StoreError> {
        let conn = self.writer()?;
        let exists: bool = conn
            .query_row(
                "SELECT EXISTS(SELECT 1 FROM accounts WHERE name = ?1)",
                [&new.name],
                |r| r.get(0),
            )
            .map_err(backend)?;
        if exists {
            return Err(StoreError::AccountExists(new.name.clone()));
        }
        let account = Account {
            id: AccountId(random_id("acct")?),
            name: new.name.clone(),
            plan: new.plan,
            clinical: new.clinical,
            char_quota: new.char_quota,
            created_at: now,
        };
        conn.execute(
            "INSERT INTO accounts (id, name, plan, clinical, char_quota, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                account.id.0,
                account.name,
                account.plan.as_str(),
                account.clinical as i64,
                account.char_quota.map(|q| q.min(i64::MAX as u64) as i64),
                now
            ],
        )
        .map_err(backend)?;
        Ok(account)
    }

    fn account(&self, id: &AccountId) -> Result<Option<Account>, StoreError> {
        let conn = self.reader()?;
        let current = generation(&conn, AUTH)?;
        self.caches.account(current, &id.0, || {
            conn.prepare_cached(&format!(
                "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?1"
            ))
            .map_err(backend)?
            .query_row([&id.0], account_from_row)
            .optional()
            .map_err(backend)
        })
    }

    fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.reader()?
            .query_row(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name = ?1"),
                [name],
                account_from_row,
            )
            .optional()
            .map_err(backend)
    }

    fn add_key(
        &self,
        account: &AccountId,
        key: &ApiKey,
        scopes: ScopeSet,
        now: i64,
    ) -> Result<KeyRecord, StoreError> {
        let record = KeyRecord {
            id: key.id(),
            account_id: account.clone(),
            kind: key.kind(),
            scopes,
            hash: key.hash(),
            created_at: now,
            revoked_at: None,
        };
        let conn = self.writer()?;
        if self_account_missing(&conn, account)? {
            return Err(StoreError::NoSuchAccount(account.0.clone()));
        }
        conn.execute(
            "INSERT INTO api_keys (id, account_id, kind, scopes, hash, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                record.id.0,
                account.0,
                record.kind.as_str(),
                scopes.to_list(),
                record.hash.0,
                now
            ],
        )
        .map_err(backend)?;
        Ok(record)
    }

    fn key(&self, id: &KeyId) -> Result<Option<KeyRecord>, StoreError> {
        let conn = self.reader()?;
        let current = generation(&conn, AUTH)?;
        self.caches.key(current, &id.0, || {
            conn.prepare_cached(&format!("SELECT {KEY_COLUMNS} FROM api_keys WHERE id = ?1"))
                .map_err(backend)?
                .query_row([&id.0], key_from_row)
                .optional()
                .map_err(backend)
        })
    }

    fn keys(&self, account: Option<&AccountId>) -> Result<Vec<KeyRecord>, StoreError> {
        let conn = self.reader()?;
        let sql = format!(
            "SELECT {KEY_COLUMNS} FROM api_keys WHERE ?1 IS NULL OR account_id = ?1
             ORDER BY created_at DESC, rowid DESC"
        );
        let mut stmt = conn.prepare(&sql).map_err(backend)?;
        let rows = stmt
            .query_map([account.map(|a| a.0.as_str())], key_from_row)
            .map_err(backend)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(backend)
    }

    fn revoke_key(&self, id: &KeyId, now: i64) -> Result<bool, StoreError> {
        let conn = self.writer()?;
        let n = conn
            .execute(
                "UPDATE api_keys SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL",
                params![id.0, now],
            )
            .map_err(backend)?;
        Ok(n > 0)
    }

    fn usage(&self, account: &AccountId, month: &str) -> Result<Usage, StoreError> {
        let usage = self
            .reader()?
            .prepare_cached(
                "SELECT live_chars, sandbox_chars, requests FROM usage
                 WHERE account_id = ?1 AND month = ?2",
            )
            .map_err(backend)?
            .query_row(params![account.0, month], usage_from_row)
            .optional()
            .map_err(backend)?;
        Ok(usage.unwrap_or_default())
    }

    fn charge(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
    ) -> Result<Usage, StoreError> {
        let weighted = weighted.min(i64::MAX as u64) as i64;
        let (live, sandbox) = match kind {
            KeyKind::Live => (weighted, 0),
            KeyKind::Sandbox => (0, weighted),
        };
        self.writer()?
            .prepare_cached(
                "INSERT INTO usage (account_id, month, live_chars, sandbox_chars, requests)
                 VALUES (?1, ?2, ?3, ?4, 1)
                 ON CONFLICT (account_id, month) DO UPDATE SET
                   live_chars = live_chars + excluded.live_chars,
                   sandbox_chars = sandbox_chars + excluded.sandbox_chars,
                   requests = requests + 1
                 RETURNING live_chars, sandbox_chars, requests",
            )
            .map_err(backend)?
            .query_row(params![account.0, month, live, sandbox], usage_from_row)
            .map_err(backend)
    }

    fn reserve(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
        limit: u64,
    ) -> Result<Option<Usage>, StoreError> {
        let as_i64 = |n: u64| n.min(i64::MAX as u64) as i64;
        let (live, sandbox) = match kind {
            KeyKind::Live => (as_i64(weighted), 0),
            KeyKind::Sandbox => (0, as_i64(weighted)),
        };
        // One statement, so the check and the addition are one step for every connection
        // and process: the row is created only if the first charge fits, and updated only if
        // the counter of `kind` stays within the limit.
        self.writer()?
            .prepare_cached(
                "INSERT INTO usage (account_id, month, live_chars, sandbox_chars, requests)
                 SELECT ?1, ?2, ?3, ?4, 1 WHERE ?3 + ?4 <= ?5
                 ON CONFLICT (account_id, month) DO UPDATE SET
                   live_chars = live_chars + excluded.live_chars,
                   sandbox_chars = sandbox_chars + excluded.sandbox_chars,
                   requests = requests + 1
                 WHERE (CASE WHEN ?6 = 'live' THEN live_chars ELSE sandbox_chars END) + ?3 + ?4 <= ?5
                 RETURNING live_chars, sandbox_chars, requests",
            )
            .map_err(backend)?
            .query_row(
                params![account.0, month, live, sandbox, as_i64(limit), kind.as_str()],
                usage_from_row,
            )
            .optional()
            .map_err(backend)
    }

    fn refund(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
    ) -> Result<Usage, StoreError> {
        let weighted = weighted.min(i64::MAX as u64) as i64;
        let (live, sandbox) = match kind {
            KeyKind::Live => (weighted, 0),
            KeyKind::Sandbox => (0, weighted),
        };
        self.writer()?
            .prepare_cached(
                "UPDATE usage SET
                   live_chars = MAX(live_chars - ?3, 0),
                   sandbox_chars = MAX(sandbox_chars - ?4, 0),
                   requests = MAX(requests - 1, 0)
                 WHERE account_id = ?1 AND month = ?2
                 RETURNING live_chars, sandbox_chars, requests",
            )
            .map_err(backend)?
            .query_row(params![account.0, month, live, sandbox], usage_from_row)
            .optional()
            .map_err(backend)
            .map(Option::unwrap_or_default)
    }

    fn terms(&self, account: &AccountId) -> Result<Arc<Vec<AccountTerm>>, StoreError> {
        let conn = self.reader()?;
        let current = generation(&conn, TERMS)?;
        self.caches.terms(current, &account.0, || {
            load_terms(&conn, account).map(Arc::new)
        })
    }

    fn upsert_terms(
        &self,
        account: &AccountId,
        inputs: &[TermInput],
        capacity: usize,
        now: i64,
        new_id: &mut dyn FnMut() -> String,
    ) -> Result<Result<Vec<AccountTerm>, UpsertError>, StoreError> {
        let mut conn = self.writer()?;
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(backend)?;
        let existing = load_terms(&tx, account)?;
        let merged = match merge_terms(&existing, inputs, capacity, now, new_id) {
            Ok(m) => m,
            Err(e) => return Ok(Err(e)),
        };
        {
            let mut stmt = tx
                .prepare_cached(
                    "INSERT INTO account_terms (id, account_id, term, he, en, ru, note, created_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                     ON CONFLICT (id) DO UPDATE SET
                       he = excluded.he, en = excluded.en, ru = excluded.ru, note = excluded.note",
                )
                .map_err(backend)?;
            for t in &merged.changed {
                stmt.execute(params![
                    t.id,
                    account.0,
                    t.term,
                    t.translations.he,
                    t.translations.en,
                    t.translations.ru,
                    t.note,
                    t.created_at
                ])
                .map_err(backend)?;
            }
        }
        tx.commit().map_err(backend)?;
        Ok(Ok(merged.result))
    }

    fn delete_term(&self, account: &AccountId, id: &str) -> Result<bool, StoreError> {
        let n = self
            .writer()?
            .execute(
                "DELETE FROM account_terms WHERE account_id = ?1 AND id = ?2",
                params![account.0, id],
            )
            .map_err(backend)?;
        Ok(n > 0)
    }
}

fn usage_from_row(row: &Row<'_>) -> rusqlite::Result<Usage> {
    Ok(Usage {
        live_chars: row.get::<_, i64>(0)?.max(0) as u64,
        sandbox_chars: row.get::<_, i64>(1)?.max(0) as u64,
        requests: row.get::<_, i64>(2)?.max(0) as u64,
    })
}

fn load_terms(
    conn: &rusqlite::Connection,
    account: &AccountId,
) -> Result<Vec<AccountTerm>, StoreError> {
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {TERM_COLUMNS} FROM account_terms WHERE account_id = ?1 ORDER BY rowid"
        ))
        .map_err(backend)?;
    let rows = stmt
        .query_map([&account.0], term_from_row)
        .map_err(backend)?;
    rows.collect::<Result<Vec<_>, _>>().map_err(backend)
}

fn self_account_missing(
    conn: &rusqlite::Connection,
    account: &AccountId,
) -> Result<bool, StoreError> {
    let exists: bool = conn
        .query_row(
            "SELECT EXISTS(SELECT 1 FROM accounts WHERE id = ?1)",
            [&account.0],
            |r| r.get(0),
        )
        .map_err(backend)?;
    Ok(!exists)
}

#[cfg(test)]
mod auth_cache_tests {
    use super::*;
    use lashon_core::account::{NewAccount, Plan};

    #[test]
    fn another_connections_revocation_is_seen_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lashon.db");
        let server = SqliteStore::open(&path).unwrap();
        let cli = SqliteStore::open(&path).unwrap();
        let account = server
            .create_account(&NewAccount::new("acme", Plan::Team), 1)
            .unwrap();
        let key = ApiKey::generate(KeyKind::Live, &[9u8; 64]);
        server
            .add_key(&account.id, &key, ScopeSet::EMPTY, 1)
            .unwrap();
        // Read twice: the second read is from the cache.
        assert!(server.key(&key.id()).unwrap().unwrap().revoked_at.is_none());
        assert!(server.key(&key.id()).unwrap().unwrap().revoked_at.is_none());
        assert!(server.account(&account.id).unwrap().is_some());
        // Another connection revokes: the next read sees it.
        assert!(cli.revoke_key(&key.id(), 2).unwrap());
        assert_eq!(server.key(&key.id()).unwrap().unwrap().revoked_at, Some(2));
        // A key added by this connection after an unknown id was cached is found.
        let other = ApiKey::generate(KeyKind::Sandbox, &[7u8; 64]);
        assert!(server.key(&other.id()).unwrap().is_none());
        server
            .add_key(&account.id, &other, ScopeSet::EMPTY, 3)
            .unwrap();
        assert!(server.key(&other.id()).unwrap().is_some());
    }
}
