//! Hand-written cases under `tests/vectors/` (issue 4: at least 200 over all span types and all
//! checks in he/en/ru). Data files, so the Python binding can run the same cases:
//!
//! - `spans_*.json`: an array of `{id, text, lang, target, domain?, protected_terms?,
//!   redact_terms?, glossary?, account_terms?, date_order?, date_style?, spans}`, where `spans`
//!   are the exact response Span objects in order (`type`, `value` left out for redacted
//!   types, `render` and `ambiguous_date` only when set).
//! - `verify_*.json`: an array of `{id, source, target, lang, target_lang, domain?,
//!   protected_terms?, glossary?, account_terms?, date_order?, listener_gender?,
//!   speaker_gender?, patient_gender?, issues}`, where `issues` are the exact
//!   `[code, severity]` pairs (order ignored).

use std::collections::BTreeMap;
use std::path::Path;

use lashon_protect::spans::{AccountTerm, ProtectOptions, SpanFinder};
use lashon_protect::verify::{verify, VerifyOptions};
use lashon_protect::{DateOrder, DateStyle, Domain, Gender, IssueCode, Lang, Severity, Span};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpanCase {
    id: String,
    text: String,
    lang: Lang,
    target: Lang,
    #[serde(default)]
    domain: Domain,
    #[serde(default)]
    protected_terms: Vec<String>,
    #[serde(default)]
    redact_terms: Vec<String>,
    #[serde(default)]
    glossary: BTreeMap<String, String>,
    #[serde(default)]
    account_terms: Vec<AccountTerm>,
    #[serde(default)]
    date_order: Option<DateOrder>,
    #[serde(default)]
    date_style: DateStyle,
    spans: Vec<Span>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VerifyCase {
    id: String,
    source: String,
    target: String,
    lang: Lang,
    target_lang: Lang,
    #[serde(default)]
    domain: Domain,
    #[serde(default)]
    protected_terms: Vec<String>,
    #[serde(default)]
    glossary: BTreeMap<String, String>,
    #[serde(default)]
    account_terms: Vec<AccountTerm>,
    #[serde(default)]
    date_order: Option<DateOrder>,
    #[serde(default)]
    listener_gender: Option<Gender>,
    #[serde(default)]
    speaker_gender: Option<Gender>,
    #[serde(default)]
    patient_gender: Option<Gender>,
    issues: Vec<(IssueCode, Severity)>,
}

fn files(prefix: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with(prefix) && name.ends_with(".json") {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push((name.to_string(), text));
        }
    }
    out.sort();
    out
}

fn run_spans() -> (usize, Vec<String>) {
    let (mut n, mut failures) = (0, Vec::new());
    for (name, json) in files("spans_") {
        let cases: Vec<SpanCase> =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        for c in cases {
            n += 1;
            let mut o = ProtectOptions::new(c.lang, c.target);
            o.domain = c.domain;
            o.protected_terms = c.protected_terms;
            o.redact_terms = c.redact_terms;
            o.glossary = c.glossary;
            o.account_terms = c.account_terms;
            o.date_order = c.date_order;
            o.date_style = c.date_style;
            let got: Vec<Span> = SpanFinder::new(o)
                .find(&c.text)
                .iter()
                .map(|s| s.to_span(&c.text))
                .collect();
            if got != c.spans {
                failures.push(format!(
                    "{name} {}: {:?}\n  expected {}\n  got      {}",
                    c.id,
                    c.text,
                    serde_json::to_string(&c.spans).unwrap_or_default(),
                    serde_json::to_string(&got).unwrap_or_default()
                ));
            }
        }
    }
    (n, failures)
}

fn run_verify() -> (usize, Vec<String>) {
    let (mut n, mut failures) = (0, Vec::new());
    for (name, json) in files("verify_") {
        let cases: Vec<VerifyCase> =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        for c in cases {
            n += 1;
            let mut o = VerifyOptions::new(c.lang, c.target_lang);
            o.domain = c.domain;
            o.protected_terms = c.protected_terms;
            o.glossary = c.glossary;
            o.account_terms = c.account_terms;
            o.date_order = c.date_order;
            o.listener_gender = c.listener_gender;
            o.speaker_gender = c.speaker_gender;
            o.patient_gender = c.patient_gender;
            let issues = verify(&c.source, &c.target, &o);
            let mut got: Vec<(IssueCode, Severity)> =
                issues.iter().map(|i| (i.code, i.severity)).collect();
            let mut want = c.issues.clone();
            got.sort_by_key(|(c, s)| (c.as_str(), *s == Severity::Error));
            want.sort_by_key(|(c, s)| (c.as_str(), *s == Severity::Error));
            if got != want {
                failures.push(format!(
                    "{name} {}: {:?} → {:?}\n  expected {want:?}\n  got      {issues:?}",
                    c.id, c.source, c.target
                ));
            }
        }
    }
    (n, failures)
}

#[test]
fn hand_written_vectors() {
    let (spans, mut failures) = run_spans();
    let (checks, more) = run_verify();
    failures.extend(more);
    println!("vectors: {spans} span cases, {checks} verification cases");
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        spans + checks,
        failures.join("\n")
    );
    assert!(spans + checks >= 200, "only {} cases", spans + checks);
}
