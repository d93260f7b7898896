//! OpenAPI schemas for the types whose JSON form is written by hand (feature `openapi`).

use std::borrow::Cow;

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use crate::error::Envelope;
use crate::{LangTag, Script, ServiceError};

fn string(description: &str, pattern: Option<&str>) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .pattern(pattern)
        .into()
}

impl PartialSchema for Script {
    fn schema() -> RefOr<Schema> {
        string(
            "ISO 15924 script code (Hebr, Latn, Cyrl, Arab, Zyyy, ...)",
            Some("^[A-Z][a-z]{3}$"),
        )
    }
}

impl ToSchema for Script {}

impl PartialSchema for LangTag {
    fn schema() -> RefOr<Schema> {
        string("BCP 47 language tag (`und` when undetermined)", None)
    }
}

impl ToSchema for LangTag {}

impl PartialSchema for ServiceError {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .property(
                "type",
                string("stable class: invalid_request, unauthorized, forbidden, not_found, rate_limited, quota_exceeded, internal, bad_gateway, service_unavailable", None),
            )
            .property("message", string("human-readable; do not parse", None))
            .property("code", string("finer reason; equals type unless more specific", None))
            .required("type")
            .required("message")
            .required("code")
            .into()
    }
}

impl ToSchema for ServiceError {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ErrorDetail")
    }
}

impl PartialSchema for Envelope<'_> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .property("error", ServiceError::schema())
            .required("error")
            .into()
    }
}

impl ToSchema for Envelope<'_> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Error")
    }
}
