//! Threads: stories of different days linked into one running story (spec, "Thread": `nodes`,
//! `days`, `arc`).
//!
//! A story is an event covered within a day ([`crate::cluster`]); its later chapters (the
//! fire, then the inquiry into the fire; the strike, then the deal that ends it) are stories
//! of their own. Two stories are linked when they begin on different Jerusalem calendar days
//! at most [`ThreadParams::max_gap_days`] apart, their feature vectors (the clustering
//! features of all their articles, TF-IDF over the stories compared) have a cosine of at least
//! [`ThreadParams::threshold`], and they share a name or number, or at least
//! [`ThreadParams::min_shared_concepts`] concepts. Links chain: a thread is a connected group
//! of two stories or more, its id the id of its first story.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Asia::Jerusalem;

use crate::cluster::features::{Feature, Kind};

/// A story as thread linking sees it.
#[derive(Debug, Clone)]
pub struct StorySketch {
    pub id: i64,
    pub first_at: DateTime<Utc>,
    pub features: HashMap<Feature, f32>,
}

/// Thresholds of linking.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThreadParams {
    pub threshold: f32,
    pub min_shared_concepts: usize,
    pub max_gap_days: i64,
}

impl Default for ThreadParams {
    fn default() -> ThreadParams {
        // Read against the follow-up notes of the labelled fixture: at 0.4 the links found are
        // later chapters (the fire → the inquiry, the strike → the deal, the case count → the
        // vaccination drive); lower thresholds chain stories that only share a minister's name.
        ThreadParams {
            threshold: 0.4,
            min_shared_concepts: 3,
            max_gap_days: 7,
        }
    }
}

/// Links `stories` into threads: each thread's story ids in the order they began, first
/// story first; stories linked to no other are in none.
pub fn link(stories: &[StorySketch], p: &ThreadParams) -> Vec<Vec<i64>> {
    let began: HashMap<i64, DateTime<Utc>> = stories.iter().map(|s| (s.id, s.first_at)).collect();
    let mut out: Vec<Vec<i64>> = chains(&links(stories, |_| true, p))
        .into_iter()
        .map(|g| {
            let mut g: Vec<i64> = g.into_iter().collect();
            g.sort_by_key(|id| (began.get(id).copied(), *id));
            g
        })
        .collect();
    out.sort();
    out
}

/// The connected groups of the ids that `links` join (union-find), each of two ids or more.
pub fn chains(links: &[(i64, i64)]) -> Vec<BTreeSet<i64>> {
    fn root(parent: &mut HashMap<i64, i64>, x: i64) -> i64 {
        let mut r = x;
        while let Some(&p) = parent.get(&r) {
            if p == r {
                break;
            }
            r = p;
        }
        parent.insert(x, r);
        r
    }
    let mut parent: HashMap<i64, i64> = HashMap::new();
    for &(a, b) in links {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        if ra != rb {
            parent.insert(ra.max(rb), ra.min(rb));
        }
    }
    let mut groups: BTreeMap<i64, BTreeSet<i64>> = BTreeMap::new();
    let ids: Vec<i64> = parent.keys().copied().collect();
    for id in ids {
        let r = root(&mut parent, id);
        groups.entry(r).or_default().insert(id);
    }
    groups.into_values().filter(|g| g.len() >= 2).collect()
}

/// A story's features as linking compares them: `(feature id, weight × idf)` by id.
type Weighted = Vec<(u32, f32)>;

/// Features numbered once for every linking that uses them: a service links the stories of
/// each changed day with the fifteen days around it, and numbering the same stories'
/// features again for each day (hashing their text) was most of the linking's time.
#[derive(Debug, Default, Clone)]
pub struct FeatureIds {
    ids: foldhash::HashMap<Feature, u32>,
    kinds: Vec<Kind>,
}

/// A story with its features numbered ([`FeatureIds::sketch`]), sorted by number.
#[derive(Debug, Clone)]
pub struct NumberedSketch {
    pub id: i64,
    pub first_at: DateTime<Utc>,
    pub features: Vec<(u32, f32)>,
}

impl FeatureIds {
    /// `story` with its features numbered.
    pub fn sketch(&mut self, story: &StorySketch) -> NumberedSketch {
        let mut features: Vec<(u32, f32)> = story
            .features
            .iter()
            .map(|(f, w)| {
                let next = self.kinds.len() as u32;
                let id = *self.ids.entry(f.clone()).or_insert_with(|| next);
                if id == next {
                    self.kinds.push(f.kind);
                }
                (id, *w)
            })
            .collect();
        features.sort_unstable_by_key(|x| x.0);
        NumberedSketch {
            id: story.id,
            first_at: story.first_at,
            features,
        }
    }

    /// Features numbered.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// Forgets every feature none of `kept` has and numbers the others again (in `kept`
    /// too): a service walking every day of a long store keeps only the days around the
    /// current one, and their features.
    pub fn retain<'s>(&mut self, kept: impl IntoIterator<Item = &'s mut NumberedSketch>) {
        let kept: Vec<&mut NumberedSketch> = kept.into_iter().collect();
        let mut new_id: Vec<Option<u32>> = vec![None; self.kinds.len()];
        let mut kinds = Vec::new();
        for s in &kept {
            for &(f, _) in &s.features {
                let slot = &mut new_id[f as usize];
                if slot.is_none() {
                    *slot = Some(kinds.len() as u32);
                    kinds.push(self.kinds[f as usize]);
                }
            }
        }
        self.ids.retain(|_, id| {
            new_id[*id as usize].is_some_and(|n| {
                *id = n;
                true
            })
        });
        self.kinds = kinds;
        for s in kept {
            for (f, _) in s.features.iter_mut() {
                *f = new_id[*f as usize].unwrap_or(u32::MAX);
            }
            s.features.sort_unstable_by_key(|x| x.0);
        }
    }
}

/// The links among `stories` that touch a story for which `wanted` holds, each as the pair
/// of story ids, earlier first. IDF is computed over `stories`: a service passes the stories
/// of the days around the ones that changed, and links only those ([`link`] passes all).
pub fn links<S: std::borrow::Borrow<StorySketch>>(
    stories: &[S],
    wanted: impl Fn(i64) -> bool,
    p: &ThreadParams,
) -> Vec<(i64, i64)> {
    let mut ids = FeatureIds::default();
    let numbered: Vec<NumberedSketch> = stories.iter().map(|s| ids.sketch(s.borrow())).collect();
    let refs: Vec<&NumberedSketch> = numbered.iter().collect();
    links_numbered(&refs, &ids, wanted, p)
}

/// [`links`] over stories whose features `ids` numbered.
pub fn links_numbered(
    stories: &[&NumberedSketch],
    ids: &FeatureIds,
    wanted: impl Fn(i64) -> bool,
    p: &ThreadParams,
) -> Vec<(i64, i64)> {
    let kinds = &ids.kinds;
    // IDF over these stories, by feature number.
    let mut df = vec![0u32; kinds.len()];
    for s in stories {
        for &(f, _) in &s.features {
            df[f as usize] += 1;
        }
    }
    let n = stories.len() as f32;
    // Only the features these stories have (the numbering may hold more).
    let idf: Vec<f32> = df
        .iter()
        .map(|&d| {
            if d == 0 {
                0.0
            } else {
                (1.0 + (n + 1.0) / (d as f32 + 1.0)).ln()
            }
        })
        .collect();
    // Each story's features weighed, still sorted by number: a pair is then compared by
    // merging two sorted lists, not by hashing each feature's text again for every pair.
    let vectors: Vec<Weighted> = stories
        .iter()
        .map(|s| {
            s.features
                .iter()
                .map(|&(f, w)| (f, w * idf[f as usize]))
                .collect()
        })
        .collect();
    // Each story's calendar day in Jerusalem, once: two stories of one day are never linked.
    let days: Vec<chrono::NaiveDate> = stories
        .iter()
        .map(|s| s.first_at.with_timezone(&Jerusalem).date_naive())
        .collect();
    let norms: Vec<f32> = vectors
        .iter()
        .map(|v| v.iter().map(|(_, x)| x * x).sum::<f32>().sqrt())
        .collect();
    let mut order: Vec<usize> = (0..stories.len()).collect();
    order.sort_by_key(|&i| (stories[i].first_at, stories[i].id));
    let mut position = vec![0usize; stories.len()];
    for (k, &i) in order.iter().enumerate() {
        position[i] = k;
    }
    let is_wanted: Vec<bool> = stories.iter().map(|s| wanted(s.id)).collect();
    // Each feature's stories, so a wanted story meets only the stories it shares a feature
    // with (a service wants a day's changed stories among fifteen days of them; walking
    // every pair's two lists was a seventh of a crawl). A pair's products are added in
    // feature order, as a walk of the two sorted lists adds them.
    let mut postings: Vec<Vec<(usize, f32)>> = vec![Vec::new(); kinds.len()];
    for (i, v) in vectors.iter().enumerate() {
        for &(f, x) in v {
            postings[f as usize].push((i, x));
        }
    }
    let gap = Duration::days(p.max_gap_days);
    // Per candidate: dot product, shared names/numbers/people, shared concepts/words.
    let mut acc: Vec<(f32, u32, usize)> = vec![(0.0, 0, 0); stories.len()];
    let mut met: Vec<usize> = Vec::new();
    let mut is_met = vec![false; stories.len()];
    let mut found: Vec<(usize, usize)> = Vec::new();
    for w in (0..stories.len()).filter(|&w| is_wanted[w]) {
        for &(f, x) in &vectors[w] {
            for &(s, y) in &postings[f as usize] {
                if s == w {
                    continue;
                }
                if !is_met[s] {
                    is_met[s] = true;
                    met.push(s);
                }
                let a = &mut acc[s];
                a.0 += x * y;
                match kinds[f as usize] {
                    Kind::Concept | Kind::Word => a.2 += 1,
                    Kind::Name | Kind::Number | Kind::Person => a.1 += 1,
                    Kind::Gram | Kind::Phrase => {}
                }
            }
        }
        for s in met.drain(..) {
            is_met[s] = false;
            let (dot, strong, concepts) = std::mem::replace(&mut acc[s], (0.0, 0, 0));
            // A pair of two wanted stories is taken once, from its earlier story.
            if is_wanted[s] && position[s] < position[w] {
                continue;
            }
            let (i, j) = if position[w] < position[s] {
                (w, s)
            } else {
                (s, w)
            };
            // Linked only across days (`thread_days(a, b) >= 2`), at most the gap apart.
            if stories[j].first_at - stories[i].first_at > gap || days[j] <= days[i] {
                continue;
            }
            if strong == 0 && concepts < p.min_shared_concepts {
                continue;
            }
            let cos = if norms[i] > 0.0 && norms[j] > 0.0 {
                dot / (norms[i] * norms[j])
            } else {
                0.0
            };
            if cos >= p.threshold {
                found.push((i, j));
            }
        }
    }
    // Earlier story first, in the order the stories began.
    found.sort_unstable_by_key(|&(i, j)| (position[i], position[j]));
    found
        .into_iter()
        .map(|(i, j)| (stories[i].id, stories[j].id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::features::sketch;
    use crate::cluster::Concepts;
    use chrono::TimeZone;

    fn story(id: i64, day: u32, hour: u32, headline: &str, summary: &str) -> StorySketch {
        StorySketch {
            id,
            first_at: Utc.with_ymd_and_hms(2026, 3, day, hour, 0, 0).unwrap(),
            features: sketch(headline, summary, Concepts::builtin()),
        }
    }

    /// The Carmel fire, its same-day follow-up and its inquiry three days later, beside a
    /// match and a rate cut.
    fn carmel() -> [StorySketch; 5] {
        [
            story(1, 1, 9, "Huge fire in the Carmel forest, thousands evacuated", "Firefighters battle the Carmel blaze near Haifa."),
            story(2, 1, 12, "Maccabi Haifa beat Hapoel Beersheba 2-1", "A late goal decided the match."),
            story(3, 4, 10, "Comptroller opens inquiry into the Carmel fire response", "The state comptroller will examine how the Carmel forest fire near Haifa was fought."),
            story(4, 4, 11, "Bank of Israel cuts interest rate to 4%", "The governor cited falling inflation."),
            story(5, 1, 15, "Carmel fire: firefighters still battling the blaze", "Evacuations continue near Haifa."),
        ]
    }

    #[test]
    fn later_chapters_link_and_unrelated_stories_do_not() {
        let stories = carmel();
        // Five stories make a small IDF base: a lower threshold than the default.
        let p = ThreadParams {
            threshold: 0.2,
            ..ThreadParams::default()
        };
        let threads = link(&stories, &p);
        // Story 5 is the same day as story 1: not a later chapter of it, but both lead to 3.
        assert_eq!(threads, vec![vec![1, 5, 3]]);
        // Too far apart: no thread.
        let p = ThreadParams {
            max_gap_days: 2,
            ..p
        };
        assert!(link(&stories, &p).is_empty());
    }

    #[test]
    fn chains_join_what_links_join() {
        assert_eq!(
            chains(&[(1, 3), (5, 3), (7, 8)]),
            vec![BTreeSet::from([1, 3, 5]), BTreeSet::from([7, 8])]
        );
        assert!(chains(&[]).is_empty());
    }

    /// IDF of each feature over `stories`, by its text.
    fn idf<'a>(stories: &[&'a StorySketch]) -> HashMap<&'a Feature, f32> {
        let mut df: HashMap<&Feature, u32> = HashMap::new();
        for s in stories {
            for f in s.features.keys() {
                *df.entry(f).or_insert(0) += 1;
            }
        }
        let n = stories.len() as f32;
        df.into_iter()
            .map(|(f, d)| (f, (1.0 + (n + 1.0) / (d as f32 + 1.0)).ln()))
            .collect()
    }

    /// Links as the definition reads: every pair, features looked up by their text, days
    /// through [`thread_days`].
    fn links_by_definition(stories: &[StorySketch], p: &ThreadParams) -> Vec<(i64, i64)> {
        let refs: Vec<&StorySketch> = stories.iter().collect();
        let weights = idf(&refs);
        let norm = |s: &StorySketch| {
            s.features
                .iter()
                .map(|(f, w)| (w * weights[f]).powi(2))
                .sum::<f32>()
                .sqrt()
        };
        let mut out = Vec::new();
        for a in stories {
            for b in stories {
                let earlier = (a.first_at, a.id) < (b.first_at, b.id);
                if !earlier
                    || b.first_at - a.first_at > Duration::days(p.max_gap_days)
                    || crate::record::thread_days(a.first_at, b.first_at) < 2
                {
                    continue;
                }
                let (mut dot, mut strong, mut concepts) = (0.0f32, 0, 0);
                for (f, w) in &a.features {
                    if let Some(v) = b.features.get(f) {
                        dot += w * v * weights[f] * weights[f];
                        match f.kind {
                            Kind::Concept | Kind::Word => concepts += 1,
                            Kind::Name | Kind::Number | Kind::Person => strong += 1,
                            Kind::Gram | Kind::Phrase => {}
                        }
                    }
                }
                let cos = dot / (norm(a) * norm(b));
                if (strong > 0 || concepts >= p.min_shared_concepts) && cos >= p.threshold {
                    out.push((a.id, b.id));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn links_are_the_links_of_the_definition() {
        // The labelled fixture's articles, each a story: five days, many pairs, near midnights.
        let text = include_str!("../tests/data/clustering/articles.jsonl");
        let gold = crate::cluster::eval::read_gold(text).unwrap();
        let stories: Vec<StorySketch> = gold
            .iter()
            .step_by(2)
            .enumerate()
            .map(|(i, a)| StorySketch {
                id: i as i64,
                first_at: a.published_at.with_timezone(&Utc),
                features: sketch(&a.headline, &a.summary, Concepts::builtin()),
            })
            .collect();
        for threshold in [0.2, 0.4] {
            let p = ThreadParams {
                threshold,
                ..ThreadParams::default()
            };
            let mut fast = links(&stories, |_| true, &p);
            fast.sort();
            let slow = links_by_definition(&stories, &p);
            assert!(slow.len() > 20, "{} links", slow.len());
            // Sums in another order may differ in the last bit at the threshold itself.
            let differ: Vec<_> = fast.iter().filter(|x| !slow.contains(x)).collect();
            let missing: Vec<_> = slow.iter().filter(|x| !fast.contains(x)).collect();
            assert!(differ.len() + missing.len() <= 1, "{differ:?} {missing:?}");
            // Features numbered once for all the stories, then linking only the first half:
            // the links of the first half alone.
            let mut ids = FeatureIds::default();
            let numbered: Vec<NumberedSketch> = stories.iter().map(|s| ids.sketch(s)).collect();
            let half = &stories[..stories.len() / 2];
            let refs: Vec<&NumberedSketch> = numbered[..half.len()].iter().collect();
            let mut shared = links_numbered(&refs, &ids, |_| true, &p);
            shared.sort();
            let mut alone = links(half, |_| true, &p);
            alone.sort();
            assert!(!alone.is_empty());
            let differ = shared.iter().filter(|x| !alone.contains(x)).count()
                + alone.iter().filter(|x| !shared.contains(x)).count();
            assert!(differ <= 1, "{shared:?} {alone:?}");
            // Keeping only the first half's features: the same links again.
            let mut first: Vec<NumberedSketch> = numbered[..half.len()].to_vec();
            ids.retain(first.iter_mut());
            assert!(ids.len() < numbered.iter().map(|s| s.features.len()).sum::<usize>());
            let refs: Vec<&NumberedSketch> = first.iter().collect();
            let mut kept = links_numbered(&refs, &ids, |_| true, &p);
            kept.sort();
            let differ = kept.iter().filter(|x| !alone.contains(x)).count()
                + alone.iter().filter(|x| !kept.contains(x)).count();
            assert!(differ <= 1, "{kept:?} {alone:?}");
            // Wanting every seventh story: the links that touch one of them, no others.
            let wanted = |id: i64| id % 7 == 3;
            let mut some = links(&stories, wanted, &p);
            some.sort();
            let expected: Vec<(i64, i64)> = fast
                .iter()
                .copied()
                .filter(|(a, b)| wanted(*a) || wanted(*b))
                .collect();
            assert!(
                !expected.is_empty() && expected.len() < fast.len(),
                "{} of {}",
                expected.len(),
                fast.len()
            );
            assert_eq!(some, expected);
        }
    }

    #[test]
    fn links_of_the_stories_that_changed() {
        let stories = carmel();
        let p = ThreadParams {
            threshold: 0.2,
            ..ThreadParams::default()
        };
        let found = links(&stories, |id| id == 3, &p);
        assert!(found.contains(&(1, 3)), "{found:?}");
        assert!(found.iter().all(|(a, b)| *a == 3 || *b == 3), "{found:?}");
        assert_eq!(links(&stories, |id| id == 4, &p), vec![]);
    }
}
