//! The news error model: one code per failure kind, the HTTP status it maps to, and the
//! envelope `{ "error": { "code", "message" } }` (DESIGN.md, "Error envelope").

use std::fmt;

use serde::{Deserialize, Serialize};

/// The error codes of the news service (DESIGN.md fixes the list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NewsErrorCode {
    /// 400: a parameter, cursor, id or date the spec rejects.
    BadRequest,
    /// 401: missing or invalid API key.
    Unauthorized,
    /// 403: the key lacks the endpoint's scope.
    Forbidden,
    /// 404: story, thread, source, person or brief not found.
    NotFound,
    /// 429: per-minute rate limit.
    RateLimited,
    /// 429: monthly quota.
    QuotaExceeded,
    /// 503: the store is temporarily unavailable; retry with backoff.
    ServiceUnavailable,
    /// 500: a fault of ours.
    Internal,
}

impl NewsErrorCode {
    /// The wire spelling, as in the envelope.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::BadRequest => "bad_request",
            Self::Unauthorized => "unauthorized",
            Self::Forbidden => "forbidden",
            Self::NotFound => "not_found",
            Self::RateLimited => "rate_limited",
            Self::QuotaExceeded => "quota_exceeded",
            Self::ServiceUnavailable => "service_unavailable",
            Self::Internal => "internal",
        }
    }

    /// The HTTP status of the code (spec, "Errors").
    pub fn http_status(self) -> u16 {
        match self {
            Self::BadRequest => 400,
            Self::Unauthorized => 401,
            Self::Forbidden => 403,
            Self::NotFound => 404,
            Self::RateLimited | Self::QuotaExceeded => 429,
            Self::ServiceUnavailable => 503,
            Self::Internal => 500,
        }
    }
}

/// A failure of a news request: a code and a message a person can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsError {
    code: NewsErrorCode,
    message: String,
}

impl NewsError {
    /// An error with any code.
    pub fn new(code: NewsErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// 400 `bad_request`.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(NewsErrorCode::BadRequest, message)
    }

    /// 404 `not_found`.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(NewsErrorCode::NotFound, message)
    }

    /// 503 `service_unavailable`.
    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::new(NewsErrorCode::ServiceUnavailable, message)
    }

    /// 500 `internal`.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(NewsErrorCode::Internal, message)
    }

    /// The error code.
    pub fn code(&self) -> NewsErrorCode {
        self.code
    }

    /// The human-readable message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The HTTP status the error answers with.
    pub fn http_status(&self) -> u16 {
        self.code.http_status()
    }

    /// The JSON envelope `{ "error": { "code", "message" } }`.
    pub fn envelope(&self) -> NewsErrorEnvelope {
        NewsErrorEnvelope {
            error: NewsErrorBody {
                code: self.code,
                message: self.message.clone(),
            },
        }
    }
}

impl fmt::Display for NewsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for NewsError {}

/// The error body as serialized: `{ "error": { "code", "message" } }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewsErrorEnvelope {
    /// The error object.
    pub error: NewsErrorBody,
}

/// The inner error object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewsErrorBody {
    /// Machine-readable code; clients branch on it, not on the status.
    pub code: NewsErrorCode,
    /// Human-readable message.
    pub message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelope_shape_and_statuses() {
        let e = NewsError::bad_request("limit must be an integer");
        let json = serde_json::to_value(e.envelope()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"error": {"code": "bad_request", "message": "limit must be an integer"}})
        );
        let table = [
            (NewsErrorCode::BadRequest, 400, "bad_request"),
            (NewsErrorCode::Unauthorized, 401, "unauthorized"),
            (NewsErrorCode::Forbidden, 403, "forbidden"),
            (NewsErrorCode::NotFound, 404, "not_found"),
            (NewsErrorCode::RateLimited, 429, "rate_limited"),
            (NewsErrorCode::QuotaExceeded, 429, "quota_exceeded"),
            (
                NewsErrorCode::ServiceUnavailable,
                503,
                "service_unavailable",
            ),
            (NewsErrorCode::Internal, 500, "internal"),
        ];
        for (code, status, name) in table {
            assert_eq!(code.http_status(), status);
            assert_eq!(code.as_str(), name);
            assert_eq!(serde_json::to_value(code).unwrap(), name);
        }
    }
}
