//! Clinical handlers: `/v1/clinical/translate`, `/v1/clinical/translate/stream`,
//! `/v1/clinical/query`, `/v1/clinical/verify`.
//!
//! Every clinical call needs an account with clinical enabled and a key with the `medical`
//! scope (403 `forbidden` / `scope_required`), and is refused from a browser: a request with
//! an `Origin` header is 403 `server_only`. They count three times their characters.
//!
//! The stream answers `text/event-stream`: one `event: segment` per verified segment, in
//! order, then `event: done` with `{id, text, stats, usage}`; a failure after the stream began
//! is `event: error` with the error envelope. It is charged only when it completes.

use std::convert::Infallible;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use lashon_core::clinical::{
    self, ClinicalLexicon, ClinicalSegment, ClinicalStreamDone, ClinicalTranslateRequest,
    ClinicalTranslateResponse, QueryRequest, QueryResponse, VerifyRequest, VerifyResponse,
};
#[allow(unused_imports)] // named by the OpenAPI attributes
use lashon_core::Envelope as Error;
use lashon_core::{ErrorCode, ServiceError};

use super::translate::{protection_terms, with_usage};
use crate::billing::{charged_future, reserve, settle};
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::layers::{Caller, RequestId};
use crate::server::AppState;

/// The account feature, the `medical` scope, and no browser origin.
fn gate(caller: &Caller, headers: &HeaderMap) -> Result<(), ApiError> {
    caller.require_clinical()?;
    if headers.contains_key(axum::http::header::ORIGIN) {
        return Err(ApiError(ServiceError::new(
            ErrorCode::ServerOnly,
            "clinical operations must be called from a server, not a browser (the request has an Origin header)",
        )));
    }
    Ok(())
}

#[utoipa::path(
    post,
    path = "/v1/clinical/translate",
    operation_id = "clinical_translate",
    tag = "clinical",
    request_body = ClinicalTranslateRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "success", body = ClinicalTranslateResponse),
        (status = 400, description = "invalid request", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 403, description = "clinical not enabled, scope_required, or server_only", body = Error),
        (status = 429, description = "rate or quota exceeded", body = Error),
        (status = 502, description = "the model failed (upstream_error); nothing is charged", body = Error),
        (status = 503, description = "a live key and no model configured (not_configured)", body = Error)
    )
)]
pub async fn translate(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Extension(RequestId(id)): Extension<RequestId>,
    ApiJson(req): ApiJson<ClinicalTranslateRequest>,
) -> Result<Response, ApiError> {
    gate(&caller, &headers)?;
    req.validate()?;
    let terms = protection_terms(&state, &caller)?;
    let parts = state.engine(caller.key.kind)?;
    let (res, usage) = charged_future(&state, &caller, req.charge(), move || async move {
        let engine = parts.engine();
        clinical::translate_clinical(&engine, &req, &terms, id, usize::MAX, &mut |_| {}).await
    })
    .await?;
    Ok(with_usage(res, usage))
}

/// One server-sent event of the stream: `event` names it, `data` is JSON — a ClinicalSegment
/// for `segment`, a ClinicalStreamDone for `done`, an Error envelope for `error`. The schema of
/// a `text/event-stream` body is that of each event (as Schemathesis and OpenAPI 3.2's
/// `itemSchema` read it); a client reads the stream event by event.
pub struct ClinicalStreamEvent;

impl utoipa::PartialSchema for ClinicalStreamEvent {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .description(Some(
                "A server-sent event: `event` is `segment` (data: a ClinicalSegment), `done` (data: a ClinicalStreamDone) or `error` (data: an Error envelope); `data` is that object as JSON.",
            ))
            .property(
                "event",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(["segment", "done", "error"])),
            )
            .property(
                "data",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .content_media_type("application/json"),
            )
            .required("event")
            .required("data")
            .into()
    }
}

impl utoipa::ToSchema for ClinicalStreamEvent {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        // The objects the events carry, listed so clients can generate their types.
        schemas.push((ClinicalSegment::name().into(), ClinicalSegment::schema()));
        ClinicalSegment::schemas(schemas);
        schemas.push((
            ClinicalStreamDone::name().into(),
            ClinicalStreamDone::schema(),
        ));
        ClinicalStreamDone::schemas(schemas);
    }
}

fn json_event(name: &str, value: &impl serde::Serialize) -> Event {
    Event::default()
        .event(name)
        .json_data(value)
        .unwrap_or_else(|_| Event::default().event(name).data("{}"))
}

#[utoipa::path(
    post,
    path = "/v1/clinical/translate/stream",
    operation_id = "clinical_translate_stream",
    tag = "clinical",
    request_body = ClinicalTranslateRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "text/event-stream: `event: segment` (data: a clinical segment) per verified segment in order, then `event: done` (data: id, text, stats, usage); `event: error` (data: the error envelope) if it fails midway", content_type = "text/event-stream", body = ClinicalStreamEvent),
        (status = 400, description = "invalid request", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 403, description = "clinical not enabled, scope_required, or server_only", body = Error),
        (status = 429, description = "rate or quota exceeded", body = Error),
        (status = 503, description = "a live key and no model configured (not_configured)", body = Error)
    )
)]
pub async fn stream(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Extension(RequestId(id)): Extension<RequestId>,
    ApiJson(req): ApiJson<ClinicalTranslateRequest>,
) -> Result<Response, ApiError> {
    gate(&caller, &headers)?;
    req.validate()?;
    let terms = protection_terms(&state, &caller)?;
    let parts = state.engine(caller.key.kind)?;
    // Reserved now, kept only when the whole document is done (a failure midway refunds it).
    let reservation = reserve(&state, &caller, req.charge())?;
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Event>();
    let handle = tokio::runtime::Handle::current();
    let ctx = caller.0.clone();
    tokio::task::spawn_blocking(move || {
        handle.block_on(async move {
            let engine = parts.engine();
            let segments = tx.clone();
            let mut on_segment = move |s: &ClinicalSegment| {
                // A client that went away closes the channel; the work still finishes.
                let _ = segments.send(json_event("segment", s));
            };
            let result = clinical::translate_clinical(
                &engine,
                &req,
                &terms,
                id,
                clinical::STREAM_CHUNK,
                &mut on_segment,
            )
            .await
            // Kept on success; on failure the closure, and the reservation in it, is dropped:
            // refunded.
            .inspect(|_| {
                settle(&state, &ctx, reservation);
            });
            let last = match result {
                Ok(res) => json_event(
                    "done",
                    &ClinicalStreamDone {
                        id: res.id,
                        text: res.text,
                        stats: res.stats,
                        usage: res.usage,
                    },
                ),
                Err(e) => json_event("error", &e.envelope()),
            };
            let _ = tx.send(last);
        })
    });
    let events = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv()
            .await
            .map(|event| (Ok::<_, Infallible>(event), rx))
    });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response())
}

#[utoipa::path(
    post,
    path = "/v1/clinical/query",
    operation_id = "clinical_query",
    tag = "clinical",
    request_body = QueryRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "success", body = QueryResponse),
        (status = 400, description = "invalid request", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 403, description = "clinical not enabled, scope_required, or server_only", body = Error),
        (status = 429, description = "rate or quota exceeded", body = Error),
        (status = 502, description = "the model failed (upstream_error); nothing is charged", body = Error),
        (status = 503, description = "a live key and no model configured (not_configured)", body = Error)
    )
)]
pub async fn query(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(req): ApiJson<QueryRequest>,
) -> Result<Response, ApiError> {
    gate(&caller, &headers)?;
    req.validate()?;
    let known: Vec<clinical::KnownTerm> = state
        .store
        .terms(&caller.account.id)?
        .iter()
        .map(|t| t.for_query())
        .collect();
    let parts = state.engine(caller.key.kind)?;
    let (res, usage) = charged_future(&state, &caller, req.charge(), move || async move {
        let engine = parts.engine();
        clinical::query(&engine, &req, &known, ClinicalLexicon::builtin()).await
    })
    .await?;
    Ok(with_usage(res, usage))
}

#[utoipa::path(
    post,
    path = "/v1/clinical/verify",
    operation_id = "clinical_verify",
    tag = "clinical",
    request_body = VerifyRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "success", body = VerifyResponse),
        (status = 400, description = "invalid request", body = Error),
        (status = 401, description = "missing or invalid key", body = Error),
        (status = 403, description = "clinical not enabled, scope_required, or server_only", body = Error),
        (status = 429, description = "rate or quota exceeded", body = Error),
        (status = 502, description = "the reviewer failed (strict; upstream_error); nothing is charged", body = Error),
        (status = 503, description = "strict with a live key and no model configured (not_configured)", body = Error)
    )
)]
pub async fn verify(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(req): ApiJson<VerifyRequest>,
) -> Result<Response, ApiError> {
    gate(&caller, &headers)?;
    req.validate()?;
    // `standard` needs no model: any key may run it, configured model or not.
    let parts = if req.needs_model() {
        state.engine(caller.key.kind)?
    } else {
        state.engine(lashon_core::account::KeyKind::Sandbox)?
    };
    let (res, usage) = charged_future(&state, &caller, req.charge(), move || async move {
        let engine = parts.engine();
        clinical::verify_clinical(&engine, &req).await
    })
    .await?;
    Ok(with_usage(res, usage))
}
