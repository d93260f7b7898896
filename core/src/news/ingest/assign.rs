//! Which story each new article is in: the online clusterer of `lashon_news::cluster`,
//! restored from the checkpoint the last run saved, fed the pending articles in publication
//! order, and saved again. When there is no usable checkpoint, or an article arrives that is
//! older than the clusterer's window (a backfill it could no longer place), every article is
//! clustered again from the start, one row at a time.

use std::collections::{BTreeSet, HashMap};

use crate::news::RepoError;
use chrono::Duration;
use lashon_news::cluster::features::{sketch_from, Feature};
use lashon_news::cluster::snapshot::FORMAT;
use lashon_news::cluster::{Clusterer, Concepts, Params, Simultaneous, Snapshot};
use lashon_news::people::PeopleMatcher;

use crate::news::write::NewsWrite;
use crate::news::write::PendingArticle;

/// What an assignment pass changed.
#[derive(Debug, Default)]
pub struct Assigned {
    /// Everything was clustered again (stories were cleared first).
    pub full: bool,
    /// Articles clustered or re-read.
    pub articles: usize,
    /// Stories with a new or changed article (merged stories excluded).
    pub touched: BTreeSet<i64>,
    /// Threads that held a story merged away (to be recounted).
    pub orphaned_threads: BTreeSet<i64>,
    /// The sketches of articles clustered in this pass (at most [`SKETCHES`]), read from the
    /// features the clusterer read: the stories step sums them without reading the text
    /// again.
    pub sketches: HashMap<i64, Vec<(Feature, f32)>>,
}

/// Sketches kept per pass: a crawl's articles, not a rebuild's (memory stays bounded; the
/// stories step reads the others from their text).
pub const SKETCHES: usize = 8_192;

/// The checkpoint's version: a checkpoint of other parameters or another build of the
/// clusterer is not restored (the lexicons may differ).
fn checkpoint_version(params: &Params) -> String {
    format!(
        "lashon {} snapshot {FORMAT} {params:?}",
        env!("CARGO_PKG_VERSION")
    )
}

/// Articles of one instant held before they are placed: a bulk import stamped with one
/// instant is placed a thousand at a time, so memory stays bounded.
const INSTANT_MAX: usize = 1_024;

/// Places the articles of one instant ([`Clusterer::add_simultaneous`]), recording each
/// article's cluster in `labels` and each merged cluster's survivor in `into`.
fn place(
    clusterer: &mut Clusterer<'_>,
    instant: Vec<Simultaneous>,
    labels: &mut Vec<(i64, i64)>,
    into: &mut HashMap<i64, i64>,
) {
    let ids: Vec<i64> = instant.iter().map(|a| a.id).collect();
    for (k, got) in clusterer.add_simultaneous(instant) {
        for m in got.merged {
            into.insert(m, got.cluster);
        }
        labels.push((ids[k], got.cluster));
    }
}

/// Clusters the pending articles (all articles when `full` or when needed), records their
/// stories and the mentions of registry people in them, applies late merges and saves the
/// checkpoint (saved as of `now`).
pub fn assign(
    w: &dyn NewsWrite,
    params: Params,
    matcher: &PeopleMatcher,
    full: bool,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Assigned, RepoError> {
    let version = checkpoint_version(&params);
    let restored = match (full, w.checkpoint(&version)?) {
        (false, Some(json)) => serde_json::from_str::<Snapshot>(&json)
            .ok()
            .and_then(|s| Clusterer::restore(Concepts::builtin(), params, s).ok()),
        _ => None,
    };
    let window = Duration::seconds((f64::from(params.window_hours) * 3600.0) as i64);
    let restored = match (restored, w.earliest_unclustered()?) {
        // A backfill older than the window: the clusters it belongs to are closed.
        (Some(c), Some(earliest)) if c.clock().is_some_and(|clock| earliest < clock - window) => {
            None
        }
        (c, _) => c,
    };
    let full = restored.is_none();
    let mut clusterer = restored.unwrap_or_else(|| Clusterer::new(Concepts::builtin(), params));
    if full {
        w.clear_stories()?;
        w.clear_mentions()?;
    }

    let mut out = Assigned {
        full,
        ..Assigned::default()
    };
    let mut labels: Vec<(i64, i64)> = Vec::new();
    // Merged clusters point to their survivor.
    let mut into: HashMap<i64, i64> = HashMap::new();
    // The articles of the instant being read, not yet placed.
    let mut instant: Vec<Simultaneous> = Vec::new();
    w.each_article_to_cluster(full, &mut |p: PendingArticle| {
        let a = &p.article;
        out.articles += 1;
        let text = format!(
            "{} {}",
            a.input.headline,
            a.input.summary.as_deref().unwrap_or("")
        );
        let found: Vec<i64> = matcher.find(&text).into_iter().collect();
        w.set_article_mentions(a.id, a.input.published_at, &found)?;
        if let Some(story) = p.story_id {
            // Clustered before and changed since: it stays in its story, which is rewritten.
            out.touched.insert(story);
            return Ok(());
        }
        // With its newsroom, so an outlet's edited or repeated headline joins its own
        // earlier article.
        let article = Simultaneous::read(
            &clusterer,
            a.id,
            a.input.published_at,
            &a.input.source,
            &a.input.headline,
            a.input.summary.as_deref().unwrap_or(""),
        );
        if out.sketches.len() < SKETCHES {
            if let Some(sketch) = sketch_from(&article.features, &a.input.headline, &params.weights)
            {
                out.sketches.insert(a.id, sketch);
            }
        }
        // The articles of one instant are placed together, those that join a story first
        // (`lashon_news::cluster::simultaneous`).
        if instant.len() >= INSTANT_MAX || instant.first().is_some_and(|b| b.at != article.at) {
            place(
                &mut clusterer,
                std::mem::take(&mut instant),
                &mut labels,
                &mut into,
            );
        }
        instant.push(article);
        Ok(())
    })?;
    place(&mut clusterer, instant, &mut labels, &mut into);

    let resolve = |mut l: i64| {
        let mut steps = 0;
        while let Some(next) = into.get(&l) {
            if *next == l || steps > into.len() {
                break;
            }
            l = *next;
            steps += 1;
        }
        l
    };
    let merged: BTreeSet<i64> = into.keys().copied().collect();
    for from in merged {
        let to = resolve(from);
        if let Some(thread) = w.merge_story(from, to)? {
            out.orphaned_threads.insert(thread);
        }
        out.touched.remove(&from);
        out.touched.insert(to);
    }
    for (article, label) in labels {
        let story = resolve(label);
        w.assign(article, story)?;
        out.touched.insert(story);
    }
    let snapshot = serde_json::to_string(&clusterer.snapshot())
        .map_err(|e| RepoError::Internal(format!("clusterer snapshot: {e}")))?;
    w.set_checkpoint(&version, &snapshot, now)?;
    w.clear_pending()?;
    Ok(out)
}
