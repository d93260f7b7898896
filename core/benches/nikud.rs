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

//!
//! Issue 23 notes (each row one run of this bench, TensorFlow 2.15.1 CPU with 2 threads in the
//! same run, 138 lines, 12,760 chars; its best batched way was always length-sorted batches of
//! 32). Since 2026-11-25 a single line's steps are shared by both cores (`step_sharing`: the
//! caller and a partner thread each run half of the recurrent kernel, which then stays in
//! their L2); before, the two directions of each layer ran side by side.
//!
//! | machine, load | lashon per line | TF per line | ratio | lashon batched | TF batched | ratio |
//! |---|---|---|---|---|---|---|
//! | 2-core Xeon VM, idle, load 0.3 before (2026-11-25, steps shared) | 9,776 c/s | 791 c/s | 12.4× | 16,331 c/s | 10,165 c/s | 1.61× |
//! | same, other builds paused (2026-11-25, steps shared) | 9,584 c/s | 806 c/s | 11.9× | 15,806 c/s | 9,655 c/s | 1.64× |
//! | same, before (directions side by side), builds niced below | 4,705 c/s | 760 c/s | 6.2× | 11,942 c/s | 4,921 c/s | 2.43× |
//! | 2-core EPYC VM, load 1.4–1.5 (2026-11-24, directions side by side) | 12,228 c/s | 1,306 c/s | 9.4× | 20,061 c/s | 13,079 c/s | 1.53× |
//! | same, load 1.8–3.2 | 4,985 c/s | 735 c/s | 6.8× | 8,120 c/s | 5,805 c/s | 1.40× |
//!
//! The wall-clock ratios move with the load because the two sides run minutes apart (TF's
//! batched figure alone ranged 4,921–9,655 c/s on the Xeon within the hour); the CPU-second
//! ratios much less (Xeon run above: per line 8.4×, batched 1.65×). On one thread lashon does
//! about 4,500–5,900 chars per CPU second per line and 8,600–9,900 batched.
//!
//! Per line. A single sequence has no batch, so each step of a direction is a matrix–vector
//! product streaming its recurrent kernel (2.56 MB, more than a core's L2). Shared by two
//! threads, each half (1.3 MB) stays in the L2 of the core that reads it: 2.1× one thread on
//! the Xeon (directions side by side gave about 1.8× on the EPYC). The partner *claims* a
//! half before running it and the caller runs any half nobody claimed, so a busy second core
//! costs the parallelism but never stalls the caller (a barrier per step did: about 1,900
//! chars/s whenever the other core was busy, measured on the EPYC). Reading a long text as
//! context-padded sentences to batch them was measured too (see
//! `lashon_core::hebrew::api::nikud`): about 1.1×, and identity only by measurement, so not
//! kept.

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

/// CPU seconds this process has used (user + system, all threads), from `/proc/self/stat`
/// (Linux; `None` elsewhere). In 1/100 s: enough for passes of seconds.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// Best of three timed passes: characters per wall-clock second, and per CPU second of that
/// pass (the machine is shared: the best pass is the one least disturbed, and CPU seconds
/// leave out the time other processes held the cores).
fn chars_per_sec(chars: usize, mut pass: impl FnMut()) -> (f64, f64) {
    let mut best = (f64::INFINITY, f64::NAN);
    for _ in 0..3 {
        let (start, cpu) = (Instant::now(), cpu_seconds());
        pass();
        let wall = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds().zip(cpu).map_or(f64::NAN, |(b, a)| b - a);
        if wall < best.0 {
            best = (wall, cpu);
        }
    }
    (chars as f64 / best.0, chars as f64 / best.1)
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
    // Run as a test (`cargo test --benches`: no `--bench`), every step runs once on two
    // texts, untimed figures aside: a debug build ran the whole sample for minutes.
    let timing = {
        let args: Vec<String> = std::env::args().collect();
        args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test")
    };
    let mut texts = texts();
    if !timing {
        texts.truncate(2);
    }
    let lines = lines(&texts);
    let line_chars: usize = lines.iter().map(|l| l.chars().count()).sum();
    let text_chars: usize = texts.iter().map(|t| t.chars().count()).sum();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());

    let tf = if timing { tensorflow() } else { None };
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
        eprintln!(
            "lashon, {label}: per line {:.0} chars/s ({:.0} per CPU second), batched {:.0} \
             chars/s ({:.0} per CPU second)",
            per_line.0, per_line.1, batched.0, batched.1
        );
        figures.push((label, per_line, batched));
    }
    let per_text = chars_per_sec(text_chars, || {
        for t in &texts {
            std::hint::black_box(pool.vocalize(t));
        }
    });
    eprintln!(
        "lashon, default threads: per text {:.0} chars/s",
        per_text.0
    );

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
            "ratio lashon / TensorFlow, same lines, same run: per line {:.1}x, batched {:.2}x \
             (per CPU second: {:.1}x, {:.2}x)",
            line.0 / tf_line,
            batch.0 / tf_batch,
            line.1 / get("per_line_cpu_chars_per_sec"),
            batch.1 / get("batched_cpu_chars_per_sec"),
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
