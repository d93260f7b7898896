//! Language service handlers: `/v1/...`.

use axum::extract::{Path, State};
use axum::Json;
use lashon_core::direction::{
    self, AnalyzeRequest, AnalyzeResponse, DetectRequest, Detection, WrapRequest, Wrapped,
};
use lashon_core::languages::{LanguagesResponse, LANGUAGES};
use lashon_core::terms::{ListResponse, UpsertRequest, UpsertResponse};
use lashon_core::usage::UsageResponse;
#[allow(unused_imports)] // named by the OpenAPI attributes
use lashon_core::Envelope as Error;
use lashon_core::ServiceError;
use serde::Serialize;

use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::ids::random_id;
use crate::layers::Caller;
use crate::server::{now, AppState};

/// `GET /v1/health` response.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Health {
    pub status: &'static str,
    pub db: &'static str,
    pub version: &'static str,
}

#[utoipa::path(
    get,
    path = "/v1/health",
    operation_id = "health",
    tag = "reference",
    responses((status = 200, description = "serving", body = Health))
)]
pub async fn health(State(state): State<AppState>) -> Json<Health> {
    let store = state.store.clone();
    let healthy = tokio::task::spawn_blocking(move || store.is_healthy())
        .await
        .unwrap_or(false);
    Json(Health {
        status: "ok",
        db: if healthy { "ok" } else { "error" },
        version: lashon_core::API_VERSION,
    })
}

#[utoipa::path(
    get,
    path = "/v1/languages",
    operation_id = "list_languages",
    tag = "reference",
    security(("bearer" = [])),
    responses((status = 200, description = "success", body = LanguagesResponse), (status = 400, description = "invalid request", body = Error), (status = 401, description = "missing or invalid key", body = Error), (status = 429, description = "rate or quota exceeded", body = Error))
)]
pub async fn languages() -> Json<LanguagesResponse> {
    Json(LanguagesResponse {
        languages: LANGUAGES,
    })
}

#[utoipa::path(
    post,
    path = "/v1/analyze",
    operation_id = "analyze",
    tag = "direction", request_body = AnalyzeRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "success", body = AnalyzeResponse), (status = 400, description = "invalid request", body = Error), (status = 401, description = "missing or invalid key", body = Error), (status = 429, description = "rate or quota exceeded", body = Error))
)]
pub async fn analyze(
    ApiJson(req): ApiJson<AnalyzeRequest>,
) -> Result<Json<AnalyzeResponse>, ApiError> {
    Ok(Json(direction::analyze(req)?))
}

#[utoipa::path(
    post,
    path = "/v1/wrap",
    operation_id = "wrap",
    tag = "direction", request_body = WrapRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "success", body = Wrapped), (status = 400, description = "invalid request", body = Error), (status = 401, description = "missing or invalid key", body = Error), (status = 429, description = "rate or quota exceeded", body = Error))
)]
pub async fn wrap(ApiJson(req): ApiJson<WrapRequest>) -> Result<Json<Wrapped>, ApiError> {
    Ok(Json(direction::wrap(req)?))
}

#[utoipa::path(
    post,
    path = "/v1/detect",
    operation_id = "detect",
    tag = "direction", request_body = DetectRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "success", body = Detection), (status = 400, description = "invalid request", body = Error), (status = 401, description = "missing or invalid key", body = Error), (status = 429, description = "rate or quota exceeded", body = Error))
)]
pub async fn detect(
    ApiJson(req): ApiJson<DetectRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let detection: Detection<'_> = direction::detect(&req)?;
    // The detection borrows the request text; serialize before the request is dropped.
    let body = serde_json::to_value(&detection)
        .map_err(|e| ApiError(ServiceError::internal(e.to_string())))?;
    Ok(Json(body))
}

#[utoipa::path(
    get,
    path = "/v1/usage",
    operation_id = "usage",
    tag = "account",
    security(("bearer" = [])),
    responses((status = 200, description = "success", body = UsageResponse), (status = 400, description = "invalid request", body = Error), (status = 401, description = "missing or invalid key", body = Error), (status = 429, description = "rate or quota exceeded", body = Error))
)]
pub async fn usage(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<UsageResponse>, ApiError> {
    let month = lashon_core::time::month(now());
    let usage = state.store.usage(&caller.account.id, &month)?;
    let rate_limit = state.requests_per_minute(caller.account.plan);
    Ok(Json(UsageResponse::new(&caller, month, usage, rate_limit)))
}

#[utoipa::path(
    get,
    path = "/v1/terms",
    operation_id = "list_terms",
    tag = "terms",
    security(("bearer" = [])),
    responses((status = 200, description = "success", body = ListResponse), (status = 400, description = "invalid request", body = Error), (status = 401, description = "missing or invalid key", body = Error), (status = 429, description = "rate or quota exceeded", body = Error))
)]
pub async fn list_terms(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<ListResponse>, ApiError> {
    Ok(Json(ListResponse {
        terms: state.store.terms(&caller.account.id)?.as_ref().clone(),
        limit: caller.account.plan.terms_capacity(),
    }))
}

#[utoipa::path(
    post,
    path = "/v1/terms",
    operation_id = "upsert_terms",
    tag = "terms", request_body = UpsertRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "success", body = UpsertResponse), (status = 400, description = "invalid request", body = Error), (status = 401, description = "missing or invalid key", body = Error), (status = 429, description = "rate or quota exceeded", body = Error))
)]
pub async fn upsert_terms(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<UpsertRequest>,
) -> Result<Json<UpsertResponse>, ApiError> {
    req.validate()?;
    // Ids for every term that may be new, drawn before the store's transaction.
    let mut ids = (0..req.terms.len())
        .map(|_| random_id("term"))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ServiceError::internal(format!("no random numbers from the OS: {e}")))?;
    let mut new_id = move || ids.pop().unwrap_or_default();
    let capacity = caller.account.plan.terms_capacity();
    let terms = state.store.upsert_terms(
        &caller.account.id,
        &req.terms,
        capacity,
        now(),
        &mut new_id,
    )??;
    Ok(Json(UpsertResponse {
        count: terms.len(),
        terms,
    }))
}

/// `DELETE /v1/terms/{id}` response.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Deleted {
    pub id: String,
    pub deleted: bool,
}

#[utoipa::path(
    delete,
    path = "/v1/terms/{id}",
    operation_id = "delete_term",
    tag = "terms",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "term id")),
    responses((status = 200, description = "success", body = Deleted), (status = 404, description = "no such term", body = Error), (status = 400, description = "invalid request", body = Error), (status = 401, description = "missing or invalid key", body = Error), (status = 429, description = "rate or quota exceeded", body = Error))
)]
pub async fn delete_term(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Deleted>, ApiError> {
    if state.store.delete_term(&caller.account.id, &id)? {
        Ok(Json(Deleted { id, deleted: true }))
    } else {
        Err(ApiError(ServiceError::not_found(format!("no term {id:?}"))))
    }
}
