//! The account and key commands (`lashon accounts`, `lashon keys`) and the demo account, over
//! any [`AccountStore`]. Pure like the rest of the module: the caller supplies the time and
//! the random bytes of new keys.

use super::{
    Account, AccountStore, ApiKey, KeyId, KeyKind, KeyRecord, NewAccount, Plan, Scope, ScopeSet,
    StoreError,
};

/// Why an admin command failed.
#[derive(Debug)]
pub enum AdminError {
    Store(StoreError),
    Usage(String),
}

impl std::fmt::Display for AdminError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AdminError::Store(e) => e.fmt(f),
            AdminError::Usage(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for AdminError {}

impl From<StoreError> for AdminError {
    fn from(e: StoreError) -> Self {
        AdminError::Store(e)
    }
}

/// Creates an account; its name must not be blank.
pub fn create_account(
    store: &dyn AccountStore,
    new: &NewAccount,
    now: i64,
) -> Result<Account, AdminError> {
    if new.name.trim().is_empty() {
        return Err(AdminError::Usage("an account needs a name".into()));
    }
    Ok(store.create_account(new, now)?)
}

/// Creates a key for the account named `account` from 64 random bytes; returns the key (to
/// print once) and its record. Without `scopes` the key gets the default set.
pub fn create_key(
    store: &dyn AccountStore,
    account: &str,
    scopes: Option<&str>,
    kind: KeyKind,
    random: &[u8; 64],
    now: i64,
) -> Result<(ApiKey, KeyRecord), AdminError> {
    let account = store
        .account_by_name(account)?
        .ok_or_else(|| AdminError::Usage(format!("no account named {account:?}")))?;
    let scopes = match scopes {
        Some(list) => ScopeSet::parse_list(list).map_err(AdminError::Usage)?,
        None => ScopeSet::default(),
    };
    let key = ApiKey::generate(kind, random);
    let record = store.add_key(&account.id, &key, scopes, now)?;
    Ok((key, record))
}

/// Every key (or those of the account named `account`) with its account's name, newest first.
pub fn list_keys(
    store: &dyn AccountStore,
    account: Option<&str>,
) -> Result<Vec<(KeyRecord, String)>, AdminError> {
    let account = match account {
        Some(name) => Some(
            store
                .account_by_name(name)?
                .ok_or_else(|| AdminError::Usage(format!("no account named {name:?}")))?,
        ),
        None => None,
    };
    let keys = store.keys(account.as_ref().map(|a| &a.id))?;
    let mut out = Vec::with_capacity(keys.len());
    for key in keys {
        let name = store
            .account(&key.account_id)?
            .map(|a| a.name)
            .unwrap_or_default();
        out.push((key, name));
    }
    Ok(out)
}

/// Revokes a key; an unknown or already revoked id is a usage error.
pub fn revoke_key(store: &dyn AccountStore, id: &str, now: i64) -> Result<(), AdminError> {
    if store.revoke_key(&KeyId(id.to_string()), now)? {
        Ok(())
    } else {
        Err(AdminError::Usage(format!(
            "no active key with id {id:?} (see `lashon keys list`)"
        )))
    }
}

/// The demo account and a fresh pair of keys.
pub struct Demo {
    pub account: Account,
    pub live: ApiKey,
    pub sandbox: ApiKey,
}

/// Creates the `demo` account if missing (enterprise plan, so every endpoint answers, export
/// included; clinical enabled), revokes its earlier keys (they were printed once and are gone)
/// and creates a live and a sandbox key with every scope, from two sets of 64 random bytes.
pub fn ensure_demo(
    store: &dyn AccountStore,
    live_random: &[u8; 64],
    sandbox_random: &[u8; 64],
    now: i64,
) -> Result<Demo, AdminError> {
    let account = match store.account_by_name("demo")? {
        Some(a) => a,
        None => store.create_account(
            &NewAccount {
                clinical: true,
                ..NewAccount::new("demo", Plan::Enterprise)
            },
            now,
        )?,
    };
    for key in store.keys(Some(&account.id))? {
        if key.revoked_at.is_none() {
            store.revoke_key(&key.id, now)?;
        }
    }
    let scopes = Scope::ALL.into_iter().fold(ScopeSet::EMPTY, ScopeSet::with);
    let live = ApiKey::generate(KeyKind::Live, live_random);
    store.add_key(&account.id, &live, scopes, now)?;
    let sandbox = ApiKey::generate(KeyKind::Sandbox, sandbox_random);
    store.add_key(&account.id, &sandbox, scopes, now)?;
    Ok(Demo {
        account,
        live,
        sandbox,
    })
}
