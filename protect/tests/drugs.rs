//! Drug spans on real data (issue 21).
//!
//! - Recall on held-out real generic names (`tests/data/drug_names_heldout.tsv`: the DrugBank
//!   main names of every tenth record, see `tools/gen_drug_lexicon.py`), each placed in a clinical
//!   sentence, with the built-in lexicon and with a lexicon built without their records, where
//!   only the INN stems can find them (a drug newer than the list).
//! - False `drug` spans on the English and Hebrew sides of the Tatoeba pairs (ordinary sentences:
//!   any drug span there is a word a clinical translation would wrongly keep untranslated).
//!
//! `DRUG_MISSES=1` prints the names missed and the false spans.

mod common;

use std::collections::HashSet;

use lashon_protect::lexicon::{self, drug_spellings, drugs, Lexicons};
use lashon_protect::spans::{ProtectOptions, SpanFinder};
use lashon_protect::{Domain, Lang, SpanType};

/// Clinical sentences a name is placed in (the name written as a prescriber would: lower case,
/// capitalised at the start of a sentence, upper case in a medication list).
const TEMPLATES: [&str; 8] = [
    "Patient was started on {} 20 mg PO daily.",
    "Continue {} as before.",
    "{} was discontinued because of nausea.",
    "Switched from {} to the previous regimen last week.",
    "MEDICATIONS: {} 5 mg BID.",
    "She reports a rash after the first dose of {}.",
    "Hold {} if systolic pressure is below 100.",
    "The patient takes {}, 1 tablet at night.",
];

fn heldout() -> Vec<(String, String)> {
    let text = include_str!("data/drug_names_heldout.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split_once('\t'))
        .map(|(id, name)| (id.to_string(), name.to_string()))
        .collect()
}

/// The `i`-th sentence for `name`: template `i % 8`, the name capitalised at a sentence start
/// and upper-cased in the medication list.
fn sentence(i: usize, name: &str) -> (String, usize, usize) {
    let template = TEMPLATES[i % TEMPLATES.len()];
    let written = if template.starts_with("{}") {
        let mut c = name.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect())
            .unwrap_or_default()
    } else if template.starts_with("MEDICATIONS") {
        name.to_uppercase()
    } else {
        name.to_string()
    };
    let at = template.find("{}").unwrap_or(0);
    let text = template.replacen("{}", &written, 1);
    (text, at, at + written.len())
}

/// Names found as a `drug` span covering exactly the name, out of all; misses listed.
fn recall(lex: &Lexicons, names: &[(String, String)]) -> (usize, Vec<String>) {
    let mut options = ProtectOptions::new(Lang::En, Lang::He);
    options.domain = Domain::Clinical;
    let finder = SpanFinder::with_lexicons(options, lex);
    let mut found = 0;
    let mut missed = Vec::new();
    for (i, (_, name)) in names.iter().enumerate() {
        let (text, start, end) = sentence(i, name);
        let hit = finder
            .find(&text)
            .iter()
            .any(|s| s.kind == SpanType::Drug && s.start == start && s.end == end);
        if hit {
            found += 1;
        } else {
            missed.push(text);
        }
    }
    (found, missed)
}

fn show(label: &str, lines: &[String]) {
    if std::env::var_os("DRUG_MISSES").is_some() {
        for l in lines {
            println!("  {label}: {l}");
        }
    }
}

#[test]
fn heldout_recall_with_the_builtin_lexicon() {
    let names = heldout();
    assert!(names.len() >= 500, "only {} held-out names", names.len());
    let (found, missed) = recall(Lexicons::builtin(), &names);
    show("MISS", &missed);
    println!(
        "drug recall, held-out DrugBank names in clinical sentences, built-in lexicon: {found}/{} ({:.1}%)",
        names.len(),
        100.0 * found as f64 / names.len() as f64
    );
    // Issue 21 goal: ≥ 90%. The crate docs quote 585/585: held exactly.
    assert_eq!(
        (found, names.len()),
        (585, 585),
        "documented recall 585/585"
    );
}

#[test]
fn heldout_recall_by_stems_alone() {
    let names = heldout();
    let ids: HashSet<&str> = names.iter().map(|(id, _)| id.as_str()).collect();
    let heldout_names: HashSet<&str> = names.iter().map(|(_, n)| n.as_str()).collect();
    // The lexicon without the held-out records, and without any other record's name that holds
    // a held-out name as a word (a salt or a MeSH entry of the same drug).
    let contains_heldout = |name: &str| name.split([' ', '-']).any(|w| heldout_names.contains(w));
    let rest: Vec<String> = drugs::records(drugs::DRUGS_TSV)
        .filter(|(id, _)| !ids.contains(id))
        .flat_map(|(_, names)| names)
        .filter(|n| !contains_heldout(n))
        .map(str::to_string)
        .collect();
    let stems = drugs::builtin_stems();
    let lex = Lexicons::new(
        rest,
        stems,
        lexicon::parse_abbreviations(lexicon::CLINICAL_ABBREVIATIONS_TSV),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (found, missed) = recall(&lex, &names);
    show("MISS (stems)", &missed);
    println!(
        "drug recall, held-out names with a lexicon built without them (INN stems alone): {found}/{} ({:.1}%)",
        names.len(),
        100.0 * found as f64 / names.len() as f64
    );
    // The crate docs quote 272/585: held exactly (a change to the stems updates both).
    assert_eq!(
        (found, names.len()),
        (272, 585),
        "documented stem recall 272/585"
    );
}

/// Sentences of `text` (one a line) with a `drug` span in the clinical domain.
fn false_spans(text: &str, lang: Lang) -> (usize, usize) {
    let mut options = ProtectOptions::new(lang, Lang::He);
    options.domain = Domain::Clinical;
    let finder = SpanFinder::new(options);
    let mut flagged = Vec::new();
    let mut n = 0;
    for line in text.lines() {
        n += 1;
        let drugs: Vec<&str> = finder
            .find(line)
            .iter()
            .filter(|s| s.kind == SpanType::Drug)
            .map(|s| &line[s.start..s.end])
            .collect();
        if !drugs.is_empty() {
            flagged.push(format!("{drugs:?} in {line}"));
        }
    }
    show("FALSE SPAN", &flagged);
    (flagged.len(), n)
}

#[test]
fn false_drug_spans_on_tatoeba() {
    let eng = common::read("parallel-tatoeba/tatoeba.heb-eng.eng");
    let heb = common::read("parallel-tatoeba/tatoeba.heb-eng.heb");
    let (en, n_en) = false_spans(&eng, Lang::En);
    let (he, n_he) = false_spans(&heb, Lang::He);
    println!("false drug spans, Tatoeba English side: {en}/{n_en}; Hebrew side: {he}/{n_he}");
    assert_eq!(n_en, 1000);
    // Issue 21 goal: ≤ 0.5% of sentences; the crate docs quote 0/1000 each side.
    assert_eq!(
        (en, n_he),
        (0, 1000),
        "documented 0/1000 English false drug spans"
    );
    assert_eq!(he, 0, "documented 0/1000 Hebrew false drug spans");
}

#[test]
fn project_generics_are_in_the_open_data() {
    // The English generic names this project listed by hand before the open-data lexicon
    // (lower-case entries of PROJECT_NAMES): how many the open data has on its own.
    let open: HashSet<&str> = drugs::records(drugs::DRUGS_TSV)
        .flat_map(|(_, names)| names)
        .collect();
    let generics: Vec<&str> = drugs::PROJECT_NAMES
        .iter()
        .copied()
        .filter(|n| n.is_ascii() && n.chars().all(|c| c.is_ascii_lowercase() || c == ' '))
        .collect();
    let missing: Vec<&str> = generics
        .iter()
        .copied()
        .filter(|n| !open.contains(n))
        .collect();
    println!(
        "project generic names in the open data: {}/{}; missing: {missing:?}",
        generics.len() - missing.len(),
        generics.len()
    );
    assert!(missing.len() * 20 <= generics.len(), "missing {missing:?}");
}

#[test]
fn rule_spellings_give_the_hand_written_ones() {
    // The Russian and Hebrew spellings this project wrote by hand before the rules of
    // `drug_spellings` (they were used to check the rules, so this holds the rules to them
    // rather than measuring them on unseen names).
    let pairs: [(&str, &str); 25] = [
        ("paracetamol", "парацетамол"),
        ("ibuprofen", "ибупрофен"),
        ("aspirin", "аспирин"),
        ("metformin", "метформин"),
        ("insulin", "инсулин"),
        ("amoxicillin", "амоксициллин"),
        ("warfarin", "варфарин"),
        ("heparin", "гепарин"),
        ("omeprazole", "омепразол"),
        ("prednisolone", "преднизолон"),
        ("atorvastatin", "аторвастатин"),
        ("metoprolol", "метопролол"),
        ("lisinopril", "лизиноприл"),
        ("enalapril", "эналаприл"),
        ("amlodipine", "амлодипин"),
        ("furosemide", "фуросемид"),
        ("ceftriaxone", "цефтриаксон"),
        ("azithromycin", "азитромицин"),
        ("aspirin", "אספירין"),
        ("amoxicillin", "אמוקסיצילין"),
        ("metformin", "מטפורמין"),
        ("insulin", "אינסולין"),
        ("prednisone", "פרדניזון"),
        ("atorvastatin", "אטורבסטטין"),
        ("simvastatin", "סימבסטטין"),
    ];
    let wrong: Vec<String> = pairs
        .iter()
        .filter(|(latin, spelled)| {
            let mut all = drug_spellings::russian(latin);
            all.extend(drug_spellings::hebrew(latin));
            !all.iter().any(|s| s == spelled)
        })
        .map(|(latin, spelled)| format!("{latin} → {spelled}"))
        .collect();
    let n = drugs::most_used().count();
    println!(
        "rule spellings: {}/{} hand-written spellings given; {n} most used drugs spelled",
        pairs.len() - wrong.len(),
        pairs.len()
    );
    assert!(wrong.is_empty(), "{wrong:?}");
    assert!(n >= 150, "only {n} most used drugs");
}
