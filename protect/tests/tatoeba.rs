//! False positives on 1,000 human he↔en translations (parallel-tatoeba) and catch rates of
//! perturbed translations: drop a negation, change a digit, swap left/right, drop a number;
//! both directions (en→he perturbs the Hebrew, he→en the English). `TATOEBA_MISSES=1` prints
//! the flagged correct pairs and the missed perturbations.

mod common;

use lashon_protect::verify::{negation_count, sides, verify, VerifyOptions};
use lashon_protect::{IssueCode, Lang, Severity};

fn caught(issues: &[lashon_protect::Issue], codes: &[IssueCode]) -> bool {
    issues
        .iter()
        .any(|i| i.severity == Severity::Error && codes.contains(&i.code))
}

fn drop_negation_he(he: &str) -> Option<String> {
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

fn change_digit(t: &str) -> Option<String> {
    let at = t.find(|c: char| c.is_ascii_digit())?;
    let d = t.as_bytes()[at] - b'0';
    let nd = (d + 1) % 10;
    Some(format!("{}{}{}", &t[..at], nd, &t[at + 1..]))
}

fn drop_number(t: &str) -> Option<String> {
    let start = t.find(|c: char| c.is_ascii_digit())?;
    let end = t[start..]
        .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
        .map_or(t.len(), |e| start + e);
    Some(format!("{}{}", &t[..start], &t[end..]))
}

fn swap_sides_he(he: &str) -> Option<String> {
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

/// Drops the first English negation (`n't` keeps a valid verb: `can't` → `can`).
fn drop_negation_en(en: &str) -> Option<String> {
    let swaps = [
        ("can't", "can"),
        ("won't", "will"),
        ("n't", ""),
        (" not ", " "),
        (" never ", " "),
        (" no ", " "),
        ("No ", ""),
        ("Nobody ", "Somebody "),
        (" nothing", " something"),
        ("Nothing ", "Something "),
    ];
    swaps
        .iter()
        .filter_map(|(from, to)| en.find(from).map(|at| (at, from, to)))
        .min_by_key(|(at, _, _)| *at)
        .map(|(at, from, to)| format!("{}{}{}", &en[..at], to, &en[at + from.len()..]))
}

fn swap_sides_en(en: &str) -> Option<String> {
    if !en.contains("left") && !en.contains("right") {
        return None;
    }
    Some(
        en.replace("left", "\u{0}")
            .replace("right", "left")
            .replace('\u{0}', "right"),
    )
}

/// Catch counts of one direction: (name, caught, applicable) per perturbation.
fn perturbations(
    pairs: &[(&str, &str)],
    opts: &VerifyOptions,
    drop_negation: fn(&str) -> Option<String>,
    swap_sides: fn(&str) -> Option<String>,
) -> Vec<(&'static str, usize, usize)> {
    let show = std::env::var_os("TATOEBA_MISSES").is_some();
    let mut rates = vec![
        ("drop a negation (error)", 0, 0),
        ("change a digit", 0, 0),
        ("drop a number", 0, 0),
        ("swap left/right", 0, 0),
    ];
    let mut count = |i: usize, src: &str, p: Option<String>, codes: &[IssueCode]| {
        let Some(p) = p else { return };
        let hit = caught(&verify(src, &p, opts), codes);
        if !hit && show {
            println!("  MISS {}: {src} | {p}", rates[i].0);
        }
        rates[i].1 += usize::from(hit);
        rates[i].2 += 1;
    };
    for (src, tgt) in pairs {
        if negation_count(src, opts.source) > 0 {
            count(0, src, drop_negation(tgt), &[IssueCode::NegationLost]);
        }
        let digit_codes = [
            IssueCode::NumberAdded,
            IssueCode::NumberMissing,
            IssueCode::DateMissing,
        ];
        count(1, src, change_digit(tgt), &digit_codes);
        let number_codes = [IssueCode::NumberMissing, IssueCode::DateMissing];
        count(2, src, drop_number(tgt), &number_codes);
        if !sides(src, opts.source).is_empty() {
            let side_codes = [IssueCode::LateralitySwapped, IssueCode::LateralityLost];
            count(3, src, swap_sides(tgt), &side_codes);
        }
    }
    rates
}

/// Correct pairs flagged with an error.
fn false_positives(pairs: &[(&str, &str)], opts: &VerifyOptions) -> usize {
    let show = std::env::var_os("TATOEBA_MISSES").is_some();
    let mut n = 0;
    for (src, tgt) in pairs {
        let issues = verify(src, tgt, opts);
        if issues.iter().any(|i| i.severity == Severity::Error) {
            n += 1;
            if show {
                println!("  FP: {src} | {tgt} | {issues:?}");
            }
        }
    }
    n
}

/// The pairs each kind of perturbation has at least (issue 27: a kind with no usable pair
/// must not pass by default). Tatoeba's sentences carry few numbers and only one left/right,
/// so those kinds rest on few pairs: their rates are printed and held, and no wider claim is
/// made of them (the vectors in `tests/vectors/verify_*.json` cover them case by case).
const MIN_PAIRS: [usize; 4] = [100, 5, 5, 1];

fn assert_floors(direction: &str, rates: &[(&str, usize, usize)], floors: [usize; 4]) {
    for (((name, c, n), floor), min) in rates.iter().zip(floors).zip(MIN_PAIRS) {
        println!("{direction} catch rate {name}: {c}/{n}");
        assert!(*n >= min, "{direction} {name}: {n} pairs, fewer than {min}");
        assert!(
            *c * 100 >= *n * floor,
            "{direction} {name}: {c}/{n} under {floor}%"
        );
    }
}

#[test]
fn tatoeba_false_positives_and_catch_rates() {
    let eng = common::read("parallel-tatoeba/tatoeba.heb-eng.eng");
    let heb = common::read("parallel-tatoeba/tatoeba.heb-eng.heb");
    let en_he: Vec<(&str, &str)> = eng.lines().zip(heb.lines()).collect();
    assert_eq!(en_he.len(), 1000);
    let he_en: Vec<(&str, &str)> = en_he.iter().map(|(e, h)| (*h, *e)).collect();
    let opts_en_he = VerifyOptions::new(Lang::En, Lang::He);
    let opts_he_en = VerifyOptions::new(Lang::He, Lang::En);
    let fp_en_he = false_positives(&en_he, &opts_en_he);
    let fp_he_en = false_positives(&he_en, &opts_he_en);
    println!("false positives (error) en→he: {fp_en_he}/1000, he→en: {fp_he_en}/1000");
    // Issue 21 goal: under 1% each way; the crate docs quote 4/1000 and 1/1000, held exactly.
    assert_eq!(
        (fp_en_he, fp_he_en),
        (4, 1),
        "documented false positives en→he 4/1000, he→en 1/1000"
    );
    // Floors in percent, at the measured rates (printed above each assertion).
    let en_he = perturbations(&en_he, &opts_en_he, drop_negation_he, swap_sides_he);
    assert_floors("en→he", &en_he, [98, 100, 100, 100]);
    let he_en = perturbations(&he_en, &opts_he_en, drop_negation_en, swap_sides_en);
    assert_floors("he→en", &he_en, [100, 100, 100, 100]);
    // Issue 21 goal: perturbations caught > 97% (all kinds, both directions).
    let (caught, all) = en_he
        .iter()
        .chain(&he_en)
        .fold((0, 0), |(c, n), (_, ci, ni)| (c + ci, n + ni));
    println!("perturbations caught, all kinds, both directions: {caught}/{all}");
    assert!(caught * 100 > all * 97, "caught {caught}/{all}");
    assert_eq!((caught, all), (355, 358), "documented: caught 355/358");
}
