//! News commands of the `lashon` binary: `lashon ingest FILE` and `lashon sources import
//! FILE.toml` (DESIGN.md, "Fixed interfaces").

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::cli::DbArg;
use crate::news_ingest::cluster::{rebuild, Online};
use crate::news_ingest::{import_registry, ingest_lines};
use crate::store::Store;

type CmdResult = Result<(), Box<dyn std::error::Error>>;

#[derive(Debug, Args)]
pub struct IngestArgs {
    /// JSON lines, one article per line (`source`, `url`, `headline`, `publishedAt`, ...).
    pub file: PathBuf,
    /// Store the articles without clustering them.
    #[arg(long)]
    pub no_cluster: bool,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(Debug, Subcommand)]
pub enum SourcesCommand {
    /// Import a newsroom registry (`[[newsroom]]` tables).
    Import {
        file: PathBuf,
        #[command(flatten)]
        db: DbArg,
    },
}

/// `lashon ingest FILE`: bad lines are reported with their number and skipped.
pub fn ingest(args: IngestArgs) -> CmdResult {
    let store = Store::open(&args.db.db)?;
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let report = ingest_lines(&store, &text, chrono::Duration::zero())?;
    for (line, why) in &report.skipped {
        eprintln!("{}:{line}: skipped: {why}", args.file.display());
    }
    println!(
        "ingested {} new, {} updated, {} skipped",
        report.new,
        report.updated,
        report.skipped.len()
    );
    if !args.no_cluster {
        let people = store.news_people()?;
        rebuild(&store, &Online::default(), &people, chrono::Utc::now())?;
    }
    Ok(())
}

/// `lashon sources import FILE.toml`.
pub fn sources(cmd: SourcesCommand) -> CmdResult {
    match cmd {
        SourcesCommand::Import { file, db } => {
            let store = Store::open(&db.db)?;
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let n = import_registry(&store, &text)?;
            println!("imported {n} newsrooms");
        }
    }
    Ok(())
}
