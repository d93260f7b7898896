//! Accounts, API keys, scopes, plans, the rate limit and the character quota.
//!
//! Everything here is pure: keys are generated from random bytes the caller supplies, the
//! rate limiter is told the time, and accounts live behind the [`AccountStore`] trait (an
//! in-memory implementation, [`MemoryStore`], serves tests; `lashon-store` keeps them in SQLite).
//!
//! ```
//! use lashon_core::account::{
//!     authenticate, ApiKey, AccountStore, KeyKind, MemoryStore, NewAccount, Plan, ScopeSet,
//! };
//!
//! let store = MemoryStore::default();
//! let account = store
//!     .create_account(&NewAccount::new("acme", Plan::Team), 1_700_000_000)
//!     .unwrap();
//! let key = ApiKey::generate(KeyKind::Live, &[7u8; 64]);
//! store.add_key(&account.id, &key, ScopeSet::default(), 1_700_000_000).unwrap();
//!
//! let ctx = authenticate(&store, Some(&format!("Bearer {}", key.secret()))).unwrap();
//! assert_eq!(ctx.account.name, "acme");
//! assert!(authenticate(&store, Some("Bearer lsk_live_nope")).is_err());
//! ```

pub mod admin;
mod auth;
mod cost;
mod key;
mod plan;
mod rate;
mod scope;
mod store;

pub use auth::{authenticate, AuthContext};
pub use cost::{Charge, Operation, Tier};
pub use key::{ApiKey, KeyHash, KeyId, KeyKind, ParseKeyError};
pub use plan::Plan;
pub use rate::{RateDecision, RateLimiter, RateWindows};
pub use scope::{Scope, ScopeSet};
pub use store::{
    Account, AccountId, AccountStore, KeyRecord, MemoryStore, NewAccount, StoreError, Usage,
};
