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
//! - `mask_*.json`: `{id, text, lang, target, redact_terms?, audience?, bidi?, masked,
//!   translated, output, issues}`: the spans found are masked (`masked` is the exact text sent
//!   to the model), `translated` is the model's answer and `output` and `issues` the exact
//!   result of unmasking it (`placeholder_missing`).
//! - `document_*.json`: `{id, lang, target_lang, sentences: [{source, target, issues}]}`, run
//!   in order through one document state (`defined_term_changed`).

use std::collections::BTreeMap;
use std::path::Path;

use lashon_protect::mask::{mask, unmask};
use lashon_protect::spans::{AccountTerm, ProtectOptions, SpanFinder};
use lashon_protect::verify::{verify, DefinedTerms, VerifyOptions};
use lashon_protect::{
    Audience, BidiMode, DateOrder, DateStyle, Domain, Gender, Issue, IssueCode, Lang, Severity,
    Span,
};
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MaskCase {
    id: String,
    text: String,
    lang: Lang,
    target: Lang,
    #[serde(default)]
    redact_terms: Vec<String>,
    #[serde(default)]
    audience: Audience,
    #[serde(default)]
    bidi: BidiMode,
    masked: String,
    translated: String,
    output: String,
    issues: Vec<(IssueCode, Severity)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DocumentSentence {
    source: String,
    target: String,
    issues: Vec<(IssueCode, Severity)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DocumentCase {
    id: String,
    sentences: Vec<DocumentSentence>,
}

fn codes(issues: &[Issue]) -> Vec<(IssueCode, Severity)> {
    let mut out: Vec<(IssueCode, Severity)> = issues.iter().map(|i| (i.code, i.severity)).collect();
    out.sort_by_key(|(c, s)| (c.as_str(), *s == Severity::Error));
    out
}

fn sorted(mut v: Vec<(IssueCode, Severity)>) -> Vec<(IssueCode, Severity)> {
    v.sort_by_key(|(c, s)| (c.as_str(), *s == Severity::Error));
    v
}

fn run_mask() -> (usize, Vec<String>) {
    let (mut n, mut failures) = (0, Vec::new());
    for (name, json) in files("mask_") {
        let cases: Vec<MaskCase> =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        for c in cases {
            n += 1;
            let mut o = ProtectOptions::new(c.lang, c.target);
            o.redact_terms = c.redact_terms;
            let spans = SpanFinder::new(o).find(&c.text);
            let masked = mask(&c.text, &spans, c.audience);
            let back = unmask(&c.translated, &masked, c.target, c.bidi);
            if masked.text != c.masked
                || back.text != c.output
                || codes(&back.issues) != sorted(c.issues.clone())
            {
                failures.push(format!(
                    "{name} {}: masked {:?}, output {:?}, issues {:?}",
                    c.id, masked.text, back.text, back.issues
                ));
            }
        }
    }
    (n, failures)
}

fn run_documents() -> (usize, Vec<String>) {
    let (mut n, mut failures) = (0, Vec::new());
    for (name, json) in files("document_") {
        let cases: Vec<DocumentCase> =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        for c in cases {
            n += 1;
            let mut terms = DefinedTerms::new();
            for (i, s) in c.sentences.into_iter().enumerate() {
                let mut issues = Vec::new();
                terms.check_and_learn(&s.source, &s.target, &mut issues);
                if codes(&issues) != sorted(s.issues) {
                    failures.push(format!("{name} {} sentence {i}: got {issues:?}", c.id));
                }
            }
        }
    }
    (n, failures)
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
            o.account_terms = std::sync::Arc::new(c.account_terms.into());
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
            o.account_terms = std::sync::Arc::new(c.account_terms.into());
            o.date_order = c.date_order;
            o.listener_gender = c.listener_gender;
            o.speaker_gender = c.speaker_gender;
            o.patient_gender = c.patient_gender;
            let issues = verify(&c.source, &c.target, &o);
            let want = sorted(c.issues.clone());
            if codes(&issues) != want {
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
    let (masks, more) = run_mask();
    failures.extend(more);
    let (docs, more) = run_documents();
    failures.extend(more);
    println!(
        "vectors: {spans} span cases, {checks} verification cases, {masks} mask cases, {docs} document cases"
    );
    let total = spans + checks + masks + docs;
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        total,
        failures.join("\n")
    );
    assert!(total >= 200, "only {total} cases");
}
