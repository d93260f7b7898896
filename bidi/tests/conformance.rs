//! Unicode conformance: `BidiCharacterTest.txt` and `BidiTest.txt` (Unicode 17.0.0) through
//! both level resolutions of `lashon-bidi`, then L2 reordering:
//!
//! - `uba::resolve_full`: `unicode-bidi` for P1–I2, our own L1, every case;
//! - `uba::resolve`: what `analyze` runs, the fast path (`implicit`) for every paragraph
//!   without explicit embeddings, overrides or isolates, `unicode-bidi` for the rest;
//! - `uba::resolve_fast`: the fast path alone, on every case it takes (the count is printed
//!   and checked, so a change that sends fewer cases down the fast path shows).
//!
//! The files come from `$LASHON_SHARED_DATA/unicode-bidi-conformance-17.0.0` (default
//! `../shared/data` beside the project). Each test prints its pass/fail counts and fails on any
//! failure, and on any count but the files' own: a truncated or replaced file fails.
//! (`unicode-bidi` 0.3.18 carries Unicode 16 data; no Unicode 17 case depends on a character
//! new in 17.0, so none fails for that reason.)

use std::path::PathBuf;

use lashon_bidi::uba::{resolve, resolve_fast, resolve_full, Resolution};
use lashon_vocab::BaseDir;
use unicode_bidi::{BidiInfo, Level};

fn data_file(name: &str) -> String {
    let dir = std::env::var_os("LASHON_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"));
    let path = dir.join("unicode-bidi-conformance-17.0.0").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "conformance data missing: {} ({e}). Set LASHON_SHARED_DATA to the shared data folder.",
            path.display()
        )
    })
}

/// Cases in the Unicode 17.0.0 files (BidiTest.txt: one case per input line and paragraph
/// level in its bitset).
const CHARACTER_TEST_CASES: usize = 91_707;
const BIDI_TEST_CASES: usize = 770_241;

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    first_failures: Vec<String>,
}

/// The three resolutions' tallies for one file.
#[derive(Default)]
struct Tallies {
    full: Tally,
    mixed: Tally,
    fast: Tally,
}

impl Tallies {
    /// Runs one case through every path; `check` says whether a resolution passes.
    fn case(
        &mut self,
        chars: &[char],
        base: BaseDir,
        check: impl Fn(&Resolved) -> bool,
        describe: impl Fn(&str, &Resolved) -> String,
    ) {
        let text: String = chars.iter().collect();
        let full = resolved(resolve_full(&text, base));
        self.full.record(check(&full), || describe("full", &full));
        let mixed = resolved(resolve(&text, base));
        self.mixed
            .record(check(&mixed), || describe("resolve", &mixed));
        if let Some(fast) = resolve_fast(&text, base).map(resolved) {
            self.fast.record(check(&fast), || describe("fast", &fast));
        }
    }

    fn report(&self, file: &str, cases: usize, fast_cases: usize) {
        self.full.report(&format!("{file} (unicode-bidi)"), cases);
        self.mixed.report(&format!("{file} (resolve)"), cases);
        self.fast
            .report(&format!("{file} (fast path alone)"), fast_cases);
    }
}

impl Tally {
    fn record(&mut self, ok: bool, describe: impl FnOnce() -> String) {
        if ok {
            self.passed += 1;
        } else {
            self.failed += 1;
            if self.first_failures.len() < 20 {
                self.first_failures.push(describe());
            }
        }
    }

    fn report(&self, file: &str, cases: usize) {
        println!("{file}: {} passed, {} failed", self.passed, self.failed);
        assert_eq!(
            self.failed,
            0,
            "{file}: failures, first ones:\n{}",
            self.first_failures.join("\n")
        );
        assert_eq!(
            self.passed, cases,
            "{file}: {} cases, the file has {cases}",
            self.passed
        );
    }
}

/// The paragraph level, the levels of each char (after L1) and the visual order (L2) of the
/// chars that have a level.
type Resolved = (u8, Vec<u8>, Vec<usize>);

fn resolved(r: Resolution) -> Resolved {
    let levels = r.levels;
    let as_levels: Vec<Level> = levels
        .iter()
        .map(|&l| Level::new(l).expect("valid level"))
        .collect();
    let order = BidiInfo::reorder_visual(&as_levels);
    let para = r.paragraphs.first().map(|p| p.level).unwrap_or(0);
    (para, levels, order)
}

fn compare(expected_levels: &[Option<u8>], expected_order: &[usize], got: &Resolved) -> bool {
    let (_, levels, order) = got;
    let levels_ok = expected_levels
        .iter()
        .zip(levels)
        .all(|(want, got)| want.is_none_or(|w| w == *got));
    let visible: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| expected_levels[i].is_some())
        .collect();
    levels_ok && visible == expected_order
}

fn parse_levels(s: &str) -> Vec<Option<u8>> {
    s.split_whitespace()
        .map(|t| if t == "x" { None } else { t.parse().ok() })
        .collect()
}

fn parse_order(s: &str) -> Vec<usize> {
    s.split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect()
}

#[test]
fn bidi_character_test() {
    let data = data_file("BidiCharacterTest.txt");
    let mut tallies = Tallies::default();
    for line in data.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(';').collect();
        assert_eq!(f.len(), 5, "bad line {line}");
        let chars: Vec<char> = f[0]
            .split_whitespace()
            .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
            .collect();
        let base = match f[1] {
            "0" => BaseDir::Ltr,
            "1" => BaseDir::Rtl,
            _ => BaseDir::Auto,
        };
        let para_level: u8 = f[2].parse().unwrap();
        let levels = parse_levels(f[3]);
        let order = parse_order(f[4]);
        tallies.case(
            &chars,
            base,
            |got| got.0 == para_level && compare(&levels, &order, got),
            |path, got| {
                format!(
                    "{line}\n   {path}: got para {} levels {:?} order {:?}",
                    got.0, got.1, got.2
                )
            },
        );
    }
    tallies.report("BidiCharacterTest.txt", CHARACTER_TEST_CASES, 91_605);
}

/// A representative character of each Bidi_Class, for BidiTest.txt's class sequences.
fn class_char(class: &str) -> char {
    match class {
        "L" => 'a',
        "R" => '\u{05D0}',
        "AL" => '\u{0628}',
        "EN" => '1',
        "ES" => '+',
        "ET" => '$',
        "AN" => '\u{0660}',
        "CS" => ',',
        "NSM" => '\u{0300}',
        "BN" => '\u{00AD}',
        "B" => '\u{2029}',
        "S" => '\t',
        "WS" => ' ',
        "ON" => '!',
        "LRE" => '\u{202A}',
        "RLE" => '\u{202B}',
        "PDF" => '\u{202C}',
        "LRO" => '\u{202D}',
        "RLO" => '\u{202E}',
        "LRI" => '\u{2066}',
        "RLI" => '\u{2067}',
        "FSI" => '\u{2068}',
        "PDI" => '\u{2069}',
        other => panic!("unknown bidi class {other}"),
    }
}

#[test]
fn bidi_test() {
    let data = data_file("BidiTest.txt");
    let mut tallies = Tallies::default();
    let mut levels: Vec<Option<u8>> = Vec::new();
    let mut order: Vec<usize> = Vec::new();
    for line in data.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("@Levels:") {
            levels = parse_levels(rest);
            continue;
        }
        if let Some(rest) = line.strip_prefix("@Reorder:") {
            order = parse_order(rest);
            continue;
        }
        let (input, bits) = line.split_once(';').expect("data line");
        let chars: Vec<char> = input.split_whitespace().map(class_char).collect();
        let bits: u8 = bits.trim().parse().expect("bitset");
        for (bit, base) in [(1, BaseDir::Auto), (2, BaseDir::Ltr), (4, BaseDir::Rtl)] {
            if bits & bit == 0 {
                continue;
            }
            tallies.case(
                &chars,
                base,
                |got| compare(&levels, &order, got),
                |path, got| {
                    format!(
                        "{line} base {base:?}\n   {path}: got levels {:?} order {:?}",
                        got.1, got.2
                    )
                },
            );
        }
    }
    tallies.report("BidiTest.txt", BIDI_TEST_CASES, 100_038);
}
