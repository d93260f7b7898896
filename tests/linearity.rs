//! Work linear in the input (issue 19): each parser and matcher a request reaches is timed on
//! an input and on one eight times longer, and the cost per byte must not grow with the size —
//! a quadratic step would make it eight times dearer. A harness, not a unit test: the cases are
//! `#[ignore]`d and run by `scripts/fuzz` (and so by `scripts/test`) in one process on an
//! otherwise idle machine; the bound (4×) leaves room for noise and caches, and is far below
//! what a quadratic case gives.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use lashon_core::protect::spans::{AccountTerm, ProtectOptions, SpanFinder};
use lashon_core::protect::Lang;
use lashon_news::cursor::{Binding, CursorCodec, Endpoint, StoryKey};

/// The best of five timings of `f` on an input built for `size`.
fn timed<T>(size: usize, build: impl Fn(usize) -> T, f: impl Fn(&T)) -> Duration {
    let input = build(size);
    (0..5)
        .map(|_| {
            let start = Instant::now();
            f(&input);
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Asserts the cost per byte at `8 × small` is at most four times the cost at `small`.
fn linear<T>(name: &str, small: usize, build: impl Fn(usize) -> T, f: impl Fn(&T)) {
    let a = timed(small, &build, &f).as_secs_f64() / small as f64;
    let b = timed(small * 8, &build, &f).as_secs_f64() / (small * 8) as f64;
    let ratio = b / a.max(f64::MIN_POSITIVE);
    println!(
        "{name}: {:.1} ns/byte at {small} B, {:.1} ns/byte at {} B (×{ratio:.2})",
        a * 1e9,
        b * 1e9,
        small * 8
    );
    assert!(
        ratio < 4.0,
        "{name} grows super-linearly: ×{ratio:.2} per byte"
    );
}

fn mixed_text(bytes: usize) -> String {
    let piece = "Pay $1,200.50 to Acme Pharma by 03/05/2026; שלם 5 mg פעמיים ביום. ";
    piece.repeat(bytes / piece.len() + 1)
}

#[test]
#[ignore = "timing harness: scripts/fuzz"]
fn span_finding_with_a_full_glossary_and_long_keys() {
    let glossary: BTreeMap<String, String> = (0..500)
        .map(|i| (format!("{}{i}", "Acme ".repeat(39)), "אקמה".to_string()))
        .collect();
    linear(
        "span finding, 500 glossary terms of 200 chars",
        16_000,
        |n| {
            let mut o = ProtectOptions::new(Lang::En, Lang::He);
            o.glossary = glossary.clone();
            o.protected_terms = vec!["Acme Pharma".into(); 500];
            (SpanFinder::new(o), mixed_text(n))
        },
        |(finder, text)| {
            std::hint::black_box(finder.find(text));
        },
    );
}

#[test]
#[ignore = "timing harness: scripts/fuzz"]
fn span_finding_with_fifty_thousand_account_terms() {
    let terms: Vec<AccountTerm> = (0..50_000)
        .map(|i| AccountTerm {
            term: format!("Term{i} Product"),
            ..AccountTerm::default()
        })
        .collect();
    linear(
        "span finding, 50,000 account terms",
        16_000,
        |n| {
            let mut o = ProtectOptions::new(Lang::En, Lang::He);
            o.account_terms = std::sync::Arc::new(terms.clone().into());
            (SpanFinder::new(o), mixed_text(n))
        },
        |(finder, text)| {
            std::hint::black_box(finder.find(text));
        },
    );
}

#[test]
#[ignore = "timing harness: scripts/fuzz"]
fn icu_parsing() {
    linear(
        "ICU MessageFormat parse",
        8_000,
        |n| {
            let branch = "{n, plural, one {# file of {name}} other {# files of {name}}} ";
            branch.repeat(n / branch.len() + 1)
        },
        |m| {
            let _ = std::hint::black_box(lashon_icu::parse(m));
        },
    );
}

#[test]
#[ignore = "timing harness: scripts/fuzz"]
fn cursor_decoding() {
    let codec = CursorCodec::new(b"key");
    let binding = Binding::of(Endpoint::Stories, &[]);
    linear(
        "cursor decode (refused)",
        64_000,
        |n| "A".repeat(n),
        |c| {
            let _ = std::hint::black_box(codec.decode::<StoryKey>(c, &binding));
        },
    );
}

#[test]
#[ignore = "timing harness: scripts/fuzz"]
fn feed_parsing() {
    linear(
        "RSS parse",
        64_000,
        |n| {
            let item = "<item><title>הכנסת &amp; התקציב</title><link>https://example.com/a?utm_source=x</link><description>&lt;p&gt;גוף&lt;/p&gt;</description></item>";
            let items = item.repeat(n / item.len() + 1);
            format!("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>t</title>{items}</channel></rss>")
        },
        |doc| {
            let _ = std::hint::black_box(lashon_crawler::parse::parse(doc.as_bytes(), None, None));
        },
    );
}
