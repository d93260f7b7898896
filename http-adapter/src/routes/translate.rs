//! Translation handlers: `POST /v1/translate` and `POST /v1/translate/batch`.
//!
//! Each validates (limits, languages, protection, ICU syntax) before anything is charged,
//! checks the quota, runs the pipeline with the key's translator (the sandbox for sandbox
//! keys, the live model otherwise) and charges only a request that succeeded.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use lashon_core::account::{AuthContext, Usage};
use std::sync::Arc;

use lashon_core::protect::spans::AccountTerms;
use lashon_core::translate::{
    prepare_batch, prepare_translate, BatchRequest, BatchResponse, TranslateRequest,
    TranslateResponse,
};
#[allow(unused_imports)] // named by the OpenAPI attributes
use lashon_core::Envelope as Error;

use crate::billing::charged_future;
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::layers::{Caller, RequestId, UsageAfter};
use crate::server::AppState;

/// The account's terms as protection uses them.
pub(crate) fn protection_terms(
    state: &AppState,
    caller: &AuthContext,
) -> Result<Arc<AccountTerms>, ApiError> {
    let terms = state.store.terms(&caller.account.id)?;
    Ok(state.compiled_terms.get(&caller.account.id.0, terms))
}

/// A JSON response carrying the usage after its charge (for the usage headers).
pub(crate) fn with_usage<T: serde::Serialize>(body: T, usage: Option<Usage>) -> Response {
    let mut response = Json(body).into_response();
    if let Some(usage) = usage {
        response.extensions_mut().insert(UsageAfter(usage));
    }
    response
}

#[utoipa::path(
    post,
    path = "/v1/translate",
    operation_id = "translate",
    tag = "translate",
    request_body = TranslateRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "success", body = TranslateResponse),
        (status = 400, description = "invalid request, unsupported_language, same_language, invalid_message_format, message_too_complex", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 429, description = "rate or quota exceeded", body = Error),
        (status = 502, description = "the model failed (upstream_error); nothing is charged", body = Error),
        (status = 503, description = "a live key and no model configured (not_configured)", body = Error)
    )
)]
pub async fn translate(
    State(state): State<AppState>,
    caller: Caller,
    Extension(RequestId(id)): Extension<RequestId>,
    ApiJson(req): ApiJson<TranslateRequest>,
) -> Result<Response, ApiError> {
    let terms = protection_terms(&state, &caller)?;
    let prepared = prepare_translate(req, !terms.is_empty())?;
    let parts = state.engine(caller.key.kind)?;
    let charge = prepared.charge();
    let (res, usage) = charged_future(&state, &caller, charge, move || async move {
        let engine = parts.engine();
        prepared.run(&engine, &terms, id).await
    })
    .await?;
    Ok(with_usage(res, usage))
}

#[utoipa::path(
    post,
    path = "/v1/translate/batch",
    operation_id = "translate_batch",
    tag = "translate",
    request_body = BatchRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "success: one translation block per item, in order", body = BatchResponse),
        (status = 400, description = "invalid request, unsupported_language, same_language, invalid_message_format, message_too_complex", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 429, description = "rate or quota exceeded", body = Error),
        (status = 502, description = "the model failed (upstream_error); nothing is charged", body = Error),
        (status = 503, description = "a live key and no model configured (not_configured)", body = Error)
    )
)]
pub async fn batch(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<BatchRequest>,
) -> Result<Response, ApiError> {
    let terms = protection_terms(&state, &caller)?;
    let prepared = prepare_batch(req, !terms.is_empty())?;
    let parts = state.engine(caller.key.kind)?;
    let charge = prepared.charge();
    let (res, usage) = charged_future(&state, &caller, charge, move || async move {
        let engine = parts.engine();
        prepared.run(&engine, &terms).await
    })
    .await?;
    Ok(with_usage(res, usage))
}
