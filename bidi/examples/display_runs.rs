//! Prints the display runs and the HTML wrap of each line of standard input.
//!
//! `echo 'המחיר ₪1,200.50' | cargo run -p lashon-bidi --example display_runs`

use std::io::BufRead;

use lashon_bidi::{analyze, wrap, Format};
use lashon_vocab::BaseDir;

fn main() {
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let a = analyze(&line, BaseDir::Auto);
        println!("{line}");
        for run in &a.display_runs {
            println!(
                "  {:>3} {} {} {:?}",
                run.dir, run.script, run.lang, run.text
            );
        }
        println!(
            "  html: {}",
            wrap(&line, Format::Html, BaseDir::Auto).output
        );
    }
}
