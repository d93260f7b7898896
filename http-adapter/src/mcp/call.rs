//! A tool call as an in-process request to the API's router, and the answer as a tool result.
//!
//! The request carries the caller's `Authorization` (and `Origin`, which the clinical routes
//! refuse) to the route the tool names, so the route's own layers authenticate it, check its
//! scope, count it against the rate limit, reserve and settle its charge, and validate it,
//! exactly as for an HTTP client. Arguments become:
//!
//! - POST: the JSON body, as given;
//! - GET and DELETE: the path parameters (percent-encoded into the path) and the query
//!   (scalars as their text, an array as the parameter repeated).
//!
//! A 2xx answer becomes a result whose structured content is the JSON body and whose text is
//! the body as the API sent it. Any other answer becomes a tool error (`isError`) whose text
//! is the API's error envelope with the HTTP `status` (and `retry_after`, in seconds, when
//! the API said when to come back) beside `error`: the agent branches on `error.code`
//! (`invalid_request`, `bad_request`, `unauthorized`, `forbidden`, `scope_required`,
//! `server_only`, `not_found`, `rate_limited`, `quota_exceeded`, ...) as an HTTP client would.

use axum::body::Body;
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, ORIGIN, RETRY_AFTER};
use axum::http::{HeaderMap, HeaderValue, Request, Response};
use axum::Router;
use lashon_core::ServiceError;
use lashon_news::NewsError;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, MetaObject};
use serde_json::{Map, Value};
use tower::ServiceExt;

use super::catalog::Entry;
use super::tools::{Service, Verb};

/// Largest answer a tool reads back, in bytes (a batch of 50 translations with their runs
/// and protection details is a few megabytes).
const ANSWER_LIMIT: usize = 64 * 1024 * 1024;

/// Headers of the API's answer passed on in the result's `_meta`, so a client can show usage
/// and quote the request id to support.
const META_HEADERS: [&str; 5] = [
    "x-request-id",
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-usage-chars-used",
    "x-usage-chars-limit",
];

/// Who is calling: the headers a tool's request carries.
#[derive(Debug, Clone, Default)]
pub struct Caller {
    pub authorization: Option<HeaderValue>,
    pub origin: Option<HeaderValue>,
}

impl Caller {
    /// The caller of an HTTP request to `/mcp`.
    pub fn from_headers(headers: &HeaderMap) -> Caller {
        Caller {
            authorization: headers.get(AUTHORIZATION).cloned(),
            origin: headers.get(ORIGIN).cloned(),
        }
    }
}

/// Runs the tool `entry` with `arguments` as `caller` on `api`.
pub async fn call(
    api: Router,
    entry: &Entry,
    arguments: Option<JsonObject>,
    caller: &Caller,
) -> CallToolResult {
    let request = match request(entry, arguments.unwrap_or_default(), caller) {
        Ok(request) => request,
        Err(message) => return invalid(entry.spec.service, message),
    };
    match api.oneshot(request).await {
        Ok(response) => answer(entry, response).await,
        Err(never) => match never {},
    }
}

/// The request of a call, or what is wrong with its arguments.
fn request(entry: &Entry, mut args: JsonObject, caller: &Caller) -> Result<Request<Body>, String> {
    let allowed: Vec<&str> = entry.argument_names().collect();
    if entry.spec.verb != Verb::Post {
        if let Some(unknown) = args.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(format!(
                "unknown argument {unknown:?}; {} takes {}",
                entry.spec.name,
                if allowed.is_empty() {
                    "none".to_string()
                } else {
                    allowed.join(", ")
                }
            ));
        }
    }
    let path = fill_path(entry.spec.path, &mut args)?;
    let mut builder = Request::builder()
        .method(entry.spec.verb.method())
        .header("host", "lashon.mcp");
    if let Some(v) = &caller.authorization {
        builder = builder.header(AUTHORIZATION, v);
    }
    if let Some(v) = &caller.origin {
        builder = builder.header(ORIGIN, v);
    }
    let built = match entry.spec.verb {
        Verb::Post => builder
            .uri(path)
            .header(CONTENT_TYPE, "application/json")
            .body(Body::from(
                serde_json::to_vec(&Value::Object(args)).map_err(|e| e.to_string())?,
            )),
        Verb::Get | Verb::Delete => {
            let query = query(&args)?;
            let uri = if query.is_empty() {
                path
            } else {
                format!("{path}?{query}")
            };
            builder.uri(uri).body(Body::empty())
        }
    };
    built.map_err(|e| format!("the arguments do not make a request: {e}"))
}

/// `template` with each `{name}` replaced by the argument `name` (taken out of `args`),
/// percent-encoded as one path segment.
fn fill_path(template: &str, args: &mut JsonObject) -> Result<String, String> {
    let mut path = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            break;
        };
        path.push_str(&rest[..open]);
        let name = &rest[open + 1..close];
        let value = match args.remove(name) {
            Some(v) => scalar(&v).ok_or_else(|| format!("{name} must be a string or a number"))?,
            None => return Err(format!("{name} is required")),
        };
        path.push_str(&encode_segment(&value));
        rest = &rest[close + 1..];
    }
    path.push_str(rest);
    Ok(path)
}

/// The query string of the remaining arguments: a scalar once, an array's scalars repeated,
/// null left out.
fn query(args: &JsonObject) -> Result<String, String> {
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (name, value) in args {
        match value {
            Value::Null => {}
            Value::Array(items) => {
                for item in items {
                    let text = scalar(item)
                        .ok_or_else(|| format!("{name} must be a list of strings or numbers"))?;
                    query.append_pair(name, &text);
                }
            }
            v => {
                let text = scalar(v)
                    .ok_or_else(|| format!("{name} must be a string, a number or a boolean"))?;
                query.append_pair(name, &text);
            }
        }
    }
    Ok(query.finish())
}

fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// RFC 3986 percent-encoding of everything but the unreserved characters.
fn encode_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A tool error for arguments that do not make a request: the envelope the service's own
/// validation would answer (`invalid_request`, or `bad_request` under the news service).
fn invalid(service: Service, message: String) -> CallToolResult {
    let envelope = match service {
        Service::News => serde_json::to_value(NewsError::bad_request(message).envelope()),
        Service::Language | Service::Clinical => {
            serde_json::to_value(ServiceError::invalid(message).envelope())
        }
    }
    .unwrap_or_default();
    failure(envelope, 400, None)
}

fn failure(envelope: Value, status: u16, retry_after: Option<u64>) -> CallToolResult {
    let mut body = match envelope {
        Value::Object(map) => map,
        other => {
            // Not an envelope (nothing in the adapter answers so): passed on as the message.
            let mut error = Map::new();
            error.insert("code".into(), Value::from("internal"));
            error.insert("message".into(), Value::from(other.to_string()));
            let mut map = Map::new();
            map.insert("error".into(), Value::Object(error));
            map
        }
    };
    body.insert("status".into(), Value::from(status));
    if let Some(seconds) = retry_after {
        body.insert("retry_after".into(), Value::from(seconds));
    }
    CallToolResult::error(vec![ContentBlock::text(Value::Object(body).to_string())])
}

/// The route's answer as a tool result.
async fn answer(entry: &Entry, response: Response<Body>) -> CallToolResult {
    let (parts, body) = response.into_parts();
    let status = parts.status.as_u16();
    let bytes = match axum::body::to_bytes(body, ANSWER_LIMIT).await {
        Ok(bytes) => bytes,
        Err(e) => {
            let error = ServiceError::internal(format!("the answer could not be read: {e}"));
            return failure(
                serde_json::to_value(error.envelope()).unwrap_or_default(),
                500,
                None,
            );
        }
    };
    let json: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    let mut result = if parts.status.is_success() {
        let structured = if entry.wrapped {
            let mut map = Map::new();
            map.insert("result".into(), json);
            Value::Object(map)
        } else {
            json
        };
        let mut ok = CallToolResult::success(vec![ContentBlock::text(
            String::from_utf8_lossy(&bytes).into_owned(),
        )]);
        ok.structured_content = Some(structured);
        ok
    } else {
        let retry_after = parts
            .headers
            .get(RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse().ok());
        failure(json, status, retry_after)
    };
    let mut meta = Map::new();
    for name in META_HEADERS {
        if let Some(v) = parts.headers.get(name).and_then(|v| v.to_str().ok()) {
            meta.insert(format!("lashon/{name}"), Value::from(v));
        }
    }
    if !meta.is_empty() {
        result.meta = Some(MetaObject(meta));
    }
    result
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::mcp::catalog::Catalog;

    fn args(v: Value) -> JsonObject {
        v.as_object().cloned().unwrap()
    }

    fn uri(tool: &str, v: Value) -> Result<String, String> {
        let catalog = Catalog::try_build().unwrap();
        let entry = catalog.entry(tool).unwrap();
        request(entry, args(v), &Caller::default()).map(|r| r.uri().to_string())
    }

    #[test]
    fn arguments_become_path_and_query() {
        assert_eq!(
            uri(
                "story_members",
                json!({"ckey": 7, "side": "left", "limit": 5})
            )
            .unwrap(),
            "/api/v1/stories/7/members?limit=5&side=left"
        );
        // Repeated parameters, and text that needs escaping.
        assert_eq!(
            uri("search", json!({"q": "נתניהו & co", "topic": ["politics", "security"]})).unwrap(),
            "/api/v1/search?q=%D7%A0%D7%AA%D7%A0%D7%99%D7%94%D7%95+%26+co&topic=politics&topic=security"
        );
        assert_eq!(
            uri("source_get", json!({"key": "a b/c"})).unwrap(),
            "/api/v1/sources/a%20b%2Fc"
        );
        assert_eq!(
            uri("delete_term", json!({"id": "term_1"})).unwrap(),
            "/v1/terms/term_1"
        );
        assert_eq!(uri("list_languages", json!({})).unwrap(), "/v1/languages");
        // A null is the argument left out.
        assert_eq!(
            uri("trending", json!({"metric": null})).unwrap(),
            "/api/v1/trending"
        );
    }

    #[test]
    fn arguments_that_make_no_request_are_named() {
        assert!(uri("story_get", json!({}))
            .unwrap_err()
            .contains("ckey is required"));
        assert!(uri("story_get", json!({"ckey": {"a": 1}}))
            .unwrap_err()
            .contains("ckey must be"));
        assert!(uri("trending", json!({"metric": [[1]]}))
            .unwrap_err()
            .contains("list of strings"));
        let unknown = uri("brief", json!({"language": "he"})).unwrap_err();
        assert!(
            unknown.contains("\"language\"") && unknown.contains("lang"),
            "{unknown}"
        );
        assert!(uri("usage", json!({"x": 1}))
            .unwrap_err()
            .contains("takes none"));
    }

    #[test]
    fn a_post_sends_its_arguments_as_the_body() {
        let catalog = Catalog::try_build().unwrap();
        let caller = Caller {
            authorization: Some(HeaderValue::from_static("Bearer lsk_test_x")),
            origin: None,
        };
        let r = request(
            catalog.entry("translate").unwrap(),
            args(json!({"text": "hi", "target_lang": "he", "extra": 1})),
            &caller,
        )
        .unwrap();
        assert_eq!(r.method(), "POST");
        assert_eq!(r.uri(), "/v1/translate");
        assert_eq!(r.headers()[AUTHORIZATION], "Bearer lsk_test_x");
        assert_eq!(r.headers()[CONTENT_TYPE], "application/json");
        assert!(!r.headers().contains_key(ORIGIN));
    }

    #[test]
    fn an_error_answer_keeps_the_envelope() {
        let res = invalid(Service::News, "no".into());
        assert_eq!(res.is_error, Some(true));
        let ContentBlock::Text(text) = &res.content[0] else {
            panic!("not text")
        };
        let v: Value = serde_json::from_str(&text.text).unwrap();
        assert_eq!(
            v,
            json!({"error": {"code": "bad_request", "message": "no"}, "status": 400})
        );
        let v = failure(
            json!({"error": {"type": "rate_limited", "code": "rate_limited", "message": "m"}}),
            429,
            Some(30),
        );
        let ContentBlock::Text(text) = &v.content[0] else {
            panic!("not text")
        };
        let v: Value = serde_json::from_str(&text.text).unwrap();
        assert_eq!(v["retry_after"], 30);
        assert_eq!(v["error"]["code"], "rate_limited");
    }
}
