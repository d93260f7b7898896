//! The account store: accounts, key records, monthly usage and account terms.

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

use crate::terms::{merge_terms, AccountTerm, TermInput, UpsertError};

use super::key::{ApiKey, KeyHash, KeyId, KeyKind};
use super::plan::Plan;
use super::scope::ScopeSet;

/// An account's id (`acct_…`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccountId(pub String);

impl fmt::Display for AccountId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    pub name: String,
    pub plan: Plan,
    /// Clinical operations enabled.
    pub clinical: bool,
    /// A monthly character quota that replaces the plan's.
    pub char_quota: Option<u64>,
    pub created_at: i64,
}

impl Account {
    /// Weighted characters allowed per month.
    pub fn monthly_chars(&self) -> u64 {
        self.char_quota.unwrap_or(self.plan.monthly_chars())
    }
}

/// What `create_account` needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAccount {
    pub name: String,
    pub plan: Plan,
    pub clinical: bool,
    pub char_quota: Option<u64>,
}

impl NewAccount {
    pub fn new(name: impl Into<String>, plan: Plan) -> Self {
        NewAccount {
            name: name.into(),
            plan,
            clinical: false,
            char_quota: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRecord {
    pub id: KeyId,
    pub account_id: AccountId,
    pub kind: KeyKind,
    pub scopes: ScopeSet,
    pub hash: KeyHash,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
}

/// One month's weighted characters, live and sandbox counted apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Usage {
    pub live_chars: u64,
    pub sandbox_chars: u64,
    pub requests: u64,
}

impl Usage {
    pub fn chars(&self, kind: KeyKind) -> u64 {
        match kind {
            KeyKind::Live => self.live_chars,
            KeyKind::Sandbox => self.sandbox_chars,
        }
    }
}

/// A failure of the store itself (I/O, corruption) or a conflict the caller caused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// An account with this name exists.
    AccountExists(String),
    NoSuchAccount(String),
    /// The database is busy (another writer holds it past the wait): retry shortly, 503.
    Unavailable(String),
    Backend(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::AccountExists(name) => write!(f, "account {name:?} already exists"),
            StoreError::NoSuchAccount(name) => write!(f, "no account {name:?}"),
            StoreError::Unavailable(msg) => write!(f, "store busy: {msg}"),
            StoreError::Backend(msg) => write!(f, "store error: {msg}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<StoreError> for lashon_vocab::ServiceError {
    fn from(e: StoreError) -> Self {
        // The message of a backend error may name files; keep it out of responses.
        match e {
            StoreError::Backend(_) => lashon_vocab::ServiceError::internal("storage failure"),
            StoreError::Unavailable(_) => {
                lashon_vocab::ServiceError::unavailable("the database is busy; retry in a moment")
            }
            other => lashon_vocab::ServiceError::invalid(other.to_string()),
        }
    }
}

/// Where accounts live. Months are `YYYY-MM` (UTC).
pub trait AccountStore: Send + Sync {
    fn create_account(&self, new: &NewAccount, now: i64) -> Result<Account, StoreError>;
    fn account(&self, id: &AccountId) -> Result<Option<Account>, StoreError>;
    fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError>;
    /// The names of every account, oldest first.
    fn account_names(&self) -> Result<Vec<String>, StoreError>;
    fn add_key(
        &self,
        account: &AccountId,
        key: &ApiKey,
        scopes: ScopeSet,
        now: i64,
    ) -> Result<KeyRecord, StoreError>;
    fn key(&self, id: &KeyId) -> Result<Option<KeyRecord>, StoreError>;
    /// A key and its account, as authentication reads them on every request. A backend whose
    /// reads are round trips (PostgreSQL) overrides it to check its caches' freshness once
    /// for both.
    fn key_and_account(
        &self,
        id: &KeyId,
    ) -> Result<Option<(KeyRecord, Option<Account>)>, StoreError> {
        let Some(key) = self.key(id)? else {
            return Ok(None);
        };
        let account = self.account(&key.account_id)?;
        Ok(Some((key, account)))
    }
    /// Every key, or those of one account; newest first.
    fn keys(&self, account: Option<&AccountId>) -> Result<Vec<KeyRecord>, StoreError>;
    /// Revokes a key; false when there is no such key or it was revoked already.
    fn revoke_key(&self, id: &KeyId, now: i64) -> Result<bool, StoreError>;
    fn usage(&self, account: &AccountId, month: &str) -> Result<Usage, StoreError>;
    /// Adds `weighted` characters (and one request) to the month's counter of `kind`.
    fn charge(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
    ) -> Result<Usage, StoreError>;
    /// Adds `weighted` characters and one request to the month's counter of `kind` when the
    /// counter stays within `limit` after it: the check and the addition are one atomic step,
    /// so concurrent requests (on any number of processes sharing the store) never overshoot
    /// the quota. `None`, with nothing added, when it would not fit.
    fn reserve(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
        limit: u64,
    ) -> Result<Option<Usage>, StoreError>;
    /// Takes back `weighted` characters and one request from the month's counter of `kind`
    /// (a reservation whose work failed); never below zero.
    fn refund(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
    ) -> Result<Usage, StoreError>;
    /// The account's terms, oldest first (shared: a store may hand out the same list to every
    /// request until the terms change).
    fn terms(&self, account: &AccountId) -> Result<std::sync::Arc<Vec<AccountTerm>>, StoreError>;
    /// Inserts or updates terms (matched by exact `term` text) atomically, refusing to grow the
    /// list past `capacity`. Returns the stored terms in input order.
    fn upsert_terms(
        &self,
        account: &AccountId,
        inputs: &[TermInput],
        capacity: usize,
        now: i64,
        new_id: &mut dyn FnMut() -> String,
    ) -> Result<Result<Vec<AccountTerm>, UpsertError>, StoreError>;
    /// Deletes a term; false when the account has no such term.
    fn delete_term(&self, account: &AccountId, id: &str) -> Result<bool, StoreError>;
}

/// An [`AccountStore`] in memory, for tests and embedding.
#[derive(Debug, Default)]
pub struct MemoryStore {
    inner: Mutex<MemoryData>,
}

#[derive(Debug, Default)]
struct MemoryData {
    accounts: Vec<Account>,
    keys: Vec<KeyRecord>,
    usage: HashMap<(AccountId, String), Usage>,
    terms: HashMap<AccountId, Vec<AccountTerm>>,
}

impl MemoryStore {
    fn data(&self) -> Result<std::sync::MutexGuard<'_, MemoryData>, StoreError> {
        self.inner
            .lock()
            .map_err(|_| StoreError::Backend("memory store lock poisoned".into()))
    }
}

impl AccountStore for MemoryStore {
    fn create_account(&self, new: &NewAccount, now: i64) -> Result<Account, StoreError> {
        let mut data = self.data()?;
        if data.accounts.iter().any(|a| a.name == new.name) {
            return Err(StoreError::AccountExists(new.name.clone()));
        }
        let account = Account {
            id: AccountId(format!("acct_{}", data.accounts.len() + 1)),
            name: new.name.clone(),
            plan: new.plan,
            clinical: new.clinical,
            char_quota: new.char_quota,
            created_at: now,
        };
        data.accounts.push(account.clone());
        Ok(account)
    }

    fn account(&self, id: &AccountId) -> Result<Option<Account>, StoreError> {
        Ok(self.data()?.accounts.iter().find(|a| a.id == *id).cloned())
    }

    fn account_names(&self) -> Result<Vec<String>, StoreError> {
        let mut accounts = self.data()?.accounts.clone();
        accounts.sort_by(|a, b| (a.created_at, &a.name).cmp(&(b.created_at, &b.name)));
        Ok(accounts.into_iter().map(|a| a.name).collect())
    }

    fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        Ok(self
            .data()?
            .accounts
            .iter()
            .find(|a| a.name == name)
            .cloned())
    }

    fn add_key(
        &self,
        account: &AccountId,
        key: &ApiKey,
        scopes: ScopeSet,
        now: i64,
    ) -> Result<KeyRecord, StoreError> {
        let mut data = self.data()?;
        if !data.accounts.iter().any(|a| a.id == *account) {
            return Err(StoreError::NoSuchAccount(account.0.clone()));
        }
        let record = KeyRecord {
            id: key.id(),
            account_id: account.clone(),
            kind: key.kind(),
            scopes,
            hash: key.hash(),
            created_at: now,
            revoked_at: None,
        };
        data.keys.push(record.clone());
        Ok(record)
    }

    fn key(&self, id: &KeyId) -> Result<Option<KeyRecord>, StoreError> {
        Ok(self.data()?.keys.iter().find(|k| k.id == *id).cloned())
    }

    fn keys(&self, account: Option<&AccountId>) -> Result<Vec<KeyRecord>, StoreError> {
        let data = self.data()?;
        let mut keys: Vec<KeyRecord> = data
            .keys
            .iter()
            .filter(|k| account.is_none_or(|a| k.account_id == *a))
            .cloned()
            .collect();
        keys.reverse();
        Ok(keys)
    }

    fn revoke_key(&self, id: &KeyId, now: i64) -> Result<bool, StoreError> {
        let mut data = self.data()?;
        match data
            .keys
            .iter_mut()
            .find(|k| k.id == *id && k.revoked_at.is_none())
        {
            Some(k) => {
                k.revoked_at = Some(now);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    fn usage(&self, account: &AccountId, month: &str) -> Result<Usage, StoreError> {
        let data = self.data()?;
        Ok(data
            .usage
            .get(&(account.clone(), month.to_string()))
            .copied()
            .unwrap_or_default())
    }

    fn charge(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
    ) -> Result<Usage, StoreError> {
        let mut data = self.data()?;
        let usage = data
            .usage
            .entry((account.clone(), month.to_string()))
            .or_default();
        match kind {
            KeyKind::Live => usage.live_chars += weighted,
            KeyKind::Sandbox => usage.sandbox_chars += weighted,
        }
        usage.requests += 1;
        Ok(*usage)
    }

    fn reserve(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
        limit: u64,
    ) -> Result<Option<Usage>, StoreError> {
        let mut data = self.data()?;
        let usage = data
            .usage
            .entry((account.clone(), month.to_string()))
            .or_default();
        let counter = match kind {
            KeyKind::Live => &mut usage.live_chars,
            KeyKind::Sandbox => &mut usage.sandbox_chars,
        };
        match counter.checked_add(weighted) {
            Some(after) if after <= limit => *counter = after,
            _ => return Ok(None),
        }
        usage.requests += 1;
        Ok(Some(*usage))
    }

    fn refund(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
    ) -> Result<Usage, StoreError> {
        let mut data = self.data()?;
        let usage = data
            .usage
            .entry((account.clone(), month.to_string()))
            .or_default();
        match kind {
            KeyKind::Live => usage.live_chars = usage.live_chars.saturating_sub(weighted),
            KeyKind::Sandbox => usage.sandbox_chars = usage.sandbox_chars.saturating_sub(weighted),
        }
        usage.requests = usage.requests.saturating_sub(1);
        Ok(*usage)
    }

    fn terms(&self, account: &AccountId) -> Result<std::sync::Arc<Vec<AccountTerm>>, StoreError> {
        Ok(std::sync::Arc::new(
            self.data()?.terms.get(account).cloned().unwrap_or_default(),
        ))
    }

    fn upsert_terms(
        &self,
        account: &AccountId,
        inputs: &[TermInput],
        capacity: usize,
        now: i64,
        new_id: &mut dyn FnMut() -> String,
    ) -> Result<Result<Vec<AccountTerm>, UpsertError>, StoreError> {
        let mut data = self.data()?;
        let existing = data.terms.entry(account.clone()).or_default();
        let merged = match merge_terms(existing, inputs, capacity, now, new_id) {
            Ok(m) => m,
            Err(e) => return Ok(Err(e)),
        };
        for term in &merged.changed {
            match existing.iter_mut().find(|t| t.id == term.id) {
                Some(slot) => *slot = term.clone(),
                None => existing.push(term.clone()),
            }
        }
        Ok(Ok(merged.result))
    }

    fn delete_term(&self, account: &AccountId, id: &str) -> Result<bool, StoreError> {
        let mut data = self.data()?;
        let Some(terms) = data.terms.get_mut(account) else {
            return Ok(false);
        };
        let before = terms.len();
        terms.retain(|t| t.id != id);
        Ok(terms.len() < before)
    }
}
