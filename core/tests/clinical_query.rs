//! The clinical query vectors (`tests/vectors/clinical_query.json`, written for the project):
//! every question's terms, with their Hebrew as written, English and source, in order.

use std::collections::BTreeMap;

use lashon_core::clinical::query::{find_terms, TermSource};
use lashon_core::clinical::ClinicalLexicon;
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    question: String,
    #[serde(default)]
    known_terms: Vec<String>,
    #[serde(default)]
    glossary: BTreeMap<String, String>,
    expect: Vec<Expected>,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Expected {
    hebrew: String,
    english: String,
    source: TermSource,
}

#[test]
fn every_question_gives_exactly_its_terms() {
    let cases: Vec<Case> =
        serde_json::from_str(include_str!("vectors/clinical_query.json")).expect("vectors");
    let lexicon = ClinicalLexicon::builtin();
    let mut failures = Vec::new();
    for case in &cases {
        let found = find_terms(
            &case.question,
            &case.known_terms,
            &case.glossary,
            &[],
            lexicon,
        );
        let got: Vec<Expected> = found
            .iter()
            .map(|t| Expected {
                hebrew: case.question[t.start..t.end].to_string(),
                english: t.english.clone(),
                source: t.source,
            })
            .collect();
        if got != case.expect {
            failures.push(format!(
                "{}\n  expected {:?}\n  got      {:?}\n  ({})",
                case.question, case.expect, got, case.note
            ));
        }
    }
    println!(
        "clinical query vectors: {} of {} pass",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
