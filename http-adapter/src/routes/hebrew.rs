//! Hebrew text tool handlers: `/v1/transliterate`, `/v1/strip-nikud`, `/v1/nikud`.
//!
//! Transliteration and strip run no model and are free; vowel points run the Nakdimon model
//! and count three times their characters against the quota. Without a loaded model, nikud is
//! 503 `not_configured` and charges nothing.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use lashon_core::account::{Charge, Operation};
use lashon_core::hebrew::api::{
    self, NikudRequest, NikudResponse, StripRequest, StripResponse, TransliterateRequest,
    TransliterateResponse,
};
#[allow(unused_imports)] // named by the OpenAPI attributes
use lashon_core::Envelope as Error;
use lashon_core::ServiceError;

use crate::billing::charged;
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::layers::{Caller, UsageAfter};
use crate::server::AppState;

async fn blocking<T, F>(work: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, ServiceError> + Send + 'static,
    T: Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| ApiError(ServiceError::internal("the operation failed")))?
        .map_err(ApiError)
}

#[utoipa::path(
    post,
    path = "/v1/transliterate",
    operation_id = "transliterate",
    tag = "hebrew",
    request_body = TransliterateRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "success", body = TransliterateResponse),
        (status = 400, description = "invalid request", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 429, description = "rate exceeded", body = Error)
    )
)]
pub async fn transliterate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<TransliterateRequest>,
) -> Result<Json<TransliterateResponse>, ApiError> {
    let model = state.nikud.clone();
    let res = blocking(move || api::transliterate(req, model.as_deref())).await?;
    Ok(Json(res))
}

#[utoipa::path(
    post,
    path = "/v1/strip-nikud",
    operation_id = "strip_nikud",
    tag = "hebrew",
    request_body = StripRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "success", body = StripResponse),
        (status = 400, description = "invalid request", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 429, description = "rate exceeded", body = Error)
    )
)]
pub async fn strip(ApiJson(req): ApiJson<StripRequest>) -> Result<Json<StripResponse>, ApiError> {
    Ok(Json(api::strip(req)?))
}

#[utoipa::path(
    post,
    path = "/v1/nikud",
    operation_id = "add_nikud",
    tag = "hebrew",
    request_body = NikudRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "success", body = NikudResponse),
        (status = 400, description = "invalid request", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 429, description = "rate or quota exceeded", body = Error),
        (status = 503, description = "no nikud model is loaded", body = Error)
    )
)]
pub async fn nikud(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<NikudRequest>,
) -> Result<Response, ApiError> {
    // Validate and check the model before charging anything.
    lashon_core::limits::check_text("text", &req.text, api::NIKUD_CHARS)?;
    let Some(model) = state.nikud.clone() else {
        return Err(ApiError(api::model_not_configured()));
    };
    let charge = Charge::of(Operation::Nikud, [req.text.as_str()]);
    let (res, usage) = charged(&state, &caller, charge, move || {
        api::nikud(req, Some(&model))
    })
    .await?;
    let mut response = Json(res).into_response();
    if let Some(usage) = usage {
        response.extensions_mut().insert(UsageAfter(usage));
    }
    Ok(response)
}
