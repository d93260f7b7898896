//! Benchmarks of `analyze`, `wrap` and `detect` on a 60-character UI string, a 2 KB mixed
//! paragraph and a 1 MB mixed document, next to a baseline of plain
//! `unicode_bidi::BidiInfo::new` + `visual_runs` on the same input.
//!
//! `cargo bench -p lashon-bidi`
//!
//! The baseline resolves each paragraph with its own `BidiInfo`: calling `visual_runs` on one
//! `BidiInfo` of the whole document copies the levels of the entire text for every paragraph,
//! which is quadratic, and no one would measure against that.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use lashon_bidi::{analyze, detect, wrap, Format};
use lashon_vocab::BaseDir;
use unicode_bidi::BidiInfo;

/// Sentences of the kind the service sees: Hebrew with prices, doses, dates, Latin names,
/// URLs; some English with Hebrew; a little Russian and Arabic.
const SENTENCES: &[&str] = &[
    "המחיר הוא ₪1,200.50 כולל מע\"מ, והמשלוח ב-3-4 ימי עסקים.",
    "המטופל קיבל Amoxicillin 500 mg פעמיים ביום (BID) במשך 7 ימים.",
    "הפגישה נקבעה ל-12/05/2024 בשעה 10:00–12:00 ב-Google Meet.",
    "לפרטים נוספים בקרו ב-https://www.example.co.il/help או כתבו ל-info@example.co.il.",
    "גרסה v2.1.0 של iPhone כוללת שיפורים, ו-Apple מציינת ירידה של 10% בצריכת החשמל.",
    "The clinic at שערי צדק opens at 8:00, and parking costs 20 ש\"ח per hour.",
    "צה\"ל הודיע כי ח\"כ ישראלי נפגש עם נציגי Microsoft ו-Intel בתל אביב.",
    "Цена составляет 1 234,56 ₽, а доставка занимает 3–4 дня.",
    "הזינו את הקוד `npm install lashon` בטרמינל ולחצו Enter.",
    "الرقم ١٢٣ هنا، والسعر $5.99 فقط.",
];

fn ui_string() -> String {
    let s = "שמור שינויים ב-Google Drive (₪4.99 לחודש) או בטל";
    assert!(s.chars().count() <= 60);
    s.to_string()
}

fn paragraph(bytes: usize) -> String {
    let mut out = String::new();
    for s in SENTENCES.iter().cycle() {
        if out.len() >= bytes {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(s);
    }
    out
}

fn document(bytes: usize) -> String {
    let mut out = String::new();
    let mut i = 0;
    while out.len() < bytes {
        // Paragraphs of one to four sentences.
        let n = 1 + i % 4;
        for k in 0..n {
            if k > 0 {
                out.push(' ');
            }
            out.push_str(SENTENCES[(i + k) % SENTENCES.len()]);
        }
        out.push('\n');
        i += 1;
    }
    out
}

fn baseline(text: &str) -> usize {
    let mut runs = 0;
    for para in text.split_inclusive('\n') {
        let info = BidiInfo::new(para, None);
        for p in &info.paragraphs {
            let (_, visual) = info.visual_runs(p, p.range.clone());
            runs += visual.len();
        }
    }
    runs
}

fn inputs() -> Vec<(&'static str, String)> {
    vec![
        ("ui-60", ui_string()),
        ("para-2k", paragraph(2 * 1024)),
        ("doc-1m", document(1024 * 1024)),
    ]
}

fn bench(c: &mut Criterion) {
    for (name, text) in inputs() {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        if text.len() > 100_000 {
            group.sample_size(10);
        }
        group.bench_with_input(BenchmarkId::new("baseline", name), &text, |b, t| {
            b.iter(|| baseline(black_box(t)))
        });
        group.bench_with_input(BenchmarkId::new("analyze", name), &text, |b, t| {
            b.iter(|| analyze(black_box(t), BaseDir::Auto))
        });
        group.bench_with_input(BenchmarkId::new("wrap", name), &text, |b, t| {
            b.iter(|| wrap(black_box(t), Format::Html, BaseDir::Auto))
        });
        group.bench_with_input(BenchmarkId::new("detect", name), &text, |b, t| {
            b.iter(|| detect(black_box(t)))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
