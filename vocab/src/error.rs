//! The language service's error model.
//!
//! Every error response is `{ "error": { "type", "message", "code" } }`. `type` is the stable
//! class a client branches on; `code` is a finer reason that equals `type` unless one of the
//! specific codes applies. Statuses the spec leaves open are fixed in DESIGN.md: `internal`
//! 500, `bad_gateway` 502, `service_unavailable` 503; `scope_required` and `server_only` are
//! 403; `terms_limit` and `message_too_complex` are 400.

use std::borrow::Cow;
use std::fmt;

use serde::{Serialize, Serializer};

/// The stable error class (`error.type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorType {
    InvalidRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    RateLimited,
    QuotaExceeded,
    Internal,
    BadGateway,
    ServiceUnavailable,
}

impl ErrorType {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::InvalidRequest => "invalid_request",
            ErrorType::Unauthorized => "unauthorized",
            ErrorType::Forbidden => "forbidden",
            ErrorType::NotFound => "not_found",
            ErrorType::RateLimited => "rate_limited",
            ErrorType::QuotaExceeded => "quota_exceeded",
            ErrorType::Internal => "internal",
            ErrorType::BadGateway => "bad_gateway",
            ErrorType::ServiceUnavailable => "service_unavailable",
        }
    }

    /// The HTTP status of this class.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorType::InvalidRequest => 400,
            ErrorType::Unauthorized => 401,
            ErrorType::Forbidden => 403,
            ErrorType::NotFound => 404,
            ErrorType::RateLimited | ErrorType::QuotaExceeded => 429,
            ErrorType::Internal => 500,
            ErrorType::BadGateway => 502,
            ErrorType::ServiceUnavailable => 503,
        }
    }
}

/// The finer reason (`error.code`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// The code equals the type.
    Plain(ErrorType),
    UnsupportedLanguage,
    SameLanguage,
    InvalidMessageFormat,
    MessageTooComplex,
    ScopeRequired,
    ServerOnly,
    UpstreamError,
    NotConfigured,
    TermsLimit,
    TlsVersion,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Plain(t) => t.as_str(),
            ErrorCode::UnsupportedLanguage => "unsupported_language",
            ErrorCode::SameLanguage => "same_language",
            ErrorCode::InvalidMessageFormat => "invalid_message_format",
            ErrorCode::MessageTooComplex => "message_too_complex",
            ErrorCode::ScopeRequired => "scope_required",
            ErrorCode::ServerOnly => "server_only",
            ErrorCode::UpstreamError => "upstream_error",
            ErrorCode::NotConfigured => "not_configured",
            ErrorCode::TermsLimit => "terms_limit",
            ErrorCode::TlsVersion => "tls_version",
        }
    }

    /// The class each specific code belongs to.
    pub fn error_type(self) -> ErrorType {
        match self {
            ErrorCode::Plain(t) => t,
            ErrorCode::UnsupportedLanguage
            | ErrorCode::SameLanguage
            | ErrorCode::InvalidMessageFormat
            | ErrorCode::MessageTooComplex
            | ErrorCode::TermsLimit => ErrorType::InvalidRequest,
            ErrorCode::ScopeRequired | ErrorCode::ServerOnly | ErrorCode::TlsVersion => {
                ErrorType::Forbidden
            }
            ErrorCode::UpstreamError => ErrorType::BadGateway,
            ErrorCode::NotConfigured => ErrorType::ServiceUnavailable,
        }
    }
}

/// An error of the language service, ready to become the spec's envelope.
///
/// ```
/// use lashon_vocab::{ErrorCode, ServiceError};
///
/// let err = ServiceError::new(ErrorCode::SameLanguage, "source and target are both he");
/// assert_eq!(err.http_status(), 400);
/// let json = serde_json::to_value(err.envelope()).unwrap();
/// assert_eq!(json["error"]["type"], "invalid_request");
/// assert_eq!(json["error"]["code"], "same_language");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceError {
    pub code: ErrorCode,
    pub message: Cow<'static, str>,
}

impl ServiceError {
    pub fn new(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        ServiceError {
            code,
            message: message.into(),
        }
    }

    /// A 400 `invalid_request` with the code equal to the type.
    pub fn invalid(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorCode::Plain(ErrorType::InvalidRequest), message)
    }

    pub fn not_found(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorCode::Plain(ErrorType::NotFound), message)
    }

    pub fn internal(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorCode::Plain(ErrorType::Internal), message)
    }

    /// 503 `service_unavailable`: a passing condition (the database busy); retry shortly.
    pub fn unavailable(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorCode::Plain(ErrorType::ServiceUnavailable), message)
    }

    pub fn error_type(&self) -> ErrorType {
        self.code.error_type()
    }

    pub fn http_status(&self) -> u16 {
        self.error_type().http_status()
    }

    /// The `{ "error": { type, message, code } }` body.
    pub fn envelope(&self) -> Envelope<'_> {
        Envelope { error: self }
    }
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}): {}",
            self.error_type().as_str(),
            self.code.as_str(),
            self.message
        )
    }
}

impl std::error::Error for ServiceError {}

impl Serialize for ServiceError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("ServiceError", 3)?;
        st.serialize_field("type", self.error_type().as_str())?;
        st.serialize_field("message", &self.message)?;
        st.serialize_field("code", self.code.as_str())?;
        st.end()
    }
}

/// The JSON envelope around a [`ServiceError`].
#[derive(Debug, Serialize)]
pub struct Envelope<'a> {
    pub error: &'a ServiceError,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_follow_the_design() {
        let cases = [
            (
                ErrorCode::Plain(ErrorType::InvalidRequest),
                400,
                "invalid_request",
            ),
            (
                ErrorCode::Plain(ErrorType::Unauthorized),
                401,
                "unauthorized",
            ),
            (ErrorCode::ScopeRequired, 403, "forbidden"),
            (ErrorCode::ServerOnly, 403, "forbidden"),
            (ErrorCode::Plain(ErrorType::NotFound), 404, "not_found"),
            (
                ErrorCode::Plain(ErrorType::RateLimited),
                429,
                "rate_limited",
            ),
            (
                ErrorCode::Plain(ErrorType::QuotaExceeded),
                429,
                "quota_exceeded",
            ),
            (ErrorCode::TermsLimit, 400, "invalid_request"),
            (ErrorCode::MessageTooComplex, 400, "invalid_request"),
            (ErrorCode::Plain(ErrorType::Internal), 500, "internal"),
            (ErrorCode::UpstreamError, 502, "bad_gateway"),
            (ErrorCode::NotConfigured, 503, "service_unavailable"),
        ];
        for (code, status, ty) in cases {
            let e = ServiceError::new(code, "m");
            assert_eq!(e.http_status(), status, "{code:?}");
            assert_eq!(e.error_type().as_str(), ty, "{code:?}");
        }
    }

    #[test]
    fn envelope_has_three_strings() {
        let e = ServiceError::invalid("text must not be empty");
        let v = serde_json::to_value(e.envelope()).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"error": {"type": "invalid_request", "message": "text must not be empty", "code": "invalid_request"}})
        );
    }
}
