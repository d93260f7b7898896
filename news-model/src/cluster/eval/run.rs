//! Gold articles through a clusterer as a service would put them: one clusterer, the whole
//! stream in publication order (ties in the order given), the clock moved before each
//! article, late merges followed to the surviving cluster.

use std::collections::HashMap;

use chrono::{Duration, Utc};

use super::gold::GoldArticle;
use crate::cluster::{Clusterer, Simultaneous};

/// The final cluster of each article (in the order of `articles`). Articles published at
/// one instant are placed those that join an open cluster first
/// ([`Clusterer::add_simultaneous`]), as the service places them.
pub fn cluster_stream(articles: &[GoldArticle], clusterer: &mut Clusterer<'_>) -> Vec<i64> {
    let mut order: Vec<usize> = (0..articles.len()).collect();
    order.sort_by_key(|&i| (articles[i].published_at, i));
    let mut label: Vec<i64> = vec![0; articles.len()];
    // Merged cluster → the cluster it went into.
    let mut into: HashMap<i64, i64> = HashMap::new();
    // Ids in publication order, ties in the order given, as a store numbers them.
    let stream: Vec<Simultaneous> = order
        .iter()
        .enumerate()
        .map(|(n, &i)| {
            let a = &articles[i];
            let at = a.published_at.with_timezone(&Utc);
            Simultaneous::read(clusterer, n as i64, at, &a.source, &a.headline, &a.summary)
        })
        .collect();
    for (n, got) in clusterer.add_simultaneous(stream) {
        for m in got.merged {
            into.insert(m, got.cluster);
        }
        label[order[n]] = got.cluster;
    }
    let resolve = |mut c: i64| {
        let mut steps = 0;
        while let Some(next) = into.get(&c) {
            if *next == c || steps > into.len() {
                break;
            }
            c = *next;
            steps += 1;
        }
        c
    };
    label.into_iter().map(resolve).collect()
}

/// The articles split where publication times are more than `gap` apart: the separate
/// windows of a labelled set (scored apart, as no story spans two). Each window's article
/// indices in publication order.
pub fn windows(articles: &[GoldArticle], gap: Duration) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..articles.len()).collect();
    order.sort_by_key(|&i| (articles[i].published_at, i));
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut last = None;
    for i in order {
        let at = articles[i].published_at;
        match (out.last_mut(), last) {
            (Some(w), Some(prev)) if at - prev <= gap => w.push(i),
            _ => out.push(vec![i]),
        }
        last = Some(at);
    }
    out
}

/// Headlines written for a test, `(minutes after t0, outlet, headline)`, clustered by a
/// new clusterer with `params` and the built-in lexicons: each headline's final cluster.
#[cfg(test)]
pub(crate) fn cluster_written(
    params: crate::cluster::Params,
    t0: chrono::DateTime<Utc>,
    items: &[(i64, &str, &str)],
) -> Vec<i64> {
    let articles: Vec<GoldArticle> = items
        .iter()
        .enumerate()
        .map(|(i, (minutes, outlet, headline))| GoldArticle {
            id: i.to_string(),
            source: outlet.to_string(),
            published_at: (t0 + Duration::minutes(*minutes)).fixed_offset(),
            headline: headline.to_string(),
            summary: String::new(),
            language: None,
            story: None,
        })
        .collect();
    let concepts = crate::cluster::Concepts::builtin();
    cluster_stream(
        &articles,
        &mut crate::cluster::Clusterer::new(concepts, params),
    )
}
