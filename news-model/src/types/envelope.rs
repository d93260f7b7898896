//! The list envelope and its per-endpoint extras (spec, "List envelope").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::reference::{Lang, Metric, Side, StoryState};

/// A list answer: `data`, `nextCursor`, `lang`, `generatedAt`, `limit`, plus the extras of the
/// endpoint flattened beside them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListEnvelope<T, X = NoExtra> {
    /// The items.
    pub data: Vec<T>,
    /// Cursor of the next page; null on the final page and on lists that are not paged.
    pub next_cursor: Option<String>,
    /// Requested output language.
    pub lang: Lang,
    /// When the answer was made.
    pub generated_at: DateTime<Utc>,
    /// Effective page size (a clamped limit is echoed here). For lists that are not paged,
    /// the number of items.
    pub limit: u32,
    /// Endpoint extras.
    #[serde(flatten)]
    pub extra: X,
}

/// No extras (stories, search, threads, sources, people).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NoExtra {}

/// Members extra: `storyId`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MembersExtra {
    /// The story.
    pub story_id: i64,
}

/// Trending extras: `metric`, `windowMinutes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TrendingExtra {
    /// Metric ordering the page.
    pub metric: Metric,
    /// Effective window (rule 4).
    pub window_minutes: u32,
}

/// Blindspot extras: `states`, `side`, `windowMinutes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BlindspotsExtra {
    /// Effective states.
    pub states: Vec<StoryState>,
    /// Side filter.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub side: Option<Side>,
    /// Effective window (rule 5).
    pub window_minutes: u32,
}

/// Topics extra: `days`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TopicsExtra {
    /// Effective days (rule 7).
    pub days: u32,
}

/// Changes extras: `checkpoint`, `since` (rule 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChangesExtra {
    /// `changedAt` of the last item, or the effective `since` when there is none: the next
    /// `since` to send.
    pub checkpoint: DateTime<Utc>,
    /// Effective `since` after the seven-day floor.
    pub since: DateTime<Utc>,
}

/// The envelope's schema (`openapi` feature): the five common fields, `data` items referencing
/// the schema of `T`, and the properties of `X` merged beside them as `#[serde(flatten)]`
/// writes them, so the schema is one flat object exactly like the JSON.
#[cfg(feature = "openapi")]
mod schema {
    use std::borrow::Cow;

    use utoipa::openapi::schema::RefBuilder;
    use utoipa::openapi::schema::{
        ArrayBuilder, KnownFormat, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type,
    };
    use utoipa::openapi::{Ref, RefOr};
    use utoipa::{PartialSchema, ToSchema};

    use super::ListEnvelope;
    use crate::reference::Lang;

    impl<T: ToSchema, X: ToSchema> PartialSchema for ListEnvelope<T, X> {
        fn schema() -> RefOr<Schema> {
            let mut object = ObjectBuilder::new()
                .description(Some(
                    "A list: `data`, `nextCursor`, `lang`, `generatedAt`, `limit`, and the \
                     endpoint's extras beside them.",
                ))
                .property(
                    "data",
                    ArrayBuilder::new()
                        .items(Ref::from_schema_name(T::name()))
                        .description(Some("The items.")),
                )
                .required("data")
                .property(
                    "nextCursor",
                    ObjectBuilder::new()
                        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
                        .description(Some(
                            "Cursor of the next page; null on the final page and on lists \
                             that are not paged.",
                        )),
                )
                .required("nextCursor")
                .property(
                    "lang",
                    RefBuilder::new()
                        .ref_location_from_schema_name(Lang::name())
                        .description(Some("Requested output language.")),
                )
                .required("lang")
                .property(
                    "generatedAt",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
                        .description(Some("When the answer was made.")),
                )
                .required("generatedAt")
                .property(
                    "limit",
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
                        .minimum(Some(0))
                        .description(Some(
                            "Effective page size (a clamped limit is echoed here); for lists \
                             that are not paged, the number of items.",
                        )),
                )
                .required("limit")
                .build();
            if let RefOr::T(Schema::Object(extra)) = X::schema() {
                object.properties.extend(extra.properties);
                object.required.extend(extra.required);
            }
            RefOr::T(Schema::Object(object))
        }
    }

    impl<T: ToSchema, X: ToSchema> ToSchema for ListEnvelope<T, X> {
        fn name() -> Cow<'static, str> {
            Cow::Owned(format!("{}List", T::name()))
        }

        fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
            schemas.push((T::name().into_owned(), T::schema()));
            T::schemas(schemas);
            schemas.push((Lang::name().into_owned(), Lang::schema()));
            X::schemas(schemas);
        }
    }
}
