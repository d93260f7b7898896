//! Online clustering of a stream of articles (after Miranda, Znotiņš, Cohen and Barzdins,
//! "Multilingual Clustering of Streaming News", EMNLP 2018): each article, in publication
//! order, joins the most similar open cluster or opens a new one; state is kept per cluster
//! (a feature centroid, its times and its members' features), so the cost of an article
//! does not grow with the stream.
//!
//! Similarity is the cosine of the article's weighted features ([`super::features`]) and a
//! cluster's centroid (the sum of its articles' features), times a time decay
//! `exp(−Δh / decay_hours)`, `Δh` the hours from the cluster's span to the article, and times
//! `exp(−excess / long_decay_hours)` for a cluster that would span more than
//! [`Params::long_after_hours`] with it. Weights come from the background lists, not from
//! the stream, times the stream's inverse document frequency ([`Params::stream_idf`]); an
//! article is compared with the clusters that share a feature with it through an inverted
//! index. A cluster's norm with the stream's scale is kept with it and updated as the
//! document frequencies of its features change ([`super::stream_idf`]).
//!
//! Precision first (a false merge claims outlets corroborated each other):
//!
//! - an article joins a cluster when the similarity reaches [`Params::threshold`] and they
//!   share a person or a number, or at least [`Params::min_shared`] features;
//! - an outlet's edited or repeated headline joins the cluster of its own earlier article
//!   when the two agree ([`Params::edit_threshold`], within [`Params::edit_hours`]), even
//!   where the cluster's centroid has moved on, unless another cluster matches it better
//!   (then what the outlet's two headlines share is its section tag, not the event);
//! - candidates are the clusters whose newest article is at most [`Params::window_hours`] old
//!   and that would span at most [`Params::max_span_hours`]: later instalments of a running
//!   story are new clusters, linked as a thread;
//! - two clusters merge only when their centroids agree ([`Params::merge_threshold`]): the
//!   whole of each, never one article that touches both, so merges do not chain through a
//!   bridging headline.
//!
//! The clusterer's clock is the newest publication time it has seen: clusters whose newest
//! article is more than a window older are closed ([`Clusterer::evict`]), and features not
//! seen for [`Params::vocabulary_hours`] that no open cluster holds are forgotten, so memory
//! is bounded by the window and the recent vocabulary, not by the stream. An article older
//! than the clock still finds the open clusters whose time span it falls into or near. The
//! whole state can be saved and restored ([`Clusterer::snapshot`], [`Clusterer::restore`]):
//! a service clusters each crawl's new articles where the last crawl left off, and the
//! assignments are the ones a single uninterrupted run would make. Sums run in feature order
//! (a centroid is a list sorted by feature), so a restored clusterer computes the same
//! digits.

use foldhash::{HashMap, HashMapExt, HashSet};
use std::cell::RefCell;

use chrono::{DateTime, Utc};

use super::concepts::Concepts;
use super::features::{Feature, Kind, Lexicons};
use super::join::Told;
use super::open_cluster::{Cluster, Member};
use super::outlets::{add_outlet, count_words, WindowWords};
use super::params::Params;
use super::phases::PhaseConcepts;
use super::places::Gazetteer;
use super::reading::{Marks, Reading};
/// Kept here too: it was first documented as `online::scale_docs`.
pub use super::stream_idf::scale_docs;
use super::stream_idf::NormCache;
use super::succession::Sequences;
use super::weather::WeatherConcepts;
use super::word_facts::WordMemo;

/// Where an article went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    /// The cluster the article is in now.
    pub cluster: i64,
    /// True when the article opened it.
    pub opened: bool,
    /// Clusters merged into `cluster` by this article (late merges).
    pub merged: Vec<i64>,
}

/// The clusterer's state: open clusters and the feature space.
#[derive(Debug, Clone)]
pub struct Clusterer<'c> {
    pub(super) lexicons: Lexicons<'c>,
    /// The concepts of an incident and of its aftermath ([`super::phases`]).
    pub(super) phases: PhaseConcepts,
    /// The weather concepts ([`super::weather`]).
    pub(super) weather: WeatherConcepts,
    /// The places headlines name ([`super::places`]).
    pub(super) places: &'static Gazetteer,
    pub(super) params: Params,
    pub(super) ids: HashMap<Feature, u32>,
    pub(super) kinds: Vec<Kind>,
    /// When each feature was last seen (seconds since the epoch).
    pub(super) last_seen: Vec<i64>,
    /// Articles of the stream with each feature (zero for free ids).
    pub(super) df: Vec<u32>,
    /// Articles of the stream.
    pub(super) docs: u64,
    /// [`Clusterer::scales`] by document frequency, for the current [`scale_docs`] (NaN: not
    /// computed yet); most features share a few small frequencies.
    pub(super) scale_by_df: RefCell<Vec<f64>>,
    /// Cluster norms with the stream's scale.
    pub(super) norms: RefCell<NormCache>,
    /// Ids of forgotten features, reused.
    pub(super) free: Vec<u32>,
    pub(super) clock: Option<DateTime<Utc>>,
    pub(super) pruned_at: Option<DateTime<Utc>>,
    pub(super) clusters: HashMap<i64, Cluster>,
    pub(super) index: HashMap<u32, HashSet<i64>>,
    /// The plain words' document frequencies among the open clusters' articles.
    pub(super) window_words: WindowWords,
    /// Each outlet's headline sequence ([`super::succession`]).
    pub(super) sequences: Sequences,
    /// Each outlet's recent leads ([`super::kickers`]).
    pub(super) kickers: super::kickers::Kickers,
    /// What the lexicons said of the words read so far ([`super::word_facts`]).
    pub(super) words: RefCell<WordMemo>,
}

impl<'c> Clusterer<'c> {
    /// A clusterer with the concept table `concepts` and the built-in background lists and
    /// people registry.
    pub fn new(concepts: &'c Concepts, params: Params) -> Clusterer<'c> {
        Clusterer::with_lexicons(
            Lexicons {
                concepts,
                ..Lexicons::builtin()
            },
            params,
        )
    }

    /// A clusterer reading features with `lexicons`.
    pub fn with_lexicons(lexicons: Lexicons<'c>, params: Params) -> Clusterer<'c> {
        Clusterer {
            phases: PhaseConcepts::new(lexicons.concepts),
            weather: WeatherConcepts::new(lexicons.concepts),
            places: Gazetteer::builtin(),
            lexicons,
            params,
            ids: HashMap::new(),
            kinds: Vec::new(),
            last_seen: Vec::new(),
            df: Vec::new(),
            docs: 0,
            scale_by_df: RefCell::new(Vec::new()),
            norms: RefCell::new(NormCache::default()),
            free: Vec::new(),
            clock: None,
            pruned_at: None,
            clusters: HashMap::new(),
            index: HashMap::new(),
            window_words: WindowWords::default(),
            sequences: Sequences::default(),
            kickers: super::kickers::Kickers::default(),
            words: RefCell::new(WordMemo::new()),
        }
    }

    /// Open clusters.
    pub fn open_clusters(&self) -> usize {
        self.clusters.len()
    }

    /// Features known (the vocabulary, bounded by [`Params::vocabulary_hours`]).
    pub fn vocabulary(&self) -> usize {
        self.ids.len()
    }

    /// The newest publication time seen.
    pub fn clock(&self) -> Option<DateTime<Utc>> {
        self.clock
    }

    /// The thresholds in use.
    pub fn params(&self) -> Params {
        self.params
    }

    fn intern(&mut self, f: Feature, at: DateTime<Utc>) -> u32 {
        let id = match self.ids.get(&f) {
            Some(id) => *id,
            None => {
                let id = match self.free.pop() {
                    Some(id) => {
                        self.kinds[id as usize] = f.kind;
                        self.df[id as usize] = 0;
                        id
                    }
                    None => {
                        self.kinds.push(f.kind);
                        self.df.push(0);
                        self.last_seen.push(i64::MIN);
                        u32::try_from(self.kinds.len() - 1).unwrap_or(u32::MAX)
                    }
                };
                self.ids.insert(f, id);
                id
            }
        };
        if let Some(seen) = self.last_seen.get_mut(id as usize) {
            *seen = (*seen).max(at.timestamp());
        }
        id
    }

    /// Moves the clock to `now` (never back) and closes the clusters whose newest article is
    /// more than a window older: memory stays bounded by the window. Once a day of the clock,
    /// forgets the features unseen for [`Params::vocabulary_hours`] that no open cluster holds.
    pub fn evict(&mut self, now: DateTime<Utc>) {
        let clock = self.advance_clock(now);
        let window = self.params.window_hours;
        let old: Vec<i64> = self
            .clusters
            .iter()
            .filter(|(_, c)| hours(clock, c.last_at) > window)
            .map(|(id, _)| *id)
            .collect();
        for id in old {
            if let Some(c) = self.clusters.get(&id) {
                self.window_words.uncount(c);
            }
            self.close(id);
        }
        self.sequences.forget_before(clock, window);
        self.kickers.forget_before(clock, window);
        let due = self.pruned_at.is_none_or(|t| hours(clock, t) >= 24.0);
        if due {
            self.pruned_at = Some(clock);
            self.prune(clock);
        }
    }

    /// Moves the clock to `now` (never back). After a gap longer than
    /// [`Params::restart_hours`] the stream's document frequencies start afresh.
    fn advance_clock(&mut self, now: DateTime<Utc>) -> DateTime<Utc> {
        let clock = self.clock.map_or(now, |c| c.max(now));
        let restart = self.params.restart_hours;
        if restart > 0.0 && self.clock.is_some_and(|c| hours(clock, c) > restart) {
            self.docs = 0;
            self.df.iter_mut().for_each(|d| *d = 0);
            self.scale_by_df.get_mut().clear();
            self.norms.get_mut().squared.clear();
        }
        self.clock = Some(clock);
        clock
    }

    fn prune(&mut self, clock: DateTime<Utc>) {
        let horizon = clock.timestamp() - (f64::from(self.params.vocabulary_hours) * 3600.0) as i64;
        let held = self.sequences.held();
        let (last_seen, index, free, df) =
            (&self.last_seen, &self.index, &mut self.free, &mut self.df);
        self.ids.retain(|_, id| {
            let stale = last_seen.get(*id as usize).is_some_and(|t| *t < horizon)
                && !index.contains_key(id)
                && !held.contains(id);
            if stale {
                free.push(*id);
                df[*id as usize] = 0;
            }
            !stale
        });
        // Reused lowest first, in the same order after a restore.
        self.free.sort_unstable_by(|a, b| b.cmp(a));
    }

    pub(super) fn close(&mut self, id: i64) {
        self.norms.get_mut().squared.remove(&id);
        if let Some(c) = self.clusters.remove(&id) {
            for (f, _) in &c.sum {
                if let Some(set) = self.index.get_mut(f) {
                    set.remove(&id);
                    if set.is_empty() {
                        self.index.remove(f);
                    }
                }
            }
        }
    }

    /// Adds article `id` published `at` (its newsroom unknown); returns its cluster (a new
    /// one has id `id`).
    pub fn add(&mut self, id: i64, at: DateTime<Utc>, headline: &str, summary: &str) -> Assignment {
        self.add_article(id, at, "", headline, summary)
    }

    /// Adds article `id` published `at` by newsroom `source` (its key; empty when unknown);
    /// returns its cluster (a new one has id `id`).
    pub fn add_article(
        &mut self,
        id: i64,
        at: DateTime<Utc>,
        source: &str,
        headline: &str,
        summary: &str,
    ) -> Assignment {
        let raw = self.features(headline, summary);
        self.add_with_features(id, at, source, headline, raw)
    }

    /// [`Clusterer::add_article`] with the article's features read already
    /// ([`Clusterer::features`]): a caller that needs them too (a story's sketch, which is
    /// the same features without phrases, [`crate::cluster::features::sketch`]) reads them
    /// once.
    pub fn add_with_features(
        &mut self,
        id: i64,
        at: DateTime<Utc>,
        source: &str,
        headline: &str,
        raw: Vec<(Feature, f32)>,
    ) -> Assignment {
        let reading = self.read(source, headline, raw);
        self.add_reading(id, at, source, reading)
    }

    /// [`Clusterer::add_with_features`] of the article as [`Clusterer::read`] read it, the
    /// clusterer unchanged since (but for articles of other newsrooms placed without a merge:
    /// see [`Reading`]).
    pub(super) fn add_reading(
        &mut self,
        id: i64,
        at: DateTime<Utc>,
        source: &str,
        reading: Reading,
    ) -> Assignment {
        let Reading {
            raw,
            words,
            marks,
            leads,
        } = reading;
        let got = self.add_marked(id, at, source, raw, &words, marks);
        if self.params.kickers {
            self.kickers.merged(&got.merged, got.cluster, at);
            let window = self.params.window_hours;
            self.kickers.record(source, &leads, at, got.cluster, window);
        }
        got
    }

    /// [`Clusterer::add_with_features`] with the headline's plain words
    /// ([`super::outlets::headline_words`]) in place of the headline, which the rule for
    /// other outlets' tellings of an event compares ([`super::outlets`]). Without the
    /// headline, the article names no stage of a scheduled event ([`super::stages`]), no
    /// weather ([`super::weather`]), no place ([`super::places`]) and no other incident
    /// ([`super::another`]), and its outlet's kickers are neither set aside nor learned
    /// ([`super::kickers`]).
    pub fn add_features(
        &mut self,
        id: i64,
        at: DateTime<Utc>,
        source: &str,
        raw: Vec<(Feature, f32)>,
        words: &[u64],
    ) -> Assignment {
        let raw = self.resolve_candidates(raw);
        self.add_marked(id, at, source, raw, words, Marks::default())
    }

    /// [`Clusterer::add_features`] with what the headline's text marks ([`Marks`]).
    pub(super) fn add_marked(
        &mut self,
        id: i64,
        at: DateTime<Utc>,
        source: &str,
        raw: Vec<(Feature, f32)>,
        words: &[u64],
        marks: Marks,
    ) -> Assignment {
        let Marks {
            stage,
            weather,
            places,
            another,
            speaker,
        } = marks;
        let phase = if self.params.aftermath_size > 0 {
            self.phases.phase(&raw)
        } else {
            None
        };
        let speaker_at = super::speakers::speaker_index(speaker, &raw);
        let mut v: Vec<(u32, f32)> = raw
            .into_iter()
            .map(|(f, w)| (self.intern(f, at), w))
            .collect();
        let speaker = speaker_at.map(|k| v[k].0);
        let mut words = words.to_vec();
        words.sort_unstable();
        words.dedup();
        self.window_words.count(&words);
        // Feature ids are distinct: an unstable sort gives the same order.
        v.sort_unstable_by_key(|x| x.0);
        self.advance_clock(at);
        self.count_article(&v);

        let told = Told {
            stage,
            places: &places,
            another: another.then_some(at),
            speaker,
        };
        let choice = self.choose(&v, at, source, told);
        let (target, opened) = match choice.cluster {
            Some(target) => (target, false),
            None => {
                self.clusters.insert(id, Cluster::new(at));
                (id, true)
            }
        };
        self.grow_norm(target, &v);
        if let Some(c) = self.clusters.get(&target) {
            self.sequences
                .record(&v, at, source, c, self.params.window_hours);
        }
        if let Some(c) = self.clusters.get_mut(&target) {
            c.add(&v);
            c.size += 1;
            c.last_at = c.last_at.max(at);
            c.first_at = c.first_at.min(at);
            count_words(&mut c.words, &words);
            add_outlet(&mut c.outlets, source);
            c.stages |= stage;
            super::places::count(&mut c.places, &places);
            if another {
                c.another_at = Some(c.another_at.map_or(at, |a| a.min(at)));
            }
            c.members.push(Member {
                source: source.to_string(),
                at,
                features: v.clone(),
                words,
                stage,
                weather,
                places,
                another,
            });
        }
        for (f, _) in &v {
            self.index.entry(*f).or_default().insert(target);
        }
        // Late merges: lone articles that would now join the target, and open clusters
        // whose centroid now agrees with the target's.
        let mut others = self.merge_candidates(target);
        let mut lone = self.rejoining(target, &others);
        // Merged by rules of their own, wherever they are ([`Clusterer::merge_agreeing`]).
        let mut exempt = Vec::new();
        // An incident's aftermath joins the incident (merged whatever the centroids say:
        // the rule is about the kind of event, not its words).
        if let Some(incident) = phase
            .and_then(|phase| self.aftermath_incident(target, &v, at, phase))
            .filter(|i| !lone.contains(i))
        {
            lone.push(incident);
            exempt.push(incident);
        }
        // The day's one story takes a lone article holding its core ([`super::dominant`]).
        if let Some(d) = self
            .dominant_story(target, &v, at)
            .filter(|d| !lone.contains(d))
        {
            lone.push(d);
        }
        // The day's weather joins the day's weather.
        for w in self.weather_clusters(target, weather) {
            if !lone.contains(&w) {
                lone.push(w);
                exempt.push(w);
            }
        }
        // The article's earlier telling, alone, comes along ([`super::join`]).
        if let Some(earlier) = choice.along.filter(|e| !lone.contains(e)) {
            lone.push(earlier);
        }
        others.retain(|o| !lone.contains(o));
        let mut merged = self.merge_agreeing(target, &others, &lone, &exempt);
        // Other outlets' tellings of the event, in the same hours.
        let tellings = self.other_tellings(merged.0);
        if !tellings.is_empty() {
            let (survivor, more) = self.merge_agreeing(merged.0, &[], &tellings, &[]);
            merged.0 = survivor;
            merged.1.extend(more);
        }
        // The outlet's leads since its previous headline in the story, as merged
        // ([`super::lead_run`]).
        let run = self.lead_run(merged.0, source, at);
        if !run.is_empty() {
            let (survivor, more) = self.merge_agreeing(merged.0, &[], &run, &[]);
            merged.0 = survivor;
            merged.1.extend(more);
        }
        let cluster = merged.0;
        Assignment {
            cluster,
            opened,
            merged: merged.1,
        }
    }
}

pub(super) fn hours(later: DateTime<Utc>, earlier: DateTime<Utc>) -> f32 {
    whole_seconds(later, earlier) as f32 / 3600.0
}

/// `(later - earlier).num_seconds()`, the whole seconds between two instants truncated
/// towards zero, from their Unix timestamps: chrono's subtraction of two dates was a
/// twentieth of the clusterer's instructions (it is asked for every candidate cluster).
/// Leap seconds go chrono's way.
fn whole_seconds(later: DateTime<Utc>, earlier: DateTime<Utc>) -> i64 {
    let (a, b) = (
        later.timestamp_subsec_nanos(),
        earlier.timestamp_subsec_nanos(),
    );
    if a >= 1_000_000_000 || b >= 1_000_000_000 {
        return (later - earlier).num_seconds();
    }
    let secs = later.timestamp() - earlier.timestamp();
    match (secs.signum(), a.cmp(&b)) {
        (1, std::cmp::Ordering::Less) => secs - 1,
        (-1, std::cmp::Ordering::Greater) => secs + 1,
        _ => secs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    #[test]
    fn whole_seconds_are_chronos() {
        let t = Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap();
        let offsets_ms = [
            0i64,
            1,
            999,
            1000,
            1001,
            59_999,
            3_600_000,
            86_399_999,
            -1,
            -999,
            -1000,
            -1001,
            -3_600_500,
            400 * 86_400_000 + 7,
            -(400 * 86_400_000) - 7,
        ];
        for base_ms in [0i64, 250, 999] {
            let a = t + Duration::milliseconds(base_ms);
            for off in offsets_ms {
                let b = a + Duration::milliseconds(off);
                assert_eq!(
                    whole_seconds(b, a),
                    (b - a).num_seconds(),
                    "{base_ms} {off}"
                );
                assert_eq!(
                    whole_seconds(a, b),
                    (a - b).num_seconds(),
                    "{base_ms} {off}"
                );
            }
        }
        // A leap second (23:59:60) goes chrono's way.
        let leap = chrono::NaiveDate::from_ymd_opt(2016, 12, 31)
            .and_then(|d| d.and_hms_milli_opt(23, 59, 59, 1_500))
            .unwrap()
            .and_utc();
        let before = leap - Duration::seconds(10);
        assert_eq!(whole_seconds(leap, before), (leap - before).num_seconds());
    }

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap()
    }

    #[test]
    fn a_late_article_joins_the_cluster_whose_span_it_falls_into() {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let a = c.add(
            1,
            t0(),
            "Knesset passes 2026 budget in first reading, 61 to 52",
            "",
        );
        c.evict(t0() + Duration::hours(3));
        let b = c.add(
            2,
            t0() + Duration::hours(3),
            "Budget 2026 passes first reading 61-52 in the Knesset",
            "",
        );
        // Published an hour after the first, arriving after the second.
        let late = c.add(
            3,
            t0() + Duration::hours(1),
            "הכנסת אישרה את תקציב 2026 בקריאה ראשונה, 61 מול 52",
            "",
        );
        assert_eq!(b.cluster, a.cluster);
        assert_eq!(late.cluster, a.cluster);
        assert_eq!(c.clock(), Some(t0() + Duration::hours(3)));
    }

    #[test]
    fn a_lone_article_joins_the_cluster_that_grew_to_match_it() {
        // The first article shares one word with each of the two that follow, and those two
        // share three with each other: alone, neither is enough for it; their cluster is.
        let lone = "Pelicans flock back to the Kinneret";
        let later = [
            "Kinneret drought: farmers warn of water quotas",
            "Pelicans blamed as farmers protest drought and water quotas",
        ];
        let run = |rejoin: f32| {
            let p = Params {
                rejoin_threshold: rejoin,
                ..Params::default()
            };
            let mut c = Clusterer::new(Concepts::builtin(), p);
            let a = c.add(1, t0(), lone, "");
            let b = c.add(2, t0() + Duration::minutes(30), later[0], "");
            assert!(b.opened, "one shared word does not join");
            let last = c.add(3, t0() + Duration::minutes(50), later[1], "");
            (a, b, last)
        };
        let (a, b, last) = run(Params::default().rejoin_threshold);
        // The lone article began first: the merged cluster keeps its id.
        assert_eq!(last.cluster, a.cluster, "{last:?}");
        assert!(last.merged.contains(&b.cluster), "{last:?}");
        // Arrival order alone kept it out before: with rejoining off it stays alone.
        let (a, _, last) = run(2.0);
        assert_ne!(last.cluster, a.cluster, "{last:?}");
    }

    #[test]
    fn two_lone_articles_form_a_story_only_at_the_pair_threshold() {
        // Two falls from height in two cities the same day share the police blotter's
        // formula (`נפל מגובה`, `מצבו קשה`) and nothing that names either event; two
        // outlets' reports of one warning share its words.
        let falls = [
            "פועל נפל מגובה באתר בנייה בירושלים, מצבו קשה",
            "גבר נפל מגובה בחיפה, מצבו קשה",
        ];
        // Towns are names of their own ([`super::features::TOWN_KM`]; cities larger than
        // 5 km are not): falls in two towns share less, and stay apart even at the join
        // threshold.
        let named_towns = [
            "פועל נפל מגובה באתר בנייה במעלות תרשיחא, מצבו קשה",
            "גבר נפל מגובה באום אל פחם, מצבו קשה",
        ];
        let warning = [
            "האזהרה של ראש המוסד: איראן תפרוץ לגרעין ברגע שיתאפשר לה",
            "ראש המוסד מזהיר: \"איראן תפרוץ לגרעין ברגע שיתאפשר לה\"",
        ];
        let run_with = |pair: f32, places: bool, texts: [&str; 2]| {
            let p = Params {
                pair_threshold: pair,
                places,
                ..Params::default()
            };
            let mut c = Clusterer::new(Concepts::builtin(), p);
            let a = c.add(1, t0(), texts[0], "");
            // Hours apart, as the two falls were (the decay leaves them a cosine's half).
            let b = c.add(2, t0() + Duration::hours(5), texts[1], "");
            (a.cluster == b.cluster, c)
        };
        let run = |pair: f32, texts: [&str; 2]| run_with(pair, true, texts);
        let default = Params::default().pair_threshold;
        assert!(default > Params::default().threshold);
        assert!(!run(default, falls).0, "a shared formula forms no story");
        // The same two at the join threshold: one story (the rule is what keeps them apart;
        // the places keep only an incident's news apart, and a fall is none).
        assert!(run(0.0, falls).0);
        assert!(run_with(0.0, false, falls).0);
        assert!(!run(0.0, named_towns).0);
        assert!(
            run(default, warning).0,
            "one warning in two outlets is one story"
        );
        // A story of two takes a third article at the join threshold, as before.
        let (_, mut c) = run(default, warning);
        let third = c.add(
            3,
            t0() + Duration::hours(6),
            "איראן תפרוץ לגרעין: ראש המוסד בטקס מצטייני המוסד",
            "",
        );
        assert!(!third.opened, "{third:?}");
    }

    #[test]
    fn a_cluster_running_for_more_than_half_a_day_needs_more_likeness_to_grow() {
        // A day of one election: turnout updates every two hours keep one cluster open
        // from 07:00 on; at 22:00 the exit polls share its election words. (And its name,
        // `turnout`, a rare English word, an hour after its last report: a story running
        // under its name goes on, [`Params::running_name_hours`], set aside here.)
        let run = |params: Params| {
            let mut c = Clusterer::new(Concepts::builtin(), params);
            let outlets = [
                "ynet", "mako", "n12", "walla", "kan", "maariv", "haaretz", "nrg",
            ];
            let mut first = None;
            for (i, outlet) in outlets.iter().enumerate() {
                let at = t0() - Duration::hours(1) + Duration::hours(2 * i as i64);
                c.evict(at);
                let a = c.add_article(
                    i as i64,
                    at,
                    outlet,
                    &format!(
                        "Knesset election: turnout at {} percent of voters",
                        20 + 8 * i
                    ),
                    "",
                );
                first.get_or_insert(a.cluster);
            }
            let at = t0() + Duration::hours(14);
            c.evict(at);
            let polls = c.add_article(
                100,
                at,
                "israelhayom",
                "Knesset election exit polls: Likud ahead, turnout high",
                "",
            );
            (first.unwrap(), polls.cluster)
        };
        let rule = Params {
            running_name_hours: 0.0,
            ..Params::default()
        };
        let (turnout, polls) = run(rule);
        assert_ne!(polls, turnout, "exit polls opened their own story");
        let (turnout, polls) = run(Params {
            long_after_hours: 1000.0,
            ..rule
        });
        assert_eq!(
            polls, turnout,
            "without the rule the running cluster takes them"
        );
    }

    #[test]
    fn a_stream_resumed_after_half_a_year_counts_its_articles_afresh() {
        let run = |restart_hours: f32| {
            let p = Params {
                restart_hours,
                ..Params::default()
            };
            let mut c = Clusterer::new(Concepts::builtin(), p);
            for i in 0..40i64 {
                let at = t0() + Duration::minutes(20 * i);
                c.add(i, at, &format!("Road {} opens in the north", 100 + i), "");
            }
            // A month's quiet is a quiet month: the count carries on.
            c.add(
                40,
                t0() + Duration::days(40),
                "Rain floods the Ayalon highway",
                "",
            );
            let month_later = c.docs;
            // A year later, another era: two stories, and the count starts afresh.
            let later = t0() + Duration::days(400);
            let texts = [
                "Knesset passes the 2027 budget in a first reading",
                "Storm closes Eilat port for a second day",
                "Budget for 2027 passes first Knesset reading, 61 to 52",
                "Eilat port stays closed as storm goes on",
            ];
            let mut fresh = Clusterer::new(Concepts::builtin(), p);
            let mut same = true;
            for (i, text) in texts.iter().enumerate() {
                let at = later + Duration::minutes(10 * i as i64);
                let id = 100 + i as i64;
                same &= c.add(id, at, text, "").cluster == fresh.add(id, at, text, "").cluster;
            }
            (month_later, c.docs, same)
        };
        let (month_later, docs, same) = run(Params::default().restart_hours);
        assert_eq!(month_later, 41);
        assert_eq!(docs, 4, "a year's gap restarts the count");
        assert!(same, "the new era clusters as a fresh stream does");
        // With the rule off the year-old count carries on.
        assert_eq!(run(0.0).1, 45);
    }

    #[test]
    fn the_vocabulary_forgets_what_it_has_not_seen_for_a_month() {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        // A new name and number every day for 120 days: without forgetting, the vocabulary
        // would keep growing.
        let mut most = 0;
        for day in 0..120i64 {
            let at = t0() + Duration::days(day);
            c.evict(at);
            c.add(
                day,
                at,
                &format!("Mayor Zvulun{day}berg opens road {}", 1000 + day * 7),
                "",
            );
            most = most.max(c.vocabulary());
        }
        // "mayor", "opens", "road" and "opens road" stay; the day's name, its number and the
        // two phrases with the name ("mayor zvulun…", "zvulun… opens") go after 30 days.
        assert!(most <= 4 * 32 + 8, "vocabulary reached {most}");
        // Forgotten ids are reused, so the tables do not grow either.
        assert!(
            c.kinds.len() <= most,
            "{} slots for {most} features",
            c.kinds.len()
        );
    }
}
