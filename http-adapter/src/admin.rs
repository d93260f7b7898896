//! The account and key commands, and the demo account.

use lashon_core::account::{
    Account, AccountStore, ApiKey, KeyId, KeyKind, KeyRecord, NewAccount, Plan, Scope, ScopeSet,
    StoreError,
};

use crate::server::now;
use crate::store::Store;

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

fn random_key(kind: KeyKind) -> Result<ApiKey, AdminError> {
    let mut random = [0u8; 64];
    getrandom::fill(&mut random)
        .map_err(|e| AdminError::Usage(format!("no random numbers from the OS: {e}")))?;
    Ok(ApiKey::generate(kind, &random))
}

pub fn create_account(store: &Store, new: &NewAccount) -> Result<Account, AdminError> {
    if new.name.trim().is_empty() {
        return Err(AdminError::Usage("an account needs a name".into()));
    }
    Ok(store.create_account(new, now())?)
}

/// Creates a key for the account named `account`; returns the key (to print once) and its
/// record.
pub fn create_key(
    store: &Store,
    account: &str,
    scopes: Option<&str>,
    kind: KeyKind,
) -> Result<(ApiKey, KeyRecord), AdminError> {
    let account = store
        .account_by_name(account)?
        .ok_or_else(|| AdminError::Usage(format!("no account named {account:?}")))?;
    let scopes = match scopes {
        Some(list) => ScopeSet::parse_list(list).map_err(AdminError::Usage)?,
        None => ScopeSet::default(),
    };
    let key = random_key(kind)?;
    let record = store.add_key(&account.id, &key, scopes, now())?;
    Ok((key, record))
}

pub fn list_keys(
    store: &Store,
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

pub fn revoke_key(store: &Store, id: &str) -> Result<(), AdminError> {
    if store.revoke_key(&KeyId(id.to_string()), now())? {
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

/// Creates the `demo` account (team plan, clinical enabled) if missing, revokes its earlier
/// keys (they were printed once and are gone) and creates a live and a sandbox key with every
/// scope.
pub fn ensure_demo(store: &Store) -> Result<Demo, AdminError> {
    let account = match store.account_by_name("demo")? {
        Some(a) => a,
        None => store.create_account(
            &NewAccount {
                clinical: true,
                ..NewAccount::new("demo", Plan::Team)
            },
            now(),
        )?,
    };
    for key in store.keys(Some(&account.id))? {
        if key.revoked_at.is_none() {
            store.revoke_key(&key.id, now())?;
        }
    }
    let scopes = Scope::ALL.into_iter().fold(ScopeSet::EMPTY, ScopeSet::with);
    let live = random_key(KeyKind::Live)?;
    store.add_key(&account.id, &live, scopes, now())?;
    let sandbox = random_key(KeyKind::Sandbox)?;
    store.add_key(&account.id, &sandbox, scopes, now())?;
    Ok(Demo {
        account,
        live,
        sandbox,
    })
}
