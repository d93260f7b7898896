//! Language service handlers: `/v1/...`.

use axum::extract::State;
use axum::Json;
use lashon_core::direction::{
    self, AnalyzeRequest, AnalyzeResponse, DetectRequest, Detection, WrapRequest, Wrapped,
};
use serde::Serialize;

use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::server::AppState;

/// `GET /v1/health` response.
#[derive(Debug, Serialize)]
pub struct Health {
    pub status: &'static str,
    pub db: &'static str,
    pub version: &'static str,
}

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

pub async fn analyze(
    ApiJson(req): ApiJson<AnalyzeRequest>,
) -> Result<Json<AnalyzeResponse>, ApiError> {
    Ok(Json(direction::analyze(req)?))
}

pub async fn wrap(ApiJson(req): ApiJson<WrapRequest>) -> Result<Json<Wrapped>, ApiError> {
    Ok(Json(direction::wrap(req)?))
}

pub async fn detect(
    ApiJson(req): ApiJson<DetectRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let detection: Detection<'_> = direction::detect(&req)?;
    // The detection borrows the request text; serialize before the request is dropped.
    let body = serde_json::to_value(&detection)
        .map_err(|e| ApiError(lashon_core::ServiceError::internal(e.to_string())))?;
    Ok(Json(body))
}
