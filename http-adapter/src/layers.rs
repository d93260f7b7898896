//! Middleware: request ids, authentication, the rate limit, and the success headers.
//!
//! Every response carries `X-Request-Id` and `X-Content-Stored: false`. Authenticated routes
//! also carry `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-Usage-Chars-Used`,
//! `X-Usage-Chars-Limit` and `Server-Timing` (`auth`, `ratelimit`, `total`); a 429 for the
//! rate carries `Retry-After`.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, RETRY_AFTER};
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use lashon_core::account::{authenticate, AuthContext, RateDecision, Usage};
use lashon_core::{ErrorCode, ErrorType, ServiceError};

use crate::error::ApiError;
use crate::server::{now, AppState};

/// The id of the request, in its extensions and in `X-Request-Id`.
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// The account's usage after a charged request; a handler puts it in the response's
/// extensions so the headers need no second read.
#[derive(Debug, Clone, Copy)]
pub struct UsageAfter(pub Usage);

pub async fn request_id(mut req: Request, next: Next) -> Response {
    let id = crate::ids::random_id("req").unwrap_or_else(|_| "req_unknown".to_string());
    req.extensions_mut().insert(RequestId(id.clone()));
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&id) {
        headers.insert("x-request-id", v);
    }
    headers.insert("x-content-stored", HeaderValue::from_static("false"));
    res
}

fn millis(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn set(headers: &mut HeaderMap, name: &'static str, value: impl ToString) {
    if let Ok(v) = HeaderValue::from_str(&value.to_string()) {
        headers.insert(name, v);
    }
}

/// Authenticates the key, applies the account's rate limit, runs the handler, and writes the
/// usage and timing headers.
pub async fn authenticated(
    State(state): State<AppState>,
    mut req: Request,
    next: Next,
) -> Response {
    let start = Instant::now();
    let header = req
        .headers()
        .get(AUTHORIZATION)
        .map(|v| v.to_str().unwrap_or("\u{0}invalid"));
    let ctx = match authenticate(&*state.store, header) {
        Ok(ctx) => Arc::new(ctx),
        Err(e) => return ApiError(e).into_response(),
    };
    let auth_done = Instant::now();

    let limit = state.requests_per_minute(ctx.account.plan);
    let decision = state.limiter.check(&ctx.account.id.0, limit, now() as u64);
    let rate_done = Instant::now();
    let remaining = match decision {
        RateDecision::Allowed { remaining, .. } => remaining,
        RateDecision::Limited { retry_after, .. } => {
            let mut res = ApiError(ServiceError::new(
                ErrorCode::Plain(ErrorType::RateLimited),
                format!(
                    "rate limit of {limit} requests per minute exceeded; retry in {retry_after} s"
                ),
            ))
            .into_response();
            let headers = res.headers_mut();
            set(headers, RETRY_AFTER.as_str(), retry_after);
            set(headers, "x-ratelimit-limit", limit);
            set(headers, "x-ratelimit-remaining", 0);
            return res;
        }
    };

    req.extensions_mut().insert(ctx.clone());
    let mut res = next.run(req).await;

    let month = lashon_core::time::month(now());
    let used = match res.extensions().get::<UsageAfter>() {
        Some(UsageAfter(usage)) => {
            state.usage.put(&ctx.account.id, &month, *usage);
            Some(usage.chars(ctx.key.kind))
        }
        None if res.status().is_success() => state
            .usage
            .get(&*state.store, &ctx.account.id, &month)
            .map(|u| u.chars(ctx.key.kind)),
        None => None,
    };
    let headers = res.headers_mut();
    set(headers, "x-ratelimit-limit", limit);
    set(headers, "x-ratelimit-remaining", remaining);
    if let Some(used) = used {
        set(headers, "x-usage-chars-used", used);
        set(headers, "x-usage-chars-limit", ctx.account.monthly_chars());
    }
    set(
        headers,
        "server-timing",
        format!(
            "auth;dur={:.3}, ratelimit;dur={:.3}, total;dur={:.3}",
            millis(auth_done - start),
            millis(rate_done - auth_done),
            millis(start.elapsed())
        ),
    );
    res
}

/// The caller, as the authentication layer left it.
pub type Caller = axum::Extension<Arc<AuthContext>>;
