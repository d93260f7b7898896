//! The MCP tool schemas and the OpenAPI documents come from the same types.
//!
//! For every tool, with each reference expanded in place (a recursive type cut where it
//! recurs, the same way on both sides):
//! - a body tool's input schema equals the schema `utoipa` derives for the request type the
//!   route deserializes, and so does the document's request body;
//! - every tool's output schema equals the schema of the type the route serializes, and so
//!   does the document's 200 body;
//! - a parameter tool's input has exactly the document's path and query parameters, with
//!   their schemas and required flags, and `cursor` besides exactly when the route is paged.
//!
//! A tool bound to the wrong operation, a schema lost or altered on the way from the
//! document, or a document no longer describing the handler's types fails here.

use std::collections::{BTreeSet, HashMap};

use lashon_core::clinical::{
    ClinicalTranslateRequest, ClinicalTranslateResponse, QueryRequest, QueryResponse,
    VerifyRequest, VerifyResponse,
};
use lashon_core::direction::{
    AnalyzeRequest, AnalyzeResponse, DetectRequest, Detection, WrapRequest, Wrapped,
};
use lashon_core::hebrew::api::{
    NikudRequest, NikudResponse, StripRequest, StripResponse, TransliterateRequest,
    TransliterateResponse,
};
use lashon_core::languages::LanguagesResponse;
use lashon_core::terms::{ListResponse, UpsertRequest, UpsertResponse};
use lashon_core::translate::{BatchRequest, BatchResponse, TranslateRequest, TranslateResponse};
use lashon_core::usage::UsageResponse;
use lashon_news::types::{
    Activity, BlindspotItem, BlindspotsExtra, Brief, ChangeItem, ChangesExtra, ListEnvelope,
    Member, MembersExtra, Newsroom, NoExtra, Person, PersonDetail, Story, StoryDetail,
    ThreadDetail, ThreadSummary, TopicVolume, TopicsExtra, TrendingExtra, TrendingItem,
};
use serde_json::{Map, Value};
use utoipa::{OpenApi, ToSchema};

use super::catalog::{Catalog, Entry};
use super::tools::{Service, Verb};
use crate::routes::language::Deleted;

/// A schema with its named definitions, and the prefix its references use.
struct Schemas {
    root: Value,
    defs: HashMap<String, Value>,
    prefix: &'static str,
}

impl Schemas {
    /// What `utoipa` derives for `T`: its schema and every schema it names.
    fn of<T: ToSchema>() -> Schemas {
        let mut named = Vec::new();
        T::schemas(&mut named);
        let defs = named
            .into_iter()
            .map(|(name, s)| (name, serde_json::to_value(s).unwrap()))
            .collect();
        Schemas {
            root: serde_json::to_value(T::schema()).unwrap(),
            defs,
            prefix: "#/components/schemas/",
        }
    }

    /// A tool schema: its `$defs` are its definitions.
    fn tool(schema: &Map<String, Value>) -> Schemas {
        let mut root = schema.clone();
        let defs = match root.remove("$defs") {
            Some(Value::Object(defs)) => defs.into_iter().collect(),
            _ => HashMap::new(),
        };
        Schemas {
            root: Value::Object(root),
            defs,
            prefix: "#/$defs/",
        }
    }

    /// A schema of an OpenAPI document.
    fn document(doc: &Value, schema: &Value) -> Schemas {
        let defs = doc["components"]["schemas"]
            .as_object()
            .map(|m| m.clone().into_iter().collect())
            .unwrap_or_default();
        Schemas {
            root: schema.clone(),
            defs,
            prefix: "#/components/schemas/",
        }
    }

    /// The root with every reference replaced by what it names.
    fn expanded(&self) -> Value {
        self.expand(&self.root, &mut Vec::new())
    }

    fn expand(&self, v: &Value, stack: &mut Vec<String>) -> Value {
        match v {
            Value::Object(map) => {
                if let Some(Value::String(r)) = map.get("$ref") {
                    let name = r
                        .strip_prefix(self.prefix)
                        .unwrap_or_else(|| panic!("reference {r} outside {}", self.prefix));
                    if stack.iter().any(|n| n == name) {
                        return serde_json::json!({ "recursion": name });
                    }
                    let target = self
                        .defs
                        .get(name)
                        .unwrap_or_else(|| panic!("{r} does not resolve"));
                    stack.push(name.to_string());
                    let mut out = self.expand(target, stack);
                    stack.pop();
                    if let Value::Object(out) = &mut out {
                        for (k, v) in map.iter().filter(|(k, _)| *k != "$ref") {
                            out.insert(k.clone(), self.expand(v, stack));
                        }
                    }
                    return out;
                }
                Value::Object(
                    map.iter()
                        .map(|(k, v)| (k.clone(), self.expand(v, stack)))
                        .collect(),
                )
            }
            Value::Array(items) => {
                Value::Array(items.iter().map(|v| self.expand(v, stack)).collect())
            }
            other => other.clone(),
        }
    }
}

/// The request type (for a body tool) and the response type of each tool's route.
fn types(tool: &str) -> (Option<Schemas>, Schemas) {
    fn body<Req: ToSchema, Res: ToSchema>() -> (Option<Schemas>, Schemas) {
        (Some(Schemas::of::<Req>()), Schemas::of::<Res>())
    }
    fn params<Res: ToSchema>() -> (Option<Schemas>, Schemas) {
        (None, Schemas::of::<Res>())
    }
    match tool {
        "translate" => body::<TranslateRequest, TranslateResponse>(),
        "translate_batch" => body::<BatchRequest, BatchResponse>(),
        "clinical_translate" => body::<ClinicalTranslateRequest, ClinicalTranslateResponse>(),
        "clinical_query" => body::<QueryRequest, QueryResponse>(),
        "clinical_verify" => body::<VerifyRequest, VerifyResponse>(),
        "add_terms" => body::<UpsertRequest, UpsertResponse>(),
        "list_terms" => params::<ListResponse>(),
        "delete_term" => params::<Deleted>(),
        "add_nikud" => body::<NikudRequest, NikudResponse>(),
        "strip_nikud" => body::<StripRequest, StripResponse>(),
        "analyze_direction" => body::<AnalyzeRequest, AnalyzeResponse>(),
        "wrap_for_display" => body::<WrapRequest, Wrapped>(),
        "detect_language" => body::<DetectRequest, Detection<'static>>(),
        "transliterate" => body::<TransliterateRequest, TransliterateResponse>(),
        "list_languages" => params::<LanguagesResponse>(),
        "usage" => params::<UsageResponse>(),
        "stories_list" | "search" => params::<ListEnvelope<Story, NoExtra>>(),
        "story_get" => params::<StoryDetail>(),
        "story_members" => params::<ListEnvelope<Member, MembersExtra>>(),
        "threads_list" => params::<ListEnvelope<ThreadSummary, NoExtra>>(),
        "thread_get" => params::<ThreadDetail>(),
        "trending" => params::<ListEnvelope<TrendingItem, TrendingExtra>>(),
        "blindspots" => params::<ListEnvelope<BlindspotItem, BlindspotsExtra>>(),
        "sources_list" => params::<ListEnvelope<Newsroom, NoExtra>>(),
        "source_get" => params::<Newsroom>(),
        "source_activity" => params::<Activity>(),
        "topics" => params::<ListEnvelope<TopicVolume, TopicsExtra>>(),
        "changes" => params::<ListEnvelope<ChangeItem, ChangesExtra>>(),
        "people_list" => params::<ListEnvelope<Person, NoExtra>>(),
        "person_get" => params::<PersonDetail>(),
        "brief" => params::<Brief>(),
        other => panic!("no types listed for {other}"),
    }
}

/// A tool schema compared with a type's schema that has no `type` at its top: the tool's
/// says `object` there (MCP wants it; the type describes objects only), and is otherwise the
/// same.
fn untyped(expected: &Value, mut tool: Value) -> Value {
    if expected.get("type").is_none() {
        let obj = tool.as_object_mut().unwrap();
        assert_eq!(obj.remove("type"), Some(Value::from("object")));
    }
    tool
}

fn documents() -> (Value, Value) {
    (
        serde_json::to_value(crate::openapi::LanguageApi::openapi()).unwrap(),
        serde_json::to_value(crate::news_openapi::news_document()).unwrap(),
    )
}

fn operation<'a>(docs: &'a (Value, Value), e: &Entry) -> (&'a Value, &'a Value) {
    let doc = match e.spec.service {
        Service::News => &docs.1,
        Service::Language | Service::Clinical => &docs.0,
    };
    let op = &doc["paths"][e.spec.path][e.spec.verb.openapi()];
    assert!(
        op.is_object(),
        "{}: no operation in the document",
        e.spec.name
    );
    (doc, op)
}

#[test]
fn body_tools_take_the_request_type() {
    let catalog = Catalog::try_build().unwrap();
    let docs = documents();
    let mut checked = 0;
    for e in catalog.entries() {
        let (Some(request), _) = types(e.spec.name) else {
            continue;
        };
        assert_eq!(e.spec.verb, Verb::Post, "{}", e.spec.name);
        let expected = request.expanded();
        let tool = Schemas::tool(&e.tool.input_schema).expanded();
        assert_eq!(untyped(&expected, tool), expected, "{}: input", e.spec.name);
        let (doc, op) = operation(&docs, e);
        let in_doc = Schemas::document(
            doc,
            &op["requestBody"]["content"]["application/json"]["schema"],
        )
        .expanded();
        assert_eq!(in_doc, request.expanded(), "{}: document body", e.spec.name);
        checked += 1;
    }
    assert_eq!(checked, 12);
}

#[test]
fn outputs_are_the_response_type() {
    let catalog = Catalog::try_build().unwrap();
    let docs = documents();
    for e in catalog.entries() {
        let (_, response) = types(e.spec.name);
        let expected = response.expanded();
        let output = Schemas::tool(e.tool.output_schema.as_ref().unwrap()).expanded();
        assert_eq!(
            untyped(&expected, output),
            expected,
            "{}: output",
            e.spec.name
        );
        let (doc, op) = operation(&docs, e);
        let in_doc = Schemas::document(
            doc,
            &op["responses"]["200"]["content"]["application/json"]["schema"],
        )
        .expanded();
        assert_eq!(in_doc, expected, "{}: document 200", e.spec.name);
        // Something real was compared: an object with fields, or the parts of one.
        assert!(
            expected["properties"]
                .as_object()
                .is_some_and(|p| !p.is_empty())
                || expected["allOf"].is_array(),
            "{}",
            e.spec.name
        );
    }
}

#[test]
fn parameter_tools_take_the_documents_parameters() {
    let catalog = Catalog::try_build().unwrap();
    let docs = documents();
    let paged: Vec<String> = crate::news_openapi::endpoint_access()
        .into_iter()
        .filter(|(_, _, paged)| *paged)
        .map(|(path, ..)| format!("/api/v1{path}"))
        .collect();
    let mut checked = 0;
    for e in catalog.entries() {
        if types(e.spec.name).0.is_some() {
            continue;
        }
        let (doc, op) = operation(&docs, e);
        let input = Schemas::tool(&e.tool.input_schema).expanded();
        let properties = input["properties"].as_object().unwrap();
        let mut names = BTreeSet::new();
        let mut required = BTreeSet::new();
        for p in op["parameters"].as_array().into_iter().flatten() {
            let name = p["name"].as_str().unwrap();
            names.insert(name.to_string());
            if p["required"] == true {
                required.insert(name.to_string());
            }
            let mut expected = Schemas::document(doc, &p["schema"]).expanded();
            if let (Some(d), Some(obj)) = (p.get("description"), expected.as_object_mut()) {
                obj.entry("description").or_insert(d.clone());
            }
            assert_eq!(properties[name], expected, "{}: {name}", e.spec.name);
        }
        if paged.iter().any(|p| p == e.spec.path) {
            names.insert("cursor".into());
            assert_eq!(properties["cursor"]["type"], "string", "{}", e.spec.name);
        }
        let listed: BTreeSet<String> = properties.keys().cloned().collect();
        assert_eq!(listed, names, "{}: arguments", e.spec.name);
        let listed_required: BTreeSet<String> = input["required"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        assert_eq!(listed_required, required, "{}: required", e.spec.name);
        assert_eq!(input["additionalProperties"], false, "{}", e.spec.name);
        checked += 1;
    }
    assert_eq!(checked, 20);
}
