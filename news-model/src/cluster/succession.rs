//! An outlet's headline sequence: an outlet's next headline, a few hours after its previous
//! one, is usually the same story moved on, and it joins the previous one's cluster when the
//! two agree once the outlet's running words are set aside ([`Params::succession_threshold`],
//! within [`Params::succession_hours`]).
//!
//! A newsroom's lead headline is rewritten as its story develops (`ליברמן במגעים סודיים
//! וקדחתניים עם גיורא איילנד`, two hours later `ליברמן הציע לאיילנד מקום בכיר בישראל
//! ביתנו`), and the rewrite often no longer reaches the cluster's centroid, nor is near
//! enough to the earlier headline to be an edit ([`Params::edit_threshold`]). A feed that
//! lists every item, not a lead, has another story in most next items, and the bar keeps
//! them apart (on the labelled RSS days the rule changed nothing). What an outlet's consecutive headlines share is either
//! the story or the outlet's running words: its section tag (`ישראל בוחרת | משדר מיוחד`,
//! `שידור ישיר`) and the day's topic (the candidates on an election day, `סידני` through a
//! siege's coverage). The running words are learned from the stream, per outlet: the
//! features two consecutive headlines of the outlet shared when they went to different
//! clusters, counted over the last window ([`Params::window_hours`]); a feature counted
//! [`Params::running_min`] times or more is the outlet's running word and is left out of the
//! comparison. Without that, one outlet's tag chained an election day's turnout, last-hour
//! appeals and exit polls into one story (measured in `docs/clustering-studies.md`).
//!
//! Memory is bounded by the outlets seen in the last window: an outlet's sequence is
//! forgotten a window after its newest article.

use std::collections::VecDeque;

use chrono::{DateTime, Utc};
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use super::online::hours;
use super::open_cluster::Cluster;
use super::params::Params;
use super::sorted::shared;

/// One outlet's sequence of headlines, as far as the rule needs it.
#[derive(Debug, Clone)]
pub(super) struct Sequence {
    /// The outlet's newest article's publication time…
    pub(super) last_at: DateTime<Utc>,
    /// …and its features, `(feature id, weight)` by feature id.
    pub(super) last: Vec<(u32, f32)>,
    /// When the outlet moved to another cluster, the features its two headlines shared, by
    /// feature id, oldest first (the last window's only).
    pub(super) switches: VecDeque<(DateTime<Utc>, Vec<u32>)>,
    /// How many of `switches` hold each feature.
    running: HashMap<u32, u32>,
}

impl Sequence {
    fn new(at: DateTime<Utc>, features: &[(u32, f32)]) -> Sequence {
        Sequence {
            last_at: at,
            last: features.to_vec(),
            switches: VecDeque::new(),
            running: HashMap::new(),
        }
    }

    /// A sequence as saved ([`super::snapshot`]), its counts of running words rebuilt.
    pub(super) fn restored(
        last_at: DateTime<Utc>,
        last: Vec<(u32, f32)>,
        switches: VecDeque<(DateTime<Utc>, Vec<u32>)>,
    ) -> Sequence {
        let mut s = Sequence {
            last_at,
            last,
            switches,
            running: HashMap::new(),
        };
        s.recount();
        s
    }

    fn recount(&mut self) {
        self.running.clear();
        for (_, features) in &self.switches {
            for f in features {
                *self.running.entry(*f).or_default() += 1;
            }
        }
    }

    /// Whether `f` is one of the outlet's running words.
    fn is_running(&self, f: u32, min: u32) -> bool {
        self.running.get(&f).is_some_and(|n| *n >= min)
    }

    /// The cosine of `a` and `b` without the outlet's running words.
    fn likeness(&self, a: &[(u32, f32)], b: &[(u32, f32)], min: u32) -> f64 {
        let kept = |v: &[(u32, f32)]| -> f64 {
            v.iter()
                .filter(|(f, _)| !self.is_running(*f, min))
                .map(|(_, w)| f64::from(*w).powi(2))
                .sum::<f64>()
                .sqrt()
        };
        let n = kept(a) * kept(b);
        if n == 0.0 {
            return 0.0;
        }
        let dot: f64 = shared(a, b)
            .filter(|(f, _, _)| !self.is_running(*f, min))
            .map(|(_, x, y)| f64::from(*x) * f64::from(*y))
            .sum();
        dot / n
    }

    /// Forgets the switches more than `window_hours` before `clock`.
    fn forget_before(&mut self, clock: DateTime<Utc>, window_hours: f32) {
        while let Some((at, features)) = self.switches.front() {
            if hours(clock, *at) <= window_hours {
                break;
            }
            for f in features {
                if let Some(n) = self.running.get_mut(f) {
                    *n -= 1;
                    if *n == 0 {
                        self.running.remove(f);
                    }
                }
            }
            self.switches.pop_front();
        }
    }
}

/// Every outlet's sequence, by outlet.
#[derive(Debug, Clone, Default)]
pub(super) struct Sequences {
    pub(super) by_outlet: HashMap<String, Sequence>,
}

impl Sequences {
    /// When the article `v` (published `at` by `source`) follows the outlet's previous
    /// headline, that headline's publication time: they are at most
    /// [`Params::succession_hours`] apart and agree, without the outlet's running words, at
    /// [`Params::succession_threshold`] or more. The cluster holding it
    /// ([`Sequences::holds_last`]) is the one the article follows into.
    pub(super) fn follows(
        &self,
        v: &[(u32, f32)],
        at: DateTime<Utc>,
        source: &str,
        p: &Params,
    ) -> Option<DateTime<Utc>> {
        let s = self.by_outlet.get(source)?;
        let near = hours(at, s.last_at).abs() <= p.succession_hours;
        let alike = || s.likeness(v, &s.last, p.running_min) >= f64::from(p.succession_threshold);
        (near && alike()).then_some(s.last_at)
    }

    /// Whether cluster `c` holds the article of `source` published `at`.
    pub(super) fn holds_last(c: &Cluster, source: &str, at: DateTime<Utc>) -> bool {
        c.members.iter().any(|m| m.source == source && m.at == at)
    }

    /// Records the article `v` (published `at` by `source`), which joined cluster `joined`
    /// (before it was added there): the outlet's newest article, and, when its previous one
    /// is not in `joined`, a switch with the features the two shared. An article older than
    /// the outlet's newest changes nothing: the sequence is the outlet's, in time.
    pub(super) fn record(
        &mut self,
        v: &[(u32, f32)],
        at: DateTime<Utc>,
        source: &str,
        joined: &Cluster,
        window_hours: f32,
    ) {
        if source.is_empty() {
            return;
        }
        let Some(s) = self.by_outlet.get_mut(source) else {
            self.by_outlet
                .insert(source.to_string(), Sequence::new(at, v));
            return;
        };
        if at < s.last_at {
            return;
        }
        let stayed = Sequences::holds_last(joined, source, s.last_at);
        if !stayed {
            let common: Vec<u32> = shared(v, &s.last).map(|(f, _, _)| f).collect();
            if !common.is_empty() {
                for f in &common {
                    *s.running.entry(*f).or_default() += 1;
                }
                s.switches.push_back((at, common));
            }
        }
        s.last_at = at;
        s.last = v.to_vec();
        s.forget_before(at, window_hours);
    }

    /// Forgets the switches of more than a window before `clock`, and the outlets whose
    /// newest article is that old.
    pub(super) fn forget_before(&mut self, clock: DateTime<Utc>, window_hours: f32) {
        self.by_outlet
            .retain(|_, s| hours(clock, s.last_at) <= window_hours);
        for s in self.by_outlet.values_mut() {
            s.forget_before(clock, window_hours);
        }
    }

    /// The feature ids the sequences hold: they must not be forgotten while held.
    pub(super) fn held(&self) -> HashSet<u32> {
        let mut held = HashSet::new();
        for s in self.by_outlet.values() {
            held.extend(s.last.iter().map(|(f, _)| *f));
            for (_, features) in &s.switches {
                held.extend(features.iter().copied());
            }
        }
        held
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Clusterer, Concepts};
    use super::*;
    use chrono::{Duration, TimeZone};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2015, 3, 17, 7, 0, 0).unwrap()
    }

    #[test]
    fn what_an_outlet_repeats_across_stories_is_left_out_of_the_likeness() {
        let p = Params::default();
        let mut s = Sequence::new(t0(), &[(1, 1.0), (2, 1.0)]);
        // Tag 1 and story words 2 and 3: alike at 0.5 while 1 is not a running word.
        assert!(
            (s.likeness(&[(1, 1.0), (2, 1.0)], &[(1, 1.0), (3, 1.0)], p.running_min) - 0.5).abs()
                < 1e-9
        );
        for i in 0..p.running_min {
            s.switches
                .push_back((t0() + Duration::hours(i64::from(i)), vec![1]));
        }
        s.recount();
        assert_eq!(
            s.likeness(&[(1, 1.0), (2, 1.0)], &[(1, 1.0), (3, 1.0)], p.running_min),
            0.0
        );
        assert!(
            (s.likeness(&[(1, 1.0), (2, 1.0)], &[(1, 1.0), (2, 1.0)], p.running_min) - 1.0).abs()
                < 1e-9
        );
        // A window later, the switches are forgotten and 1 counts again.
        s.forget_before(t0() + Duration::hours(60), p.window_hours);
        assert!(s.switches.is_empty());
        assert!(
            (s.likeness(&[(1, 1.0), (2, 1.0)], &[(1, 1.0), (3, 1.0)], p.running_min) - 0.5).abs()
                < 1e-9
        );
    }

    /// An outlet's lead rewritten two hours on (a pair of the labelled election day): the
    /// cluster of the first headline, when the rewrite is the outlet's next headline.
    fn rewrite(rule: bool, second_source: &str, minutes_apart: i64, between: bool) -> bool {
        let p = Params {
            succession_threshold: if rule { 0.2 } else { 2.0 },
            ..Params::default()
        };
        let mut c = Clusterer::new(Concepts::builtin(), p);
        let t = Utc.with_ymd_and_hms(2015, 3, 17, 9, 0, 0).unwrap();
        let others = [
            ("mako", "הקלפיות נפתחו: הבחירות לכנסת יוצאות לדרך"),
            ("ynet", "מחאת הורים נגד קיצוץ בתקציב החינוך"),
            ("maariv", "סערה בכנסת סביב חוק המועצות הדתיות"),
            ("haaretz", "בנק ישראל הותיר את הריבית ללא שינוי"),
        ];
        for (i, (source, headline)) in others.iter().enumerate() {
            c.add_article(
                10 + i as i64,
                t + Duration::minutes(5 * i as i64),
                source,
                headline,
                "",
            );
        }
        let first = c.add_article(
            1,
            t + Duration::minutes(15),
            "nrg",
            "ליברמן במגעים סודיים וקדחתניים עם גיורא איילנד",
            "",
        );
        if between {
            c.add_article(
                2,
                t + Duration::minutes(45),
                "nrg",
                "נער נפצע קשה בתאונת דרכים בדרום",
                "",
            );
        }
        let next = c.add_article(
            3,
            t + Duration::minutes(15 + minutes_apart),
            second_source,
            "ליברמן הציע לאיילנד מקום בכיר בישראל ביתנו",
            "",
        );
        next.cluster == first.cluster
    }

    #[test]
    fn what_an_outlets_headlines_shared_as_it_moved_to_another_story_is_a_running_word() {
        // mako's kicker of a terror weekend on two of its stories (the labelled tuning
        // windows), the second told first by two other outlets.
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let t = Utc.with_ymd_and_hms(2015, 1, 10, 9, 0, 0).unwrap();
        let a = c.add_article(
            1,
            t,
            "mako",
            "גל הטרור בצרפת מצוד אחר המחבלת השותפה לפיגוע במרכול הכשר",
            "",
        );
        let aliyah = c.add_article(
            2,
            t + Duration::minutes(20),
            "ynet",
            "יהודי צרפת אחרי הפיגועים: \"נשברנו, נעלה לארץ\"",
            "",
        );
        c.add_article(
            3,
            t + Duration::minutes(30),
            "walla",
            "\"נשברנו\": יהודים בצרפת שוקלים לעלות לארץ",
            "",
        );
        let b = c.add_article(
            4,
            t + Duration::minutes(40),
            "mako",
            "גל הטרור בצרפת יהודים צרפתים: \"נשברנו, נעלה לארץ\"",
            "",
        );
        assert_ne!(a.cluster, b.cluster);
        assert_eq!(b.cluster, aliyah.cluster);
        let s = &c.sequences.by_outlet["mako"];
        assert_eq!(s.switches.len(), 1, "one move to another story");
        // What the two shared, the kicker, now counts for nothing between mako's headlines.
        let kicker = &s.switches[0].1;
        assert!(!kicker.is_empty());
        let only_kicker: Vec<(u32, f32)> = kicker.iter().map(|f| (*f, 1.0)).collect();
        assert_eq!(s.likeness(&only_kicker, &s.last, 1), 0.0);
    }

    #[test]
    fn an_outlets_sequence_is_forgotten_a_window_after_its_newest_article() {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let t = Utc.with_ymd_and_hms(2015, 1, 10, 9, 0, 0).unwrap();
        for i in 0..50 {
            let outlet = format!("outlet-{i}");
            c.add_article(i, t + Duration::minutes(i), &outlet, "שלג כבד בחרמון", "");
        }
        assert_eq!(c.sequences.by_outlet.len(), 50);
        c.evict(t + Duration::hours(20));
        assert_eq!(c.sequences.by_outlet.len(), 50);
        c.evict(t + Duration::hours(26));
        assert!(c.sequences.by_outlet.is_empty());
    }

    #[test]
    fn an_outlets_next_headline_joins_its_previous_one_when_they_agree() {
        assert!(!rewrite(false, "nrg", 120, false), "without the rule");
        assert!(rewrite(true, "nrg", 120, false));
        // Another outlet's headline follows nothing of nrg's.
        assert!(!rewrite(true, "ynet", 120, false));
        // Five hours on: still the outlet's lead rewritten.
        assert!(rewrite(true, "nrg", 300, false));
        // More than six hours on ([`Params::succession_hours`]).
        assert!(!rewrite(true, "nrg", 380, false));
        // Not the outlet's previous headline: another came in between.
        assert!(!rewrite(true, "nrg", 120, true));
    }
}
