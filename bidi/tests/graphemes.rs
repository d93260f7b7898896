//! Display units and wrap never split a grapheme cluster (issue 27): every boundary of a
//! display run (what `analyze` reports as `display_runs` and `wrap` fences) falls between
//! grapheme clusters, on every string of Unicode's `GraphemeBreakTest.txt` (17.0, its breaks
//! read from the file) in every base direction, and on random Hebrew with vowel points,
//! cantillation, maqaf and geresh mixed with Latin, digits and punctuation (breaks from the
//! `unicode-segmentation` crate). A split there would let a renderer separate a letter from
//! its points.
//!
//! The UBA's own level runs (`runs`) follow the algorithm, which may change level inside a
//! cluster (a prepended Arabic number sign before a Latin letter); their count of such cases
//! is printed, not asserted.

use std::path::PathBuf;

use lashon_bidi::{analyze, wrap, Format, Run};
use lashon_vocab::BaseDir;
use proptest::prelude::*;
use unicode_segmentation::UnicodeSegmentation;

fn data_file(name: &str) -> String {
    let dir = std::env::var_os("LASHON_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"));
    let path = dir.join("unicode-segmentation-tests-17.0.0").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "segmentation data missing: {} ({e}). Set LASHON_SHARED_DATA to the shared data folder.",
            path.display()
        )
    })
}

/// One line of the test file: the string and its break offsets in UTF-16 units.
fn case(line: &str) -> Option<(String, Vec<usize>)> {
    let body = line.split('#').next()?.trim();
    if body.is_empty() {
        return None;
    }
    let mut text = String::new();
    let mut breaks = Vec::new();
    let mut utf16 = 0;
    for token in body.split_whitespace() {
        match token {
            "÷" => breaks.push(utf16),
            "×" => {}
            hex => {
                let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
                text.push(c);
                utf16 += c.len_utf16();
            }
        }
    }
    Some((text, breaks))
}

/// Boundaries of `runs` that are not in `breaks`.
fn splits(runs: &[Run], breaks: &[usize]) -> Vec<usize> {
    runs.iter()
        .flat_map(|r| [r.start, r.end])
        .filter(|b| !breaks.contains(b))
        .collect()
}

const BASES: [BaseDir; 3] = [BaseDir::Auto, BaseDir::Ltr, BaseDir::Rtl];

#[test]
fn display_runs_follow_grapheme_break_test() {
    let text = data_file("GraphemeBreakTest.txt");
    let cases: Vec<(String, Vec<usize>)> = text.lines().filter_map(case).collect();
    // The whole file: a truncated copy must fail rather than pass.
    assert_eq!(cases.len(), 766, "GraphemeBreakTest.txt cases");
    let (mut checked, mut uba_splits) = (0, 0);
    let mut failures = Vec::new();
    for (s, breaks) in &cases {
        for base in BASES {
            let a = analyze(s, base);
            let bad = splits(&a.display_runs, breaks);
            if !bad.is_empty() {
                failures.push(format!(
                    "{s:?} ({base:?}): display run boundary at {bad:?}, breaks {breaks:?}"
                ));
            }
            for format in [Format::Html, Format::Isolate, Format::Marks] {
                let w = wrap(s, format, base);
                let bad = splits(&w.runs, breaks);
                if !bad.is_empty() {
                    failures.push(format!("{s:?} ({base:?}, {format:?}): wrap run at {bad:?}"));
                }
            }
            uba_splits += usize::from(!splits(&a.runs, breaks).is_empty());
            checked += 1;
        }
    }
    for f in failures.iter().take(30) {
        println!("  {f}");
    }
    assert!(failures.is_empty(), "{} splits", failures.len());
    println!(
        "GraphemeBreakTest: {} strings × 3 bases, display runs and wrap: no split; UBA level runs changing inside a cluster: {uba_splits} of {checked}",
        cases.len()
    );
}

/// Grapheme boundaries of `s` in UTF-16 units.
fn grapheme_breaks(s: &str) -> Vec<usize> {
    let mut out = vec![0];
    let mut at = 0;
    for g in s.graphemes(true) {
        at += g.encode_utf16().count();
        out.push(at);
    }
    out
}

/// Hebrew letters, points and cantillation, maqaf and geresh, Latin, digits, punctuation.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[א-ת]{1,6}",
        "[א-ת][\u{05B0}-\u{05BC}\u{05C1}\u{05C2}]{1,3}",
        "[א-ת][\u{0591}-\u{05AF}][\u{05B0}-\u{05BC}]",
        Just("\u{05BE}".to_string()),
        Just("\u{05F3}".to_string()),
        Just("\u{05F4}".to_string()),
        "[A-Za-z]{1,6}\u{0301}?",
        "[0-9]{1,4}",
        "[ .,:;()\\-–/%₪$]{1,2}",
    ]
}

proptest! {
    #[test]
    fn display_runs_keep_points_with_their_letters(
        pieces in proptest::collection::vec(piece(), 1..24),
        base in 0usize..3,
    ) {
        let s: String = pieces.concat();
        let breaks = grapheme_breaks(&s);
        let base = BASES[base];
        let a = analyze(&s, base);
        let bad = splits(&a.display_runs, &breaks);
        prop_assert!(bad.is_empty(), "{:?}: display run boundary at {:?}", s, bad);
        let w = wrap(&s, Format::Html, base);
        let bad = splits(&w.runs, &breaks);
        prop_assert!(bad.is_empty(), "{:?}: wrap run boundary at {:?}", s, bad);
    }
}
