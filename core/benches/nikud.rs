//! Speed of the Nakdimon port, per line and batched (issue 23). Needs `LASHON_NIKUD_MODEL`;
//! without it the bench prints that it was skipped.
//!
//! Text: every 10th gold text of the Nakdimon test set (tests/new), stripped, cut into its
//! non-blank lines — the same lines `scripts/nikud_reference.py timing` gives TensorFlow.
//!
//! - per line: one `vocalize` call per line (default threads: the two directions of each
//!   layer side by side; and on one thread);
//! - batched: one `vocalize_many` call on all lines (default threads; and on one thread);
//! - per text: one `vocalize` call per whole text (as the issue-12 bench measured).
//!
//! With `LASHON_NIKUD_TF` set to a Python that has TensorFlow and the nakdimon package
//! (`scripts/nikud_reference.py` says how to make one), the bench first runs
//! `nikud_reference.py timing` with 2 threads and prints lashon / TensorFlow for the same
//! lines in the same run.
//!
//!     LASHON_NIKUD_MODEL="$(scripts/fetch-nikud-model)" \
//!     LASHON_NIKUD_TF=~/.cache/lashon/tf-venv/bin/python \
//!     cargo bench -p lashon-core --bench nikud

use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lashon_core::hebrew::nikud::{Nakdimon, Threads};
use lashon_core::hebrew::strip_points;

fn shared_data() -> PathBuf {
    std::env::var_os("LASHON_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data")))
}

fn texts() -> Vec<String> {
    let root = shared_data().join("nakdimon-diacritization-tests/tests/new/expected");
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

/// Non-blank lines, as `nikud_reference.py` cuts them (`split("\n")`, keep if `strip()`).
fn lines(texts: &[String]) -> Vec<String> {
    texts
        .iter()
        .flat_map(|t| t.split('\n'))
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// Best of three timed passes, in characters per second (the machine is shared: the best
/// pass is the one least disturbed).
fn chars_per_sec(chars: usize, mut pass: impl FnMut()) -> f64 {
    let best = (0..3)
        .map(|_| {
            let start = Instant::now();
            pass();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min);
    chars as f64 / best
}

/// TensorFlow's figures for the same lines (`nikud_reference.py timing --json`), when
/// `LASHON_NIKUD_TF` names its Python.
fn tensorflow() -> Option<serde_json::Value> {
    let python = std::env::var_os("LASHON_NIKUD_TF")?;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/nikud_reference.py");
    eprintln!("running TensorFlow (nikud_reference.py timing --threads 2 --json)…");
    let out = std::process::Command::new(python)
        .args([script, "timing", "--threads", "2", "--json", "--data"])
        .arg(shared_data())
        .output()
        .expect("run nikud_reference.py");
    if !out.status.success() {
        eprintln!(
            "TensorFlow timing failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return None;
    }
    // Its own report (wall and CPU seconds of each way of running it).
    for line in String::from_utf8_lossy(&out.stderr).lines() {
        if line.starts_with("TensorFlow") {
            eprintln!("  {line}");
        }
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last()?;
    serde_json::from_str(last).ok()
}

fn bench(c: &mut Criterion) {
    let Some(path) = std::env::var_os("LASHON_NIKUD_MODEL") else {
        eprintln!("nikud bench SKIPPED: set LASHON_NIKUD_MODEL=\"$(scripts/fetch-nikud-model)\"");
        return;
    };
    let pool = Nakdimon::from_path(&path).expect("load model");
    let one = Nakdimon::from_path(&path)
        .expect("load model")
        .with_threads(Threads::One);
    let texts = texts();
    let lines = lines(&texts);
    let line_chars: usize = lines.iter().map(|l| l.chars().count()).sum();
    let text_chars: usize = texts.iter().map(|t| t.chars().count()).sum();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());

    let tf = tensorflow();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    eprintln!(
        "nikud: {} texts, {text_chars} chars; {} lines, {line_chars} chars; {cores} cores; \
         load average {}",
        texts.len(),
        lines.len(),
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut figures = Vec::new();
    for (label, model) in [("default threads", &pool), ("1 thread", &one)] {
        let per_line = chars_per_sec(line_chars, || {
            for l in &lines {
                std::hint::black_box(model.vocalize(l));
            }
        });
        let batched = chars_per_sec(line_chars, || {
            std::hint::black_box(model.vocalize_many(&lines));
        });
        eprintln!("lashon, {label}: per line {per_line:.0} chars/s, batched {batched:.0} chars/s");
        figures.push((label, per_line, batched));
    }
    let per_text = chars_per_sec(text_chars, || {
        for t in &texts {
            std::hint::black_box(pool.vocalize(t));
        }
    });
    eprintln!("lashon, default threads: per text {per_text:.0} chars/s");

    if let Some(tf) = tf {
        let get = |key: &str| tf[key].as_f64().unwrap_or(f64::NAN);
        let (tf_line, tf_batch) = (get("per_line_chars_per_sec"), get("batched_chars_per_sec"));
        eprintln!(
            "TensorFlow {} ({} threads): per line (exact length) {tf_line:.0} chars/s, \
             batched predict() {tf_batch:.0} chars/s ({})",
            tf["tensorflow"].as_str().unwrap_or("?"),
            tf["threads"],
            tf["batched_how"].as_str().unwrap_or("?"),
        );
        let (_, line, batch) = figures[0];
        eprintln!(
            "ratio lashon / TensorFlow, same lines, same run: per line {:.1}x, batched {:.2}x",
            line / tf_line,
            batch / tf_batch
        );
    }

    let mut group = c.benchmark_group("nikud");
    group.sample_size(10);
    group.throughput(Throughput::Elements(line_chars as u64));
    group.bench_function("per_line", |b| {
        b.iter(|| {
            for l in &lines {
                std::hint::black_box(pool.vocalize(l));
            }
        })
    });
    group.bench_function("batched", |b| {
        b.iter(|| std::hint::black_box(pool.vocalize_many(&lines)))
    });
    group.bench_function("batched_one_thread", |b| {
        b.iter(|| std::hint::black_box(one.vocalize_many(&lines)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
