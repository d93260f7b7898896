//! Transliteration: the vectors in `tests/vectors/transliteration.json` (both directions), and
//! the SBL scheme against the `hebrew-transliteration` test pairs in the shared data.

mod common;

use lashon_core::hebrew::translit::{he_to_latin, latin, modern, sbl};

fn jsonl(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .expect("read jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("jsonl row"))
        .collect()
}

/// Rows of one schema run with the library's defaults (no options, plain `transliterate`).
fn plain_rows(schema: &str) -> Vec<(String, String, String)> {
    let rows = jsonl(&common::shared_data(
        "hebrew-transliteration-pairs/transliteration_pairs.jsonl",
    ));
    rows.into_iter()
        .filter(|r| {
            r["schema"] == schema
                && r["row_options"] == ""
                && r["body_options"] == ""
                && r["call"].as_str().is_some_and(|c| {
                    c == "transliterate(hebrew)).toBe(transliteration)"
                        || c == "transliterate(hebrew, schema)).toBe(transliteration)"
                })
        })
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_owned();
            (s("hebrew"), s("expected"), s("description"))
        })
        .collect()
}

fn score(schema: &str, rows: &[(String, String, String)], f: impl Fn(&str) -> String) -> usize {
    let mut pass = 0;
    for (hebrew, expected, description) in rows {
        let got = f(hebrew);
        if got == *expected {
            pass += 1;
        } else {
            eprintln!("{schema} FAIL {description}: {hebrew} → {got} (expected {expected})");
        }
    }
    eprintln!("{schema}: {pass}/{} pairs pass", rows.len());
    pass
}

/// The SBL scheme against the library-default SBL pairs. The floor is the count measured when
/// the scheme was written; a regression fails.
#[test]
fn sbl_against_hebrew_transliteration_pairs() {
    let rows = plain_rows("sbl (library default)");
    assert!(
        rows.len() >= 60,
        "expected the plain SBL rows, found {}",
        rows.len()
    );
    let pass = score("sbl (library default)", &rows, sbl::transliterate);
    assert!(
        pass >= SBL_FLOOR,
        "SBL: {pass}/{} pairs, floor {SBL_FLOOR}",
        rows.len()
    );
}

const SBL_FLOOR: usize = 69;

fn vectors() -> serde_json::Value {
    let raw = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/transliteration.json"
    ))
    .expect("tests/vectors/transliteration.json");
    serde_json::from_str(&raw).expect("vectors JSON")
}

#[test]
fn he_to_latin_vectors() {
    let v = vectors();
    let cases = v["he_to_latin"].as_array().expect("he_to_latin");
    assert!(cases.len() >= 80, "at least 80 he-to-latin cases");
    let mut failures = Vec::new();
    for case in cases {
        let hebrew = case["hebrew"].as_str().expect("hebrew");
        let (got, scheme) = he_to_latin(hebrew, None);
        if got != case["latin"] || scheme != case["scheme"] {
            failures.push(format!(
                "{hebrew} → {got} [{scheme}] (expected {} [{}])",
                case["latin"], case["scheme"]
            ));
        }
    }
    eprintln!(
        "he-to-latin vectors: {}/{} pass",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn latin_to_he_vectors() {
    let v = vectors();
    let cases = v["latin_to_he"].as_array().expect("latin_to_he");
    assert!(cases.len() >= 80, "at least 80 latin-to-he cases");
    let mut failures = Vec::new();
    let mut from_exceptions = 0;
    for case in cases {
        let text = case["latin"].as_str().expect("latin");
        let got = latin::transliterate(text);
        if text.split(' ').any(|w| latin::exception(w).is_some()) {
            from_exceptions += 1;
        }
        if got != case["hebrew"] {
            failures.push(format!("{text} → {got} (expected {})", case["hebrew"]));
        }
    }
    eprintln!(
        "latin-to-he vectors: {}/{} pass ({from_exceptions} use the exception list)",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every entry of the exception list is needed: the rules alone would spell it otherwise.
#[test]
fn every_exception_is_needed() {
    for (word, hebrew) in latin::EXCEPTIONS {
        let mut capitalized = word.to_string();
        capitalized.replace_range(..1, &word[..1].to_uppercase());
        let by_rules = latin::rules_only(word);
        assert_ne!(
            by_rules, *hebrew,
            "exception {word} → {hebrew} is what the rules give"
        );
        assert_eq!(latin::transliterate(&capitalized), *hebrew);
    }
}

#[test]
fn modern_scheme_properties() {
    // Points decide: the same letters with other vowels give other Latin.
    assert_eq!(modern::transliterate("סֵפֶר").0, "sefer");
    assert_eq!(modern::transliterate("סַפָּר").0, "sapar");
    // Non-Hebrew text and punctuation pass through.
    assert_eq!(he_to_latin("ABC 123!", None).0, "ABC 123!");
    // Presentation forms read like their decompositions.
    assert_eq!(he_to_latin("\u{FB2A}\u{05B8}לוֹם", None).0, "shalom");
}

/// No input makes the transliterators panic: pseudo-random strings over Hebrew letters, every
/// point and accent, geresh, maqaf, Latin letters and punctuation (a fixed xorshift sequence).
#[test]
fn never_panics_on_mixed_input() {
    let alphabet: Vec<char> = ('\u{0591}'..='\u{05F4}')
        .chain("abcdefghijklmnopqrstuvwxyzAEIOUY' -.,\n\u{FB2A}\u{FB4F}1".chars())
        .collect();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..3000 {
        let len = (next() % 12) as usize;
        let s: String = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        let _ = sbl::transliterate(&s);
        let _ = he_to_latin(&s, None);
        let _ = latin::transliterate(&s);
        let _ = lashon_core::hebrew::strip_points(&s);
    }
}
