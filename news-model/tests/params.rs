//! Parameter rules as data: `vectors/params.json` holds one case per rule and bound (inside
//! and outside), each the endpoint, the query pairs, and either the effective values or the
//! HTTP status of the error.

use lashon_news::params::{
    ActivityParams, BlindspotsParams, ChangesParams, ExportParams, LangParams, MembersParams,
    Query, SearchParams, StoriesParams, ThreadParams, ThreadsParams, TopicsParams, TrendingParams,
};
use lashon_news::NewsError;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
struct Case {
    name: String,
    endpoint: String,
    query: Vec<(String, String)>,
    #[serde(default)]
    ok: Option<Value>,
    #[serde(default)]
    status: Option<u16>,
}

fn opt<T: ToString>(v: Option<T>) -> Value {
    v.map(|x| Value::String(x.to_string()))
        .unwrap_or(Value::Null)
}

/// The effective values of a parsed request, as JSON.
fn parse(endpoint: &str, q: &Query) -> Result<Value, NewsError> {
    Ok(match endpoint {
        "stories" => {
            let p = StoriesParams::parse(q)?;
            json!({"lang": p.lang.as_str(), "limit": p.limit, "state": opt(p.filter.state),
                   "topics": p.filter.topics, "sources": p.filter.sources,
                   "since": p.filter.since_days, "cursor": p.cursor})
        }
        "search" => {
            let p = SearchParams::parse(q)?;
            json!({"q": p.q, "lang": p.lang.as_str(), "limit": p.limit,
                   "state": opt(p.filter.state), "topics": p.filter.topics,
                   "sources": p.filter.sources, "since": p.filter.since_days})
        }
        "members" => {
            let p = MembersParams::parse(q)?;
            json!({"side": opt(p.side), "lean": opt(p.lean), "limit": p.limit})
        }
        "threads" => {
            let p = ThreadsParams::parse(q)?;
            json!({"minNodes": p.min_nodes, "limit": p.limit})
        }
        "thread" => {
            let p = ThreadParams::parse(q)?;
            json!({"limit": p.limit, "lang": p.lang.as_str()})
        }
        "trending" => {
            let p = TrendingParams::parse(q)?;
            json!({"metric": p.metric.as_str(), "window": p.window_minutes, "limit": p.limit})
        }
        "blindspots" => {
            let p = BlindspotsParams::parse(q)?;
            let states: Vec<&str> = p.states.iter().map(|s| s.as_str()).collect();
            json!({"states": states, "side": opt(p.side), "window": p.window_minutes, "limit": p.limit})
        }
        "changes" => {
            let p = ChangesParams::parse(q)?;
            json!({"since": p.since.to_rfc3339_opts(chrono::SecondsFormat::Secs, true), "limit": p.limit})
        }
        "activity" => json!({"days": ActivityParams::parse(q)?.days}),
        "topics" => json!({"days": TopicsParams::parse(q)?.days}),
        "lang" => json!({"lang": LangParams::parse(q)?.lang.as_str()}),
        "export" => {
            let p = ExportParams::parse(q)?;
            json!({"from": p.from.to_string(), "to": p.to.to_string(),
                   "format": p.format.as_str(), "lang": p.lang.map(|l| l.as_str())})
        }
        "id" => {
            let v = q.single("id")?.unwrap_or_default();
            json!({"id": lashon_news::params::parse_id("id", v)?})
        }
        other => panic!("unknown endpoint {other} in vectors"),
    })
}

#[test]
fn parameter_vectors() {
    let cases: Vec<Case> =
        serde_json::from_str(include_str!("vectors/params.json")).expect("vectors parse");
    assert!(cases.len() > 100, "too few vectors: {}", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let q = Query::new(case.query.clone());
        let got = parse(&case.endpoint, &q);
        match (&case.ok, case.status, got) {
            (Some(want), None, Ok(have)) => {
                let Value::Object(want) = want else {
                    panic!("{}: ok must be an object", case.name)
                };
                for (k, v) in want {
                    if have.get(k) != Some(v) {
                        failures.push(format!("{}: {k} = {:?}, want {v}", case.name, have.get(k)));
                    }
                }
            }
            (None, Some(status), Err(e)) => {
                if e.http_status() != status {
                    failures.push(format!(
                        "{}: status {}, want {status}",
                        case.name,
                        e.http_status()
                    ));
                }
                if e.message().is_empty() {
                    failures.push(format!("{}: empty message", case.name));
                }
            }
            (_, _, Ok(have)) => {
                failures.push(format!("{}: accepted as {have}, want an error", case.name))
            }
            (_, _, Err(e)) => failures.push(format!("{}: rejected ({e}), want ok", case.name)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing vectors:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
