//! The router and the server loop.

use std::future::Future;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{Method, StatusCode, Uri};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::Router;
use lashon_core::account::{KeyKind, RateLimiter, RateWindows};
use lashon_core::hebrew::nikud::Nakdimon;
use lashon_core::ports::ServiceStore;
use lashon_core::translate::sandbox::Sandbox;
use lashon_core::translate::{ModelError, SharedEngine, Translator};
use lashon_core::{ErrorType, ServiceError};
use tokio::net::TcpListener;

use crate::error::ApiError;
use crate::layers;
use crate::listener::ServerLimits;
use crate::routes::{clinical, hebrew, language, translate};
use crate::usage_cache::UsageCache;

/// Largest request body, in bytes. The biggest payloads of the spec (a 40,000-character
/// translation to verify, 2,000 account terms) fit with room for JSON escaping.
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;

/// What every handler may reach.
#[derive(Clone)]
pub struct AppState {
    /// Accounts and news, in one database.
    pub store: Arc<dyn ServiceStore>,
    /// Where the per-minute windows are counted: in the process (one server), or in the
    /// database several servers share.
    pub limiter: Arc<dyn RateWindows>,
    /// Requests per minute per account when set; else each plan's figure.
    pub rate_limit: Option<u32>,
    /// The Nakdimon vowel-point model, when one is loaded.
    pub nikud: Option<Arc<Nakdimon>>,
    /// Month usage per account for the usage headers.
    pub usage: Arc<UsageCache>,
    /// The live translation model, when one is configured (`LASHON_MODEL_URL`).
    pub model: Option<Arc<dyn Translator>>,
    /// Timeouts and the connection cap of the server loop.
    pub limits: ServerLimits,
    /// Each account's terms compiled for protection, reused until they change.
    pub compiled_terms: Arc<lashon_core::terms::CompiledTerms>,
}

impl AppState {
    /// A state over `store` with the default limiter, no nikud model and no live model.
    pub fn new(store: Arc<dyn ServiceStore>) -> Self {
        AppState {
            store,
            limiter: Arc::new(RateLimiter::default()),
            rate_limit: None,
            nikud: None,
            usage: Arc::new(UsageCache::default()),
            model: None,
            limits: ServerLimits::default(),
            compiled_terms: Arc::default(),
        }
    }

    /// The engine of a key: its translator and the nikud model.
    pub fn engine(&self, kind: KeyKind) -> Result<SharedEngine, ServiceError> {
        Ok(SharedEngine {
            translator: self.translator(kind)?,
            nikud: self.nikud.clone(),
        })
    }

    /// The translator of a key: the sandbox for sandbox keys, the live model for live keys
    /// (503 `not_configured` without one).
    pub fn translator(&self, kind: KeyKind) -> Result<Arc<dyn Translator>, ServiceError> {
        match (kind, &self.model) {
            (KeyKind::Sandbox, _) => Ok(Arc::new(Sandbox)),
            (KeyKind::Live, Some(model)) => Ok(model.clone()),
            (KeyKind::Live, None) => Err(ModelError::NotConfigured.into()),
        }
    }

    /// The per-minute limit of an account on `plan`.
    pub fn requests_per_minute(&self, plan: lashon_core::account::Plan) -> u32 {
        self.rate_limit.unwrap_or(plan.requests_per_minute())
    }
}

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// The whole API: the language and news routes, and `/mcp` (see [`crate::mcp`]).
pub fn router(state: AppState) -> Router {
    router_with(state, tokio_util::sync::CancellationToken::new())
}

/// [`router`], its MCP sessions ended when `stop` is cancelled.
fn router_with(state: AppState, stop: tokio_util::sync::CancellationToken) -> Router {
    let routes = routes(&state);
    let api = layered(routes.clone(), &state);
    let mcp = crate::mcp::router(api, &state, stop);
    layered(routes.merge(mcp), &state)
}

/// The API without `/mcp`: what an MCP tool call is sent to.
pub fn api_router(state: AppState) -> Router {
    layered(routes(&state), &state)
}

/// Every route of the two services, each behind its authentication layer.
fn routes(state: &AppState) -> Router<AppState> {
    let authenticated = Router::new()
        .route("/v1/analyze", post(language::analyze))
        .route("/v1/wrap", post(language::wrap))
        .route("/v1/detect", post(language::detect))
        .route("/v1/languages", get(language::languages))
        .route("/v1/usage", get(language::usage))
        .route("/v1/transliterate", post(hebrew::transliterate))
        .route("/v1/strip-nikud", post(hebrew::strip))
        .route("/v1/nikud", post(hebrew::nikud))
        .route(
            "/v1/terms",
            get(language::list_terms).post(language::upsert_terms),
        )
        .route("/v1/terms/{id}", delete(language::delete_term))
        .route("/v1/translate", post(translate::translate))
        .route("/v1/translate/batch", post(translate::batch))
        .route("/v1/clinical/translate", post(clinical::translate))
        .route("/v1/clinical/translate/stream", post(clinical::stream))
        .route("/v1/clinical/query", post(clinical::query))
        .route("/v1/clinical/verify", post(clinical::verify))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            layers::authenticated,
        ));
    Router::new()
        .route("/v1/health", get(language::health))
        .route("/v1/openapi.json", get(crate::openapi::language_openapi))
        .merge(authenticated)
        .merge(crate::routes::news::router(state.clone()))
}

/// The fallbacks and the layers every request passes: body limit, deadline, request id,
/// request bounds.
fn layered(routes: Router<AppState>, state: &AppState) -> Router {
    routes
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            layers::deadline,
        ))
        .layer(middleware::from_fn(layers::request_id))
        .layer(middleware::from_fn(layers::request_bounds))
        .with_state(state.clone())
}

async fn not_found(req: Request) -> Response {
    let response = ApiError(ServiceError::not_found(format!(
        "no such path: {}",
        req.uri().path()
    )))
    .into_response();
    layers::after_draining(req.into_body(), response).await
}

/// 405 with the `invalid_request` envelope: the path exists, the method does not.
async fn method_not_allowed(method: Method, uri: Uri, req: Request) -> Response {
    let mut response = ApiError(ServiceError::new(
        lashon_core::ErrorCode::Plain(ErrorType::InvalidRequest),
        format!("{method} is not allowed on {}", uri.path()),
    ))
    .into_response();
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    layers::after_draining(req.into_body(), response).await
}

/// Serves the API on `listener` until `shutdown` completes, then lets the requests in flight
/// finish within the shutdown deadline (see [`crate::listener`]).
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = state.limits;
    // The MCP sessions' event streams end with the server rather than hold it open until
    // the shutdown deadline.
    let stop = tokio_util::sync::CancellationToken::new();
    let stopping = stop.clone();
    let shutdown = async move {
        shutdown.await;
        stopping.cancel();
    };
    crate::listener::serve(listener, router_with(state, stop), limits, shutdown).await
}

/// Completes on Ctrl-C or SIGTERM. The handlers are installed when this is called, not
/// when the future is first polled: a server's accept loop may serve its first connections
/// before it polls the shutdown future, and a SIGTERM arriving then would kill the process
/// (the default action) instead of stopping it cleanly. Call it inside the runtime.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, Signal, SignalKind};
        // A handler that could not be installed never fires.
        async fn first(mut s: Option<Signal>) {
            match s.as_mut() {
                Some(s) => {
                    s.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        }
        let interrupt = signal(SignalKind::interrupt()).ok();
        let terminate = signal(SignalKind::terminate()).ok();
        async move {
            tokio::select! {
                _ = first(interrupt) => {},
                _ = first(terminate) => {},
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}
