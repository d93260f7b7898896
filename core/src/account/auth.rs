//! Authentication: from an `Authorization` header to an account and a key.

use lashon_vocab::{ErrorCode, ErrorType, ServiceError};

use super::key::{ApiKey, KeyHash, ParseKeyError};
use super::scope::Scope;
use super::store::{Account, AccountStore, KeyRecord};

/// Who is calling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthContext {
    pub account: Account,
    pub key: KeyRecord,
}

impl AuthContext {
    /// 403 `scope_required` unless the key carries `scope`.
    pub fn require(&self, scope: Scope) -> Result<(), ServiceError> {
        if self.key.scopes.contains(scope) {
            Ok(())
        } else {
            Err(ServiceError::new(
                ErrorCode::ScopeRequired,
                format!("this key lacks the {} scope", scope.as_str()),
            ))
        }
    }

    /// Clinical operations: the account must have them enabled and the key the `medical`
    /// scope.
    pub fn require_clinical(&self) -> Result<(), ServiceError> {
        if !self.account.clinical {
            return Err(ServiceError::new(
                ErrorCode::Plain(ErrorType::Forbidden),
                "clinical operations are not enabled for this account",
            ));
        }
        self.require(Scope::Medical)
    }
}

fn unauthorized(message: &'static str) -> ServiceError {
    ServiceError::new(ErrorCode::Plain(ErrorType::Unauthorized), message)
}

/// Authenticates the value of an `Authorization` header: 401 for a missing, malformed,
/// unknown or revoked key.
pub fn authenticate(
    store: &dyn AccountStore,
    header: Option<&str>,
) -> Result<AuthContext, ServiceError> {
    let key = ApiKey::from_authorization(header).map_err(|e| match e {
        ParseKeyError::Missing => unauthorized("missing API key: send Authorization: Bearer <key>"),
        ParseKeyError::Malformed => unauthorized(
            "malformed API key: expected Authorization: Bearer lsk_live_… or lsk_test_…",
        ),
    })?;
    let presented = key.hash();
    let found = store.key_and_account(&key.id())?;
    let (record, account) = match found {
        Some((record, account)) => (Some(record), account),
        None => (None, None),
    };
    // Compare against a dummy hash when the id is unknown, so both paths do the same work.
    let dummy = KeyHash("0".repeat(64));
    let stored = record.as_ref().map(|r| &r.hash).unwrap_or(&dummy);
    let matches = stored.matches(&presented);
    let Some(record) = record.filter(|r| matches && r.kind == key.kind()) else {
        return Err(unauthorized("invalid API key"));
    };
    if record.revoked_at.is_some() {
        return Err(unauthorized("this API key has been revoked"));
    }
    let account = account.ok_or_else(|| unauthorized("invalid API key"))?;
    Ok(AuthContext {
        account,
        key: record,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::{KeyKind, MemoryStore, NewAccount, Plan, ScopeSet};

    fn setup() -> (MemoryStore, ApiKey) {
        let store = MemoryStore::default();
        let account = store
            .create_account(&NewAccount::new("acme", Plan::Starter), 0)
            .unwrap();
        let key = ApiKey::generate(KeyKind::Live, &[9; 64]);
        store
            .add_key(&account.id, &key, ScopeSet::default(), 0)
            .unwrap();
        (store, key)
    }

    #[test]
    fn every_failure_is_401() {
        let (store, key) = setup();
        let header = format!("Bearer {}", key.secret());
        assert!(authenticate(&store, Some(&header)).is_ok());
        let cases = [
            None,
            Some("Bearer".to_string()),
            Some("Token abc".to_string()),
            Some(format!("Bearer {}x", key.secret())),
            // Same id, different secret.
            Some(format!("Bearer {}{}", &key.secret()[..21], "z".repeat(28))),
        ];
        for header in cases {
            let err = authenticate(&store, header.as_deref()).unwrap_err();
            assert_eq!(err.http_status(), 401, "{header:?}");
        }
        store.revoke_key(&key.id(), 5).unwrap();
        let err = authenticate(&store, Some(&header)).unwrap_err();
        assert!(err.message.contains("revoked"));
    }

    #[test]
    fn scopes_and_clinical() {
        let (store, key) = setup();
        let ctx = authenticate(&store, Some(&format!("Bearer {}", key.secret()))).unwrap();
        let err = ctx.require_clinical().unwrap_err();
        assert_eq!(err.http_status(), 403);
        let mut ctx = ctx;
        ctx.account.clinical = true;
        assert_eq!(
            ctx.require_clinical().unwrap_err().code,
            ErrorCode::ScopeRequired
        );
        ctx.key.scopes = ctx.key.scopes.with(Scope::Medical);
        assert!(ctx.require_clinical().is_ok());
    }
}
