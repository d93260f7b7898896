//! `/api/v1`: one handler per endpoint of the news service (all GET). A handler reads the
//! path segment and the query pairs, calls the `lashon_core::news` function, and answers
//! through `answer`, which adds the `ETag` and `Cache-Control` of every read and turns a
//! matching `If-None-Match` into 304 (spec, "Conditional reads"). Authentication, scopes and
//! limits are [`crate::news_layers`]; the document is [`crate::news_openapi`].

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{OriginalUri, Path, RawQuery, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::from_fn_with_state;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::Router;
use chrono::{DateTime, Utc};
use lashon_core::account::Scope;
use lashon_core::news::{self as svc, NewsContext};
use lashon_core::ports::ServiceStore;
use lashon_news::cursor::CursorCodec;
use lashon_news::etag::{etag, if_none_match, CACHE_CONTROL as NEWS_CACHE_CONTROL};
use lashon_news::params::{
    ActivityParams, BlindspotsParams, ChangesParams, ExportParams, LangParams, MembersParams,
    Query, SearchParams, StoriesParams, ThreadParams, ThreadsParams, TopicsParams, TrendingParams,
};
use lashon_news::{Clock, NewsError};
use serde::Serialize;

use crate::news_layers::{news_auth, NewsFailure};
use crate::server::AppState;

/// What the news handlers reach: the store and the cursor codec.
#[derive(Clone)]
pub struct NewsState {
    store: Arc<dyn ServiceStore>,
    codec: Arc<CursorCodec>,
}

struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A body ready to send: bytes, content type, and the `X-Next-Cursor` of an export page.
struct Body {
    bytes: Vec<u8>,
    tag: String,
    content_type: &'static str,
    next_cursor: Option<String>,
}

/// JSON with its tag. The tag leaves out the top-level `generatedAt` (the instant of the
/// answer), so an unchanged resource keeps its tag between requests.
fn json_body<T: Serialize>(value: &T) -> Result<Body, NewsError> {
    let internal = |e: serde_json::Error| NewsError::internal(format!("serializing: {e}"));
    let mut v = serde_json::to_value(value).map_err(internal)?;
    let bytes = serde_json::to_vec(&v).map_err(internal)?;
    if let Some(obj) = v.as_object_mut() {
        obj.remove("generatedAt");
    }
    let tag = etag(&serde_json::to_vec(&v).map_err(internal)?);
    Ok(Body {
        bytes,
        tag,
        content_type: "application/json",
        next_cursor: None,
    })
}

fn header(v: &str) -> HeaderValue {
    HeaderValue::from_str(v).unwrap_or(HeaderValue::from_static(""))
}

/// Runs an endpoint function off the async threads and answers it: 200 with `ETag` and
/// `Cache-Control`, 304 with the same two when `If-None-Match` matches, or the error envelope.
async fn answer<F>(s: NewsState, headers: HeaderMap, f: F) -> Response
where
    F: FnOnce(&NewsContext<'_>) -> Result<Body, NewsError> + Send + 'static,
{
    let run = tokio::task::spawn_blocking(move || {
        let clock = SystemClock;
        f(&NewsContext::new(&*s.store, &clock, &s.codec))
    })
    .await;
    let body = match run {
        Ok(Ok(body)) => body,
        Ok(Err(e)) => return NewsFailure(e).into_response(),
        Err(e) => return NewsFailure(NewsError::internal(e.to_string())).into_response(),
    };
    let matched = headers
        .get(IF_NONE_MATCH)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| if_none_match(h, &body.tag));
    let mut res = if matched {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(CONTENT_TYPE, body.content_type)], body.bytes).into_response()
    };
    let h = res.headers_mut();
    h.insert(ETAG, header(&body.tag));
    h.insert(CACHE_CONTROL, HeaderValue::from_static(NEWS_CACHE_CONTROL));
    if let Some(c) = body.next_cursor {
        h.insert("x-next-cursor", header(&c));
    }
    res
}

fn query(raw: Option<String>) -> Query {
    Query::new(form_urlencoded::parse(raw.unwrap_or_default().as_bytes()).into_owned())
}

/// The path segment; an undecodable one is a 400 (rule 12).
fn segment(p: Result<Path<String>, PathRejection>) -> Result<String, NewsError> {
    p.map(|Path(s)| s)
        .map_err(|e| NewsError::bad_request(format!("invalid path segment: {e}")))
}

type Q = RawQuery;
type Seg = Result<Path<String>, PathRejection>;

macro_rules! endpoint {
    ($(#[$doc:meta])* $name:ident, |$ctx:ident, $q:ident| $body:expr) => {
        $(#[$doc])*
        pub async fn $name(State(s): State<NewsState>, h: HeaderMap, RawQuery(raw): Q) -> Response {
            answer(s, h, move |$ctx| {
                let $q = query(raw);
                json_body(&$body?)
            })
            .await
        }
    };
    ($(#[$doc:meta])* $name:ident, |$ctx:ident, $q:ident, $seg:ident| $body:expr) => {
        $(#[$doc])*
        pub async fn $name(State(s): State<NewsState>, h: HeaderMap, p: Seg, RawQuery(raw): Q) -> Response {
            answer(s, h, move |$ctx| {
                let $q = query(raw);
                let $seg = segment(p)?;
                json_body(&$body?)
            })
            .await
        }
    };
}

endpoint!(
    #[doc = "`GET /api/v1/stories` (rule 1)."]
    stories,
    |c, q| svc::list_stories(c, &StoriesParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/stories/{ckey}`."]
    story,
    |c, q, id| svc::story_detail(c, &id, &LangParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/stories/{ckey}/members` (rule 2)."]
    members,
    |c, q, id| svc::story_members(c, &id, &MembersParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/threads` (rule 3)."]
    threads,
    |c, q| svc::list_threads(c, &ThreadsParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/threads/{id}` (rule 3)."]
    thread,
    |c, q, id| svc::thread_detail(c, &id, &ThreadParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/trending` (rule 4)."]
    trending,
    |c, q| svc::trending(c, &TrendingParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/blindspots` (rule 5)."]
    blindspots,
    |c, q| svc::blindspots(c, &BlindspotsParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/sources`."]
    sources,
    |c, q| svc::list_sources(c, &LangParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/sources/{key}` (rule 12)."]
    source,
    |c, _q, key| svc::source(c, &key)
);
endpoint!(
    #[doc = "`GET /api/v1/sources/{key}/activity` (rule 6)."]
    activity,
    |c, q, key| svc::source_activity(c, &key, &ActivityParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/topics` (rule 7)."]
    topics,
    |c, q| svc::list_topics(c, &TopicsParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/changes` (rule 8)."]
    changes,
    |c, q| svc::changes(c, &ChangesParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/search` (rule 9)."]
    search,
    |c, q| svc::search(c, &SearchParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/people`."]
    people,
    |c, q| svc::list_people(c, &LangParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/people/{id}` (rule 12)."]
    person,
    |c, q, id| svc::person_detail(c, &id, &LangParams::parse(&q)?)
);
endpoint!(
    #[doc = "`GET /api/v1/brief` (rule 10)."]
    brief,
    |c, q| svc::brief(c, &LangParams::parse(&q)?)
);

/// `GET /api/v1/export` (rule 11): CSV or JSON lines, `X-Next-Cursor` for the next page.
pub async fn export(State(s): State<NewsState>, h: HeaderMap, RawQuery(raw): Q) -> Response {
    answer(s, h, move |c| {
        let page = svc::export_page(c, &ExportParams::parse(&query(raw))?)?;
        let bytes = page.body()?;
        Ok(Body {
            tag: etag(&bytes),
            bytes,
            content_type: page.content_type(),
            next_cursor: page.next_cursor,
        })
    })
    .await
}

/// 404 `not_found` under `/api/v1`.
async fn not_found(OriginalUri(uri): OriginalUri) -> NewsFailure {
    NewsFailure(NewsError::not_found(format!(
        "no such path: {}",
        uri.path()
    )))
}

/// 405 with the news envelope: every endpoint is a GET.
async fn method_not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> Response {
    let mut res = NewsFailure(NewsError::bad_request(format!(
        "{method} is not allowed on {}; the news service answers GET only",
        uri.path()
    )))
    .into_response();
    *res.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    res
}

fn read<H, T>(handler: H) -> MethodRouter<NewsState>
where
    H: axum::handler::Handler<T, NewsState>,
    T: 'static,
{
    get(handler).fallback(method_not_allowed)
}

/// The news routes under `/api/v1`, each behind the layer of its scope (spec, "Endpoint
/// list"), the document without a key.
pub fn router<S: Clone + Send + Sync + 'static>(state: AppState) -> Router<S> {
    let key = state.store.cursor_key().unwrap_or_else(|e| {
        // Without the stored key, cursors still work within this process.
        tracing::warn!(error = %e, "no stored cursor key; cursors will not survive a restart");
        let mut k = vec![0u8; 32];
        let _ = getrandom::fill(&mut k);
        k
    });
    let news = NewsState {
        store: state.store.clone(),
        codec: Arc::new(CursorCodec::new(&key)),
    };
    let scoped = |scope: Scope, r: Router<NewsState>| {
        r.route_layer(from_fn_with_state((state.clone(), scope), news_auth))
    };
    let api = Router::new()
        .merge(scoped(
            Scope::Stories,
            Router::new()
                .route("/stories", read(stories))
                .route("/stories/{ckey}", read(story))
                .route("/stories/{ckey}/members", read(members))
                .route("/threads", read(threads))
                .route("/threads/{id}", read(thread))
                .route("/trending", read(trending))
                .route("/blindspots", read(blindspots))
                .route("/changes", read(changes)),
        ))
        .merge(scoped(
            Scope::Sources,
            Router::new()
                .route("/sources", read(sources))
                .route("/sources/{key}", read(source))
                .route("/sources/{key}/activity", read(activity))
                .route("/topics", read(topics)),
        ))
        .merge(scoped(
            Scope::Search,
            Router::new().route("/search", read(search)),
        ))
        .merge(scoped(
            Scope::People,
            Router::new()
                .route("/people", read(people))
                .route("/people/{id}", read(person)),
        ))
        .merge(scoped(
            Scope::Brief,
            Router::new().route("/brief", read(brief)),
        ))
        .merge(scoped(
            Scope::Export,
            Router::new().route("/export", read(export)),
        ))
        .route("/openapi.json", read(crate::news_openapi::news_openapi))
        .fallback(not_found)
        .with_state(news);
    Router::new().nest("/api/v1", api)
}
