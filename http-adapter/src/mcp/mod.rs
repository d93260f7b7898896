//! The Model Context Protocol server: the language and news operations as tools for agents,
//! over Streamable HTTP at `/mcp` on the same server as the API, and over any byte stream
//! (`lashon mcp --stdio`), with the official Rust SDK (`rmcp`).
//!
//! Each tool is a thin call into the API's own route ([`call`]): the tool call becomes an
//! in-process request to the router with the caller's `Authorization`, so keys, scopes, the
//! rate limit, the quota and its charges, validation and error envelopes are the HTTP API's
//! by construction. Tool schemas come from the OpenAPI documents ([`schema`], [`catalog`]);
//! the names and descriptions are the table in [`tools`].
//!
//! Over HTTP every request to `/mcp` (POST, the GET event stream, the DELETE that ends a
//! session) needs a valid key: without one it is 401 with the API's envelope and
//! `WWW-Authenticate: Bearer`, before any MCP message is read. `tools/list` lists the tools
//! the key's account and scopes admit (clinical tools: clinical enabled and `medical`; news
//! tools: the endpoint's scope); protocol messages cost nothing, each tool call counts as one
//! API request. Protocol revisions from 2025-06-18 on are accepted: 2025-06-18 and 2025-11-25
//! open a session with `initialize` (`Mcp-Session-Id`, kept in memory for five idle minutes,
//! answers as server-sent events), 2026-07-28 is served statelessly (one request, one JSON
//! answer); older revisions are offered a newer one. Any `Host` is accepted: every request
//! carries a bearer key, which a DNS-rebinding page cannot, so the SDK's loopback-only
//! default would only refuse a real deployment.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use std::sync::Arc;
//! use lashon_http::server::{self, AppState};
//! use lashon_store::SqliteStore;
//! use tower::ServiceExt;
//!
//! let dir = tempfile::tempdir()?;
//! let state = AppState::new(Arc::new(SqliteStore::open(dir.path().join("lashon.db"))?));
//! let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{
//!     "protocolVersion":"2025-06-18","capabilities":{},
//!     "clientInfo":{"name":"doc","version":"1"}}}"#;
//! let request = axum::http::Request::post("/mcp")
//!     .header("content-type", "application/json")
//!     .header("accept", "application/json, text/event-stream")
//!     .body(axum::body::Body::from(initialize))?;
//! // No key: refused before the message is read.
//! let answer = server::router(state).oneshot(request).await?;
//! assert_eq!(answer.status(), 401);
//! # Ok(())
//! # }
//! ```

pub mod call;
pub mod catalog;
pub mod handler;
pub mod schema;
pub mod tools;

#[cfg(test)]
mod equality;

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, WWW_AUTHENTICATE};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use lashon_core::account::authenticate;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::ServiceExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio_util::sync::CancellationToken;

pub use catalog::Catalog;
pub use handler::LashonMcp;

use crate::error::ApiError;
use crate::server::{AppState, BODY_LIMIT};

/// `/mcp`: Streamable HTTP behind the key check, its tools calling `api` (the router without
/// `/mcp`). Cancelling `stop` ends every session and its streams (the server's shutdown).
pub fn router<S: Clone + Send + Sync + 'static>(
    api: Router,
    state: &AppState,
    stop: CancellationToken,
) -> Router<S> {
    let catalog = Arc::new(Catalog::build());
    let store = state.store.clone();
    let config = StreamableHttpServerConfig::default()
        .disable_allowed_hosts()
        .with_json_response(true)
        .with_max_request_body_bytes(BODY_LIMIT)
        .with_cancellation_token(stop);
    let service = StreamableHttpService::new(
        move || {
            Ok(LashonMcp::per_request(
                api.clone(),
                store.clone(),
                catalog.clone(),
            ))
        },
        Arc::new(LocalSessionManager::default()),
        config,
    );
    Router::new()
        .route_service("/mcp", service)
        .route_layer(middleware::from_fn_with_state(state.clone(), require_key))
}

/// 401 with the API's envelope and `WWW-Authenticate: Bearer` for a request to `/mcp`
/// without a valid key (503 when the store cannot say).
///
/// A session ended by DELETE answers 204 rather than the SDK's 202: the session is gone when
/// the answer leaves, and clients (the official Python one among them) take anything but 200
/// or 204 for a failed termination.
async fn require_key(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let header = req
        .headers()
        .get(AUTHORIZATION)
        .map(|v| v.to_str().unwrap_or("\u{0}invalid"));
    match authenticate(&*state.store, header) {
        Ok(_) => {
            let ending = req.method() == Method::DELETE;
            let mut res = next.run(req).await;
            if ending && res.status() == StatusCode::ACCEPTED {
                *res.status_mut() = StatusCode::NO_CONTENT;
            }
            res
        }
        Err(e) => {
            let unauthorized = e.http_status() == 401;
            let mut res =
                crate::layers::after_draining(req.into_body(), ApiError(e).into_response()).await;
            if unauthorized {
                res.headers_mut().insert(
                    WWW_AUTHENTICATE,
                    HeaderValue::from_static("Bearer realm=\"lashon\""),
                );
            }
            res
        }
    }
}

/// Serves MCP over `reader`/`writer` (newline-delimited JSON-RPC, as on stdio) until the
/// client closes it, every call made with `authorization` (`Bearer <key>`) against the API of
/// `state`.
pub async fn serve_io<R, W>(
    state: AppState,
    authorization: HeaderValue,
    reader: R,
    writer: W,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>>
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    let server = LashonMcp::with_key(
        crate::server::api_router(state.clone()),
        state.store.clone(),
        Arc::new(Catalog::build()),
        authorization,
    );
    let running = server.serve((reader, writer)).await?;
    running.waiting().await?;
    Ok(())
}
