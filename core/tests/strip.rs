//! Strip points on real vocalized text: every gold text of the Nakdimon test set
//! (tests/new/expected, 110 texts) stripped equals its letters-only form, strip is idempotent
//! and its output is NFC.

mod common;

use lashon_core::hebrew::api::{strip, StripRequest};
use lashon_core::hebrew::strip_points;
use unicode_normalization::UnicodeNormalization;

/// The straightforward reference: drop every code point of U+0591–U+05C7 except the four
/// punctuation marks in that range (maqaf, paseq, sof pasuq, nun hafukha).
fn letters_only(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            !('\u{0591}'..='\u{05C7}').contains(&c)
                || matches!(c, '\u{05BE}' | '\u{05C0}' | '\u{05C3}' | '\u{05C6}')
        })
        .collect()
}

#[test]
fn gold_texts_strip_to_their_letters() {
    let files = common::gold_files();
    assert_eq!(files.len(), 110, "tests/new/expected holds 110 texts");
    let mut chars = 0;
    for (name, path) in &files {
        let gold = std::fs::read_to_string(path).expect("gold text");
        let stripped = strip_points(&gold);
        let want: String = letters_only(&gold).nfc().collect();
        assert_eq!(stripped, want, "{name}");
        assert_ne!(stripped, gold, "{name}: the gold text has points");
        assert_eq!(strip_points(&stripped), stripped, "{name}: idempotent");
        assert!(unicode_normalization::is_nfc(&stripped), "{name}: NFC");
        chars += gold.chars().count();
    }
    eprintln!("strip: {} gold texts, {chars} characters", files.len());
}

#[test]
fn strip_response_shape() {
    let req: StripRequest = serde_json::from_str(r#"{"text": "אַף־עַל־פִּי כֵן׃"}"#).unwrap();
    let res = strip(req).unwrap();
    let json = serde_json::to_value(&res).unwrap();
    assert_eq!(json["text"], "אַף־עַל־פִּי כֵן׃");
    assert_eq!(json["stripped"], "אף־על־פי כן׃");
    assert_eq!(json.as_object().map(|o| o.len()), Some(2));
}

#[test]
fn punctuation_and_presentation_forms() {
    // Geresh and gershayim stay; points around them go.
    assert_eq!(strip_points("צָהַ״ל ג׳ִירָפָה"), "צה״ל ג׳ירפה");
    // Every assigned presentation form of U+FB1D–U+FB4F (U+FB37, U+FB3D, U+FB3F, U+FB42 and
    // U+FB45 are unassigned and decompose to themselves) becomes letters without points.
    let assigned = |c: &char| *c == '\u{FB1E}' || c.nfkd().ne(std::iter::once(*c));
    assert_eq!(('\u{FB1D}'..='\u{FB4F}').filter(assigned).count(), 46);
    for c in ('\u{FB1D}'..='\u{FB4F}').filter(assigned) {
        let s = strip_points(&c.to_string());
        assert!(
            s.chars().all(|d| !('\u{FB1D}'..='\u{FB4F}').contains(&d)
                && !('\u{0591}'..='\u{05C7}').contains(&d)),
            "U+{:04X} → {s:?}",
            c as u32
        );
        assert_eq!(strip_points(&s), s);
    }
}
