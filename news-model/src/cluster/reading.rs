//! An article as the clusterer reads it: its features with the people it names resolved
//! against the open stories, its outlet's kickers set aside, and what its text marks beyond
//! the features (a stage of a scheduled event, the weather, its places, another incident, a
//! speaker). Read apart from placing it, so an instant's articles are read once
//! ([`super::simultaneous`]).

use super::features::{extract_remembering, is_candidate, Feature, Kind};
use super::online::Clusterer;
use super::outlets::headline_words_of;
use super::places::PlaceId;
use super::stages::{stage_of_words, Stages};

/// What a headline says of its event beyond its features, read from its text.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Marks {
    /// The stage of a scheduled event it names ([`super::stages`]; 0: none).
    pub(super) stage: Stages,
    /// It names the weather ([`super::weather`]).
    pub(super) weather: bool,
    /// The places it names ([`super::places`]), sorted.
    pub(super) places: Vec<PlaceId>,
    /// It tells its incident as another one ([`super::another`]).
    pub(super) another: bool,
    /// The person it is the statement of ([`super::speakers`]).
    pub(super) speaker: Option<i64>,
}

/// An article as the clusterer reads it ([`Clusterer::read`]).
///
/// What the clusterer's state adds to the article's own features is its outlet's kickers
/// and, for a person named ambiguously, the open stories: a reading stays true while no
/// article of its newsroom is placed, no clusters merge, and it names no such person (what
/// [`super::simultaneous`] relies on to read an instant's articles once).
#[derive(Debug, PartialEq)]
pub(super) struct Reading {
    /// Its features, without those only its outlet's kickers bring.
    pub(super) raw: Vec<(Feature, f32)>,
    /// Its headline's plain words ([`super::outlets`]).
    pub(super) words: Vec<u64>,
    pub(super) marks: Marks,
    /// The leads its headline was read at ([`super::kickers`]).
    pub(super) leads: Vec<u64>,
}

impl Clusterer<'_> {
    /// The article of `source` with `headline` and features `raw` as the clusterer reads it.
    pub(super) fn read(&self, source: &str, headline: &str, raw: Vec<(Feature, f32)>) -> Reading {
        let raw = self.resolve_candidates(raw);
        // Read once: its plain words, its stage and its weather come from the same tokens.
        let tokens = crate::search::tokens(headline);
        // An outlet's kickers are no part of what the headline reports ([`super::kickers`]):
        // the features only they bring are set aside.
        let split = if self.params.kickers {
            self.kickers.split(source, headline)
        } else {
            super::kickers::Split::whole(headline)
        };
        let mut raw = raw;
        let words = if split.kickers.is_empty() {
            headline_words_of(&tokens)
        } else {
            let kept = self.features(split.rest, "");
            let dropped = self.features(&split.kickers.join(" "), "");
            raw.retain(|(f, _)| {
                kept.binary_search_by(|(g, _)| g.cmp(f)).is_ok()
                    || dropped.binary_search_by(|(g, _)| g.cmp(f)).is_err()
            });
            headline_words_of(&crate::search::tokens(split.rest))
        };
        let stage = if self.params.stages {
            stage_of_words(&tokens, headline.contains('%'))
        } else {
            0
        };
        let weather = self.params.weather && self.weather.named_by(self.lexicons.concepts, &tokens);
        // Its lead's places: a clause after it adds another story's news.
        let places = if self.params.places {
            let (lead, tail) = super::clauses::lead_of(headline);
            if tail.is_none() {
                self.places
                    .find_in(headline, &tokens, self.lexicons.background)
            } else {
                self.places
                    .find_in(lead, &crate::search::tokens(lead), self.lexicons.background)
            }
        } else {
            Vec::new()
        };
        let another = self.params.another_incidents && super::another::names_another(headline);
        let speaker = if self.params.speaker_share > 0.0 {
            super::speakers::speaker_of(split.rest, self.lexicons.people)
        } else {
            None
        };
        Reading {
            raw,
            words,
            marks: Marks {
                stage,
                weather,
                places,
                another,
                speaker,
            },
            leads: split.leads,
        }
    }

    /// The features the clusterer reads from an article, with its lexicons and weights,
    /// sorted by feature: what [`Clusterer::add_features`] takes.
    /// With [`Params::known_people`](super::Params::known_people), a candidate alias of the registry is read as a
    /// pending person ([`super::features::CANDIDATE_PREFIX`]), which the clusterer takes for
    /// the person when the article is placed and they are in an open story.
    pub fn features(&self, headline: &str, summary: &str) -> Vec<(Feature, f32)> {
        extract_remembering(
            headline,
            summary,
            &self.lexicons,
            &self.params.weights,
            self.params.known_people,
            &mut self.words.borrow_mut(),
        )
    }

    /// `raw` with each pending person ([`super::features::CANDIDATE_PREFIX`]) read as the one
    /// person it may name who is in an open story, or set aside (none is, or two are: `כץ`
    /// when both Katzes are in the news), in feature order. Read when the article is placed,
    /// so the same articles give the same stories however early their features were read.
    pub(super) fn resolve_candidates(&self, raw: Vec<(Feature, f32)>) -> Vec<(Feature, f32)> {
        if !raw.iter().any(|(f, _)| is_candidate(f)) {
            return raw;
        }
        let open = |person: &str| {
            let f = Feature {
                kind: Kind::Person,
                value: person.to_string(),
            };
            self.ids
                .get(&f)
                .and_then(|id| self.index.get(id))
                .is_some_and(|clusters| !clusters.is_empty())
        };
        let mut out: Vec<(Feature, f32)> = Vec::with_capacity(raw.len());
        for (f, w) in raw {
            if !is_candidate(&f) {
                out.push((f, w));
                continue;
            }
            let ids = &f.value[super::features::CANDIDATE_PREFIX.len()..];
            let mut known = ids.split(',').filter(|id| open(id));
            if let (Some(id), None) = (known.next(), known.next()) {
                let person = Feature {
                    kind: Kind::Person,
                    value: id.to_string(),
                };
                out.push((person, w));
            }
        }
        // A person named outright and by a candidate too is one feature, at the larger
        // weight: sorted by feature, heaviest first, the first of each is kept.
        out.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
        out.dedup_by(|later, first| later.0 == first.0);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::{Concepts, Params};
    use chrono::{DateTime, Duration, TimeZone, Utc};

    const LIVNI: &str = "151796";

    fn people(c: &Clusterer<'_>, features: Vec<(Feature, f32)>) -> Vec<String> {
        c.resolve_candidates(features)
            .into_iter()
            .filter(|(f, _)| f.kind == Kind::Person)
            .map(|(f, _)| f.value)
            .collect()
    }

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2015, 3, 16, 20, 0, 0).unwrap()
    }

    #[test]
    fn a_surname_that_is_also_a_word_names_the_person_of_an_open_story() {
        let night = "לבני: \"אני עשיתי מעשה, עכשיו תור האזרחים\"";
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        // Before anyone named her in full, `לבני` is a word (to my son; white bricks).
        let read_early = c.features(night, "");
        assert!(people(&c, read_early.clone()).is_empty());
        c.add(1, t0(), "ציפי לבני ויתרה על הרוטציה עם הרצוג", "");
        assert_eq!(people(&c, c.features(night, "")), vec![LIVNI]);
        // Features read before she was named are read as her when placed.
        assert_eq!(people(&c, read_early), vec![LIVNI]);
        // Not once her story has closed.
        c.evict(t0() + Duration::days(3));
        assert!(people(&c, c.features(night, "")).is_empty());
        // Nor with the parameter off.
        let params = Params {
            known_people: false,
            ..Params::default()
        };
        let mut c = Clusterer::new(Concepts::builtin(), params);
        c.add(1, t0(), "ציפי לבני ויתרה על הרוטציה עם הרצוג", "");
        assert!(people(&c, c.features(night, "")).is_empty());
    }

    #[test]
    fn the_night_after_her_announcement_her_surname_joins_her_story() {
        // Headlines of 16–17 March 2015 (the shared MediaAnalysis headlines): the evening
        // names her in full beside the other stories of the campaign; at night one outlet
        // names her by surname only.
        let evening = [
            (
                0,
                "ynet",
                "ציפי לבני הכריזה: אוותר על הרוטציה בראשות הממשלה",
            ),
            (
                15,
                "nrg",
                "נתניהו בכיכר רבין: אם אבחר לא תקום מדינה פלסטינית",
            ),
            (30, "walla", "ציפי לבני בשיחה עם הרצוג: מוותרת על הרוטציה"),
            (
                45,
                "mako",
                "סקר אחרון לפני הבחירות: המחנה הציוני מוביל בארבעה מנדטים",
            ),
            (60, "haaretz", "ועדת הבחירות: הקלפיות ייפתחו מחר בשבע בבוקר"),
            (
                90,
                "nrg",
                "כפי שנחשף ב-nrg: ציפי לבני תוותר על הסכם הרוטציה",
            ),
            (120, "ynet", "תאונה קשה בכביש 6: שני הרוגים"),
            (
                135,
                "israel_hayom",
                "הפצצה הפוליטית לפני ההכרעה: ציפי לבני ויתרה על הסכם הרוטציה",
            ),
            (
                150,
                "maariv",
                "ברגע האחרון ציפי לבני מוותרת על הרוטציה בראשות הממשלה",
            ),
        ];
        let night = (
            255,
            "mako",
            "פצצה פוליטית לבני: \"שהליכוד ילמד מאיתנו מהי הנהגה\"",
        );
        let run = |params: Params| {
            let mut c = Clusterer::new(Concepts::builtin(), params);
            let mut clusters = Vec::new();
            for (i, (m, source, h)) in evening.iter().chain([&night]).enumerate() {
                let at = t0() + Duration::minutes(*m);
                c.evict(at);
                clusters.push(c.add_article(i as i64, at, source, h, "").cluster);
            }
            clusters
        };
        let on = run(Params::default());
        let livni = [0, 2, 5, 7, 8].map(|i| on[i]);
        assert!(livni.iter().all(|c| *c == livni[0]), "{on:?}");
        assert_eq!(on[9], livni[0], "{on:?}");
        let off = run(Params {
            known_people: false,
            ..Params::default()
        });
        assert_ne!(off[9], off[0], "{off:?}");
    }
}
