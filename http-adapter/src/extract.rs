//! Request extractors whose rejections are the spec's error envelope.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::Json;
use lashon_core::ServiceError;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ApiError;

/// JSON body. Malformed JSON, a missing or wrong `Content-Type`, a field of the wrong type, an
/// unknown field and a body over the size limit are all 400 `invalid_request`, with a message
/// that names the problem.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        // A body must be a JSON object: serde would also read a struct from an array of its
        // fields, which the API's schema does not allow.
        let Json(value) = Json::<Value>::from_request(req, state)
            .await
            .map_err(|rejection| ApiError(rejection_error(rejection)))?;
        if !value.is_object() {
            return Err(ApiError(ServiceError::invalid(
                "the body must be a JSON object",
            )));
        }
        T::deserialize(value)
            .map(ApiJson)
            .map_err(|e| ApiError(ServiceError::invalid(format!("invalid body: {e}"))))
    }
}

fn rejection_error(rejection: JsonRejection) -> ServiceError {
    let message = match &rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "the body must be JSON with Content-Type: application/json".to_string()
        }
        JsonRejection::JsonSyntaxError(e) => format!("malformed JSON: {}", e.body_text()),
        JsonRejection::JsonDataError(e) => format!("invalid body: {}", e.body_text()),
        JsonRejection::BytesRejection(e) => {
            format!("the body could not be read: {}", e.body_text())
        }
        other => other.body_text(),
    };
    ServiceError::invalid(message)
}
