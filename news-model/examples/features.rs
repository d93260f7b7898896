//! The clusterer's features of each labelled article, one JSON line each, for studying
//! them outside the crate (`scripts/clustering-pairs` reads these).
//!
//!     cargo run -p lashon-news --release --example features -- FILE.jsonl [--set NAME=VALUE]...
//!
//! FILE.jsonl is a gold file of the evaluation tool (`examples/evaluate.rs`). Each output line
//! has the article's `id`, `source`, `t` (Unix seconds), `story` and `headline`, and `f`: its
//! features as `[kind, value, weight]`, weighed by the background lists and the weights
//! (`--set weights.NAME=VALUE`), before the stream's document frequencies, which the
//! clusterer applies as it goes.

use std::io::Write;
use std::process::ExitCode;

use lashon_news::cluster::eval::read_gold;
use lashon_news::cluster::features::extract_with;
use lashon_news::cluster::{Lexicons, Params};

fn main() -> ExitCode {
    let mut file = None;
    let mut params = Params::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let step = match arg.as_str() {
            "--set" => match args.next().as_deref().map(|v| v.split_once('=')) {
                Some(Some((name, x))) => params.set(name, x),
                _ => Err("--set needs NAME=VALUE".to_string()),
            },
            _ if file.is_none() && !arg.starts_with("--") => {
                file = Some(arg.clone());
                Ok(())
            }
            _ => Err(format!("unexpected argument {arg}")),
        };
        if let Err(e) = step {
            eprintln!("features: {e}");
            return ExitCode::from(2);
        }
    }
    let Some(file) = file else {
        eprintln!("usage: features FILE.jsonl [--set NAME=VALUE]...");
        return ExitCode::from(2);
    };
    let gold = match std::fs::read_to_string(&file)
        .map_err(|e| format!("{file}: {e}"))
        .and_then(|text| read_gold(&text).map_err(|e| format!("{file}: {e}")))
    {
        Ok(g) => g,
        Err(e) => {
            eprintln!("features: {e}");
            return ExitCode::FAILURE;
        }
    };
    let lexicons = Lexicons::builtin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for a in gold {
        let features: Vec<serde_json::Value> =
            extract_with(&a.headline, &a.summary, &lexicons, &params.weights)
                .into_iter()
                .map(|(f, w)| serde_json::json!([f.kind, f.value, w]))
                .collect();
        let line = serde_json::json!({
            "id": a.id,
            "source": a.source,
            "t": a.published_at.timestamp(),
            "story": a.story,
            "headline": a.headline,
            "f": features,
        });
        if writeln!(out, "{line}").is_err() {
            // The reader went away (a pipe closed): nothing more to say.
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}
