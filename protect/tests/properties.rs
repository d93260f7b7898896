//! Property tests (issue 4, "Tests and evidence"): mask → unmask with an identity translation
//! gives the input back byte-exact; redacted strings never appear in masked text; span offsets
//! are in bounds, on char boundaries, sorted and non-overlapping; sentence splitting rebuilds
//! the input byte-exact; nothing panics on arbitrary strings.

use std::collections::BTreeMap;

use lashon_protect::mask::{mask, unmask};
use lashon_protect::spans::{ProtectOptions, SpanFinder};
use lashon_protect::split::split;
use lashon_protect::verify::{verify, VerifyOptions};
use lashon_protect::{Audience, BidiMode, DateStyle, Domain, FoundSpan, Lang, SpanType};
use proptest::prelude::*;

/// Pieces of real-looking text: every span type's syntax, the three scripts, Markdown, and
/// strings that look like placeholders.
const PIECES: &[&str] = &[
    "2025-03-05",
    "03/05/2025",
    "13.05.2025",
    "5 במרץ 2025",
    "March 5, 2025",
    "5 марта 2025 г.",
    "$1,200.50",
    "1 234,56 руб.",
    "-5",
    "5-10%",
    "25 bp",
    "1st",
    "2-й",
    "ב-5",
    "ל־2024",
    "<b>",
    "</b>",
    "<0>x</0>",
    "&amp;",
    "{name}",
    "{{count}}",
    "%1$d",
    "%s",
    "${x}",
    " :id",
    "https://example.com/a?b=1",
    "a@b.co",
    "<keep>Acme</keep>",
    "`x = 1`",
    "SKU-12",
    "COVID-19",
    "IBAN",
    "BIC LUMIILIT",
    "Section 4.2(a)",
    "סעיף 12א",
    "ע\"א 1234/56",
    "(the \"Supplier\")",
    "(\"[[2]]\") means",
    "metformin 500 mg PO BID",
    "lisinopril",
    "q6h",
    "I25.10",
    "אקמול 500 מ\"ג",
    "invoice no. INV-2025-0042",
    "ת\"ז",
    "⟦3⟧",
    "[[1]]",
    "⟦ 0 ⟧",
    "Dr.",
    "e.g.",
    "3.5",
    "ד\"ר",
    "т.е.",
    "Hello.",
    "שלום.",
    "Привет!",
    "not",
    "לא",
    "не",
    "left",
    "שמאל",
    "справа",
    "credit",
    "debit",
    "shall not",
    "may",
    "\n",
    "\n\n",
    "# ",
    "- ",
    "1. ",
    "> ",
    "| a | b |\n",
    "|---|---|\n",
    "```\ncode\n```\n",
    "  ",
    "\t",
    "״",
    "׳",
    "\u{200F}",
];

/// Valid finance values (IBAN mod-97, Luhn, Israeli ID check digit) as written.
const FINANCE: &[&str] = &[
    "IL62 0108 0000 0009 9999 999",
    "GB82 WEST 1234 5698 7654 32",
    "DE89370400440532013000",
    "4111 1111 1111 1111",
    "5500-0000-0000-0004",
    "4012888888881881",
    "039337423",
    "12-345-678901",
];

const SEPARATORS: &[&str] = &[" ", ", ", "; ", " and ", ". ", "\n", " (", ") ", ": "];

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(PIECES).prop_map(str::to_string),
        "[a-zA-Z0-9 .,:;/%$€₪<>{}()@#`'\"*_|\\[\\]-]{0,12}",
        "[א-ת0-9 ״׳\"'־-]{0,10}",
        "[а-яА-ЯёЁ0-9 .,-]{0,10}",
        "[0-9 ,.\\-/]{1,12}",
        any::<String>().prop_map(|s| s.chars().take(8).collect()),
    ]
}

fn texty() -> impl Strategy<Value = String> {
    prop::collection::vec((piece(), prop::sample::select(SEPARATORS)), 0..16)
        .prop_map(|v| v.into_iter().map(|(p, s)| p + s).collect())
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![texty(), any::<String>()]
}

fn lang() -> impl Strategy<Value = Lang> {
    prop::sample::select(vec![Lang::He, Lang::En, Lang::Ru])
}

fn domain() -> impl Strategy<Value = Domain> {
    prop::sample::select(vec![
        Domain::General,
        Domain::Clinical,
        Domain::Finance,
        Domain::Legal,
    ])
}

/// A name-like redact term: letters at both ends (a term of digits only could appear inside a
/// placeholder's slot number, which shows nothing of the source).
fn name_term() -> impl Strategy<Value = String> {
    "[A-Za-zא-תа-я][A-Za-zא-תа-я .'-]{0,8}[A-Za-zא-תа-я]"
}

fn options(
    source: Lang,
    target: Lang,
    domain: Domain,
    redact: Vec<String>,
    glossary: Vec<(String, String)>,
) -> ProtectOptions {
    let mut o = ProtectOptions::new(source, target);
    o.domain = domain;
    o.redact_terms = redact;
    o.protected_terms = vec!["Acme".into(), "לשון".into()];
    o.glossary = glossary.into_iter().collect::<BTreeMap<_, _>>();
    o.date_style = DateStyle::Hebrew;
    o
}

fn well_formed(text: &str, spans: &[FoundSpan]) -> Result<(), TestCaseError> {
    let mut prev_end = 0;
    for s in spans {
        prop_assert!(s.start < s.end, "empty span {s:?}");
        prop_assert!(s.end <= text.len(), "span past the end {s:?}");
        prop_assert!(text.is_char_boundary(s.start) && text.is_char_boundary(s.end));
        prop_assert!(s.start >= prev_end, "overlap or disorder at {s:?}");
        prev_end = s.end;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn spans_are_well_formed(
        text in any_text(),
        (s, t, d) in (lang(), lang(), domain()),
        redact in prop::collection::vec(name_term(), 0..3),
    ) {
        let finder = SpanFinder::new(options(s, t, d, redact, vec![("Acme Pay".into(), "אקמי".into())]));
        well_formed(&text, &finder.find(&text))?;
    }

    #[test]
    fn mask_unmask_identity(
        text in any_text(),
        (s, t, d) in (lang(), lang(), domain()),
        redact in prop::collection::vec(name_term(), 0..3),
        patient in any::<bool>(),
    ) {
        let finder = SpanFinder::new(options(s, t, d, redact, Vec::new()));
        // Identity translation: the model returns the masked text and nothing is re-rendered.
        let mut spans = finder.find(&text);
        for sp in &mut spans {
            sp.render = None;
        }
        let audience = if patient { Audience::Patient } else { Audience::Clinician };
        let masked = mask(&text, &spans, audience);
        let back = unmask(&masked.text, &masked, t, BidiMode::None);
        prop_assert_eq!(&back.text, &text);
        prop_assert!(back.issues.is_empty(), "{:?}", back.issues);
    }

    #[test]
    fn redacted_values_never_reach_the_model(
        parts in prop::collection::vec(
            (prop_oneof![piece(), name_term(), prop::sample::select(FINANCE).prop_map(str::to_string)],
             prop::sample::select(SEPARATORS)),
            1..12),
        redact in prop::collection::vec(name_term(), 1..4),
        (s, t, d) in (lang(), lang(), domain()),
    ) {
        // Redact terms are spliced into the text between the other parts.
        let mut text = String::new();
        for (i, (p, sep)) in parts.iter().enumerate() {
            text.push_str(p);
            text.push_str(sep);
            text.push_str(&redact[i % redact.len()]);
            text.push_str(sep);
        }
        let finder = SpanFinder::new(options(s, t, d, redact.clone(), Vec::new()));
        let spans = finder.find(&text);
        let masked = mask(&text, &spans, Audience::Clinician);
        for term in &redact {
            prop_assert!(!masked.text.contains(term.as_str()), "`{}` in {:?}", term, masked.text);
        }
        for sp in spans.iter().filter(|sp| sp.kind.is_redacted()) {
            prop_assert!(!masked.text.contains(sp.value(&text)));
        }
        for value in FINANCE {
            if text.contains(value) {
                prop_assert!(!masked.text.contains(value), "`{}` in {:?}", value, masked.text);
            }
        }
    }

    #[test]
    fn split_rebuilds_the_input(doc in any_text()) {
        let rebuilt: String = split(&doc)
            .iter()
            .map(|p| format!("{}{}{}", p.prefix, p.text, p.suffix))
            .collect();
        prop_assert_eq!(rebuilt, doc);
    }

    #[test]
    fn verification_never_panics(
        source in any_text(),
        target in any_text(),
        (s, t, d) in (lang(), lang(), domain()),
    ) {
        let mut opts = VerifyOptions::new(s, t);
        opts.domain = d;
        opts.protected_terms = vec!["Acme".into()];
        let issues = verify(&source, &target, &opts);
        prop_assert!(issues.iter().all(|i| !i.detail.is_empty()));
    }
}

/// The finance values used above are detected as their redacted types in plain context, so
/// the redaction property exercises real detections.
#[test]
fn finance_values_are_detected() {
    let mut o = ProtectOptions::new(Lang::En, Lang::He);
    o.domain = Domain::Finance;
    let finder = SpanFinder::new(o);
    for value in FINANCE {
        let text = format!("Pay {value} now.");
        let spans = finder.find(&text);
        assert!(
            spans
                .iter()
                .any(|s| s.kind.is_redacted() && s.value(&text) == *value),
            "{value}: {spans:?}"
        );
    }
    let text = "Card 4111 1111 1111 1111 5 times.";
    let spans = finder.find(text);
    assert!(
        spans
            .iter()
            .any(|s| s.kind == SpanType::Card && s.value(text) == "4111 1111 1111 1111"),
        "{spans:?}"
    );
}
