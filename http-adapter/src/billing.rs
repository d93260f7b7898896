//! Charging a request against the monthly quota.
//!
//! A handler computes the [`Charge`] of its request, checks it fits before doing the work
//! (429 `quota_exceeded` otherwise), and records it only after the work succeeded: a request
//! that fails is not charged.

use lashon_core::account::{AccountStore, AuthContext, Charge, Usage};
use lashon_core::ServiceError;

use crate::server::{now, AppState};

/// Runs `work` if `charge` fits the caller's month, then records the charge.
pub async fn charged<T, F>(
    state: &AppState,
    ctx: &AuthContext,
    charge: Charge,
    work: F,
) -> Result<(T, Option<Usage>), ServiceError>
where
    F: FnOnce() -> Result<T, ServiceError> + Send + 'static,
    T: Send + 'static,
{
    if charge.weighted == 0 {
        let value = run_blocking(work).await?;
        return Ok((value, None));
    }
    let month = lashon_core::time::month(now());
    let usage = state.store.usage(&ctx.account.id, &month)?;
    charge.check_quota(usage.chars(ctx.key.kind), ctx.account.monthly_chars())?;
    let value = run_blocking(work).await?;
    let usage = state
        .store
        .charge(&ctx.account.id, &month, ctx.key.kind, charge.weighted)?;
    Ok((value, Some(usage)))
}

async fn run_blocking<T, F>(work: F) -> Result<T, ServiceError>
where
    F: FnOnce() -> Result<T, ServiceError> + Send + 'static,
    T: Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| ServiceError::internal("the operation failed"))?
}
