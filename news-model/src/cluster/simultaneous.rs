//! Articles published at one instant, placed those that join an open story first.
//!
//! An online clusterer places each article with what it has seen, so articles of the same
//! instant (every outlet's homepage headline of one quarter hour, a feed's items stamped with
//! one minute) would be placed in whatever order they were given: a file's lines, the store's
//! insertion order. Where a story's clusters stand near a bar, that order decides whether an
//! article opens a cluster of its own or joins one after a simultaneous article grew it, and
//! the same articles in another order made other stories (on the labelled held-out windows,
//! the Sydney café siege in one cluster or in several: B-cubed F1 0.70 to 0.88 for the same day).
//!
//! Simultaneous articles have no order of their own, so the clusterer gives them one that
//! does not depend on how they came: of the articles of one instant not yet placed, the one
//! that joins an open cluster now with the highest score is placed next
//! ([`Clusterer::joining_score`]), and when none joins, the first of them opens its cluster;
//! then the others are asked again. Articles that continue a story go before those that
//! begin one, the most certain first, so a story that grew in the same quarter hour is there
//! for the articles that need it, and the same articles make the same stories in whatever
//! order they came (but for exact ties of score, and for instants of more than
//! [`LOOK_AHEAD`] articles, which are asked that many at a time so that a batch of any size
//! is placed in time linear in it).
//!
//! ```
//! use chrono::{TimeZone, Utc};
//! use lashon_news::cluster::{Clusterer, Concepts, Params, Simultaneous};
//!
//! let mut c = Clusterer::new(Concepts::builtin(), Params::default());
//! let t = Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap();
//! c.add_article(1, t, "kan", "הכנסת אישרה את התקציב לשנת 2026 בקריאה ראשונה", "");
//! let later = t + chrono::Duration::minutes(15);
//! let batch = vec![
//!     Simultaneous::read(&c, 2, later, "n12", "שיטפונות בנגב: כבישים נחסמו", ""),
//!     Simultaneous::read(&c, 3, later, "ynet", "התקציב לשנת 2026 אושר בקריאה ראשונה", ""),
//! ];
//! let placed = c.add_simultaneous(batch);
//! // The budget report joins the budget story first; the floods open their own.
//! assert_eq!(placed[0].0, 1);
//! assert_eq!(placed[0].1.cluster, 1);
//! assert!(placed[1].1.opened);
//! ```

use std::collections::VecDeque;
use std::ops::Range;

use chrono::{DateTime, Utc};

use super::features::{is_candidate, Feature};
use super::join::Told;
use super::online::{Assignment, Clusterer};
use super::reading::Reading;

/// How many of an instant's articles not yet placed are asked whether they join, at each
/// step: the cost per article stays bounded however many articles share an instant.
pub const LOOK_AHEAD: usize = 16;

/// An article of a batch published at one instant, with the features the clusterer read
/// from it ([`Clusterer::features`]).
#[derive(Debug, Clone)]
pub struct Simultaneous {
    /// Its id: a cluster it opens has this id.
    pub id: i64,
    pub at: DateTime<Utc>,
    /// Its newsroom's key (empty when unknown).
    pub source: String,
    pub headline: String,
    pub features: Vec<(Feature, f32)>,
}

impl Simultaneous {
    /// The article with its features read by `clusterer`.
    pub fn read(
        clusterer: &Clusterer<'_>,
        id: i64,
        at: DateTime<Utc>,
        source: &str,
        headline: &str,
        summary: &str,
    ) -> Simultaneous {
        Simultaneous {
            id,
            at,
            source: source.to_string(),
            headline: headline.to_string(),
            features: clusterer.features(headline, summary),
        }
    }
}

impl Clusterer<'_> {
    /// Whether the article would join an open cluster if it were added now (its clock moved
    /// to `at` first). Changes nothing. Its features the clusterer has not seen count as seen
    /// in no article, where adding it counts every feature once first: the answer can differ
    /// from what adding does only for an article at the very edge of a bar.
    pub fn would_join(
        &self,
        at: DateTime<Utc>,
        source: &str,
        headline: &str,
        features: &[(Feature, f32)],
    ) -> bool {
        self.joining_score(at, source, headline, features).is_some()
    }

    /// The score with which the article would join an open cluster if it were added now;
    /// `None` when it would open one. Changes nothing (see [`Clusterer::would_join`]).
    pub fn joining_score(
        &self,
        at: DateTime<Utc>,
        source: &str,
        headline: &str,
        features: &[(Feature, f32)],
    ) -> Option<f32> {
        let reading = self.read(source, headline, features.to_vec());
        self.joining_score_of(at, source, &reading)
    }

    /// [`Clusterer::joining_score`] of the article as [`Clusterer::read`] read it.
    fn joining_score_of(&self, at: DateTime<Utc>, source: &str, reading: &Reading) -> Option<f32> {
        let Reading { raw, marks, .. } = reading;
        // Features not seen yet have no id: ids above any real one, distinct and in order,
        // that no cluster holds.
        let mut unseen = u32::MAX;
        // A speaker not seen yet has such an id too: no cluster names them.
        let speaker_at = super::speakers::speaker_index(marks.speaker, raw);
        let mut v: Vec<(u32, f32)> = raw
            .iter()
            .map(|(f, w)| {
                let id = self.ids.get(f).copied().unwrap_or_else(|| {
                    unseen -= 1;
                    unseen
                });
                (id, *w)
            })
            .collect();
        let speaker = speaker_at.map(|k| v[k].0);
        v.sort_unstable_by_key(|x| x.0);
        let told = Told {
            stage: marks.stage,
            places: &marks.places,
            another: marks.another.then_some(at),
            speaker,
        };
        let choice = self.choose(&v, at, source, told);
        choice.cluster.map(|_| choice.score)
    }

    /// Adds `batch`, articles in publication order, the articles of each instant placed
    /// those that join an open cluster first (see the module documentation). Returns, in the
    /// order they were added, each article's index in `batch` and its assignment.
    pub fn add_simultaneous(&mut self, batch: Vec<Simultaneous>) -> Vec<(usize, Assignment)> {
        let mut out = Vec::with_capacity(batch.len());
        let runs = instants(&batch, |a| a.at);
        let mut items: Vec<Option<Simultaneous>> = batch.into_iter().map(Some).collect();
        for run in runs {
            let Some(at) = items[run.start].as_ref().map(|a| a.at) else {
                continue;
            };
            self.evict(at);
            // The instant's articles not yet placed, in the order given. A deque: the one
            // placed is among the first LOOK_AHEAD, so taking it out moves at most that many.
            let first = run.start;
            let mut left: VecDeque<usize> = run.collect();
            // Each one's reading, kept while it holds (see [`Reading`]): an article asked
            // at every step of its instant is read once, and added as it was read.
            let mut readings: Vec<Option<Reading>> = Vec::new();
            readings.resize_with(left.len(), || None);
            while !left.is_empty() {
                let pick = if left.len() == 1 {
                    0
                } else {
                    // The most confident placement first; ties: the first given.
                    let mut best: Option<(usize, f32)> = None;
                    for (k, &i) in left.iter().take(LOOK_AHEAD).enumerate() {
                        let Some(a) = items[i].as_ref() else {
                            continue;
                        };
                        let reading = readings[i - first].get_or_insert_with(|| {
                            self.read(&a.source, &a.headline, a.features.clone())
                        });
                        let score = self.joining_score_of(a.at, &a.source, reading);
                        if let Some(x) = score.filter(|x| best.is_none_or(|(_, b)| *x > b)) {
                            best = Some((k, x));
                        }
                    }
                    best.map_or(0, |(k, _)| k)
                };
                let Some(i) = left.remove(pick) else {
                    break;
                };
                if let Some(a) = items[i].take() {
                    let got = match readings[i - first].take() {
                        Some(reading) => {
                            // Kept readings are what reading it now gives (the rule above).
                            debug_assert_eq!(
                                reading,
                                self.read(&a.source, &a.headline, a.features.clone()),
                            );
                            self.add_reading(a.id, a.at, &a.source, reading)
                        }
                        None => {
                            self.add_with_features(a.id, a.at, &a.source, &a.headline, a.features)
                        }
                    };
                    // What the placement changed: its newsroom's kickers, the clusters
                    // merged, the open stories an ambiguous name is read by. Only those
                    // among the first LOOK_AHEAD have been read.
                    for &j in left.iter().take(LOOK_AHEAD) {
                        let stale = !got.merged.is_empty()
                            || items[j].as_ref().is_none_or(|b| {
                                b.source == a.source
                                    || b.features.iter().any(|(f, _)| is_candidate(f))
                            });
                        if stale {
                            readings[j - first] = None;
                        }
                    }
                    out.push((i, got));
                }
            }
        }
        out
    }
}

/// The runs of consecutive `items` with the same `key` (an instant), in order: what
/// [`Clusterer::add_simultaneous`] places together. Linear in `items`.
pub fn instants<T, K: PartialEq>(items: &[T], key: impl Fn(&T) -> K) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match out.last_mut() {
            Some(run) if key(&items[run.start]) == key(item) => run.end = i + 1,
            _ => out.push(i..i + 1),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::{Concepts, Params};
    use chrono::{Duration, TimeZone};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap()
    }

    /// A siege told by three outlets, then a quarter hour in which two more report the
    /// hostage taker's demand: one (`maariv`) names the siege, the other (`walla`) only the
    /// demand. Returns the two's clusters, placed one by one in `order` (`together`: false)
    /// or as one instant.
    fn demand(order: [usize; 2], together: bool) -> [i64; 2] {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let siege = [
            ("kan", "ירי במכולת כשרה בפריז: חמושים מחזיקים בני ערובה"),
            ("ynet", "בני ערובה במכולת כשרה במזרח פריז, חשש להרוגים"),
            ("n12", "חמושים השתלטו על מכולת כשרה בפריז ולקחו בני ערובה"),
        ];
        for (i, (source, headline)) in siege.iter().enumerate() {
            let at = t0() + Duration::minutes(5 * i as i64);
            c.add_article(i as i64 + 1, at, source, headline, "");
        }
        let reports = [
            ("walla", "החוטף דורש: שחררו את האחים קואשי מהמצור בדמרטן"),
            (
                "maariv",
                "חמושים מחזיקים בני ערובה במכולת כשרה בפריז, החוטף דורש לשחרר את האחים קואשי",
            ),
        ];
        let at = t0() + Duration::minutes(30);
        let mut got = [0; 2];
        if together {
            let batch: Vec<Simultaneous> = order
                .iter()
                .map(|&k| {
                    let (source, headline) = reports[k];
                    Simultaneous::read(&c, 10 + k as i64, at, source, headline, "")
                })
                .collect();
            for (i, a) in c.add_simultaneous(batch) {
                got[order[i]] = a.cluster;
            }
        } else {
            for k in order {
                let (source, headline) = reports[k];
                got[k] = c
                    .add_article(10 + k as i64, at, source, headline, "")
                    .cluster;
            }
        }
        got
    }

    #[test]
    fn an_instants_articles_make_the_same_stories_in_either_order() {
        // One by one, the order decides: the demand alone first opens a cluster of its own;
        // after the report naming the siege it joins the siege.
        assert_eq!(demand([0, 1], false), [10, 1]);
        assert_eq!(demand([1, 0], false), [1, 1]);
        // As one instant, both join the siege whichever came first.
        assert_eq!(demand([0, 1], true), [1, 1]);
        assert_eq!(demand([1, 0], true), [1, 1]);
    }

    #[test]
    fn the_joiner_goes_first_and_the_rest_are_asked_again() {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        c.add_article(
            1,
            t0(),
            "kan",
            "רעידת אדמה בעוצמה 5.1 הורגשה בצפון ובעמק הירדן",
            "",
        );
        let at = t0() + Duration::minutes(15);
        let traffic = Simultaneous::read(
            &c,
            10,
            at,
            "n12",
            "פקקים בכניסה לתל אביב בעקבות עבודות ברכבת הקלה",
            "",
        );
        let quake = Simultaneous::read(
            &c,
            11,
            at,
            "ynet",
            "רעידת אדמה בעוצמה 5.1 הורגשה בצפון; אין נפגעים",
            "",
        );
        assert!(!c.would_join(at, &traffic.source, &traffic.headline, &traffic.features));
        assert!(c.would_join(at, &quake.source, &quake.headline, &quake.features));
        let placed = c.add_simultaneous(vec![traffic, quake]);
        assert_eq!(
            placed.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
            vec![1, 0]
        );
        assert_eq!(placed[0].1.cluster, 1);
        assert!(placed[1].1.opened);
    }

    #[test]
    fn a_reading_kept_through_an_instant_is_read_again_after_its_newsroom_places_one() {
        // The lead `ישראל בוחרת` opened one cluster's headline of `ch14`; an instant brings
        // two more of its headlines. The one that joins another story goes first, and then
        // the lead has opened two clusters' headlines, a kicker: the other is read without
        // it, its reading kept from before the placement read again (in debug builds
        // `add_simultaneous` checks every kept reading against a fresh one).
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        c.add_article(
            1,
            t0(),
            "ch14",
            "ישראל בוחרת: שביתת הגננות הסתיימה הלילה בהסכם",
            "",
        );
        let vote = "ראש הממשלה הצביע בירושלים עם רעייתו ובנו";
        c.add_article(2, t0() + Duration::minutes(5), "kan", vote, "");
        c.add_article(3, t0() + Duration::minutes(6), "ynet", vote, "");
        c.add_article(4, t0() + Duration::minutes(7), "n12", vote, "");
        let at = t0() + Duration::minutes(15);
        let turnout = "ישראל בוחרת: שיעור ההצבעה עד עשר בבוקר גבוה מבעבר";
        let voted = format!("ישראל בוחרת: {vote}");
        let before = c.features(turnout, "");
        let batch = vec![
            Simultaneous::read(&c, 10, at, "ch14", turnout, ""),
            Simultaneous::read(&c, 11, at, "ch14", &voted, ""),
        ];
        let placed = c.add_simultaneous(batch);
        assert_eq!(placed[0].0, 1);
        assert_eq!(placed[0].1.cluster, 2);
        let read = c.read("ch14", turnout, before.clone());
        assert!(
            read.raw.len() < before.len(),
            "the kicker's words set aside"
        );
    }

    #[test]
    fn a_large_instant_is_placed_whole() {
        // Five hundred articles stamped with one instant (a bulk import): each is placed
        // once, and asking ahead stays bounded.
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let batch: Vec<Simultaneous> = (0..500)
            .map(|i| {
                Simultaneous::read(
                    &c,
                    i,
                    t0(),
                    "kan",
                    &format!("דיווח מספר {i} על עבודות בכביש {}", i % 7),
                    "",
                )
            })
            .collect();
        let placed = c.add_simultaneous(batch);
        let mut seen: Vec<usize> = placed.iter().map(|(i, _)| *i).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..500).collect::<Vec<_>>());
    }

    #[test]
    fn instants_are_runs_of_one_time() {
        let runs = instants(&[1, 1, 2, 3, 3, 3, 1], |x| *x);
        assert_eq!(runs, vec![0..2, 2..3, 3..6, 6..7]);
        assert!(instants(&[] as &[i32], |x| *x).is_empty());
    }

    #[test]
    fn instants_stay_in_publication_order() {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let batch: Vec<Simultaneous> = (0..6)
            .map(|i| {
                let at = t0() + Duration::minutes(15 * (i / 2));
                Simultaneous::read(&c, i, at, "kan", &format!("כותרת {i}"), "")
            })
            .collect();
        let order: Vec<usize> = c
            .add_simultaneous(batch)
            .into_iter()
            .map(|(i, _)| i)
            .collect();
        // Each pair in its own quarter hour, the pairs in order.
        for (k, pair) in order.chunks(2).enumerate() {
            let mut p = pair.to_vec();
            p.sort_unstable();
            assert_eq!(p, vec![2 * k, 2 * k + 1]);
        }
    }
}
