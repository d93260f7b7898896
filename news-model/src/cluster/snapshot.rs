//! Saving and restoring a [`Clusterer`]: the open clusters with their members' features, the
//! vocabulary, and the clock. A service keeps the snapshot between crawls and clusters only
//! the new articles; restored, the clusterer decides exactly as the one that was saved.
//!
//! ```
//! use chrono::{Duration, TimeZone, Utc};
//! use lashon_news::cluster::{Clusterer, Concepts, Params, Snapshot};
//!
//! let t = Utc.with_ymd_and_hms(2026, 3, 1, 20, 0, 0).unwrap();
//! let mut c = Clusterer::new(Concepts::builtin(), Params::default());
//! let a = c.add(1, t, "Knesset passes 2026 budget in first reading, 61 to 52", "");
//! let saved: String = serde_json::to_string(&c.snapshot()).unwrap();
//!
//! let snapshot: Snapshot = serde_json::from_str(&saved).unwrap();
//! let mut restored = Clusterer::restore(Concepts::builtin(), Params::default(), snapshot).unwrap();
//! let b = restored.add(2, t + Duration::minutes(30),
//!     "התקציב לשנת 2026 אושר בקריאה ראשונה ברוב של 61 מול 52", "");
//! assert_eq!(b.cluster, a.cluster);
//! ```

use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::concepts::Concepts;
use super::features::{Feature, Kind, Lexicons};
use super::kickers::{Kickers, SavedLeads, SavedMerge};
use super::online::Clusterer;
use super::open_cluster::{Cluster, Member};
use super::outlets::{add_outlet, count_words, WindowWords, WordCounts};
use super::params::Params;
use super::places::PlaceId;
use super::succession::Sequence;

/// The format written by this version; [`Clusterer::restore`] refuses others. Format 3
/// (members' plain headline words, for [`super::outlets`]) replaced format 2 (features
/// weighed by the background lists, members kept for edited headlines), which replaced
/// format 1 (stream document frequencies).
pub const FORMAT: u32 = 3;

/// A clusterer's state, serializable (serde).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    format: u32,
    /// `(kind, value, id)` of every known feature.
    vocabulary: Vec<(Kind, String, u32)>,
    /// Last seen per feature id, seconds since the epoch (one per id, free ones included).
    last_seen: Vec<i64>,
    /// Document frequency per feature id (zero for free ids).
    df: Vec<u32>,
    docs: u64,
    clock: Option<DateTime<Utc>>,
    pruned_at: Option<DateTime<Utc>>,
    clusters: Vec<OpenCluster>,
    /// Each outlet's headline sequence ([`super::succession`]), by outlet. A snapshot
    /// written before the rule has none: the sequences start afresh.
    #[serde(default)]
    sequences: Vec<SavedSequence>,
    /// Each outlet's headline leads of the last window ([`super::kickers`]), by outlet, and
    /// the clusters merged in it `(merged, into, when)`. A snapshot written before the rule
    /// has none: the kickers are learned afresh.
    #[serde(default)]
    leads: Vec<SavedLeads>,
    #[serde(default)]
    merges: Vec<SavedMerge>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct SavedSequence {
    outlet: String,
    /// The outlet's newest article's publication time and features, by feature id.
    last_at: DateTime<Utc>,
    last: Vec<(u32, f32)>,
    /// When the outlet moved to another cluster, and the features its two headlines shared.
    switches: Vec<(DateTime<Utc>, Vec<u32>)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct OpenCluster {
    id: i64,
    first_at: DateTime<Utc>,
    last_at: DateTime<Utc>,
    size: u32,
    /// `(feature id, summed weight)`, by feature id.
    sum: Vec<(u32, f32)>,
    members: Vec<SavedMember>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct SavedMember {
    source: String,
    at: DateTime<Utc>,
    /// `(feature id, weight)`, by feature id.
    features: Vec<(u32, f32)>,
    /// The headline's plain words ([`super::outlets::headline_words`]).
    #[serde(default)]
    words: Vec<u64>,
    /// The stage of a scheduled event it names, or that it is about voting and names none
    /// ([`super::stages`]; 0: not about voting).
    #[serde(default, skip_serializing_if = "is_zero")]
    stage: u8,
    /// It names the weather ([`super::weather`]).
    #[serde(default, skip_serializing_if = "is_false")]
    weather: bool,
    /// The places it names ([`super::places`]), by their names in the gazetteer: a table
    /// with lines added or moved reads them the same, and a place no longer listed is
    /// dropped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    places: Vec<String>,
    /// It tells its incident as another one ([`super::another`]).
    #[serde(default, skip_serializing_if = "is_false")]
    another: bool,
}

fn is_false(weather: &bool) -> bool {
    !*weather
}

fn is_zero(stage: &u8) -> bool {
    *stage == 0
}

impl Snapshot {
    /// The newest publication time the clusterer had seen.
    pub fn clock(&self) -> Option<DateTime<Utc>> {
        self.clock
    }
}

/// Why a snapshot cannot be restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnapshotError {
    /// Written by another version of the clusterer.
    Format(u32),
    /// Inconsistent (a feature id out of range, a feature twice, a cluster with no time).
    Corrupt(&'static str),
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Format(v) => write!(
                f,
                "clusterer snapshot format {v}, this version reads {FORMAT}"
            ),
            SnapshotError::Corrupt(why) => write!(f, "corrupt clusterer snapshot: {why}"),
        }
    }
}

impl std::error::Error for SnapshotError {}

impl<'c> Clusterer<'c> {
    /// The state, to be restored later with [`Clusterer::restore`].
    pub fn snapshot(&self) -> Snapshot {
        let mut vocabulary: Vec<(Kind, String, u32)> = self
            .ids
            .iter()
            .map(|(f, id)| (f.kind, f.value.clone(), *id))
            .collect();
        vocabulary.sort_by_key(|v| v.2);
        let mut clusters: Vec<OpenCluster> = self
            .clusters
            .iter()
            .map(|(id, c)| OpenCluster {
                id: *id,
                first_at: c.first_at,
                last_at: c.last_at,
                size: c.size,
                sum: c.sum.clone(),
                members: c
                    .members
                    .iter()
                    .map(|m| SavedMember {
                        source: m.source.clone(),
                        at: m.at,
                        features: m.features.clone(),
                        words: m.words.clone(),
                        stage: m.stage,
                        weather: m.weather,
                        places: m
                            .places
                            .iter()
                            .filter_map(|p| self.places.place(*p).map(|q| q.name.clone()))
                            .collect(),
                        another: m.another,
                    })
                    .collect(),
            })
            .collect();
        clusters.sort_by_key(|c| c.id);
        let mut sequences: Vec<SavedSequence> = self
            .sequences
            .by_outlet
            .iter()
            .map(|(outlet, s)| SavedSequence {
                outlet: outlet.clone(),
                last_at: s.last_at,
                last: s.last.clone(),
                switches: s.switches.iter().cloned().collect(),
            })
            .collect();
        sequences.sort_by(|a, b| a.outlet.cmp(&b.outlet));
        let (leads, merges) = self.kickers.saved();
        Snapshot {
            format: FORMAT,
            vocabulary,
            last_seen: self.last_seen.clone(),
            df: self.df.clone(),
            docs: self.docs,
            clock: self.clock,
            pruned_at: self.pruned_at,
            clusters,
            sequences,
            leads,
            merges,
        }
    }

    /// A clusterer in the state `s` was saved in, with `params` (normally the same as then)
    /// and the built-in background lists and people registry.
    pub fn restore(
        concepts: &'c Concepts,
        params: Params,
        s: Snapshot,
    ) -> Result<Clusterer<'c>, SnapshotError> {
        let lexicons = Lexicons {
            concepts,
            ..Lexicons::builtin()
        };
        Clusterer::restore_with(lexicons, params, s)
    }

    /// A clusterer in the state `s` was saved in, reading features with `lexicons` (normally
    /// the ones it was saved with).
    pub fn restore_with(
        lexicons: Lexicons<'c>,
        params: Params,
        s: Snapshot,
    ) -> Result<Clusterer<'c>, SnapshotError> {
        if s.format != FORMAT {
            return Err(SnapshotError::Format(s.format));
        }
        let n = s.last_seen.len();
        if s.df.len() != n || u32::try_from(n).is_err() {
            return Err(SnapshotError::Corrupt(
                "feature tables of different lengths",
            ));
        }
        let mut c = Clusterer::with_lexicons(lexicons, params);
        c.last_seen = s.last_seen;
        c.df = s.df;
        c.docs = s.docs;
        c.kinds = vec![Kind::Concept; n];
        c.clock = s.clock;
        c.pruned_at = s.pruned_at;
        let mut used = vec![false; n];
        for (kind, value, id) in s.vocabulary {
            let slot = used
                .get_mut(id as usize)
                .ok_or(SnapshotError::Corrupt("feature id out of range"))?;
            if *slot {
                return Err(SnapshotError::Corrupt("feature id used twice"));
            }
            *slot = true;
            c.kinds[id as usize] = kind;
            if c.ids.insert(Feature { kind, value }, id).is_some() {
                return Err(SnapshotError::Corrupt("feature listed twice"));
            }
        }
        // Free ids in descending order, so they are reused lowest first, as `intern` would.
        c.free = (0..n as u32)
            .rev()
            .filter(|id| !used[*id as usize])
            .collect();
        for oc in s.clusters {
            if oc.first_at > oc.last_at {
                return Err(SnapshotError::Corrupt("cluster ends before it begins"));
            }
            let known = |f: &u32| used.get(*f as usize).copied().unwrap_or(false);
            let mut sum = oc.sum;
            if !sum.iter().all(|(f, _)| known(f)) {
                return Err(SnapshotError::Corrupt(
                    "cluster feature not in the vocabulary",
                ));
            }
            sum.sort_by_key(|(f, _)| *f);
            if sum.windows(2).any(|p| p[0].0 == p[1].0) {
                return Err(SnapshotError::Corrupt("cluster feature listed twice"));
            }
            for (f, _) in &sum {
                c.index.entry(*f).or_default().insert(oc.id);
            }
            let mut members = Vec::with_capacity(oc.members.len());
            let mut words: WordCounts = Vec::new();
            let mut outlets: Vec<String> = Vec::new();
            let mut stages = 0;
            let mut places: super::places::PlaceCounts = Vec::new();
            let mut another_at: Option<DateTime<Utc>> = None;
            for m in oc.members {
                if !m.features.iter().all(|(f, _)| known(f)) {
                    return Err(SnapshotError::Corrupt(
                        "member feature not in the vocabulary",
                    ));
                }
                if !super::stages::known(m.stage) {
                    return Err(SnapshotError::Corrupt("member stage unknown"));
                }
                let mut own = m.words;
                own.sort_unstable();
                own.dedup();
                count_words(&mut words, &own);
                add_outlet(&mut outlets, &m.source);
                stages |= m.stage;
                let mut own_places: Vec<PlaceId> =
                    m.places.iter().filter_map(|p| c.places.id(p)).collect();
                own_places.sort_unstable();
                own_places.dedup();
                super::places::count(&mut places, &own_places);
                if m.another {
                    another_at = Some(another_at.map_or(m.at, |a| a.min(m.at)));
                }
                members.push(Member {
                    source: m.source,
                    at: m.at,
                    features: m.features,
                    words: own,
                    stage: m.stage,
                    weather: m.weather,
                    places: own_places,
                    another: m.another,
                });
            }
            let mut cluster = Cluster {
                sum,
                held: Vec::new(),
                norm2: 0.0,
                first_at: oc.first_at,
                last_at: oc.last_at,
                size: oc.size,
                members,
                words,
                outlets,
                stages,
                places,
                another_at,
            };
            cluster.renorm();
            cluster.recount();
            c.clusters.insert(oc.id, cluster);
        }
        c.window_words = WindowWords::of(c.clusters.values());
        for saved in s.sequences {
            if !known_in_order(&used, saved.last.iter().map(|(f, _)| *f))
                || !saved
                    .switches
                    .iter()
                    .all(|(_, fs)| known_in_order(&used, fs.iter().copied()))
            {
                return Err(SnapshotError::Corrupt(
                    "outlet sequence feature unknown or out of order",
                ));
            }
            let sequence = Sequence::restored(saved.last_at, saved.last, saved.switches.into());
            if c.sequences
                .by_outlet
                .insert(saved.outlet, sequence)
                .is_some()
            {
                return Err(SnapshotError::Corrupt("outlet sequence listed twice"));
            }
        }
        c.kickers = Kickers::restored(s.leads, s.merges).ok_or(SnapshotError::Corrupt(
            "outlet leads listed twice or out of time order",
        ))?;
        Ok(c)
    }
}

/// Whether `ids` are all in the vocabulary (`used`) and in increasing order, as an outlet
/// sequence's lists are.
fn known_in_order(used: &[bool], ids: impl Iterator<Item = u32>) -> bool {
    let mut previous: Option<u32> = None;
    for f in ids {
        let known = used.get(f as usize).copied().unwrap_or(false);
        if !known || previous.is_some_and(|p| p >= f) {
            return false;
        }
        previous = Some(f);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn saved() -> Snapshot {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let t = Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap();
        c.add(
            1,
            t,
            "Knesset passes 2026 budget in first reading, 61 to 52",
            "",
        );
        c.snapshot()
    }

    #[test]
    fn other_formats_and_inconsistent_snapshots_are_refused() {
        let p = Params::default();
        let mut s = saved();
        s.format = 99;
        assert_eq!(
            Clusterer::restore(Concepts::builtin(), p, s).unwrap_err(),
            SnapshotError::Format(99)
        );
        let mut s = saved();
        s.df.pop();
        assert!(matches!(
            Clusterer::restore(Concepts::builtin(), p, s),
            Err(SnapshotError::Corrupt(_))
        ));
        let mut s = saved();
        s.clusters[0].members[0].features.push((u32::MAX, 1.0));
        assert!(matches!(
            Clusterer::restore(Concepts::builtin(), p, s),
            Err(SnapshotError::Corrupt(_))
        ));
        let mut s = saved();
        let n = s.df.len() as u32;
        s.clusters[0].sum.push((n + 5, 1.0));
        assert!(matches!(
            Clusterer::restore(Concepts::builtin(), p, s),
            Err(SnapshotError::Corrupt(_))
        ));
        let mut s = saved();
        let twice = s.clusters[0].sum[0];
        s.clusters[0].sum.push(twice);
        assert_eq!(
            Clusterer::restore(Concepts::builtin(), p, s).unwrap_err(),
            SnapshotError::Corrupt("cluster feature listed twice")
        );
        // A sum out of feature order (written by hand, or by another tool) is put in order.
        let mut s = saved();
        s.clusters[0].sum.reverse();
        let c = Clusterer::restore(Concepts::builtin(), p, s).unwrap();
        assert_eq!(c.snapshot(), saved());
        let mut s = saved();
        let first = s.vocabulary[0].clone();
        s.vocabulary.push(first);
        assert!(matches!(
            Clusterer::restore(Concepts::builtin(), p, s),
            Err(SnapshotError::Corrupt(_))
        ));
    }

    /// Two articles of one outlet, so the snapshot holds its headline sequence.
    fn saved_with_outlet() -> Snapshot {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let t = Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap();
        c.add_article(1, t, "ynet", "הכנסת אישרה את התקציב בקריאה ראשונה", "");
        c.add_article(
            2,
            t + chrono::Duration::minutes(30),
            "ynet",
            "סערה בצפון: שלג כבד בחרמון",
            "",
        );
        c.snapshot()
    }

    #[test]
    fn outlet_sequences_are_saved_checked_and_optional() {
        let p = Params::default();
        let s = saved_with_outlet();
        assert_eq!(s.sequences.len(), 1);
        let c = Clusterer::restore(Concepts::builtin(), p, s.clone()).unwrap();
        assert_eq!(c.snapshot(), s);
        // A feature the vocabulary does not know.
        let mut bad = s.clone();
        bad.sequences[0].last.push((u32::MAX, 1.0));
        assert_eq!(
            Clusterer::restore(Concepts::builtin(), p, bad).unwrap_err(),
            SnapshotError::Corrupt("outlet sequence feature unknown or out of order")
        );
        // One outlet twice.
        let mut twice = s.clone();
        twice.sequences.push(twice.sequences[0].clone());
        assert_eq!(
            Clusterer::restore(Concepts::builtin(), p, twice).unwrap_err(),
            SnapshotError::Corrupt("outlet sequence listed twice")
        );
        // Written before the rule (no sequences at all): restored, the sequences start afresh.
        let mut json: serde_json::Value = serde_json::to_value(&s).unwrap();
        json.as_object_mut().unwrap().remove("sequences");
        let old: Snapshot = serde_json::from_value(json).unwrap();
        let c = Clusterer::restore(Concepts::builtin(), p, old).unwrap();
        assert!(c.snapshot().sequences.is_empty());
    }

    #[test]
    fn outlet_leads_are_saved_checked_and_optional() {
        let p = Params::default();
        let s = saved_with_outlet();
        assert_eq!(s.leads.len(), 1, "ynet's two headlines' leads");
        assert_eq!(s.leads[0].leads.len(), 2);
        let c = Clusterer::restore(Concepts::builtin(), p, s.clone()).unwrap();
        assert_eq!(c.snapshot(), s);
        let mut twice = s.clone();
        twice.leads.push(twice.leads[0].clone());
        let mut unordered = s.clone();
        unordered.leads[0].leads.reverse();
        for bad in [twice, unordered] {
            assert_eq!(
                Clusterer::restore(Concepts::builtin(), p, bad).unwrap_err(),
                SnapshotError::Corrupt("outlet leads listed twice or out of time order")
            );
        }
        // Written before the rule: restored, the kickers are learned afresh.
        let mut json: serde_json::Value = serde_json::to_value(&s).unwrap();
        json.as_object_mut().unwrap().remove("leads");
        json.as_object_mut().unwrap().remove("merges");
        let old: Snapshot = serde_json::from_value(json).unwrap();
        let c = Clusterer::restore(Concepts::builtin(), p, old).unwrap();
        assert!(c.snapshot().leads.is_empty());
    }

    #[test]
    fn a_members_stage_and_weather_are_saved_and_checked() {
        let p = Params::default();
        let mut c = Clusterer::new(Concepts::builtin(), p);
        let t = Utc.with_ymd_and_hms(2026, 10, 27, 5, 0, 0).unwrap();
        c.add_article(1, t, "a", "הקלפיות נפתחו ברחבי הארץ", "");
        let s = c.snapshot();
        assert_ne!(s.clusters[0].members[0].stage, 0);
        let restored = Clusterer::restore(Concepts::builtin(), p, s.clone()).unwrap();
        assert_eq!(restored.snapshot(), s);
        // Restored, the cluster still names its stage.
        assert_eq!(restored.clusters[&1].stages, s.clusters[0].members[0].stage);
        // A weather report's mark is saved too.
        c.add_article(3, t, "c", "שלג כבד בירושלים", "");
        let s2 = c.snapshot();
        assert!(s2
            .clusters
            .iter()
            .any(|oc| oc.members.iter().any(|m| m.weather)));
        let restored = Clusterer::restore(Concepts::builtin(), p, s2.clone()).unwrap();
        assert_eq!(restored.snapshot(), s2);
        assert!(restored.clusters[&3].members[0].weather);
        let mut bad = s.clone();
        bad.clusters[0].members[0].stage = 0x80;
        assert_eq!(
            Clusterer::restore(Concepts::builtin(), p, bad).unwrap_err(),
            SnapshotError::Corrupt("member stage unknown")
        );
    }

    #[test]
    fn a_members_places_and_another_incident_are_saved_and_checked() {
        let p = Params::default();
        let mut c = Clusterer::new(Concepts::builtin(), p);
        let t = Utc.with_ymd_and_hms(2026, 10, 27, 12, 0, 0).unwrap();
        c.add_article(1, t, "a", "פיגוע דקירה בתל אביב: חייל נפצע קשה", "");
        c.add_article(2, t, "b", "פיגוע דקירה בתל אביב: חייל נדקר", "");
        let later = t + chrono::Duration::hours(5);
        c.add_article(
            3,
            later,
            "a",
            "פיגוע אחרי פיגוע: שלושה נדקרו בגוש עציון",
            "",
        );
        let s = c.snapshot();
        let restored = Clusterer::restore(Concepts::builtin(), p, s.clone()).unwrap();
        assert_eq!(restored.snapshot(), s);
        // Restored, each cluster still names its places, and the second attack's its mark.
        for (id, cluster) in &c.clusters {
            assert_eq!(restored.clusters[id].places, cluster.places);
            assert_eq!(restored.clusters[id].another_at, cluster.another_at);
        }
        assert!(c.clusters.values().any(|k| k.another_at == Some(later)));
        assert!(c.clusters.values().all(|k| !k.places.is_empty()));
        // Saved by name: a place the table no longer lists is dropped, the rest kept.
        let mut old = s.clone();
        assert!(!old.clusters[0].members[0].places.is_empty());
        old.clusters[0].members[0]
            .places
            .push("a_place_no_longer_listed".to_string());
        let restored = Clusterer::restore(Concepts::builtin(), p, old).unwrap();
        let first = s.clusters[0].id;
        assert_eq!(
            restored.clusters[&first].members[0].places,
            c.clusters[&first].members[0].places
        );
    }

    #[test]
    fn a_restored_clusterer_saves_the_same_snapshot() {
        let s = saved();
        let c = Clusterer::restore(Concepts::builtin(), Params::default(), s.clone()).unwrap();
        assert_eq!(c.snapshot(), s);
    }
}
