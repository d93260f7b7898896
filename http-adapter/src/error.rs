//! The one error type of the HTTP adapter: a `lashon_core::ServiceError` as a response.

use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use lashon_core::{ErrorCode, ErrorType, ServiceError};

/// A service error on its way out as `{ "error": { type, message, code } }` with its status.
#[derive(Debug)]
pub struct ApiError(pub ServiceError);

impl From<ServiceError> for ApiError {
    fn from(e: ServiceError) -> Self {
        ApiError(e)
    }
}

impl From<lashon_core::account::StoreError> for ApiError {
    fn from(e: lashon_core::account::StoreError) -> Self {
        // Logged here, where it is known to be the store's (its text names no request text).
        match &e {
            lashon_core::account::StoreError::Backend(msg) => {
                tracing::error!(error = %msg, "store failure")
            }
            lashon_core::account::StoreError::Unavailable(msg) => {
                tracing::warn!(error = %msg, "store busy; answered 503")
            }
            _ => {}
        }
        ApiError(e.into())
    }
}

/// Seconds a client waits before retrying a 503 of a busy store.
pub const RETRY_AFTER_BUSY: &str = "1";

impl From<lashon_core::terms::UpsertError> for ApiError {
    fn from(e: lashon_core::terms::UpsertError) -> Self {
        ApiError(e.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.0.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, Json(self.0.envelope())).into_response();
        let headers = response.headers_mut();
        headers.insert("x-content-stored", HeaderValue::from_static("false"));
        // A passing condition (the store busy) says when to come back; `not_configured` does
        // not pass by waiting.
        if self.0.code == ErrorCode::Plain(ErrorType::ServiceUnavailable) {
            headers.insert(RETRY_AFTER, HeaderValue::from_static(RETRY_AFTER_BUSY));
        }
        response
    }
}
