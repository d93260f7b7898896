//! Clustering parameters chosen with a hold-out: every combination of the values given is
//! run over a gold file; for each window in turn, the combination with the best B-cubed F1
//! at precision ≥ 0.95 on the *other* windows is chosen and its figures on the held-out
//! window printed. Then the best combination on all windows, with its figures per window.
//!
//!     cargo run -p lashon-news --release --example sweep -- FILE.jsonl \
//!         --grid threshold=0.2,0.25,0.3 --grid merge_threshold=0.4,0.5 [--set NAME=VALUE]...
//!
//! Windows are parts of the file more than three days apart (see
//! `lashon_news::cluster::eval::WINDOW_GAP_HOURS`). `--also FILE` runs each combination on
//! another gold file too (the crate's fixture, say) and keeps only the combinations with
//! precision ≥ 0.95 there.

use std::process::ExitCode;

use lashon_news::cluster::eval::{cluster_stream, evaluate, read_gold, Evaluation};
use lashon_news::cluster::{Clusterer, Concepts, Params};

/// The precision a choice must keep.
const MIN_PRECISION: f64 = 0.95;

/// Pooled B-cubed precision, recall and F1 over the windows `keep` says (B-cubed is a mean
/// over articles, and windows share none).
fn pooled(e: &Evaluation, keep: impl Fn(usize) -> bool) -> (f64, f64, f64) {
    let (mut n, mut p, mut r) = (0.0, 0.0, 0.0);
    for (_, w) in e.windows.iter().enumerate().filter(|(i, _)| keep(*i)) {
        let k = w.figures.articles as f64;
        n += k;
        p += k * w.figures.bcubed.precision;
        r += k * w.figures.bcubed.recall;
    }
    if n == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let (p, r) = (p / n, r / n);
    let f = if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    };
    (p, r, f)
}

/// A combination's label, parameters, evaluation, and evaluations of the `--also` files.
type Run = (String, Params, Evaluation, Vec<Evaluation>);

/// The run with the best F1 at precision ≥ [`MIN_PRECISION`] on the windows `keep` says
/// (and on every `--also` file).
fn choose(runs: &[Run], keep: impl Fn(usize) -> bool + Copy) -> Option<&Run> {
    runs.iter()
        .filter(|r| pooled(&r.2, keep).0 >= MIN_PRECISION)
        .filter(|r| {
            r.3.iter()
                .all(|e| e.overall.bcubed.precision >= MIN_PRECISION)
        })
        .max_by(|a, b| pooled(&a.2, keep).2.total_cmp(&pooled(&b.2, keep).2))
}

fn main() -> ExitCode {
    let mut file = None;
    let mut base = Params::default();
    let mut grid: Vec<(String, Vec<String>)> = Vec::new();
    let mut also: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let step = match arg.as_str() {
            "--also" => match args.next() {
                Some(f) => {
                    also.push(f);
                    Ok(())
                }
                None => Err("--also needs a file".to_string()),
            },
            "--set" | "--grid" => match args.next().as_deref().map(|v| (v.split_once('='), v)) {
                Some((Some((name, x)), _)) if arg == "--set" => base.set(name, x),
                Some((Some((name, xs)), _)) => {
                    grid.push((name.to_string(), xs.split(',').map(String::from).collect()));
                    Ok(())
                }
                Some((None, v)) => Err(format!("{arg} {v}: expected NAME=VALUE")),
                None => Err(format!("{arg} needs a value")),
            },
            a if file.is_none() && !a.starts_with("--") => {
                file = Some(a.to_string());
                Ok(())
            }
            a => Err(format!("unexpected argument {a}")),
        };
        if let Err(e) = step {
            eprintln!("sweep: {e}");
            return ExitCode::from(2);
        }
    }
    let Some(file) = file else {
        eprintln!("usage: sweep FILE.jsonl --grid NAME=V1,V2,... [--set NAME=VALUE]...");
        return ExitCode::from(2);
    };
    let read = |file: &str| {
        std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|t| read_gold(&t).map_err(|e| e.to_string()))
            .map_err(|e| format!("{file}: {e}"))
    };
    let (gold, others) = match read(&file).and_then(|g| {
        let others = also
            .iter()
            .map(|f| read(f))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((g, others))
    }) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sweep: {e}");
            return ExitCode::FAILURE;
        }
    };

    // Every combination of the grid's values.
    let mut combos: Vec<(String, Params)> = vec![(String::new(), base)];
    for (name, values) in &grid {
        let mut next = Vec::new();
        for (label, p) in &combos {
            for v in values {
                let mut q = *p;
                if let Err(e) = q.set(name, v) {
                    eprintln!("sweep: {e}");
                    return ExitCode::from(2);
                }
                next.push((format!("{label} {name}={v}"), q));
            }
        }
        combos = next;
    }
    let score = |gold: &[lashon_news::cluster::eval::GoldArticle], p: Params| {
        let mut c = Clusterer::new(Concepts::builtin(), p);
        evaluate(gold, &cluster_stream(gold, &mut c))
    };
    let runs: Vec<Run> = combos
        .into_iter()
        .map(|(label, p)| {
            let e = score(&gold, p);
            let more = others.iter().map(|g| score(g, p)).collect();
            (label, p, e, more)
        })
        .collect();
    let Some(first) = runs.first() else {
        return ExitCode::FAILURE;
    };
    let windows = first.2.windows.len();
    println!("{} combinations, {windows} windows", runs.len());

    println!("\nheld out: chosen on the other windows (P >= {MIN_PRECISION}), figures on the held-out one");
    for h in 0..windows {
        let label = &first.2.windows[h].label;
        match choose(&runs, |i| i != h) {
            Some((name, _, e, _)) => {
                let (p, r, f) = pooled(e, |i| i != h);
                println!("{label:<24} {}", e.windows[h].figures);
                println!(
                    "{:<24} chosen:{name} (others P {p:.3} R {r:.3} F1 {f:.3})",
                    ""
                );
            }
            None => println!("{label:<24} no combination keeps P >= {MIN_PRECISION} on the others"),
        }
    }

    println!("\nbest on all windows:");
    match choose(&runs, |_| true) {
        Some((name, _, e, more)) => {
            println!("chosen:{name}");
            print!("{}", e.summary());
            for (f, m) in also.iter().zip(more) {
                println!("{f}: {}", m.overall);
            }
        }
        None => println!("no combination keeps P >= {MIN_PRECISION}"),
    }
    let mut ranked: Vec<&Run> = runs.iter().collect();
    ranked.sort_by(|a, b| {
        pooled(&b.2, |_| true)
            .2
            .total_cmp(&pooled(&a.2, |_| true).2)
    });
    println!("\nhighest F1 whatever the precision:");
    for (name, _, e, more) in ranked.iter().take(5) {
        let (p, r, f) = pooled(e, |_| true);
        let also: Vec<String> = more
            .iter()
            .map(|m| {
                format!(
                    "P {:.3} F1 {:.3}",
                    m.overall.bcubed.precision, m.overall.bcubed.f1
                )
            })
            .collect();
        println!(
            "  P {p:.3} R {r:.3} F1 {f:.3} {name} also [{}]",
            also.join("; ")
        );
    }
    ExitCode::SUCCESS
}
