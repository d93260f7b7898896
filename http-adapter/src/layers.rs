//! Middleware: request bounds and the deadline, request ids, authentication, the rate limit,
//! and the success headers.
//!
//! Every response carries `X-Request-Id` and `X-Content-Stored: false`. Authenticated routes
//! also carry `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-Usage-Chars-Used`,
//! `X-Usage-Chars-Limit` and `Server-Timing` (`auth`, `ratelimit`, `total`); a 429 for the
//! rate carries `Retry-After`. A request answered before its body was read (a 401, a 429, an
//! unknown path) has the body drained first, so the client's connection stays usable.

use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, CONNECTION, RETRY_AFTER};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use lashon_core::account::{authenticate, AuthContext, RateDecision, Usage};
use lashon_core::{ErrorCode, ErrorType, ServiceError};

use crate::error::ApiError;
use crate::news_layers::NewsFailure;
use crate::server::{now, AppState, BODY_LIMIT};

/// Longest request target (path and query), in bytes; longer is 414.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// Most request headers; more is 431.
pub const MAX_HEADERS: usize = 100;
/// Largest total of header names and values, in bytes; more is 431.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;
/// Longest wait for the rest of a body that is drained before an early answer.
const DRAIN_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// An error answer with the envelope of the path's service (`/api/v1` has the news
/// envelope) and the given status.
fn failure(
    path: &str,
    status: StatusCode,
    news: lashon_news::NewsError,
    language: ServiceError,
) -> Response {
    let mut res = if path.starts_with("/api/") {
        NewsFailure(news).into_response()
    } else {
        ApiError(language).into_response()
    };
    *res.status_mut() = status;
    res
}

/// 414 for a request target past [`MAX_URI_BYTES`], 431 for headers past [`MAX_HEADERS`] or
/// [`MAX_HEADER_BYTES`], each with the error envelope (hyper's own limits, far above these,
/// would answer without one). The connection is closed after either.
pub async fn request_bounds(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    let refusal = if target > MAX_URI_BYTES {
        Some((
            StatusCode::URI_TOO_LONG,
            format!("the request target is longer than {MAX_URI_BYTES} bytes"),
        ))
    } else {
        let headers = req.headers();
        let bytes: usize = headers
            .iter()
            .map(|(k, v)| k.as_str().len() + v.len())
            .sum();
        (headers.len() > MAX_HEADERS || bytes > MAX_HEADER_BYTES).then(|| {
            (
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!(
                    "the request has more than {MAX_HEADERS} headers or {MAX_HEADER_BYTES} bytes of them"
                ),
            )
        })
    };
    match refusal {
        Some((status, message)) => {
            let mut res = failure(
                &path,
                status,
                lashon_news::NewsError::bad_request(message.clone()),
                ServiceError::invalid(message),
            );
            res.headers_mut()
                .insert(CONNECTION, HeaderValue::from_static("close"));
            res
        }
        None => next.run(req).await,
    }
}

/// Answers 503 when the request has not answered within the server's request timeout; the
/// work of the handler is dropped (its model call cancelled at its next await, its quota
/// reservation refunded).
pub async fn deadline(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let limit = state.limits.request_timeout;
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(res) => res,
        Err(_) => {
            tracing::warn!(path = %path, seconds = limit.as_secs(), "request deadline passed");
            let message = format!(
                "the request did not complete within {} s; retry later",
                limit.as_secs()
            );
            let mut res = failure(
                &path,
                StatusCode::SERVICE_UNAVAILABLE,
                lashon_news::NewsError::unavailable(message.clone()),
                ServiceError::unavailable(message),
            );
            res.headers_mut()
                .insert(CONNECTION, HeaderValue::from_static("close"));
            res
        }
    }
}

/// Reads and drops what is left of a request body (at most [`BODY_LIMIT`] bytes, for at most
/// a few seconds). True when it was read to its end, so the connection can serve the next
/// request; false when the answer must close it.
pub async fn drain(body: Body) -> bool {
    matches!(
        tokio::time::timeout(DRAIN_TIMEOUT, axum::body::to_bytes(body, BODY_LIMIT)).await,
        Ok(Ok(_))
    )
}

/// `response` after the request's body was drained; `Connection: close` when it could not be.
pub async fn after_draining(body: Body, mut response: Response) -> Response {
    if !drain(body).await {
        response
            .headers_mut()
            .insert(CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

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
        Err(e) => return after_draining(req.into_body(), ApiError(e).into_response()).await,
    };
    let auth_done = Instant::now();

    let limit = state.requests_per_minute(ctx.account.plan);
    let decision = match state.limiter.count(&ctx.account.id.0, limit, now() as u64) {
        Ok(decision) => decision,
        Err(e) => {
            let res = ApiError(ServiceError::from(e)).into_response();
            return after_draining(req.into_body(), res).await;
        }
    };
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
            return after_draining(req.into_body(), res).await;
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
