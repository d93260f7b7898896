//! Story clustering scored against gold labels: B-cubed and pairwise precision, recall and
//! F1 per window and overall, what the features allow (an oracle joining one story's
//! headlines that share features), then the worst merges and splits.
//!
//!     cargo run -p lashon-news --release --example evaluate -- FILE.jsonl [--worst N] [--set NAME=VALUE]... [--assignments OUT.tsv] [--orders N]
//!
//! FILE.jsonl has one labelled article a line (`id`, `source`, `publishedAt`, `headline`,
//! optional `summary` and `language`, `story`), for example
//! `../shared/data/clustering-dev/articles.jsonl`. `--set` changes a clustering parameter
//! (`lashon_news::cluster::Params`) for the run; `--assignments` writes each article's `id` and
//! final cluster (tab separated), for studies outside the crate. `--orders N` also scores N
//! orders in which simultaneous articles change places and prints the mean and range
//! (`lashon_news::cluster::eval::tie_order_spread`): a figure of one order is one draw.

use std::process::ExitCode;

use lashon_news::cluster::eval::{
    bcubed, cluster_stream, evaluate, feature_ceiling, naive_baseline, read_gold, tie_order_spread,
    NAIVE_THRESHOLD, NAIVE_WINDOW_HOURS,
};
use lashon_news::cluster::{Clusterer, Concepts, Lexicons, Params};

fn main() -> ExitCode {
    let mut file = None;
    let mut worst = 8usize;
    let mut orders = 0usize;
    let mut assignments: Option<String> = None;
    let mut params = Params::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = |args: &mut dyn Iterator<Item = String>| {
            args.next().ok_or_else(|| format!("{arg} needs a value"))
        };
        let step = match arg.as_str() {
            "--worst" => value(&mut args).and_then(|v| {
                v.parse()
                    .map(|n| worst = n)
                    .map_err(|e| format!("--worst {v}: {e}"))
            }),
            "--orders" => value(&mut args).and_then(|v| {
                v.parse()
                    .map(|n| orders = n)
                    .map_err(|e| format!("--orders {v}: {e}"))
            }),
            "--assignments" => value(&mut args).map(|v| assignments = Some(v)),
            "--set" => value(&mut args).and_then(|v| match v.split_once('=') {
                Some((name, x)) => params.set(name, x),
                None => Err(format!("--set {v}: expected NAME=VALUE")),
            }),
            _ if file.is_none() && !arg.starts_with("--") => {
                file = Some(arg.clone());
                Ok(())
            }
            _ => Err(format!("unexpected argument {arg}")),
        };
        if let Err(e) = step {
            eprintln!("evaluate: {e}");
            return ExitCode::from(2);
        }
    }
    let Some(file) = file else {
        eprintln!("usage: evaluate FILE.jsonl [--worst N] [--set NAME=VALUE]... [--assignments OUT.tsv] [--orders N]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("evaluate: {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let gold = match read_gold(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("evaluate: {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut clusterer = Clusterer::new(Concepts::builtin(), params);
    let predicted = cluster_stream(&gold, &mut clusterer);
    if let Some(path) = &assignments {
        let lines: String = gold
            .iter()
            .zip(&predicted)
            .map(|(a, c)| format!("{}\t{c}\n", a.id))
            .collect();
        if let Err(e) = std::fs::write(path, lines) {
            eprintln!("evaluate: {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    let e = evaluate(&gold, &predicted);
    println!("{file}: {params:?}");
    print!("{}", e.summary());
    if orders > 0 {
        let spread = tie_order_spread(&gold, orders, |articles| {
            cluster_stream(articles, &mut Clusterer::new(Concepts::builtin(), params))
        });
        print!("{}", spread.summary());
    }
    // What the features allow: same-story headlines joined when they share one feature, or
    // two (see `feature_ceiling`).
    let lex = Lexicons::builtin();
    for n in [1, 2] {
        let s = feature_ceiling(&gold, &lex, &params.weights, n);
        println!(
            "oracle joining one story's headlines sharing {n}+ features: B-cubed P {:.3} R {:.3} F1 {:.3}",
            s.precision, s.recall, s.f1
        );
    }
    // The naive baseline on the same articles (see `naive_baseline`).
    let labelled: Vec<usize> = (0..gold.len())
        .filter(|&i| gold[i].story.is_some())
        .collect();
    let naive = naive_baseline(&gold);
    let s = bcubed(
        &labelled
            .iter()
            .map(|&i| gold[i].story.as_deref())
            .collect::<Vec<_>>(),
        &labelled.iter().map(|&i| naive[i]).collect::<Vec<_>>(),
    );
    println!(
        "naive baseline (online TF-IDF centroid, prefix letters stripped, {NAIVE_WINDOW_HOURS} h, cosine >= {NAIVE_THRESHOLD}): B-cubed P {:.3} R {:.3} F1 {:.3}",
        s.precision, s.recall, s.f1
    );
    print!("{}", e.mistakes(worst, 6));
    ExitCode::SUCCESS
}
