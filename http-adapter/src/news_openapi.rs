//! `GET /api/v1/openapi.json`: the OpenAPI document of the news service (`NewsApi`), built
//! from one table of endpoints (spec, "Endpoint list") so the document and the router name the
//! same paths, scopes and parameters.
//!
//! Each 200 body is the schema of the type the handler serializes (`lashon_news::types`,
//! derived with the `openapi` feature): lists are the [`ListEnvelope`] of their item type with
//! the endpoint's extras beside the common fields, single resources reference their component.
//!
//! Parameters are typed as loosely as the rules accept: `lang` and the stories `state` take
//! any string (unknown values read as `en` / are ignored), `limit` and `window` have no upper
//! bound (they are clamped, not refused). Every paged operation declares the opaque `cursor`
//! (export's next cursor comes in the `X-Next-Cursor` header), and every operation has a tag
//! (its scope) and an `operationId`, so a generated client can walk a list to its end.

use axum::Json;
use lashon_news::export::EXPORT_FIELDS;
use lashon_news::types::{
    Activity, BlindspotItem, BlindspotsExtra, Brief, ChangeItem, ChangesExtra, ListEnvelope,
    Member, MembersExtra, Newsroom, NoExtra, Person, PersonDetail, Story, StoryDetail,
    ThreadDetail, ThreadSummary, TopicVolume, TopicsExtra, TrendingExtra, TrendingItem,
};
use utoipa::openapi::path::{OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, HttpMethod, InfoBuilder, KnownFormat, OpenApi,
    OpenApiBuilder, PathItem, PathsBuilder, Ref, RefOr, Required, ResponseBuilder,
    ResponsesBuilder,
};
use utoipa::{PartialSchema, ToSchema};

/// A parameter's schema.
#[derive(Clone, Copy)]
enum P {
    Text,
    /// The search text (rule 9): 2 to 120 characters once trimmed.
    SearchText,
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
        P::SearchText => o
            .schema_type(Type::String)
            .pattern(Some(search_text_pattern()))
            .description(Some(
                "2 to 120 characters after leading and trailing white space is trimmed.",
            )),
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

/// White space as `str::trim` strips it (the Unicode `White_Space` property), as a regex class
/// body. JSON Schema's `\s` is not the same set (ECMA-262 adds U+FEFF, Python's adds U+001C to
/// U+001F, neither has U+0085), so it is spelt out.
const WHITE_SPACE: &str =
    r"\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000";

/// `q` (rule 9): `SearchParams` trims it and then wants 2 to 120 characters, so any white
/// space around a first and a last other character with at most 118 characters between them.
fn search_text_pattern() -> String {
    let ws = WHITE_SPACE;
    format!("^[{ws}]*[^{ws}][\\s\\S]{{0,118}}[^{ws}][{ws}]*$")
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

/// The 200 of an operation: each content type with its schema, and the component schemas
/// those reference.
struct Ok200 {
    content: Vec<(&'static str, RefOr<Schema>)>,
    components: Vec<(String, RefOr<Schema>)>,
}

/// A single resource: a reference to the component of `T`.
fn one<T: ToSchema>() -> Ok200 {
    let mut components = vec![(T::name().into_owned(), T::schema())];
    T::schemas(&mut components);
    Ok200 {
        content: vec![("application/json", Ref::from_schema_name(T::name()).into())],
        components,
    }
}

/// A list: the envelope of `T` with the extras `X`, inline.
fn list<T: ToSchema, X: ToSchema>() -> Ok200 {
    let mut components = Vec::new();
    ListEnvelope::<T, X>::schemas(&mut components);
    Ok200 {
        content: vec![("application/json", ListEnvelope::<T, X>::schema())],
        components,
    }
}

/// Export (rule 11): a page of records as JSON lines or CSV, both text.
fn export() -> Ok200 {
    let fields = EXPORT_FIELDS.join(", ");
    let text = |description: String| -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(description))
            .build()
            .into()
    };
    Ok200 {
        content: vec![
            (
                "application/x-ndjson",
                text(format!(
                    "JSON lines: one object per article, each line ending in `\\n`, with the \
                     fields {fields}; an absent value is null."
                )),
            ),
            (
                "text/csv",
                text(format!(
                    "RFC 4180 CSV with CRLF line ends: a header row naming the columns \
                     {fields}, then one row per article; an absent value is an empty field."
                )),
            ),
        ],
        components: Vec::new(),
    }
}

/// The document itself: an OpenAPI object.
fn document() -> Ok200 {
    Ok200 {
        content: vec![(
            "application/json",
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .description(Some("An OpenAPI 3.1 document."))
                .build()
                .into(),
        )],
        components: Vec::new(),
    }
}

/// One operation: path under `/api/v1`, scope (none for the document), whether it is
/// paged, its parameters, and its 200.
type Endpoint = (&'static str, Option<&'static str>, bool, Vec<Param>, Ok200);

fn endpoints() -> Vec<Endpoint> {
    let id = |name| (name, ParameterIn::Path, true, P::Id);
    let key = ("key", ParameterIn::Path, true, P::Text);
    let mut stories = vec![LANG, LIMIT];
    stories.extend(FILTERS);
    let mut search = stories.clone();
    search.push(("q", ParameterIn::Query, true, P::SearchText));
    vec![
        (
            "/stories",
            Some("stories"),
            true,
            stories,
            list::<Story, NoExtra>(),
        ),
        (
            "/stories/{ckey}",
            Some("stories"),
            false,
            vec![id("ckey"), LANG],
            one::<StoryDetail>(),
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
            list::<Member, MembersExtra>(),
        ),
        (
            "/threads",
            Some("stories"),
            true,
            vec![LANG, LIMIT, q("minNodes", P::IntRange(1.0, 50.0))],
            list::<ThreadSummary, NoExtra>(),
        ),
        (
            "/threads/{id}",
            Some("stories"),
            false,
            vec![id("id"), LANG, LIMIT],
            one::<ThreadDetail>(),
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
            list::<TrendingItem, TrendingExtra>(),
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
            list::<BlindspotItem, BlindspotsExtra>(),
        ),
        (
            "/sources",
            Some("sources"),
            false,
            vec![LANG],
            list::<Newsroom, NoExtra>(),
        ),
        (
            "/sources/{key}",
            Some("sources"),
            false,
            vec![key.clone()],
            one::<Newsroom>(),
        ),
        (
            "/sources/{key}/activity",
            Some("sources"),
            false,
            vec![key, q("days", P::Int(1.0))],
            one::<Activity>(),
        ),
        (
            "/topics",
            Some("sources"),
            false,
            vec![q("days", P::Int(1.0))],
            list::<TopicVolume, TopicsExtra>(),
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
            list::<ChangeItem, ChangesExtra>(),
        ),
        (
            "/search",
            Some("search"),
            true,
            search,
            list::<Story, NoExtra>(),
        ),
        (
            "/people",
            Some("people"),
            false,
            vec![LANG],
            list::<Person, NoExtra>(),
        ),
        (
            "/people/{id}",
            Some("people"),
            false,
            vec![id("id"), LANG],
            one::<PersonDetail>(),
        ),
        ("/brief", Some("brief"), false, vec![LANG], one::<Brief>()),
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
            export(),
        ),
        ("/openapi.json", None, false, vec![], document()),
    ]
}

/// The `operationId` of an endpoint: what a generated client names its function.
fn operation_id(path: &str) -> String {
    match path {
        "/stories" => "list_stories",
        "/stories/{ckey}" => "get_story",
        "/stories/{ckey}/members" => "list_story_members",
        "/threads" => "list_threads",
        "/threads/{id}" => "get_thread",
        "/trending" => "list_trending",
        "/blindspots" => "list_blindspots",
        "/sources" => "list_sources",
        "/sources/{key}" => "get_source",
        "/sources/{key}/activity" => "get_source_activity",
        "/topics" => "list_topics",
        "/changes" => "list_changes",
        "/search" => "search_stories",
        "/people" => "list_people",
        "/people/{id}" => "get_person",
        "/brief" => "get_brief",
        "/export" => "export_records",
        "/openapi.json" => "news_openapi",
        other => return format!("news{}", other.replace(['/', '{', '}', '.'], "_")),
    }
    .to_string()
}

/// Each endpoint's path under `/api/v1`, the scope it needs (`None`: no key) and whether it
/// is paged by `cursor`. The MCP tools read them from here, so a tool is listed for exactly
/// the keys its route admits and takes a `cursor` exactly when its route does.
pub fn endpoint_access() -> Vec<(&'static str, Option<&'static str>, bool)> {
    endpoints()
        .into_iter()
        .map(|(path, scope, paged, ..)| (path, scope, paged))
        .collect()
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
    let mut components = ComponentsBuilder::new();
    for (path, scope, paged, params, body) in endpoints() {
        let mut ok = ResponseBuilder::new().description("the resource");
        for (t, schema) in body.content {
            ok = ok.content(t, ContentBuilder::new().schema(Some(schema)).build());
        }
        // A schema reached from several endpoints is the same each time: the last one stays.
        components = components.schemas_from_iter(body.components);
        if path == "/export" {
            // Rule 11: the next page's cursor comes in a header.
            ok = ok.header(
                "X-Next-Cursor",
                utoipa::openapi::HeaderBuilder::new()
                    .schema(ObjectBuilder::new().schema_type(Type::String))
                    .description(Some(
                        "The cursor of the next page; absent on the last page. Send it back as `cursor` with `from`, `to`, `format` and `lang` unchanged.",
                    ))
                    .build(),
            );
        }
        let mut responses = ResponsesBuilder::new().response("200", ok.build());
        let mut op = OperationBuilder::new()
            .operation_id(Some(operation_id(path)))
            .tag(scope.unwrap_or("reference"));
        if paged {
            op = op.parameter(
                ParameterBuilder::new()
                    .name("cursor")
                    .parameter_in(ParameterIn::Query)
                    .required(Required::False)
                    .description(Some(
                        "The `nextCursor` of the previous page (`X-Next-Cursor` for export), sent back unchanged with every other parameter unchanged; opaque — a malformed or rebound cursor is 400.",
                    ))
                    .schema(Some(
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .min_length(Some(1))
                            .max_length(Some(2048)),
                    )),
            );
        }
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
                .response(
                    "414",
                    error_response("bad_request: the request target is over 8,192 bytes"),
                )
                .response("429", error_response("rate_limited or quota_exceeded"))
                .response("503", error_response("service_unavailable"));
            // Story and thread ids are handed out before clustering is done with them (lists,
            // the change feed, webhooks): one merged into another since answers as that one.
            let merged = if path == "/stories/{ckey}/members" {
                " A story merged into another since its id was handed out, or dissolved when everything was clustered again, answers as the story its first article is in now, whose id the answer carries (`storyId`). A walk begun before such a merge goes on through the joined story's members after the cursor's place: its members published before that place are not listed; start again without `cursor` to read them all."
            } else if path.starts_with("/stories/{ckey}") {
                " A story merged into another since its id was handed out, or dissolved when everything was clustered again, answers as the story its first article is in now, whose id the answer carries (`id`)."
            } else if path == "/threads/{id}" {
                " A thread whose id was handed out (a story's `threadId`) and that went on under another id since (its first story merged away, or the thread merged into another) answers as the thread it went on as, whose id the answer carries (`id`); one that ended answers as the thread its first story is in now, if any."
            } else {
                ""
            };
            op = op
                .description(Some(format!(
                    "Scope `{scope}`.{}{merged}",
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
            components
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

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn doc() -> Value {
        serde_json::to_value(news_document()).expect("the document serializes")
    }

    fn refs<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
        match v {
            Value::Object(map) => {
                for (k, v) in map {
                    match (k.as_str(), v) {
                        ("$ref", Value::String(r)) => out.push(r),
                        _ => refs(v, out),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }

    #[test]
    fn every_ref_resolves_to_a_component() {
        let doc = doc();
        let text = serde_json::to_string(&doc).unwrap();
        assert!(text.len() > 1000);
        let mut found = Vec::new();
        refs(&doc, &mut found);
        assert!(found.len() > 20, "{found:?}");
        for r in found {
            let name = r
                .strip_prefix("#/components/schemas/")
                .unwrap_or_else(|| panic!("not a schema reference: {r}"));
            assert!(
                doc["components"]["schemas"][name].is_object(),
                "{r} does not resolve"
            );
        }
        for name in [
            "Story",
            "StoryDetail",
            "Member",
            "ThreadSummary",
            "ThreadDetail",
            "TrendingItem",
            "BlindspotItem",
            "ChangeItem",
            "Newsroom",
            "Activity",
            "TopicVolume",
            "Person",
            "PersonDetail",
            "Brief",
            "Side",
            "Lean",
            "Lang",
            "Error",
        ] {
            assert!(doc["components"]["schemas"][name].is_object(), "{name}");
        }
    }

    #[test]
    fn stories_answer_the_envelope_of_story() {
        let doc = doc();
        let ok = &doc["paths"]["/api/v1/stories"]["get"]["responses"]["200"]["content"]
            ["application/json"]["schema"];
        assert_eq!(
            ok["properties"]["data"]["items"]["$ref"],
            "#/components/schemas/Story"
        );
        let required: Vec<&str> = ok["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(
            required,
            ["data", "nextCursor", "lang", "generatedAt", "limit"]
        );
        assert_eq!(
            ok["properties"]["nextCursor"]["type"],
            serde_json::json!(["string", "null"])
        );
        // The extras of an endpoint sit beside the common fields.
        let trending = &doc["paths"]["/api/v1/trending"]["get"]["responses"]["200"]["content"]
            ["application/json"]["schema"];
        for field in ["data", "metric", "windowMinutes"] {
            assert!(trending["properties"][field].is_object(), "{field}");
            assert!(trending["required"]
                .as_array()
                .unwrap()
                .contains(&Value::from(field)));
        }
        let detail = &doc["paths"]["/api/v1/stories/{ckey}"]["get"]["responses"]["200"]["content"]
            ["application/json"]["schema"];
        assert_eq!(detail["$ref"], "#/components/schemas/StoryDetail");
    }

    #[test]
    fn reference_values_are_the_wire_spellings() {
        let doc = doc();
        let schemas = &doc["components"]["schemas"];
        assert_eq!(schemas["Side"]["enum"], serde_json::json!(SIDES));
        assert_eq!(schemas["Lean"]["enum"], serde_json::json!(LEANS));
        assert_eq!(schemas["Lang"]["enum"], serde_json::json!(["en", "he"]));
        assert!(schemas["StoryState"]["enum"]
            .as_array()
            .unwrap()
            .contains(&Value::from("thread_update")));
    }

    #[test]
    fn export_keeps_its_two_text_bodies() {
        let doc = doc();
        let content = &doc["paths"]["/api/v1/export"]["get"]["responses"]["200"]["content"];
        for t in ["application/x-ndjson", "text/csv"] {
            assert_eq!(content[t]["schema"]["type"], "string", "{t}");
        }
    }

    /// The class in the `q` pattern is exactly the set `str::trim` strips.
    #[test]
    fn search_text_white_space_is_what_trim_strips() {
        let mut chars = Vec::new();
        let mut rest = WHITE_SPACE;
        while let Some(c) = rest.chars().next() {
            let (c, len) = match (c, rest.as_bytes().get(1)) {
                ('\\', Some(b'u')) => {
                    let code = u32::from_str_radix(&rest[2..6], 16).unwrap();
                    (char::from_u32(code).unwrap(), 6)
                }
                ('\\', Some(b't')) => ('\t', 2),
                ('\\', Some(b'n')) => ('\n', 2),
                ('\\', Some(b'f')) => ('\u{c}', 2),
                ('\\', Some(b'r')) => ('\r', 2),
                ('-', _) => {
                    rest = &rest[1..];
                    let first = *chars.last().unwrap() as u32;
                    let code = u32::from_str_radix(&rest[2..6], 16).unwrap();
                    chars.extend((first + 1..=code).filter_map(char::from_u32));
                    rest = &rest[6..];
                    continue;
                }
                (c, _) => (c, c.len_utf8()),
            };
            chars.push(c);
            rest = &rest[len..];
        }
        let trimmed: Vec<char> = (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|c| c.is_whitespace())
            .collect();
        assert_eq!(chars, trimmed);
        let pattern = search_text_pattern();
        assert!(pattern.starts_with("^[\\t") && pattern.contains("{0,118}"));
    }

    /// What a client generator needs (issue 27): every paged list declares `cursor`, every
    /// operation a tag and a unique `operationId`, export its `X-Next-Cursor` header.
    #[test]
    fn paged_operations_declare_the_cursor_and_every_operation_is_named() {
        let doc = doc();
        let mut ids = std::collections::BTreeSet::new();
        let mut paged = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            let op = &item["get"];
            let id = op["operationId"].as_str().unwrap();
            assert!(ids.insert(id.to_string()), "{id} twice");
            let fallback = format!(
                "news{}",
                path.trim_start_matches("/api/v1")
                    .replace(['/', '{', '}', '.'], "_")
            );
            assert_ne!(id, fallback, "{path}: a named operationId");
            assert_eq!(op["tags"].as_array().map(Vec::len), Some(1), "{path}");
            let params: Vec<&str> = op["parameters"]
                .as_array()
                .map(|ps| ps.iter().filter_map(|p| p["name"].as_str()).collect())
                .unwrap_or_default();
            let walks = op["description"]
                .as_str()
                .is_some_and(|d| d.contains("Paged"));
            assert_eq!(params.contains(&"cursor"), walks, "{path}: {params:?}");
            paged += usize::from(walks);
        }
        assert_eq!(ids.len(), 18);
        assert_eq!(
            paged, 8,
            "stories, members, threads, trending, blindspots, changes, search, export"
        );
        let export = &doc["paths"]["/api/v1/export"]["get"]["responses"]["200"];
        assert!(export["headers"]["X-Next-Cursor"].is_object(), "{export}");
    }

    #[test]
    #[ignore = "prints the document"]
    fn dump() {
        println!("{}", serde_json::to_string_pretty(&doc()).unwrap());
    }
}
