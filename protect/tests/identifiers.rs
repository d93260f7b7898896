//! Identifier vectors from python-stdnum: every valid IBAN and BIC detected as `account`, every
//! invalid one rejected as that type; ICD-10 codes detected as `code`.

mod common;

use lashon_protect::spans::{
    bic_valid, iban_valid, israeli_id_valid, luhn_valid, ProtectOptions, SpanFinder,
};
use lashon_protect::{Domain, Lang, SpanType};

fn account_spans(finder: &SpanFinder, text: &str, value: &str) -> bool {
    finder
        .find(text)
        .iter()
        .any(|s| s.kind == SpanType::Account && s.value(text) == value)
}

#[test]
fn iban_and_bic_vectors() {
    let tsv = common::read("identifier-test-vectors-python-stdnum/valid_invalid_numbers.tsv");
    let mut options = ProtectOptions::new(Lang::En, Lang::He);
    options.domain = Domain::Finance;
    let finder = SpanFinder::new(options);
    let (mut iban_ok, mut iban_bad, mut bic_ok) = (0, 0, 0);
    let (mut iban_ok_total, mut iban_bad_total, mut bic_total) = (0, 0, 0);
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [_, module, number, expected, ..] = cols[..] else {
            continue;
        };
        let text = match module {
            "iban" => format!("Pay to {number} today."),
            "bic" => format!("SWIFT: {number}, thank you."),
            _ => continue,
        };
        let detected = account_spans(&finder, &text, number);
        match (module, expected) {
            ("iban", "valid") => {
                iban_ok_total += 1;
                assert!(iban_valid(number), "valid IBAN rejected: {number}");
                iban_ok += usize::from(detected);
            }
            ("iban", _) => {
                iban_bad_total += 1;
                assert!(!iban_valid(number), "invalid IBAN accepted: {number}");
                iban_bad += usize::from(!detected);
            }
            ("bic", _) => {
                bic_total += 1;
                assert!(bic_valid(number), "valid BIC rejected: {number}");
                bic_ok += usize::from(detected);
            }
            _ => {}
        }
    }
    // The one invalid BIC of the doctests (IP is not a country).
    assert!(!bic_valid("MULTIPLE"));
    assert!(!account_spans(
        &finder,
        "SWIFT: MULTIPLE, thank you.",
        "MULTIPLE"
    ));
    println!("IBAN valid detected {iban_ok}/{iban_ok_total}; IBAN invalid rejected {iban_bad}/{iban_bad_total}; BIC valid detected {bic_ok}/{bic_total}; BIC invalid rejected 1/1");
    assert_eq!(iban_ok, iban_ok_total);
    assert_eq!(iban_bad, iban_bad_total);
    assert_eq!(bic_ok, bic_total);
    assert!(iban_ok_total >= 190 && bic_total >= 400);
}

#[test]
fn check_digit_calls() {
    assert!(israeli_id_valid("3933742-3"));
    assert!(!israeli_id_valid("3933742-2"));
    assert!(!israeli_id_valid("490154203237518"));
    assert!(luhn_valid("49927398716"));
    assert!(!luhn_valid("4992739871"));
    assert!(luhn_valid("490154203237518"));
    let calls = common::read("identifier-test-vectors-python-stdnum/function_calls.tsv");
    let mut checked = 0;
    for line in calls.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 5 || cols[2] != "validate" || cols[3].contains('=') {
            continue;
        }
        let arg = cols[3].trim_matches('\'');
        let ok = !cols[4].starts_with("EXCEPTION");
        match cols[1] {
            "luhn" => assert_eq!(luhn_valid(arg), ok, "luhn {arg}"),
            "iban" => assert_eq!(iban_valid(arg), ok, "iban {arg}"),
            "bic" => assert_eq!(bic_valid(arg), ok, "bic {arg}"),
            _ => continue,
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} calls checked");
}

#[test]
fn icd10_codes() {
    let tsv = common::read("icd10-who-2019-codes/icd10_codes.tsv");
    let mut options = ProtectOptions::new(Lang::En, Lang::He);
    options.domain = Domain::Clinical;
    let finder = SpanFinder::new(options);
    let (mut found, mut total) = (0, 0);
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 2 || !matches!(cols[1], "category" | "subcategory") {
            continue;
        }
        let code = cols[0];
        total += 1;
        let text = format!("Diagnosis {code} confirmed.");
        if finder
            .find(&text)
            .iter()
            .any(|s| s.kind == SpanType::Code && s.value(&text) == code)
        {
            found += 1;
        }
    }
    println!("ICD-10 codes detected {found}/{total}");
    assert!(total > 10_000);
    assert_eq!(found, total);
}
