//! A shared handle is a store: `Arc<S>` implements every storage port `S` does, `S` a trait
//! object too. A program that picks its backend at run time (the `lashon` binary: SQLite or
//! PostgreSQL by `--db`) holds an `Arc<dyn ServiceStore>` and hands it to code written for
//! any `S: NewsStore + Clone` (the crawler, clustering on a worker thread, webhook delivery).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use lashon_news::cursor::{ChangeKey, MemberKey, ThreadKey};
use lashon_news::export::ExportRecord;
use lashon_news::record::{
    BriefRecord, ChangeRecord, CrawlRun, MemberRecord, PersonRecord, SignalRecord, StoryRecord,
    ThreadRecord,
};
use lashon_news::types::{Behaviour, Newsroom};
use lashon_news::Topic;

use super::{AccountStore, NewsRepository, NewsStore, NewsWrite, ServiceStore};
use crate::account::{
    Account, AccountId, ApiKey, KeyId, KeyKind, KeyRecord, NewAccount, ScopeSet, StoreError, Usage,
};
use crate::news::{ExportQuery, RepoError, SignalQuery, StoryQuery};
use crate::terms::{AccountTerm, TermInput, UpsertError};

impl<S: AccountStore + ?Sized> AccountStore for Arc<S> {
    fn create_account(&self, new: &NewAccount, now: i64) -> Result<Account, StoreError> {
        (**self).create_account(new, now)
    }
    fn account(&self, id: &AccountId) -> Result<Option<Account>, StoreError> {
        (**self).account(id)
    }
    fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        (**self).account_by_name(name)
    }
    fn account_names(&self) -> Result<Vec<String>, StoreError> {
        (**self).account_names()
    }
    fn add_key(
        &self,
        account: &AccountId,
        key: &ApiKey,
        scopes: ScopeSet,
        now: i64,
    ) -> Result<KeyRecord, StoreError> {
        (**self).add_key(account, key, scopes, now)
    }
    fn key(&self, id: &KeyId) -> Result<Option<KeyRecord>, StoreError> {
        (**self).key(id)
    }
    fn key_and_account(
        &self,
        id: &KeyId,
    ) -> Result<Option<(KeyRecord, Option<Account>)>, StoreError> {
        (**self).key_and_account(id)
    }
    fn keys(&self, account: Option<&AccountId>) -> Result<Vec<KeyRecord>, StoreError> {
        (**self).keys(account)
    }
    fn revoke_key(&self, id: &KeyId, now: i64) -> Result<bool, StoreError> {
        (**self).revoke_key(id, now)
    }
    fn usage(&self, account: &AccountId, month: &str) -> Result<Usage, StoreError> {
        (**self).usage(account, month)
    }
    fn charge(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
    ) -> Result<Usage, StoreError> {
        (**self).charge(account, month, kind, weighted)
    }
    fn reserve(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
        limit: u64,
    ) -> Result<Option<Usage>, StoreError> {
        (**self).reserve(account, month, kind, weighted, limit)
    }
    fn refund(
        &self,
        account: &AccountId,
        month: &str,
        kind: KeyKind,
        weighted: u64,
    ) -> Result<Usage, StoreError> {
        (**self).refund(account, month, kind, weighted)
    }
    fn terms(&self, account: &AccountId) -> Result<Arc<Vec<AccountTerm>>, StoreError> {
        (**self).terms(account)
    }
    fn upsert_terms(
        &self,
        account: &AccountId,
        inputs: &[TermInput],
        capacity: usize,
        now: i64,
        new_id: &mut dyn FnMut() -> String,
    ) -> Result<Result<Vec<AccountTerm>, UpsertError>, StoreError> {
        (**self).upsert_terms(account, inputs, capacity, now, new_id)
    }
    fn delete_term(&self, account: &AccountId, id: &str) -> Result<bool, StoreError> {
        (**self).delete_term(account, id)
    }
}

impl<S: NewsRepository + ?Sized> NewsRepository for Arc<S> {
    fn newsrooms(&self) -> Result<Vec<Newsroom>, RepoError> {
        (**self).newsrooms()
    }
    fn newsroom(&self, key: &str) -> Result<Option<Newsroom>, RepoError> {
        (**self).newsroom(key)
    }
    fn stories(&self, query: &StoryQuery) -> Result<Vec<StoryRecord>, RepoError> {
        (**self).stories(query)
    }
    fn story(&self, id: i64) -> Result<Option<StoryRecord>, RepoError> {
        (**self).story(id)
    }
    fn successor(&self, id: i64) -> Result<Option<i64>, RepoError> {
        (**self).successor(id)
    }
    fn former_thread(&self, id: i64) -> Result<Option<Option<i64>>, RepoError> {
        (**self).former_thread(id)
    }
    fn members(
        &self,
        story_id: i64,
        after: Option<MemberKey>,
        limit: Option<usize>,
    ) -> Result<Vec<MemberRecord>, RepoError> {
        (**self).members(story_id, after, limit)
    }
    fn threads(
        &self,
        min_nodes: u32,
        after: Option<ThreadKey>,
        limit: usize,
    ) -> Result<Vec<ThreadRecord>, RepoError> {
        (**self).threads(min_nodes, after, limit)
    }
    fn thread(&self, id: i64) -> Result<Option<ThreadRecord>, RepoError> {
        (**self).thread(id)
    }
    fn thread_arc(&self, id: i64, limit: usize) -> Result<Vec<StoryRecord>, RepoError> {
        (**self).thread_arc(id, limit)
    }
    fn signals(&self, query: &SignalQuery) -> Result<Vec<(SignalRecord, StoryRecord)>, RepoError> {
        (**self).signals(query)
    }
    fn changes(
        &self,
        since: DateTime<Utc>,
        after: Option<ChangeKey>,
        limit: usize,
    ) -> Result<Vec<ChangeRecord>, RepoError> {
        (**self).changes(since, after, limit)
    }
    fn crawl_runs(&self, key: &str, since: DateTime<Utc>) -> Result<Vec<CrawlRun>, RepoError> {
        (**self).crawl_runs(key, since)
    }
    fn behaviour(&self, key: &str) -> Result<Option<Behaviour>, RepoError> {
        (**self).behaviour(key)
    }
    fn topic_volumes(&self, since: DateTime<Utc>) -> Result<Vec<(Topic, u64)>, RepoError> {
        (**self).topic_volumes(since)
    }
    fn people_mentioned(
        &self,
        since: DateTime<Utc>,
    ) -> Result<Vec<(PersonRecord, u32)>, RepoError> {
        (**self).people_mentioned(since)
    }
    fn person(
        &self,
        id: i64,
        since: DateTime<Utc>,
    ) -> Result<Option<(PersonRecord, u32)>, RepoError> {
        (**self).person(id, since)
    }
    fn brief(&self) -> Result<Option<BriefRecord>, RepoError> {
        (**self).brief()
    }
    fn export_cutoff(&self) -> Result<i64, RepoError> {
        (**self).export_cutoff()
    }
    fn export(&self, query: &ExportQuery) -> Result<Vec<ExportRecord>, RepoError> {
        (**self).export(query)
    }
}

impl<S: NewsStore + ?Sized> NewsStore for Arc<S> {
    fn transaction(
        &self,
        f: &mut dyn FnMut(&dyn NewsWrite) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        (**self).transaction(f)
    }
    fn people(&self) -> Result<Vec<PersonRecord>, RepoError> {
        (**self).people()
    }
    fn count_news_request(&self, account: &str, month: &str) -> Result<u64, RepoError> {
        (**self).count_news_request(account, month)
    }
    fn cursor_key(&self) -> Result<Vec<u8>, RepoError> {
        (**self).cursor_key()
    }
    fn try_lease(
        &self,
        name: &str,
        holder: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        (**self).try_lease(name, holder, until, now)
    }
    fn release_lease(&self, name: &str, holder: &str) -> Result<(), RepoError> {
        (**self).release_lease(name, holder)
    }
}

impl<S: ServiceStore + ?Sized> ServiceStore for Arc<S> {
    fn is_healthy(&self) -> bool {
        (**self).is_healthy()
    }
}
