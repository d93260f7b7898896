//! `GET /api/v1/openapi.json`: the OpenAPI document of the news service (`NewsApi`), built
//! from one table of endpoints (spec, "Endpoint list") so the document and the router name the
//! same paths, scopes and parameters.
//!
//! Parameters are typed as loosely as the rules accept: `lang` and the stories `state` take
//! any string (unknown values read as `en` / are ignored), `limit` and `window` have no upper
//! bound (they are clamped, not refused). The opaque `cursor` is described on each paged
//! operation rather than listed, since only values the server issued are valid.

use axum::Json;
use utoipa::openapi::path::{OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, HttpMethod, InfoBuilder, KnownFormat, OpenApi,
    OpenApiBuilder, PathItem, PathsBuilder, Ref, Required, ResponseBuilder, ResponsesBuilder,
};

/// A parameter's schema.
#[derive(Clone, Copy)]
enum P {
    Text,
    TextMinMax(usize, usize),
    /// Integer at least this.
    Int(f64),
    /// A path id: integer >= 1.
    Id,
    /// Integer in a range that is refused outside it.
    IntRange(f64, f64),
    Enum(&'static [&'static str]),
    Many(&'static [&'static str]),
    ManyText,
    DateTime,
    Date,
}

const SIDES: &[&str] = &[
    "left",
    "centre",
    "right",
    "haredi",
    "religious",
    "arab",
    "russian",
    "business",
    "official",
];
const LEANS: &[&str] = &["left", "center", "right", "unrated"];

fn schema(p: P) -> Schema {
    let o = ObjectBuilder::new();
    let s = match p {
        P::Text => o.schema_type(Type::String),
        P::TextMinMax(a, b) => o
            .schema_type(Type::String)
            .min_length(Some(a))
            .max_length(Some(b)),
        // Counts above their range are clamped, not refused: no maximum.
        P::Int(min) => o.schema_type(Type::Integer).minimum(Some(min)),
        // Ids: above 2^53 a JSON number is not exact, and the server's ids stay far below.
        P::Id => o
            .schema_type(Type::Integer)
            .minimum(Some(1.0))
            .maximum(Some(9_007_199_254_740_991.0)),
        P::IntRange(min, max) => o
            .schema_type(Type::Integer)
            .minimum(Some(min))
            .maximum(Some(max)),
        P::Enum(values) => o
            .schema_type(Type::String)
            .enum_values(Some(values.iter().copied())),
        P::DateTime => o
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime))),
        P::Date => o
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))),
        P::Many(values) => {
            return ArrayBuilder::new()
                .items(
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .enum_values(Some(values.iter().copied())),
                )
                .build()
                .into()
        }
        P::ManyText => {
            return ArrayBuilder::new()
                .items(ObjectBuilder::new().schema_type(Type::String))
                .build()
                .into()
        }
    };
    s.build().into()
}

type Param = (&'static str, ParameterIn, bool, P);

const fn q(name: &'static str, p: P) -> Param {
    (name, ParameterIn::Query, false, p)
}

const LANG: Param = q("lang", P::Text);
const LIMIT: Param = q("limit", P::Int(1.0));
const FILTERS: [Param; 4] = [
    q("state", P::Text),
    q("topic", P::ManyText),
    q("source", P::ManyText),
    q("since", P::Int(0.0)),
];

/// One operation: path under `/api/v1`, scope (none for the document), whether it is
/// paged, its parameters, and the content types of its 200.
type Endpoint = (
    &'static str,
    Option<&'static str>,
    bool,
    Vec<Param>,
    &'static [&'static str],
);

fn endpoints() -> Vec<Endpoint> {
    let json: &'static [&'static str] = &["application/json"];
    let id = |name| (name, ParameterIn::Path, true, P::Id);
    let key = ("key", ParameterIn::Path, true, P::Text);
    let mut stories = vec![LANG, LIMIT];
    stories.extend(FILTERS);
    let mut search = stories.clone();
    search.push(("q", ParameterIn::Query, true, P::TextMinMax(2, 120)));
    vec![
        ("/stories", Some("stories"), true, stories, json),
        (
            "/stories/{ckey}",
            Some("stories"),
            false,
            vec![id("ckey"), LANG],
            json,
        ),
        (
            "/stories/{ckey}/members",
            Some("stories"),
            true,
            vec![
                id("ckey"),
                LANG,
                LIMIT,
                q("side", P::Enum(SIDES)),
                q("lean", P::Enum(LEANS)),
            ],
            json,
        ),
        (
            "/threads",
            Some("stories"),
            true,
            vec![LANG, LIMIT, q("minNodes", P::IntRange(1.0, 50.0))],
            json,
        ),
        (
            "/threads/{id}",
            Some("stories"),
            false,
            vec![id("id"), LANG, LIMIT],
            json,
        ),
        (
            "/trending",
            Some("stories"),
            true,
            vec![
                LANG,
                LIMIT,
                q(
                    "metric",
                    P::Enum(&["acceleration", "velocity", "heat", "importance"]),
                ),
                q("window", P::Int(0.0)),
            ],
            json,
        ),
        (
            "/blindspots",
            Some("stories"),
            true,
            vec![
                LANG,
                LIMIT,
                q("state", P::Many(&["blindspot", "undercovered"])),
                q("side", P::Enum(SIDES)),
                q("window", P::Int(0.0)),
            ],
            json,
        ),
        ("/sources", Some("sources"), false, vec![LANG], json),
        (
            "/sources/{key}",
            Some("sources"),
            false,
            vec![key.clone()],
            json,
        ),
        (
            "/sources/{key}/activity",
            Some("sources"),
            false,
            vec![key, q("days", P::Int(1.0))],
            json,
        ),
        (
            "/topics",
            Some("sources"),
            false,
            vec![q("days", P::Int(1.0))],
            json,
        ),
        (
            "/changes",
            Some("stories"),
            true,
            vec![
                LANG,
                LIMIT,
                ("since", ParameterIn::Query, true, P::DateTime),
            ],
            json,
        ),
        ("/search", Some("search"), true, search, json),
        ("/people", Some("people"), false, vec![LANG], json),
        (
            "/people/{id}",
            Some("people"),
            false,
            vec![id("id"), LANG],
            json,
        ),
        ("/brief", Some("brief"), false, vec![LANG], json),
        (
            "/export",
            Some("export"),
            true,
            vec![
                ("from", ParameterIn::Query, true, P::Date),
                ("to", ParameterIn::Query, true, P::Date),
                q("format", P::Enum(&["jsonl", "csv"])),
                q("lang", P::Enum(&["en", "he"])),
            ],
            &["application/x-ndjson", "text/csv"],
        ),
        ("/openapi.json", None, false, vec![], json),
    ]
}

fn error_response(description: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Error")))
                .build(),
        )
        .build()
}

/// The document.
pub fn news_document() -> OpenApi {
    let mut paths = PathsBuilder::new();
    for (path, scope, paged, params, types) in endpoints() {
        let mut ok = ResponseBuilder::new().description("the resource");
        for t in types {
            ok = ok.content(
                *t,
                ContentBuilder::new()
                    .schema(Some(ObjectBuilder::new().build()))
                    .build(),
            );
        }
        let mut responses = ResponsesBuilder::new().response("200", ok.build());
        let mut op = OperationBuilder::new().operation_id(Some(format!(
            "news{}",
            path.replace(['/', '{', '}', '.'], "_")
        )));
        if let Some(scope) = scope {
            responses = responses
                .response(
                    "304",
                    ResponseBuilder::new()
                        .description("not modified (If-None-Match)")
                        .build(),
                )
                .response("400", error_response("bad_request"))
                .response("401", error_response("unauthorized"))
                .response("403", error_response("forbidden"))
                .response("404", error_response("not_found"))
                .response("429", error_response("rate_limited or quota_exceeded"))
                .response("503", error_response("service_unavailable"));
            op = op
                .description(Some(format!(
                    "Scope `{scope}`.{}",
                    if paged { " Paged: send the `nextCursor` (or `X-Next-Cursor`) value back as `cursor` with every other parameter unchanged." } else { "" }
                )))
                .security(SecurityRequirement::new("bearer", Vec::<String>::new()));
        }
        for (name, at, required, p) in params {
            op = op.parameter(
                ParameterBuilder::new()
                    .name(name)
                    .parameter_in(at)
                    .required(if required {
                        Required::True
                    } else {
                        Required::False
                    })
                    .schema(Some(schema(p))),
            );
        }
        paths = paths.path(
            format!("/api/v1{path}"),
            PathItem::new(HttpMethod::Get, op.responses(responses.build()).build()),
        );
    }
    let error = ObjectBuilder::new()
        .property(
            "error",
            ObjectBuilder::new()
                .property("code", ObjectBuilder::new().schema_type(Type::String))
                .property("message", ObjectBuilder::new().schema_type(Type::String))
                .required("code")
                .required("message"),
        )
        .required("error")
        .build();
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("lashon news service")
                .version("v1")
                .description(Some(
                    "The Israeli press clustered into stories with coverage per press camp.",
                )),
        )
        .paths(paths.build())
        .components(Some(
            ComponentsBuilder::new()
                .schema("Error", error)
                .security_scheme(
                    "bearer",
                    SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
                )
                .build(),
        ))
        .build()
}

/// `GET /api/v1/openapi.json` (no key).
pub async fn news_openapi() -> Json<OpenApi> {
    Json(news_document())
}
