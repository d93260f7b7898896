//! Load time of the built-in drug lexicon (issue 21): compiling the open-data names (about
//! 31,500), the project's names, the INN stems and the abbreviation inventory into their
//! automata, as [`Lexicons::builtin`] does once per process.

use criterion::{criterion_group, criterion_main, Criterion};
use lashon_protect::lexicon::{self, drugs, Lexicons};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("lexicon");
    group.sample_size(10);
    group.bench_function("build_builtin", |b| {
        b.iter(|| {
            Lexicons::new(
                drugs::builtin_names(),
                drugs::builtin_stems(),
                lexicon::parse_abbreviations(lexicon::CLINICAL_ABBREVIATIONS_TSV),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
