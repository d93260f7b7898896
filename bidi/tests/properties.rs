//! Properties that hold for any input: runs, display runs and detect segments tile the input
//! exactly with consistent UTF-16 offsets; wrap output escapes everything it copies; isolate
//! and marks output is the input plus inserted controls only; the fast path of the UBA gives
//! exactly the levels and paragraphs of the full algorithm.

use lashon_bidi::uba::{resolve, resolve_fast, resolve_full};
use lashon_bidi::{analyze, detect, wrap, Format, Run};
use lashon_vocab::{utf16, BaseDir};
use proptest::prelude::*;

/// Characters that exercise every path: Hebrew letters and points, Latin, Cyrillic, Arabic,
/// digits of both kinds, number signs, connectors, brackets, quotes, spaces, line ends,
/// emoji, bidi controls and anything else.
fn mixed_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(vec!['א', 'ב', 'ל', 'ם', 'ש', 'ת', 'ך', '\u{05B8}', '\u{05BC}', '־', '׳', '״']),
        4 => prop::sample::select(vec!['a', 'G', 'x', 'Z', 'é', 'П', 'р', 'ب', 'ع']),
        3 => prop::sample::select(vec!['0', '5', '9', '١', '٣']),
        3 => prop::sample::select(vec![
            ' ', ' ', '.', ',', ':', '-', '–', '/', '@', '%', '₪', '$', '<', '>', '≥', '+', '*',
            '(', ')', '[', ']', '"', '\'', '`', '&', '#', '!', '?', '_', '\n', '\r', '\t',
        ]),
        1 => prop::sample::select(vec![
            '\u{200E}', '\u{200F}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{202B}',
            '\u{202C}', '\u{2029}', '🙂', '\u{0300}',
        ]),
        1 => any::<char>(),
    ]
}

/// Characters the fast path handles (no explicit formatting characters), weighted towards
/// the ones its weak and neutral rules treat specially: numbers of both kinds, separators,
/// terminators, marks, brackets, BN, and paragraph ends.
fn implicit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(vec!['א', 'ב', 'a', 'Z', 'ب', 'ع', '\u{200E}', '\u{200F}', '\u{061C}']),
        3 => prop::sample::select(vec!['0', '7', '١', '٣', '۴', '²']),
        3 => prop::sample::select(vec![
            '+', '-', ',', '.', ':', '/', '#', '$', '%', '₪', '°', '\u{060C}', '\u{00A0}',
        ]),
        2 => prop::sample::select(vec![
            '(', ')', '[', ']', '{', '}', '\u{2329}', '\u{232A}', '\u{3008}', '\u{3009}',
            '«', '»',
        ]),
        2 => prop::sample::select(vec![
            ' ', '!', '"', '\'', '\t', '\n', '\r', '\u{2029}', '\u{0300}', '\u{05B8}',
            '\u{00AD}', '\u{200D}', '\u{0000}',
        ]),
        1 => any::<char>().prop_filter("no explicit formatting", |c| {
            !matches!(*c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        }),
    ]
}

/// Short texts: the rules look at a character's neighbours, and short random strings reach
/// their rare combinations (a mark after a bracket that N0 changed) far more often.
fn implicit_text() -> impl Strategy<Value = String> {
    prop::collection::vec(implicit_char(), 0..16).prop_map(|v| v.into_iter().collect())
}

fn mixed_text() -> impl Strategy<Value = String> {
    prop::collection::vec(mixed_char(), 0..80).prop_map(|v| v.into_iter().collect())
}

fn base() -> impl Strategy<Value = BaseDir> {
    prop::sample::select(vec![BaseDir::Auto, BaseDir::Ltr, BaseDir::Rtl])
}

fn assert_tiles(text: &str, runs: &[Run]) -> Result<(), TestCaseError> {
    let joined: String = runs.iter().map(|r| r.text.as_str()).collect();
    prop_assert_eq!(&joined, text);
    let mut unit = 0;
    for r in runs {
        prop_assert!(!r.text.is_empty());
        prop_assert_eq!(r.start, unit);
        prop_assert_eq!(r.end, r.start + utf16::len(&r.text));
        unit = r.end;
    }
    prop_assert_eq!(unit, utf16::len(text));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn fast_path_equals_the_full_algorithm(text in implicit_text(), base in base()) {
        let full = resolve_full(&text, base);
        let fast = resolve_fast(&text, base);
        prop_assert!(fast.is_some(), "the fast path declined {:?}", text);
        prop_assert_eq!(fast.as_ref(), Some(&full), "{:?}", text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn resolve_equals_the_full_algorithm(text in mixed_text(), base in base()) {
        prop_assert_eq!(resolve(&text, base), resolve_full(&text, base), "{:?}", text);
    }

    #[test]
    fn runs_tile_the_input(text in mixed_text(), base in base()) {
        let a = analyze(&text, base);
        assert_tiles(&text, &a.runs)?;
        assert_tiles(&text, &a.display_runs)?;
        for r in a.runs.iter().chain(&a.display_runs) {
            prop_assert_eq!(r.dir, lashon_vocab::Dir::from_level(r.level));
        }
    }

    #[test]
    fn detect_segments_tile_the_input(text in mixed_text()) {
        let d = detect(&text);
        let joined: String = d.segments.iter().map(|s| s.text).collect();
        prop_assert_eq!(&joined, &text);
        let mut unit = 0;
        for s in &d.segments {
            prop_assert_eq!(s.start, unit);
            prop_assert_eq!(s.end, s.start + utf16::len(s.text));
            unit = s.end;
        }
        prop_assert!((0.0..=1.0).contains(&d.confidence));
        let total: f64 = d.languages.iter().map(|l| l.share).sum();
        prop_assert!(d.languages.is_empty() || (total - 1.0).abs() < 0.01);
    }

    #[test]
    fn html_output_escapes_the_input(text in mixed_text(), base in base()) {
        let w = wrap(&text, Format::Html, base);
        let stripped = w
            .output
            .replace("<span dir=\"ltr\">", "")
            .replace("<span dir=\"rtl\">", "")
            .replace("</span>", "");
        prop_assert!(!stripped.contains('<'));
        prop_assert!(!stripped.contains('>'));
        prop_assert!(!stripped.contains('"'));
        prop_assert!(!stripped.contains('\''));
        let unescaped = stripped
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'");
        prop_assert_eq!(unescaped.replace("&amp;", "&"), text);
    }

    #[test]
    fn isolate_and_marks_only_insert_controls(text in mixed_text(), base in base()) {
        let controls = ['\u{200E}', '\u{200F}', '\u{2066}', '\u{2067}', '\u{2069}'];
        let clean: String = text.chars().filter(|c| !controls.contains(c)).collect();
        for format in [Format::Isolate, Format::Marks] {
            let w = wrap(&clean, format, base);
            let removed: String = w.output.chars().filter(|c| !controls.contains(c)).collect();
            prop_assert_eq!(&removed, &clean);
        }
    }
}
