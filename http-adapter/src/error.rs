//! The one error type of the HTTP adapter: a `lashon_core::ServiceError` as a response.

use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use lashon_core::ServiceError;

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
        if let lashon_core::account::StoreError::Backend(msg) = &e {
            tracing::error!(error = %msg, "store failure");
        }
        ApiError(e.into())
    }
}

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
        response
            .headers_mut()
            .insert("x-content-stored", HeaderValue::from_static("false"));
        response
    }
}
