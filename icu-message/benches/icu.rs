//! Benchmarks of the ICU crate on real-size messages.
//!
//! - `parse+print/corpus`: parse then print a corpus of catalog messages (English, Hebrew,
//!   Russian; plain strings, arguments, plurals with `=0` and offset, selects, tags, dates),
//!   throughput in bytes of source. Target: ≥ 50 MB/s.
//! - `parse/corpus`, `print/corpus`: the two halves.
//! - `hoist+rewrite/three-level`: hoist a select › plural › plural message and rewrite it
//!   from English to Hebrew and to Russian.
//!
//! `cargo bench -p lashon-icu -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lashon_icu::{hoist, parse, print, rewrite, Plurals, DEFAULT_BRANCH_LIMIT};

const CORPUS: &[&str] = &[
    "Save changes",
    "Hello, {name}!",
    "שלום {name}, ברוך הבא ל-{app}",
    "Last seen {d, date, medium} at {d, time, short}",
    "Total: {amount, number, ::currency/ILS}",
    "You have {count, plural, =0 {no new messages} one {# new message} other {# new messages}}.",
    "{count, plural, one {יש לך הודעה אחת חדשה} two {יש לך שתי הודעות חדשות} other {יש לך # הודעות חדשות}}",
    "{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}} загружено",
    "{gender, select, female {{name} updated her profile} male {{name} updated his profile} other {{name} updated their profile}}",
    "{guests, plural, offset:1 =0 {{host} does not give a party.} =1 {{host} invites {guest} to the party.} =2 {{host} invites {guest} and one other person to the party.} other {{host} invites {guest} and # other people to the party.}}",
    "By clicking <b>Continue</b> you agree to our <link>Terms of Service</link> and <link2>Privacy Policy</link2>.",
    "It''s your {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} visit to '{'our'}' store!",
    "{count, plural, =0 {אין פריטים בעגלה} one {פריט אחד בעגלה, בסך {total, number, ::currency/ILS}} two {שני פריטים בעגלה, בסך {total, number, ::currency/ILS}} other {# פריטים בעגלה, בסך {total, number, ::currency/ILS}}}",
    "Your order #{orderId} was shipped on {shipDate, date, long} and should arrive within {days, plural, one {# business day} other {# business days}}. Track it at <a>the carrier's site</a>.",
    "Ваш заказ №{orderId} отправлен {shipDate, date, long}. {days, plural, one {Доставка займёт # день} few {Доставка займёт # дня} many {Доставка займёт # дней} other {Доставка займёт # дня}}.",
    "{role, select, admin {{count, plural, one {An administrator approved # request} other {Administrators approved # requests}}} other {{count, plural, one {A member approved # request} other {Members approved # requests}}}}",
];

fn corpus() -> (Vec<&'static str>, u64) {
    // About 64 KB: the corpus repeated, as a catalog would hold many such messages.
    let mut messages = Vec::new();
    let mut bytes = 0u64;
    while bytes < 64 * 1024 {
        for m in CORPUS {
            messages.push(*m);
            bytes += m.len() as u64;
        }
    }
    (messages, bytes)
}

fn parse_print(c: &mut Criterion) {
    let (messages, bytes) = corpus();
    let parsed: Vec<_> = messages
        .iter()
        .map(|m| parse(m).expect("corpus parses"))
        .collect();
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("parse+print", |b| {
        b.iter(|| {
            let mut out = 0usize;
            for m in &messages {
                if let Ok(message) = parse(black_box(m)) {
                    out += print(&message).len();
                }
            }
            out
        })
    });
    group.bench_function("parse", |b| {
        b.iter(|| {
            messages
                .iter()
                .filter(|m| parse(black_box(m)).is_ok())
                .count()
        })
    });
    group.bench_function("print", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|m| print(black_box(m)).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

const THREE_LEVEL: &str = "{host, select, female {{guests, plural, =0 {She stays home tonight.} \
    one {She invites {friend} and # {items, plural, one {dish} other {dishes}}.} \
    other {She invites {friend} and # guests, bringing {items, plural, one {one dish} other {# dishes}}.}}} \
    other {{guests, plural, =0 {They stay home tonight.} \
    one {They invite {friend} and # {items, plural, one {dish} other {dishes}}.} \
    other {They invite {friend} and # guests, bringing {items, plural, one {one dish} other {# dishes}}.}}}}";

fn hoist_rewrite(c: &mut Criterion) {
    let en = Plurals::new("en").expect("en");
    let he = Plurals::new("he").expect("he");
    let ru = Plurals::new("ru").expect("ru");
    let message = parse(THREE_LEVEL).expect("parses");
    let mut group = c.benchmark_group("hoist+rewrite");
    group.bench_function("three-level en→he", |b| {
        b.iter(|| {
            let h = hoist(black_box(&message), DEFAULT_BRANCH_LIMIT).expect("hoists");
            rewrite(&h, &en, &he)
        })
    });
    group.bench_function("three-level en→ru", |b| {
        b.iter(|| {
            let h = hoist(black_box(&message), DEFAULT_BRANCH_LIMIT).expect("hoists");
            rewrite(&h, &en, &ru)
        })
    });
    group.bench_function("plurals new (he)", |b| {
        b.iter(|| Plurals::new(black_box("he")))
    });
    group.finish();
}

criterion_group!(benches, parse_print, hoist_rewrite);
criterion_main!(benches);
