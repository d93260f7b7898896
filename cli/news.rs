//! News commands of the `lashon` binary: `lashon ingest FILE`, `lashon sources import
//! FILE.toml` and `lashon crawl` (DESIGN.md, "Fixed interfaces"), and the crawl-and-cluster
//! pass `serve` runs on a schedule. The work is `lashon_core::news::ingest`'s and
//! `lashon_crawler`'s.

use lashon_core::news::ingest::refresh::refresh;
use lashon_core::news::ingest::{import_registry, ingest_lines_with_progress, people};
use lashon_core::news::NewsStore;
use lashon_crawler::{CrawlOptions, CrawlReport, Fetcher, Stored};

use crate::args::{CrawlArgs, IngestArgs, SourcesCommand};
use crate::database::open;

type CmdResult = Result<(), Box<dyn std::error::Error>>;

/// A progress bar on standard error (drawn only on a terminal).
fn progress_bar(total: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} ({eta})")
    {
        bar.set_style(style);
    }
    bar.set_message(what.to_string());
    bar
}

/// True when a file holds XML (an RSS or Atom feed) rather than JSON lines.
fn is_xml(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    text.iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|b| *b == b'<')
}

/// Loads the clusterer's lexicons (background word lists, concepts, people, desks) on
/// another thread while this one stores or fetches the articles: each `lashon ingest` or
/// `lashon crawl --once` is a process of its own, and the load is a tenth of a crawl's
/// time. The clustering step waits for the load if it gets there first (the lexicons are
/// lazily initialised statics).
fn warm_lexicons(no_cluster: bool) {
    if !no_cluster {
        std::thread::spawn(|| {
            let _ = lashon_news::cluster::Lexicons::builtin();
        });
    }
}

/// `lashon ingest FILE`: bad lines are reported with their number and skipped.
pub fn ingest(args: IngestArgs) -> CmdResult {
    warm_lexicons(args.no_cluster);
    let store = open(&args.db.db)?;
    let bytes = std::fs::read(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    if is_xml(&bytes) {
        let Some(source) = &args.source else {
            return Err(format!(
                "{} is an RSS or Atom feed: say whose with --source KEY",
                args.file.display()
            )
            .into());
        };
        let feed = lashon_crawler::parse::parse(&bytes, None, None)?;
        let now = chrono::Utc::now();
        let bar = progress_bar(feed.items.len() as u64, "ingest");
        let (mut new, mut updated) = (0, 0);
        for item in &feed.items {
            match lashon_crawler::store_item(&store, source, item, now)? {
                Stored::New => new += 1,
                Stored::Updated => updated += 1,
                Stored::Unchanged => {}
                Stored::Refused(why) => {
                    eprintln!(
                        "{}: item {:?} skipped: {why}",
                        args.file.display(),
                        item.url
                    )
                }
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        println!(
            "ingested {new} new, {updated} updated, {} skipped",
            feed.skipped
        );
    } else {
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{} is not UTF-8 JSON lines", args.file.display()))?;
        let bar = progress_bar(text.lines().count() as u64, "ingest");
        let report =
            ingest_lines_with_progress(&store, &text, chrono::Duration::zero(), &mut |n| {
                bar.set_position(n as u64)
            })?;
        bar.finish_and_clear();
        for (line, why) in &report.skipped {
            eprintln!("{}:{line}: skipped: {why}", args.file.display());
        }
        println!(
            "ingested {} new, {} updated, {} skipped",
            report.new,
            report.updated,
            report.skipped.len()
        );
    }
    if !args.no_cluster {
        let people = people::registry(&store)?;
        let r = refresh(&store, &people, chrono::Utc::now())?;
        println!(
            "clustering{}: articles {}, stories written {}, states computed {}",
            if r.full { " (all, from the start)" } else { "" },
            r.articles,
            r.stories,
            r.states
        );
    }
    Ok(())
}

/// `lashon sources import FILE.toml`.
pub fn sources(cmd: SourcesCommand) -> CmdResult {
    match cmd {
        SourcesCommand::Import { file, db } => {
            let store = open(&db.db)?;
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let n = import_registry(&store, &text)?;
            println!("imported {n} newsrooms");
        }
    }
    Ok(())
}

/// One crawl, then clustering (stories, states and metrics as of now) when any newsroom has
/// feeds.
pub async fn crawl_and_cluster<S: NewsStore + Clone + 'static>(
    store: &S,
    fetcher: &Fetcher,
) -> Result<CrawlReport, Box<dyn std::error::Error>> {
    let report = lashon_crawler::crawl_once(store, fetcher).await?;
    if report.feeds == 0 {
        return Ok(report);
    }
    recluster(store).await?;
    Ok(report)
}

/// Stories, states, metrics, threads and the brief recomputed as of now (on a worker thread).
pub async fn recluster<S: NewsStore + Clone + 'static>(
    store: &S,
) -> Result<(), Box<dyn std::error::Error>> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || -> Result<(), lashon_core::news::RepoError> {
        let people = people::registry(&store)?;
        refresh(&store, &people, chrono::Utc::now())?;
        Ok(())
    })
    .await
    .map_err(|e| format!("clustering: {e}"))??;
    Ok(())
}

/// `lashon crawl [--once]`.
pub fn crawl(args: CrawlArgs) -> CmdResult {
    warm_lexicons(false);
    let store = open(&args.db.db)?;
    let fetcher = Fetcher::new(CrawlOptions {
        timeout: std::time::Duration::from_secs(args.timeout.max(1)),
        ..CrawlOptions::default()
    })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        // Installed once, before the first crawl: a SIGTERM during a crawl ends the loop
        // after that crawl (a handler made at each sleep would miss it).
        let shutdown = lashon_http::server::shutdown_signal();
        tokio::pin!(shutdown);
        loop {
            let r = crawl_and_cluster(&store, &fetcher).await?;
            println!(
                "crawled {} newsrooms, {} feeds ({} not modified): {} items, {} new, {} updated, {} errors",
                r.newsrooms, r.feeds, r.not_modified, r.discovered, r.new_articles, r.updated_articles, r.errors
            );
            if args.once {
                return Ok(());
            }
            tokio::select! {
                _ = tokio::time::sleep(std::time::Duration::from_secs(args.every.max(1) * 60)) => {}
                _ = &mut shutdown => return Ok(()),
            }
        }
    })
}
