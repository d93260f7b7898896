//! Charging a request against the monthly quota.
//!
//! A handler computes the [`Charge`] of its request, checks it fits before doing the work
//! (429 `quota_exceeded` otherwise), and records it only after the work succeeded: a request
//! that fails is not charged.

use std::future::Future;

use lashon_core::account::{AuthContext, Charge, Usage};
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

/// Like [`charged`] for work that is a future (the translation pipeline, which awaits the
/// model). The future runs on a blocking thread, so its CPU work (span finding, checks, the
/// nikud model) never holds up the server's workers, while its model call still uses the
/// server's runtime.
pub async fn charged_future<T, F, Fut>(
    state: &AppState,
    ctx: &AuthContext,
    charge: Charge,
    make: F,
) -> Result<(T, Option<Usage>), ServiceError>
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: Future<Output = Result<T, ServiceError>>,
    T: Send + 'static,
{
    check_quota(state, ctx, charge)?;
    let value = run_future(make).await?;
    let usage = record(state, ctx, charge)?;
    Ok((value, usage))
}

/// 429 `quota_exceeded` unless `charge` fits the caller's month.
pub fn check_quota(
    state: &AppState,
    ctx: &AuthContext,
    charge: Charge,
) -> Result<(), ServiceError> {
    if charge.weighted == 0 {
        return Ok(());
    }
    let month = lashon_core::time::month(now());
    let usage = state.store.usage(&ctx.account.id, &month)?;
    charge.check_quota(usage.chars(ctx.key.kind), ctx.account.monthly_chars())
}

/// Records `charge` after the work succeeded; the account's usage after it.
pub fn record(
    state: &AppState,
    ctx: &AuthContext,
    charge: Charge,
) -> Result<Option<Usage>, ServiceError> {
    if charge.weighted == 0 {
        return Ok(None);
    }
    let month = lashon_core::time::month(now());
    let usage = state
        .store
        .charge(&ctx.account.id, &month, ctx.key.kind, charge.weighted)?;
    state.usage.put(&ctx.account.id, &month, usage);
    Ok(Some(usage))
}

/// Runs a future made by `make` on a blocking thread, driven by the current runtime.
pub async fn run_future<T, F, Fut>(make: F) -> Result<T, ServiceError>
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: Future<Output = Result<T, ServiceError>>,
    T: Send + 'static,
{
    let handle = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || handle.block_on(make()))
        .await
        .map_err(|_| ServiceError::internal("the operation failed"))?
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
