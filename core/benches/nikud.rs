//! Speed of the Nakdimon forward pass (one thread). Needs `LASHON_NIKUD_MODEL`; without it the
//! bench prints that it was skipped. Texts: every 10th gold text of the Nakdimon test set
//! (tests/new), stripped — the same texts `scripts/nikud_reference.py timing` uses.
//!
//!     LASHON_NIKUD_MODEL="$(scripts/fetch-nikud-model)" cargo bench -p lashon-core --bench nikud

use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lashon_core::hebrew::nikud::Nakdimon;
use lashon_core::hebrew::strip_points;

fn texts() -> Vec<String> {
    let root = std::env::var_os("LASHON_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data")))
        .join("nakdimon-diacritization-tests/tests/new/expected");
    let mut files = Vec::new();
    for genre in std::fs::read_dir(&root).expect("shared data (set LASHON_SHARED_DATA)") {
        for f in std::fs::read_dir(genre.expect("entry").path()).expect("genre") {
            let p = f.expect("entry").path();
            let name = p
                .strip_prefix(&root)
                .expect("prefix")
                .to_string_lossy()
                .into_owned();
            files.push((name, p));
        }
    }
    files.sort();
    files
        .iter()
        .step_by(10)
        .map(|(_, p)| strip_points(&std::fs::read_to_string(p).expect("read")))
        .collect()
}

fn bench(c: &mut Criterion) {
    let Some(path) = std::env::var_os("LASHON_NIKUD_MODEL") else {
        eprintln!("nikud bench SKIPPED: set LASHON_NIKUD_MODEL=\"$(scripts/fetch-nikud-model)\"");
        return;
    };
    let model = Nakdimon::from_path(path).expect("load model");
    let texts = texts();
    let chars: usize = texts.iter().map(|t| t.chars().count()).sum();

    // One plain timed pass first, so the figure is printed even with a short criterion run.
    let start = Instant::now();
    for t in &texts {
        std::hint::black_box(model.vocalize(t));
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "nikud (Rust, 1 thread): {} texts, {chars} chars, {secs:.2} s, {:.0} chars/s",
        texts.len(),
        chars as f64 / secs
    );

    let mut group = c.benchmark_group("nikud");
    group.sample_size(10);
    group.throughput(Throughput::Elements(chars as u64));
    group.bench_function("vocalize_test_set_every_10th", |b| {
        b.iter(|| {
            for t in &texts {
                std::hint::black_box(model.vocalize(t));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
