//! The news service's middleware (spec, "Authentication" and "Limits"): the key, the scope of
//! the endpoint, the per-minute rate and the monthly quota of the account's plan, and the
//! headers `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `Retry-After`. Every failure
//! answers with the news envelope `{error:{code,message}}`.

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, RETRY_AFTER};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::{Datelike, TimeZone, Utc};
use lashon_core::account::{authenticate, Plan, RateDecision, Scope};
use lashon_news::{NewsError, NewsErrorCode};

use crate::server::{now, AppState};

/// A news error as a response.
pub struct NewsFailure(pub NewsError);

impl IntoResponse for NewsFailure {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.0.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        match self.0.code() {
            // The store's own failures: logged (their text names no request content).
            NewsErrorCode::Internal => tracing::error!(error = %self.0.message(), "news failure"),
            NewsErrorCode::ServiceUnavailable => {
                tracing::warn!(error = %self.0.message(), "news store busy; answered 503")
            }
            _ => {}
        }
        let mut response = (status, Json(self.0.envelope())).into_response();
        if self.0.code() == NewsErrorCode::ServiceUnavailable {
            response.headers_mut().insert(
                RETRY_AFTER,
                HeaderValue::from_static(crate::error::RETRY_AFTER_BUSY),
            );
        }
        response
    }
}

/// Requests per minute and per UTC month of a plan (spec, "Limits").
pub fn plan_limits(plan: Plan) -> (u32, u64) {
    match plan {
        Plan::Starter => (60, 10_000),
        Plan::Team => (300, 100_000),
        Plan::Enterprise => (1_000, 1_000_000),
    }
}

fn set(headers: &mut HeaderMap, name: &'static str, value: impl ToString) {
    if let Ok(v) = HeaderValue::from_str(&value.to_string()) {
        headers.insert(name, v);
    }
}

/// Seconds until the next UTC month starts (when `quota_exceeded` clears, "Limits" 3).
fn seconds_to_next_month(now: i64) -> i64 {
    let t = Utc.timestamp_opt(now, 0).single().unwrap_or_default();
    let (y, m) = if t.month() == 12 {
        (t.year() + 1, 1)
    } else {
        (t.year(), t.month() + 1)
    };
    Utc.with_ymd_and_hms(y, m, 1, 0, 0, 0)
        .single()
        .map_or(1, |next| (next.timestamp() - now).max(1))
}

fn limited(code: NewsErrorCode, message: String, limit: u32, retry_after: i64) -> Response {
    let mut res = NewsFailure(NewsError::new(code, message)).into_response();
    let headers = res.headers_mut();
    set(headers, RETRY_AFTER.as_str(), retry_after);
    set(headers, "x-ratelimit-limit", limit);
    set(headers, "x-ratelimit-remaining", 0);
    res
}

/// Authenticates, checks `scope`, counts the request against the account's rate and quota
/// (a 304 counts too, "Conditional reads"), runs the handler and adds the rate headers. A
/// refusal drains the request's body first, so the connection stays usable.
pub async fn news_auth(
    State((state, scope)): State<(AppState, Scope)>,
    req: Request,
    next: Next,
) -> Response {
    match admit(&state, scope, &req) {
        Ok((limit, remaining)) => {
            let mut res = next.run(req).await;
            let headers = res.headers_mut();
            set(headers, "x-ratelimit-limit", limit);
            set(headers, "x-ratelimit-remaining", remaining);
            res
        }
        Err(refusal) => crate::layers::after_draining(req.into_body(), *refusal).await,
    }
}

/// The checks of [`news_auth`]: the per-minute limit and what is left of it, or the refusal.
fn admit(state: &AppState, scope: Scope, req: &Request) -> Result<(u32, u32), Box<Response>> {
    let header = req
        .headers()
        .get(AUTHORIZATION)
        .map(|v| v.to_str().unwrap_or("\u{0}invalid"));
    // Authentication 3: missing or invalid key → 401; key without the scope → 403.
    let ctx = match authenticate(&*state.store, header) {
        Ok(ctx) => ctx,
        Err(e) => {
            let code = match e.http_status() {
                401 => NewsErrorCode::Unauthorized,
                503 => NewsErrorCode::ServiceUnavailable,
                _ => NewsErrorCode::Internal,
            };
            return Err(Box::new(
                NewsFailure(NewsError::new(code, e.message)).into_response(),
            ));
        }
    };
    if !ctx.key.scopes.contains(scope) {
        return Err(Box::new(
            NewsFailure(NewsError::new(
                NewsErrorCode::Forbidden,
                format!("this key lacks the {} scope", scope.as_str()),
            ))
            .into_response(),
        ));
    }
    // Authentication 2: export is an enterprise scope — the plan too, not only the key.
    if scope == Scope::Export && ctx.account.plan != Plan::Enterprise {
        return Err(Box::new(
            NewsFailure(NewsError::new(
                NewsErrorCode::Forbidden,
                format!(
                    "export is for enterprise accounts; this account is on the {} plan",
                    ctx.account.plan
                ),
            ))
            .into_response(),
        ));
    }
    let (per_minute, monthly) = plan_limits(ctx.account.plan);
    let limit = state.rate_limit.unwrap_or(per_minute);
    let t = now();
    // Limits 1: per minute, per account across its keys; counted apart from the language
    // service's window.
    let account = format!("news:{}", ctx.account.id.0);
    let counted = state
        .limiter
        .count(&account, limit, t as u64)
        .map_err(|e| {
            let e = lashon_core::news::RepoError::from(e);
            Box::new(NewsFailure(e.into()).into_response())
        })?;
    let remaining = match counted {
        RateDecision::Allowed { remaining, .. } => remaining,
        RateDecision::Limited { retry_after, .. } => {
            return Err(Box::new(limited(
                NewsErrorCode::RateLimited,
                format!(
                    "rate limit of {limit} requests per minute exceeded; retry in {retry_after} s"
                ),
                limit,
                i64::try_from(retry_after).unwrap_or(60),
            )))
        }
    };
    let month = lashon_core::time::month(t);
    match state.store.count_news_request(&ctx.account.id.0, &month) {
        Ok(used) if used > monthly => Err(Box::new(limited(
            NewsErrorCode::QuotaExceeded,
            format!(
                "the monthly quota of {monthly} requests is used up; it renews with the UTC month"
            ),
            limit,
            seconds_to_next_month(t),
        ))),
        Ok(_) => Ok((limit, remaining)),
        Err(e) => Err(Box::new(NewsFailure(e.into()).into_response())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quota_clears_at_the_month() {
        // 2026-11-30T23:59:00Z → one minute to December.
        assert_eq!(seconds_to_next_month(1_796_083_140), 60);
        // Mid-month is weeks away.
        assert!(seconds_to_next_month(1_794_700_000) > 7 * 86_400);
        assert_eq!(plan_limits(Plan::Starter), (60, 10_000));
    }
}
