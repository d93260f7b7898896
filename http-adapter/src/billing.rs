//! Charging a request against the monthly quota.
//!
//! A handler computes the [`Charge`] of its request and reserves it before doing the work:
//! the store adds it to the account's month only if it fits, in one atomic step, so any
//! number of concurrent requests (on any number of server processes) admit exactly what the
//! quota holds; one that does not fit is 429 `quota_exceeded`. The reservation is kept when
//! the work succeeds and given back when it fails or is abandoned (the client went away and
//! the handler was dropped): a request that fails is not charged.

use std::future::Future;
use std::sync::Arc;

use lashon_core::account::{AccountId, AuthContext, Charge, KeyKind, Usage};
use lashon_core::ports::ServiceStore;
use lashon_core::ServiceError;

use crate::server::{now, AppState};

/// Characters taken from an account's month for a request in flight. Dropped without
/// [`Reservation::keep`], they are given back.
#[must_use = "a reservation dropped without keep() is refunded"]
pub struct Reservation {
    store: Arc<dyn ServiceStore>,
    account: AccountId,
    month: String,
    kind: KeyKind,
    weighted: u64,
    usage: Usage,
    kept: bool,
}

impl Reservation {
    /// The work succeeded: the characters stay charged. Returns the account's usage with them.
    pub fn keep(mut self) -> Usage {
        self.kept = true;
        self.usage
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if self.kept {
            return;
        }
        // Given back before the response (or the stream's last event) leaves: a client that
        // sees the failure and then asks for its usage must find the characters returned. A
        // write on the calling thread, like the reservation itself (when it ran off the
        // thread, a usage read right after the error could see the charge: a flaky test
        // under load showed it).
        if let Err(e) = self
            .store
            .refund(&self.account, &self.month, self.kind, self.weighted)
        {
            // The characters stay charged: logged so an operator can correct the count.
            tracing::error!(account = %self.account, weighted = self.weighted, error = %e, "refund failed");
        }
    }
}

/// Reserves `charge` from the caller's month: `None` for a free request, 429
/// `quota_exceeded` when it does not fit.
pub fn reserve(
    state: &AppState,
    ctx: &AuthContext,
    charge: Charge,
) -> Result<Option<Reservation>, ServiceError> {
    if charge.weighted == 0 {
        return Ok(None);
    }
    let month = lashon_core::time::month(now());
    let limit = ctx.account.monthly_chars();
    let kind = ctx.key.kind;
    match state
        .store
        .reserve(&ctx.account.id, &month, kind, charge.weighted, limit)?
    {
        Some(usage) => Ok(Some(Reservation {
            store: state.store.clone(),
            account: ctx.account.id.clone(),
            month,
            kind,
            weighted: charge.weighted,
            usage,
            kept: false,
        })),
        None => {
            let used = state.store.usage(&ctx.account.id, &month)?.chars(kind);
            Err(charge.exceeded(used, limit))
        }
    }
}

/// Keeps a reservation after the work succeeded; the account's usage after it.
pub fn settle(
    state: &AppState,
    ctx: &AuthContext,
    reservation: Option<Reservation>,
) -> Option<Usage> {
    let usage = reservation?.keep();
    let month = lashon_core::time::month(now());
    state.usage.put(&ctx.account.id, &month, usage);
    Some(usage)
}

/// Runs `work` on a blocking thread if `charge` fits the caller's month, charging it only
/// when it succeeds.
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
    let reservation = reserve(state, ctx, charge)?;
    let value = run_blocking(work).await?;
    Ok((value, settle(state, ctx, reservation)))
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
    let reservation = reserve(state, ctx, charge)?;
    let value = run_future(make).await?;
    Ok((value, settle(state, ctx, reservation)))
}

/// Runs a future made by `make` on a blocking thread, driven by the current runtime. When the
/// caller stops waiting (the request's deadline passed, or its client went away and the
/// handler was dropped), the future is dropped at its next await — a model call in flight is
/// abandoned rather than left to run out its own timeout on a blocking thread.
pub async fn run_future<T, F, Fut>(make: F) -> Result<T, ServiceError>
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: Future<Output = Result<T, ServiceError>>,
    T: Send + 'static,
{
    let handle = tokio::runtime::Handle::current();
    // Dropped with this future: the receiver then completes and the work below stops.
    let (_abandon, abandoned) = tokio::sync::oneshot::channel::<()>();
    tokio::task::spawn_blocking(move || {
        handle.block_on(async move {
            tokio::select! {
                result = make() => result,
                _ = abandoned => Err(ServiceError::unavailable("the request was abandoned")),
            }
        })
    })
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
